import { randomBytes } from 'node:crypto';
import { rateTables as RT, type ServiceName } from '@kinfolio/contracts';
import { loadConfig, MemoryCache, startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../../svc-planning/src/module';
import { GatewayConfig } from '../src/config';
import { createGateway, type Gateway } from '../src/gateway';
import { hashToken, sessionCacheKey } from '../src/session';
import { CSRF, call, FakeService, identityOf, silent } from './helpers';

jest.setTimeout(180_000);

/**
 * Issue 32, the rate tables through the gateway to the real svc-planning (embedded, and on this machine's PostgreSQL):
 * the three admin routes reach the service at their paths; an advisor is refused (403) and a signed-out caller (401)
 * by the gateway before the service; a bad version is the service's 400 with its message, passed through unchanged.
 */
describe.each(testInfras())('rate tables through the gateway (%s)', (infra) => {
  let planning: TestService;
  let gateway: Gateway;
  let url = '';
  const fakes: FakeService[] = [];
  const cache = new MemoryCache();
  const session = async (type: 'admin' | 'advisor') => {
    const token = randomBytes(24).toString('base64url');
    await cache.set(sessionCacheKey(hashToken(token)), JSON.stringify(identityOf({ type })), 600);
    return token;
  };

  beforeAll(async () => {
    planning = await startTestService(planningModule, { infra });
    const services = { 'svc-planning': [planning.svc.url] } as Record<ServiceName, string[]>;
    for (const n of ['svc-auth', 'svc-billing', 'svc-support'] as const) {
      const f = await new FakeService(n, planning.secret).start();
      fakes.push(f);
      services[n] = [f.url];
    }
    const config = loadConfig(GatewayConfig, {
      INTERNAL_SECRET: planning.secret,
      PUBLIC_URL: 'http://kinfolio.app',
      LOG_LEVEL: 'silent',
    });
    gateway = await createGateway({ config, services, cache, logger: silent });
    url = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    for (const f of fakes) await f.kill();
    await planning?.stop();
  }, 60_000);

  it("an admin lists the tables, reads one and adds the next version (201); a gap is the service's 400 with its message", async () => {
    const admin = await session('admin');
    const all = await call(url, 'GET', '/api/v1/admin/rate-tables', { token: admin });
    expect(all.status).toBe(200);
    const tables = RT.RateTablesReply.parse(all.body).data.tables;
    expect(tables.map((t) => t.kind)).toEqual([...RT.RATE_TABLE_KINDS]);
    const one = await call(url, 'GET', '/api/v1/admin/rate-tables/epf', { token: admin });
    expect(RT.RateTableReply.parse(one.body).data.kind).toBe('epf');
    const epf = RT.RateTableReply.parse(one.body).data;
    const newest = epf.versions[epf.versions.length - 1] as RT.RateTableVersion;
    const source = {
      publisher: 'KWSP (EPF)',
      title: 'Third Schedule contribution rates (test version)',
      url: 'https://www.kwsp.gov.my/en/employer/responsibilities/contribution-rate',
    };
    const next = newest.from_year + 1;
    const added = await call(url, 'POST', '/api/v1/admin/rate-tables/epf/versions', {
      token: admin,
      headers: CSRF,
      body: { from_year: next, to_year: next, source, figures: newest.figures },
    });
    expect([added.status, added.body.data?.name]).toEqual([201, `epf@${next}`]);
    const gap = await call(url, 'POST', '/api/v1/admin/rate-tables/epf/versions', {
      token: admin,
      headers: CSRF,
      body: { from_year: next + 2, source, figures: newest.figures },
    });
    expect([gap.status, gap.body.message]).toEqual([
      400,
      `The epf version from ${next + 2} leaves a gap: the version from ${next} ends in ${next} and nothing covers ${next + 1}.`,
    ]);
    const unknown = await call(url, 'GET', '/api/v1/admin/rate-tables/nope', { token: admin });
    expect(unknown.status).toBe(404);
  });

  it('an advisor is refused (403) and a signed-out caller (401) by the gateway; a write without the CSRF header too', async () => {
    const advisor = await session('advisor');
    const admin = await session('admin');
    const body = { from_year: 2100, source: { publisher: 'x', title: 'y', url: 'https://example.com' }, figures: {} };
    for (const [method, path] of [
      ['GET', '/api/v1/admin/rate-tables'],
      ['GET', '/api/v1/admin/rate-tables/cpf'],
      ['POST', '/api/v1/admin/rate-tables/cpf/versions'],
    ] as const) {
      const asAdvisor = await call(url, method, path, {
        token: advisor,
        headers: CSRF,
        body: method === 'POST' ? body : undefined,
      });
      expect([path, asAdvisor.status]).toEqual([path, 403]);
      const signedOut = await call(url, method, path, { headers: CSRF, body: method === 'POST' ? body : undefined });
      expect([path, signedOut.status]).toEqual([path, 401]);
    }
    const noCsrf = await call(url, 'POST', '/api/v1/admin/rate-tables/cpf/versions', { token: admin, body });
    expect(noCsrf.status).toBe(403);
    const stored = await planning.svc.ctx.db('rate_table_versions').where({ kind: 'cpf' }).count('* as n');
    expect(Number(stored[0]?.n)).toBe(0);
  });
});
