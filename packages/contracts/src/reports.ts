import { z } from 'zod';
import { CalendarDate, RecordIssues, Timestamp } from './common';
import { DateStr } from './planning';

/**
 * The financial report (issue 14; planning spec §2 "financial-report" sub-tabs cashflow, networth, insurance, funds,
 * debt, property; §7 Calculations; §9 currency and rounding). One call, GET customer/{id}/financial-report, returns
 * every tab's figures computed by the engine from the stored household, in the currency asked for (SGD or RM,
 * converted with the stored rates: 3 decimals for the conversion, then 2 for the amount).
 */

/** spec §9: the report shows SGD or RM; MYR is accepted as RM. */
export const ReportCurrency = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .transform((s) => (s === 'MYR' ? 'RM' : s))
  .pipe(z.enum(['SGD', 'RM'], { error: "currency must be 'SGD' or 'RM'" }));
export type ReportCurrency = z.infer<typeof ReportCurrency>;

export const FinancialReportQuery = z.object({
  currency: ReportCurrency.optional(),
  as_of: DateStr.optional(),
});
export type FinancialReportQuery = z.infer<typeof FinancialReportQuery>;

/** spec §2 chart types and bar kinds of the report's charts. */
export const CHART_TYPES = ['table', 'graph'] as const;
export const BAR_KINDS = ['multi_bar', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export type BarKind = (typeof BAR_KINDS)[number];

export const CashflowYear = z.object({
  year: z.number().int(),
  /** Employment, business, rental and other income of the year (the engine's `income`). */
  income: z.number(),
  /** Tax, employee contributions, expenses, premiums, loan repayments, goals and investment contributions. */
  expenses: z.number(),
  /** What is left when income exceeds the outgoings (net cash flow when positive). */
  savings: z.number(),
  /** What is missing when the outgoings exceed income (net cash flow when negative, as a positive amount). */
  shortfall: z.number(),
  net_cash_flow: z.number(),
});
export const NetWorthYear = z.object({
  year: z.number().int(),
  cash: z.number(),
  investments: z.number(),
  pensions: z.number(),
  properties: z.number(),
  insurance: z.number(),
  loans: z.number(),
  shortfall: z.number(),
  total_assets: z.number(),
  total_liabilities: z.number(),
  net_worth: z.number(),
});
export const CoverageCell = z.object({
  benefit_type: z.string(),
  cover: z.number(),
  unlimited: z.boolean(),
  until_age: z.number().nullable(),
  target: z.number().nullable(),
  gap: z.number().nullable(),
});
export const FundsClass = z.object({ asset_class: z.string(), value: z.number() });
export const ProvidentAccount = z.object({
  pension_id: z.string(),
  member_id: z.string(),
  member_name: z.string(),
  scheme: z.string(),
  name: z.string().nullable(),
  balance: z.number(),
  accounts: z.array(z.object({ account: z.string(), amount: z.number() })),
});
export const DebtLoan = z.object({
  debt_id: z.string(),
  type: z.string(),
  name: z.string().nullable(),
  outstanding: z.number(),
  instalment: z.number(),
  total_interest: z.number(),
  months_remaining: z.number().int(),
  end_year: z.number().int(),
});
export const PropertyRow = z.object({
  debt_id: z.string(),
  type: z.string(),
  name: z.string().nullable(),
  market_value: z.number(),
  outstanding: z.number(),
  equity: z.number(),
  selling_year: z.number().int().nullable(),
  net_proceeds: z.number().nullable(),
  /**
   * Issue 31: the planned sale's figures, the projection's own (one computation: the data table's sale-year row, the
   * debt summary and every export read it), in the report's currency; null without a planned sale.
   */
  sale: z
    .object({
      selling_price: z.number(),
      transaction_fee: z.number(),
      outstanding_loan: z.number(),
      pension_refund: z.number(),
      gain_tax: z.number(),
      net_proceeds: z.number(),
    })
    .nullable()
    .optional(),
});

/**
 * Issue 15: the planning thresholds a check measured against (reference.THRESHOLD_DEFAULTS or the admin's stored
 * value, GET user/threshold), named so the screen can say "target: 6 months (your planner's threshold)".
 */
export const CheckThreshold = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number(),
  /** True while no admin has stored a value (the default applies). */
  is_default: z.boolean(),
});
/** One cover check of one earning member: the cover held vs `multiple` × the member's annual income. */
export const CoverCheck = z.object({
  threshold: CheckThreshold,
  cover: z.number(),
  unlimited: z.boolean(),
  target: z.number(),
  gap: z.number(),
  met: z.boolean(),
});
export const ReportChecks = z.object({
  /** Liquid cash and savings vs the threshold's months of this year's monthly expenses. */
  emergency_fund: z.object({
    threshold: CheckThreshold,
    liquid: z.number(),
    monthly_expenses: z.number(),
    /** null when the household has no expenses. */
    months_covered: z.number().nullable(),
    target_months: z.number(),
    target_amount: z.number(),
    shortfall: z.number(),
    met: z.boolean(),
  }),
  /** Life and critical-illness (Major Illness) cover per earning member. */
  cover: z.array(
    z.object({
      member_id: z.string(),
      name: z.string(),
      annual_income: z.number(),
      life: CoverCheck,
      critical_illness: CoverCheck,
    }),
  ),
  /** This year's loan repayments / gross income vs the maximum (percent). */
  debt_service: z.object({
    threshold: CheckThreshold,
    year: z.number().int(),
    loan_repayments: z.number(),
    gross_income: z.number(),
    /** null when there is no income this year. */
    ratio_percent: z.number().nullable(),
    max_percent: z.number(),
    met: z.boolean(),
  }),
  /**
   * The main member's first retirement year: that year's projected income (income and pension payouts) / the last
   * working year's, vs the target percent. null figures (and met) when the retirement falls outside the projection
   * or the member is retired already.
   */
  retirement: z.object({
    threshold: CheckThreshold,
    member_id: z.string().nullable(),
    name: z.string().nullable(),
    retirement_year: z.number().int().nullable(),
    last_working_year: z.number().int().nullable(),
    last_working_income: z.number().nullable(),
    retirement_income: z.number().nullable(),
    replacement_percent: z.number().nullable(),
    target_percent: z.number(),
    met: z.boolean().nullable(),
  }),
});
export type ReportChecks = z.infer<typeof ReportChecks>;

