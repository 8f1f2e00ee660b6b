import { randomUUID } from 'node:crypto';
import { households as H } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

type Who = ReturnType<typeof testIdentity>;

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

/** Issue 11: auth.customer.linked.v1 links a shared household to its customer login, who then reads it and only it. */
describe.each(testInfras())('svc-planning customer links from svc-auth (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const newLead = async (as = advisor) => {
    const res = await call('POST', 'leads', as, {
      name: 'Alex Tan',
      email: `${randomUUID().slice(0, 8)}@example.com`,
      age: 35,
    });
    expect(res.status).toBe(201);
    return H.Household.parse(res.body.data);
  };
  const envelope = (payload: unknown, id = randomUUID()) => ({
    id,
    type: 'auth.customer.linked.v1',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  });
  const handled = async (id: string) =>
    Number((await t.svc.ctx.db('processed_events').where({ event_id: id }).count('* as n'))[0]!.n) === 1;
  const outbox = async (type: string) =>
    (await t.svc.ctx.db('outbox').where({ type }).orderBy('seq')).map((r) =>
      typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    );

  it('a customer asks for their own household by their user id (/customer/dashboard), and only a linked one answers', async () => {
    const mine = await newLead();
    const customer = testIdentity('customer'); // a login whose id is not the household's (the demo customer's case)
    expect((await call('GET', `single-lead/${customer.userId}`, customer)).status).toBe(404);
    const linked = envelope({ household_id: mine.id, advisor_id: advisor.userId, customer_user_id: customer.userId });
    await t.ports.bus.publish([linked]);
    await eventually(() => handled(linked.id));
    const read = await call('GET', `single-lead/${customer.userId}`, customer);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(mine.id);
    expect(read.body.data.name).toBe('Alex Tan');
    const incomes = await call('GET', `customer/${customer.userId}/member-income`, customer);
    expect(incomes.status).toBe(200);
    expect(incomes.body.data.total).toBe(0);
    expect((await call('GET', `customer/cash-flow/${customer.userId}`, customer)).body.data.household_id).toBe(mine.id);
    // another customer's user id is theirs alone
    const stranger = testIdentity('customer');
    expect((await call('GET', `single-lead/${customer.userId}`, stranger)).status).toBe(404);
  });

  it('linked → the customer reads their household (single-lead, members, records) read-only; another household is 404; redelivery is harmless', async () => {
    const mine = await newLead();
    const other = await newLead();
    const customer = testIdentity('customer', mine.id);
    expect((await call('POST', `customer/share-profile/${mine.id}`, advisor)).status).toBe(200);
    // before the link: nothing is readable
    expect((await call('GET', `single-lead/${mine.id}`, customer)).status).toBe(404);

    const linked = envelope({ household_id: mine.id, advisor_id: advisor.userId, customer_user_id: customer.userId });
    await t.ports.bus.publish([linked]);
    await eventually(() => handled(linked.id));
    const row = await t.svc.ctx.db('households').where({ id: mine.id }).first();
    expect(row.customer_user_id).toBe(customer.userId);

    const read = await call('GET', `single-lead/${mine.id}`, customer);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(mine.id);
    expect((await call('GET', `earning-member?lead_id=${mine.id}`, customer)).status).toBe(200);
    expect((await call('GET', `customer/${mine.id}/member-income`, customer)).status).toBe(200);
    expect((await call('GET', `single-lead/${other.id}`, customer)).status).toBe(404);
    expect((await call('PATCH', `leads/${mine.id}`, customer, { name: 'Changed' })).status).toBe(403);
    expect((await call('GET', 'leads/customer', customer)).status).toBe(403);

    // the same event again, and a re-share's new link event: still the one link, nothing else written
    await t.ports.bus.publish([linked]);
    const again = envelope({ household_id: mine.id, advisor_id: advisor.userId, customer_user_id: customer.userId });
    await t.ports.bus.publish([again]);
    await eventually(() => handled(again.id));
    expect((await t.svc.ctx.db('households').where({ customer_user_id: customer.userId })).map((h) => h.id)).toEqual([
      mine.id,
    ]);
    expect(await outbox('planning.household.deleted.v1')).toEqual([]);
  });

  it("a link naming another advisor's household changes nothing", async () => {
    const theirs = await newLead(testIdentity('advisor'));
    const intruder = testIdentity('customer');
    const e = envelope({ household_id: theirs.id, advisor_id: advisor.userId, customer_user_id: intruder.userId });
    await t.ports.bus.publish([e]);
    await eventually(() => handled(e.id));
    expect((await t.svc.ctx.db('households').where({ id: theirs.id }).first()).customer_user_id).toBeNull();
    expect((await call('GET', `single-lead/${theirs.id}`, intruder)).status).toBe(404);
  });

  it('deleting the household writes planning.household.deleted.v1 with the login; a link arriving after the deletion asks svc-auth again to remove the login', async () => {
    const h = await newLead();
    const customer = testIdentity('customer');
    const linked = envelope({ household_id: h.id, advisor_id: advisor.userId, customer_user_id: customer.userId });
    await t.ports.bus.publish([linked]);
    await eventually(() => handled(linked.id));
    expect((await call('DELETE', `leads/${h.id}/destroy`, advisor)).status).toBe(200);
    expect((await call('GET', `single-lead/${h.id}`, customer)).status).toBe(404);
    expect(await outbox('planning.household.deleted.v1')).toContainEqual(
      expect.objectContaining({ household_id: h.id, advisor_id: advisor.userId, customer_user_id: customer.userId }),
    );

    // shared, then deleted before svc-auth's link came back: the deletion event named no login
    const gone = await newLead();
    expect((await call('DELETE', `leads/${gone.id}/destroy`, advisor)).status).toBe(200);
    const late = testIdentity('customer');
    const e = envelope({ household_id: gone.id, advisor_id: advisor.userId, customer_user_id: late.userId });
    await t.ports.bus.publish([e]);
    await eventually(() => handled(e.id));
    const deletions = (await outbox('planning.household.deleted.v1')).filter((p) => p.household_id === gone.id);
    expect(deletions).toEqual([
      expect.objectContaining({ customer_user_id: null }),
      expect.objectContaining({ customer_user_id: late.userId }),
    ]);
  });
});
