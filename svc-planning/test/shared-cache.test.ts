import { households as H, rateTables as RT, reports as R } from '@kinfolio/contracts';
import { startTestReplica, startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { BUILT_IN_TABLES, installRateTables } from '../src/domain/calculations/tables/registry';
import { planningModule } from '../src/module';
import type { Counters } from '../src/reports/shared-cache';

jest.setTimeout(240_000);

/**
 * Issue 37 (docs/decisions/scale-h5.md): the projection caches' level shared by the replicas of svc-planning. On real
 * infrastructure, two instances (A and B) on one database and one Redis: a report computed on A is a shared hit on B
 * with the same figures; a write on A makes B compute anew and show it; a rate-table version added changes the key; a
 * what-if run on A is not run again on B; a replica whose Redis is down still answers (computed, counted). Embedded:
 * one process, its LRU alone, as before.
 */

type Stats = { caches: Record<string, Counters> };
const advisor = testIdentity('advisor');
const admin = testIdentity('admin');

async function stats(t: TestService): Promise<Stats> {
  const res = await t.call('GET', '/internal/cache-stats');
  expect(res.status).toBe(200);
  return res.body as Stats;
}
/** What changed in one cache's counters of `t` while `f` ran. */
async function during(t: TestService, cache: string, f: () => Promise<unknown>): Promise<Counters> {
  const before = (await stats(t)).caches[cache] as Counters;
  await f();
  const after = (await stats(t)).caches[cache] as Counters;
  return Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - (before[k as keyof Counters] ?? 0)]),
  ) as unknown as Counters;
}

async function household(t: TestService) {
  const res = await t.call('POST', 'leads', {
    as: advisor,
    body: { name: 'Lee Ong', age: 45, currency: 'SGD', members: [{ name: 'Mei Ong', relation: 'spouse', age: 43 }] },
  });
  expect(res.status).toBe(201);
  const h = H.Household.parse(res.body.data);
  const me = h.members.find((m) => m.relation === 'me')?.id as string;
  const made = async (path: string, body: Record<string, unknown>) => {
    const r = await t.call('POST', `customer/${path}`, { as: advisor, body: { lead_id: h.id, ...body } });
    expect([path, r.status, r.body.errors]).toEqual([path, 201, undefined]);
  };
  await made('member-income', { member_id: me, kind: 'gross income', amount: 8000, currency: 'SGD' });
  await made('member-expense', { category: 'food', amount: 1500, currency: 'SGD' });
  await made('saving-fund', { bank_name: 'DBS', currency: 'SGD', current_value: 30000 });
  await made('pension', { member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 50000, special: 20000 });
  return { id: h.id, me, made };
}

const report = async (t: TestService, id: string) => {
  const res = await t.call('GET', `customer/${id}/financial-report`, { as: advisor });
  expect([res.status, res.body.errors]).toEqual([200, undefined]);
  return R.FinancialReportReply.parse(res.body).data;
};

