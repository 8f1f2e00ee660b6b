import { insurance as I } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { householdFor } from '../records/access';
import { planTypeRows } from '../reference/insurance/routes';
import { touchHousehold } from '../records/repository';
import { ownHousehold } from '../records/routes';
import { storedHousehold } from '../reports/projection';
import { fail, policyIn } from './kinds';
import { coverageByMember, projectionsTables, wholeInsurance } from './read';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');

/**
 * Insurance (issue 12, planning spec §7 "Insurance"). The record kinds go through the records module (list,
 * create, update, delete, and the three position calls of the spec); the whole-insurance list, the reference
 * pickers, fund asset balancing, coverage by member and the projection tables are served here.
 */
export function insuranceRoutes(app: Express, ctx: ServiceContext): void {
  // the one list of plan types (packages/contracts/src/plan-types.ts): the admin's plan editor offers the same
  app.get('/api/v1/insurance/plan-types', readers, (_req, res) => {
    res.json({ data: planTypeRows() });
  });
  app.get('/api/v1/insurance-plans-category', readers, async (_req, res) => {
    res.json({ data: await ctx.db('insurance_plan_categories').orderBy('position') });
  });
  app.get('/api/v1/customer/insurance-plans', readers, async (req, res) => {
    const q = parse(I.InsurancePlansQuery, req.query);
    const plans = ctx
      .db('insurance_reference_plans as p')
      .leftJoin('insurance_companies as c', 'c.id', 'p.insurance_company')
      // the plans admins keep (issue 15, src/reference/insurance): with their category and currency for the editor
      .select(
        'p.id',
        'p.name',
        'p.insurance_company',
        'c.name as company_name',
        'p.plan_type',
        'p.category',
        'p.currency',
      )
      .orderBy([{ column: 'p.name' }, { column: 'p.id' }])
      .limit(500);
    if (q.insurance_company) plans.where('p.insurance_company', q.insurance_company);
    if (q.plan_type) plans.where('p.plan_type', q.plan_type);
    if (q.search)
      plans.where((w) =>
        w
          .whereRaw("lower(p.name) like '%' || lower(?) || '%'", [String(q.search)])
          .orWhereRaw("lower(c.name) like '%' || lower(?) || '%'", [String(q.search)]),
      );
    const custom = {
      id: 'custom',
      name: 'Custom',
      insurance_company: null,
      company_name: null,
      plan_type: null,
      category: null,
      currency: null,
    };
    res.json({ data: [custom, ...(await plans)] });
  });

  // the whole insurance of a household: policies with every child record (the policy kind's list is this one)
  app.get('/api/v1/customer/:id/insurance', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    res.json({ data: await wholeInsurance(ctx.db, hh, parse(I.PolicyListQuery, req.query)) });
  });

  app.patch('/api/v1/customer/insurance-fund-asset-balancing', advisorOnly, async (req, res) => {
    const body = parse(I.FundAssetBalancingBody, req.body);
    const hh = await ownHousehold(ctx, body.lead_id);
    await ctx.tx(async (trx) => {
      await policyIn(trx, hh, body.insurance_id);
      const funds: Array<{ id: string }> = await trx('insurance_funds')
        .where({ advisor_id: hh.advisor_id, household_id: hh.id })
        .whereRaw("data->>'insurance_id' = ?", [body.insurance_id])
        .select('id');
      const listed = body.funds.map((f) => f.id);
      const all = new Set(funds.map((f) => f.id));
      if (new Set(listed).size !== listed.length || listed.length !== all.size || listed.some((id) => !all.has(id)))
        fail([{ field: 'funds', message: 'List every fund of this policy once' }]);
      const total = body.funds.reduce((a, f) => a + f.asset_balancing, 0);
      if (Math.abs(total - 100) > 1e-6)
        fail([
          { field: 'funds', message: `The allocations total ${Math.round(total * 1000) / 1000}; they must total 100` },
        ]);
      for (const f of body.funds)
        await trx('insurance_funds')
          .where({ id: f.id, household_id: hh.id })
          .update({
            data: trx.raw("jsonb_set(data, '{asset_balancing}', to_jsonb(?::numeric))", [f.asset_balancing]),
            updated_at: new Date(),
          });
      await touchHousehold(trx, hh, 'insurance-fund');
    });
    res.json({ message: 'Asset balancing saved' });
  });

  app.get('/api/v1/customer/insurance-coverage-by-member', readers, async (req, res) => {
    const q = parse(I.CoverageByMemberQuery, req.query);
    const hh = await householdFor(ctx.db, q.lead_id, identity(), 'read');
    res.json({ data: await coverageByMember(ctx, hh, { household: storedHousehold(ctx, hh) }) });
  });
  app.get('/api/v1/customer/insurance-projections-tables', readers, async (req, res) => {
    const q = parse(I.ProjectionsQuery, req.query);
    const hh = await householdFor(ctx.db, q.lead_id, identity(), 'read');
    res.json({ data: await projectionsTables(ctx.db, hh, q.insurance_id) });
  });
}
