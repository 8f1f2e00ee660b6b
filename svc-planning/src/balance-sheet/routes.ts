import { randomUUID } from 'node:crypto';
import { balanceSheet as B } from '@kinfolio/contracts';
import { allow, identity, notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { fail } from '../insurance/kinds';
import { householdFor } from '../records/access';
import { householdRecordIssues, withIssues } from '../records/issues';
import { checkCurrency, touchHousehold } from '../records/repository';
import { ownHousehold } from '../records/routes';
import { parentIn } from './kinds';
import { debtSummary, wholeBalanceSheet } from './read';
import { runIssues } from './rules';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');
const adminOnly = allow('admin');
const anyone = allow('advisor', 'customer', 'admin');

/**
 * Savings, pensions, portfolios, debts and property (issue 13, planning spec §7 Savings, Pension, Portfolio, Debt,
 * Reference). The record kinds go through the records module; the whole balance sheet, the debt summary, asset
 * balancing, the bulk debt transactions, common beneficiaries and the reference lists are served here.
 */
export function balanceSheetRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/property/types', readers, async (_req, res) => {
    res.json({ data: await ctx.db('property_types').orderBy('position').select('id', 'name', 'position') });
  });
  app.get('/api/v1/investment-funds', readers, async (req, res) => {
    const q = parse(B.InvestmentFundsQuery, req.query);
    // a fund an admin deleted leaves the picker; holdings that name it keep theirs (issue 15, soft delete)
    const rows = ctx
      .db('investment_funds')
      .whereNull('deleted_at')
      .select('*', ctx.db.raw('price_date::text as price_date'))
      // real funds first; the sample feed's made-up funds after them, marked (issue 31 item 8)
      .orderBy([{ column: 'sample' }, { column: 'name' }, { column: 'id' }])
      .limit(200);
    if (q.search) rows.whereRaw("lower(name) like '%' || lower(?) || '%'", [q.search]);
    if (q.company) rows.whereRaw('lower(company) = lower(?)', [q.company]);
    res.json({
      data: (await rows).map((f) => ({
        id: f.id,
        name: f.name,
        company: f.company,
        currency: f.currency,
        risk_level: f.risk_level,
        asset_class: { equity: Number(f.equity), bond: Number(f.bond), others: Number(f.others) },
        price: f.price === null ? null : Number(f.price),
        price_date: f.price_date ?? null,
        sample: Boolean(f.sample),
      })),
    });
  });
  app.get('/api/v1/fund-asset-class', anyone, async (_req, res) => {
    res.json({ data: await ctx.db('fund_asset_classes').orderBy('position').select('id', 'name', 'position') });
  });
  app.post('/api/v1/fund-asset-class', adminOnly, async (req, res) => {
    const body = parse(B.FundAssetClassBody, req.body);
    const row = await ctx.tx(async (trx) => {
      if (await trx('fund_asset_classes').whereRaw('lower(name) = lower(?)', [body.name]).first('id'))
        fail([{ field: 'name', message: 'This asset class is already listed' }]);
      const max = await trx('fund_asset_classes').max<{ m: number | null }[]>({ m: 'position' });
      const created = { id: randomUUID(), name: body.name, position: Number(max[0]?.m ?? -1) + 1 };
      await trx('fund_asset_classes').insert(created);
      return created;
    });
    res.status(201).json({ message: 'Saved', data: row });
  });
  app.delete('/api/v1/fund-asset-class/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const gone = await ctx.db('fund_asset_classes').where({ id }).delete().returning('id');
    if (!gone.length) throw notFound('No such asset class');
    res.json({ message: 'Deleted' });
  });

  // reads of the whole balance sheet and the debt summary
  app.get('/api/v1/customer/:id/balance-sheet', readers, async (req, res) => {
    const q = parse(B.BalanceSheetQuery, req.query);
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    const [sheet, issues] = await Promise.all([wholeBalanceSheet(ctx.db, hh, q), householdRecordIssues(ctx.db, hh)]);
    res.json({ data: withIssues(sheet, issues) });
  });
  app.get('/api/v1/customer/:id/debt-summary', readers, async (req, res) => {
    const q = parse(B.DebtSummaryQuery, req.query);
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    const [summary, issues] = await Promise.all([debtSummary(ctx.db, hh, q), householdRecordIssues(ctx.db, hh)]);
    res.json({ data: withIssues(summary, issues) });
  });
  app.get('/api/v1/customer/common-beneficiaries/:id/read', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    const sources = [
      ['insurance', 'insurance_beneficiaries', 'insurance_id'],
      ['pension', 'pension_beneficiaries', 'pension_id'],
      ['investment', 'investment_beneficiaries', 'portfolio_fund_id'],
    ] as const;
    const byPerson = new Map<string, B.CommonBeneficiary>();
    for (const [source, table, key] of sources) {
      const rows = await ctx
        .db(table)
        .where({ advisor_id: hh.advisor_id, household_id: hh.id })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .select('id', 'data');
      for (const r of rows) {
        const d = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>;
        const beneficiaryId = (d.beneficiary_id as string | undefined) ?? null;
        const name = String(d.name ?? '');
        const k = beneficiaryId ?? `name:${name.trim().toLowerCase()}`;
        const entry = byPerson.get(k) ?? {
          beneficiary_id: beneficiaryId,
          name,
          relationship: (d.relationship as string | undefined) ?? null,
          held: [],
        };
        entry.held.push({ source, record_id: r.id, parent_id: String(d[key]), percentage: Number(d.percentage ?? 0) });
        byPerson.set(k, entry);
      }
    }
    res.json({ data: [...byPerson.values()] });
  });

  app.patch('/api/v1/customer/portfolio-fund-details-asset-balancing', advisorOnly, async (req, res) => {
    const body = parse(B.HoldingAssetBalancingBody, req.body);
    const hh = await ownHousehold(ctx, body.lead_id);
    await ctx.tx(async (trx) => {
      await parentIn(trx, hh, 'portfolioFund', body.portfolio_fund_id, 'portfolio_fund_id');
      const holdings: Array<{ id: string }> = await trx('portfolio_fund_details')
        .where({ advisor_id: hh.advisor_id, household_id: hh.id })
        .whereRaw("data->>'portfolio_fund_id' = ?", [body.portfolio_fund_id])
        .select('id');
      const listed = body.funds.map((f) => f.id);
      const all = new Set(holdings.map((f) => f.id));
      if (new Set(listed).size !== listed.length || listed.length !== all.size || listed.some((id) => !all.has(id)))
        fail([{ field: 'funds', message: 'List every holding of this portfolio once' }]);
      const total = body.funds.reduce((a, f) => a + f.asset_balancing, 0);
      if (Math.abs(total - 100) > 1e-6)
        fail([
          { field: 'funds', message: `The allocations total ${Math.round(total * 1000) / 1000}; they must total 100` },
        ]);
      for (const f of body.funds)
        await trx('portfolio_fund_details')
          .where({ id: f.id, household_id: hh.id })
          .update({
            data: trx.raw("jsonb_set(data, '{asset_balancing}', to_jsonb(?::numeric))", [f.asset_balancing]),
            updated_at: new Date(),
          });
      await touchHousehold(trx, hh, 'portfolio-fund-details');
    });
    res.json({ message: 'Asset balancing saved' });
  });

  // the whole list of a debt's instalment transactions in one call: listed ids updated, new ones created, the rest removed
  app.patch('/api/v1/customer/bulk-update/debt-transactions/:id', advisorOnly, async (req, res) => {
    const debtId = uuidParam(req, 'id');
    const body = parse(B.DebtTransactionsBulkBody, req.body);
    const hh = await ownHousehold(ctx, body.lead_id);
    const saved = await ctx.tx(async (trx) => {
      try {
        await parentIn(trx, hh, 'debt', debtId, 'debt_id');
      } catch {
        throw notFound('No such debt');
      }
      const existing = new Set(
        (
          await trx('debt_transactions')
            .where({ advisor_id: hh.advisor_id, household_id: hh.id })
            .whereRaw("data->>'debt_id' = ?", [debtId])
            .select('id')
        ).map((r: { id: string }) => r.id),
      );
      const keep = new Set<string>();
      const out: string[] = [];
      for (const [i, item] of body.transactions.entries()) {
        const { id, ...fields } = item;
        const data = { debt_id: debtId, ...fields };
        const issues = runIssues({ ...data, transaction_type: 'recurring' }).map((x) => ({
          field: `transactions.${i}.${x.field}`,
          message: x.message,
        }));
        fail(issues);
        await checkCurrency(trx, data, `transactions.${i}.currency`);
        if (id && !existing.has(id))
          fail([{ field: `transactions.${i}.id`, message: 'No such transaction of this debt' }]);
        if (id && keep.has(id)) fail([{ field: `transactions.${i}.id`, message: 'This transaction is listed twice' }]);
        const now = new Date();
        if (id) {
          keep.add(id);
          await trx('debt_transactions')
            .where({ id, household_id: hh.id })
            .update({ data: JSON.stringify(data), position: i, updated_at: now });
          out.push(id);
        } else {
          const nid = randomUUID();
          await trx('debt_transactions').insert({
            id: nid,
            advisor_id: hh.advisor_id,
            household_id: hh.id,
            member_id: null,
            position: i,
            data: JSON.stringify(data),
            created_at: now,
            updated_at: now,
          });
          out.push(nid);
        }
      }
      const gone = [...existing].filter((id) => !keep.has(id));
      if (gone.length) await trx('debt_transactions').whereIn('id', gone).andWhere({ household_id: hh.id }).delete();
      await touchHousehold(trx, hh, 'debt-transactions');
      return out;
    });
    res.json({ message: 'Saved', data: { ids: saved } });
  });
}
