import type { insurance as I } from '@kinfolio/contracts';
import type { Knex, ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { type HouseholdRow, readableHousehold, writableHousehold } from '../records/access';
import { balanceAssets } from '../records/asset-balancing';
import { storedHousehold } from '../reports/projection';
import { policyIn } from './kinds';
import { coverageByMember, projectionsTables, wholeInsurance } from './read';
import { planCategories, planPicks } from './repository';

/** The use cases of insurance beyond the record kinds the records module serves (routes.ts). */

export const insurancePlanCategories = (ctx: ServiceContext) => planCategories(ctx.db);

/** The advisor's plan picker: "Custom" first, then the admins' plans that match. */
export async function insurancePlans(ctx: ServiceContext, q: z.infer<typeof I.InsurancePlansQuery>) {
  const custom = {
    id: 'custom',
    name: 'Custom',
    insurance_company: null,
    company_name: null,
    plan_type: null,
    category: null,
    currency: null,
  };
  return [custom, ...(await planPicks(ctx.db, q))];
}

/** The whole insurance of a household: policies with every child record. */
export function householdInsurance(ctx: ServiceContext, hh: HouseholdRow, q: z.infer<typeof I.PolicyListQuery>) {
  return wholeInsurance(ctx.db, hh, q);
}

const POLICY_FUNDS = {
  table: 'insurance_funds',
  key: 'insurance_id',
  what: 'fund of this policy',
  section: 'insurance-fund',
};

/** Sets the allocations of every fund of one of the advisor's policies at once (they total 100). */
export async function balancePolicyFunds(
  ctx: ServiceContext,
  body: z.infer<typeof I.FundAssetBalancingBody>,
): Promise<void> {
  const hh = await writableHousehold(ctx, body.lead_id);
  const parentIn = (trx: Knex) => policyIn(trx, hh, body.insurance_id);
  await balanceAssets(ctx, hh, { ...POLICY_FUNDS, parentId: body.insurance_id, parentIn, funds: body.funds });
}

export async function memberCoverage(ctx: ServiceContext, leadId: string) {
  const hh = await readableHousehold(ctx, leadId);
  return coverageByMember(ctx, hh, { household: storedHousehold(ctx, hh) });
}

export async function insuranceProjections(ctx: ServiceContext, q: z.infer<typeof I.ProjectionsQuery>) {
  const hh = await readableHousehold(ctx, q.lead_id);
  return projectionsTables(ctx.db, hh, q.insurance_id);
}
