import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

/** Issue 15: auth.lead-magnet.requested.v1 makes the visitor a lead of the advisor, once, live on the Leads page. */
describe.each(testInfras())('svc-planning leads from lead-magnet downloads (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const envelope = (payload: Record<string, unknown>, id = randomUUID()) => ({
    id,
    type: 'auth.lead-magnet.requested.v1',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: {
      advisor_id: advisor.userId,
      lead_magnet_id: randomUUID(),
      lead_magnet_title: 'Retirement checklist',
      requested_at: new Date().toISOString(),
      ...payload,
    },
  });
  const handled = async (id: string) =>
    Number((await t.svc.ctx.db('processed_events').where({ event_id: id }).count('* as n'))[0]!.n) === 1;
  const leadsNamed = async (email: string) =>
    (await t.call('GET', `leads/lead?search=${encodeURIComponent(email)}`, { as: advisor })).body.data.rows.filter(
      (h: { email: string | null }) => h.email === email,
    );
  const changedEvents = async (householdId: string) =>
    (await t.svc.ctx.db('outbox').where({ type: 'planning.household.changed.v1' }))
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload))
      .filter((p: { household_id: string }) => p.household_id === householdId);

  it('creates exactly one lead for a replayed event, with the lead magnet as its source and a household-changed event', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const ev = envelope({ name: 'Priya Nair', email });
    await t.ports.bus.publish([ev]);
    await eventually(() => handled(ev.id));
    await t.ports.bus.publish([ev]); // the same event again (redelivery)
    await new Promise((r) => setTimeout(r, 300));

    const rows = await t.svc.ctx.db('households').where({ advisor_id: advisor.userId, email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'lead',
      name: 'Priya Nair',
      referral_id: 'Lead magnet: Retirement checklist',
    });
    const listed = await leadsNamed(email);
    expect(listed.map((h: { name: string }) => h.name)).toEqual(['Priya Nair']);
    const changed = await changedEvents(rows[0].id);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ advisor_id: advisor.userId, change: 'created' });
  });

  it('a second download with the same e-mail (another event) adds no lead; another advisor gets their own', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const first = envelope({ name: 'Tan Wei', email });
    const second = envelope({ name: 'Wei Tan', email: email.toUpperCase(), lead_magnet_title: 'Budget sheet' });
    await t.ports.bus.publish([first]);
    await eventually(() => handled(first.id));
    await t.ports.bus.publish([second]);
    await eventually(() => handled(second.id));
    expect(await t.svc.ctx.db('households').where({ advisor_id: advisor.userId, email })).toHaveLength(1);

    const otherAdvisor = testIdentity('advisor');
    const theirs = envelope({ name: 'Tan Wei', email, advisor_id: otherAdvisor.userId });
    await t.ports.bus.publish([theirs]);
    await eventually(() => handled(theirs.id));
    expect(await t.svc.ctx.db('households').where({ advisor_id: otherAdvisor.userId, email })).toHaveLength(1);
  });
});
