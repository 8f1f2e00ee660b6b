/**
 * What svc-support's distributed benches share (live.bench, meetings.bench): percentiles, an open pool, and the
 * gateway client they sign real users in with (session cookies, one X-Forwarded-For address per user so the
 * per-address sign-in limit applies per user, as in production; the gateway runs with TRUST_PROXY).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { CSRF_HEADER, CSRF_VALUE, SESSION_COOKIE } from '@kinfolio/contracts';
import { signIdentityHeaders } from '@kinfolio/service-kit';
import type { Distributed } from '../../e2e/support/distributed';

export const PASSWORD = 'Bench-Harbour-2026!';
export const DEMO_PASSWORD = 'Kinfolio!2026';

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
export const now = () => performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const log = (s: string) => process.stdout.write(`${s}\n`);

export async function pool<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

export interface ApiOptions {
  body?: unknown;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}
// biome-ignore lint/suspicious/noExplicitAny: bench replies are read loosely
export type ApiReply = { data: any; cookie?: string };

/** HTTP through the gateway (or a service's internal API) for a distributed bench. */
export function benchApi(sys: Distributed) {
  const api = async (method: string, url: string, o: ApiOptions = {}): Promise<ApiReply> => {
    const res = await fetch(url, {
      method,
      headers: {
        [CSRF_HEADER]: CSRF_VALUE,
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.cookie ? { cookie: `${SESSION_COOKIE}=${o.cookie}` } : {}),
        ...(o.ip ? { 'x-forwarded-for': o.ip } : {}),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: bench replies are read loosely
    const json = (await res.json().catch(() => ({}))) as { data?: any; message?: string };
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    const cookie = /(?:^|,\s*)kf_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    return { data: json.data, cookie };
  };
  const internal = () => signIdentityHeaders(sys.secret, null, undefined, randomUUID());
  let ipSeq = 0;
  const freshIp = () => {
    ipSeq++;
    return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  };
  const login = async (path: string, email: string, password: string, ip = freshIp()) => {
    const r = await api('POST', `${sys.gatewayUrl}/api/v1/${path}`, { body: { email, password }, ip });
    if (!r.cookie) throw new Error(`no session cookie from ${path}`);
    return { token: r.cookie, ip, user: r.data.user as { id: string; type: string } };
  };
  /** The newest 6-digit code svc-auth's offline outbox mailed to `email`. */
  const mailedCode = async (email: string, tries = 1) => {
    const authUrl = `http://127.0.0.1:${sys.find('svc-auth').port}`;
    for (let i = 0; ; i++) {
      const mail = await api('GET', `${authUrl}/internal/dev/outbox?kind=mail&to=${encodeURIComponent(email)}`, {
        headers: internal(),
      });
      const code = /(?<!\d)\d{6}(?!\d)/.exec((mail.data as Array<{ text: string }>)[0]?.text ?? '')?.[0];
      if (code) return code;
      if (i + 1 >= tries) throw new Error(`no code mailed to ${email}`);
      await sleep(100);
    }
  };
  return { api, internal, freshIp, login, mailedCode };
}

/** Established TCP connections to a local port (the gateway's websockets and keep-alive connections to a replica). */
export function establishedTo(port: number): number {
  try {
    const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).length;
  } catch {
    return Number.NaN;
  }
}

export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Removes the run's Redis keys (`Distributed.stop` drops the database and the RabbitMQ namespace). */
export async function cleanup(tag: string) {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`s:${tag}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
