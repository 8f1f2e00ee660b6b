import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { destroyNamespace, TEST_AMQP_URL } from '@kinfolio/service-kit';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import { waitFor } from '../../../e2e/support/distributed';
import { freePort } from '../../../e2e/support/tcp-proxy';

const root = resolve(__dirname, '../../..');
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Replica {
  url: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/**
 * N svc-support processes in distributed mode (`node --import tsx svc-support/src/main.ts`), sharing a throwaway
 * PostgreSQL database, RabbitMQ namespace and Redis prefix; `stop()` ends them and removes all three.
 */
export class SupportReplicas {
  readonly tag = randomBytes(4).toString('hex');
  readonly database = `kf_support_${this.tag}`;
  readonly secret = randomBytes(32).toString('hex');
  readonly replicas: Replica[] = [];

  constructor(
    private readonly count = 2,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  private admin() {
    return knexFactory({ client: 'pg', connection: PG, pool: { min: 0, max: 1 } });
  }

  async start(): Promise<void> {
    const admin = this.admin();
    await admin.raw(`CREATE DATABASE ${this.database}`);
    await admin.destroy();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      MODE: 'distributed',
      INTERNAL_SECRET: this.secret,
      DATABASE_URL: PG.replace(/\/[^/]*$/, `/${this.database}`),
      AMQP_URL: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
      REDIS_URL: REDIS,
      AMQP_NAMESPACE: `sup${this.tag}.`,
      REDIS_PREFIX: `sup:${this.tag}:`,
      DATA_DIR: `/tmp/kinfolio-support-${this.tag}`,
      OFFLINE_OUTBOX: 'true',
      LOG_LEVEL: process.env.SYSTEM_LOG_LEVEL ?? 'warn',
      NODE_OPTIONS: '',
      ...this.extraEnv,
    };
    // one after the other: the first runs the migrations, the others find them applied
    for (let i = 0; i < this.count; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'svc-support/src/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const replica: Replica = { url: `http://127.0.0.1:${port}`, port, child, output: [] };
      const keep = (b: Buffer) => {
        replica.output.push(b.toString());
        if (replica.output.length > 200) replica.output.shift();
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      this.replicas.push(replica);
      await waitFor(`${replica.url}/readyz`, 60_000, { name: `svc-support#${i}`, port, child, output: replica.output });
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.replicas.map(
        (r) =>
          new Promise<void>((done) => {
            if (r.child.exitCode !== null) return done();
            r.child.once('exit', () => done());
            r.child.kill('SIGTERM');
            setTimeout(() => {
              r.child.kill('SIGKILL');
              done();
            }, 8000).unref();
          }),
      ),
    );
    const admin = this.admin();
    await admin.raw(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    await admin.destroy();
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`sup:${this.tag}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await destroyNamespace(TEST_AMQP_URL, `sup${this.tag}.`);
  }
}
