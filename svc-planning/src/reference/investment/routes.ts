import { investmentReference as IR } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { adminOnly, answer } from '../../reply';
import {
  addFund,
  addName,
  addPlan,
  adminFunds,
  changeFund,
  changePlan,
  fundImportPreview,
  fundImportStatus,
  type NameList,
  names,
  plans,
  removeFund,
  removeName,
  removePlan,
  rename,
  startFundImport,
} from './service';

/**
 * Investment reference data (issue 15, platform-shell §2.4 Investment, §7 "Admin"): companies, banks and investment
 * plans (admin CRUD), the fund list (the admin's paged list, a fund added by hand, PATCH and DELETE investment-funds)
 * and the fund price import (GET scrap-all-funds starts a run, GET scraping-funds-status reports it). Admins only.
 */
export function investmentReferenceRoutes(app: Express, ctx: ServiceContext): void {
  const id = (req: Request) => uuidParam(req, 'id');
  const saved = { message: 'Saved' };
  const created = { message: 'Saved', status: 201 };
  const deleted = { message: 'Deleted' };

  // ---------------------------------------------------------------- companies and banks: the same four calls
  const lists: ReadonlyArray<NameList & { path: string }> = [
    {
      path: 'company',
      table: 'investment_companies',
      what: 'investment company',
      dup: 'This company is already listed',
    },
    { path: 'bank', table: 'investment_banks', what: 'bank', dup: 'This bank is already listed' },
  ];
  for (const n of lists) {
    const base = `/api/v1/admin/investment/${n.path}`;
    app.get(
      base,
      adminOnly,
      answer((req) => names(ctx, n, parse(IR.ReferenceNamesQuery, req.query))),
    );
    app.post(
      base,
      adminOnly,
      answer((req) => addName(ctx, n, parse(IR.ReferenceNameBody, req.body)), created),
    );
    app.put(
      `${base}/:id`,
      adminOnly,
      answer((req) => rename(ctx, n, id(req), parse(IR.ReferenceNameBody, req.body)), saved),
    );
    app.delete(
      `${base}/:id`,
      adminOnly,
      answer((req) => removeName(ctx, n, id(req)), deleted),
    );
  }

  // ---------------------------------------------------------------- investment plans
  const plan = '/api/v1/admin/investment/plan';
  app.get(
    plan,
    adminOnly,
    answer((req) => plans(ctx, parse(IR.InvestmentPlansQuery, req.query))),
  );
  app.post(
    plan,
    adminOnly,
    answer((req) => addPlan(ctx, parse(IR.InvestmentPlanBody, req.body)), created),
  );
  app.put(
    `${plan}/:id`,
    adminOnly,
    answer((req) => changePlan(ctx, id(req), parse(IR.InvestmentPlanBody, req.body)), saved),
  );
  app.delete(
    `${plan}/:id`,
    adminOnly,
    answer((req) => removePlan(ctx, id(req)), deleted),
  );

  // ---------------------------------------------------------------- funds
  app.get(
    '/api/v1/admin/investment-funds',
    adminOnly,
    answer((req) => adminFunds(ctx, parse(IR.AdminFundsQuery, req.query))),
  );
  app.post(
    '/api/v1/investment-funds',
    adminOnly,
    answer((req) => addFund(ctx, parse(IR.FundCreateBody, req.body)), created),
  );
  app.patch(
    '/api/v1/investment-funds/:id',
    adminOnly,
    answer((req) => changeFund(ctx, id(req), parse(IR.FundPatchBody, req.body)), saved),
  );
  // a soft delete: holdings that name the fund keep their name and figures (docs/decisions/investment-reference.md)
  app.delete(
    '/api/v1/investment-funds/:id',
    adminOnly,
    answer((req) => removeFund(ctx, id(req)), deleted),
  );

  // ---------------------------------------------------------------- fund price import
  app.get('/api/v1/scrap-all-funds', adminOnly, async (_req, res) => {
    const { started, status } = await startFundImport(ctx);
    res.status(started ? 202 : 200).json({
      message: started ? IR.FUND_IMPORT_STARTED : IR.FUND_IMPORT_ALREADY_RUNNING,
      data: status,
    });
  });
  app.get(
    '/api/v1/scrap-all-funds/preview',
    adminOnly,
    answer(() => fundImportPreview(ctx)),
  );
  app.get(
    '/api/v1/scraping-funds-status',
    adminOnly,
    answer(() => fundImportStatus(ctx)),
  );
}
