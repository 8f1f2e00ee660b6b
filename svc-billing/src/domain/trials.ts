import { randomUUID } from 'node:crypto';
import { auth, billing, Events } from '@kinfolio/contracts';
import {
  AppError,
  enqueueEvent,
  forbidden,
  type Identity,
  type Knex,
  notFound,
  type ServiceContext,
} from '@kinfolio/service-kit';
import {
  endOverdueTrials,
  findActiveSubscription,
  findTrialByUser,
  insertTrialIfAbsent,
  listSubscriptions,
  saveTrial,
  type TrialRow,
} from '../data/trial.repository';

const DAY_MS = 86_400_000;

export function toTrial(row: TrialRow): billing.Trial {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    started_at: row.started_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    end_reason: row.end_reason,
  };
}

/**
 * The membership an advisor has right now, as billing's events announce it: an active subscription wins; then a
 * trial that is active and not past its end; any other trial means expired; no record at all means none.
 */
export async function membershipOf(
  trx: Knex.Transaction,
  userId: string,
  now: Date,
): Promise<{ membership_status: auth.MembershipStatus; trial_ends_at: string | null }> {
  const trial = await findTrialByUser(trx, userId);
  const subscription = await findActiveSubscription(trx, userId, now);
  const trial_ends_at = trial?.ends_at.toISOString() ?? null;
  if (subscription) return { membership_status: 'active', trial_ends_at };
  if (trial && trial.status === 'active' && trial.ends_at > now) return { membership_status: 'trial', trial_ends_at };
  if (trial) return { membership_status: 'expired', trial_ends_at };
  return { membership_status: 'none', trial_ends_at: null };
}

async function announce(trx: Knex.Transaction, trial: TrialRow, now: Date, kind: 'started' | 'updated'): Promise<void> {
  const base = {
    user_id: trial.user_id,
    trial_id: trial.id,
    started_at: trial.started_at.toISOString(),
    ends_at: trial.ends_at.toISOString(),
  };
  if (kind === 'started') await enqueueEvent(trx, 'billing.trial.started.v1', base);
  else await enqueueEvent(trx, 'billing.trial.updated.v1', { ...base, status: trial.status });
  await enqueueEvent(trx, 'billing.membership.changed.v1', {
    user_id: trial.user_id,
    ...(await membershipOf(trx, trial.user_id, now)),
  });
}

/**
 * When the trial starts: at the registration time the event carries (so a trial opened late, after a broker
 * outage, still ends TRIAL_DAYS after sign-up, exactly as svc-auth's pending-trial rule assumes), never in the
 * future (clock skew between services), and at processing time if the time is unreadable.
 */
export function trialStart(registeredAt: string, now: Date): Date {
  const t = Date.parse(registeredAt);
  if (!Number.isFinite(t)) return now;
  return new Date(Math.min(t, now.getTime()));
}

/**
 * auth.advisor.registered.v1 → a TRIAL_DAYS trial, at most one per advisor. The kit's idempotent consumer skips a
 * redelivered event; the unique user_id makes a second event for the same advisor (a new event id) open nothing.
 * Returns the new trial, or null when the advisor already had one.
 */
export async function openTrial(trx: Knex.Transaction, payload: unknown, now = new Date()): Promise<TrialRow | null> {
  const event = Events['auth.advisor.registered.v1'].parse(payload);
  const started_at = trialStart(event.registered_at, now);
  // the contact the admin reminders mail (kept from the first registration event)
  await trx('billing_contacts')
    .insert({ user_id: event.user_id, email: event.email, name: event.name, registered_at: started_at })
    .onConflict('user_id')
    .ignore();
  const trial = await insertTrialIfAbsent(trx, {
    id: randomUUID(),
    user_id: event.user_id,
    started_at,
    ends_at: new Date(started_at.getTime() + auth.TRIAL_DAYS * DAY_MS),
  });
  if (!trial) return null;
  await announce(trx, trial, now, 'started');
  return trial;
}

/** auth.user.deleted.v1 → the user's open trial is closed (no membership event: the user no longer exists). */
export async function closeTrialOfDeletedUser(
  trx: Knex.Transaction,
  payload: unknown,
  now = new Date(),
): Promise<void> {
  const event = Events['auth.user.deleted.v1'].parse(payload);
  await trx('billing_contacts').where({ user_id: event.user_id }).delete();
  const trial = await findTrialByUser(trx, event.user_id, { forUpdate: true });
  if (trial?.status !== 'active') return;
  const ended = await saveTrial(
    trx,
    trial.id,
    { status: 'ended', ended_at: now, ends_at: now, end_reason: 'user_deleted' },
    now,
  );
  const base = {
    user_id: ended.user_id,
    trial_id: ended.id,
    started_at: ended.started_at.toISOString(),
    ends_at: ended.ends_at.toISOString(),
  };
  await enqueueEvent(trx, 'billing.trial.updated.v1', { ...base, status: 'ended' });
}

