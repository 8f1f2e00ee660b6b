import type { reference as R } from '@kinfolio/contracts';
import { type Knex, notFound } from '@kinfolio/service-kit';

/**
 * The insurance reference tables admins keep (issue 15): companies, plans (premium tables, riders), projection
 * tables; and how many household policies name a plan or company.
 */
export type PlanRow = {
  id: string;
  name: string;
  insurance_company: string | null;
  company_name: string | null;
  category: string | null;
  plan_type: string | null;
  currency: string;
  data_by_age: unknown;
  additional_coverage_premium: string | number | null;
  riders: unknown;
  updated_at: Date | string;
};

export const json = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined) return fallback;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
};
export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));

export function toPlan(r: PlanRow): R.InsurancePlan {
  const rows = json<R.PremiumRow[]>(r.data_by_age, []);
  return {
    id: r.id,
    name: r.name,
    insurance_company: r.insurance_company,
    company_name: r.company_name,
    category: r.category,
    plan_type: r.plan_type,
    currency: r.currency,
    data_by_age: rows.map((x) => ({ age: x.age, male: x.male ?? null, female: x.female ?? null })),
    additional_coverage_premium: num(r.additional_coverage_premium),
    riders: json<R.Rider[]>(r.riders, []),
    updated_at: iso(r.updated_at),
  };
}

const PLAN_COLUMNS = [
  'p.id',
  'p.name',
  'p.insurance_company',
  'c.name as company_name',
  'p.category',
  'p.plan_type',
  'p.currency',
  'p.data_by_age',
  'p.additional_coverage_premium',
  'p.riders',
  'p.updated_at',
];

/** The reference plans (as `p`) with their company's name (`company_name`): `columns`, every one by default. */
export const plansWithCompany = (db: Knex, columns: readonly string[] = PLAN_COLUMNS) =>
  db('insurance_reference_plans as p')
    .leftJoin('insurance_companies as c', 'c.id', 'p.insurance_company')
    .select(...columns);
const planQuery = (db: Knex) => plansWithCompany(db);

/** One reference plan with its company name, or 404. */
export async function loadPlan(db: Knex, id: string): Promise<R.InsurancePlan> {
  const row = await planQuery(db).where('p.id', id).first();
  if (!row) throw notFound('No such insurance plan');
  return toPlan(row as PlanRow);
}

export async function loadCompany(db: Knex, id: string): Promise<R.InsuranceCompany> {
  const row = await db('insurance_companies as c')
    .where('c.id', id)
    .select(
      'c.id',
      'c.name',
      'c.country',
      db.raw('(select count(*) from insurance_reference_plans p where p.insurance_company = c.id)::int as plan_count'),
    )
    .first();
  if (!row) throw notFound('No such insurance company');
  return { id: row.id, name: row.name, country: row.country ?? null, plan_count: Number(row.plan_count) };
}

/** How many household policies (and boosters or riders) name one of these plans, or this company. */
export async function policiesUsing(db: Knex, o: { company?: string; plans: string[] }): Promise<number> {
  let n = 0;
  const policies = db('insurance_policies').count<{ n: string | number }[]>({ n: '*' });
  policies.where((q) => {
    if (o.company) q.orWhereRaw("data->>'insurance_company' = ?", [o.company]);
    if (o.plans.length) q.orWhereRaw("data->>'plan_id' = any(?)", [o.plans]);
  });
  n += Number((await policies)[0]?.n ?? 0);
  if (o.plans.length) {
    const boosters = await db('insurance_plan_boosters')
      .whereRaw("data->>'plan_id' = any(?)", [o.plans])
      .count<{ n: string | number }[]>({ n: '*' });
    n += Number(boosters[0]?.n ?? 0);
  }
  return n;
}

export async function listCompanies(db: Knex): Promise<R.InsuranceCompany[]> {
  const rows = await db('insurance_companies as c')
    .select(
      'c.id',
      'c.name',
      'c.country',
      db.raw('(select count(*) from insurance_reference_plans p where p.insurance_company = c.id)::int as plan_count'),
    )
    .orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
  return rows.map((r) => ({ id: r.id, name: r.name, country: r.country ?? null, plan_count: Number(r.plan_count) }));
}

/** Whether another company (not `self`) has this name, whatever its case. */
export async function companyNamed(db: Knex, name: string, self?: string): Promise<boolean> {
  const q = db('insurance_companies').whereRaw('lower(name) = lower(?)', [name]);
  if (self) q.whereNot({ id: self });
  return !!(await q.first('id'));
}

