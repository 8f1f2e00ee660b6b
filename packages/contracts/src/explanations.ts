import { z } from 'zod';
import { CalendarDate } from './common';
import { DateStr } from './planning';
import { ReportCurrency } from './reports';
import { Explanation } from './explanation-node';

export * from './explanation-node';

/**
 * "How was this calculated?" (issue 34, docs/decisions/explanations.md). GET customer/{id}/financial-report/explain
 * ?figure=<id> answers one figure of the household's read model (the financial report, the data table, the insurance
 * coverage and debt screens, the exports) as a node of its explanation tree: the figure, its rule in words with the
 * numbers put in, the records it came from (each a link to edit it), the rate table version it read, and its parts,
 * each of which can be asked in turn (`explainable`), down to the stored inputs. The engine records these steps while
 * it computes the figure (svc-planning/src/domain/calculations/explain.ts): they are never derived a second time.
 *
 * Figure ids (the screens name their figures with these):
 * - `row:<year>:<field>`: the data table (income, tax, employee_contribution, expenses, premiums, loan_repayments,
 *   goals, investment_contributions, insurance_payouts, pension_payouts, property_sales, asset_sales, net_cash_flow,
 *   assets.cash, assets.investments, assets.pensions, assets.properties, assets.insurance, liabilities.loans,
 *   liabilities.shortfall, total_assets, total_liabilities, net_worth);
 * - `cashflow:<year>:<income|expenses|surplus|shortfall|net_cash_flow>`, `cashflow:total:<income|expenses|surplus>`;
 * - `networth:<year>:<cash|investments|pensions|properties|insurance|loans|shortfall|total_assets|total_liabilities|
 *   net_worth>`, `networth:today:<total_assets|total_liabilities|net_worth|loans>`;
 * - `insurance:<member_id>:<benefit_type>:<cover|target|gap>`;
 * - `funds:<asset_class>`, `funds:total`, `provident:<pension_id>:balance`, `provident:<pension_id>:<account>`;
 * - `debt:<debt_id>:<outstanding|instalment|total_interest>`, `debt:total:<outstanding|monthly_repayment|
 *   monthly_running_costs>`, `debt:<year>:<outstanding|payments>`;
 * - `property:<debt_id>:<market_value|outstanding|equity|net_proceeds>`, `property:total:<market_value|outstanding|
 *   equity|net_proceeds>`;
 * - and the parts below them (`flow:`, `rec:`, `in:`, `tbl:` …), which the tree names itself.
 */

export const ExplanationData = z.object({
  customer_id: z.string(),
  /** The currency the money reads in (the report's: SGD or RM, converted as the report converts). */
  currency: ReportCurrency,
  as_of: CalendarDate,
  explanation: Explanation,
});
export type ExplanationData = z.infer<typeof ExplanationData>;
export const ExplanationReply = z.object({ data: ExplanationData });
export type ExplanationReply = z.infer<typeof ExplanationReply>;

/** A figure id: a namespace, then colon-separated parts (letters, digits, '_', '-', '.'); at most 300 characters. */
export const FigureId = z
  .string()
  .trim()
  .min(1, 'figure is required')
  .max(300)
  .regex(/^[a-z_]+(:[A-Za-z0-9_.\- ]+)+$/, 'figure must be a figure id such as row:2030:tax');

export const ExplanationQuery = z.object({
  figure: FigureId,
  currency: ReportCurrency.optional(),
  as_of: DateStr.optional(),
});
export type ExplanationQuery = z.infer<typeof ExplanationQuery>;
