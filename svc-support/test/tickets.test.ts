import { support } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { type ClientSocket, connectAs, connected, fixtures, join, next, sleep, upload } from './helpers';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-support tickets and live replies (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');
  const other = testIdentity('advisor');
  const admin = testIdentity('admin');
  const sockets: ClientSocket[] = [];
  const sock = (who: Parameters<typeof connectAs>[2]) => {
    const s = connectAs(t.svc.url, t.secret, who);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await t.stop();
  });

  const raise = async (who = advisor, body: Record<string, unknown> = { query: 'How do I add a customer?' }) => {
    const res = await t.call('POST', 'user/query-ticket', { as: who, body });
    expect(res.status).toBe(201);
    return res.body.data as support.Ticket;
  };

  it('raises a ticket with the default query type and a human-readable unique reference id', async () => {
    const a = await raise();
    const b = await raise(customer, { query: 'Second', query_type: 'Others' });
    expect(a.query_type).toBe('General enquiry');
    expect(b.query_type).toBe('Others');
    expect(a.status).toBe('pending');
    expect(a.reference_id).toMatch(/^KF-\d{4}-\d{6}$/);
    expect(b.reference_id).not.toBe(a.reference_id);
    expect(support.Ticket.parse(a)).toBeTruthy();
  });

  it('raises a ticket with an uploaded image attachment and serves the image back', async () => {
    const up = await upload(t, 'files/media-upload', advisor, [{ name: 'shot.png', body: fixtures.png }]);
    expect(up.status).toBe(201);
    const [file] = up.body.data as Array<{ key: string; url: string; fileName: string; mimetype: string }>;
    const ticket = await raise(advisor, {
      query: 'See screenshot',
      attachments: [{ media: file!.key, mimetype: file!.mimetype, fileName: file!.fileName }],
    });
    expect(ticket.attachments[0]?.media).toBe(file!.key);
    const got = await t.call('GET', ticket.attachments[0]!.url, { as: advisor });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    // a ticket's attachment is not for anyone without a session (issue 10 item 4)
    expect((await t.call('GET', ticket.attachments[0]!.url)).status).toBe(404);
  });

  it("refuses an attachment key under another user's folder", async () => {
    const res = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: {
        query: 'x',
        attachments: [
          { media: `storage/user/media/${other.userId}/1700000000000.png`, mimetype: 'image/png', fileName: 'a.png' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toHaveProperty(['attachments.0.media']);
  });

  it('lists only the caller’s own tickets, filtered by status', async () => {
    const mine = await raise(other, { query: 'mine' });
    const closed = await raise(other, { query: 'to close' });
    expect(
      (await t.call('PATCH', `user/query-ticket/${closed.id}/update`, { as: other, body: { status: 'closed' } }))
        .status,
    ).toBe(200);
    const pending = await t.call('GET', 'user/query-tickets?status=pending', { as: other });
    expect(pending.body.data.rows.map((r: support.Ticket) => r.id)).toEqual([mine.id]);
    const closedList = await t.call('GET', 'user/query-tickets?status=closed', { as: other });
    expect(closedList.body.data.rows.map((r: support.Ticket) => r.id)).toEqual([closed.id]);
    const all = await t.call('GET', 'user/query-tickets', { as: other });
    expect(all.body.data.total).toBe(2);
    expect((await t.call('GET', 'user/query-tickets?status=open', { as: other })).status).toBe(400);
  });

  it('lets owner and admin converse, and a closed ticket refuses replies with the spec text', async () => {
    const ticket = await raise(customer, { query: 'Customer question' });
    const r1 = await t.call('POST', `user/query-ticket/${ticket.id}/reply`, {
      as: customer,
      body: { reply: 'more detail' },
    });
    expect(r1.status).toBe(201);
    expect(r1.body.data.created_by).toBe(customer.userId);
    const r2 = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, { as: admin, body: { reply: 'answer' } });
    expect(r2.body.data.created_by).toBe('admin');
    const got = await t.call('GET', `user/query-ticket/${ticket.id}`, { as: customer });
    expect(got.body.data.replies.map((r: support.Reply) => r.reply)).toEqual(['more detail', 'answer']);
    expect(got.body.data.replies_count).toBe(2);
    const adminView = await t.call('GET', `admin/query-ticket/${ticket.id}`, { as: admin });
    expect(adminView.body.data.replies).toHaveLength(2);
    expect(
      (await t.call('PATCH', `admin/query-ticket/${ticket.id}/update`, { as: admin, body: { status: 'Closed' } })).body
        .data.status,
    ).toBe('closed');
    for (const [path, who] of [
      [`user/query-ticket/${ticket.id}/reply`, customer],
      [`admin/query-ticket/${ticket.id}/reply`, admin],
    ] as const) {
      const refused = await t.call('POST', path, { as: who, body: { reply: 'late' } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('You cannot reply to this conversation anymore');
    }
    expect(
      (await t.call('PATCH', `admin/query-ticket/${ticket.id}/update`, { as: admin, body: { status: 'Pending' } })).body
        .data.status,
    ).toBe('pending');
  });

  it('a reply needs text or an attachment', async () => {
    const ticket = await raise();
    const res = await t.call('POST', `user/query-ticket/${ticket.id}/reply`, { as: advisor, body: { reply: '   ' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toHaveProperty('reply');
  });

  it('gives admins the pending count and a paged list with status filter', async () => {
    const before = (await t.call('GET', 'admin/query-tickets?have_pending_tickets=true', { as: admin })).body
      .data as number;
    const tk = await raise();
    expect((await t.call('GET', 'admin/query-tickets?have_pending_tickets=true', { as: admin })).body.data).toBe(
      before + 1,
    );
    const page = await t.call('GET', 'admin/query-tickets?status=pending&page=1&page_size=2', { as: admin });
    expect(page.body.data.rows).toHaveLength(2);
    expect(page.body.data.total).toBe(before + 1);
    expect(page.body.data.rows[0].id).toBe(tk.id);
  });

  it("refuses another user's ticket by id with 404 everywhere", async () => {
    const ticket = await raise(advisor, { query: 'private' });
    for (const who of [other, customer]) {
      expect((await t.call('GET', `user/query-ticket/${ticket.id}`, { as: who })).status).toBe(404);
      expect(
        (await t.call('POST', `user/query-ticket/${ticket.id}/reply`, { as: who, body: { reply: 'hi' } })).status,
      ).toBe(404);
      expect(
        (await t.call('PATCH', `user/query-ticket/${ticket.id}/update`, { as: who, body: { status: 'closed' } }))
          .status,
      ).toBe(404);
    }
    expect((await t.call('GET', `user/query-ticket/${ticket.id}`, { as: advisor })).body.data.replies).toEqual([]);
    expect((await t.call('GET', 'user/query-ticket/not-a-uuid', { as: advisor })).status).toBe(404);
  });

  it('refuses customers and advisors on admin calls and admins on user calls, and anonymous callers', async () => {
    const ticket = await raise();
    const adminCalls: Array<[string, string, unknown?]> = [
      ['GET', 'admin/query-tickets'],
      ['GET', 'admin/query-tickets?have_pending_tickets=true'],
      ['GET', `admin/query-ticket/${ticket.id}`],
      ['POST', `admin/query-ticket/${ticket.id}/reply`, { reply: 'x' }],
      ['PATCH', `admin/query-ticket/${ticket.id}/update`, { status: 'closed' }],
      ['GET', 'log-errors'],
      ['GET', 'admin/user/logs'],
      ['GET', 'admin/faq'],
      ['POST', 'admin/faq/create', { title: 'x' }],
      ['POST', 'admin/faq-topic/create', { title: 'x' }],
      ['POST', 'admin/page-walkthrough/create', { title: 'x', page_meta: { data: ['a'] } }],
      ['POST', 'admin/presentations/create', { folder_name: 'x' }],
    ];
    for (const who of [advisor, customer]) {
      for (const [method, path, body] of adminCalls)
        expect((await t.call(method, path, { as: who, body })).status).toBe(403);
    }
    for (const [method, path, body] of adminCalls)
      expect((await t.call(method, path, { as: null, body })).status).toBe(401);
    expect((await t.call('POST', 'user/query-ticket', { as: admin, body: { query: 'x' } })).status).toBe(403);
    expect((await t.call('GET', 'user/query-tickets', { as: admin })).status).toBe(403);
    expect((await t.call('GET', `admin/query-ticket/${ticket.id}/reply`, { as: admin })).status).toBe(404);
    const snapshot = await t.call('GET', `user/query-ticket/${ticket.id}`, { as: advisor });
    expect(snapshot.body.data.status).toBe('pending');
    expect(snapshot.body.data.replies).toEqual([]);
  });

  it('refuses markup in a reply (spec §5 text rule, issue 10 item 8) and stores nothing', async () => {
    const ticket = await raise();
    const payload = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    const res = await t.call('POST', `user/query-ticket/${ticket.id}/reply`, { as: advisor, body: { reply: payload } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.body.errors).toEqual([{ reply: ['Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed'] }]);
    const stored = await t.call('GET', `user/query-ticket/${ticket.id}`, { as: advisor });
    expect(stored.body.data.replies).toEqual([]);
  });

  it('delivers a reply live to the owner’s socket, a new ticket and the pending count to admins', async () => {
    const owner = sock(advisor);
    const staff = sock(admin);
    await Promise.all([connected(owner), connected(staff)]);
    const createdP = next(staff, 'ticket:created');
    const pendingP = next(staff, 'tickets:pending');
    const ticket = await raise();
    expect((await createdP).ticket.id).toBe(ticket.id);
    expect((await pendingP).count).toBe(
      (await t.call('GET', 'admin/query-tickets?have_pending_tickets=true', { as: admin })).body.data,
    );
    expect(await join(owner, ticket.id)).toEqual({ ok: true });
    const liveP = next(owner, 'reply:created');
    const posted = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, {
      as: admin,
      body: { reply: 'live answer' },
    });
    const live = await liveP;
    expect(live.ticket_id).toBe(ticket.id);
    expect(live.reply).toEqual(posted.body.data);
    const updatedP = next(owner, 'ticket:updated');
    const pending2P = next(staff, 'tickets:pending');
    await t.call('PATCH', `user/query-ticket/${ticket.id}/update`, { as: advisor, body: { status: 'closed' } });
    expect((await updatedP).ticket.status).toBe('closed');
    expect(typeof (await pending2P).count).toBe('number');
  });

  it("refuses a socket without identity and a socket asking to join another user's ticket room", async () => {
    const anon = connectAs(t.svc.url, 'wrong-secret-wrong-secret-wrong-secret', advisor);
    sockets.push(anon);
    await expect(connected(anon)).rejects.toThrow('Invalid token');
    const ticket = await raise(advisor, { query: 'room' });
    const intruder = sock(other);
    await connected(intruder);
    expect(await join(intruder, ticket.id)).toEqual({ ok: false, message: 'Not found' });
    expect(await join(intruder, 'junk')).toMatchObject({ ok: false });
    let leaked = 0;
    intruder.on('reply:created', () => leaked++);
    const staff = sock(admin);
    await connected(staff);
    expect(await join(staff, ticket.id)).toEqual({ ok: true });
    const staffP = next(staff, 'reply:created');
    await t.call('POST', `user/query-ticket/${ticket.id}/reply`, { as: advisor, body: { reply: 'secret' } });
    await staffP;
    await sleep(100);
    expect(leaked).toBe(0);
  });

  it('after a dropped connection the client fetches exactly what it missed with ?after=', async () => {
    const ticket = await raise();
    const first = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, { as: admin, body: { reply: 'seen' } });
    const s1 = sock(advisor);
    await connected(s1);
    s1.disconnect();
    for (const n of [1, 2, 3])
      await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, { as: admin, body: { reply: `missed ${n}` } });
    const s2 = sock(advisor);
    await connected(s2);
    const missed = await t.call('GET', `user/query-ticket/${ticket.id}?after=${first.body.data.id}`, { as: advisor });
    expect(missed.body.data.replies.map((r: support.Reply) => r.reply)).toEqual(['missed 1', 'missed 2', 'missed 3']);
    const byTime = await t.call(
      'GET',
      `admin/query-ticket/${ticket.id}?after=${encodeURIComponent(first.body.data.createdAt)}`,
      { as: admin },
    );
    expect(byTime.body.data.replies).toHaveLength(3);
    expect((await t.call('GET', `user/query-ticket/${ticket.id}?after=yesterday`, { as: advisor })).status).toBe(400);
  });

  it('publishes support.reply.created.v1 through the outbox', async () => {
    const ticket = await raise();
    const res = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, {
      as: admin,
      body: { reply: 'evented' },
    });
    const rows = await t.svc.ctx.db('outbox').where({ type: 'support.reply.created.v1' });
    const mine = rows.find((r: { payload: unknown }) => {
      const p = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { reply_id: string };
      return p.reply_id === res.body.data.id;
    });
    expect(mine).toBeDefined();
  });
});
