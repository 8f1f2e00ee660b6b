/**
 * `npm run bench:gateway`: the same authenticated GET straight to the service and through the gateway, same
 * connections, same duration (autocannon), with the upstream and the gateway each in its own process as in
 * distributed mode (gateway/src/main.ts, sessions in Redis when it is reachable). Prints the proxied/direct
 * throughput ratio (target ≥ 0.85) and the p99 latency the gateway adds.
 *
 * Three scenarios. The first two put the gateway in front of a minimal upstream (gateway/bench/upstream.ts: the
 * kit's middleware around an in-memory answer, the least any service does): a typical load, where the service spends
 * BENCH_DB_MS waiting on "its database" for each request (the throughput and latency target: the gateway must not
 * cost more than 15% of throughput), and a saturated one (empty handler, 50 connections) where the cores are the
 * limit: there a proxy that does as much work per request as the service halves throughput on a shared 2-core
 * machine, whatever its code, so that figure is informational. Their CPU ratios are printed against that minimal
 * upstream, beside the floor of a node:http hop. The third (real-services.ts) puts the gateway in front of the real
 * services and measures the CPU target (gateway ≤ 50 % of the service's CPU per proxied request) there.
 *
 * Knobs: BENCH_CONNECTIONS (default 16), BENCH_DB_MS (10), BENCH_SECONDS per run (6), BENCH_ROUNDS (2),
 * BENCH_SATURATED=0 to skip the second scenario, BENCH_REAL=0 to skip the third, BENCH_REAL_RATE (300 requests a
 * second: the third scenario's steady load), REDIS_URL (default redis://127.0.0.1:6379), BENCH_PROFILE=<dir> to
 * write the gateway's and the service's CPU profiles there, BENCH_FLOOR=<file> to measure another floor than
 * min-proxy.ts (e.g. gateway/bench/native-parser-floor.ts, a hop below node:http and undici).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { cpus } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { freePort, RedisCache, signIdentityHeaders } from '@kinfolio/service-kit';
import { hashToken, sessionCacheKey } from '../src/session';
import { type Autocannon, cpuSplit, type Result } from './measure';
import { realServices } from './real-services';

const autocannon = require('autocannon') as Autocannon;

const root = resolve(__dirname, '../..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const dbMs = Number(process.env.BENCH_DB_MS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children: ChildProcess[] = [];

/** BENCH_PROFILE=<dir>: the gateway and the service write V8 CPU profiles there (open in Chrome DevTools). */
const profileDir = process.env.BENCH_PROFILE;
/** The floor proxy measured beside the gateway (BENCH_FLOOR: another one, e.g. native-parser-floor.ts). */
const floorFile = process.env.BENCH_FLOOR || join('gateway', 'bench', 'min-proxy.ts');
const floorName = basename(floorFile);

function start(file: string, env: Record<string, string>): ChildProcess {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  if (!env.REDIS_URL) delete childEnv.REDIS_URL;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', file], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((r) => {
      const req = http.get(url, (res) => {
        res.resume();
        r(res.statusCode === 200);
      });
      req.on('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function redisReachable(): Promise<RedisCache | undefined> {
  const cache = new RedisCache(redisUrl, `bench:${randomBytes(3).toString('hex')}:`);
  const ok = await Promise.race([
    cache.client.ping().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(false), 1500)),
  ]);
  if (ok) return cache;
  cache.client.disconnect();
  return undefined;
}

const fmt = (n: number) => n.toFixed(0).padStart(7);