export const FinancialReport = z.object({
  customer_id: z.string(),
  /** The currency every amount below is in. */
  currency: ReportCurrency,
  /** The household's own currency, and the stored-rate multiplier from it to `currency` (3 decimals). */
  household_currency: z.string(),
  rate: z.number(),
  as_of: CalendarDate,
  computed_at: Timestamp,
  start_year: z.number().int(),
  end_year: z.number().int(),
  money_runs_out_year: z.number().int().nullable(),
  cashflow: z.object({
    years: z.array(CashflowYear),
    totals: z.object({ income: z.number(), expenses: z.number(), savings: z.number(), shortfall: z.number() }),
  }),
  networth: z.object({
    years: z.array(NetWorthYear),
    current: z.object({ total_assets: z.number(), total_liabilities: z.number(), net_worth: z.number() }),
  }),
  insurance: z.object({
    members: z.array(
      z.object({ member_id: z.string(), name: z.string(), age: z.number().nullable(), rows: z.array(CoverageCell) }),
    ),
    totals: z.object({ cover: z.number(), target: z.number(), gap: z.number() }),
  }),
  funds: z.object({
    by_asset_class: z.array(FundsClass),
    provident: z.array(ProvidentAccount),
    total: z.number(),
  }),
  debt: z.object({
    loans: z.array(DebtLoan),
    years: z.array(z.object({ year: z.number().int(), outstanding: z.number(), payments: z.number() })),
    total_outstanding: z.number(),
    total_monthly_repayment: z.number(),
  }),
  property: z.object({
    properties: z.array(PropertyRow),
    totals: z.object({
      market_value: z.number(),
      outstanding: z.number(),
      equity: z.number(),
      net_proceeds: z.number(),
    }),
  }),
  /** Issue 15: the household measured against the planning thresholds in force. */
  checks: ReportChecks,
});
export type FinancialReport = z.infer<typeof FinancialReport>;
export const FinancialReportReply = z.object({ data: FinancialReport.extend({ record_issues: RecordIssues }) });

// The amounts conversion lives in a module without zod, so a browser bundle that converts a report it holds (mf-customer's
// currency switch) does not take zod and every report schema with it (issue 30).
export { convertReportAmounts, REPORT_NOT_MONEY } from './report-amounts';
