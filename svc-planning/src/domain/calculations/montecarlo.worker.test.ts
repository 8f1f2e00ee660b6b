import { ChildProcess, spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { calculateScenarioModelling } from './index';
import { closeScenarioPool, scenarioPool, setTrialsListener, TRIALS_CHUNK } from './montecarlo';
import { sampleHousehold } from './sample';
import { BUILT_IN_TABLES, installRateTables } from './tables/registry';

/**
 * The scenario pool's processes run below the service's priority, every thread of them (Linux: a nice value per
 * thread, V8's background threads included), so Monte Carlo trials take the cores only when the service's requests
 * leave them free; the service's own threads keep their priority.
 */
const linux = process.platform === 'linux';
(linux ? it : it.skip)('a scenario process lowers every one of its threads, and only its own', async () => {
  const file = join(__dirname, 'montecarlo.worker.ts');
  const code = `
    const { lowerProcessPriority } = require(${JSON.stringify(file)});
    const { readdirSync } = require('node:fs');
    const { getPriority } = require('node:os');
    const lowered = lowerProcessPriority(10);
    const threads = readdirSync('/proc/self/task').map(Number);
    process.send({ lowered, nice: threads.map((t) => getPriority(t)), pid: process.pid });
  `;
  const before = readdirNice();
  const p = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = await new Promise<{ lowered: number[]; nice: number[]; pid: number }>((resolve, reject) => {
    p.once('message', resolve as never);
    p.once('error', reject);
  });
  p.kill();
  const own = getPriority(process.pid);
  expect(reply.pid).not.toBe(process.pid);
  // a Node process has several threads (V8's platform threads among them): every one of them is lowered
  expect(reply.lowered.length).toBeGreaterThan(1);
  expect(reply.nice).toEqual(reply.nice.map(() => Math.max(own, 10)));
  // the service's own threads keep their priority
  expect(readdirNice()).toEqual(before);
});

function readdirNice(): number[] {
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  return readdirSync('/proc/self/task').map((t) => {
    try {
      return getPriority(Number(t));
    } catch {
      return -99;
    }
  });
}

it('runs a scenario in a process of the pool, answers an engine refusal as the same error, and survives a killed process', async () => {
  try {
    const h = sampleHousehold(2);
    const out = await scenarioPool().run<{ monte_carlo: { trials: number } }>(h, {
      monte_carlo: { enabled: true, trials: 500, seed: 3 },
    });
    expect(out.monte_carlo.trials).toBe(500);
    await expect(scenarioPool().run(h, { monte_carlo: { enabled: true, trials: 0 } })).rejects.toMatchObject({
      field: 'monte_carlo.trials',
    });
    // a process that dies mid-run fails that run only; the next run gets a new process
    const pool = scenarioPool() as unknown as { idle: ChildProcess[] };
    const victim = pool.idle[0];
    expect(victim?.constructor.name).toBe(ChildProcess.name);
    await new Promise<void>((res) => {
      victim?.once('exit', res);
      victim?.kill();
    });
    const again = await scenarioPool().run<{ monte_carlo: { trials: number } }>(h, {
      monte_carlo: { enabled: true, trials: 200, seed: 3 },
    });
    expect(again.monte_carlo.trials).toBe(200);
  } finally {
    await closeScenarioPool();
  }
});

it('sends a kept household to a process once, and whole again when the process no longer holds it', async () => {
  try {
    const pool = scenarioPool();
    const s = { monte_carlo: { enabled: true, trials: 300, seed: 5 } };
    const h = sampleHousehold(2);
    const first = await pool.run(h, s, { keep: true });
    const p = (pool as unknown as { idle: ChildProcess[] }).idle[0] as ChildProcess;
    const sent: Array<{ h?: unknown; hid: number }> = [];
    const send = p.send.bind(p) as (m: unknown, cb: (e: Error | null) => void) => boolean;
    let strip = false;
    (p as unknown as { send: typeof send }).send = (m, cb) => {
      const msg = m as { h?: unknown; hid: number };
      sent.push(msg);
      // pretend the service believes the process holds a household it never received
      if (strip && msg.h !== undefined) {
        strip = false;
        const { h: _dropped, ...rest } = msg;
        return send(rest, cb);
      }
      return send(m, cb);
    };
    // the same object again: only its number goes, and the answer is the same
    expect(await pool.run(h, s, { keep: true })).toEqual(first);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.h).toBeUndefined();
    expect(sent[0]?.hid).toBeGreaterThan(0);
    // a household not kept always goes whole
    await pool.run(sampleHousehold(2), s);
    expect(sent[1]?.h).toBeDefined();
    expect(sent[1]?.hid).toBe(0);
    // a process that does not hold the household says so, and the service sends it whole
    strip = true;
    const other = sampleHousehold(3);
    const out = await pool.run<{ monte_carlo: { trials: number } }>(other, s, { keep: true });
    expect(out.monte_carlo.trials).toBe(300);
    expect(sent.slice(2).map((m) => m.h !== undefined)).toEqual([true, true]);
  } finally {
    await closeScenarioPool();
  }
});