describe.each(testInfras())('svc-planning shared projection cache on %s', (infra) => {
  let a: TestService;
  let b: TestService | undefined;

  beforeAll(async () => {
    installRateTables(BUILT_IN_TABLES);
    a = await startTestService(planningModule, { infra });
    if (infra === 'real') b = await startTestReplica(planningModule, a);
  }, 90_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    installRateTables(BUILT_IN_TABLES);
  }, 90_000);

  it('serves every cache’s counters on the service’s own port, outside the API', async () => {
    const s = await stats(a);
    for (const name of ['report', 'projection', 'household', 'what-if', 'plan-settings', 'scenario-inputs', 'explain'])
      expect(s.caches[name]).toEqual(
        expect.objectContaining({
          local_hits: expect.any(Number),
          shared_hits: expect.any(Number),
          misses: expect.any(Number),
          shared_errors: expect.any(Number),
          bytes_written: expect.any(Number),
        }),
      );
    expect((await a.call('GET', 'internal/cache-stats')).status).toBe(404);
  });

  if (infra === 'embedded') {
    it('one process: its LRU alone, as before (computed once, then a local hit; nothing written to a shared level)', async () => {
      const h = await household(a);
      const cold = await during(a, 'report', () => report(a, h.id));
      expect(cold).toMatchObject({ misses: 1, shared_hits: 0, bytes_written: 0 });
      const warm = await during(a, 'report', () => report(a, h.id));
      expect(warm).toMatchObject({ misses: 0, local_hits: 1, shared_hits: 0 });
    });
    return;
  }

  it('a report computed on A is a shared hit on B, with the same figures; a write on A makes B compute anew and show it', async () => {
    const B = b as TestService;
    const h = await household(a);
    let onA: R.FinancialReport | undefined;
    const cold = await during(a, 'report', async () => {
      onA = await report(a, h.id);
    });
    expect(cold).toMatchObject({ misses: 1, shared_errors: 0 });
    expect(cold.bytes_written).toBeGreaterThan(0);
    let onB: R.FinancialReport | undefined;
    const shared = await during(B, 'report', async () => {
      onB = await report(B, h.id);
    });
    expect(shared).toMatchObject({ shared_hits: 1, misses: 0, shared_errors: 0 });
    expect(onB).toEqual(onA);
    // B's own LRU now holds it
    expect(await during(B, 'report', () => report(B, h.id))).toMatchObject({ local_hits: 1, shared_hits: 0 });

    // a write on A, then the read on B: a new key, computed on B, with the write
    await h.made('member-income', { member_id: h.me, kind: 'gross income', amount: 3000, currency: 'SGD' });
    let after: R.FinancialReport | undefined;
    const anew = await during(B, 'report', async () => {
      after = await report(B, h.id);
    });
    expect(anew).toMatchObject({ misses: 1, shared_hits: 0 });
    expect((after?.cashflow.years[1]?.income ?? 0) - (onA?.cashflow.years[1]?.income ?? 0)).toBeGreaterThan(30000);
    expect(after?.computed_at).not.toBe(onA?.computed_at);
    // and A reads B's computation
    expect(await during(a, 'report', async () => expect(await report(a, h.id)).toEqual(after))).toMatchObject({
      shared_hits: 1,
      misses: 0,
    });
  });

  it('the data table and coverage read the shared projection and household', async () => {
    const B = b as TestService;
    const h = await household(a);
    const table = (t: TestService) =>
      t.call('POST', 'customer/calculate/data-tables', { as: advisor, body: { household_id: h.id } });
    const onA = await table(a);
    expect(onA.status).toBe(200);
    const projection = await during(B, 'projection', async () => expect((await table(B)).body).toEqual(onA.body));
    expect(projection).toMatchObject({ shared_hits: 1, misses: 0 });
    const cover = (t: TestService) =>
      t.call('GET', `customer/insurance-coverage-by-member?lead_id=${h.id}`, { as: advisor });
    const coverA = await cover(a);
    expect(coverA.status).toBe(200);
    const hh = await during(B, 'household', async () => expect((await cover(B)).body).toEqual(coverA.body));
    expect(hh).toMatchObject({ local_hits: 0, misses: 0 });
    expect(hh.shared_hits).toBeGreaterThanOrEqual(1);
  });

  it('a what-if run on A is not run again on B (a meeting’s screens on different replicas: one computation)', async () => {
    const B = b as TestService;
    const h = await household(a);
    const body = { household_id: h.id, scenario: { overrides: { retirement_age: { [h.me]: 61 } } } };
    const run = (t: TestService) => t.call('POST', 'customer/calculate/scenario-modelling', { as: advisor, body });
    const first = await during(a, 'what-if', async () => expect((await run(a)).status).toBe(200));
    expect(first).toMatchObject({ misses: 1 });
    const onA = await run(a);
    const second = await during(B, 'what-if', async () => expect((await run(B)).body).toEqual(onA.body));
    expect(second).toMatchObject({ shared_hits: 1, misses: 0 });
  });

  it('a rate-table version added changes the key: B computes with it', async () => {
    const B = b as TestService;
    const h = await household(a);
    await report(a, h.id);
    expect(await during(B, 'report', () => report(B, h.id))).toMatchObject({ shared_hits: 1 });
    const cpf = RT.RateTableReply.parse((await a.call('GET', 'admin/rate-tables/cpf', { as: admin })).body).data;
    const newest = cpf.versions[cpf.versions.length - 1] as RT.RateTableVersion;
    const next = newest.from_year + 1;
    const added = await a.call('POST', 'admin/rate-tables/cpf/versions', {
      as: admin,
      body: {
        from_year: next,
        to_year: next + 1,
        source: { publisher: 'CPF Board', title: 'CPF rates (test version)', url: 'https://www.cpf.gov.sg/' },
        figures: newest.figures,
      },
    });
    expect(added.status).toBe(201);
    let tables: string[] = [];
    const anew = await during(B, 'report', async () => {
      tables = (await report(B, h.id)).tables;
    });
    expect(anew).toMatchObject({ misses: 1, shared_hits: 0, local_hits: 0 });
    expect(tables).toContain(`cpf@${next}`);
  });

  it('a replica whose Redis is down still answers: computed there, counted as shared errors', async () => {
    const h = await household(a);
    const onA = await report(a, h.id);
    const c = await startTestReplica(planningModule, a, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const down = await during(c, 'report', async () =>
        expect(await report(c, h.id)).toEqual({ ...onA, computed_at: expect.any(String) }),
      );
      expect(down).toMatchObject({ misses: 1, shared_hits: 0 });
      expect(down.shared_errors).toBeGreaterThanOrEqual(1);
    } finally {
      await c.stop();
    }
  });
});

