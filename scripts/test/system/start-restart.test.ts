import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '@kinfolio/service-kit';

jest.setTimeout(420_000);

const root = resolve(__dirname, '../../..');

const up = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.status === 200,
    () => false,
  );

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number, output: string[]) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} within ${ms} ms; output:\n${output.join('').slice(-3000)}`);
}

// issue 30: embedded mode stayed down after a crash; `npm start` (scripts/start.mjs) now starts the embedded process
// again and says so in its log
describe('npm start restarts the embedded process after a crash', () => {
  let start: ChildProcess;
  const output: string[] = [];
  const dataDir = `/tmp/kinfolio-start-restart-${process.pid}`;

  afterAll(async () => {
    if (start && start.exitCode === null) {
      start.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a killed embedded process comes back on its own, logged, and Ctrl+C still stops everything', async () => {
    const port = await freePort();
    start = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        SKIP_WEB_BUILD: '1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
    start.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
    const health = `http://127.0.0.1:${port}/healthz`;
    await until('embedded Kinfolio answered /healthz', () => up(health), 200_000, output);
    // what a person sees before they could crash it: the banner (printed after it told the supervisor it is ready)
    await until('the banner was printed', () => output.join('').includes('Kinfolio is running at'), 30_000, output);

    const childPid = () =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(start.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter(Boolean);
    const [first] = childPid();
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');
    await until('the restart was logged', () => /restarting in/.test(output.join('')), 10_000, output);
    expect(output.join('')).toContain(
      '[npm start] kinfolio (embedded) exited (signal SIGKILL); restarting in 500 ms (restart 1 in a row)',
    );
    await until('embedded Kinfolio answered /healthz again', () => up(health), 200_000, output);
    const [second] = childPid();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const exited = new Promise<number | null>((r) => start.once('exit', (code) => r(code)));
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await up(health)).toBe(false);
  });
});
