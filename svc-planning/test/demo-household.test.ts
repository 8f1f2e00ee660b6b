import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { DEMO_CUSTOMER_EMAIL } from '../src/messaging/demo-household';
import { planningModule } from '../src/module';

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

/** `npm start` (SEED_DEMO) opens on a real example: the demo customer's household, readable by them and their advisor. */
describe.each(testInfras())('svc-planning demo household (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra, env: { SEED_DEMO: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const created = (payload: Record<string, unknown>) => ({
    id: randomUUID(),
    type: 'auth.customer.created.v1',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  });
  const handled = async (id: string) =>
    Number((await t.svc.ctx.db('processed_events').where({ event_id: id }).count('* as n'))[0]!.n) === 1;

  it('seeds one household for the demo customer, with figures the cash-flow summary adds up; other customers get none', async () => {
    const advisor = testIdentity('advisor');
    const customer = testIdentity('customer');
    const demo = created({
      user_id: customer.userId,
      advisor_id: advisor.userId,
      email: DEMO_CUSTOMER_EMAIL,
      name: 'Demo Customer',
    });
    const someone = created({
      user_id: randomUUID(),
      advisor_id: advisor.userId,
      email: 'else@example.com',
      name: 'Else',
    });
    await t.ports.bus.publish([demo, someone]);
    await eventually(async () => (await handled(demo.id)) && (await handled(someone.id)));

    const list = await t.call('GET', 'leads/customer', { as: advisor });
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Demo Customer']);
    const mine = await t.call('GET', `single-lead/${customer.userId}`, { as: customer });
    expect(mine.status).toBe(200);
    expect(mine.body.data.members.map((m: { relation: string }) => m.relation)).toEqual(['all', 'me', 'spouse']);
    const flow = await t.call('GET', `customer/cash-flow/${customer.userId}`, { as: customer });
    // incomes 8,500 + 6,200 a month and 17,000 a year; expenses 1,200 + 280 + 650 + 450 + 900; living 1,800
    expect(flow.body.data.totals.income.annual).toBeCloseTo((8500 + 6200) * 12 + 17000, 2);
    expect(flow.body.data.totals.expenses.monthly).toBeCloseTo(3480, 2);
    expect(flow.body.data.totals.living_expenses.monthly).toBeCloseTo(1800, 2);
    const dreams = await t.call('GET', `advisor/leads/${customer.userId}/dreams`, { as: customer });
    expect(dreams.body.data.rows.map((d: { title: string }) => d.title)).toEqual(['Retire at 60']);

    // delivered again (or svc-auth seeding on a second start): still one household
    await t.ports.bus.publish([
      created({
        user_id: customer.userId,
        advisor_id: advisor.userId,
        email: DEMO_CUSTOMER_EMAIL,
        name: 'Demo Customer',
      }),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(Number((await t.svc.ctx.db('households').where({ advisor_id: advisor.userId }).count('* as n'))[0]!.n)).toBe(
      1,
    );
  });
});
