import { randomUUID } from 'node:crypto';
import { investmentReference as IR } from '@kinfolio/contracts';
import { badRequest, identity, isUniqueViolation, notFound, type ServiceContext } from '@kinfolio/service-kit';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { checkCurrency } from '../../records/repository';
import { deleteRow, insertRow, updateRow } from '../rows.repository';
import { fundImporter } from './importer';
import {
  companyExists,
  companyHasPlans,
  fundById,
  fundPage,
  listNames,
  listPlans,
  type NameRow,
  type NamesTable,
  planById,
  planExists,
  renameName,
  updateFund,
} from './repository';

type Body<S extends z.ZodType> = z.infer<S>;

const iso = (v: Date | string) => new Date(v).toISOString();
const nameRow = (r: NameRow): IR.ReferenceName => ({
  id: r.id,
  name: r.name,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** What a fund row is to an admin (prices as numbers of up to 6 decimals, the split as percentages). */
export function adminFund(f: Record<string, unknown>): IR.AdminFund {
  return {
    id: String(f.id),
    code: (f.code as string | null) ?? null,
    name: String(f.name),
    company: String(f.company),
    currency: String(f.currency),
    risk_level: String(f.risk_level),
    price: f.price === null || f.price === undefined ? null : Number(f.price),
    price_date: (f.price_date as string | null) ?? null,
    asset_class: { equity: Number(f.equity), bond: Number(f.bond), others: Number(f.others) },
    sample: Boolean(f.sample),
    updated_at: iso(f.updated_at as Date),
  };
}

/** A list of names an admin keeps (companies, banks): the same four calls on each. */
export interface NameList {
  table: NamesTable;
  /** "investment company", "bank": what a 404 names. */
  what: string;
  /** The 400 of a name already listed. */
  dup: string;
}

/** A unique violation of `write` is a 400 `message` naming `field`. */
async function unique<T>(write: () => Promise<T>, message: string, field: string): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(message, field);
    throw e;
  }
}

export async function names(ctx: ServiceContext, n: NameList, q: Body<typeof IR.ReferenceNamesQuery>) {
  return (await listNames(ctx.db, n.table, q.search)).map(nameRow);
}

export async function addName(ctx: ServiceContext, n: NameList, body: Body<typeof IR.ReferenceNameBody>) {
  const row = { id: randomUUID(), name: body.name, created_at: new Date(), updated_at: new Date() };
  await unique(() => insertRow(ctx.db, n.table, row), n.dup, 'name');
  return nameRow(row);
}

export async function rename(ctx: ServiceContext, n: NameList, id: string, body: Body<typeof IR.ReferenceNameBody>) {
  const row = await unique(() => renameName(ctx.db, n.table, id, body.name), n.dup, 'name');
  if (!row) throw notFound(`No such ${n.what}`);
  return nameRow(row);
}

/** Deletes a name; a company that plans name stays (400). */
export async function removeName(ctx: ServiceContext, n: NameList, id: string): Promise<void> {
  await ctx.tx(async (trx) => {
    if (n.table === 'investment_companies' && (await companyHasPlans(trx, id)))
      throw badRequest('Investment plans name this company: delete them or move them to another company first', 'id');
    if (!(await deleteRow(trx, n.table, id))) throw notFound(`No such ${n.what}`);
  });
}

const planRow = (r: Record<string, unknown>): IR.InvestmentPlan => ({
  id: String(r.id),
  name: String(r.name),
  company_id: String(r.company_id),
  company_name: String(r.company_name),
  type: String(r.type),
  created_at: iso(r.created_at as Date),
  updated_at: iso(r.updated_at as Date),
});

const PLAN_NAME_TAKEN = 'This company already has a plan of this name';

async function checkCompany(db: ServiceContext['db'], id: string): Promise<void> {
  if (!(await companyExists(db, id))) throw badRequest('No such investment company', 'company_id');
}

