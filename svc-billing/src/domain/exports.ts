import type { billing } from '@kinfolio/contracts';
import * as repo from '../data/billing.repository';
import { type Cell, majorUnits } from '../http/csv';
import { type Billing, ownReceiptPath } from './billing';

/**
 * The admin lists' CSV exports: the same filters and order as the list on screen, every page of it, read in batches
 * (each batch one short query, no transaction held while the client downloads). Rows recorded after the export began
 * are left out (`created_at` / `occurred_at`… see `before`), so a busy table cannot shift a row into two batches.
 * Amounts are major units with two decimals, the currency in the next column; dates are ISO 8601 (UTC).
 */
export const EXPORT_BATCH = 500;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

/** Every page of a list (`EXPORT_BATCH` rows a page, not counted) as CSV rows, while the download is still wanted. */
async function* batches<R>(
  stillWanted: () => boolean,
  readPage: (paging: { page: number; pageSize: number; count: false }) => Promise<{ rows: R[] }>,
  cells: (row: R) => Cell[],
): AsyncIterable<Cell[][]> {
  for (let page = 1; stillWanted(); page++) {
    const { rows } = await readPage({ page, pageSize: EXPORT_BATCH, count: false });
    if (rows.length) yield rows.map(cells);
    if (rows.length < EXPORT_BATCH) return;
  }
}

export const SUBSCRIBER_HEADER = [
  'Subscription id',
  'Advisor',
  'E-mail',
  'User id',
  'Plan',
  'Interval',
  'Amount',
  'Currency',
  'Status',
  'Started',
  'Current period end',
  'Cancels at period end',
  'Past due since',
  'Ended',
] as const;

export async function* subscriberBatches(
  b: Billing,
  filter: repo.SubscriberFilter,
  stillWanted: () => boolean,
  startedAt = new Date(),
): AsyncIterable<Cell[][]> {
  yield* batches(
    stillWanted,
    (paging) => repo.pageSubscriptions(b.ctx.db, { ...filter, createdBefore: startedAt, ...paging }),
    subscriberCells,
  );
}

function subscriberCells(s: repo.SubscriberListRow): Cell[] {
  return [
    s.id,
    s.contact_name,
    s.contact_email,
    s.user_id,
    s.plan_name,
    s.interval,
    majorUnits(s.amount),
    s.currency,
    s.status,
    iso(s.starts_at),
    iso(s.current_period_end),
    s.cancel_at_period_end ? 'yes' : 'no',
    iso(s.past_due_since),
    iso(s.ends_at),
  ];
}

export const TRANSACTION_HEADER = [
  'Date',
  'Transaction id',
  'Advisor',
  'E-mail',
  'User id',
  'Type',
  'Description',
  'Plan',
  'Card brand',
  'Card last 4',
  'Amount',
  'Currency',
  'Receipt',
] as const;

export async function* transactionBatches(
  b: Billing,
  filter: repo.TransactionFilter,
  stillWanted: () => boolean,
  publicUrl: string,
  startedAt = new Date(),
): AsyncIterable<Cell[][]> {
  const base = publicUrl.replace(/\/+$/, '');
  yield* batches(
    stillWanted,
    (paging) => repo.pageTransactions(b.ctx.db, { ...filter, recordedBefore: startedAt, ...paging }),
    (t) => transactionCells(t, base),
  );
}

function transactionCells(t: repo.TransactionListRow, base: string): Cell[] {
  const receipt = t.kind === 'failure' ? null : (t.receipt_url ?? `${base}${ownReceiptPath(t.id)}`);
  return [
    iso(t.occurred_at),
    t.id,
    t.contact_name,
    t.contact_email,
    t.user_id,
    t.kind satisfies billing.TransactionKind,
    t.description,
    t.plan_name,
    t.card_brand,
    t.card_last4,
    majorUnits(t.amount),
    t.currency,
    receipt,
  ];
}

/** `subscribers-active-2026-11-24.csv`: what, which, and the day (UTC). */
export const exportFilename = (what: string, which: string | undefined, now = new Date()) =>
  `${[what, which].filter(Boolean).join('-')}-${now.toISOString().slice(0, 10)}.csv`;
