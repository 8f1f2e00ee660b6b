import { randomUUID } from 'node:crypto';
import { reference as R } from '@kinfolio/contracts';
import { badRequest, conflict, type Knex, notFound, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { fail } from '../../insurance/kinds';
import { type HouseholdRow } from '../../records/access';
import { checkCurrency } from '../../records/repository';
import { deleteRow, insertRow, updateRow } from '../rows.repository';
import { readPremiumTable } from './premium-import';
import { lookupPremium } from './premium-lookup';
import {
  categoryExists,
  companyExists,
  companyNamed,
  companyPlanIds,
  deleteCompany,
  householdMember,
  listCompanies,
  listPlans,
  listProjections,
  loadCompany,
  loadPlan,
  loadProjection,
  planCategoryList,
  planExists,
  planNamed,
  policiesUsing,
  updateCompany,
  updatePlan,
} from './repository';

type Body<S extends z.ZodType> = z.infer<S>;

/**
 * The use cases of the insurance reference data admins keep (routes.ts says what each call is). A company or plan
 * that households' policies name cannot be deleted (409 with the count): a policy keeps pointing at its reference
 * plan (docs/decisions/reference-data.md).
 */

/** The referenced company, category and plan type exist, the type is of the category, ages are listed once. */
async function verifyPlan(trx: Knex, body: Partial<R.InsurancePlanBody>, current?: R.InsurancePlan): Promise<void> {
  if (body.insurance_company !== undefined && !(await companyExists(trx, body.insurance_company)))
    throw badRequest('No such insurance company', 'insurance_company');
  const category = body.category ?? current?.category ?? undefined;
  if (body.category !== undefined && !(await categoryExists(trx, body.category)))
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
    if (await planNamed(trx, company, name, current?.id))
      throw badRequest('This company already has a plan with this name', 'name');
  }
}

const inUse = (n: number, what: string) =>
  conflict(
    `${n === 1 ? 'One household policy uses' : `${n} household policies use`} this ${what}: it cannot be deleted while they do`,
  );

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

function projectionRows(rows: Array<{ policy_year: number }>) {
  const years = rows.map((r) => r.policy_year);
  const dup = years.findIndex((y, i) => years.indexOf(y) !== i);
  if (dup >= 0) fail([{ field: `rows.${dup}.policy_year`, message: `Policy year ${years[dup]} is listed twice` }]);
  return JSON.stringify([...rows].sort((a, b) => a.policy_year - b.policy_year));
}

export const companies = (ctx: ServiceContext) => listCompanies(ctx.db);

async function checkCompanyName(db: Knex, name: string, self?: string): Promise<void> {
  if (await companyNamed(db, name, self)) throw badRequest('This insurance company is already listed', 'name');
}

export async function addCompany(ctx: ServiceContext, body: Body<typeof R.InsuranceCompanyBody>) {
  const id = randomUUID();
  await ctx.tx(async (trx) => {
    await checkCompanyName(trx, body.name);
    await insertRow(trx, 'insurance_companies', { id, name: body.name, country: body.country ?? null });
  });
  return loadCompany(ctx.db, id);
}

export async function changeCompany(ctx: ServiceContext, id: string, body: Body<typeof R.InsuranceCompanyBody>) {
  await ctx.tx(async (trx) => {
    await loadCompany(trx, id);
    await checkCompanyName(trx, body.name, id);
    await updateCompany(trx, id, { name: body.name, country: body.country ?? null });
  });
  return loadCompany(ctx.db, id);
}

/** Deletes a company and its plans, unless a household policy names it or one of them (409). */
export async function removeCompany(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.tx(async (trx) => {
    await loadCompany(trx, id);
    const plans = await companyPlanIds(trx, id);
    const n = await policiesUsing(trx, { company: id, plans });
    if (n) throw inUse(n, 'company or one of its plans');
    await deleteCompany(trx, id, plans);
  });
}

export const planCategories = (ctx: ServiceContext) => planCategoryList(ctx.db);

/** The admin's plan list: each plan without its tables, with how many premium rows and riders it has. */
export async function plans(ctx: ServiceContext, q: Body<typeof R.InsurancePlanListQuery>) {
  return (await listPlans(ctx.db, q)).map(({ data_by_age, riders, ...rest }) => ({
    ...rest,
    premium_rows: data_by_age.length,
    rider_count: riders.length,
  }));
}

