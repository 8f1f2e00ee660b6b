/*
 * `npm run bench:start` (issue 2 §7): how long `npm start` on an installed, built tree takes to serve /healthz, on a
 * fresh data directory (first start: migrations and demo seed) and again on the same data. Baseline in the same
 * run: a bare Node HTTP server started the same way (the cost of starting a process at all on this machine).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@kinfolio/service-kit';

const root = resolve(__dirname, '..');
const TARGET_S = 10;

async function untilHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(500) })).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Seconds from spawning `cmd` to a 200 from its /healthz. */
async function timeStart(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await untilHealthy(`http://127.0.0.1:${port}/healthz`, child);
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
    try {
      process.kill(-(child.pid as number), 'SIGKILL'); // npm's children too
    } catch {
      /* already gone */
    }
  }
}

const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const fresh: number[] = [];
  const again: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kf-bench-start-'));
    try {
      baseline.push(await timeStart(process.execPath, ['-e', bare], {}));
      fresh.push(await timeStart('npm', ['start'], { DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' }));
      again.push(await timeStart('npm', ['start'], { DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const worst = (xs: number[]) => Math.max(...xs);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const line = (name: string, xs: number[]) =>
    `  ${name.padEnd(34)} median ${median(xs).toFixed(2)} s  worst ${worst(xs).toFixed(2)} s  (${xs.map((x) => x.toFixed(2)).join(', ')})`;
  console.log(`npm start → /healthz on an installed, built tree (${rounds} rounds)`);
  console.log(line('baseline: bare node HTTP server', baseline));
  console.log(line('npm start, fresh data directory', fresh));
  console.log(line('npm start, existing data', again));
  console.log(`  fresh start / baseline: ${(median(fresh) / median(baseline)).toFixed(1)}x`);
  const met = worst(fresh) <= TARGET_S && worst(again) <= TARGET_S;
  console.log(
    `  target /healthz within ${TARGET_S} s: ${met ? 'MET' : 'NOT MET'} (worst ${worst([...fresh, ...again]).toFixed(2)} s)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
