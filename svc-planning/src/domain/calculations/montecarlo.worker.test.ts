import { ChildProcess, spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { closeScenarioPool, scenarioPool } from './montecarlo';
import { sampleHousehold } from './sample';

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