export const plan = (ctx: ServiceContext, id: string) => loadPlan(ctx.db, id);

/** The premium of a plan for a member of the household (the policy editor fills it in). */
export async function planPremium(
  ctx: ServiceContext,
  hh: HouseholdRow,
  id: string,
  q: Body<typeof R.PremiumLookupQuery>,
) {
  const member = await householdMember(ctx.db, hh, q.member_id);
  if (!member) throw notFound('No such member in this household');
  const data = (typeof member.data === 'string' ? JSON.parse(member.data) : member.data) as Record<string, unknown>;
  const found = await loadPlan(ctx.db, id);
  return lookupPremium(
    found,
    {
      id: member.id,
      gender: data.gender as string | undefined,
      age: typeof data.age === 'number' ? data.age : null,
      date_of_birth: typeof data.date_of_birth === 'string' ? data.date_of_birth : null,
    },
    q.frequency,
    q.policy_date,
  );
}

export async function addPlan(ctx: ServiceContext, body: Body<typeof R.InsurancePlanBody>) {
  const id = randomUUID();
  await ctx.tx(async (trx) => {
    await verifyPlan(trx, body);
    await insertRow(trx, 'insurance_reference_plans', { id, ...planColumns(body) });
  });
  return loadPlan(ctx.db, id);
}

export async function changePlan(ctx: ServiceContext, id: string, body: Body<typeof R.InsurancePlanPatch>) {
  await ctx.tx(async (trx) => {
    const current = await loadPlan(trx, id);
    await verifyPlan(trx, body, current);
    await updatePlan(trx, id, planColumns(body));
  });
  return loadPlan(ctx.db, id);
}

/** Deletes a plan, unless a household policy (or booster) names it (409). */
export async function removePlan(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.tx(async (trx) => {
    await loadPlan(trx, id);
    const n = await policiesUsing(trx, { plans: [id] });
    if (n) throw inUse(n, 'plan');
    await deleteRow(trx, 'insurance_reference_plans', id);
  });
}

/** Replaces a plan's premium table with the one read from an xlsx or CSV file; the rows read and the plan. */
export async function importPremiumTable(ctx: ServiceContext, id: string, body: Body<typeof R.PremiumImportBody>) {
  await loadPlan(ctx.db, id);
  const rows = await readPremiumTable(body.file_name, body.content);
  await ctx.tx(async (trx) => {
    await loadPlan(trx, id);
    await updatePlan(trx, id, planColumns({ data_by_age: rows }));
  });
  return { rows: rows.length, plan: await loadPlan(ctx.db, id) };
}

export const projections = (ctx: ServiceContext, q: Body<typeof R.ProjectionTablesQuery>) =>
  listProjections(ctx.db, q.plan_id);

async function checkPlan(db: Knex, id: string): Promise<void> {
  if (!(await planExists(db, id))) throw badRequest('No such insurance plan', 'plan_id');
}

export async function addProjection(ctx: ServiceContext, body: Body<typeof R.ProjectionTableBody>) {
  const id = randomUUID();
  await ctx.tx(async (trx) => {
    await checkPlan(trx, body.plan_id);
    await insertRow(trx, 'insurance_projection_tables', {
      id,
      plan_id: body.plan_id,
      name: body.name,
      entry_age: body.entry_age ?? null,
      rows: projectionRows(body.rows),
    });
  });
  return loadProjection(ctx.db, id);
}

export async function changeProjection(ctx: ServiceContext, id: string, body: Body<typeof R.ProjectionTablePatch>) {
  await ctx.tx(async (trx) => {
    await loadProjection(trx, id);
    if (body.plan_id !== undefined) await checkPlan(trx, body.plan_id);
    const change: Record<string, unknown> = { updated_at: new Date() };
    if (body.plan_id !== undefined) change.plan_id = body.plan_id;
    if (body.name !== undefined) change.name = body.name;
    if (body.entry_age !== undefined) change.entry_age = body.entry_age;
    if (body.rows !== undefined) change.rows = projectionRows(body.rows);
    await updateRow(trx, 'insurance_projection_tables', id, change);
  });
  return loadProjection(ctx.db, id);
}

export async function removeProjection(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, 'insurance_projection_tables', id))) throw notFound('No such projection table');
}
