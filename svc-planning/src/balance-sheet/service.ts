import type { balanceSheet as B } from '@kinfolio/contracts';
import { notFound, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { fail } from '../insurance/kinds';
import { type HouseholdRow, writableHousehold } from '../records/access';
import { balanceAssets } from '../records/asset-balancing';
import { childIds } from '../records/children.repository';
import { householdRecordIssues, withIssues } from '../records/issues';
import { checkCurrency, touchHousehold } from '../records/repository';
import { parentIn } from './kinds';
import { debtSummary, wholeBalanceSheet } from './read';
import {
  assetClasses,
  assetClassNamed,
  beneficiaryRows,
  deleteAssetClass,
  deleteDebtTransactions,
  fundPicks,
  insertAssetClass,
  insertDebtTransaction,
  propertyTypes,
  updateDebtTransaction,
} from './repository';
import { runIssues } from './rules';

type Body<S extends z.ZodType> = z.infer<S>;

/** The use cases of the balance sheet beyond the record kinds the records module serves (routes.ts). */

export const propertyTypeList = (ctx: ServiceContext) => propertyTypes(ctx.db);

/** The fund picker's funds, in the reply's shape. */
export async function investmentFunds(ctx: ServiceContext, q: Body<typeof B.InvestmentFundsQuery>) {
  return (await fundPicks(ctx.db, q)).map((f) => ({
    id: f.id,
    name: f.name,
    company: f.company,
    currency: f.currency,
    risk_level: f.risk_level,
    asset_class: { equity: Number(f.equity), bond: Number(f.bond), others: Number(f.others) },
    price: f.price === null ? null : Number(f.price),
    price_date: f.price_date ?? null,
    sample: Boolean(f.sample),
  }));
}

export const assetClassList = (ctx: ServiceContext) => assetClasses(ctx.db);

/** Adds an asset class (a name not yet listed, whatever its case) after the last one. */
export async function addAssetClass(ctx: ServiceContext, body: Body<typeof B.FundAssetClassBody>) {
  return ctx.tx(async (trx) => {
    if (await assetClassNamed(trx, body.name)) fail([{ field: 'name', message: 'This asset class is already listed' }]);
    return insertAssetClass(trx, body.name);
  });
}

export async function removeAssetClass(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteAssetClass(ctx.db, id))) throw notFound('No such asset class');
}

/** The whole balance sheet, with the stored records its contract refuses listed beside it. */
export async function householdBalanceSheet(
  ctx: ServiceContext,
  hh: HouseholdRow,
  q: Body<typeof B.BalanceSheetQuery>,
) {
  const [sheet, issues] = await Promise.all([wholeBalanceSheet(ctx.db, hh, q), householdRecordIssues(ctx.db, hh)]);
  return withIssues(sheet, issues);
}

export async function householdDebtSummary(ctx: ServiceContext, hh: HouseholdRow, q: Body<typeof B.DebtSummaryQuery>) {
  const [summary, issues] = await Promise.all([debtSummary(ctx.db, hh, q), householdRecordIssues(ctx.db, hh)]);
  return withIssues(summary, issues);
}

/** Every beneficiary of the household's policies, pensions and investments, one entry per person. */
export async function commonBeneficiaries(ctx: ServiceContext, hh: HouseholdRow): Promise<B.CommonBeneficiary[]> {
  const sources = [
    ['insurance', 'insurance_beneficiaries', 'insurance_id'],
    ['pension', 'pension_beneficiaries', 'pension_id'],
    ['investment', 'investment_beneficiaries', 'portfolio_fund_id'],
  ] as const;
  const byPerson = new Map<string, B.CommonBeneficiary>();
  for (const [source, table, key] of sources) {
    for (const r of await beneficiaryRows(ctx.db, table, hh)) {
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
  return [...byPerson.values()];
}

const PORTFOLIO_HOLDINGS = {
  table: 'portfolio_fund_details',
  key: 'portfolio_fund_id',
  what: 'holding of this portfolio',
  section: 'portfolio-fund-details',
};

/** Sets the allocations of every holding of one of the advisor's portfolios at once (they total 100). */
export async function balancePortfolioHoldings(
  ctx: ServiceContext,
  body: Body<typeof B.HoldingAssetBalancingBody>,
): Promise<void> {
  const hh = await writableHousehold(ctx, body.lead_id);
  const portfolio = body.portfolio_fund_id;
  await balanceAssets(ctx, hh, {
    ...PORTFOLIO_HOLDINGS,
    parentId: portfolio,
    parentIn: (trx) => parentIn(trx, hh, 'portfolioFund', portfolio, 'portfolio_fund_id'),
    funds: body.funds,
  });
}

/**
 * The whole list of a debt's instalment transactions in one call: listed ids updated, new ones created, the rest
 * removed. The ids, in the order listed.
 */
export async function replaceDebtTransactions(
  ctx: ServiceContext,
  debtId: string,
  body: Body<typeof B.DebtTransactionsBulkBody>,
): Promise<string[]> {
  const hh = await writableHousehold(ctx, body.lead_id);
  return ctx.tx(async (trx) => {
    try {
      await parentIn(trx, hh, 'debt', debtId, 'debt_id');
    } catch {
      throw notFound('No such debt');
    }
    const existing = new Set(await childIds(trx, 'debt_transactions', hh, 'debt_id', debtId));
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
      if (id) {
        keep.add(id);
        await updateDebtTransaction(trx, hh, id, data, i);
        out.push(id);
      } else out.push(await insertDebtTransaction(trx, hh, data, i));
    }
    await deleteDebtTransactions(
      trx,
      hh,
      [...existing].filter((id) => !keep.has(id)),
    );
    await touchHousehold(trx, hh, 'debt-transactions');
    return out;
  });
}