/**
 * Reports made ahead of the read (src/reports/prewarm.ts, PREWARM_REPORTS=on): after a write of a household whose report
 * the instance served lately, the new version's report is computed once the write commits, so the read that follows
 * (the live household event reloads the open screen) is a hit; a household nobody looked at is not computed.
 */
describe.each(testInfras())('svc-planning reports made ahead of the read on %s', (infra) => {
  let t: TestService;
  const prewarmed = async () => ((await stats(t)).caches.report as Counters).prewarmed;

  beforeAll(async () => {
    installRateTables(BUILT_IN_TABLES);
    process.env.PREWARM_REPORTS = 'on';
    try {
      t = await startTestService(planningModule, { infra });
    } finally {
      delete process.env.PREWARM_REPORTS;
    }
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
  }, 90_000);

  it('makes the open household’s report after a write, so the next read is a hit showing the write', async () => {
    const h = await household(t);
    const first = await report(t, h.id);
    const before = await prewarmed();
    await h.made('member-expense', { category: 'food', amount: 2222, currency: 'SGD' });
    const until = Date.now() + 15_000;
    while ((await prewarmed()) === before) {
      if (Date.now() > until) throw new Error('the report was not made ahead of the read');
      await new Promise((r) => setTimeout(r, 50));
    }
    let after: Awaited<ReturnType<typeof report>> | undefined;
    const read = await during(t, 'report', async () => {
      after = await report(t, h.id);
    });
    expect(read).toEqual(expect.objectContaining({ local_hits: 1, misses: 0 }));
    // the hit is the new version's report: the added expense is in its totals
    expect(after?.cashflow.totals.expenses).toBeGreaterThan(first.cashflow.totals.expenses);
  });

  it('leaves a household nobody looked at lately alone', async () => {
    const h = await household(t);
    const before = await prewarmed();
    await h.made('member-expense', { category: 'food', amount: 3333, currency: 'SGD' });
    await new Promise((r) => setTimeout(r, 800));
    expect(await prewarmed()).toBe(before);
    const read = await during(t, 'report', () => report(t, h.id));
    expect(read).toEqual(expect.objectContaining({ local_hits: 0, misses: 1 }));
  });
});
