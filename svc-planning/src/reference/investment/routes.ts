import { randomUUID } from 'node:crypto';
import { investmentReference as IR } from '@kinfolio/contracts';
import {
  allow,
  badRequest,
  isUniqueViolation,
  type Knex,
  notFound,
  parse,
  type ServiceContext,
  uuidParam,
} from '@kinfolio/service-kit';
import Decimal from 'decimal.js';
import type { Express } from 'express';
import { checkCurrency } from '../../records/repository';
import { fundImporter } from './importer';

const adminOnly = allow('admin');

const iso = (v: Date | string) => new Date(v).toISOString();
const nameRow = (r: { id: string; name: string; created_at: Date; updated_at: Date }): IR.ReferenceName => ({
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
const fundColumns = (db: Knex) => [...FUND_COLUMNS, db.raw('price_date::text as price_date')];

/**
 * Investment reference data (issue 15, platform-shell §2.4 Investment, §7 "Admin"): companies, banks and investment
 * plans (admin CRUD), the fund list (the admin's paged list, a fund added by hand, PATCH and DELETE investment-funds)
 * and the fund price import (GET scrap-all-funds starts a run, GET scraping-funds-status reports it). Admins only.
 */
export function investmentReferenceRoutes(app: Express, ctx: ServiceContext): void {
  // ---------------------------------------------------------------- companies and banks: the same four calls
  const names = [
    {
      path: 'company',
      table: 'investment_companies',
      what: 'investment company',
      dup: 'This company is already listed',
    },
    { path: 'bank', table: 'investment_banks', what: 'bank', dup: 'This bank is already listed' },
  ] as const;
  for (const n of names) {
    const base = `/api/v1/admin/investment/${n.path}`;
    app.get(base, adminOnly, async (req, res) => {
      const q = parse(IR.ReferenceNamesQuery, req.query);
      const rows = ctx.db(n.table).orderByRaw('lower(name), id');
      if (q.search) rows.whereRaw("lower(name) like '%' || lower(?) || '%'", [q.search]);
      res.json({ data: (await rows).map(nameRow) });
    });
    app.post(base, adminOnly, async (req, res) => {
      const body = parse(IR.ReferenceNameBody, req.body);
      const row = { id: randomUUID(), name: body.name, created_at: new Date(), updated_at: new Date() };
      try {
        await ctx.db(n.table).insert(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest(n.dup, 'name');
        throw e;
      }
      res.status(201).json({ message: 'Saved', data: nameRow(row) });
    });
    app.put(`${base}/:id`, adminOnly, async (req, res) => {
      const id = uuidParam(req, 'id');
      const body = parse(IR.ReferenceNameBody, req.body);
      let rows: Array<{ id: string; name: string; created_at: Date; updated_at: Date }>;
      try {
        rows = await ctx.db(n.table).where({ id }).update({ name: body.name, updated_at: new Date() }).returning('*');
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest(n.dup, 'name');
        throw e;
      }
      if (!rows[0]) throw notFound(`No such ${n.what}`);
      res.json({ message: 'Saved', data: nameRow(rows[0]) });
    });
    app.delete(`${base}/:id`, adminOnly, async (req, res) => {
      const id = uuidParam(req, 'id');
      await ctx.tx(async (trx) => {
        if (n.table === 'investment_companies' && (await trx('investment_plans').where({ company_id: id }).first('id')))
          throw badRequest(
            'Investment plans name this company: delete them or move them to another company first',
            'id',
          );
        const gone = await trx(n.table).where({ id }).delete().returning('id');
        if (!gone.length) throw notFound(`No such ${n.what}`);
      });
      res.json({ message: 'Deleted' });
    });
  }

  // ---------------------------------------------------------------- investment plans
  const planQuery = (db: Knex) =>
    db('investment_plans as p')
      .join('investment_companies as c', 'c.id', 'p.company_id')
      .select('p.id', 'p.name', 'p.company_id', 'c.name as company_name', 'p.type', 'p.created_at', 'p.updated_at');
  const planRow = (r: Record<string, unknown>): IR.InvestmentPlan => ({
    id: String(r.id),
    name: String(r.name),
    company_id: String(r.company_id),
    company_name: String(r.company_name),
    type: String(r.type),
    created_at: iso(r.created_at as Date),
    updated_at: iso(r.updated_at as Date),
  });
  const companyExists = async (db: Knex, id: string) => {
    if (!(await db('investment_companies').where({ id }).first('id')))
      throw badRequest('No such investment company', 'company_id');
  };
  app.get('/api/v1/admin/investment/plan', adminOnly, async (req, res) => {
    const q = parse(IR.InvestmentPlansQuery, req.query);
    const rows = planQuery(ctx.db).orderByRaw('lower(p.name), p.id');
    if (q.company_id) rows.where('p.company_id', q.company_id);
    if (q.search) rows.whereRaw("lower(p.name) like '%' || lower(?) || '%'", [q.search]);
    res.json({ data: (await rows).map(planRow) });
  });
  app.post('/api/v1/admin/investment/plan', adminOnly, async (req, res) => {
    const body = parse(IR.InvestmentPlanBody, req.body);
    const id = randomUUID();
    const row = await ctx.tx(async (trx) => {
      await companyExists(trx, body.company_id);
      try {
        await trx('investment_plans').insert({ id, ...body, created_at: new Date(), updated_at: new Date() });
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest('This company already has a plan of this name', 'name');
        throw e;
      }
      return planQuery(trx).where('p.id', id).first();
    });
    res.status(201).json({ message: 'Saved', data: planRow(row) });
  });
  app.put('/api/v1/admin/investment/plan/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(IR.InvestmentPlanBody, req.body);
    const row = await ctx.tx(async (trx) => {
      if (!(await trx('investment_plans').where({ id }).first('id'))) throw notFound('No such investment plan');
      await companyExists(trx, body.company_id);
      try {
        await trx('investment_plans')
          .where({ id })
          .update({ ...body, updated_at: new Date() });
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest('This company already has a plan of this name', 'name');
        throw e;
      }
      return planQuery(trx).where('p.id', id).first();
    });
    res.json({ message: 'Saved', data: planRow(row) });
  });
  app.delete('/api/v1/admin/investment/plan/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const gone = await ctx.db('investment_plans').where({ id }).delete().returning('id');
    if (!gone.length) throw notFound('No such investment plan');
    res.json({ message: 'Deleted' });
  });

  // ---------------------------------------------------------------- funds
  app.get('/api/v1/admin/investment-funds', adminOnly, async (req, res) => {
    const q = parse(IR.AdminFundsQuery, req.query);
    const filtered = ctx.db('investment_funds').whereNull('deleted_at');
    const search = q.search;
    if (search)
      filtered.where((w) =>
        w.whereRaw("lower(name) like '%' || lower(?) || '%'", [search]).orWhereRaw('lower(code) = lower(?)', [search]),
      );
    if (q.company) filtered.whereRaw('lower(company) = lower(?)', [q.company]);
    const [count] = await filtered.clone().count<{ n: string | number }[]>({ n: '*' });
    const rows = await filtered
      .clone()
      .select(fundColumns(ctx.db))
      .orderByRaw('lower(name), id')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    res.json({
      data: { rows: rows.map(adminFund), total: Number(count?.n ?? 0), page: q.page, page_size: q.page_size },
    });
  });
  app.post('/api/v1/investment-funds', adminOnly, async (req, res) => {
    const body = parse(IR.FundCreateBody, req.body);
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
    await ctx.db('investment_funds').insert(row);
    const stored = await ctx.db('investment_funds').where({ id: row.id }).first(fundColumns(ctx.db));
    res.status(201).json({ message: 'Saved', data: adminFund(stored) });
  });
  app.patch('/api/v1/investment-funds/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(IR.FundPatchBody, req.body);
    if (body.currency !== undefined) await checkCurrency(ctx.db, body);
    const change: Record<string, unknown> = { updated_at: new Date() };
    for (const key of ['name', 'company', 'currency', 'risk_level', 'price_date'] as const)
      if (body[key] !== undefined) change[key] = body[key];
    if (body.price !== undefined) change.price = body.price === null ? null : new Decimal(body.price).toFixed(6);
    if (body.asset_class) Object.assign(change, body.asset_class);
    const done = await ctx.db('investment_funds').where({ id }).whereNull('deleted_at').update(change);
    if (!done) throw notFound('No such fund');
    const stored = await ctx.db('investment_funds').where({ id }).first(fundColumns(ctx.db));
    res.json({ message: 'Saved', data: adminFund(stored) });
  });
  // a soft delete: holdings that name the fund keep their name and figures (docs/decisions/investment-reference.md)
  app.delete('/api/v1/investment-funds/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const done = await ctx
      .db('investment_funds')
      .where({ id })
      .whereNull('deleted_at')
      .update({ deleted_at: new Date() });
    if (!done) throw notFound('No such fund');
    res.json({ message: 'Deleted' });
  });

  // ---------------------------------------------------------------- fund price import
  app.get('/api/v1/scrap-all-funds', adminOnly, async (_req, res) => {
    const importer = fundImporter(ctx);
    if (!importer.configured) throw badRequest(IR.FUND_IMPORT_NOT_CONFIGURED);
    const started = await importer.begin('demand');
    res.status(started ? 202 : 200).json({
      message: started ? IR.FUND_IMPORT_STARTED : IR.FUND_IMPORT_ALREADY_RUNNING,
      data: await importer.status(),
    });
  });
  app.get('/api/v1/scrap-all-funds/preview', adminOnly, async (_req, res) => {
    res.json({ data: await fundImporter(ctx).preview() });
  });
  app.get('/api/v1/scraping-funds-status', adminOnly, async (_req, res) => {
    res.json({ data: await fundImporter(ctx).status() });
  });
}
