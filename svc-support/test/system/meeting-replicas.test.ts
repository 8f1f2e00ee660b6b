import { randomUUID } from 'node:crypto';
import type { meetings as m } from '@kinfolio/contracts';
import { type Identity, testIdentity } from '@kinfolio/service-kit';
import { ask, type ClientSocket, connectAs, connected, meetingPass, sleep, until } from '../helpers';
import { SupportReplicas } from './support-replicas';

jest.setTimeout(180_000);

/**
 * Issue 36: a meeting served by two svc-support replicas (distributed: PostgreSQL, RabbitMQ, Redis adapter). The
 * advisor is on replica A and the family on B; A is killed mid-meeting (SIGKILL: no goodbye), the advisor reconnects
 * to B with a new pass and carries on. The family must see every view once, in order, and the meeting must resume
 * within 3 s of the kill.
 */
describe('meetings across replicas, replicas killed mid-meeting', () => {
  // three replicas, so one survives two kills; the advisor-away end shortened to see it happen
  const cluster = new SupportReplicas(3, { MEETING_ADVISOR_AWAY_MS: '2000', MEETING_SWEEP_MS: '200' });
  const sockets: ClientSocket[] = [];
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');
  const base = {
    household_id: randomUUID(),
    advisor_id: advisor.userId,
    customer_user_ids: [customer.userId],
    household_name: 'Lim family',
  };
  const advisorPass = () =>
    meetingPass(cluster.secret, { ...base, user_id: advisor.userId, role: 'advisor', name: 'Ada Advisor' });
  const customerPass = () =>
    meetingPass(cluster.secret, { ...base, user_id: customer.userId, role: 'family', name: 'Lim Wei' });
  /** A second household whose advisor is on the replica that dies and never comes back. */
  const lost = { advisor: testIdentity('advisor'), customer: testIdentity('customer'), household_id: randomUUID() };
  const lostBase = {
    household_id: lost.household_id,
    advisor_id: lost.advisor.userId,
    customer_user_ids: [lost.customer.userId],
    household_name: 'Ong family',
  };

  const socketOn = async (replica: number, who: Identity) => {
    const s = connectAs(cluster.replicas[replica]!.url, cluster.secret, who);
    sockets.push(s);
    await connected(s);
    return s;
  };
  const view = (n: number): m.MeetingViewInput => ({ path: `financial-report/dashboard/v${n}`, year: 2000 + n });

  beforeAll(async () => {
    await cluster.start();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster.stop();
  });

  it('views flow from A to B; after A is killed the advisor resumes on B within 3 s and the family misses nothing', async () => {
    const onA = await socketOn(0, advisor);
    const family = await socketOn(1, customer);
    const started = await ask<m.MeetingState>(onA, 'meeting:start', { pass: advisorPass() });
    if (!started.ok) throw new Error(started.message);
    const id = started.data.id;
    const joined = await ask<m.MeetingState>(family, 'meeting:join', { pass: customerPass(), meeting_id: id });
    if (!joined.ok) throw new Error(joined.message);
    expect(joined.data.participants.map((p) => [p.role, p.connected])).toEqual([
      ['advisor', true],
      ['family', true],
    ]);

    // the second meeting: its advisor on A too, its family on B
    const lostAdvisor = await socketOn(0, lost.advisor);
    const lostFamily = await socketOn(1, lost.customer);
    const lostStart = await ask<m.MeetingState>(lostAdvisor, 'meeting:start', {
      pass: meetingPass(cluster.secret, { ...lostBase, user_id: lost.advisor.userId, role: 'advisor', name: 'Bo' }),
    });
    if (!lostStart.ok) throw new Error(lostStart.message);
    const lostJoin = await ask<m.MeetingState>(lostFamily, 'meeting:join', {
      pass: meetingPass(cluster.secret, { ...lostBase, user_id: lost.customer.userId, role: 'family', name: 'Ong' }),
      meeting_id: lostStart.data.id,
    });
    expect(lostJoin.ok).toBe(true);
    let lostEndedCount = 0;
    lostFamily.on('meeting:ended', () => {
      lostEndedCount++;
    });
    const lostEnded = new Promise<{ msg: m.MeetingEndedMessage; at: number }>((resolve) =>
      lostFamily.once('meeting:ended', (msg) => resolve({ msg, at: Date.now() })),
    );

    const seen: Array<{ seq: number; path: string; at: number }> = [];
    family.on('meeting:state', (s) => seen.push({ seq: s.seq, path: s.view.path, at: Date.now() }));
    const sentAt: number[] = [];
    for (let n = 1; n <= 50; n++) {
      sentAt[n] = Date.now();
      const r = await ask<{ seq: number }>(onA, 'meeting:view', { meeting_id: id, view: view(n) });
      expect(r).toEqual({ ok: true, data: { seq: n } });
    }
    expect(await until(() => seen.length >= 50, 5000)).toBe(true);
    // from the advisor's emit on A to the family's socket on B (through PostgreSQL and the Redis adapter)
    const lags = seen.map((s) => s.at - (sentAt[s.seq] ?? 0)).sort((x, y) => x - y);
    const p95 = lags[Math.ceil(lags.length * 0.95) - 1] ?? Number.POSITIVE_INFINITY;
    console.log(
      `advisor on A to family on B: median ${lags[lags.length >> 1]} ms, p95 ${p95} ms, max ${lags.at(-1)} ms`,
    );
    expect(p95).toBeLessThan(1000);

    // replica A dies without a word
    const dropped = new Promise<string>((resolve) => onA.once('disconnect', (reason) => resolve(reason)));
    const killedAt = Date.now();
    cluster.replicas[0]!.child.kill('SIGKILL');
    expect(await dropped).toBe('transport close');

    // the advisor's client reconnects to B and rejoins with a new pass: it lands on the last view
    const onB = await socketOn(1, advisor);
    const back = await ask<m.MeetingState>(onB, 'meeting:join', { pass: advisorPass(), meeting_id: id });
    if (!back.ok) throw new Error(back.message);
    expect([back.data.seq, back.data.view.path, back.data.control]).toEqual([50, view(50).path, 'advisor']);
    const next = await ask<{ seq: number }>(onB, 'meeting:view', { meeting_id: id, view: view(51) });
    expect(next).toEqual({ ok: true, data: { seq: 51 } });
    expect(await until(() => seen.some((s) => s.seq === 51), 3000)).toBe(true);
    const resumedMs = (seen.find((s) => s.seq === 51)?.at ?? Number.POSITIVE_INFINITY) - killedAt;
    // measured for the report
    console.log(`meeting resumed on replica B ${resumedMs} ms after replica A was killed`);
    expect(resumedMs).toBeLessThanOrEqual(3000);

    for (let n = 52; n <= 80; n++)
      expect(await ask(onB, 'meeting:view', { meeting_id: id, view: view(n) })).toEqual({ ok: true, data: { seq: n } });
    expect(await until(() => seen.length >= 80, 5000)).toBe(true);
    expect(seen.map((s) => s.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(seen.map((s) => s.path)).toEqual(Array.from({ length: 80 }, (_, i) => view(i + 1).path));

    // B still knows who is in (A's sockets are gone with it) and the family can sync
    const synced = await ask<m.MeetingState>(family, 'meeting:sync', { meeting_id: id });
    expect(synced.ok && [synced.data.seq, synced.data.participants.map((p) => [p.role, p.connected])]).toEqual([
      80,
      [
        ['advisor', true],
        ['family', true],
      ],
    ]);

    // the advisor who never came back: A's death was never seen as a disconnect, yet the sweepers of the survivors
    // find no socket of theirs in the meeting and end it once the (shortened) away time has passed
    const { msg, at } = await lostEnded;
    expect(msg).toEqual({ meeting_id: lostStart.data.id, reason: 'advisor_away' });
    expect(at - killedAt).toBeGreaterThanOrEqual(2000);
    // limit + a sweep + (if a sweep's cross-replica request was in flight at the kill) the adapter's 1.5 s timeout
    expect(at - killedAt).toBeLessThan(6000);
    // two surviving replicas sweep; the meeting ends once
    await sleep(1000);
    expect(lostEndedCount).toBe(1);
  });

  it('the family’s replica is killed: the family reconnects to another, lands on the current view, misses nothing', async () => {
    const hh = { ...base, household_id: randomUUID() };
    const aPass = () => meetingPass(cluster.secret, { ...hh, user_id: advisor.userId, role: 'advisor', name: 'Ada' });
    const cPass = () => meetingPass(cluster.secret, { ...hh, user_id: customer.userId, role: 'family', name: 'Lim' });
    const lead = await socketOn(1, advisor);
    const family = await socketOn(2, customer);
    const started = await ask<m.MeetingState>(lead, 'meeting:start', { pass: aPass() });
    if (!started.ok) throw new Error(started.message);
    const id = started.data.id;
    expect((await ask(family, 'meeting:join', { pass: cPass(), meeting_id: id })).ok).toBe(true);
    const shown: number[] = [];
    let current = 0;
    const show = (seq: number) => {
      if (seq <= current) return;
      shown.push(seq);
      current = seq;
    };
    family.on('meeting:state', (s) => show(s.seq));
    for (let n = 1; n <= 10; n++) await ask(lead, 'meeting:view', { meeting_id: id, view: view(n) });
    expect(await until(() => current === 10, 5000)).toBe(true);

    const dropped = new Promise<string>((resolve) => family.once('disconnect', (reason) => resolve(reason)));
    const killedAt = Date.now();
    cluster.replicas[2]!.child.kill('SIGKILL');
    expect(await dropped).toBe('transport close');
    // the advisor carries on while the family is away
    for (let n = 11; n <= 15; n++)
      expect(await ask(lead, 'meeting:view', { meeting_id: id, view: view(n) })).toEqual({
        ok: true,
        data: { seq: n },
      });

    const again = await socketOn(1, customer);
    again.on('meeting:state', (s) => show(s.seq));
    const back = await ask<m.MeetingState>(again, 'meeting:join', { pass: cPass(), meeting_id: id });
    if (!back.ok) throw new Error(back.message);
    const resumedMs = Date.now() - killedAt;
    console.log(`family resumed on another replica ${resumedMs} ms after its replica was killed`);
    expect(resumedMs).toBeLessThanOrEqual(3000);
    expect([back.data.seq, back.data.view.path]).toEqual([15, view(15).path]);
    show(back.data.seq);
    for (let n = 16; n <= 20; n++) await ask(lead, 'meeting:view', { meeting_id: id, view: view(n) });
    expect(await until(() => current === 20, 5000)).toBe(true);
    // what the family showed: 1..10 live, then the current view (15) on rejoining, then 16..20; never backwards
    expect(shown).toEqual([...Array.from({ length: 10 }, (_, i) => i + 1), 15, 16, 17, 18, 19, 20]);
  });
});
