import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../../svc-planning/src/module';
import { supportModule } from '../src/module';
import { type ClientSocket, connectAs, connected } from './helpers';

jest.setTimeout(60_000);

/** Issue 11 live household: a change saved in svc-planning reaches the household's own open screens, and no one else's. */
describe.each(testInfras())('live household (%s)', (infra) => {
  let planning: TestService;
  let sup: TestService;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    planning = await startTestService(planningModule, { infra });
    sup = await startTestService(supportModule, { infra, ports: planning.ports });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await sup?.stop();
    await planning?.stop();
  });

  const socketOf = async (who: ReturnType<typeof testIdentity>) => {
    const s = connectAs(sup.svc.url, sup.secret, who);
    sockets.push(s);
    await connected(s);
    return s;
  };
  const collect = (s: ClientSocket) => {
    const got: support.HouseholdChangedMessage[] = [];
    s.on('household:changed' as never, (m: support.HouseholdChangedMessage) => {
      got.push(m);
    });
    return got;
  };
  const until = async (check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return check();
  };

  it("an income saved by the advisor reaches the advisor's and the linked customer's sockets within a second; no one else's", async () => {
    const advisor = testIdentity('advisor');
    const created = await planning.call('POST', 'leads', {
      as: advisor,
      body: { name: 'Live Tan', email: `${randomUUID().slice(0, 8)}@example.com` },
    });
    expect(created.status).toBe(201);
    const hh = created.body.data as { id: string; members: Array<{ id: string; relation: string }> };
    const customer = testIdentity('customer');
    const link = {
      id: randomUUID(),
      type: 'auth.customer.linked.v1',
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      payload: { household_id: hh.id, advisor_id: advisor.userId, customer_user_id: customer.userId },
    };
    await planning.ports.bus.publish([link]);
    await until(() => false, 300);
    expect((await planning.call('GET', `single-lead/${hh.id}`, { as: customer })).status).toBe(200);

    const mine = collect(await socketOf(advisor));
    const theirs = collect(await socketOf(customer));
    const stranger = collect(await socketOf(testIdentity('advisor')));
    const otherCustomer = collect(await socketOf(testIdentity('customer')));
    await until(() => false, 1200); // earlier events (the lead, the link) have gone by
    mine.length = 0;
    theirs.length = 0;

    const me = hh.members.find((m) => m.relation === 'me')?.id as string;
    const at = Date.now();
    const saved = await planning.call('POST', 'customer/member-income', {
      as: advisor,
      body: { lead_id: hh.id, member_id: me, kind: 'gross income', amount: 7000, currency: 'SGD' },
    });
    expect(saved.status).toBe(201);
    expect(await until(() => mine.length > 0 && theirs.length > 0, 1000)).toBe(true);
    expect(Date.now() - at).toBeLessThan(1000);
    expect(theirs[0]).toEqual({ household_id: hh.id, change: 'updated', section: 'member-income' });
    expect(mine[0]).toEqual(theirs[0]);
    await until(() => false, 300);
    expect(stranger).toEqual([]);
    expect(otherCustomer).toEqual([]);
  });
});
