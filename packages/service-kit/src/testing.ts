import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import knexFactory from 'knex';
import {
  AUTHORIZATION_TYPE_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  EventTopology,
  routes,
  type UserType,
} from '@kinfolio/contracts';
import { AmqpBus } from './bus/amqp';
import { RedisCache } from './cache/redis';
import { KitConfig, loadConfig } from './config';
import type { Identity } from './context';
import { signIdentityHeaders } from './identity';
import { createDb, migrate, pgliteDirOnce, pgliteTemplateDir } from './db';
import { createLogger } from './logger';
import { kitMigrations } from './outbox';
import { closePorts, createPorts, type Ports } from './ports';
import { type RunningService, type ServiceModule, startService } from './service';

/**
 * Component-test harness. 'real' runs a service against the PostgreSQL, RabbitMQ and Redis on this machine, in a
 * throwaway schema, exchange namespace and key prefix that are removed afterwards; 'embedded' runs it on an
 * in-memory PGlite, the in-memory bus and cache, as `npm start` does.
 */
export type TestInfra = 'embedded' | 'real';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The hot standby of TEST_DATABASE_URL (`node scripts/replica.mjs start`); KF_TEST_REPLICA=1 gives it to every real test service. */
export const TEST_READ_DATABASE_URL = process.env.TEST_READ_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';

const handedOut = new Set<number>();

/**
 * A port for a server a test is about to start in another process. It comes from below the kernel's ephemeral range
 * (32768 and up), so no outgoing connection can take it between this check and the child's listen, and one test
 * process never hands out the same port twice. Each jest worker draws from its own slice of 1,500 ports.
 * (Asking the kernel for port 0 and closing it again did collide: a service got another's port in CI.)
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.JEST_WORKER_ID ?? 0) % 8;
  const base = 20_000 + worker * 1_500;
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = base + Math.floor(Math.random() * 1_500);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${base}-${base + 1_499}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Which infrastructures the component suites run on: KF_TEST_INFRA=embedded|real|both (default both). */
export function testInfras(): TestInfra[] {
  const v = process.env.KF_TEST_INFRA ?? 'both';
  return v === 'embedded' ? ['embedded'] : v === 'real' ? ['real'] : ['embedded', 'real'];
}

export interface CallOptions {
  body?: unknown;
  as?: Identity | null;
  headers?: Record<string, string>;
  tenant?: string;
  /**
   * The client address the gateway signs in (default 127.0.0.1). An `x-forwarded-for` in `headers` is taken as this
   * address, as the gateway would, and not sent: services never read that header (issue 10 item 6).
   */
  client?: string;
  /** Send the headers as given, with no signed client address (a caller that bypasses the gateway). */
  unsigned?: boolean;
}

