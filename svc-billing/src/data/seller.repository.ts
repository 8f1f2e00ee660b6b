import type { Knex } from '@kinfolio/service-kit';

type Db = Knex | Knex.Transaction;

/** One version of the seller's details (migration 006): rows are only ever added. */
export interface SellerRow {
  id: string;
  business_name: string;
  address: string;
  registration_number: string;
  tax_registered: boolean;
  tax_number: string | null;
  changed_by: string;
  changed_at: Date;
}

const sellerRow = (r: Record<string, unknown>): SellerRow => ({
  ...(r as unknown as SellerRow),
  id: String(r.id),
  changed_at: r.changed_at instanceof Date ? r.changed_at : new Date(r.changed_at as string),
});

const newestFirst = [
  { column: 'changed_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

/** The details in force now (the newest version), or null before an admin first sets them. */
export async function currentSeller(db: Db): Promise<SellerRow | null> {
  const r = await db('seller_details').select('*').orderBy(newestFirst).first();
  return r ? sellerRow(r) : null;
}

/**
 * The details in force when a transaction was recorded: the newest version changed at or before its `recorded_at`
 * (compared in the database, at its precision), or null when none was set yet.
 */
export async function sellerForTransaction(db: Db, transactionId: string): Promise<SellerRow | null> {
  const r = await db('seller_details')
    .select('*')
    .where('changed_at', '<=', db('transactions').select('recorded_at').where('id', transactionId))
    .orderBy(newestFirst)
    .first();
  return r ? sellerRow(r) : null;
}

/** Adds a version (never updates one: an issued receipt keeps the version it was recorded under). */
export async function addSellerVersion(db: Db, v: Omit<SellerRow, 'id' | 'changed_at'>): Promise<SellerRow> {
  const [r] = await db('seller_details').insert(v).returning('*');
  return sellerRow(r as Record<string, unknown>);
}
