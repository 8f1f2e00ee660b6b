import { z } from 'zod';
import { DateStr } from './planning';
import { ReportCurrency } from './reports';

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

/** How a number reads: money in the report's currency, a percent, a factor, years, a count, an age, a calendar year. */
export const ExplanationUnit = z.enum(['money', 'percent', 'factor', 'years', 'count', 'age', 'year']);
export type ExplanationUnit = z.infer<typeof ExplanationUnit>;

/** A piece of a rule: words, or a number the screen formats by its unit (money in the report's currency). */
export const RulePart = z.union([z.string(), z.object({ value: z.number(), unit: ExplanationUnit })]);
export type RulePart = z.infer<typeof RulePart>;

/** A record a figure came from: its kind as the record API names it (record-kinds.ts), id, field, and its name. */
export const ExplanationRecord = z.object({
  kind: z.string(),
  id: z.string(),
  field: z.string().nullable(),
  label: z.string(),
  /** The household screen that edits it (the advisor's workspace path below the household, e.g. 'income'). */
  screen: z.string().nullable(),
});
export type ExplanationRecord = z.infer<typeof ExplanationRecord>;

/** The rate table version a figure read: the table, the version's first year, the year it applied to, its source. */
export const ExplanationTable = z.object({
  name: z.string(),
  version: z.number().int(),
  year: z.number().int(),
  source: z.string(),
});
export type ExplanationTable = z.infer<typeof ExplanationTable>;

/**
 * What a node is: a figure computed from its parts ('figure'), a stored input of a record ('record'), a published
 * constant of a rate table ('table'), or an assumption (the household's or Kinfolio's default rate, the part of the
 * first year after the as-of day).
 */
export const ExplanationKind = z.enum(['figure', 'record', 'table', 'assumption']);

/** The operation that gives the value from the parts (docs/decisions/explanations.md "Operations"). */
export const ExplanationFormula = z.object({
  op: z.enum(['input', 'sum', 'product', 'quotient', 'power', 'min', 'max', 'floor0', 'percent', 'bands']),
  signs: z.array(z.number()).optional(),
  bands: z.array(z.object({ from: z.number(), rate: z.number() })).optional(),
  round: z.boolean().optional(),
});

/** One part of a figure, as the panel lists it before the advisor opens it. */
export const ExplanationPart = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  unit: ExplanationUnit,
  /** For a sum: whether the part is added (1) or taken away (−1). */
  sign: z.number(),
  /** Whether asking for this part gives more than the number (it has parts, records or a table). */
  explainable: z.boolean(),
  kind: ExplanationKind,
});
export type ExplanationPart = z.infer<typeof ExplanationPart>;

export const Explanation = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  unit: ExplanationUnit,
  kind: ExplanationKind,
  rule: z.array(RulePart),
  formula: ExplanationFormula,
  parts: z.array(ExplanationPart),
  records: z.array(ExplanationRecord),
  table: ExplanationTable.nullable(),
});
export type Explanation = z.infer<typeof Explanation>;

export const ExplanationReply = z.object({
  customer_id: z.string(),
  /** The currency the money reads in (the report's: SGD or RM, converted as the report converts). */
  currency: ReportCurrency,
  as_of: z.string(),
  explanation: Explanation,
});
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
