import type { billing } from '@kinfolio/contracts';
import { type Knex, pageOf } from '@kinfolio/service-kit';

type Db = Knex | Knex.Transaction;

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const toDateOrNull = (v: Date | string | null | undefined): Date | null =>
  v === null || v === undefined ? null : toDate(v);
const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

// ---- plans ------------------------------------------------------------------------------------------------------
export interface PlanRow {
  id: string;
  name: string;
  interval: billing.PlanInterval;
  price_sgd: number;
  price_rm: number;
  features: string[];
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

function planRow(r: Record<string, unknown>): PlanRow {
  return {
    ...(r as unknown as PlanRow),
    features: parseJson<string[]>(r.features),
    created_at: toDate(r.created_at as string),
    updated_at: toDate(r.updated_at as string),
  };
}

export async function listPlans(db: Db, opts: { includeInactive: boolean }): Promise<PlanRow[]> {
  const q = db('plans')
    .select('*')
    .orderBy([{ column: 'interval' }, { column: 'price_sgd' }, { column: 'name' }]);
  if (!opts.includeInactive) q.where({ active: true });
  return (await q).map(planRow);
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  const row = await db('plans').where({ id }).first();
  return row ? planRow(row) : null;
}

export async function insertPlan(
  trx: Knex.Transaction,
  plan: Omit<PlanRow, 'created_at' | 'updated_at'>,
): Promise<PlanRow> {
  const [row] = await trx('plans')
    .insert({ ...plan, features: JSON.stringify(plan.features) })
    .returning('*');
  return planRow(row);
}

export async function updatePlan(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Omit<PlanRow, 'id' | 'created_at'>>,
): Promise<PlanRow | null> {
  const values: Record<string, unknown> = { ...patch };
  if (patch.features) values.features = JSON.stringify(patch.features);
  const [row] = await trx('plans').where({ id }).update(values).returning('*');
  return row ? planRow(row) : null;
}

/** The plan, currency and amount a provider price was made for. */
export async function findPriceById(
  db: Db,
  priceId: string,
): Promise<{ plan_id: string; currency: string; amount: number; interval: string } | null> {
  const row = await db('provider_prices').where({ price_id: priceId }).first();
  return row
    ? { plan_id: row.plan_id, currency: row.currency, amount: Number(row.amount), interval: row.interval }
    : null;
}

export async function findPrice(
  db: Db,
  key: { plan_id: string; currency: string; amount: number; interval: string },
): Promise<string | null> {
  const row = await db('provider_prices').where(key).first();
  return row ? (row.price_id as string) : null;
}

export async function savePrice(
  db: Db,
  key: { plan_id: string; currency: string; amount: number; interval: string },
  priceId: string,
): Promise<void> {
  await db('provider_prices')
    .insert({ ...key, price_id: priceId })
    .onConflict(['plan_id', 'currency', 'amount', 'interval'])
    .ignore();
}

// ---- billing customers ------------------------------------------------------------------------------------------
export async function findCustomer(db: Db, userId: string, opts: { forUpdate?: boolean } = {}): Promise<string | null> {
  const q = db('billing_customers').where({ user_id: userId }).first();
  const row = await (opts.forUpdate ? q.forUpdate() : q);
  return row ? (row.provider_customer_id as string) : null;
}

export async function findUserByCustomer(db: Db, customerId: string): Promise<string | null> {
  const row = await db('billing_customers').where({ provider_customer_id: customerId }).first();
  return row ? (row.user_id as string) : null;
}

/** Once per advisor; two first card calls at once store the same pair, and either unique index may see it first. */
export async function insertCustomer(trx: Knex.Transaction, userId: string, customerId: string): Promise<void> {
  await trx('billing_customers').insert({ user_id: userId, provider_customer_id: customerId }).onConflict().ignore();
}

// ---- cards ------------------------------------------------------------------------------------------------------
export interface CardRow {
  id: string;
  user_id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date;
}

const cardRow = (r: Record<string, unknown>): CardRow => ({
  ...(r as unknown as CardRow),
  created_at: toDate(r.created_at as string),
});

export async function listCards(db: Db, userId: string): Promise<CardRow[]> {
  return (
    await db('cards')
      .where({ user_id: userId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
  ).map(cardRow);
}

export async function findCard(db: Db, userId: string, id: string): Promise<CardRow | null> {
  const row = await db('cards').where({ user_id: userId, id }).first();
  return row ? cardRow(row) : null;
}

export async function findCardById(db: Db, id: string): Promise<CardRow | null> {
  const row = await db('cards').where({ id }).first();
  return row ? cardRow(row) : null;
}

export async function findDefaultCard(db: Db, userId: string): Promise<CardRow | null> {
  const row = await db('cards').where({ user_id: userId, is_default: true }).first();
  return row ? cardRow(row) : null;
}

/** Inserts a card (once per payment method); returns the stored row either way. */
export async function insertCard(
  trx: Knex.Transaction,
  card: Omit<CardRow, 'created_at' | 'is_default'>,
): Promise<CardRow> {
  await trx('cards').insert(card).onConflict('payment_method_id').ignore();
  return cardRow(await trx('cards').where({ payment_method_id: card.payment_method_id }).first());
}

export async function markDefault(trx: Knex.Transaction, userId: string, cardId: string): Promise<void> {
  await trx('cards')
    .where({ user_id: userId, is_default: true })
    .whereNot({ id: cardId })
    .update({ is_default: false });
  await trx('cards').where({ user_id: userId, id: cardId }).update({ is_default: true });
}

export async function deleteCard(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('cards').where({ id }).delete();
}

// ---- subscriptions ------------------------------------------------------------------------------------------------
export interface SubscriptionFullRow {
  id: string;
  user_id: string;
  status: billing.SubscriptionState;
  starts_at: Date;
  ends_at: Date | null;
  plan_id: string;
  currency: billing.Currency;
  amount: number;
  interval: billing.PlanInterval;
  provider_subscription_id: string;
  card_id: string | null;
  cancel_at_period_end: boolean;
  current_period_start: Date;
  current_period_end: Date;
  past_due_since: Date | null;
  cancel_reason: string | null;
  provider_event_at: number;
  revision: number;
}

function subRow(r: Record<string, unknown>): SubscriptionFullRow {
  return {
    ...(r as unknown as SubscriptionFullRow),
    starts_at: toDate(r.starts_at as string),
    ends_at: toDateOrNull(r.ends_at as string | null),
    current_period_start: toDate(r.current_period_start as string),
    current_period_end: toDate(r.current_period_end as string),
    past_due_since: toDateOrNull(r.past_due_since as string | null),
    amount: Number(r.amount),
    provider_event_at: Number(r.provider_event_at),
  };
}

const SUB_COLUMNS = [
  'id',
  'user_id',
  'status',
  'starts_at',
  'ends_at',
  'plan_id',
  'currency',
  'amount',
  'interval',
  'provider_subscription_id',
  'card_id',
  'cancel_at_period_end',
  'current_period_start',
  'current_period_end',
  'past_due_since',
  'cancel_reason',
  'provider_event_at',
  'revision',
] as const;

/** The advisor's live subscription (active or past due), if any. */
export async function findLiveSubscription(
  db: Db,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SubscriptionFullRow | null> {
  const q = db('subscriptions')
    .select(SUB_COLUMNS)
    .where({ user_id: userId })
    .whereIn('status', ['active', 'past_due'])
    .whereNotNull('plan_id')
    .first();
  const row = await (opts.forUpdate ? q.forUpdate() : q);
  return row ? subRow(row) : null;
}

/** The advisor's newest paid subscription, whatever its state. */
export async function findLatestSubscription(db: Db, userId: string): Promise<SubscriptionFullRow | null> {
  const row = await db('subscriptions')
    .select(SUB_COLUMNS)
    .where({ user_id: userId })
    .whereNotNull('plan_id')
    .orderBy('starts_at', 'desc')
    .first();
  return row ? subRow(row) : null;
}

export async function findSubscriptionByProviderId(
  db: Db,
  providerId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SubscriptionFullRow | null> {
  const q = db('subscriptions').select(SUB_COLUMNS).where({ provider_subscription_id: providerId }).first();
  const row = await (opts.forUpdate ? q.forUpdate() : q);
  return row ? subRow(row) : null;
}

export async function findSubscriptionsByIds(db: Db, ids: string[]): Promise<SubscriptionFullRow[]> {
  if (!ids.length) return [];
  return (await db('subscriptions').select(SUB_COLUMNS).whereIn('id', ids)).map(subRow);
}

/**
 * Inserts a subscription once per provider subscription and returns the stored row, whoever stored it: the subscribe
 * call and the provider's created event store the same row (same id, same provider id), sometimes at the same moment.
 * It yields on a conflict with any unique index: with the provider id as its only conflict target, PostgreSQL raised
 * the primary key's duplicate for the same row stored by the other transaction a moment before (a subscribe answered
 * 500 in CI). Null when the advisor has another live subscription (nothing was stored).
 */
export async function insertSubscription(
  trx: Knex.Transaction,
  row: Omit<SubscriptionFullRow, 'past_due_since' | 'cancel_reason' | 'revision'>,
): Promise<SubscriptionFullRow | null> {
  await trx('subscriptions').insert(row).onConflict().ignore();
  return findSubscriptionByProviderId(trx, row.provider_subscription_id);
}

export async function updateSubscription(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Omit<SubscriptionFullRow, 'id'>>,
): Promise<SubscriptionFullRow> {
  const [row] = await trx('subscriptions')
    .where({ id })
    .update({ ...patch, updated_at: new Date() })
    .returning([...SUB_COLUMNS]);
  return subRow(row);
}

/** The admin subscribers list's filters (search: the advisor's name or e-mail, or the plan's name). */
export interface SubscriberFilter {
  status?: billing.SubscriptionState;
  search?: string;
  planId?: string;
  sort?: (typeof billing.SUBSCRIBER_SORTS)[number];
  order?: billing.SortOrder;
  /** Exports: only rows created before this (the export's start). */
  createdBefore?: Date;
}

/** `%text%` for ILIKE with the pattern characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `text` (case-insensitive, pattern characters taken literally). */
function whereAnyContains(q: Knex.QueryBuilder, columns: string[], text: string): void {
  const like = contains(text);
  q.where((w) => {
    for (const column of columns) w.orWhereRaw(`${column} ILIKE ? ESCAPE '\\'`, [like]);
  });
}

/** A subscription with what the admin lists and exports show next to it: the advisor's contact, the plan's name. */
export interface SubscriberListRow extends SubscriptionFullRow {
  contact_name: string | null;
  contact_email: string | null;
  plan_name: string | null;
}

function subscriberQuery(db: Db, f: SubscriberFilter) {
  const q = db('subscriptions as s')
    .leftJoin('billing_contacts as c', 'c.user_id', 's.user_id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .whereNotNull('s.plan_id');
  if (f.status) q.where('s.status', f.status);
  if (f.planId) q.where('s.plan_id', f.planId);
  if (f.createdBefore) q.where('s.created_at', '<=', f.createdBefore);
  if (f.search) whereAnyContains(q, ['c.name', 'c.email', 'p.name'], f.search);
  return q;
}

const SUBSCRIBER_SORT_COLUMN: Record<NonNullable<SubscriberFilter['sort']>, string> = {
  starts_at: 's.starts_at',
  current_period_end: 's.current_period_end',
  ends_at: 's.ends_at',
  amount: 's.amount',
  plan_name: 'p.name',
};

/** One page (or, for the export, one batch) of the filtered, sorted subscribers; `total` counts the whole filter. */
export async function pageSubscriptions(
  db: Db,
  opts: SubscriberFilter & { page: number; pageSize: number; count?: boolean },
): Promise<{ rows: SubscriberListRow[]; total: number }> {
  const column = SUBSCRIBER_SORT_COLUMN[opts.sort ?? 'starts_at'];
  const order = opts.order ?? 'desc';
  const { rows, total } = await pageOf<Record<string, unknown>>(subscriberQuery(db, opts), opts, (q) =>
    q
      .select([
        ...SUB_COLUMNS.map((c) => `s.${c}`),
        'c.name as contact_name',
        'c.email as contact_email',
        'p.name as plan_name',
      ])
      .orderByRaw(`${column} ${order} NULLS LAST, s.id ${order}`),
  );
  return {
    rows: rows.map((r: Record<string, unknown>) => ({
      ...subRow(r),
      contact_name: (r.contact_name as string | null) ?? null,
      contact_email: (r.contact_email as string | null) ?? null,
      plan_name: (r.plan_name as string | null) ?? null,
    })),
    total,
  };
}

/** Live subscriptions due for the sweep: past due beyond the grace period, or set to end and past their end. */
export async function dueForSweep(
  trx: Knex.Transaction,
  now: Date,
  graceMs: number,
  limit: number,
): Promise<SubscriptionFullRow[]> {
  const rows = await trx('subscriptions')
    .select(SUB_COLUMNS)
    .whereIn('id', (sub) => {
      sub
        .select('id')
        .from('subscriptions')
        .where((q) =>
          q
            .where((a) =>
              a.where('status', 'past_due').andWhere('past_due_since', '<=', new Date(now.getTime() - graceMs)),
            )
            .orWhere((b) =>
              b.where('status', 'active').andWhere('cancel_at_period_end', true).andWhere('ends_at', '<=', now),
            ),
        )
        .limit(limit)
        .forUpdate()
        .skipLocked();
    });
  return rows.map(subRow);
}

// ---- transactions -------------------------------------------------------------------------------------------------
export interface TransactionRow {
  id: string;
  user_id: string;
  subscription_id: string | null;
  kind: billing.TransactionKind;
  amount: number;
  currency: billing.Currency;
  description: string;
  plan_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
  receipt_url: string | null;
  provider_ref: string;
  occurred_at: Date;
  /** The service period a charge paid for (the invoice line's), when the provider said. */
  period_start?: Date | null;
  period_end?: Date | null;
}

const txRow = (r: Record<string, unknown>): TransactionRow => ({
  ...(r as unknown as TransactionRow),
  occurred_at: toDate(r.occurred_at as string),
  period_start: toDateOrNull(r.period_start as string | null),
  period_end: toDateOrNull(r.period_end as string | null),
});

/** Records a transaction once per provider reference; true when it is new. */
export async function insertTransaction(trx: Knex.Transaction, row: TransactionRow): Promise<boolean> {
  const inserted = await trx('transactions').insert(row).onConflict('provider_ref').ignore().returning('id');
  return inserted.length > 0;
}

/** The transactions lists' filters: the advisor's own history uses userId and kind only. */
export interface TransactionFilter {
  userId?: string;
  kind?: billing.TransactionKind;
  search?: string;
  /** Days (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
  sort?: (typeof billing.TRANSACTION_SORTS)[number];
  order?: billing.SortOrder;
  /** Exports: only rows recorded before this (the export's start). */
  recordedBefore?: Date;
}

export interface TransactionListRow extends TransactionRow {
  contact_name: string | null;
  contact_email: string | null;
}

const DAY_MS = 86_400_000;

function transactionQuery(db: Db, f: TransactionFilter) {
  const q = db('transactions as t').leftJoin('billing_contacts as c', 'c.user_id', 't.user_id');
  if (f.userId) q.where('t.user_id', f.userId);
  if (f.kind) q.where('t.kind', f.kind);
  if (f.recordedBefore) q.where('t.recorded_at', '<=', f.recordedBefore);
  if (f.from) q.where('t.occurred_at', '>=', new Date(`${f.from}T00:00:00Z`));
  if (f.to) q.where('t.occurred_at', '<', new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS));
  if (f.search) whereAnyContains(q, ['c.name', 'c.email', 't.plan_name'], f.search);
  return q;
}

/** One page (or export batch) of the filtered, sorted transactions, newest first by default. */
export async function pageTransactions(
  db: Db,
  opts: TransactionFilter & { page: number; pageSize: number; count?: boolean },
): Promise<{ rows: TransactionListRow[]; total: number }> {
  const column = opts.sort === 'amount' ? 't.amount' : 't.occurred_at';
  const order = opts.order ?? 'desc';
  const { rows, total } = await pageOf<Record<string, unknown>>(transactionQuery(db, opts), opts, (q) =>
    q
      .select(['t.*', 'c.name as contact_name', 'c.email as contact_email'])
      .orderByRaw(`${column} ${order}, t.id ${order}`),
  );
  return {
    rows: rows.map((r: Record<string, unknown>) => ({
      ...txRow(r),
      contact_name: (r.contact_name as string | null) ?? null,
      contact_email: (r.contact_email as string | null) ?? null,
    })),
    total,
  };
}

export async function findTransaction(db: Db, id: string): Promise<TransactionListRow | null> {
  const r = await db('transactions as t')
    .leftJoin('billing_contacts as c', 'c.user_id', 't.user_id')
    .select(['t.*', 'c.name as contact_name', 'c.email as contact_email'])
    .where('t.id', id)
    .first();
  return r ? { ...txRow(r), contact_name: r.contact_name ?? null, contact_email: r.contact_email ?? null } : null;
}

// ---- subscription claims: one change to an advisor's subscription at a time (migration 005) -----------------------
/**
 * Claims the advisor for a subscription change; null when another call holds a claim made after `staleBefore` (an
 * older one, left by a call that crashed, is taken over). Returns the claim's time, to give it up with.
 */
export async function claimSubscription(db: Db, userId: string, now: Date, staleBefore: Date): Promise<Date | null> {
  const rows = await db('subscription_claims')
    .insert({ user_id: userId, claimed_at: now })
    .onConflict('user_id')
    .merge(['claimed_at'])
    .where('subscription_claims.claimed_at', '<', staleBefore)
    .returning('user_id');
  return rows.length ? now : null;
}

/** Gives up a claim (only the one made at `claimedAt`: a claim taken over meanwhile is the other call's). */
export async function releaseSubscription(db: Db, userId: string, claimedAt: Date): Promise<void> {
  await db('subscription_claims').where({ user_id: userId, claimed_at: claimedAt }).delete();
}

// ---- tombstones: subscriptions first seen deleted ---------------------------------------------------------------
export async function insertTombstone(trx: Knex.Transaction, providerId: string, eventAt: number): Promise<void> {
  await trx('subscription_tombstones')
    .insert({ provider_subscription_id: providerId, deleted_event_at: eventAt })
    .onConflict('provider_subscription_id')
    .ignore();
}

export async function hasTombstone(db: Db, providerId: string): Promise<boolean> {
  return Boolean(await db('subscription_tombstones').where({ provider_subscription_id: providerId }).first());
}

// ---- webhook events ----------------------------------------------------------------------------------------------
/** Records an event id; false when it was already applied (the caller then does nothing). */
export async function recordWebhookEvent(
  trx: Knex.Transaction,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const inserted = await trx('webhook_events')
    .insert({ event_id: event.id, type: event.type, created: event.created })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  return inserted.length > 0;
}
