import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import { type Identity, signIdentityHeaders, testIdentity } from '@kinfolio/service-kit';
import { type ClientSocket, connectAs, connected, join, sleep } from '../helpers';
import { SupportReplicas } from './support-replicas';

jest.setTimeout(180_000);

describe('svc-support with two replicas (distributed: PostgreSQL, RabbitMQ, Redis adapter)', () => {
  const cluster = new SupportReplicas(2);
  const advisor = testIdentity('advisor');
  const admin = testIdentity('admin');
  const sockets: ClientSocket[] = [];

  const call = async (replica: number, method: string, path: string, who: Identity, body?: unknown) => {
    const res = await fetch(`${cluster.replicas[replica]!.url}/api/v1/${path}`, {
      method,
      headers: {
        ...signIdentityHeaders(cluster.secret, who, undefined, randomUUID()),
        'content-type': 'application/json',
        'x-requested-with': 'kinfolio',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: any; message?: string } };
  };

  beforeAll(async () => {
    await cluster.start();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster.stop();
  });

  it('a reply posted through replica A reaches a socket connected to replica B', async () => {
    const ticket = (await call(0, 'POST', 'user/query-ticket', advisor, { query: 'across replicas' })).body
      .data as support.Ticket;
    const onB = connectAs(cluster.replicas[1]!.url, cluster.secret, advisor);
    sockets.push(onB);
    await connected(onB);
    expect(await join(onB, ticket.id)).toEqual({ ok: true });
    const received: support.ReplyCreatedMessage[] = [];
    onB.on('reply:created', (m) => received.push(m));
    const posted = await call(0, 'POST', `admin/query-ticket/${ticket.id}/reply`, admin, { reply: 'from A' });
    expect(posted.status).toBe(201);
    const until = Date.now() + 5000;
    while (!received.length && Date.now() < until) await sleep(20);
    expect(received).toHaveLength(1);
    expect(received[0]!.reply).toEqual(posted.body.data);
  });

  it('a client disconnected during three replies shows all three exactly once after reconnecting', async () => {
    const ticket = (await call(1, 'POST', 'user/query-ticket', advisor, { query: 'reconnect' })).body
      .data as support.Ticket;
    const shown = new Map<string, support.Reply>();
    const order: string[] = [];
    const show = (r: support.Reply) => {
      if (shown.has(r.id)) return;
      shown.set(r.id, r);
      order.push(r.id);
    };
    let lastSeen: string | undefined;
    const attach = async (replica: number) => {
      const s = connectAs(cluster.replicas[replica]!.url, cluster.secret, advisor);
      sockets.push(s);
      s.on('reply:created', (m) => {
        if (m.ticket_id !== ticket.id) return;
        show(m.reply);
        lastSeen = m.reply.id;
      });
      await connected(s);
      expect(await join(s, ticket.id)).toEqual({ ok: true });
      return s;
    };

    const first = await attach(1);
    const before = await call(0, 'POST', `admin/query-ticket/${ticket.id}/reply`, admin, { reply: 'before the drop' });
    const until = Date.now() + 5000;
    while (!shown.has(before.body.data.id) && Date.now() < until) await sleep(20);
    expect(lastSeen).toBe(before.body.data.id);

    first.disconnect();
    const missed: string[] = [];
    for (const n of [1, 2, 3])
      missed.push(
        (await call(n % 2, 'POST', `admin/query-ticket/${ticket.id}/reply`, admin, { reply: `missed ${n}` })).body.data
          .id,
      );

    // reconnect (to the other replica), listen live first, then fetch what was missed; ids de-duplicate
    const second = await attach(0);
    const fetched = await call(0, 'GET', `user/query-ticket/${ticket.id}?after=${lastSeen}`, advisor);
    for (const r of fetched.body.data.replies as support.Reply[]) show(r);
    const live = await call(1, 'POST', `admin/query-ticket/${ticket.id}/reply`, admin, { reply: 'after reconnect' });
    const until2 = Date.now() + 5000;
    while (!shown.has(live.body.data.id) && Date.now() < until2) await sleep(20);
    // a refetch overlapping the live event changes nothing
    for (const r of (await call(1, 'GET', `user/query-ticket/${ticket.id}`, advisor)).body.data
      .replies as support.Reply[])
      show(r);

    expect(order).toEqual([before.body.data.id, ...missed, live.body.data.id]);
    expect([...shown.values()].map((r) => r.reply)).toEqual([
      'before the drop',
      'missed 1',
      'missed 2',
      'missed 3',
      'after reconnect',
    ]);
    second.disconnect();
  });

  it('replicas share the pending count and refuse sockets without a signed identity', async () => {
    const staff = connectAs(cluster.replicas[1]!.url, cluster.secret, admin);
    sockets.push(staff);
    await connected(staff);
    const counts: number[] = [];
    staff.on('tickets:pending', (m) => counts.push(m.count));
    await call(0, 'POST', 'user/query-ticket', advisor, { query: 'count me' });
    const expected = (await call(1, 'GET', 'admin/query-tickets?have_pending_tickets=true', admin)).body.data as number;
    const until = Date.now() + 5000;
    while (!counts.includes(expected) && Date.now() < until) await sleep(20);
    expect(counts).toContain(expected);
    const anon = connectAs(cluster.replicas[0]!.url, cluster.secret, null);
    sockets.push(anon);
    await expect(connected(anon)).rejects.toThrow('Invalid token');
  });
});
