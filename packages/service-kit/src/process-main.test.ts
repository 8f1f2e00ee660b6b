import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import knexFactory from 'knex';
import { createLogger } from './logger';
import { logUncaughtErrors } from './process-main';
import { TEST_DATABASE_URL } from './testing';

const root = resolve(__dirname, '../../..');

/** Runs `body` in a fresh Node process with the kit's logger and `logUncaughtErrors` in scope. */
function runChild(body: string) {
  const script = `
    const { createLogger } = require('./packages/service-kit/src/logger');
    const { logUncaughtErrors } = require('./packages/service-kit/src/process-main');
    const { EventEmitter } = require('node:events');
    ${body}
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map(
      (l) => JSON.parse(l) as { level: number; msg: string; kind?: string; err?: { message: string; stack: string } },
    );
  return { status: r.status, lines, stdout: r.stdout };
}

describe('logUncaughtErrors: the last line of defence of a process (issue 30)', () => {
  it('logs an error event nobody listened to with pino, fatal with its stack, and still exits 1', () => {
    const r = runChild(`
      logUncaughtErrors(createLogger('svc-test', 'info'), 'svc-test');
      setTimeout(() => new EventEmitter().emit('error', new Error('Unexpected end of form')), 10);
      setTimeout(() => console.log('still running'), 2000);
    `);
    expect(r.status).toBe(1);
    const fatal = r.lines.find((l) => l.level === 60);
    expect(fatal).toMatchObject({ msg: 'svc-test: uncaught exception, exiting (a supervisor starts it again)' });
    expect(fatal?.err?.message).toBe('Unexpected end of form');
    expect(fatal?.err?.stack).toMatch(/Error: Unexpected end of form\n\s+at /);
    expect(r.stdout).not.toMatch(/still running/);
  });

  it('logs an unhandled promise rejection the same way', () => {
    const r = runChild(`
      logUncaughtErrors(createLogger('svc-test', 'info'), 'svc-test');
      Promise.reject(new Error('nobody awaited me'));
    `);
    expect(r.status).toBe(1);
    expect(r.lines.find((l) => l.level === 60)).toMatchObject({
      kind: 'unhandled rejection',
      err: expect.objectContaining({ message: 'nobody awaited me' }),
    });
  });

  it('removes its handlers when asked', () => {
    const before = process.listenerCount('uncaughtException');
    const off = logUncaughtErrors(createLogger('t', 'silent'), 't', () => undefined);
    expect(process.listenerCount('uncaughtException')).toBe(before + 1);
    off();
    expect(process.listenerCount('uncaughtException')).toBe(before);
  });

  it('is installed by runServiceProcess: an error thrown after a service started is logged fatal, exit 1', async () => {
    const schema = `t_crash_${process.pid}_${Date.now()}`;
    try {
      const r = runChild(`
        const { runServiceProcess } = require('./packages/service-kit/src/process-main');
        const { KitConfig, loadConfig } = require('./packages/service-kit/src/config');
        const config = loadConfig(KitConfig, {
          MODE: 'embedded', INTERNAL_SECRET: 'x'.repeat(32), LOG_LEVEL: 'info', OFFLINE_OUTBOX: 'true',
          DATA_DIR: '/tmp/kinfolio-test/crash-${schema}',
        }, 'svc-support');
        runServiceProcess('svc-support', config, { name: 'svc-support', migrations: [], routes: () => undefined }, {
          port: 0,
          db: { kind: 'pg', url: '${TEST_DATABASE_URL}', schema: '${schema}', poolMax: 1 },
          onListening: () => setTimeout(() => new EventEmitter().emit('error', new Error('Unexpected end of form')), 10),
        });
      `);
      expect(r.status).toBe(1);
      expect(r.lines.find((l) => l.level === 60)).toMatchObject({
        msg: 'svc-support: uncaught exception, exiting (a supervisor starts it again)',
        err: expect.objectContaining({ message: 'Unexpected end of form' }),
      });
    } finally {
      const db = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await db.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await db.destroy();
    }
  });
});
