import type { Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from '../records/access';

/** The scenario inputs a household keeps one row of (its sell sequence, its scenario settings). */
type OneRowTable = 'scenario_sell_sequences' | 'scenario_settings';
type Household = Pick<HouseholdRow, 'id' | 'advisor_id'>;

/** The household's row of `table`, if it has saved one. */
export async function householdRow<T>(db: Knex, table: OneRowTable, hh: Household): Promise<T | undefined> {
  return db(table).where({ household_id: hh.id, advisor_id: hh.advisor_id }).first();
}

/** Stores the household's row of `table` (`columns` replace the saved ones) and touches the household. */
export async function saveHouseholdRow(
  trx: Knex,
  table: OneRowTable,
  hh: Household,
  columns: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await trx(table)
    .insert({ household_id: hh.id, advisor_id: hh.advisor_id, ...columns, updated_at: now })
    .onConflict(['advisor_id', 'household_id'])
    .merge([...Object.keys(columns), 'updated_at']);
  await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).update({ updated_at: now });
}

/** The ids of the household's locked assets, in the order they were locked. */
export async function lockedAssetIds(db: Knex, hh: Household): Promise<string[]> {
  const locks: Array<{ asset_id: string }> = await db('scenario_locked_assets')
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .orderBy([{ column: 'position' }, { column: 'created_at' }])
    .select(db.raw("data->>'asset_id' AS asset_id"));
  return locks.map((l) => l.asset_id);
}
