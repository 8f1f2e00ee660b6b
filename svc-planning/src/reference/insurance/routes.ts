import { randomUUID } from 'node:crypto';
import { reference as R } from '@kinfolio/contracts';
import {
  allow,
  badRequest,
  conflict,
  identity,
  type Knex,
  notFound,
  parse,
  type ServiceContext,
  uuidParam,
} from '@kinfolio/service-kit';
import type { Express } from 'express';
import { fail } from '../../insurance/kinds';
import { householdFor } from '../../records/access';
import { checkCurrency } from '../../records/repository';
import { readPremiumTable } from './premium-import';
import { lookupPremium } from './premium-lookup';

const adminOnly = allow('admin');
const readers = allow('advisor', 'customer');
const advisorOnly = allow('advisor');

/**
 * Insurance reference data admins keep (issue 15, platform-shell §2.4 Insurance, §7 "Admin"): companies, plans (with
 * category, plan type, premium table by age and gender, additional coverage premium, riders), the premium-table
 * import from xlsx or CSV, and projection tables. A company or plan that households' policies name cannot be deleted
 * (409 with the count): a policy keeps pointing at its reference plan (docs/decisions/reference-data.md).
 */
type PlanRow = {
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

const json = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined) return fallback;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
};
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
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

const planQuery = (db: Knex) =>
  db('insurance_reference_plans as p')
    .leftJoin('insurance_companies as c', 'c.id', 'p.insurance_company')
    .select(
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
    );

/** One reference plan with its company name, or 404. */
export async function loadPlan(db: Knex, id: string): Promise<R.InsurancePlan> {
  const row = await planQuery(db).where('p.id', id).first();
  if (!row) throw notFound('No such insurance plan');
  return toPlan(row as PlanRow);
}

