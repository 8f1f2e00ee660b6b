import type { billing } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

export interface TrialRow {
  id: string;
  user_id: string;
  status: billing.TrialStatus;
  started_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  end_reason: billing.TrialEndReason | null;
}

export interface SubscriptionRow {
  id: string;
  user_id: string;
  status: 'active' | 'past_due' | 'cancelled' | 'expired';
  starts_at: Date;
  ends_at: Date | null;
}

type Raw<T> = {
  [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K];
};

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const toDateOrNull = (v: Date | string | null): Date | null => (v === null ? null : toDate(v));

function trialRow(r: Raw<TrialRow>): TrialRow {
  return { ...r, started_at: toDate(r.started_at), ends_at: toDate(r.ends_at), ended_at: toDateOrNull(r.ended_at) };
}

function subscriptionRow(r: Raw<SubscriptionRow>): SubscriptionRow {
  return { ...r, starts_at: toDate(r.starts_at), ends_at: toDateOrNull(r.ends_at) };
}

const TRIAL_COLUMNS = ['id', 'user_id', 'status', 'started_at', 'ends_at', 'ended_at', 'end_reason'] as const;

/** Inserts the user's trial unless they already have one (unique user_id); returns the new row, or null. */
export async function insertTrialIfAbsent(
  trx: Knex.Transaction,
  trial: Pick<TrialRow, 'id' | 'user_id' | 'started_at' | 'ends_at'>,
): Promise<TrialRow | null> {
  const rows: Raw<TrialRow>[] = await trx('trials')
    .insert({ ...trial, status: 'active' })
    .onConflict('user_id')
    .ignore()
    .returning([...TRIAL_COLUMNS]);
  const row = rows[0];
  return row ? trialRow(row) : null;
}

export async function findTrialByUser(
  db: Knex | Knex.Transaction,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TrialRow | null> {
  const q = db('trials')
    .select([...TRIAL_COLUMNS])
    .where({ user_id: userId })
    .first();
  const row: Raw<TrialRow> | undefined = await (opts.forUpdate ? q.forUpdate() : q);
  return row ? trialRow(row) : null;
}

export async function saveTrial(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Pick<TrialRow, 'status' | 'ends_at' | 'ended_at' | 'end_reason'>>,
  now: Date,
): Promise<TrialRow> {
  const rows: Raw<TrialRow>[] = await trx('trials')
    .where({ id })
    .update({ ...patch, updated_at: now })
    .returning([...TRIAL_COLUMNS]);
  const row = rows[0];
  if (!row) throw new Error(`trial ${id} vanished during update`);
  return trialRow(row);
}

/**
 * Ends up to `limit` active trials whose end has passed, in one statement. `FOR UPDATE SKIP LOCKED` lets replicas
 * sweep side by side: each overdue trial is claimed and ended by exactly one of them.
 */
export async function endOverdueTrials(trx: Knex.Transaction, now: Date, limit: number): Promise<TrialRow[]> {
  const rows: Raw<TrialRow>[] = await trx('trials')
    .whereIn('id', (sub) => {
      sub
        .select('id')
        .from('trials')
        .where('status', 'active')
        .andWhere('ends_at', '<=', now)
        .orderBy('ends_at')
        .limit(limit)
        .forUpdate()
        .skipLocked();
    })
    .andWhere('status', 'active')
    .update({ status: 'ended', end_reason: 'expired', ended_at: now, updated_at: now })
    .returning([...TRIAL_COLUMNS]);
  return rows.map(trialRow);
}

export async function findActiveSubscription(
  db: Knex | Knex.Transaction,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const row: Raw<SubscriptionRow> | undefined = await db('subscriptions')
    .select('id', 'user_id', 'status', 'starts_at', 'ends_at')
    .where({ user_id: userId })
    // past due: a renewal failed and the grace period runs; the membership stays active until it expires
    .whereIn('status', ['active', 'past_due'])
    .andWhere((q) => q.whereNull('ends_at').orWhere('ends_at', '>', now))
    .orderBy('starts_at', 'desc')
    .first();
  return row ? subscriptionRow(row) : null;
}

export async function listSubscriptions(db: Knex | Knex.Transaction, userId: string): Promise<SubscriptionRow[]> {
  const rows: Raw<SubscriptionRow>[] = await db('subscriptions')
    .select('id', 'user_id', 'status', 'starts_at', 'ends_at')
    .where({ user_id: userId })
    .orderBy('starts_at', 'desc');
  return rows.map(subscriptionRow);
}
