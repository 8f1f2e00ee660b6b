import type { Knex } from '@kinfolio/service-kit';

/** The investment reference tables an admin keeps: companies, banks, plans and funds. */

export type NamesTable = 'investment_companies' | 'investment_banks';
export interface NameRow {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export async function listNames(db: Knex, table: NamesTable, search?: string): Promise<NameRow[]> {
  const rows = db(table).orderByRaw('lower(name), id');
  if (search) rows.whereRaw("lower(name) like '%' || lower(?) || '%'", [search]);
  return rows;
}

/** The renamed row, or undefined when there is none. */
export async function renameName(db: Knex, table: NamesTable, id: string, name: string): Promise<NameRow | undefined> {
  const rows: NameRow[] = await db(table).where({ id }).update({ name, updated_at: new Date() }).returning('*');
  return rows[0];
}

export async function companyHasPlans(db: Knex, companyId: string): Promise<boolean> {
  return !!(await db('investment_plans').where({ company_id: companyId }).first('id'));
}

export async function companyExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('investment_companies').where({ id }).first('id'));
}

export async function planExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('investment_plans').where({ id }).first('id'));
}

const planQuery = (db: Knex) =>
  db('investment_plans as p')
    .join('investment_companies as c', 'c.id', 'p.company_id')
    .select('p.id', 'p.name', 'p.company_id', 'c.name as company_name', 'p.type', 'p.created_at', 'p.updated_at');

/** The plans (with their company's name) by name, of one company and matching a search if given. */
export async function listPlans(
  db: Knex,
  q: { company_id?: string; search?: string },
): Promise<Array<Record<string, unknown>>> {
  const rows = planQuery(db).orderByRaw('lower(p.name), p.id');
  if (q.company_id) rows.where('p.company_id', q.company_id);
  if (q.search) rows.whereRaw("lower(p.name) like '%' || lower(?) || '%'", [q.search]);
  return rows;
}

export async function planById(db: Knex, id: string): Promise<Record<string, unknown>> {
  return planQuery(db).where('p.id', id).first();
}

const FUND_COLUMNS = [
  'id',
  'code',
  'name',
  'company',
  'currency',
  'risk_level',
  'price',
  'equity',
  'bond',
  'others',
  'sample',
  'updated_at',
] as const;
/** A fund's columns as the admin's list and the import read them (the price date as text). */
export const fundColumns = (db: Knex) => [...FUND_COLUMNS, db.raw('price_date::text as price_date')];

/** One page of the funds an admin has not deleted, by name: search on name (or the exact code), company. */
export async function fundPage(
  db: Knex,
  q: { search?: string; company?: string; page: number; page_size: number },
): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const filtered = db('investment_funds').whereNull('deleted_at');
  const search = q.search;
  if (search)
    filtered.where((w) =>
      w.whereRaw("lower(name) like '%' || lower(?) || '%'", [search]).orWhereRaw('lower(code) = lower(?)', [search]),
    );
  if (q.company) filtered.whereRaw('lower(company) = lower(?)', [q.company]);
  const [count] = await filtered.clone().count<{ n: string | number }[]>({ n: '*' });
  const rows = await filtered
    .clone()
    .select(fundColumns(db))
    .orderByRaw('lower(name), id')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function fundById(db: Knex, id: string): Promise<Record<string, unknown>> {
  return db('investment_funds').where({ id }).first(fundColumns(db));
}

/** Changes a fund that is not deleted; false when there is none. */
export async function updateFund(db: Knex, id: string, change: Record<string, unknown>): Promise<boolean> {
  return !!(await db('investment_funds').where({ id }).whereNull('deleted_at').update(change));
}
