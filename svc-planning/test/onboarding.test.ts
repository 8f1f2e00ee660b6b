import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { ONBOARDING_SUBMITS_PER_HOUR } from '../src/households/onboarding.routes';
import { planningModule } from '../src/module';

/** Issue 11: a visitor's fact-find from an advisor's invitation link, with no session. */
describe.each(testInfras())('svc-planning public on-boarding (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  let n = 0;
  const address = () => `203.0.113.${++n}`;
  const submit = (body: unknown, client = address()) =>
    t.call('POST', 'on-boarding/submit', { as: null, body, client });
  const body = (advisorId: string) => ({
    advisor_id: advisorId,
    referral_id: 'REF42',
    lead: {
      name: 'Nur Aisyah',
      email: 'nur@example.com',
      age: 36,
      gender: 'female',
      currency: 'RM',
      members: [{ name: 'Hafiz', relation: 'spouse', gender: 'male', age: 38 }],
    },
    incomes: [
      { member_index: 0, amount: 7200 },
      { member_index: 1, amount: 5400 },
    ],
    expenses: [
      { category: 'food', amount: 1500 },
      { category: 'transport', amount: 600 },
    ],
  });

  it('creates the lead for that advisor with its members, incomes and expenses, and says nothing else', async () => {
    const advisor = testIdentity('advisor');
    const res = await submit(body(advisor.userId));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data)).toEqual(['id']);
    const id = res.body.data.id as string;

    const leads = await t.call('GET', 'leads/lead', { as: advisor });
    expect(leads.body.data.rows.map((r: { id: string; name: string }) => [r.id, r.name])).toEqual([[id, 'Nur Aisyah']]);
    const hh = await t.call('GET', `single-lead/${id}`, { as: advisor });
    expect(hh.body.data.referral_id).toBe('REF42');
    expect(hh.body.data.members.map((m: { name: string; relation: string }) => [m.relation, m.name])).toEqual([
      ['me', 'Nur Aisyah'],
      ['spouse', 'Hafiz'],
    ]);
    const flow = await t.call('GET', `customer/cash-flow/${id}`, { as: advisor });
    expect(flow.body.data.totals.income.monthly).toBeCloseTo(12600, 2);
    expect(flow.body.data.totals.expenses.monthly).toBeCloseTo(2100, 2);
    const spouse = flow.body.data.members.find((m: { relation: string }) => m.relation === 'spouse');
    expect(spouse.income.monthly).toBeCloseTo(5400, 2);
    // another advisor sees none of it
    expect((await t.call('GET', `single-lead/${id}`, { as: testIdentity('advisor') })).status).toBe(404);
  });

  it('refuses a bad body with 400 naming the field, and creates nothing', async () => {
    const advisor = testIdentity('advisor');
    const cases: Array<[unknown, string]> = [
      [{ ...body(advisor.userId), advisor_id: 'not-a-uuid' }, 'advisor_id'],
      [{ ...body(advisor.userId), lead: { ...body(advisor.userId).lead, name: '' } }, 'lead.name'],
      [{ ...body(advisor.userId), expenses: [{ category: 'groceries', amount: 1 }] }, 'expenses.0.category'],
      [{ ...body(advisor.userId), incomes: [{ member_index: 0, amount: -5 }] }, 'incomes.0.amount'],
      [{ ...body(advisor.userId), extra: true }, 'extra'],
    ];
    for (const [b, field] of cases) {
      const res = await submit(b);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field.split('.')[0] as string);
    }
    expect((await t.call('GET', 'leads/lead', { as: advisor })).body.data.total).toBe(0);
  });

  it(`allows ${ONBOARDING_SUBMITS_PER_HOUR} submissions an hour from one address, then answers 429`, async () => {
    const advisor = testIdentity('advisor');
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < ONBOARDING_SUBMITS_PER_HOUR; i++)
      expect((await submit(body(advisor.userId), client)).status).toBe(201);
    const over = await submit(body(advisor.userId), client);
    expect(over.status).toBe(429);
    expect((await submit(body(advisor.userId), `192.0.2.${randomUUID().charCodeAt(0) % 200}`)).status).toBe(201);
    expect((await t.call('GET', 'leads/lead', { as: advisor })).body.data.total).toBe(ONBOARDING_SUBMITS_PER_HOUR + 1);
  });
});
