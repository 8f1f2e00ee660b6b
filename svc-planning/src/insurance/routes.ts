import { insurance as I } from '@kinfolio/contracts';
import { parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { readableHousehold } from '../records/access';
import { planTypeRows } from '../reference/insurance/service';
import { advisorOnly, answer, readers } from '../reply';
import {
  balancePolicyFunds,
  householdInsurance,
  insurancePlanCategories,
  insurancePlans,
  insuranceProjections,
  memberCoverage,
} from './service';

/**
 * Insurance (issue 12, planning spec §7 "Insurance"). The record kinds go through the records module (list,
 * create, update, delete, and the three position calls of the spec); the whole-insurance list, the reference
 * pickers, fund asset balancing, coverage by member and the projection tables are served here.
 */
export function insuranceRoutes(app: Express, ctx: ServiceContext): void {
  // the one list of plan types (packages/contracts/src/plan-types.ts): the admin's plan editor offers the same
  app.get('/api/v1/insurance/plan-types', readers, answer(planTypeRows));
  app.get(
    '/api/v1/insurance-plans-category',
    readers,
    answer(() => insurancePlanCategories(ctx)),
  );
  app.get(
    '/api/v1/customer/insurance-plans',
    readers,
    answer((req) => insurancePlans(ctx, parse(I.InsurancePlansQuery, req.query))),
  );

  // the whole insurance of a household: policies with every child record (before the generic kinds)
  app.get(
    '/api/v1/customer/:id/insurance',
    readers,
    answer(async (req) => {
      const hh = await readableHousehold(ctx, String(req.params.id));
      return householdInsurance(ctx, hh, parse(I.PolicyListQuery, req.query));
    }),
  );

  app.patch(
    '/api/v1/customer/insurance-fund-asset-balancing',
    advisorOnly,
    answer((req) => balancePolicyFunds(ctx, parse(I.FundAssetBalancingBody, req.body)), {
      message: 'Asset balancing saved',
    }),
  );

  app.get(
    '/api/v1/customer/insurance-coverage-by-member',
    readers,
    answer((req) => memberCoverage(ctx, parse(I.CoverageByMemberQuery, req.query).lead_id)),
  );
  app.get(
    '/api/v1/customer/insurance-projections-tables',
    readers,
    answer((req) => insuranceProjections(ctx, parse(I.ProjectionsQuery, req.query))),
  );
}
