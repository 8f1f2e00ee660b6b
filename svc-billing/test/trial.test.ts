import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@kinfolio/contracts';
import { auth, billing } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import fc from 'fast-check';
import { sweepExpiredTrials } from '../src/domain/trials';
import { createBillingModule } from '../src/module';
import { OfflineProvider } from '../src/payments/offline';
import {
  deleteQueues,
  eventually,
  observeBilling,
  ofType,
  registeredEvent,
  sleep,
  waitForConsumerQueue,
} from './helpers';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

const DAY = 86_400_000;

/** Bodies the PATCH must refuse: generated junk plus the edge cases of each field (raw strings are malformed JSON). */
function invalidTrialBodies(): unknown[] {
  const huge = 'x'.repeat(100_000);
  const handPicked: unknown[] = [
    {},
    [],
    null,
    1,
    true,
    'not json',
    '{"extend_days":',
    '{"extend_days": 1,}',
    { extend_days: 0 },
    { extend_days: 91 },
    { extend_days: -1 },
    { extend_days: 1.5 },
    { extend_days: '5' },
    { extend_days: null },
    { extend_days: Number.MAX_SAFE_INTEGER },
    { extend_days: [5] },
    { extend_days: { n: 5 } },
    { ends_at: 'tomorrow' },
    { ends_at: '2026-13-01T00:00:00Z' },
    { ends_at: 12345 },
    { ends_at: '' },
    { ends_at: huge },
    { ends_at: '<script>alert(1)</script>' },
    { ends_at: '2026-01-01' },
    { ends_at: '😀' },
    { status: 'active' },
    { status: 'ENDED' },
    { status: '' },
    { status: null },
    { status: huge },
    { status: '<b>ended</b>' },
    { status: 'ended😀' },
    { extend_days: 5, status: 'ended' },
    { extend_days: 5, ends_at: iso(Date.now() + 5 * DAY) },
    { status: 'ended', ends_at: iso(Date.now() + DAY) },
    { status: 'ended', admin: true },
    { user_id: randomUUID() },
    { extendDays: 5 },
  ];
  const generated = fc.sample(
    fc.oneof(
      fc.anything(),
      fc.record({
        extend_days: fc.oneof(fc.string(), fc.double(), fc.integer({ min: -1000, max: 0 }), fc.integer({ min: 91 })),
      }),
      fc.record({ ends_at: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.string({ unit: 'grapheme' })) }),
      fc.record({ status: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue(), { minKeys: 1, maxKeys: 4 }),
    ),
    { numRuns: 400, seed: 42 },
  );
  const refused = (b: unknown) => typeof b === 'string' || !billing.TrialUpdateBody.safeParse(b).success;
  return [...handPicked, ...generated]
    .filter(refused)
    .filter((b) => b !== undefined)
    .slice(0, 320);
}
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testInfras())('svc-billing trial (%s)', (infra) => {
  let t: TestService;
  let events: EventEnvelope[];
  let namespace = '';

  beforeAll(async () => {
    t = await startTestService(createBillingModule({ trialSweepMs: 0 }), { infra });
    namespace = t.svc.ctx.config.AMQP_NAMESPACE;
    events = await observeBilling(t);
    await waitForConsumerQueue(t, 'svc-billing');
  });

  afterAll(async () => {
    await t.stop();
    await deleteQueues(t, namespace, ['test-observer']);
  });

  const trialRows = (userId: string) => t.svc.ctx.db('trials').where({ user_id: userId });

  async function register(userId: string, registeredAt = new Date().toISOString()) {
    await t.ports.bus.publish([registeredEvent(userId, registeredAt)]);
    await eventually(async () => (await trialRows(userId)).length === 1);
    await eventually(() => ofType(events, 'billing.membership.changed.v1', userId).length >= 1);
  }

  describe('on auth.advisor.registered.v1', () => {
    it('opens a 14-day trial from the registration time and announces it once', async () => {
      const userId = randomUUID();
      const registeredAt = iso(Date.now() - 3 * DAY);
      await t.ports.bus.publish([registeredEvent(userId, registeredAt)]);

      const rows = await eventually(async () => {
        const r = await trialRows(userId);
        return r.length ? r : null;
      });
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('active');
      expect(new Date(rows[0].started_at).toISOString()).toBe(registeredAt);
      expect(new Date(rows[0].ends_at).getTime() - new Date(rows[0].started_at).getTime()).toBe(auth.TRIAL_DAYS * DAY);

      const started = await eventually(() => {
        const s = ofType(events, 'billing.trial.started.v1', userId);
        return s.length ? s : null;
      });
      const changed = await eventually(() => {
        const c = ofType(events, 'billing.membership.changed.v1', userId);
        return c.length ? c : null;
      });
      await sleep(300);
      expect(ofType(events, 'billing.trial.started.v1', userId)).toHaveLength(1);
      expect(ofType(events, 'billing.membership.changed.v1', userId)).toHaveLength(1);
      expect(started[0]?.payload).toEqual({
        user_id: userId,
        trial_id: rows[0].id,
        started_at: registeredAt,
        ends_at: iso(Date.parse(registeredAt) + 14 * DAY),
      });
      expect(changed[0]?.payload).toEqual({
        user_id: userId,
        membership_status: 'trial',
        trial_ends_at: iso(Date.parse(registeredAt) + 14 * DAY),
      });
    });

    it('opens nothing twice: the same event redelivered and a second event for the same advisor', async () => {
      const userId = randomUUID();
      const first = registeredEvent(userId, new Date().toISOString());
      await t.ports.bus.publish([first]);
      await t.ports.bus.publish([first]);
      await t.ports.bus.publish([registeredEvent(userId, iso(Date.now() - DAY))]);
      await t.ports.bus.publish([first]);

      await eventually(
        async () => (await t.svc.ctx.db('processed_events').whereIn('event_id', [first.id])).length === 1,
      );
      await eventually(
        async () => (await t.svc.ctx.db('processed_events').where({ type: 'auth.advisor.registered.v1' })).length >= 2,
      );
      await sleep(500);
      expect(await trialRows(userId)).toHaveLength(1);
      expect(ofType(events, 'billing.trial.started.v1', userId)).toHaveLength(1);
      expect(ofType(events, 'billing.membership.changed.v1', userId)).toHaveLength(1);
    });

    it('never starts a trial in the future when the registration time is ahead of this clock', async () => {
      const userId = randomUUID();
      const before = Date.now();
      await register(userId, iso(Date.now() + 5 * DAY));
      const [row] = await trialRows(userId);
      expect(new Date(row.started_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(row.started_at).getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('closes the trial of a deleted user (auth.user.deleted.v1)', async () => {
      const userId = randomUUID();
      await register(userId);
      await t.ports.bus.publish([
        {
          id: randomUUID(),
          type: 'auth.user.deleted.v1',
          occurredAt: new Date().toISOString(),
          correlationId: randomUUID(),
          payload: { user_id: userId, type: 'advisor' },
        },
      ]);
      await eventually(async () => (await trialRows(userId))[0]?.status === 'ended');
      const [row] = await trialRows(userId);
      expect(row.end_reason).toBe('user_deleted');
      const updated = await eventually(() => ofType(events, 'billing.trial.updated.v1', userId)[0]);
      expect((updated.payload as { status: string }).status).toBe('ended');
    });
  });

  describe('expiry sweep', () => {
    it('ends a trial past its end and announces the expired membership', async () => {
      const userId = randomUUID();
      await register(userId, iso(Date.now() - 20 * DAY));
      expect((await trialRows(userId))[0].status).toBe('active');

      expect(await sweepExpiredTrials(t.svc.ctx)).toBeGreaterThanOrEqual(1);
      const [row] = await trialRows(userId);
      expect(row.status).toBe('ended');
      expect(row.end_reason).toBe('expired');

      const updated = await eventually(() => ofType(events, 'billing.trial.updated.v1', userId)[0]);
      expect(updated.payload).toMatchObject({ user_id: userId, trial_id: row.id, status: 'ended' });
      const expired = await eventually(() =>
        ofType(events, 'billing.membership.changed.v1', userId).find(
          (e) => (e.payload as { membership_status: string }).membership_status === 'expired',
        ),
      );
      expect(expired.payload).toEqual({
        user_id: userId,
        membership_status: 'expired',
        trial_ends_at: iso(new Date(row.ends_at).getTime()),
      });

      expect(await sweepExpiredTrials(t.svc.ctx)).toBe(0);
      await sleep(200);
      expect(ofType(events, 'billing.trial.updated.v1', userId)).toHaveLength(1);
    });

    it('leaves trials that have not ended alone', async () => {
      const userId = randomUUID();
      await register(userId, iso(Date.now() - 13 * DAY));
      await sweepExpiredTrials(t.svc.ctx);
      expect((await trialRows(userId))[0].status).toBe('active');
    });

    it('keeps the membership active when a subscription is active', async () => {
      const userId = randomUUID();
      await register(userId, iso(Date.now() - 30 * DAY));
      await t.svc.ctx
        .db('subscriptions')
        .insert({ id: randomUUID(), user_id: userId, status: 'active', starts_at: new Date(), ends_at: null });
      await sweepExpiredTrials(t.svc.ctx);
      expect((await trialRows(userId))[0].status).toBe('ended');
      const changed = await eventually(() => {
        const c = ofType(events, 'billing.membership.changed.v1', userId);
        return c.length >= 2 ? c : null;
      });
      expect(changed[1]?.payload).toMatchObject({ membership_status: 'active' });
    });

    it('ends each overdue trial exactly once when several sweeps run at the same time', async () => {
      const users = Array.from({ length: 6 }, () => randomUUID());
      for (const u of users) await register(u, iso(Date.now() - 15 * DAY));
      const counts = await Promise.all([
        sweepExpiredTrials(t.svc.ctx),
        sweepExpiredTrials(t.svc.ctx),
        sweepExpiredTrials(t.svc.ctx),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(users.length);
      for (const u of users) await eventually(() => ofType(events, 'billing.trial.updated.v1', u).length === 1);
      await sleep(300);
      for (const u of users) expect(ofType(events, 'billing.trial.updated.v1', u)).toHaveLength(1);
    });

    it('runs by itself every TRIAL_SWEEP_MS once the service has started, and stops with it', async () => {
      const timed = await startTestService(createBillingModule({ trialSweepMs: 50 }), { infra });
      try {
        const userId = randomUUID();
        await timed.svc.ctx.tx(async (trx) => {
          await trx('trials').insert({
            id: randomUUID(),
            user_id: userId,
            status: 'active',
            started_at: new Date(Date.now() - 20 * DAY),
            ends_at: new Date(Date.now() - 6 * DAY),
          });
        });
        await eventually(
          async () => (await timed.svc.ctx.db('trials').where({ user_id: userId }))[0]?.status === 'ended',
          15_000,
        );
      } finally {
        await timed.stop();
      }
    });
  });

  describe('PATCH trial/:id/update', () => {
    it('lets an advisor end their own trial, once', async () => {
      const userId = randomUUID();
      await register(userId);
      const me = testIdentity('advisor', userId);
      const res = await t.call('PATCH', `trial/${userId}/update`, { as: me, body: { status: 'ended' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user_id: userId, status: 'ended', end_reason: 'ended_by_advisor' });
      await eventually(() =>
        ofType(events, 'billing.membership.changed.v1', userId).some(
          (e) => (e.payload as { membership_status: string }).membership_status === 'expired',
        ),
      );
      expect(ofType(events, 'billing.trial.updated.v1', userId)).toHaveLength(1);

      const again = await t.call('PATCH', `trial/${userId}/update`, { as: me, body: { status: 'ended' } });
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('Trial has already ended');
      await sleep(200);
      expect(ofType(events, 'billing.trial.updated.v1', userId)).toHaveLength(1);
    });

    it('does not let an advisor extend their trial or touch another advisor’s', async () => {
      const userId = randomUUID();
      const other = randomUUID();
      await register(userId);
      await register(other);
      const me = testIdentity('advisor', userId);
      const ext = await t.call('PATCH', `trial/${userId}/update`, { as: me, body: { extend_days: 5 } });
      expect(ext.status).toBe(403);
      const at = await t.call('PATCH', `trial/${userId}/update`, {
        as: me,
        body: { ends_at: iso(Date.now() + 40 * DAY) },
      });
      expect(at.status).toBe(403);
      const foreign = await t.call('PATCH', `trial/${other}/update`, { as: me, body: { status: 'ended' } });
      expect(foreign.status).toBe(403);
      const customer = await t.call('PATCH', `trial/${userId}/update`, {
        as: testIdentity('customer'),
        body: { status: 'ended' },
      });
      expect(customer.status).toBe(403);
      const anonymous = await t.call('PATCH', `trial/${userId}/update`, { body: { status: 'ended' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Invalid token');
      for (const u of [userId, other]) expect((await trialRows(u))[0].status).toBe('active');
      expect(ofType(events, 'billing.trial.updated.v1', userId)).toHaveLength(0);
    });

    it('lets an admin extend a trial, reopen an ended one and set its end', async () => {
      const userId = randomUUID();
      await register(userId);
      const admin = testIdentity('admin');
      const [before] = await trialRows(userId);

      const ext = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body: { extend_days: 10 } });
      expect(ext.status).toBe(200);
      expect(Date.parse(ext.body.data.ends_at)).toBe(new Date(before.ends_at).getTime() + 10 * DAY);
      const trialMsg = await eventually(() =>
        ofType(events, 'billing.membership.changed.v1', userId).find(
          (e) => (e.payload as { trial_ends_at: string }).trial_ends_at === ext.body.data.ends_at,
        ),
      );
      expect(trialMsg.payload).toMatchObject({ membership_status: 'trial' });

      const end = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body: { status: 'ended' } });
      expect(end.body.data).toMatchObject({ status: 'ended', end_reason: 'ended_by_admin' });

      const reopened = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body: { extend_days: 3 } });
      expect(reopened.status).toBe(200);
      expect(reopened.body.data).toMatchObject({ status: 'active', ended_at: null, end_reason: null });
      expect(Math.abs(Date.parse(reopened.body.data.ends_at) - (Date.now() + 3 * DAY))).toBeLessThan(10_000);

      const target = iso(Date.now() + 40 * DAY);
      const set = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body: { ends_at: target } });
      expect(set.status).toBe(200);
      expect(set.body.data.ends_at).toBe(target);
      await eventually(() => ofType(events, 'billing.trial.updated.v1', userId).length === 4);
    });

    it('refuses an end in the past or more than a year ahead, naming ends_at', async () => {
      const userId = randomUUID();
      await register(userId);
      const admin = testIdentity('admin');
      for (const endsAt of [iso(Date.now() - DAY), iso(Date.now() + 400 * DAY)]) {
        const res = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body: { ends_at: endsAt } });
        expect(res.status).toBe(400);
        expect(res.body.errors[0]).toHaveProperty('ends_at');
      }
    });

    it('answers 404 for an unknown advisor or a malformed id', async () => {
      const admin = testIdentity('admin');
      const none = await t.call('PATCH', `trial/${randomUUID()}/update`, { as: admin, body: { extend_days: 1 } });
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('Trial not found');
      const junk = await t.call('PATCH', 'trial/not-an-id/update', { as: admin, body: { extend_days: 1 } });
      expect(junk.status).toBe(404);
    });
  });

  describe('bad input', () => {
    it('answers 4xx in the error shape for 200+ invalid bodies, never 5xx, and changes nothing', async () => {
      const userId = randomUUID();
      await register(userId);
      const [before] = await trialRows(userId);
      const bodies = invalidTrialBodies();
      expect(bodies.length).toBeGreaterThanOrEqual(200);
      const admin = testIdentity('admin');
      for (const body of bodies) {
        const res = await t.call('PATCH', `trial/${userId}/update`, { as: admin, body });
        if (res.status < 400 || res.status >= 500 || typeof res.body?.message !== 'string') {
          throw new Error(
            `body ${JSON.stringify(body).slice(0, 200)} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
        }
        if (body !== null && typeof body === 'object')
          expect(Array.isArray(res.body.errors) && Object.keys(res.body.errors[0]).length > 0).toBe(true);
      }
      const [after] = await trialRows(userId);
      expect(after).toEqual(before);
      expect(ofType(events, 'billing.trial.updated.v1', userId)).toHaveLength(0);
    });
  });

  describe('GET membership/:id', () => {
    it('lists the advisor’s records with their status', async () => {
      const userId = randomUUID();
      await register(userId);
      const me = testIdentity('advisor', userId);
      const res = await t.call('GET', `membership/${userId}`, { as: me });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ user_id: userId, kind: 'trial', status: 'activated' });

      await t.call('PATCH', `trial/${userId}/update`, { as: me, body: { status: 'ended' } });
      await t.svc.ctx.db('subscriptions').insert([
        {
          id: randomUUID(),
          user_id: userId,
          status: 'active',
          starts_at: new Date(),
          ends_at: new Date(Date.now() + 30 * DAY),
        },
        {
          id: randomUUID(),
          user_id: userId,
          status: 'cancelled',
          starts_at: new Date(Date.now() - 60 * DAY),
          ends_at: new Date(Date.now() - 30 * DAY),
        },
      ]);
      const after = await t.call('GET', `membership/${userId}`, { as: testIdentity('admin') });
      expect(after.status).toBe(200);
      const byKind = (after.body.data as Array<{ kind: string; status: string }>)
        .map((r) => `${r.kind}:${r.status}`)
        .sort();
      expect(byKind).toEqual(['subscription:activated', 'subscription:cancelled', 'trial:cancelled']);
    });

    it('shows an expired trial as expired and an unknown user as no records', async () => {
      const userId = randomUUID();
      await register(userId, iso(Date.now() - 20 * DAY));
      const me = testIdentity('advisor', userId);
      const res = await t.call('GET', `membership/${userId}`, { as: me });
      expect(res.body.data[0].status).toBe('expired');
      const none = await t.call('GET', `membership/${randomUUID()}`, { as: testIdentity('admin') });
      expect(none.status).toBe(200);
      expect(none.body.data).toEqual([]);
    });

    it('refuses other advisors, customers and anonymous callers', async () => {
      const userId = randomUUID();
      await register(userId);
      expect((await t.call('GET', `membership/${userId}`, { as: testIdentity('advisor') })).status).toBe(403);
      expect((await t.call('GET', `membership/${userId}`, { as: testIdentity('customer', userId) })).status).toBe(403);
      expect((await t.call('GET', `membership/${userId}`)).status).toBe(401);
      expect((await t.call('GET', 'membership/12345', { as: testIdentity('admin') })).status).toBe(404);
    });
  });

  it('a stop waits for the billing sweep under way before the database closes', async () => {
    const provider = new OfflineProvider();
    const order: string[] = [];
    const advance = provider.advanceClock.bind(provider);
    let sweeps = 0;
    provider.advanceClock = async (to: Date) => {
      sweeps++;
      await sleep(400); // a slow sweep
      await advance(to);
      order.push('sweep done');
    };
    const own = await startTestService(createBillingModule({ trialSweepMs: 20, provider }), { infra });
    try {
      await eventually(() => sweeps > 0);
      await own.svc.stop();
      order.push('stopped');
      expect(order).toEqual(['sweep done', 'stopped']);
    } finally {
      await own.stop();
      await provider.close();
    }
  });
});
