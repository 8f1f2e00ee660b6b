import type { Knex } from '@kinfolio/service-kit';
import type { planning } from '@kinfolio/contracts';

export async function saveLastHousehold(db: Knex, customerId: string, callerId: string, household: planning.Household): Promise<void> {
  await db('last_households')
    .insert({ customer_id: customerId, caller_id: callerId, household: JSON.stringify(household), updated_at: new Date() })
    .onConflict(['customer_id', 'caller_id'])
    .merge(['household', 'updated_at']);
}

export async function findLastHousehold(db: Knex, customerId: string, callerId: string): Promise<{ household: unknown; updated_at: string } | null> {
  const row: { household: unknown; updated_at: Date | string } | undefined = await db('last_households').where({ customer_id: customerId, caller_id: callerId }).first();
  if (!row) return null;
  return { household: typeof row.household === 'string' ? JSON.parse(row.household) : row.household, updated_at: new Date(row.updated_at).toISOString() };
}
