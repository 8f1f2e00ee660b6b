import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { call, type Harness, startHarness } from './helpers';

// issue 30: no 'error' event the gateway's own server emits may go unheard (an unheard one ends the process)
describe('gateway error listeners', () => {
  let h: Harness;
  const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );

  beforeAll(async () => {
    h = await startHarness({ gateway: { logger } });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('logs a connection it could not accept (EMFILE) and keeps serving', async () => {
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' });
    expect(() => h.gateway.server.emit('error', emfile)).not.toThrow();
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'the gateway could not accept a connection',
        err: expect.objectContaining({ message: 'accept EMFILE' }),
      }),
    );
    expect((await call(h.url, 'GET', '/healthz')).status).toBe(200);
  });

  // the last line of defence of the gateway's own process (gateway/src/main.ts): an error nothing handled is logged
  // with pino, fatal with its stack, out of the buffered log before the exit with 1
  it('gateway/src/main.ts logs an uncaught error fatal and exits 1', () => {
    // a preload that throws once the process has its handler in place (the gateway has loaded its config by then)
    const preload = `/tmp/kinfolio-gateway-crash-${process.pid}.mjs`;
    writeFileSync(
      preload,
      `const t = setInterval(() => { if (process.listenerCount('uncaughtException') > 0) { clearInterval(t);
        setTimeout(() => { throw new Error('gateway boom'); }, 200); } }, 20);`,
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', preload, 'gateway/src/main.ts'], {
      cwd: resolve(__dirname, '../..'),
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        INTERNAL_SECRET: 'x'.repeat(32),
        REDIS_URL: '',
        SVC_AUTH_URLS: 'http://127.0.0.1:9',
        SVC_PLANNING_URLS: 'http://127.0.0.1:9',
        SVC_BILLING_URLS: 'http://127.0.0.1:9',
        SVC_SUPPORT_URLS: 'http://127.0.0.1:9',
      },
    });
    expect(r.status).toBe(1);
    const fatal = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack: string } })
      .find((l) => l.level === 60);
    expect(fatal?.msg).toBe('gateway: uncaught exception, exiting (a supervisor starts it again)');
    expect(fatal?.err?.stack).toMatch(/^Error: gateway boom\n\s+at /);
  });
});