export interface TestService {
  svc: RunningService;
  ports: Ports;
  infra: TestInfra;
  secret: string;
  /** Calls the service as the gateway would (signed identity headers). */
  call(method: string, path: string, opts?: CallOptions): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

export interface TestServiceOptions {
  infra: TestInfra;
  env?: Record<string, string>;
  /** Share ports with another test service (the in-memory bus links two services in one test). */
  ports?: Ports;
  /** PostgreSQL pool size (tests keep 5 so many suites fit the server; benchmarks use the service default, 10). */
  poolMax?: number;
}

const REPO_ROOT = resolve(__dirname, '../../..');

/**
 * A PGlite data directory with the kit's and the service's migrations applied, made once per set of migrations (their
 * names and code, the service's migration files and the PGlite version make its name) and copied for each embedded
 * test service, which then finds nothing to migrate. Migrating took 0.8-1.6 s of CPU per embedded start of svc-planning on this 2-core machine, and
 * the component suite starts dozens (issue 10 item 20). The migrations still run on PGlite, once per set, and on
 * PostgreSQL for every real-infrastructure test service.
 */
export function migratedPgliteTemplate(mod: ServiceModule): Promise<string> {
  const migrations = [...kitMigrations, ...mod.migrations];
  const hash = createHash('sha256')
    .update(pgliteTemplateDir())
    .update(migrations.map((m) => `${m.name}\n${m.up}\n${m.down ?? ''}`).join('\n'));
  // and the service's migration files themselves: a seed's data lives beside the function, not in its code
  const own = join(REPO_ROOT, mod.name, 'migrations');
  if (existsSync(own)) for (const f of readdirSync(own).sort()) hash.update(f).update(readFileSync(join(own, f)));
  const key = hash.digest('hex').slice(0, 16);
  return pgliteDirOnce(`/tmp/kinfolio-test/migrated-${mod.name}-${key}`, async (dir) => {
    const db = await createDb({ kind: 'pglite', dir });
    try {
      await migrate(db, migrations);
    } finally {
      await db.destroy();
    }
  });
}

export async function startTestService(mod: ServiceModule, opts: TestServiceOptions): Promise<TestService> {
  const tag = randomBytes(4).toString('hex');
  const secret = randomBytes(24).toString('hex');
  const real = opts.infra === 'real';
  const env: Record<string, string> = {
    INTERNAL_SECRET: secret,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OFFLINE_OUTBOX: 'true',
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/kinfolio-test/${tag}`,
    CONTRACT_CHECK: process.env.CONTRACT_CHECK ?? 'strict',
    ...(real
      ? {
          MODE: 'distributed',
          DATABASE_URL: TEST_DATABASE_URL,
          AMQP_URL: TEST_AMQP_URL,
          REDIS_URL: TEST_REDIS_URL,
          AMQP_NAMESPACE: `t${tag}.`,
          REDIS_PREFIX: `t:${tag}:`,
          ...(process.env.KF_TEST_REPLICA === '1' ? { READ_DATABASE_URL: TEST_READ_DATABASE_URL } : {}),
        }
      : { MODE: 'embedded' }),
    ...opts.env,
  };
  const config = loadConfig(KitConfig, env, mod.name);
  const logger = createLogger(mod.name, config.LOG_LEVEL);
  const ownPorts = !opts.ports;
  const ports = opts.ports ?? createPorts(config, logger);
  const schema = `t_${mod.name.replace(/-/g, '_')}_${tag}`;
  // embedded: a copy of the pristine PGlite template (about 3 s) instead of an initdb in memory (11-20 s on this
  // 2-core machine): the component suite starts well over a hundred embedded services (issue 10 item 20)
  const pgliteDir = `/tmp/kinfolio-test/db-${mod.name}-${tag}`;
  if (!real) cpSync(await migratedPgliteTemplate(mod), pgliteDir, { recursive: true });
  const svc = await startService(mod, {
    config,
    ports,
    port: 0,
    logger,
    db: real
      ? { kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: opts.poolMax ?? 5 }
      : { kind: 'pglite', dir: pgliteDir },
  });
  // A test may publish straight onto the bus: start it connected (under load the first connect can take a while).
  if (ports.bus instanceof AmqpBus) await ports.bus.whenConnected();
  return {
    svc,
    ports,
    infra: opts.infra,
    secret,
    call: caller(svc, secret),
    async stop() {
      await svc.stop();
      if (ownPorts) {
        if (real) {
          // every consumer's queue of the namespace, not only this service's: it declared them all
          if (ports.bus instanceof AmqpBus)
            await ports.bus.destroyTopology([...new Set([mod.name, ...Object.keys(EventTopology)])]);
          if (ports.cache instanceof RedisCache) {
            const keys = await ports.cache.client.keys(`t:${tag}:*`);
            if (keys.length) await ports.cache.client.del(...keys);
          }
        }
        await closePorts(ports);
      }
      if (!real) rmSync(pgliteDir, { recursive: true, force: true });
      if (real) {
        const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
        await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
        await admin.destroy();
      }
    },
  };
}

/** Calls a service as the gateway would (signed identity headers): TestService.call. */
function caller(svc: RunningService, secret: string): TestService['call'] {
  return async (method, path, o = {}) => {
    const correlationId = randomUUID();
    const { 'x-forwarded-for': forwarded, ...given } = o.headers ?? {};
    const client = o.client ?? forwarded?.split(',')[0]?.trim() ?? '127.0.0.1';
    const headers: Record<string, string> = {
      ...(o.unsigned ? {} : signIdentityHeaders(secret, o.as ?? null, o.tenant, correlationId, { client })),
      [CSRF_HEADER]: CSRF_VALUE,
      ...(o.as ? { [AUTHORIZATION_TYPE_HEADER]: o.as.type } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.unsigned ? o.headers : given),
    };
    const res = await fetch(`${svc.url}${path.startsWith('/') ? path : `/api/v1/${path}`}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
}

/**
 * A second instance of a real-infrastructure test service (issue 37: two replicas): the same database schema,
 * internal secret, Redis prefix and AMQP namespace, its own ports (its own Redis and RabbitMQ connections), its own
 * process state of the service's ServiceContext. `env` overrides its configuration (a bad REDIS_URL: Redis down for
 * this replica only). Stop it before the first one (which removes the schema, queues and keys).
 */
export async function startTestReplica(
  mod: ServiceModule,
  of: TestService,
  env: Record<string, string> = {},
): Promise<TestService> {
  if (of.infra !== 'real') throw new Error('a replica shares a PostgreSQL schema: real infrastructure only');
  const first = of.svc.ctx;
  const config = loadConfig(KitConfig, { ...configEnv(first.config), ...env }, mod.name);
  const logger = createLogger(mod.name, config.LOG_LEVEL);
  const ports = createPorts(config, logger);
  const schema = String((await first.db.raw('SELECT current_schema() AS s')).rows[0].s);
  const svc = await startService(mod, {
    config,
    ports,
    port: 0,
    logger,
    db: { kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 5 },
  });
  if (ports.bus instanceof AmqpBus) await ports.bus.whenConnected();
  return {
    svc,
    ports,
    infra: 'real',
    secret: of.secret,
    call: caller(svc, of.secret),
    async stop() {
      await svc.stop();
      await closePorts(ports);
    },
  };
}

/** A loaded configuration as the environment it was loaded from (strings; unset keys left out). */
function configEnv(cfg: KitConfig): Record<string, string> {
  return Object.fromEntries(
    Object.entries(cfg)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

export function testIdentity(type: UserType, userId: string = randomUUID()): Identity {
  return { userId, type, sessionId: randomUUID() };
}

/** A call of every JSON body route (a table route with a `body`) of one service, as its allowed caller would make it. */
export interface BodyRouteCall {
  /** `METHOD path` of the table. */
  name: string;
  method: string;
  /** The path with its parameters filled (random ids, a well-formed key). */
  path: string;
  as: Identity | null;
}

/**
 * Every JSON body write route (POST, PUT, PATCH with a `body`) of `service` in the route table, with its parameters
 * filled and the identity of a caller the gateway lets through: the walk of issue 30 items 6 and 7.
 */
export function jsonBodyRouteCalls(service: string): BodyRouteCall[] {
  return routes
    .filter((r) => r.service === service && r.body && ['POST', 'PUT', 'PATCH'].includes(r.method))
    .map((r) => {
      const type: UserType | null =
        r.access === 'public' ? null : r.access === 'session' ? 'advisor' : (r.access[0] ?? 'advisor');
      const path = r.path
        .split('/')
        .map((seg) =>
          seg.startsWith(':') ? randomUUID() : seg.startsWith('*') ? `storage/user/media/${randomUUID()}/a.png` : seg,
        )
        .join('/');
      return {
        name: `${r.method} ${r.path}`,
        method: r.method,
        path,
        as: type ? { userId: randomUUID(), type, sessionId: randomUUID() } : null,
      };
    });
}
