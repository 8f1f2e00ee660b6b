import { randomUUID } from 'node:crypto';
import type { EventEnvelope, support } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { type ClientSocket, connectAs, connected, next } from './helpers';

jest.setTimeout(60_000);

const envelope = (type: string, payload: Record<string, unknown>, occurredAt = new Date()): EventEnvelope => ({
  id: randomUUID(),
  type,
  occurredAt: occurredAt.toISOString(),
  correlationId: randomUUID(),
  payload,
});

async function eventually<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** svc-support keeps names of users from svc-auth's events, for the admin ticket lists. */
describe.each(testInfras())('svc-support owners’ names from auth events (%s)', (infra) => {
  let t: TestService;
  const admin = testIdentity('admin');
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.stop();
  });

  const raise = async (who: ReturnType<typeof testIdentity>) => {
    const res = await t.call('POST', 'user/query-ticket', { as: who, body: { query: 'Who am I?' } });
    expect(res.status).toBe(201);
    return res.body.data as support.Ticket;
  };
  const adminRow = async (ticketId: string, userId: string) => {
    const list = await t.call('GET', `admin/query-tickets?user_id=${userId}`, { as: admin });
    return (list.body.data.rows as support.Ticket[]).find((r) => r.id === ticketId);
  };

  it('shows names from advisor.registered, customer.created and user.updated; ignores an older update; idempotent', async () => {
    const advisor = testIdentity('advisor');
    const customer = testIdentity('customer');
    const a = await raise(advisor);
    const c = await raise(customer);
    expect((await adminRow(a.id, advisor.userId))?.user_name).toBeNull();

    const registered = envelope('auth.advisor.registered.v1', {
      user_id: advisor.userId,
      email: 'ana@example.com',
      name: 'Ana Advisor',
      registered_at: new Date().toISOString(),
    });
    await t.ports.bus.publish([
      registered,
      envelope('auth.customer.created.v1', {
        user_id: customer.userId,
        advisor_id: advisor.userId,
        email: 'cy@example.com',
        name: 'Cy Customer',
      }),
    ]);
    await eventually(async () => (await adminRow(a.id, advisor.userId))?.user_name === 'Ana Advisor');
    // each event type has its own consumer: the customer's event may land a little later than the advisor's
    await eventually(async () => (await adminRow(c.id, customer.userId))?.user_name);
    expect(await adminRow(c.id, customer.userId)).toMatchObject({
      user_name: 'Cy Customer',
      user_email: 'cy@example.com',
    });

    const later = new Date(Date.now() + 60_000);
    await t.ports.bus.publish([
      envelope(
        'auth.user.updated.v1',
        { user_id: advisor.userId, type: 'advisor', name: 'Ana Renamed', email: 'ana@example.com', username: null },
        later,
      ),
    ]);
    await eventually(async () => (await adminRow(a.id, advisor.userId))?.user_name === 'Ana Renamed');
    // an older event arriving late, and the registration redelivered, change nothing
    await t.ports.bus.publish([
      envelope(
        'auth.user.updated.v1',
        { user_id: advisor.userId, type: 'advisor', name: 'Stale Name', email: 'old@example.com', username: null },
        new Date(later.getTime() - 30_000),
      ),
      registered,
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await adminRow(a.id, advisor.userId)).toMatchObject({
      user_name: 'Ana Renamed',
      user_email: 'ana@example.com',
    });
    const one = await t.call('GET', `admin/query-ticket/${a.id}`, { as: admin });
    expect(one.body.data.user_name).toBe('Ana Renamed');
    // the owner's own calls are unchanged
    expect((await t.call('GET', `user/query-ticket/${a.id}`, { as: advisor })).body.data.user_name).toBeUndefined();
  });

  it('forgets a deleted user’s name, and a new ticket reaches admins live with its owner’s name', async () => {
    const customer = testIdentity('customer');
    await t.ports.bus.publish([
      envelope('auth.customer.created.v1', {
        user_id: customer.userId,
        advisor_id: null,
        email: 'del@example.com',
        name: 'Dee Leted',
      }),
    ]);
    const s = connectAs(t.svc.url, t.secret, admin);
    sockets.push(s);
    await connected(s);
    await eventually(async () => t.svc.ctx.db('support_users').where({ id: customer.userId }).first());
    const created = next(s, 'ticket:created');
    const tk = await raise(customer);
    expect((await created).ticket).toMatchObject({ id: tk.id, user_name: 'Dee Leted', user_email: 'del@example.com' });
    await t.ports.bus.publish([
      envelope('auth.user.deleted.v1', { user_id: customer.userId, type: 'customer' }, new Date(Date.now() + 1000)),
    ]);
    await eventually(async () => (await adminRow(tk.id, customer.userId))?.user_name === null);
    expect((await adminRow(tk.id, customer.userId))?.user_email).toBeNull();
  });
});
