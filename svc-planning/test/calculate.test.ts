import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { planning } from '@kinfolio/contracts';
import { rateBetween, SEED_RATES } from '@kinfolio/money';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { debtDisagreements } from '../src/domain/calculations/debt-agreement';
import { sampleHousehold } from '../src/domain/calculations/sample';
import { planningModule } from '../src/module';

const ENDPOINTS = ['debt', 'finance', 'data-tables', 'scenario-modelling'] as const;

/** An array nested `depth` deep ([[[…]]]): deep nesting must be refused as a 4xx, never overflow a stack into a 5xx. */
const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/**
 * Invalid payloads: wrong types, missing fields, huge strings, emoji, HTML, NaN-ish strings, negative/huge numbers,
 * NUL and other control characters, lone surrogates and deep nesting.
 */
function invalidPayloads(
  count: number,
  seed: number,
  schema: { safeParse(v: unknown): { success: boolean } },
): unknown[] {
  const base = sampleHousehold(2);
  const junk = fc.oneof(
    fc.constant('NaN'),
    fc.constant('Infinity'),
    fc.constant('-Infinity'),
    fc.constant('1e309'),
    fc.constant('<script>alert(1)</script>'),
    fc.constant('💸💸'),
    fc.constant('x'.repeat(20_000)),
    fc.constant(null),
    fc.constant(true),
    fc.constant([]),
    fc.constant({}),
    fc.constant(-1e15),
    fc.constant(1e300),
    fc.constant(-5),
    fc.string({ maxLength: 30 }),
    fc.constant('a\u0000b'),
    fc.constant('\u0000'),
    fc.constant('\u0007\u001b[31m\u007f\u0085'),
    fc.constant('\ud800'),
    fc.constant('x\udfffy'),
    fc.constant(nested(1_000)),
    fc.constant({ a: { b: { c: nested(500) } } }),
  );
  const mutations: Array<(h: Record<string, any>, j: unknown) => unknown> = [
    (_h, j) => j,
    (h, j) => ({ ...h, members: j }),
    (h) => ({ ...h, members: [] }),
    (h, j) => ({ ...h, members: [{ ...h.members[0], relation: j }] }),
    (h, j) => ({ ...h, members: [{ ...h.members[0], age: j }] }),
    (h, j) => ({ ...h, members: [{ ...h.members[0], id: j }] }),
    (h, j) => ({ ...h, as_of: j }),
    (h, j) => ({ ...h, currency: j }),
    (h, j) => ({ ...h, incomes: [{ ...h.incomes[0], amount: j }] }),
    (h, j) => ({ ...h, incomes: [{ ...h.incomes[0], kind: j }] }),
    (h) => ({ ...h, incomes: [{ member_id: 'm1' }] }),
    (h, j) => ({ ...h, expenses: [{ ...h.expenses[0], category: j }] }),
    (h, j) => ({ ...h, loans: [{ ...h.loans[0], loan_interest: j }] }),
    (h, j) => ({ ...h, loans: [{ ...h.loans[0], loan_tenure: j }] }),
    (h, j) => ({ ...h, loans: [{ ...h.loans[0], original_loan: j }] }),
    (h) => ({ ...h, loans: [{ ...h.loans[0], starting_year: undefined }] }),
    (h, j) => ({ ...h, properties: [{ ...h.properties[0], market_value: j }] }),
    (h, j) => ({ ...h, insurances: [{ ...h.insurances[0], policy_date: j }] }),
    (h, j) => ({ ...h, insurances: [{ ...h.insurances[0], frequency: j }] }),
    (h, j) => ({ ...h, insurances: [{ ...h.insurances[0], benefits: [{ type: j }] }] }),
    (h, j) => ({ ...h, goals: [{ ...h.goals[0], type: j }] }),
    (h, j) => ({ ...h, pensions: [{ ...h.pensions[0], balances: j }] }),
    (h, j) => ({ ...h, rates: { USD: j } }),
    (h, j) => ({ ...h, members: [{ ...h.members[0], name: j }] }),
    (h, j) => ({
      ...h,
      scenario: { events: [{ member_id: 'm1', type: j, year: 2030 }] },
      members: typeof j === 'string' ? h.members : j,
    }),
  ];
  const samples = fc.sample(fc.tuple(fc.integer({ min: 0, max: mutations.length - 1 }), junk), {
    numRuns: count * 3,
    seed,
  });
  // keep only payloads the contract rejects, so every one of them must come back as a 4xx
  const out = samples
    .map(([m, j]) => (mutations[m] as (h: Record<string, any>, j: unknown) => unknown)(base as Record<string, any>, j))
    .filter((p) => !schema.safeParse(p).success);
  if (out.length < count) throw new Error(`generator produced only ${out.length} invalid payloads`);
  return out.slice(0, count);
}