it("a scenario process computes with the tables the service installed (an admin's version included), and follows a later change", async () => {
  // issue 32: the service installs an extra Singapore tax version from YA 2030 charging 30% on every band (a
  // deliberately different figure, so the household's tax from 2030 differs); the process must use it too
  const last = BUILT_IN_TABLES.sgIncomeTax[
    BUILT_IN_TABLES.sgIncomeTax.length - 1
  ] as (typeof BUILT_IN_TABLES.sgIncomeTax)[number];
  const bands = last.bands.map((b) => ({ ...b, rate: 30 }));
  const admin = {
    ...BUILT_IN_TABLES,
    sgIncomeTax: [...BUILT_IN_TABLES.sgIncomeTax, { ...last, fromYear: 2030, toYear: null, bands }],
  };
  const s = { monte_carlo: { enabled: true, trials: 200, seed: 7 } };
  const h = sampleHousehold(2);
  try {
    installRateTables(admin);
    const inline = calculateScenarioModelling(h, s);
    const viaProcess = await scenarioPool().run<typeof inline>(h, s);
    expect(inline.tables).toContain('sgIncomeTax@2030');
    expect(viaProcess).toEqual(inline);
    // back to the built-in set: the same process follows
    installRateTables(BUILT_IN_TABLES);
    const inlineBuiltIn = calculateScenarioModelling(h, s);
    expect(inlineBuiltIn.tables).not.toContain('sgIncomeTax@2030');
    expect(inlineBuiltIn.base.final_net_worth).not.toBe(inline.base.final_net_worth);
    expect(await scenarioPool().run(h, s)).toEqual(inlineBuiltIn);
  } finally {
    installRateTables(BUILT_IN_TABLES);
    await closeScenarioPool();
  }
});

describe('a Monte Carlo job run (issue 37): trials in chunks with their progress, cancellable', () => {
  const h = sampleHousehold(2);
  const s = { monte_carlo: { enabled: true, trials: 3_000, seed: 11 } };
  afterAll(() => closeScenarioPool());

  it('chunks give the figures of one pass, and report each chunk of trials in order', () => {
    const whole = calculateScenarioModelling(h, s);
    const seen: Array<[number, number]> = [];
    setTrialsListener((done, total) => seen.push([done, total]));
    try {
      expect(calculateScenarioModelling(h, s)).toEqual(whole);
    } finally {
      setTrialsListener(null);
    }
    expect(seen).toEqual(Array.from({ length: 6 }, (_, k) => [(k + 1) * TRIALS_CHUNK, 3_000]));
  });

  it('a pool run tells its trials as they go and answers the same figures; an abort ends it at once', async () => {
    const whole = calculateScenarioModelling(h, s);
    const seen: number[] = [];
    const out = await scenarioPool().run(h, s, { onTrials: (done) => seen.push(done) });
    expect(out).toEqual(whole);
    expect(seen).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
    // cancelled while it runs: the run is rejected with the reason, its process ended; the next run still works
    const abort = new AbortController();
    const long = { monte_carlo: { enabled: true, trials: 20_000, seed: 11 } };
    const started = Date.now();
    const cancelled = scenarioPool().run(h, long, {
      signal: abort.signal,
      onTrials: (done) => {
        if (done >= 1000) abort.abort(new Error('cancelled by test'));
      },
    });
    await expect(cancelled).rejects.toThrow('cancelled by test');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await scenarioPool().run(h, s)).toEqual(whole);
  });
});