/** The caller may act on `userId`'s billing records: an admin on anyone's, an advisor on their own only. */
export function assertOwnerOrAdmin(caller: Identity, userId: string): void {
  if (caller.type === 'admin') return;
  if (caller.type === 'advisor' && caller.userId === userId) return;
  throw forbidden();
}

/** PATCH trial/{id}/update: see the body's contract for the rules. Emits trial.updated and membership.changed. */
export async function updateTrial(
  ctx: ServiceContext,
  caller: Identity,
  userId: string,
  body: billing.TrialUpdateBody,
  now = new Date(),
): Promise<{ trial: billing.Trial; changed: boolean }> {
  assertOwnerOrAdmin(caller, userId);
  const isAdmin = caller.type === 'admin';
  if (!isAdmin && body.status === undefined) throw forbidden('Only an admin can extend a trial');
  if (body.ends_at !== undefined) {
    const endsAt = new Date(body.ends_at);
    if (endsAt <= now)
      throw new AppError(400, 'Choose an end in the future', {
        errors: [{ ends_at: ['Choose an end in the future'] }],
      });
    if (endsAt.getTime() > now.getTime() + billing.TRIAL_ENDS_AT_MAX_DAYS * DAY_MS) {
      const msg = `Choose an end within ${billing.TRIAL_ENDS_AT_MAX_DAYS} days`;
      throw new AppError(400, msg, { errors: [{ ends_at: [msg] }] });
    }
  }
  return ctx.tx(async (trx) => {
    const trial = await findTrialByUser(trx, userId, { forUpdate: true });
    if (!trial) throw notFound('Trial not found');
    if (trial.end_reason === 'user_deleted') throw new AppError(409, 'This user was deleted');
    let patch: Parameters<typeof saveTrial>[2];
    if (body.status === 'ended') {
      if (trial.status === 'ended') return { trial: toTrial(trial), changed: false };
      patch = {
        status: 'ended',
        ended_at: now,
        ends_at: now < trial.ends_at ? now : trial.ends_at,
        end_reason: isAdmin ? 'ended_by_admin' : 'ended_by_advisor',
      };
    } else {
      const endsAt =
        body.extend_days !== undefined
          ? new Date(Math.max(trial.ends_at.getTime(), now.getTime()) + body.extend_days * DAY_MS)
          : new Date(body.ends_at as string);
      patch = { status: 'active', ends_at: endsAt, ended_at: null, end_reason: null };
    }
    const saved = await saveTrial(trx, trial.id, patch, now);
    await announce(trx, saved, now, 'updated');
    return { trial: toTrial(saved), changed: true };
  });
}

/**
 * Ends every active trial whose end has passed, in batches; each ended trial announces trial.updated and
 * membership.changed (expired, unless an active subscription keeps the membership active) in the same
 * transaction. Safe to run on several replicas at once. Returns how many trials it ended.
 */
export async function sweepExpiredTrials(ctx: ServiceContext, now = new Date(), batch = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await ctx.tx(async (trx) => {
      const rows = await endOverdueTrials(trx, now, batch);
      for (const row of rows) await announce(trx, row, now, 'updated');
      return rows.length;
    });
    total += ended;
    if (ended < batch) break;
  }
  if (total) ctx.logger.info({ ended: total }, 'expired trials ended');
  return total;
}

/** Spec §7 membership lookup: every trial and subscription record of the user, with its status. */
export async function lookupMembership(
  ctx: ServiceContext,
  caller: Identity,
  userId: string,
  now = new Date(),
): Promise<billing.MembershipRecord[]> {
  assertOwnerOrAdmin(caller, userId);
  const trial = await findTrialByUser(ctx.db, userId);
  const subscriptions = await listSubscriptions(ctx.db, userId);
  const records: billing.MembershipRecord[] = subscriptions.map((s) => ({
    id: s.id,
    user_id: s.user_id,
    kind: 'subscription',
    status:
      (s.status === 'active' || s.status === 'past_due') && (s.ends_at === null || s.ends_at > now)
        ? 'activated'
        : s.status === 'cancelled'
          ? 'cancelled'
          : 'expired',
    starts_at: s.starts_at.toISOString(),
    ends_at: s.ends_at?.toISOString() ?? null,
  }));
  if (trial) {
    records.push({
      id: trial.id,
      user_id: trial.user_id,
      kind: 'trial',
      status:
        trial.status === 'active' && trial.ends_at > now
          ? 'activated'
          : trial.end_reason && trial.end_reason !== 'expired'
            ? 'cancelled'
            : 'expired',
      starts_at: trial.started_at.toISOString(),
      ends_at: trial.ends_at.toISOString(),
    });
  }
  return records;
}
