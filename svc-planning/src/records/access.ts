import type { Identity, Knex, ServiceContext } from '@kinfolio/service-kit';
import { identity, notFound } from '@kinfolio/service-kit';

export interface HouseholdRow {
  id: string;
  advisor_id: string;
  type: 'lead' | 'customer';
  name: string;
  email: string | null;
  phone: string | null;
  country_code: string | null;
  gender: string;
  age: number | null;
  date_of_birth: string | null;
  marital_status: string;
  dependencies: unknown;
  children_count: number;
  children: unknown;
  citizenship: string;
  holding_pr: boolean;
  country_pr: string | null;
  referral_id: string | null;
  currency: string;
  inflation_rate: string | number | null;
  customer_user_id: string | null;
  shared_at: Date | string | null;
  converted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The household `id` as the caller may see it: an advisor's own (read or write), or for a customer the one
 * household linked to their login (read only; asked for by its id or by the customer's own user id). Anything else, another tenant's included, is 404 (never 403).
 * Every records query starts here and then filters by both advisor_id and household_id.
 */
export async function householdFor(db: Knex, id: string, who: Identity, mode: 'read' | 'write'): Promise<HouseholdRow> {
  if (!UUID.test(id)) throw notFound('No such lead or customer');
  const q = db<HouseholdRow>('households');
  if (who.type === 'advisor') q.where({ id: id.toLowerCase(), advisor_id: who.userId });
  else if (who.type === 'customer' && mode === 'read') {
    q.where({ customer_user_id: who.userId });
    // A customer's dashboard asks for its own household by the customer's user id (/customer/dashboard knows no
    // household id): the household linked to that login answers, the newest if an advisor linked several.
    if (id.toLowerCase() === who.userId.toLowerCase()) q.orderBy('shared_at', 'desc');
    else q.andWhere({ id: id.toLowerCase() });
  } else throw notFound('No such lead or customer');
  const row = await q.first();
  if (!row) throw notFound('No such lead or customer');
  return row;
}

/** A household by its key (the advisor, the distribution key, and its id); undefined when it is gone. */
export const householdByKey = (db: Knex, key: { advisor_id: string; id: string }): Promise<HouseholdRow | undefined> =>
  db<HouseholdRow>('households').where({ advisor_id: key.advisor_id, id: key.id }).first();

export const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The household `id` as the calling user may read it (householdFor with the caller the gateway verified). */
export const readableHousehold = (ctx: ServiceContext, id: string): Promise<HouseholdRow> =>
  householdFor(ctx.db, id, identity(), 'read');

/** The household `id` as the calling advisor may change it (their own; anything else is a 404). */
export const writableHousehold = (ctx: ServiceContext, id: string): Promise<HouseholdRow> =>
  householdFor(ctx.db, id, identity(), 'write');
