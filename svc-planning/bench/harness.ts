/**
 * What the svc-planning benches share: the service on real PostgreSQL, and the gateway in its own process in front
 * of it (as in production), with sessions seeded in Redis the way svc-auth leaves them. Calls go through the gateway
 * on kept-alive sockets; a reply's body is read in full and decoded only when asked for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import {
  destroyNamespace,
  freePort,
  type Identity,
  RedisCache,
  TEST_AMQP_URL,
  TEST_DATABASE_URL,
  type TestService,
} from '@kinfolio/service-kit';
import { hashToken, sessionCacheKey } from '../../gateway/src/session';

const root = resolve(__dirname, '../..');
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Reply {
  status: number;
  /** The body's length in bytes. */
  bytes: number;
  text(): string;
  json(): unknown;
}

export interface BenchGateway {
  port: number;
  /** The gateway's process id (its CPU time is read from /proc). */
  pid: number | undefined;
  /** Gives `who` a session the gateway accepts (a cookie this harness sends for them). */
  sessionOf(who: Identity): Promise<void>;
  call(method: string, path: string, o?: { as?: Identity; body?: unknown }): Promise<Reply>;
  /** The session token `sessionOf` gave `who` (a socket's cookie). */
  tokenOf(who: Identity): string | undefined;
  stop(): Promise<void>;
}

/**
 * Starts svc-planning in a process of its own on `t`'s schema (distributed mode: the service apart from the load
 * generator, as the targets are measured), with `t`'s internal secret. Answers its URL and how to stop it.
 */
export async function serviceProcess(t: TestService): Promise<{ url: string; cpuMs(): number; stop(): Promise<void> }> {
  const schema = ((await t.svc.ctx.db.raw('select current_schema() as s')) as { rows: Array<{ s: string }> }).rows[0]
    ?.s;
  const namespace = `bench${randomBytes(3).toString('hex')}.`;
  const child = spawn(process.execPath, ['--import', 'tsx', join('svc-planning', 'bench', 'service-process.ts')], {
    cwd: root,
    env: {
      ...process.env,
      MODE: 'distributed',
      DATABASE_URL: TEST_DATABASE_URL,
      AMQP_URL: TEST_AMQP_URL,
      REDIS_URL: redisUrl,
      AMQP_NAMESPACE: namespace,
      REDIS_PREFIX: `bench:${randomBytes(3).toString('hex')}:`,
      INTERNAL_SECRET: t.secret,
      LOG_LEVEL: 'warn',
      OFFLINE_OUTBOX: 'true',
      SEED_DEMO: 'false',
      BENCH_SCHEMA: schema,
      PORT: String(await freePort()),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`the svc-planning process stopped (${code})`)));
  });
  return {
    url,
    // CPU time (user + kernel) of the service's own process so far, its scenario processes not included
    cpuMs: () => {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await destroyNamespace(TEST_AMQP_URL, namespace);
    },
  };
}

/**
 * Starts the gateway in front of `t` (every service URL points at it, or at `serviceUrl` when the service runs in a
 * process of its own) and waits until it answers.
 */
export async function benchGateway(
  t: Pick<TestService, 'secret'> & { svc: { url: string } },
  label: string,
  maxSockets = 64,
  serviceUrl = t.svc.url,
  /** svc-support's URLs when it runs apart (bench:scale's job:progress relay). */
  supportUrl = serviceUrl,
): Promise<BenchGateway> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const cache = new RedisCache(redisUrl, `bench-${label}:${randomBytes(3).toString('hex')}:`);
  const prefix = (cache as unknown as { prefix: string }).prefix;
  const tokens = new Map<string, string>();
  const port = await freePort();
  const gateway: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join('gateway', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      INTERNAL_SECRET: t.secret,
      LOG_LEVEL: 'warn',
      MODE: 'embedded',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8080',
      SVC_AUTH_URLS: serviceUrl,
      SVC_PLANNING_URLS: serviceUrl,
      SVC_BILLING_URLS: serviceUrl,
      SVC_SUPPORT_URLS: supportUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const send = (token: string | null, method: string, path: string, body?: unknown): Promise<Reply> => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((res, rej) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          agent,
          path: path.startsWith('/') ? path : `/api/v1/${path}`,
          headers: {
            ...(token ? { cookie: `kf_session=${token}` } : {}),
            'authorization-type': 'advisor',
            'x-requested-with': 'kinfolio',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => {
            const raw = Buffer.concat(chunks);
            const isJson = String(r.headers['content-type'] ?? '').includes('json');
            res({
              status: r.statusCode ?? 0,
              bytes: raw.length,
              text: () => raw.toString('utf8'),
              json: () => {
                if (!isJson) return null;
                try {
                  return JSON.parse(raw.toString('utf8'));
                } catch {
                  return null;
                }
              },
            });
          });
        },
      );
      req.on('error', rej);
      req.end(payload);
    });
  };

  const until = Date.now() + 60_000;
  for (;;) {
    const ok = await send(null, 'GET', '/healthz').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the gateway on ${port} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    pid: gateway.pid,
    async sessionOf(who) {
      const token = randomBytes(32).toString('base64url');
      const identity = {
        session_id: who.sessionId,
        user_id: who.userId,
        type: who.type,
        membership_status: 'active',
        trial_ends_at: null,
        status: 'active',
        registered_at: new Date().toISOString(),
      };
      await cache.set(sessionCacheKey(hashToken(token)), JSON.stringify(identity), 3600);
      tokens.set(who.userId, token);
    },
    call: (method, path, o = {}) => send(o.as ? (tokens.get(o.as.userId) ?? null) : null, method, path, o.body),
    tokenOf: (who) => tokens.get(who.userId),
    async stop() {
      gateway.kill('SIGTERM');
      agent.destroy();
      await cache.client.quit();
    },
  };
}

/** The 95th percentile of `xs` (nearest rank). */
export function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number;
}
