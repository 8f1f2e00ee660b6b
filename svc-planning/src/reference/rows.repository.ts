import type { Knex } from '@kinfolio/service-kit';

/** The plain row writes of the reference tables admins keep (by id); what is particular to a table stays beside it. */

export async function insertRow(db: Knex, table: string, row: Record<string, unknown>): Promise<void> {
  await db(table).insert(row);
}

export async function updateRow(db: Knex, table: string, id: string, change: Record<string, unknown>): Promise<void> {
  await db(table).where({ id }).update(change);
}

/** False when there was no such row. */
export async function deleteRow(db: Knex, table: string, id: string): Promise<boolean> {
  const gone = await db(table).where({ id }).delete().returning('id');
  return gone.length > 0;
}
