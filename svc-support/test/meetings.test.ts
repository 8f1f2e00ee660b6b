import { randomUUID } from 'node:crypto';
import type { meetings as m } from '@kinfolio/contracts';
import { type Identity, startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { ask, type ClientSocket, connectAs, connected, meetingPass, next, sleep, until } from './helpers';

jest.setTimeout(90_000);

// the advisor-away end, shortened for the test (the sweeper reads these when the service starts)
process.env.MEETING_ADVISOR_AWAY_MS = '1200';
process.env.MEETING_SWEEP_MS = '100';

/** Issue 36: meetings on svc-support's live socket. Passes are signed here as svc-planning signs them. */
describe.each(testInfras())('meetings on the live socket (%s)', (infra) => {
  let sup: TestService;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sup = await startTestService(supportModule, { infra });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await sup?.stop();
  });

  const socketOf = async (who: Identity) => {
    const s = connectAs(sup.svc.url, sup.secret, who);
    sockets.push(s);
    await connected(s);
    return s;
  };

  /** A household with its advisor and one customer, and passes for each. */
  const household = () => {
    const advisor = testIdentity('advisor');
    const customer = testIdentity('customer');
    const household_id = randomUUID();
    const base = {
      household_id,
      advisor_id: advisor.userId,
      customer_user_ids: [customer.userId],
      household_name: 'Tan family',
    };
    return {
      advisor,
      customer,
      household_id,
      base,
      advisorPass: (extra: Partial<m.MeetingPassPayload> = {}) =>
        meetingPass(sup.secret, { ...base, user_id: advisor.userId, role: 'advisor', name: 'Ada Advisor', ...extra }),
      customerPass: (extra: Partial<m.MeetingPassPayload> = {}) =>
        meetingPass(sup.secret, { ...base, user_id: customer.userId, role: 'family', name: 'Tan Mei', ...extra }),
    };
  };

  /** The advisor starts and the customer joins; answers both sockets and the meeting's state as the customer saw it. */
  const meetingOf = async (h = household()) => {
    const a = await socketOf(h.advisor);
    const c = await socketOf(h.customer);
    const invited = next(c, 'meeting:invited');
    const started = await ask<m.MeetingState>(a, 'meeting:start', { pass: h.advisorPass() });
    if (!started.ok) throw new Error(started.message);
    expect((await invited).meeting).toEqual({
      id: started.data.id,
      household_id: h.household_id,
      household_name: 'Tan family',
      advisor_id: h.advisor.userId,
      advisor_name: 'Ada Advisor',
      status: 'running',
      started_at: started.data.started_at,
    });
    const joined = await ask<m.MeetingState>(c, 'meeting:join', {
      pass: h.customerPass(),
      meeting_id: started.data.id,
    });
    if (!joined.ok) throw new Error(joined.message);
    return { ...h, a, c, id: started.data.id, started: started.data, joined: joined.data };
  };

  const view = (path: string, year: number | null = null): m.MeetingViewInput => ({ path, year });

  it('the advisor starts, the customer joins, and the customer sees 200 quick views numbered 1..200 in order', async () => {
    const mt = await meetingOf();
    expect(mt.started).toMatchObject({
      seq: 0,
      control: 'advisor',
      view: {
        path: 'financial-report/dashboard',
        search: '',
        year: null,
        highlight: null,
        explain: null,
        scenario: null,
      },
      hands: [],
    });
    expect(mt.joined.participants).toEqual([
      { user_id: mt.advisor.userId, name: 'Ada Advisor', role: 'advisor', connected: true },
      { user_id: mt.customer.userId, name: 'Tan Mei', role: 'family', connected: true },
    ]);
    // a second start answers the running meeting
    const again = await ask<m.MeetingState>(mt.a, 'meeting:start', { pass: mt.advisorPass() });
    expect(again.ok && again.data.id).toBe(mt.id);
    const current = await ask<m.MeetingSummary | null>(mt.c, 'meeting:current', { pass: mt.customerPass() });
    expect(current.ok && current.data?.id).toBe(mt.id);

    const seen: m.MeetingStateChange[] = [];
    mt.c.on('meeting:state', (s) => seen.push(s));
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ask<{ seq: number }>(mt.a, 'meeting:view', {
          meeting_id: mt.id,
          view: view(`financial-report/p${i}`, 2000 + i),
        }),
      ),
    );
    expect(acks.map((r) => (r.ok ? r.data.seq : -1))).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await until(() => seen.length >= 200, 10_000)).toBe(true);
    expect(seen.map((s) => s.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(seen.map((s) => s.view.path)).toEqual(Array.from({ length: 200 }, (_, i) => `financial-report/p${i}`));
    expect(seen[199]).toEqual({
      meeting_id: mt.id,
      seq: 200,
      control: 'advisor',
      by: mt.advisor.userId,
      view: {
        path: 'financial-report/p199',
        search: '',
        year: 2199,
        highlight: null,
        explain: null,
        scenario: null,
      },
    });
    const synced = await ask<m.MeetingState>(mt.c, 'meeting:sync', { meeting_id: mt.id });
    expect(synced.ok && [synced.data.seq, synced.data.view.path]).toEqual([200, 'financial-report/p199']);
  });

  it('two starts at once (two tabs of the advisor) get the same meeting; one invitation is sent', async () => {
    const h = household();
    const [t1, t2] = [await socketOf(h.advisor), await socketOf(h.advisor)];
    const c = await socketOf(h.customer);
    const invitations: m.MeetingInvitedMessage[] = [];
    c.on('meeting:invited', (x) => invitations.push(x));
    const [a, b] = await Promise.all([
      ask<m.MeetingState>(t1, 'meeting:start', { pass: h.advisorPass() }),
      ask<m.MeetingState>(t2, 'meeting:start', { pass: h.advisorPass() }),
    ]);
    if (!a.ok || !b.ok) throw new Error('a start was refused');
    expect(a.data.id).toBe(b.data.id);
    await sleep(300);
    expect(invitations.map((x) => x.meeting.id)).toEqual([a.data.id]);
    // one participant, however many sockets
    const synced = await ask<m.MeetingState>(t1, 'meeting:sync', { meeting_id: a.data.id });
    expect(synced.ok && synced.data.participants).toEqual([
      { user_id: h.advisor.userId, name: 'Ada Advisor', role: 'advisor', connected: true },
    ]);
  });

  it('the family cannot steer until handed control; then the advisor cannot until taking it back', async () => {
    const mt = await meetingOf();
    expect(await ask(mt.c, 'meeting:view', { meeting_id: mt.id, view: view('scenario-modelling') })).toEqual({
      ok: false,
      message: 'The advisor has control of this meeting',
    });
    const handed = next(mt.c, 'meeting:state');
    expect(await ask(mt.a, 'meeting:control', { meeting_id: mt.id, to: 'family' })).toEqual({
      ok: true,
      data: { seq: 1 },
    });
    expect(await handed).toMatchObject({ seq: 1, control: 'family', by: mt.advisor.userId });
    expect(await ask(mt.c, 'meeting:control', { meeting_id: mt.id, to: 'family' })).toEqual({
      ok: false,
      message: 'Only the advisor can hand over or take back control',
    });
    const followed = next(mt.a, 'meeting:state');
    expect(await ask(mt.c, 'meeting:view', { meeting_id: mt.id, view: view('scenario-modelling') })).toEqual({
      ok: true,
      data: { seq: 2 },
    });
    expect(await followed).toMatchObject({ seq: 2, control: 'family', by: mt.customer.userId });
    expect(await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('financial-report') })).toEqual({
      ok: false,
      message: 'The family has control: take it back before changing the view',
    });
    expect(await ask(mt.a, 'meeting:control', { meeting_id: mt.id, to: 'advisor' })).toEqual({
      ok: true,
      data: { seq: 3 },
    });
    expect(await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('financial-report') })).toEqual({
      ok: true,
      data: { seq: 4 },
    });
  });

  it('refuses bad views naming the field, and forged, expired and other users’ passes; another household cannot join', async () => {
    const mt = await meetingOf();
    expect(await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: { path: '../../admin' } })).toEqual({
      ok: false,
      message: 'view.path: Use a dashboard path',
    });
    expect(await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: { path: 'a', year: 3000 } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^view\.year: /),
    });
    expect(await ask(mt.a, 'meeting:view', { meeting_id: 'nope', view: { path: 'a' } })).toEqual({
      ok: false,
      message: 'meeting_id: Use an id',
    });
    // nothing refused changed the meeting
    const state = await ask<m.MeetingState>(mt.a, 'meeting:sync', { meeting_id: mt.id });
    expect(state.ok && state.data.seq).toBe(0);

    const stranger = testIdentity('customer');
    const s = await socketOf(stranger);
    const refused = { ok: false, message: 'pass: This meeting pass is not valid or has expired' };
    const forged = `${mt.customerPass().split('.')[0]}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect(await ask(s, 'meeting:join', { pass: forged, meeting_id: mt.id })).toEqual(refused);
    const expired = mt.customerPass({ exp: Date.now() - 1 });
    expect(await ask(mt.c, 'meeting:join', { pass: expired, meeting_id: mt.id })).toEqual(refused);
    // another secret (a pass not made by svc-planning)
    const alien = meetingPass('y'.repeat(48), { ...mt.base, user_id: stranger.userId, role: 'family', name: 'X' });
    expect(await ask(s, 'meeting:join', { pass: alien, meeting_id: mt.id })).toEqual(refused);
    // the customer's own pass presented by someone else
    expect(await ask(s, 'meeting:join', { pass: mt.customerPass(), meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'pass: This meeting pass was made for someone else',
    });
    // a family pass cannot start
    expect(await ask(mt.c, 'meeting:start', { pass: mt.customerPass() })).toEqual({
      ok: false,
      message: "pass: Only the household's advisor can start a meeting",
    });
    // a valid pass of another household (the stranger's own) cannot join this meeting, nor see it
    const other = household();
    const otherCustomer = await socketOf(other.customer);
    expect(await ask(otherCustomer, 'meeting:join', { pass: other.customerPass(), meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'meeting_id: Not found',
    });
    expect(await ask(otherCustomer, 'meeting:sync', { meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'meeting_id: Join the meeting first',
    });
    expect(await ask(otherCustomer, 'meeting:current', { pass: other.customerPass() })).toEqual({
      ok: true,
      data: null,
    });
    // the other household's advisor cannot end it
    const otherAdvisor = await socketOf(other.advisor);
    expect(await ask(otherAdvisor, 'meeting:end', { meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'meeting_id: Not found',
    });
    // nor see its views
    const leaked: unknown[] = [];
    otherCustomer.on('meeting:state', (x) => leaked.push(x));
    otherAdvisor.on('meeting:state', (x) => leaked.push(x));
    await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('financial-report') });
    await sleep(200);
    expect(leaked).toEqual([]);
  });

  it('a view carrying a large what-if (500 assets sold in order, 500 locked) reaches the family whole', async () => {
    const mt = await meetingOf();
    const ids = (tag: string) => Array.from({ length: 500 }, (_, i) => `${tag}-${i}-${'x'.repeat(50)}`);
    const what_if = {
      retirement_age: { me: 60 },
      income_change_percent: {},
      expense_change_percent: {},
      property_sale_year: { condo: 2035 },
      sell_sequence: ids('sell'),
      locked_assets: ids('lock'),
    };
    expect(JSON.stringify(what_if).length).toBeGreaterThan(60_000);
    const got = next(mt.c, 'meeting:state');
    const sent = await ask(mt.a, 'meeting:view', {
      meeting_id: mt.id,
      view: { path: 'scenario-modelling', scenario: { what_if } },
    });
    expect(sent).toEqual({ ok: true, data: { seq: 1 } });
    expect((await got).view.scenario).toEqual({ named_scenario_id: null, compare_with: null, what_if });
    expect(mt.a.connected).toBe(true);
  });

  it('a customer who reconnects after missing views lands on the current one; sync answers the whole state', async () => {
    const mt = await meetingOf();
    await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('financial-report/dashboard/networth') });
    mt.c.disconnect();
    const left = await next(mt.a, 'meeting:participants');
    expect(left.participants.find((p) => p.user_id === mt.customer.userId)?.connected).toBe(false);
    for (const p of ['cashflow', 'insurance', 'scenario-modelling'])
      await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view(p, 2040) });
    const again = await socketOf(mt.customer);
    const back = await ask<m.MeetingState>(again, 'meeting:join', { pass: mt.customerPass(), meeting_id: mt.id });
    expect(back.ok && [back.data.seq, back.data.view.path, back.data.view.year]).toEqual([
      4,
      'scenario-modelling',
      2040,
    ]);
    const sync = await ask<m.MeetingState>(again, 'meeting:sync', { meeting_id: mt.id });
    expect(sync.ok && sync.data.participants.map((p) => [p.role, p.connected])).toEqual([
      ['advisor', true],
      ['family', true],
    ]);
  });

  it('ending tells everyone and empties the room; the meeting is no longer current', async () => {
    const mt = await meetingOf();
    const ended = next(mt.c, 'meeting:ended');
    expect(await ask(mt.a, 'meeting:end', { meeting_id: mt.id })).toEqual({ ok: true, data: null });
    expect(await ended).toEqual({ meeting_id: mt.id, reason: 'ended' });
    // the room empties through the adapter, so a sync right after may still find the socket in it: refused either way
    expect(await ask(mt.c, 'meeting:sync', { meeting_id: mt.id })).toEqual({
      ok: false,
      message: expect.stringMatching(/^meeting_id: (Join the meeting first|This meeting has ended)$/),
    });
    expect(await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('cashflow') })).toMatchObject({ ok: false });
    expect(await ask(mt.c, 'meeting:join', { pass: mt.customerPass(), meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'meeting_id: This meeting has ended',
    });
    expect(await ask(mt.c, 'meeting:current', { pass: mt.customerPass() })).toEqual({ ok: true, data: null });
    // a new start makes a new meeting
    const fresh = await ask<m.MeetingState>(mt.a, 'meeting:start', { pass: mt.advisorPass() });
    expect(fresh.ok && fresh.data.id).not.toBe(mt.id);
  });

  it('a meeting whose advisor has been away longer than the limit ends on its own; one who comes back keeps it', async () => {
    const mt = await meetingOf();
    mt.a.disconnect();
    // back within the limit: still running
    await sleep(500);
    const a2 = await socketOf(mt.advisor);
    expect((await ask<m.MeetingState>(a2, 'meeting:join', { pass: mt.advisorPass(), meeting_id: mt.id })).ok).toBe(
      true,
    );
    await sleep(1500);
    expect((await ask<m.MeetingState>(mt.c, 'meeting:sync', { meeting_id: mt.id })).ok).toBe(true);
    // away for good
    const ended = next(mt.c, 'meeting:ended', 5000);
    const at = Date.now();
    a2.disconnect();
    expect(await ended).toEqual({ meeting_id: mt.id, reason: 'advisor_away' });
    const took = Date.now() - at;
    expect(took).toBeGreaterThanOrEqual(1100);
    expect(took).toBeLessThan(3000);
  });

  it('hands: the family raises (one per figure), everyone sees them, the advisor lowers', async () => {
    const mt = await meetingOf();
    const seen = next(mt.a, 'meeting:hands');
    const raised = await ask<m.MeetingHand>(mt.c, 'meeting:hand', {
      meeting_id: mt.id,
      figure: 'networth:2031:net_worth',
      label: 'Why so low?',
    });
    if (!raised.ok) throw new Error(raised.message);
    expect(raised.data).toMatchObject({
      user_id: mt.customer.userId,
      name: 'Tan Mei',
      figure: 'networth:2031:net_worth',
      label: 'Why so low?',
      path: 'financial-report/dashboard',
    });
    expect((await seen).hands).toEqual([raised.data]);
    expect(
      await ask(mt.c, 'meeting:hand', { meeting_id: mt.id, figure: 'networth:2031:net_worth', label: 'Again' }),
    ).toEqual({ ok: false, message: 'figure: You have already raised a hand on this figure' });
    expect(await ask(mt.a, 'meeting:hand', { meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'Only the family can raise a hand',
    });
    expect(await ask(mt.c, 'meeting:hand', { meeting_id: mt.id, figure: 'bad figure!' })).toEqual({
      ok: false,
      message: 'figure: Use a figure id',
    });
    for (let i = 1; i < 20; i++)
      expect((await ask(mt.c, 'meeting:hand', { meeting_id: mt.id, figure: `row:${2000 + i}:tax` })).ok).toBe(true);
    expect(await ask(mt.c, 'meeting:hand', { meeting_id: mt.id, figure: 'row:2100:tax' })).toEqual({
      ok: false,
      message: 'Too many hands are raised in this meeting: wait for the advisor to answer some',
    });
    const lowered = next(mt.c, 'meeting:hands');
    expect(await ask(mt.a, 'meeting:lower-hand', { meeting_id: mt.id, hand_id: raised.data.id })).toEqual({
      ok: true,
      data: null,
    });
    const after = await lowered;
    expect(after.hands).toHaveLength(19);
    expect(after.hands.map((x) => x.id)).not.toContain(raised.data.id);
    expect(await ask(mt.a, 'meeting:lower-hand', { meeting_id: mt.id, hand_id: raised.data.id })).toEqual({
      ok: false,
      message: 'hand_id: Not found',
    });
  });

  const publish = (type: string, payload: unknown) =>
    sup.ports.bus.publish([
      { id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), payload } as never,
    ]);

  it('a customer no longer the household’s is removed from its meeting within a second; they cannot rejoin', async () => {
    const mt = await meetingOf();
    const newcomer = testIdentity('customer');
    const removed = next(mt.c, 'meeting:ended', 3000);
    const gone = new Promise<m.MeetingParticipantsMessage>((resolve) =>
      mt.a.on('meeting:participants', (p) => {
        if (!p.participants.some((x) => x.user_id === mt.customer.userId)) resolve(p);
      }),
    );
    const at = Date.now();
    await publish('planning.household.changed.v1', {
      household_id: mt.household_id,
      advisor_id: mt.advisor.userId,
      customer_user_id: newcomer.userId,
      change: 'updated',
      section: 'profile',
    });
    expect(await removed).toEqual({ meeting_id: mt.id, reason: 'removed' });
    expect(Date.now() - at).toBeLessThan(1000);
    expect((await gone).participants.map((p) => p.user_id)).toEqual([mt.advisor.userId]);
    // their views no longer arrive, and their still-unexpired pass no longer lets them in
    const after: unknown[] = [];
    mt.c.on('meeting:state', (x) => after.push(x));
    await ask(mt.a, 'meeting:view', { meeting_id: mt.id, view: view('cashflow') });
    expect(await ask(mt.c, 'meeting:join', { pass: mt.customerPass(), meeting_id: mt.id })).toEqual({
      ok: false,
      message: 'meeting_id: Not found',
    });
    await sleep(200);
    expect(after).toEqual([]);
    // the newly linked customer may join
    const n = await socketOf(newcomer);
    const pass = meetingPass(sup.secret, {
      ...mt.base,
      customer_user_ids: [newcomer.userId],
      user_id: newcomer.userId,
      role: 'family',
      name: 'New Tan',
    });
    const joined = await ask<m.MeetingState>(n, 'meeting:join', { pass, meeting_id: mt.id });
    expect(joined.ok && joined.data.view.path).toBe('cashflow');
  });

  it('a household handed to another advisor ends its meeting: the old advisor may no longer present it', async () => {
    const mt = await meetingOf();
    const ended = next(mt.c, 'meeting:ended', 3000);
    const advisorTold = next(mt.a, 'meeting:ended', 3000);
    const successor = testIdentity('advisor');
    await publish('planning.household.changed.v1', {
      household_id: mt.household_id,
      advisor_id: successor.userId,
      customer_user_id: mt.customer.userId,
      change: 'updated',
      section: 'profile',
    });
    expect(await ended).toEqual({ meeting_id: mt.id, reason: 'ended' });
    expect(await advisorTold).toEqual({ meeting_id: mt.id, reason: 'ended' });
    // the successor starts a new one
    const s = await socketOf(successor);
    const pass = meetingPass(sup.secret, {
      ...mt.base,
      advisor_id: successor.userId,
      user_id: successor.userId,
      role: 'advisor',
      name: 'Sam Successor',
    });
    const started = await ask<m.MeetingState>(s, 'meeting:start', { pass });
    expect(started.ok && [started.data.id === mt.id, started.data.advisor_id]).toEqual([false, successor.userId]);
  });

  it('a deleted household’s meeting ends', async () => {
    const mt = await meetingOf();
    const ended = next(mt.c, 'meeting:ended', 3000);
    await publish('planning.household.deleted.v1', {
      household_id: mt.household_id,
      advisor_id: mt.advisor.userId,
      customer_user_id: mt.customer.userId,
      deleted_at: new Date().toISOString(),
    });
    expect(await ended).toEqual({ meeting_id: mt.id, reason: 'household_deleted' });
    expect(await ask(mt.a, 'meeting:current', { pass: mt.advisorPass() })).toEqual({ ok: true, data: null });
  });

  it('a revoked session’s socket is dropped from the meeting and cannot come back', async () => {
    const mt = await meetingOf();
    const closed = new Promise<string>((resolve) => mt.c.once('disconnect', (reason) => resolve(reason)));
    const out = new Promise<m.MeetingParticipantsMessage>((resolve) =>
      mt.a.on('meeting:participants', (p) => {
        if (p.participants.some((x) => x.user_id === mt.customer.userId && !x.connected)) resolve(p);
      }),
    );
    const at = Date.now();
    await publish('auth.sessions.revoked.v1', {
      user_id: mt.customer.userId,
      session_ids: [mt.customer.sessionId],
      reason: 'logout',
    });
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - at).toBeLessThan(1000);
    expect((await out).participants.find((p) => p.user_id === mt.customer.userId)?.connected).toBe(false);
    const again = connectAs(sup.svc.url, sup.secret, mt.customer);
    sockets.push(again);
    await expect(connected(again)).rejects.toThrow('Invalid token');
  });
});
