import { randomUUID } from 'node:crypto';
import type { meetings as m } from '@kinfolio/contracts';
import { type Identity, testIdentity } from '@kinfolio/service-kit';
import { ask, type ClientSocket, connectAs, connected, meetingPass, until } from '../helpers';
import { SupportReplicas } from './support-replicas';

jest.setTimeout(180_000);

/**
 * Issue 36: a meeting served by two svc-support replicas (distributed: PostgreSQL, RabbitMQ, Redis adapter). The
 * advisor is on replica A and the family on B; A is killed mid-meeting (SIGKILL: no goodbye), the advisor reconnects
 * to B with a new pass and carries on. The family must see every view once, in order, and the meeting must resume
 * within 3 s of the kill.
 */
describe('a meeting across two replicas, one killed mid-meeting', () => {
  const cluster = new SupportReplicas(2);
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

    const seen: Array<{ seq: number; path: string; at: number }> = [];
    family.on('meeting:state', (s) => seen.push({ seq: s.seq, path: s.view.path, at: Date.now() }));
    for (let n = 1; n <= 50; n++) {
      const r = await ask<{ seq: number }>(onA, 'meeting:view', { meeting_id: id, view: view(n) });
      expect(r).toEqual({ ok: true, data: { seq: n } });
    }
    expect(await until(() => seen.length >= 50, 5000)).toBe(true);

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
  });
});