export async function updateCompany(
  trx: Knex,
  id: string,
  change: { name: string; country: string | null },
): Promise<void> {
  await trx('insurance_companies')
    .where({ id })
    .update({ ...change, updated_at: new Date() });
}

/** Deletes a company and these plans of it. */
export async function deleteCompany(trx: Knex, id: string, plans: string[]): Promise<void> {
  if (plans.length) await trx('insurance_reference_plans').whereIn('id', plans).delete();
  await trx('insurance_companies').where({ id }).delete();
}

export async function companyPlanIds(db: Knex, id: string): Promise<string[]> {
  return db('insurance_reference_plans').where({ insurance_company: id }).pluck('id');
}

export async function planCategoryList(db: Knex): Promise<Array<{ id: string; name: string; position: number }>> {
  return db('insurance_plan_categories').orderBy('position').select('id', 'name', 'position');
}

export async function companyExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('insurance_companies').where({ id }).first('id'));
}

export async function categoryExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('insurance_plan_categories').where({ id }).first('id'));
}

export async function planExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('insurance_reference_plans').where({ id }).first('id'));
}

/** Whether the company has another plan (not `self`) of this name, whatever its case. */
export async function planNamed(db: Knex, company: string, name: string, self?: string): Promise<boolean> {
  const q = db('insurance_reference_plans')
    .where({ insurance_company: company })
    .whereRaw('lower(name) = lower(?)', [name]);
  if (self) q.whereNot({ id: self });
  return !!(await q.first('id'));
}

/** The plans by name (at most 1000): search on the plan's or the company's name; company, category, plan type. */
export async function listPlans(
  db: Knex,
  q: { search?: string; insurance_company?: string; category?: string; plan_type?: string },
): Promise<R.InsurancePlan[]> {
  const rows = planQuery(db)
    .orderBy([{ column: 'p.name' }, { column: 'p.id' }])
    .limit(1000);
  if (q.search)
    rows.where((w) =>
      w
        .whereRaw("lower(p.name) like '%' || lower(?) || '%'", [String(q.search)])
        .orWhereRaw("lower(c.name) like '%' || lower(?) || '%'", [String(q.search)]),
    );
  if (q.insurance_company) rows.where('p.insurance_company', q.insurance_company);
  if (q.category) rows.where('p.category', q.category);
  if (q.plan_type) rows.where('p.plan_type', q.plan_type);
  return (await rows).map((r) => toPlan(r as PlanRow));
}

export async function updatePlan(trx: Knex, id: string, columns: Record<string, unknown>): Promise<void> {
  await trx('insurance_reference_plans')
    .where({ id })
    .update({ ...columns, updated_at: new Date() });
}

/** A member of the household, if it is one: its id and data. */
export async function householdMember(
  db: Knex,
  hh: { id: string; advisor_id: string },
  id: string,
): Promise<{ id: string; data: unknown } | undefined> {
  return db('members').where({ id, household_id: hh.id, advisor_id: hh.advisor_id }).first('id', 'data');
}

type ProjectionRowDb = {
  id: string;
  plan_id: string;
  plan_name: string;
  name: string;
  entry_age: number | null;
  rows: unknown;
  updated_at: Date | string;
};
const toProjection = (r: ProjectionRowDb) => ({
  id: r.id,
  plan_id: r.plan_id,
  plan_name: r.plan_name,
  name: r.name,
  entry_age: r.entry_age === null ? null : Number(r.entry_age),
  rows: json<Array<{ policy_year: number }>>(r.rows, []),
  updated_at: iso(r.updated_at),
});
const projectionQuery = (db: Knex) =>
  db('insurance_projection_tables as t')
    .join('insurance_reference_plans as p', 'p.id', 't.plan_id')
    .select('t.id', 't.plan_id', 'p.name as plan_name', 't.name', 't.entry_age', 't.rows', 't.updated_at');
export async function loadProjection(db: Knex, id: string) {
  const row = await projectionQuery(db).where('t.id', id).first();
  if (!row) throw notFound('No such projection table');
  return toProjection(row as ProjectionRowDb);
}
export async function listProjections(db: Knex, planId?: string) {
  const rows = projectionQuery(db).orderBy([{ column: 'p.name' }, { column: 't.name' }, { column: 't.id' }]);
  if (planId) rows.where('t.plan_id', planId);
  return (await rows).map((r) => toProjection(r as ProjectionRowDb));
}
