import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { destroyNamespace, TEST_AMQP_URL } from '@kinfolio/service-kit';
import knexFactory from 'knex';
import { freePort } from './tcp-proxy';

const root = resolve(__dirname, '../..');
export const SERVICES = ['svc-auth', 'svc-planning', 'svc-billing', 'svc-support'] as const;
export type Svc = (typeof SERVICES)[number];

export interface DistributedOptions {
  /** How long each process may take to answer /healthz at start (default 30 s; benches on a loaded machine raise it). */
  startTimeoutMs?: number;
  amqpUrl?: string;
  redisUrl?: string;
  replicas?: Partial<Record<Svc, number>>;
  env?: Record<string, string>;
}

export interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/**
 * Starts Kinfolio in distributed mode for a system test: one process per service replica and the gateway, each a real
 * `node --import tsx <svc>/src/main.ts`, against a throwaway PostgreSQL database, RabbitMQ namespace and Redis prefix.
 */
export class Distributed {
  readonly tag = randomBytes(4).toString('hex');
  readonly database = `kf_sys_${this.tag}`;
  readonly secret = randomBytes(32).toString('hex');
  readonly procs: Proc[] = [];
  gatewayUrl = '';
  private env: Record<string, string> = {};

  constructor(private readonly opts: DistributedOptions = {}) {}

  private adminDb() {
    return knexFactory({
      client: 'pg',
      connection: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      pool: { min: 0, max: 1 },
    });
  }

  async start(): Promise<void> {
    const admin = this.adminDb();
    await admin.raw(`CREATE DATABASE ${this.database}`);
    await admin.destroy();
    this.env = {
      ...(process.env as Record<string, string>),
      MODE: 'distributed',
      CONTRACT_CHECK: 'strict',
      INTERNAL_SECRET: this.secret,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${this.database}`,
      AMQP_URL: this.opts.amqpUrl ?? 'amqp://guest:guest@127.0.0.1:5672',
      REDIS_URL: this.opts.redisUrl ?? 'redis://127.0.0.1:6379',
      AMQP_NAMESPACE: `s${this.tag}.`,
      REDIS_PREFIX: `s:${this.tag}:`,
      OFFLINE_OUTBOX: 'true',
      LOG_LEVEL: process.env.SYSTEM_LOG_LEVEL ?? 'warn',
      ...this.opts.env,
    };
    const urls: Record<string, string[]> = {};
    for (const svc of SERVICES) {
      urls[svc] = [];
      for (let i = 0; i < (this.opts.replicas?.[svc] ?? 1); i++) {
        const proc = await this.spawn(svc, `${svc}/src/main.ts`, await freePort(), {});
        urls[svc].push(`http://127.0.0.1:${proc.port}`);
      }
    }
    await Promise.all(
      this.procs.map((p) => waitFor(`http://127.0.0.1:${p.port}/healthz`, this.opts.startTimeoutMs ?? 30_000, p)),
    );
    const gw = await this.spawn('gateway', 'gateway/src/main.ts', await freePort(), {
      SVC_AUTH_URLS: urls['svc-auth']!.join(','),
      SVC_PLANNING_URLS: urls['svc-planning']!.join(','),
      SVC_BILLING_URLS: urls['svc-billing']!.join(','),
      SVC_SUPPORT_URLS: urls['svc-support']!.join(','),
    });
    this.gatewayUrl = `http://127.0.0.1:${gw.port}`;
    this.env.PUBLIC_URL = this.gatewayUrl;
    await waitFor(`${this.gatewayUrl}/healthz`, this.opts.startTimeoutMs ?? 30_000, gw);
  }

  async spawn(name: string, entry: string, port: number, extra: Record<string, string>): Promise<Proc> {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: { ...this.env, PORT: String(port), PUBLIC_URL: this.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { name, port, child, output: [] };
    const keep = (b: Buffer) => {
      proc.output.push(b.toString());
      if (proc.output.length > 200) proc.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.procs.push(proc);
    return proc;
  }

  /** Kills a process (SIGKILL: no graceful shutdown) and forgets it. */
  kill(proc: Proc): void {
    proc.child.kill('SIGKILL');
    this.procs.splice(this.procs.indexOf(proc), 1);
  }

  /** Starts the same service again on the same port. */
  async restart(name: string, entry: string, port: number): Promise<Proc> {
    const proc = await this.spawn(name, entry, port, {});
    await waitFor(`http://127.0.0.1:${port}/healthz`, 30_000, proc);
    return proc;
  }

  find(name: string): Proc {
    const p = this.procs.find((x) => x.name === name);
    if (!p) throw new Error(`no process ${name}`);
    return p;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.procs.map(
        (p) =>
          new Promise<void>((res) => {
            if (p.child.exitCode !== null) return res();
            p.child.once('exit', () => res());
            p.child.kill('SIGTERM');
            setTimeout(() => {
              p.child.kill('SIGKILL');
              res();
            }, 8000).unref();
          }),
      ),
    );
    const admin = this.adminDb();
    await admin.raw(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    await admin.destroy();
    // the broker itself, not opts.amqpUrl (a test may route that through a proxy it has stopped)
    await destroyNamespace(TEST_AMQP_URL, `s${this.tag}.`);
  }
}

export async function waitFor(url: string, timeoutMs: number, proc?: Proc): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (proc && proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output.join('')}`);
    let served: string | undefined;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) served = ((await res.json()) as { service?: string }).service ?? '';
      else last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (served !== undefined) {
      // Another process on this port would pass a bare status check and answer every call with its own 404s.
      const expected = proc?.name.split('#')[0];
      if (expected && served && served !== expected) throw new Error(`${url} is served by ${served}, not ${expected}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url} (${last})${proc ? `\n${proc.output.join('')}` : ''}`);
}

export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  stepMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met in ${timeoutMs} ms${lastErr ? `: ${(lastErr as Error).message}` : ''}`);
}
