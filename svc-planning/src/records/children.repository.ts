import type { Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from './access';

/**
 * Queries on the child records of one parent record (a policy's funds, a portfolio's holdings, a debt's
 * transactions): rows of `table` whose data names the parent under `key`.
 */

/** The ids of the household's rows in `table` whose `data[key]` is `parentId`. */
export async function childIds(
  db: Knex,
  table: string,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  key: string,
  parentId: string,
): Promise<string[]> {
  const rows: Array<{ id: string }> = await db(table)
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .whereRaw('data->>(?::text) = ?', [key, parentId])
    .select('id');
  return rows.map((r) => r.id);
}

/** Sets `data.asset_balancing` of each listed row of `table` (rows of the household). */
export async function setAssetBalancing(
  trx: Knex,
  table: string,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  funds: ReadonlyArray<{ id: string; asset_balancing: number }>,
): Promise<void> {
  for (const f of funds)
    await trx(table)
      .where({ id: f.id, advisor_id: hh.advisor_id, household_id: hh.id })
      .update({
        data: trx.raw("jsonb_set(data, '{asset_balancing}', to_jsonb(?::numeric))", [f.asset_balancing]),
        updated_at: new Date(),
      });
}