describe.each(testInfras())('svc-planning calculations on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  it('calculate/debt returns instalments and schedules whose principal sums back to each loan', async () => {
    const h = sampleHousehold(3);
    const res = await t.call('POST', 'customer/calculate/debt', { body: h, as: advisor });
    expect(res.status).toBe(200);
    const data = planning.DebtReply.parse(res.body.data);
    expect(data.loans).toHaveLength(3);
    data.loans.forEach((l, k) => {
      const sumCents = l.schedule.reduce((a, r) => a + Math.round(r.principal * 100), 0);
      expect(sumCents).toBe(Math.round((h.loans?.[k]?.original_loan ?? -1) * 100));
    });
  });

  it('calculate/debt: every figure of the reply agrees with the others to the cent (hardening item 12)', async () => {
    // the sample's loans plus a 250,000 mortgage whose closed-form balance after 17 months was 9 cents off its
    // schedule, a loan repaid by a chosen amount (its schedule paid another instalment) and one in USD
    const h = sampleHousehold(3);
    const loans = [
      ...(h.loans ?? []),
      {
        id: 'home',
        kind: 'mortgage' as const,
        original_loan: 250_000,
        loan_interest: 2.6,
        loan_tenure: 35,
        starting_year: 2024,
      },
      { id: 'chosen', original_loan: 100_000, loan_interest: 6, repayment_amount: 2500, starting_year: 2024 },
      {
        id: 'usd',
        original_loan: 33_333.33,
        loan_interest: 4.15,
        loan_tenure: 7,
        starting_year: 2023,
        currency: 'USD',
      },
    ];
    const res = await t.call('POST', 'customer/calculate/debt', { body: { ...h, loans }, as: advisor });
    expect(res.status).toBe(200);
    const data = planning.DebtReply.parse(res.body.data);
    const fx = loans.map((l) => ('currency' in l && l.currency ? rateBetween(l.currency, 'SGD', SEED_RATES) : 1));
    expect(debtDisagreements(data, loans, fx)).toEqual([]);
  });

  it('calculate/debt counts a vehicle loan’s running costs while it is repaid, and names a bad one (400)', async () => {
    const h = sampleHousehold(1);
    const vehicle = {
      id: 'car',
      kind: 'vehicle' as const,
      purchase_price: 120_000,
      down_payment: 40_000,
      original_loan: 80_000,
      loan_interest: 0,
      loan_tenure: 10,
      starting_year: 2024,
      maintenance: 100,
      other_expenses: { fuel: 250, insurance_and_road_tax: 120, servicing: 30 },
    };
    const res = await t.call('POST', 'customer/calculate/debt', { body: { ...h, loans: [vehicle] }, as: advisor });
    expect(res.status).toBe(200);
    const data = planning.DebtReply.parse(res.body.data);
    expect(data.loans[0]?.other_monthly_expenses).toBe(500);
    // repaid a month: the instalment only, 80,000 / 120 months = 666.67; the running costs apart (issue 31)
    expect(data.total_monthly_repayment).toBe(666.67);
    expect(data.total_monthly_running_costs).toBe(500);
    const bad = await t.call('POST', 'customer/calculate/debt', {
      body: { ...h, loans: [{ ...vehicle, other_expenses: { fuel: -5 } }] },
      as: advisor,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('loans.0.other_expenses.fuel');
  });

  it('calculate/finance projects to the members’ maturity age, net worth = assets − liabilities', async () => {
    const res = await t.call('POST', 'customer/calculate/finance', { body: sampleHousehold(3), as: advisor });
    expect(res.status).toBe(200);
    const data = planning.FinanceReply.parse(res.body.data);
    expect(data.start_year).toBe(2025);
    expect(data.end_year).toBe(2025 - 33 + 100);
    for (const y of data.years)
      expect(Math.round(y.net_worth * 100)).toBe(Math.round((y.total_assets - y.total_liabilities) * 100));
    expect(data.coverage.m1?.Death).toBeGreaterThan(0);
  });

  it('calculate/data-tables returns every yearly row', async () => {
    const res = await t.call('POST', 'customer/calculate/data-tables', {
      body: sampleHousehold(2),
      as: testIdentity('customer'),
    });
    expect(res.status).toBe(200);
    const data = planning.DataTablesReply.parse(res.body.data);
    expect(data.rows.length).toBe(data.end_year - data.start_year + 1);
  });

  it('calculate/scenario-modelling: a death pays the insurance, and Monte Carlo is reproducible by seed', async () => {
    const body = {
      ...sampleHousehold(3),
      scenario: {
        events: [{ member_id: 'm1', type: 'death', year: 2030 }],
        monte_carlo: { enabled: true, trials: 500, seed: 7 },
      },
    };
    const a = await t.call('POST', 'customer/calculate/scenario-modelling', { body, as: advisor });
    expect(a.status).toBe(200);
    const data = planning.ScenarioReply.parse(a.body.data);
    const y2030 = data.scenario.years.find((y) => y.year === 2030);
    expect(y2030?.insurance_payouts).toBeGreaterThan(100_000);
    expect(data.monte_carlo?.probability_never_runs_out).toBeGreaterThanOrEqual(0);
    const b = await t.call('POST', 'customer/calculate/scenario-modelling', { body, as: advisor });
    expect(b.body.data.monte_carlo).toEqual(a.body.data.monte_carlo);
  });

  it('net-worth projects stored households only: posting a household inline remembers nothing (households.test.ts covers the stored one)', async () => {
    const customerId = randomUUID();
    await t.call('POST', 'customer/calculate/finance', { body: { ...sampleHousehold(2), customer_id: customerId }, as: advisor });
    expect((await t.call('GET', `customer/${customerId}/net-worth`, { as: advisor })).status).toBe(404);
    expect((await t.call('GET', 'customer/not-a-uuid/net-worth', { as: advisor })).status).toBe(404);
  });

  it('refuses callers without a session or with the wrong role', async () => {
    expect((await t.call('POST', 'customer/calculate/debt', { body: sampleHousehold(1) })).status).toBe(401);
    expect(
      (await t.call('POST', 'customer/calculate/debt', { body: sampleHousehold(1), as: testIdentity('admin') })).status,
    ).toBe(403);
  });

  it('names the field of input the engine cannot use (400)', async () => {
    const h = sampleHousehold(1);
    const res = await t.call('POST', 'customer/calculate/finance', {
      body: { ...h, incomes: [{ member_id: 'ghost', kind: 'bonus', amount: 1 }] },
      as: advisor,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toHaveProperty(['incomes.0.member_id']);
    const bad = await t.call('POST', 'customer/calculate/debt', {
      body: {
        ...h,
        loans: [{ id: 'l', original_loan: 100000, loan_interest: 12, starting_year: 2024, repayment_amount: 10 }],
      },
      as: advisor,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/never repaid/);
  });

  it('refuses an age that is not a whole number of years (400 naming it; it used to fail as an overflow)', async () => {
    const h = sampleHousehold(1);
    const members = h.members.map((m, i) => (i === 0 ? { ...m, age: 35.5 } : m));
    const res = await t.call('POST', 'customer/calculate/finance', { body: { ...h, members }, as: advisor });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toHaveProperty(['members.0.age']);
    expect(JSON.stringify(res.body)).toMatch(/whole number of years/);
  });

  it.each(ENDPOINTS)('%s refuses a body nested 100,000 deep with a 4xx, not a stack overflow', async (endpoint) => {
    const deep = `{"members":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await t.call('POST', `customer/calculate/${endpoint}`, { body: deep, as: advisor });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each(ENDPOINTS)(
    'bad-input sweep on %s: 220 invalid payloads, all 4xx with the error shape, none 5xx',
    async (endpoint) => {
      const payloads = invalidPayloads(
        220,
        endpoint.length * 7919,
        endpoint === 'scenario-modelling' ? planning.ScenarioRequest : planning.Household,
      );
      const statuses: number[] = [];
      const queue = [...payloads];
      const worker = async () => {
        for (let p = queue.shift(); p !== undefined || queue.length > 0; p = queue.shift()) {
          const res = await t.call('POST', `customer/calculate/${endpoint}`, {
            body: p === undefined ? 'null' : typeof p === 'string' ? JSON.stringify(p) : p,
            as: advisor,
          });
          statuses.push(res.status);
          if (res.status >= 500 || res.status < 400)
            throw new Error(
              `status ${res.status} for ${JSON.stringify(p).slice(0, 300)}: ${JSON.stringify(res.body).slice(0, 300)}`,
            );
          expect(typeof res.body.message).toBe('string');
          // 400s name the field, except a body that is not a JSON object at all (the kit's 'Malformed request body')
          if (res.status === 400 && res.body.message !== 'Malformed request body') {
            expect(Array.isArray(res.body.errors)).toBe(true);
            expect(Object.keys(res.body.errors[0]).length).toBe(1);
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      expect(statuses).toHaveLength(220);
    },
  );
});