export async function plans(ctx: ServiceContext, q: Body<typeof IR.InvestmentPlansQuery>) {
  return (await listPlans(ctx.db, q)).map(planRow);
}

export async function addPlan(ctx: ServiceContext, body: Body<typeof IR.InvestmentPlanBody>) {
  const id = randomUUID();
  const row = await ctx.tx(async (trx) => {
    await checkCompany(trx, body.company_id);
    await unique(
      () => insertRow(trx, 'investment_plans', { id, ...body, created_at: new Date(), updated_at: new Date() }),
      PLAN_NAME_TAKEN,
      'name',
    );
    return planById(trx, id);
  });
  return planRow(row);
}

export async function changePlan(ctx: ServiceContext, id: string, body: Body<typeof IR.InvestmentPlanBody>) {
  const row = await ctx.tx(async (trx) => {
    if (!(await planExists(trx, id))) throw notFound('No such investment plan');
    await checkCompany(trx, body.company_id);
    await unique(
      () => updateRow(trx, 'investment_plans', id, { ...body, updated_at: new Date() }),
      PLAN_NAME_TAKEN,
      'name',
    );
    return planById(trx, id);
  });
  return planRow(row);
}

export async function removePlan(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, 'investment_plans', id))) throw notFound('No such investment plan');
}

export async function adminFunds(ctx: ServiceContext, q: Body<typeof IR.AdminFundsQuery>) {
  const { rows, total } = await fundPage(ctx.db, q);
  return { rows: rows.map(adminFund), total, page: q.page, page_size: q.page_size };
}

/** A fund added by hand (its price dated today when given without a date). */
export async function addFund(ctx: ServiceContext, body: Body<typeof IR.FundCreateBody>): Promise<IR.AdminFund> {
  await checkCurrency(ctx.db, body);
  const now = new Date();
  const row = {
    id: randomUUID(),
    code: null,
    name: body.name,
    company: body.company,
    currency: body.currency,
    risk_level: body.risk_level,
    price: body.price === undefined ? null : new Decimal(body.price).toFixed(6),
    price_date: body.price_date ?? (body.price === undefined ? null : now.toISOString().slice(0, 10)),
    equity: body.asset_class.equity,
    bond: body.asset_class.bond,
    others: body.asset_class.others,
    created_at: now,
    updated_at: now,
  };
  await insertRow(ctx.db, 'investment_funds', row);
  return adminFund(await fundById(ctx.db, row.id));
}

export async function changeFund(
  ctx: ServiceContext,
  id: string,
  body: Body<typeof IR.FundPatchBody>,
): Promise<IR.AdminFund> {
  if (body.currency !== undefined) await checkCurrency(ctx.db, body);
  const change: Record<string, unknown> = { updated_at: new Date() };
  for (const key of ['name', 'company', 'currency', 'risk_level', 'price_date'] as const)
    if (body[key] !== undefined) change[key] = body[key];
  if (body.price !== undefined) change.price = body.price === null ? null : new Decimal(body.price).toFixed(6);
  if (body.asset_class) Object.assign(change, body.asset_class);
  if (!(await updateFund(ctx.db, id, change))) throw notFound('No such fund');
  return adminFund(await fundById(ctx.db, id));
}

/** A soft delete: holdings that name the fund keep their name and figures (docs/decisions/investment-reference.md). */
export async function removeFund(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await updateFund(ctx.db, id, { deleted_at: new Date() }))) throw notFound('No such fund');
}

/** Starts a fund price import run unless one is running; whether it started, and the import's status. */
export async function startFundImport(ctx: ServiceContext) {
  const importer = fundImporter(ctx);
  if (!importer.configured) throw badRequest(IR.FUND_IMPORT_NOT_CONFIGURED);
  const started = await importer.request('demand', identity());
  return { started, status: await importer.status() };
}

export const fundImportPreview = (ctx: ServiceContext) => fundImporter(ctx).preview();
export const fundImportStatus = (ctx: ServiceContext) => fundImporter(ctx).status();
