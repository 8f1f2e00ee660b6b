import { balanceSheet as B } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import type { z } from 'zod';
import { type HouseholdRow, readableHousehold } from '../records/access';
import { adminOnly, advisorOnly, answer, readers } from '../reply';
import {
  addAssetClass,
  assetClassList,
  balancePortfolioHoldings,
  commonBeneficiaries,
  householdBalanceSheet,
  householdDebtSummary,
  investmentFunds,
  propertyTypeList,
  removeAssetClass,
  replaceDebtTransactions,
} from './service';

const anyone = allow('advisor', 'customer', 'admin');

/**
 * Savings, pensions, portfolios, debts and property (issue 13, planning spec §7 Savings, Pension, Portfolio, Debt,
 * Reference). The record kinds go through the records module; the whole balance sheet, the debt summary, asset
 * balancing, the bulk debt transactions, common beneficiaries and the reference lists are served here.
 */
export function balanceSheetRoutes(app: Express, ctx: ServiceContext): void {
  const read = (req: Request) => readableHousehold(ctx, String(req.params.id));
  /** The parsed query, then the household it reads. */
  const queried = async <S extends z.ZodType>(req: Request, schema: S): Promise<[HouseholdRow, z.infer<S>]> => {
    const q = parse(schema, req.query);
    return [await read(req), q];
  };

  app.get(
    '/api/v1/property/types',
    readers,
    answer(() => propertyTypeList(ctx)),
  );
  app.get(
    '/api/v1/investment-funds',
    readers,
    answer((req) => investmentFunds(ctx, parse(B.InvestmentFundsQuery, req.query))),
  );
  app.get(
    '/api/v1/fund-asset-class',
    anyone,
    answer(() => assetClassList(ctx)),
  );
  app.post(
    '/api/v1/fund-asset-class',
    adminOnly,
    answer((req) => addAssetClass(ctx, parse(B.FundAssetClassBody, req.body)), { message: 'Saved', status: 201 }),
  );
  app.delete(
    '/api/v1/fund-asset-class/:id',
    adminOnly,
    answer((req) => removeAssetClass(ctx, uuidParam(req, 'id')), { message: 'Deleted' }),
  );

  // reads of the whole balance sheet and the debt summary (the query is parsed before the household is looked up)
  app.get(
    '/api/v1/customer/:id/balance-sheet',
    readers,
    answer(async (req) => householdBalanceSheet(ctx, ...(await queried(req, B.BalanceSheetQuery)))),
  );
  app.get(
    '/api/v1/customer/:id/debt-summary',
    readers,
    answer(async (req) => householdDebtSummary(ctx, ...(await queried(req, B.DebtSummaryQuery)))),
  );
  app.get(
    '/api/v1/customer/common-beneficiaries/:id/read',
    readers,
    answer(async (req) => commonBeneficiaries(ctx, await read(req))),
  );

  app.patch(
    '/api/v1/customer/portfolio-fund-details-asset-balancing',
    advisorOnly,
    answer((req) => balancePortfolioHoldings(ctx, parse(B.HoldingAssetBalancingBody, req.body)), {
      message: 'Asset balancing saved',
    }),
  );

  // the whole list of a debt's instalment transactions in one call: listed ids updated, new ones created, the rest removed
  app.patch(
    '/api/v1/customer/bulk-update/debt-transactions/:id',
    advisorOnly,
    answer(
      async (req) => {
        const debtId = uuidParam(req, 'id');
        return { ids: await replaceDebtTransactions(ctx, debtId, parse(B.DebtTransactionsBulkBody, req.body)) };
      },
      { message: 'Saved' },
    ),
  );
}