async function loadCompany(db: Knex, id: string): Promise<R.InsuranceCompany> {
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
async function policiesUsing(db: Knex, o: { company?: string; plans: string[] }): Promise<number> {
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

const inUse = (n: number, what: string) =>
  conflict(
    `${n === 1 ? 'One household policy uses' : `${n} household policies use`} this ${what}: it cannot be deleted while they do`,
  );

/** The referenced company, category and plan type exist, the type is of the category, ages are listed once. */
async function verifyPlan(trx: Knex, body: Partial<R.InsurancePlanBody>, current?: R.InsurancePlan): Promise<void> {
  if (
    body.insurance_company !== undefined &&
    !(await trx('insurance_companies').where({ id: body.insurance_company }).first('id'))
  )
    throw badRequest('No such insurance company', 'insurance_company');
  const category = body.category ?? current?.category ?? undefined;
  if (body.category !== undefined && !(await trx('insurance_plan_categories').where({ id: body.category }).first('id')))
    throw badRequest('No such plan category', 'category');
  const planType = body.plan_type ?? current?.plan_type ?? undefined;
  if (body.plan_type !== undefined || body.category !== undefined) {
    // the one list of plan types (packages/contracts/src/plan-types.ts), as the advisor's policy editor offers them
    const type = R.insurancePlanType(planType);
    if (!type || type.id !== planType) throw badRequest('No such plan type', 'plan_type');
    if (category && type.category !== category)
      throw badRequest(`This plan type is not in the category '${category}'`, 'plan_type');
  }
  if (body.currency !== undefined) await checkCurrency(trx, body as Record<string, unknown>);
  const issues: Array<{ field: string; message: string }> = [];
  const twice = (ages: number[], path: string) => {
    const dup = ages.findIndex((a, i) => ages.indexOf(a) !== i);
    if (dup >= 0) issues.push({ field: `${path}.${dup}.age`, message: `Age ${ages[dup]} is listed twice` });
  };
  if (body.data_by_age)
    twice(
      body.data_by_age.map((r) => r.age),
      'data_by_age',
    );
  for (const [i, rider] of (body.riders ?? []).entries())
    twice(
      rider.data_by_age.map((r) => r.age),
      `riders.${i}.data_by_age`,
    );
  const names = (body.riders ?? []).map((r) => r.name.toLowerCase());
  const dupRider = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (dupRider >= 0) issues.push({ field: `riders.${dupRider}.name`, message: 'This rider is listed twice' });
  fail(issues);
  const name = body.name ?? current?.name;
  const company = body.insurance_company ?? current?.insurance_company;
  if (name && company && (body.name !== undefined || body.insurance_company !== undefined)) {
    const q = trx('insurance_reference_plans')
      .where({ insurance_company: company })
      .whereRaw('lower(name) = lower(?)', [name]);
    if (current) q.whereNot({ id: current.id });
    if (await q.first('id')) throw badRequest('This company already has a plan with this name', 'name');
  }
}

/** The plan types with their list position (the advisor's `insurance/plan-types` and the admin's list). */
export const planTypeRows = () => R.INSURANCE_PLAN_TYPES.map((t, position) => ({ ...t, position }));

const sortRows = <T extends { age: number }>(rows: T[]) => [...rows].sort((a, b) => a.age - b.age);

function planColumns(body: Partial<R.InsurancePlanBody>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.insurance_company !== undefined) out.insurance_company = body.insurance_company;
  if (body.category !== undefined) out.category = body.category;
  if (body.plan_type !== undefined) out.plan_type = body.plan_type;
  if (body.currency !== undefined) out.currency = body.currency.toUpperCase();
  if (body.data_by_age !== undefined)
    out.data_by_age = JSON.stringify(
      sortRows(body.data_by_age).map((r) => ({ age: r.age, male: r.male ?? null, female: r.female ?? null })),
    );
  if (body.additional_coverage_premium !== undefined)
    out.additional_coverage_premium = body.additional_coverage_premium;
  if (body.riders !== undefined)
    out.riders = JSON.stringify(body.riders.map((r) => ({ name: r.name, data_by_age: sortRows(r.data_by_age) })));
  return out;
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
async function loadProjection(db: Knex, id: string) {
  const row = await projectionQuery(db).where('t.id', id).first();
  if (!row) throw notFound('No such projection table');
  return toProjection(row as ProjectionRowDb);
}
function projectionRows(rows: Array<{ policy_year: number }>) {
  const years = rows.map((r) => r.policy_year);
  const dup = years.findIndex((y, i) => years.indexOf(y) !== i);
  if (dup >= 0) fail([{ field: `rows.${dup}.policy_year`, message: `Policy year ${years[dup]} is listed twice` }]);
  return JSON.stringify([...rows].sort((a, b) => a.policy_year - b.policy_year));
}

export function insuranceReferenceRoutes(app: Express, ctx: ServiceContext): void {
  // ---------------------------------------------------------------- companies
  app.get('/api/v1/admin/insurance/company', adminOnly, async (_req, res) => {
    const rows = await ctx
      .db('insurance_companies as c')
      .select(
        'c.id',
        'c.name',
        'c.country',
        ctx.db.raw(
          '(select count(*) from insurance_reference_plans p where p.insurance_company = c.id)::int as plan_count',
        ),
      )
      .orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
    res.json({
      data: rows.map((r) => ({ id: r.id, name: r.name, country: r.country ?? null, plan_count: Number(r.plan_count) })),
    });
  });
  const sameName = async (trx: Knex, name: string, self?: string) => {
    const q = trx('insurance_companies').whereRaw('lower(name) = lower(?)', [name]);
    if (self) q.whereNot({ id: self });
    if (await q.first('id')) throw badRequest('This insurance company is already listed', 'name');
  };
  app.post('/api/v1/admin/insurance/company', adminOnly, async (req, res) => {
    const body = parse(R.InsuranceCompanyBody, req.body);
    const id = randomUUID();
    await ctx.tx(async (trx) => {
      await sameName(trx, body.name);
      await trx('insurance_companies').insert({ id, name: body.name, country: body.country ?? null });
    });
    res.status(201).json({ message: 'Insurance company added', data: await loadCompany(ctx.db, id) });
  });
  app.put('/api/v1/admin/insurance/company/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(R.InsuranceCompanyBody, req.body);
    await ctx.tx(async (trx) => {
      await loadCompany(trx, id);
      await sameName(trx, body.name, id);
      await trx('insurance_companies')
        .where({ id })
        .update({ name: body.name, country: body.country ?? null, updated_at: new Date() });
    });
    res.json({ message: 'Insurance company saved', data: await loadCompany(ctx.db, id) });
  });
  app.delete('/api/v1/admin/insurance/company/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    await ctx.tx(async (trx) => {
      await loadCompany(trx, id);
      const plans: string[] = await trx('insurance_reference_plans').where({ insurance_company: id }).pluck('id');
      const n = await policiesUsing(trx, { company: id, plans });
      if (n) throw inUse(n, 'company or one of its plans');
      if (plans.length) await trx('insurance_reference_plans').whereIn('id', plans).delete();
      await trx('insurance_companies').where({ id }).delete();
    });
    res.json({ message: 'Insurance company deleted' });
  });

  app.get('/api/v1/admin/insurance-plan-types', adminOnly, (_req, res) => {
    res.json({ data: planTypeRows() });
  });
  app.get('/api/v1/admin/insurance-plans-category', adminOnly, async (_req, res) => {
    res.json({ data: await ctx.db('insurance_plan_categories').orderBy('position').select('id', 'name', 'position') });
  });

  // ---------------------------------------------------------------- plans
  app.get('/api/v1/admin/insurance-plans', adminOnly, async (req, res) => {
    const q = parse(R.InsurancePlanListQuery, req.query);
    const rows = planQuery(ctx.db)
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
    res.json({
      data: (await rows).map((r) => {
        const { data_by_age, riders, ...rest } = toPlan(r as PlanRow);
        return { ...rest, premium_rows: data_by_age.length, rider_count: riders.length };
      }),
    });
  });
  app.get('/api/v1/admin/insurance-plans/:id', adminOnly, async (req, res) => {
    res.json({ data: await loadPlan(ctx.db, uuidParam(req, 'id')) });
  });
  app.get('/api/v1/customer/insurance-plans/:id', readers, async (req, res) => {
    res.json({ data: await loadPlan(ctx.db, uuidParam(req, 'id')) });
  });
  // the premium of a plan for a member of the advisor's own household (issue 31 item 8): the policy editor fills it
  app.get('/api/v1/customer/insurance-plans/:id/premium', advisorOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const q = parse(R.PremiumLookupQuery, req.query);
    const hh = await householdFor(ctx.db, q.lead_id, identity(), 'read');
    const member = await ctx
      .db('members')
      .where({ id: q.member_id, household_id: hh.id, advisor_id: hh.advisor_id })
      .first('id', 'data');
    if (!member) throw notFound('No such member in this household');
    const data = (typeof member.data === 'string' ? JSON.parse(member.data) : member.data) as Record<string, unknown>;
    const plan = await loadPlan(ctx.db, id);
    res.json({
      data: lookupPremium(
        plan,
        {
          id: member.id,
          gender: data.gender as string | undefined,
          age: typeof data.age === 'number' ? data.age : null,
          date_of_birth: typeof data.date_of_birth === 'string' ? data.date_of_birth : null,
        },
        q.frequency,
        q.policy_date,
      ),
    });
  });
  app.post('/api/v1/admin/insurance-plans/create', adminOnly, async (req, res) => {
    const body = parse(R.InsurancePlanBody, req.body);
    const id = randomUUID();
    await ctx.tx(async (trx) => {
      await verifyPlan(trx, body);
      await trx('insurance_reference_plans').insert({ id, ...planColumns(body) });
    });
    res.status(201).json({ message: 'Insurance plan added', data: await loadPlan(ctx.db, id) });
  });
  app.patch('/api/v1/admin/insurance-plans/:id/update', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(R.InsurancePlanPatch, req.body);
    await ctx.tx(async (trx) => {
      const current = await loadPlan(trx, id);
      await verifyPlan(trx, body, current);
      await trx('insurance_reference_plans')
        .where({ id })
        .update({ ...planColumns(body), updated_at: new Date() });
    });
    res.json({ message: 'Insurance plan saved', data: await loadPlan(ctx.db, id) });
  });
  app.delete('/api/v1/admin/insurance-plans/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    await ctx.tx(async (trx) => {
      await loadPlan(trx, id);
      const n = await policiesUsing(trx, { plans: [id] });
      if (n) throw inUse(n, 'plan');
      await trx('insurance_reference_plans').where({ id }).delete();
    });
    res.json({ message: 'Insurance plan deleted' });
  });
  app.post('/api/v1/admin/insurance-plans/premium-table/parse', adminOnly, async (req, res) => {
    const body = parse(R.PremiumImportBody, req.body);
    const rows = await readPremiumTable(body.file_name, body.content);
    res.json({ message: `Read ${rows.length} ages`, data: { data_by_age: rows, rows: rows.length } });
  });
  app.post('/api/v1/admin/insurance-plans/:id/premium-table', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(R.PremiumImportBody, req.body);
    await loadPlan(ctx.db, id);
    const rows = await readPremiumTable(body.file_name, body.content);
    await ctx.tx(async (trx) => {
      await loadPlan(trx, id);
      await trx('insurance_reference_plans')
        .where({ id })
        .update({ ...planColumns({ data_by_age: rows }), updated_at: new Date() });
    });
    res.json({ message: `Imported ${rows.length} ages`, data: await loadPlan(ctx.db, id) });
  });

  // ---------------------------------------------------------------- projection tables (hidden from the menu)
  app.get('/api/v1/admin/insurance-projections-tables', adminOnly, async (req, res) => {
    const q = parse(R.ProjectionTablesQuery, req.query);
    const rows = projectionQuery(ctx.db).orderBy([{ column: 'p.name' }, { column: 't.name' }, { column: 't.id' }]);
    if (q.plan_id) rows.where('t.plan_id', q.plan_id);
    res.json({ data: (await rows).map((r) => toProjection(r as ProjectionRowDb)) });
  });
  app.post('/api/v1/admin/insurance-projections-tables/create', adminOnly, async (req, res) => {
    const body = parse(R.ProjectionTableBody, req.body);
    const id = randomUUID();
    await ctx.tx(async (trx) => {
      if (!(await trx('insurance_reference_plans').where({ id: body.plan_id }).first('id')))
        throw badRequest('No such insurance plan', 'plan_id');
      await trx('insurance_projection_tables').insert({
        id,
        plan_id: body.plan_id,
        name: body.name,
        entry_age: body.entry_age ?? null,
        rows: projectionRows(body.rows),
      });
    });
    res.status(201).json({ message: 'Projection table added', data: await loadProjection(ctx.db, id) });
  });
  app.patch('/api/v1/admin/insurance-projections-tables/:id/update', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(R.ProjectionTablePatch, req.body);
    await ctx.tx(async (trx) => {
      await loadProjection(trx, id);
      if (
        body.plan_id !== undefined &&
        !(await trx('insurance_reference_plans').where({ id: body.plan_id }).first('id'))
      )
        throw badRequest('No such insurance plan', 'plan_id');
      const change: Record<string, unknown> = { updated_at: new Date() };
      if (body.plan_id !== undefined) change.plan_id = body.plan_id;
      if (body.name !== undefined) change.name = body.name;
      if (body.entry_age !== undefined) change.entry_age = body.entry_age;
      if (body.rows !== undefined) change.rows = projectionRows(body.rows);
      await trx('insurance_projection_tables').where({ id }).update(change);
    });
    res.json({ message: 'Projection table saved', data: await loadProjection(ctx.db, id) });
  });
  app.delete('/api/v1/admin/insurance-projections-tables/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const gone = await ctx.db('insurance_projection_tables').where({ id }).delete().returning('id');
    if (!gone.length) throw notFound('No such projection table');
    res.json({ message: 'Projection table deleted' });
  });
}
