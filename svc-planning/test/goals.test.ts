import { randomUUID } from 'node:crypto';
import type { households as H } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

/**
 * Goals and dreams in the plan (issue 31 observation 6), through HTTP: a goal made from a dream reaches the data
 * table in its years only; a goal's growth_rate changes figures; the retirement dream's age is the member's
 * retirement age, where employment income stops.
 */
describe.each(testInfras())('goals and dreams in the plan on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { as: advisor, body });
  const newHousehold = async (): Promise<{ id: string; me: string }> => {
    const res = await call('POST', 'leads', {
      name: 'Alex Tan',
      email: `${randomUUID().slice(0, 8)}@example.com`,
      age: 40,
      gender: 'male',
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const h = res.body.data as H.Household;
    return { id: h.id, me: h.members.find((m) => m.relation === 'me')?.id as string };
  };
  const dataTable = async (id: string) => {
    const res = await call('POST', 'customer/calculate/data-tables', { household_id: id, as_of: '2026-01-01' });
    expect(res.status).toBe(200);
    return res.body.data.rows as Array<{ year: number; goals: number; income: number; net_cash_flow: number }>;
  };

  it('a goal made from the education dream 2036-2039 shows in the Goals column in those years only', async () => {
    const h = await newHousehold();
    await call('POST', 'customer/member-income', {
      lead_id: h.id,
      member_id: h.me,
      kind: 'gross income',
      amount: 9000,
      currency: 'SGD',
    });
    const dream = await call('POST', `advisor/leads/${h.id}/dreams`, {
      title: 'Children’s education',
      question_answers: [{ question: 'Which children, and from which year?', answer: 'Both, from 2036, 250,000' }],
    });
    expect(dream.status).toBe(201);
    const before = await dataTable(h.id);
    expect(before.every((r) => r.goals === 0)).toBe(true);

    const goal = await call('POST', 'customer/goals', {
      lead_id: h.id,
      type: 'education',
      member_id: h.me,
      dream_id: dream.body.data.id,
      year_from: 2036,
      year_to: 2039,
      amount: 62500,
      inflation_rate: 0,
      currency: 'SGD',
    });
    expect(goal.status).toBe(201);
    expect(goal.body.data.dream_id).toBe(dream.body.data.id);
    const rows = await dataTable(h.id);
    const goals = Object.fromEntries(rows.filter((r) => r.goals !== 0).map((r) => [r.year, r.goals]));
    expect(goals).toEqual({ 2036: 62500, 2037: 62500, 2038: 62500, 2039: 62500 });

    // growth_rate 2 (above no inflation): 62,500 × 1.02^10 = 62,500 × 1.218994 = 76,187.15 in 2036 (80,850.41 in 2039)
    await call('PATCH', `customer/goals/${goal.body.data.id}`, { growth_rate: 2 });
    const grown = await dataTable(h.id);
    expect(grown.find((r) => r.year === 2036)?.goals).toBe(76187.15);
    expect(grown.find((r) => r.year === 2039)?.goals).toBe(80850.41);
  });

  it('a goal names a dream of its own household', async () => {
    const h = await newHousehold();
    const res = await call('POST', 'customer/goals', {
      lead_id: h.id,
      type: 'car',
      year_from: 2030,
      year_to: 2030,
      amount: 80000,
      currency: 'SGD',
      dream_id: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('dream_id');
  });

  it('the retirement dream’s age is the member’s retirement age: employment income stops there', async () => {
    const h = await newHousehold();
    await call('POST', 'customer/member-income', {
      lead_id: h.id,
      member_id: h.me,
      kind: 'gross income',
      amount: 9000,
      currency: 'SGD',
    });
    // born 1986 (40 on 2026-01-01): the default 55 stops income from 2041
    expect((await dataTable(h.id)).find((r) => r.year === 2041)?.income).toBe(0);
    const dream = await call('POST', `advisor/leads/${h.id}/dreams`, {
      title: 'Retirement',
      question_answers: [
        { question: 'At what age would you like to retire?', answer: '60' },
        { question: 'Where would you like to live?', answer: 'Penang' },
      ],
    });
    expect(dream.status).toBe(201);
    const members = (await call('GET', `earning-member?lead_id=${h.id}`)).body.data as H.Member[];
    expect(members.find((m) => m.id === h.me)?.retirement_age).toBe(60);
    const rows = await dataTable(h.id);
    expect(rows.find((r) => r.year === 2045)?.income).toBe(108000);
    expect(rows.find((r) => r.year === 2046)?.income).toBe(0);

    // a retirement goal starts at that age; it cannot carry a start year of its own
    const own = await call('POST', 'customer/goals', {
      lead_id: h.id,
      type: 'retirement',
      year_from: 2050,
      living_expense: 3000,
      currency: 'SGD',
    });
    expect(own.status).toBe(400);
    const goal = await call('POST', 'customer/goals', {
      lead_id: h.id,
      type: 'retirement',
      living_expense: 3000,
      inflation_rate: 0,
      currency: 'SGD',
    });
    expect(goal.status).toBe(201);
    const withGoal = await dataTable(h.id);
    expect(withGoal.find((r) => r.year === 2045)?.goals).toBe(0);
    expect(withGoal.find((r) => r.year === 2046)?.goals).toBe(36000);
  });

  it('a retirement-dream rental is income in its years; a capital preservation keeps its capital at the plan’s end', async () => {
    const h = await newHousehold();
    const before = await dataTable(h.id);
    const rental = await call('POST', 'customer/retirement-dream-rental', {
      lead_id: h.id,
      property_value: 600000,
      monthly_rental: 2500,
      occupancy_percent: 80,
      currency: 'SGD',
      start_year: 2046,
      end_year: 2050,
    });
    expect(rental.status).toBe(201);
    const rows = await dataTable(h.id);
    // 2,500 × 80% = 2,000 a month, 24,000 a year, 2046-2050 only
    const income = Object.fromEntries(rows.filter((r) => r.income !== 0).map((r) => [r.year, r.income]));
    expect(income).toEqual({ 2046: 24000, 2047: 24000, 2048: 24000, 2049: 24000, 2050: 24000 });
    expect(before.every((r) => r.income === 0)).toBe(true);

    const kept = await call('POST', 'customer/retirement-dream-capital-preservation', {
      lead_id: h.id,
      capital: 100000,
      expected_return: 4,
      withdrawal_rate: 3.5,
      currency: 'SGD',
      start_year: 2046,
    });
    expect(kept.status).toBe(201);
    const withCapital = await dataTable(h.id);
    const last = withCapital[withCapital.length - 1];
    const inflation = 1.03 ** ((last?.year ?? 0) - 2026);
    // the capital, in today's money, set aside in the plan's last year: 100,000 × 1.03^(last − 2026)
    expect(last?.goals).toBeCloseTo(100000 * inflation, 2);
    expect(withCapital.slice(0, -1).every((r) => r.goals === 0)).toBe(true);
  });

  it('the cash-flow summary is this year’s: an expense from 2036 or an income that ended is left out', async () => {
    const h = await newHousehold();
    const year = new Date().getUTCFullYear();
    await call('POST', 'customer/member-income', {
      lead_id: h.id,
      member_id: h.me,
      kind: 'gross income',
      amount: 9000,
      currency: 'SGD',
    });
    await call('POST', 'customer/member-income', {
      lead_id: h.id,
      member_id: h.me,
      kind: 'rental',
      amount: 1000,
      currency: 'SGD',
      end_year: year - 1,
    });
    const uni = await call('POST', 'customer/member-expense', {
      lead_id: h.id,
      category: 'education',
      amount: 30000,
      frequency: 'annual',
      currency: 'SGD',
      start_year: year + 10,
      end_year: year + 13,
    });
    expect(uni.status).toBe(201);
    const bad = await call('POST', 'customer/member-expense', {
      lead_id: h.id,
      category: 'education',
      amount: 1,
      currency: 'SGD',
      start_year: 2039,
      end_year: 2036,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('end_year');
    const summary = (await call('GET', `customer/cash-flow/${h.id}`)).body.data;
    expect(summary.totals.income).toEqual({ monthly: 9000, annual: 108000 });
    expect(summary.totals.expenses).toEqual({ monthly: 0, annual: 0 });
  });
});
