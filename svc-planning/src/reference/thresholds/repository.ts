import type { Knex } from '@kinfolio/service-kit';
import { sharedDataWritten } from '../../read-db';

/**
 * Writes of the planning thresholds (reads: read.ts). Every report reads them: after each write, reports compute on
 * the primary until the read replica has replayed it (../../read-db.ts).
 */

export async function thresholdStored(db: Knex, key: string): Promise<boolean> {
  return !!(await db('planning_thresholds').where({ key }).first('id'));
}

export async function insertThreshold(
  trx: Knex,
  row: { id: string; key: string; label: string; unit: string; value: number },
): Promise<void> {
  await trx('planning_thresholds').insert(row);
  await sharedDataWritten(trx);
}

export async function updateThreshold(trx: Knex, id: string, change: Record<string, unknown>): Promise<void> {
  await trx('planning_thresholds').where({ id }).update(change);
  await sharedDataWritten(trx);
}

/** Deletes a stored threshold; its key, or undefined when there was none. */
export async function deleteThreshold(db: Knex, id: string): Promise<string | undefined> {
  const gone: Array<{ key: string }> = await db('planning_thresholds').where({ id }).delete().returning('key');
  await sharedDataWritten(db);
  return gone[0]?.key;
}
