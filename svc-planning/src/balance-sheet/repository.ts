import { randomUUID } from 'node:crypto';
import type { balanceSheet as B } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import type { z } from 'zod';
import type { HouseholdRow } from '../records/access';

type Household = Pick<HouseholdRow, 'id' | 'advisor_id'>;

export async function propertyTypes(db: Knex): Promise<Array<{ id: string; name: string; position: number }>> {
  return db('property_types').orderBy('position').select('id', 'name', 'position');
}

/**
 * The fund picker: funds an admin has not deleted (holdings that name a deleted one keep theirs, issue 15), real
 * funds first and the sample feed's made-up funds after them (issue 31 item 8), at most 200.
 */
export async function fundPicks(
  db: Knex,
  q: z.infer<typeof B.InvestmentFundsQuery>,
): Promise<Array<Record<string, unknown>>> {
  const rows = db('investment_funds')
    .whereNull('deleted_at')
    .select('*', db.raw('price_date::text as price_date'))
    .orderBy([{ column: 'sample' }, { column: 'name' }, { column: 'id' }])
    .limit(200);
  if (q.search) rows.whereRaw("lower(name) like '%' || lower(?) || '%'", [q.search]);
  if (q.company) rows.whereRaw('lower(company) = lower(?)', [q.company]);
  return rows;
}

export async function assetClasses(db: Knex): Promise<Array<{ id: string; name: string; position: number }>> {
  return db('fund_asset_classes').orderBy('position').select('id', 'name', 'position');
}

export async function assetClassNamed(db: Knex, name: string): Promise<boolean> {
  return !!(await db('fund_asset_classes').whereRaw('lower(name) = lower(?)', [name]).first('id'));
}

/** Adds an asset class after the last one. */
export async function insertAssetClass(
  trx: Knex,
  name: string,
): Promise<{ id: string; name: string; position: number }> {
  const max = await trx('fund_asset_classes').max<{ m: number | null }[]>({ m: 'position' });
  const created = { id: randomUUID(), name, position: Number(max[0]?.m ?? -1) + 1 };
  await trx('fund_asset_classes').insert(created);
  return created;
}

/** False when there is no such asset class. */
export async function deleteAssetClass(db: Knex, id: string): Promise<boolean> {
  const gone = await db('fund_asset_classes').where({ id }).delete().returning('id');
  return gone.length > 0;
}

/** The household's beneficiary rows of `table`, oldest first. */
export async function beneficiaryRows(
  db: Knex,
  table: string,
  hh: Household,
): Promise<Array<{ id: string; data: unknown }>> {
  return db(table)
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'data');
}

/** Changes a debt transaction's data and position. */
export async function updateDebtTransaction(
  trx: Knex,
  hh: Household,
  id: string,
  data: Record<string, unknown>,
  position: number,
): Promise<void> {
  await trx('debt_transactions')
    .where({ id, advisor_id: hh.advisor_id, household_id: hh.id })
    .update({ data: JSON.stringify(data), position, updated_at: new Date() });
}

/** Adds a debt transaction; its id. */
export async function insertDebtTransaction(
  trx: Knex,
  hh: Household,
  data: Record<string, unknown>,
  position: number,
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await trx('debt_transactions').insert({
    id,
    advisor_id: hh.advisor_id,
    household_id: hh.id,
    member_id: null,
    position,
    data: JSON.stringify(data),
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function deleteDebtTransactions(trx: Knex, hh: Household, ids: string[]): Promise<void> {
  if (ids.length)
    await trx('debt_transactions')
      .whereIn('id', ids)
      .andWhere({ advisor_id: hh.advisor_id, household_id: hh.id })
      .delete();
}
