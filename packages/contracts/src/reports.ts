import { z } from 'zod';
import { CalendarDate, RecordIssues, Timestamp } from './common';
import { DateStr } from './planning';
import { TablesUsed } from './rate-tables';

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

/**
 * One year of the plan's cash flow (docs/planning-model.md "Terms of the plan"): Income − Expenses = Net cash flow
 * to the cent; Surplus = max(net cash flow, 0); Shortfall is the liability the plan owes at the year end (the same
 * figure as the Net worth tab's shortfall, the data table's and every export's).
 */
export const CashflowYear = z.object({
  year: z.number().int(),
  /** Every inflow: employment and other incomes, rental, CPF/EPF and pension payouts (CPF LIFE), insurance payouts, property sale net proceeds. */
  income: z.number(),
  /** Every outflow: living and other expenses, property costs, goals, tax, employee contributions, loan repayments (cash part), premiums, investment contributions. */
  expenses: z.number(),
  /** max(net cash flow, 0): what stays in the household's cash (it first repays a shortfall). */
  surplus: z.number(),
  /** What the household owes at the year end because the plan could not pay (uncovered deficits, borrowed at the borrowing rate). */
  shortfall: z.number(),
  /** Income − Expenses. */
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
  /** The row's name (insurance.CoverageRow label): "Critical illness" counts Major and Early Critical Illness. */
  label: z.string(),
  /** The advisor's target, else the planning threshold's (insurance.TargetSource); null without a target. */
  target_source: z.enum(['advisor', 'threshold']).nullable(),
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
/**
 * One cover check of one member: the member's coverage row (the same cover, target and gap as the insurance tab):
 * the target is the advisor's when set (`target_source` advisor), else `multiple` × the member's annual income.
 */
export const CoverCheck = z.object({
  threshold: CheckThreshold,
  target_source: z.enum(['advisor', 'threshold']),
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
  /**
   * Life and critical-illness cover per member with an earned income or an advisor's target for either: the Death and
   * critical-illness rows of the insurance tab (critical illness = Major Illness and Early Critical Illness benefits).
   */
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
  /** The rate-table versions the report's projection used (issue 32). */
  tables: TablesUsed,
  cashflow: z.object({
    years: z.array(CashflowYear),
    totals: z.object({ income: z.number(), expenses: z.number(), surplus: z.number() }),
  }),
  networth: z.object({
    years: z.array(NetWorthYear),
    /**
     * Today: the balance sheet at the as-of day (stored values converted to the household currency), not the end of
     * this year's projection; `loans` is the debt tab's outstanding today. The years are year ends.
     */
    current: z.object({
      total_assets: z.number(),
      total_liabilities: z.number(),
      net_worth: z.number(),
      loans: z.number().optional(),
    }),
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
    /** "Loan instalments a month": the running loans' instalments only. */
    total_monthly_repayment: z.number(),
    /** "Running costs a month": the loans' other monthly costs (a car's fuel, insurance, servicing), apart. */
    total_monthly_running_costs: z.number(),
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
