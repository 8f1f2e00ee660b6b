import type { Knex } from '@kinfolio/service-kit';

/** Writes of the planning thresholds (reads: read.ts). */

export async function thresholdStored(db: Knex, key: string): Promise<boolean> {
  return !!(await db('planning_thresholds').where({ key }).first('id'));
}

export async function insertThreshold(
  trx: Knex,
  row: { id: string; key: string; label: string; unit: string; value: number },
): Promise<void> {
  await trx('planning_thresholds').insert(row);
}

export async function updateThreshold(trx: Knex, id: string, change: Record<string, unknown>): Promise<void> {
  await trx('planning_thresholds').where({ id }).update(change);
}

/** Deletes a stored threshold; its key, or undefined when there was none. */
export async function deleteThreshold(db: Knex, id: string): Promise<string | undefined> {
  const gone: Array<{ key: string }> = await db('planning_thresholds').where({ id }).delete().returning('key');
  return gone[0]?.key;
}
