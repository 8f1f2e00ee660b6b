import { type Knex, outboxRow } from '@kinfolio/service-kit';
import type { HouseholdRow } from '../records/access';
import { householdWritten } from '../read-db';
import { householdPrewarm } from '../reports/prewarm';

/**
 * Writes planning.household.changed.v1 to the outbox in the transaction of the change, so the advisor's and the
 * customer's open screens reload (svc-support relays it to their sockets once it is committed). Every write to a
 * household's data calls this; it also keeps the household's reads on the primary until the read replica has
 * replayed the write (../read-db.ts).
 */
export async function householdChanged(
  trx: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id' | 'customer_user_id'>,
  section: string,
  change: 'created' | 'updated' | 'deleted' = 'updated',
): Promise<void> {
  await householdWritten(trx, hh);
  await trx('outbox').insert(householdChangedRow(hh, section, change));
  // the report of the new version, made once this commits when someone has it open (../reports/prewarm.ts)
  if (change !== 'deleted') householdPrewarm(trx, hh);
}

/** The same event as an outbox row, for a write that inserts it in its own statement (see createRecord). */
export function householdChangedRow(
  hh: Pick<HouseholdRow, 'id' | 'advisor_id' | 'customer_user_id'>,
  section: string,
  change: 'created' | 'updated' | 'deleted' = 'updated',
) {
  return outboxRow('planning.household.changed.v1', {
    household_id: hh.id,
    advisor_id: hh.advisor_id,
    customer_user_id: hh.customer_user_id ?? null,
    change,
    section,
  });
}

/** Runs `work` in a transaction: the caller's when it already is one, else a new one. */
export function inTransaction<T>(db: Knex, work: (trx: Knex) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction((trx) => work(trx));
}