async function main() {
  const secret = randomBytes(32).toString('hex');
  const token = randomBytes(32).toString('base64url');
  const identity = {
    session_id: randomUUID(),
    user_id: randomUUID(),
    type: 'advisor' as const,
    membership_status: 'active' as const,
    trial_ends_at: null,
    status: 'active' as const,
    registered_at: new Date().toISOString(),
  };
  const cache = await redisReachable();
  const prefix = cache ? (cache as unknown as { prefix: string }).prefix : '';
  if (cache) await cache.set(sessionCacheKey(hashToken(token)), JSON.stringify(identity), 3600);
  const upstreamPort = await freePort();
  const gatewayPort = await freePort();
  const common = { INTERNAL_SECRET: secret, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const upstreamChild = start(join('gateway', 'bench', 'upstream.ts'), {
    ...common,
    PORT: String(upstreamPort),
    BENCH_SESSIONS: JSON.stringify([[token, identity]]),
  });
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const gatewayChild = start(join('gateway', 'src', 'main.ts'), {
    ...common,
    MODE: 'embedded',
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:8080',
    SVC_AUTH_URLS: upstream,
    SVC_PLANNING_URLS: upstream,
    SVC_BILLING_URLS: upstream,
    SVC_SUPPORT_URLS: upstream,
    ...(cache ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
  });
  // the floor: the least a Node proxy hop of this kind costs (gateway/bench/min-proxy.ts), measured in the same run
  const floorPort = await freePort();
  const floorChild = start(floorFile, {
    ...common,
    PORT: String(floorPort),
    UPSTREAM: upstream,
    BENCH_IDENTITY: JSON.stringify({ userId: identity.user_id, type: 'advisor', sessionId: identity.session_id }),
  });
  await waitFor(`${upstream}/healthz`);
  await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`);
  await waitFor(`http://127.0.0.1:${floorPort}/healthz`);

  const run = async (name: string, connections: number, dbMs: number, gate: boolean) => {
    const path = `/api/v1/users/me?db=${dbMs}`;
    const viaGateway = {
      url: `http://127.0.0.1:${gatewayPort}${path}`,
      headers: { cookie: `kf_session=${token}`, 'authorization-type': 'advisor' },
    };
    const direct = () => ({
      url: `${upstream}${path}`,
      headers: signIdentityHeaders(
        secret,
        { userId: identity.user_id, type: 'advisor', sessionId: identity.session_id },
        undefined,
        randomUUID(),
      ),
    });
    console.log(
      `\n${name}: ${connections} connections, service DB read ${dbMs} ms, ${seconds} s per run, ${rounds} round(s)`,
    );
    // warm up both paths (JIT, keep-alive pools, session cache)
    await autocannon({ ...direct(), connections, duration: 2 });
    await autocannon({ ...viaGateway, connections, duration: 2 });
    const d: Result[] = [];
    const p: Result[] = [];
    let gatewayCpu = 0;
    let serviceCpu = 0;
    let gatewaySys = 0;
    let serviceSys = 0;
    let proxied = 0;
    let floorCpu = 0;
    let floorServiceCpu = 0;
    let floorProxied = 0;
    const viaFloor = { url: `http://127.0.0.1:${floorPort}${path}` };
    await autocannon({ ...viaFloor, connections, duration: 2 });
    for (let i = 0; i < rounds; i++) {
      const a = await autocannon({ ...direct(), connections, duration: seconds });
      const g0 = cpuSplit(gatewayChild.pid);
      const u0 = cpuSplit(upstreamChild.pid);
      const b = await autocannon({ ...viaGateway, connections, duration: seconds });
      const g1 = cpuSplit(gatewayChild.pid);
      const u1 = cpuSplit(upstreamChild.pid);
      if (g0 && g1 && u0 && u1) {
        gatewayCpu += g1.user + g1.sys - g0.user - g0.sys;
        serviceCpu += u1.user + u1.sys - u0.user - u0.sys;
        gatewaySys += g1.sys - g0.sys;
        serviceSys += u1.sys - u0.sys;
        proxied += b.requests.total ?? 0;
      }
      const f0 = cpuSplit(floorChild.pid);
      const v0 = cpuSplit(upstreamChild.pid);
      const f = await autocannon({ ...viaFloor, connections, duration: seconds });
      const f1 = cpuSplit(floorChild.pid);
      const v1 = cpuSplit(upstreamChild.pid);
      if (f0 && f1 && v0 && v1) {
        floorCpu += f1.user + f1.sys - f0.user - f0.sys;
        floorServiceCpu += v1.user + v1.sys - v0.user - v0.sys;
        floorProxied += f.requests.total ?? 0;
      }
      if (f.non2xx || f.errors) console.log(`  floor proxy: ${f.non2xx} non-2xx, ${f.errors} errors`);
      d.push(a);
      p.push(b);
      console.log(
        `  round ${i + 1}: direct ${fmt(a.requests.average)} req/s p99 ${a.latency.p99} ms | via gateway ${fmt(b.requests.average)} req/s p99 ${b.latency.p99} ms | non-2xx ${a.non2xx}/${b.non2xx} errors ${a.errors}/${b.errors}`,
      );
    }
    const avg = (rs: Result[], f: (r: Result) => number) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
    const directRps = avg(d, (r) => r.requests.average);
    const proxiedRps = avg(p, (r) => r.requests.average);
    const directP99 = avg(d, (r) => r.latency.p99);
    const proxiedP99 = avg(p, (r) => r.latency.p99);
    const ratio = proxiedRps / directRps;
    const bad = p.reduce((s, r) => s + r.non2xx + r.errors, 0) + d.reduce((s, r) => s + r.non2xx + r.errors, 0);
    console.log(`  direct:      ${directRps.toFixed(0)} req/s, p99 ${directP99.toFixed(1)} ms`);
    console.log(`  via gateway: ${proxiedRps.toFixed(0)} req/s, p99 ${proxiedP99.toFixed(1)} ms`);
    console.log(
      `  proxied/direct throughput: ${ratio.toFixed(2)}${gate ? ` (target >= 0.85) ${ratio >= 0.85 ? 'PASS' : 'BELOW TARGET'}` : ' (informational)'}`,
    );
    console.log(`  added p99 latency: ${(proxiedP99 - directP99).toFixed(1)} ms`);
    if (proxied > 0) {
      console.log(
        `  CPU per proxied request: gateway ${((gatewayCpu * 1000) / proxied).toFixed(0)} µs, service ${((serviceCpu * 1000) / proxied).toFixed(0)} µs`,
      );
      // where the CPU goes: kernel (socket I/O on loopback) against user space (JS, GC, HTTP parsing)
      const us = (ms: number) => ((ms * 1000) / proxied).toFixed(0);
      console.log(
        `  of which in the kernel (socket I/O): gateway ${us(gatewaySys)} µs, service ${us(serviceSys)} µs; in user space: gateway ${us(gatewayCpu - gatewaySys)} µs, service ${us(serviceCpu - serviceSys)} µs`,
      );
      const cpuRatio = gatewayCpu / serviceCpu;
      console.log(
        `  gateway CPU / minimal upstream's CPU per proxied request (same run): ${cpuRatio.toFixed(2)} (informational: the target is measured against the real services, below)`,
      );
      if (floorProxied > 0) {
        const floorRatio = floorCpu / floorServiceCpu;
        console.log(
          `  floor (${floorName}: ${floorName === 'min-proxy.ts' ? 'node:http + undici + signature only' : 'another floor'}): ${((floorCpu * 1000) / floorProxied).toFixed(0)} µs vs service ${((floorServiceCpu * 1000) / floorProxied).toFixed(0)} µs = ${floorRatio.toFixed(2)}; the gateway costs ${(cpuRatio / floorRatio).toFixed(2)}x the floor`,
        );
      }
    }
    if (bad) console.log(`  warning: ${bad} non-2xx responses or errors during the runs`);
  };

  console.log(
    `Gateway benchmark: authenticated GET /api/v1/users/me straight to a minimal service (gateway/bench/upstream.ts) (signed identity headers) vs through the gateway (session cookie; sessions in ${cache ? 'Redis' : 'the gateway process, verified once by svc-auth'}). Service and gateway run as separate processes; autocannon runs here. ${cpus().length} CPU cores, shared by all three.`,
  );
  await run(
    'Typical load (the service waits on its database; the throughput and latency target)',
    connections,
    dbMs,
    true,
  );
  if (process.env.BENCH_SATURATED !== '0')
    await run('Saturated CPU (empty handler, as many requests as the cores can take; informational)', 50, 0, false);
  if (cache) {
    await cache.del(sessionCacheKey(hashToken(token)));
    await cache.close();
  }
  stopChildren();
  if (process.env.BENCH_REAL !== '0')
    await realServices(autocannon, { connections, seconds, rate: Number(process.env.BENCH_REAL_RATE ?? 300) });
}

function stopChildren() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}

main()
  .then(() => {
    stopChildren();
    setTimeout(() => process.exit(0), 500).unref();
  })
  .catch((err: unknown) => {
    console.error(err);
    stopChildren();
    process.exit(1);
  });
