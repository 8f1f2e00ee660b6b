/**
 * bench:gateway's third scenario: the gateway in front of Kinfolio's real services (e2e `Distributed`: svc-auth,
 * svc-planning, svc-billing, svc-support and the gateway as separate processes on PostgreSQL, RabbitMQ and Redis,
 * the demo data seeded). The demo advisor signs in through the gateway; for one everyday read of each service the
 * bench measures the CPU the gateway and the answering service spend per proxied request, in the same run, closed
 * loop (BENCH_CONNECTIONS) and at a steady BENCH_REAL_RATE requests a second. This is the figure issue 10 item 21
 * sets (gateway ≤ 50 % of the service's CPU per proxied request): the services here do what they do in production
 * (session-scoped PostgreSQL reads, contract checks, access logs), where the first scenarios' upstream does the
 * kit's middleware around an in-memory answer, the least any service does.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_HEADER, CSRF_VALUE, SESSION_COOKIE } from '@kinfolio/contracts';
import { Distributed, type Svc } from '../../e2e/support/distributed';
import { DEMO_PASSWORD } from '../../svc-auth/src/domain/seed';
import { type Autocannon, cpuMs } from './measure';

const TARGET = 0.5;

export async function realServices(
  autocannon: Autocannon,
  o: { connections: number; seconds: number; rate: number },
): Promise<void> {
  const dataDir = join(tmpdir(), `kf-bench-gateway-${randomBytes(4).toString('hex')}`);
  const sys = new Distributed({
    startTimeoutMs: Number(process.env.BENCH_START_TIMEOUT_MS ?? 120_000),
    env: { SEED_DEMO: 'true', DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  try {
    await sys.start();
  } catch (err) {
    console.log(
      `\nReal services: not measured (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); they need PostgreSQL, RabbitMQ and Redis on their default local ports (README)`,
    );
    await sys.stop().catch(() => undefined);
    return;
  }
  try {
    const gw = sys.gatewayUrl;
    const signIn = await fetch(`${gw}/api/v1/auth/login`, {
      method: 'POST',
      headers: { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'advisor@kinfolio.test', password: DEMO_PASSWORD }),
    });
    const token = new RegExp(`(?:^|,\\s*)${SESSION_COOKIE}=([^;]+)`).exec(signIn.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error(`the demo advisor could not sign in (${signIn.status})`);
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'authorization-type': 'advisor' };
    const leads = (await (await fetch(`${gw}/api/v1/leads/customer?page=1`, { headers })).json()) as {
      data?: { rows?: Array<{ id: string }> };
    };
    const customer = leads.data?.rows?.[0]?.id;
    if (!customer) throw new Error('the demo advisor has no customer');
    const routes: Array<[Svc, string]> = [
      ['svc-auth', '/api/v1/users/me'],
      ['svc-planning', '/api/v1/leads/customer?page=1'],
      ['svc-planning', `/api/v1/customer/${customer}/net-worth`],
      ['svc-support', '/api/v1/user/query-tickets?page=1'],
      ['svc-billing', '/api/v1/membership-plans'],
    ];
    console.log(
      `\nReal services (the target figure): the demo advisor's everyday reads through the gateway, ${o.connections} connections closed loop, then ${o.rate} requests a second; ${o.seconds} s per route`,
    );
    for (const [, path] of routes) {
      const probe = await fetch(`${gw}${path}`, { headers });
      if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`);
      await probe.arrayBuffer();
      await autocannon({ url: `${gw}${path}`, headers, connections: o.connections, duration: 3 });
    }
    const gatewayPid = sys.find('gateway').child.pid as number;
    for (const rate of [0, o.rate]) {
      let gatewayCpu = 0;
      let serviceCpu = 0;
      for (const [svc, path] of routes) {
        const servicePid = sys.find(svc).child.pid as number;
        const g0 = cpuMs(gatewayPid);
        const s0 = cpuMs(servicePid);
        const r = await autocannon({
          url: `${gw}${path}`,
          headers,
          connections: o.connections,
          duration: o.seconds,
          ...(rate ? { overallRate: rate } : {}),
        });
        const g = cpuMs(gatewayPid) - g0;
        const s = cpuMs(servicePid) - s0;
        gatewayCpu += g;
        serviceCpu += s;
        const n = r.requests.total || 1;
        const us = (ms: number) => ((ms * 1000) / n).toFixed(0).padStart(4);
        console.log(
          `  ${(rate ? `${rate}/s` : 'closed').padEnd(7)} ${svc.padEnd(12)} GET ${path.replace(customer, ':id').padEnd(40)} ${r.requests.average.toFixed(0).padStart(5)} req/s: gateway ${us(g)} µs, service ${us(s)} µs = ${(g / s).toFixed(2)}${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
        );
      }
      const ratio = gatewayCpu / serviceCpu;
      console.log(
        `  gateway CPU / service CPU per proxied request, real services, ${rate ? `${rate} requests a second` : 'closed loop'} (same run): ${ratio.toFixed(2)} (target <= ${TARGET}) ${ratio <= TARGET ? 'PASS' : 'ABOVE TARGET'}`,
      );
    }
  } finally {
    await sys.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
