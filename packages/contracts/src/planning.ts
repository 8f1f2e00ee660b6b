import { z } from 'zod';
import { CalendarDate, Timestamp, WholeAge } from './common';
import { ExplanationTree } from './explanation-node';
import { TablesUsed } from './rate-tables';
import { PlainText } from './validation';

/**
 * svc-planning calculation contracts (planning spec §3, §7, §9; issue 4). Every number is finite and bounded, so
 * a reply can never carry NaN or Infinity; ids are short tokens; text follows the spec's safe-text rule.
 */
const MAX_AMOUNT = 1e12;
const MAX_RECORDS = 200;
export const Amount = z.number().finite().min(-MAX_AMOUNT).max(MAX_AMOUNT);
export const PositiveAmount = z.number().finite().min(0).max(MAX_AMOUNT);
/** Percent a year (5 = 5%). */
export const Percent = z.number().finite().min(-99).max(100);
export const Age = WholeAge;
export const Year = z.number().int().min(1900).max(2200);
/** The shared calendar date (common.ts CalendarDate), under the name the planning contracts have always used. */
export const DateStr = CalendarDate;
export const RecordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Use 1-64 letters, digits, - or _' });
export const CurrencyCode = z.string().regex(/^[A-Za-z]{2,3}$/, { message: 'Use a currency code' });
const Name = PlainText(100);
const list = <T extends z.ZodType>(t: T) => z.array(t).max(MAX_RECORDS).optional();
const Owners = z.array(z.object({ member_id: RecordId, percentage: z.number().finite().min(0).max(100) })).max(10).optional();

export const Relation = z.enum(['me', 'spouse', 'joint', 'all']);
export const Member = z.object({
  id: RecordId,
  name: Name.optional(),
  relation: Relation,
  age: Age.optional(),
  date_of_birth: DateStr.optional(),
  gender: z.enum(['male', 'female']).optional(),
  maturity_age: Age.optional(),
  retirement_age: Age.optional(),
});
export const IncomeKind = z.enum(['gross income', 'bonus', 'business income', 'rental', 'dividend']);
const YearFreq = z.enum(['monthly', 'annual']).optional();
export const Income = z.object({ id: RecordId.optional(), member_id: RecordId, kind: IncomeKind, amount: PositiveAmount, frequency: YearFreq, currency: CurrencyCode.optional(), growth_rate: Percent.optional(), start_year: Year.optional(), end_year: Year.optional() });
export const ExpenseCategory = z.enum(['living expense', 'children', 'insurance', 'loan', 'tax', 'other', 'investment', 'save', 'food', 'tobacco', 'clothing', 'utility', 'phone', 'health', 'transport', 'parents', 'entertainment', 'education', 'dining', 'holiday']);
export const Expense = z.object({ id: RecordId.optional(), member_id: RecordId.optional(), category: ExpenseCategory, amount: PositiveAmount, frequency: YearFreq, currency: CurrencyCode.optional(), inflation_rate: Percent.optional(), start_year: Year.optional(), end_year: Year.optional() });
export const AssetClass = z.enum(['equity', 'bond', 'cash', 'property', 'others']);
export const CashAccount = z.object({ id: RecordId, owner_id: RecordId.optional(), owners: Owners, current_value: Amount, growth_rate: Percent.optional(), currency: CurrencyCode.optional(), locked: z.boolean().optional() });
export const Investment = z.object({ id: RecordId, owner_id: RecordId.optional(), owners: Owners, current_value: PositiveAmount, expected_return: Percent.optional(), asset_class: AssetClass.optional(), monthly_contribution: PositiveAmount.optional(), contribution_end_year: Year.optional(), currency: CurrencyCode.optional(), locked: z.boolean().optional() });
export const Pension = z.object({
  id: RecordId,
  member_id: RecordId,
  type: z.enum(['CPF', 'EPF', 'Pension']).optional(),
  currency: CurrencyCode.optional(),
  /**
   * CPF: oa, sa, ma (MediSave, kept apart from the RA), ra. Older inputs stay accepted: a missing `ma` is 0, and a
   * combined `sa_ma` (read only when neither `sa` nor `ma` is given) is split by the member's SA : MA allocation at
   * the as-of age (docs/planning-model.md "Provident funds"). EPF: account1/2/3 = Akaun Persaraan / Sejahtera /
   * Fleksibel. Other pensions: value.
   */
  balances: z.object({ oa: PositiveAmount.optional(), sa: PositiveAmount.optional(), ma: PositiveAmount.optional(), sa_ma: PositiveAmount.optional(), ra: PositiveAmount.optional(), account1: PositiveAmount.optional(), account2: PositiveAmount.optional(), account3: PositiveAmount.optional(), value: PositiveAmount.optional() }).optional(),
  monthly_salary: PositiveAmount.optional(),
  salary_increment: Percent.optional(),
  contribution_growth_rate: Percent.optional(),
  /** Interest by CPF account; `sa_ma` is the default of both `sa` and `ma`. */
  cpf_contribution_growth_rate: z.object({ oa: Percent.optional(), sa: Percent.optional(), ma: Percent.optional(), sa_ma: Percent.optional(), ra: Percent.optional() }).optional(),
  employer_percent: z.number().finite().min(0).max(100).optional(),
  employee_percent: z.number().finite().min(0).max(100).optional(),
  cpf_payout_age: Age.optional(),
  retirement_age: Age.optional(),
  cpf_ers_limit: PositiveAmount.optional(),
  cpf_property_pledge: z.boolean().optional(),
  cpf_life_plan: z.enum(['basic', 'standard', 'escalating']).optional(),
  /** The retirement sum the RA is formed up to at 55 (default full); a `cpf_ers_limit` given is the limit instead. */
  cpf_retirement_sum: z.enum(['basic', 'full', 'enhanced']).optional(),
  /** CPF extra interest on the first 60,000 (default true). */
  cpf_extra_interest: z.boolean().optional(),
  post_retirement_contribution: z.object({ contribution: z.boolean(), monthly_amount: PositiveAmount.optional(), from_age: Age.optional(), to_age: Age.optional() }).optional(),
  locked: z.boolean().optional(),
});
export const Tenure = z.union([z.number().finite().min(1 / 12).max(100), z.object({ year: z.number().int().min(0).max(100), month: z.number().int().min(0).max(11).optional() })]);
export const Loan = z.object({
  id: RecordId,
  kind: z.enum(['mortgage', 'vehicle', 'other', 'credit_card']).optional(),
  owner_id: RecordId.optional(),
  owners: Owners,
  original_loan: PositiveAmount,
  loan_interest: z.number().finite().min(0).max(100),
  loan_tenure: Tenure.optional(),
  starting_year: Year,
  type: z.enum(['annuity', 'flat']).optional(),
  repayment_amount: z.number().finite().positive().max(MAX_AMOUNT).optional(),
  currency: CurrencyCode.optional(),
  pension_monthly: PositiveAmount.optional(),
  pension_member_id: RecordId.optional(),
  other_monthly_expenses: PositiveAmount.optional(),
  // Vehicle loans (spec "Vehicle loan"): purchase details and the car's running costs, monthly amounts (decision).
  purchase_price: PositiveAmount.optional(),
  down_payment: PositiveAmount.optional(),
  maintenance: PositiveAmount.optional(),
  other_expenses: z.object({ fuel: PositiveAmount.optional(), insurance_and_road_tax: PositiveAmount.optional(), servicing: PositiveAmount.optional() }).optional(),
});
export const RentalEntry = z.object({ transaction_start_date: DateStr, transaction_end_date: DateStr.nullable().optional(), amount: PositiveAmount });
export const Property = z.object({
  id: RecordId,
  owner_id: RecordId.optional(),
  owners: Owners,
  purchase_price: PositiveAmount,
  purchase_year: Year,
  market_value: PositiveAmount,
  growth_rate: Percent.optional(),
  future_selling_year: Year.optional(),
  future_selling_price: PositiveAmount.optional(),
  future_transaction_fee: PositiveAmount.optional(),
  future_outstanding_loan: PositiveAmount.optional(),
  purchase_date: DateStr.optional(),
  loan_id: RecordId.optional(),
  pension_used: PositiveAmount.optional(),
  pension_member_id: RecordId.optional(),
  pension_uses: z.array(z.object({ member_id: RecordId.optional(), amount: PositiveAmount, year: Year.optional() })).max(10).optional(),
  refund_growth_rate: Percent.optional(),
  rental_incomes: z.array(RentalEntry).max(50).optional(),
  tax: z.number().finite().min(0).max(100).optional(),
  maintenance: PositiveAmount.optional(),
  property_tax: PositiveAmount.optional(),
  currency: CurrencyCode.optional(),
  locked: z.boolean().optional(),
});
export const BenefitType = z.enum(['Death', 'Disability', 'Major Illness', 'Early Critical Illness', 'Premium Waiver', 'Medical', 'Personal Accident', 'Custom Benefit']);
const AmountObj = z.object({ amount: PositiveAmount, currency: CurrencyCode.optional() });
export const Benefit = z.object({
  type: BenefitType,
  investment_linked: z.boolean().optional(),
  expiry_age: Age.optional(),
  maturity_age: Age.optional(),
  payout: z.object({ lump_sum_payout: AmountObj.optional(), regular: z.object({ amount: PositiveAmount, frequency: PlainText(20).optional(), duration: z.number().finite().min(0).max(100).optional() }).optional() }).optional(),
  duration: z.number().finite().min(0).max(100).optional(),
  premium_waiver: z.object({ payer: z.boolean().optional(), non_payer: z.object({ major_illness: z.boolean().optional(), disability: z.boolean().optional(), death: z.boolean().optional() }).optional(), insured: z.object({ major_illness: z.boolean().optional(), disability: z.boolean().optional() }).optional() }).optional(),
  medical: z.object({ rnb: z.union([PlainText(40), PositiveAmount]).optional(), annual_limit: z.number().finite().min(-1).max(MAX_AMOUNT).optional(), lifetime_limit: z.number().finite().min(-1).max(MAX_AMOUNT).optional() }).optional(),
  medical_amount: AmountObj.optional(),
  lump_sum: AmountObj.optional(),
  critical_illness: z.object({ ci_guard: AmountObj.optional(), ci_advance: AmountObj.optional() }).optional(),
  title: Name.optional(),
  description: PlainText(1000, { multiline: true }).optional(),
});
export const Frequency = z.enum(['monthly', 'quarterly', 'semi annual', 'semi_annual', 'annual', 'single', 'single premium']);
export const Insurance = z.object({
  id: RecordId,
  member_id: RecordId,
  payer_id: RecordId.optional(),
  frequency: Frequency.optional(),
  premium: PositiveAmount,
  premium_loading: z.number().finite().min(0).max(1000).optional(),
  policy_date: DateStr,
  premium_end_date: DateStr.nullable().optional(),
  payment_term: z.number().finite().min(0).max(100).optional(),
  unpaid_at: z.array(DateStr).max(1200).optional(),
  prorate: z.boolean().optional(),
  currency: CurrencyCode.optional(),
  benefits: z.array(Benefit).max(20).optional(),
  current_cash_value: PositiveAmount.optional(),
  growth_rate: Percent.optional(),
  maturity_age: Age.optional(),
  projected_maturity_value: PositiveAmount.optional(),
  cash_out_age: Age.optional(),
  dividend: z.object({ amount: PositiveAmount, start: z.number().int().min(0).max(100).optional(), end: z.number().int().min(0).max(100).optional() }).optional(),
});
export const GoalType = z.enum(['retirement', 'education', 'car', 'property', 'business', 'custom']);
export const Goal = z.object({ id: RecordId, type: GoalType, member_id: RecordId.optional(), year_from: Year.optional(), year_to: Year.optional(), amount: PositiveAmount.optional(), living_expense: PositiveAmount.optional(), play_expense: PositiveAmount.optional(), legacy_amount: PositiveAmount.optional(), inflation_rate: Percent.optional(), growth_rate: Percent.optional(), currency: CurrencyCode.optional() });

/**
 * The household payload of calculate/debt, finance, data-tables and scenario-modelling. Its top level is strict (an
 * unknown key is a 400 naming it, issue 30 item 6); its records are not yet (docs/decisions/planning.md).
 */
export const Household = z.strictObject({
  customer_id: z.string().uuid().optional(),
  as_of: DateStr.optional(),
  currency: CurrencyCode.optional(),
  rates: z.record(CurrencyCode, z.number().finite().positive().max(1e6)).optional(),
  inflation_rate: Percent.optional(),
  cash_growth_rate: Percent.optional(),
  /** What a deficit left after the cash accounts (and any sales) costs a year, in percent (default 8). */
  borrowing_rate: Percent.optional(),
  members: z.array(Member).min(1).max(20),
  incomes: list(Income),
  expenses: list(Expense),
  cash_accounts: list(CashAccount),
  investments: list(Investment),
  pensions: list(Pension),
  loans: list(Loan),
  properties: list(Property),
  insurances: list(Insurance),
  goals: list(Goal),
  /** Children of the household, for the child tax reliefs (claimed by the member earning most that year). */
  dependants: z.array(z.object({ id: RecordId.optional(), relation: z.literal('child').optional(), age: Age.optional(), date_of_birth: DateStr.optional() })).max(20).optional(),
});
export type Household = z.infer<typeof Household>;

const ClassAssumption = z.object({ mean: z.number().finite().min(-50).max(50), volatility: z.number().finite().min(0).max(100) });
export const ScenarioRequest = Household.extend({
  scenario: z
    .strictObject({
      overrides: z.strictObject({ inflation_rate: Percent.optional(), investment_return: Percent.optional(), property_growth_rate: Percent.optional(), income_growth_rate: Percent.optional(), retirement_age: z.record(RecordId, Age).optional(), income_change_percent: z.record(RecordId, z.number().finite().min(-100).max(1000)).optional() }).optional(),
      events: z.array(z.strictObject({ member_id: RecordId, type: z.enum(['death', 'disability', 'critical_illness']), year: Year })).max(20).optional(),
      sell_sequence: z.array(RecordId).max(1000).optional(),
      locked_assets: z.array(RecordId).max(1000).optional(),
      monte_carlo: z.strictObject({ enabled: z.boolean().optional(), trials: z.number().int().min(1).max(20000).optional(), seed: z.number().int().min(0).max(2 ** 32 - 1).optional(), assumptions: z.strictObject({ equity: ClassAssumption.strict().optional(), bond: ClassAssumption.strict().optional(), cash: ClassAssumption.strict().optional(), property: ClassAssumption.strict().optional(), others: ClassAssumption.strict().optional() }).optional() }).optional(),
    })
    .optional(),
});
export type ScenarioRequest = z.infer<typeof ScenarioRequest>;

// Replies (all numbers finite).
const N = z.number().finite();
/** GET currency-rates: the stored table (units of `base` per unit of `code`), which the browser keeps locally. */
export const CurrencyRate = z.object({ code: z.string(), rate: z.number().finite().positive(), base: z.string(), updated_at: Timestamp });
export const CurrencyRatesReply = z.object({ data: z.object({ base: z.string(), rates: z.array(CurrencyRate) }) });
export const NetWorthYear = z.object({ year: z.number().int(), total_assets: N, total_liabilities: N, net_worth: N });
export const NetWorthReply = z.object({ customer_id: z.string(), currency: z.string(), computed_at: Timestamp, years: z.array(NetWorthYear), tables: TablesUsed });
export const ScheduleRow = z.object({ period: z.number().int(), payment: N, interest: N, principal: N, balance: N });
export const DebtReply = z.object({
  currency: z.string(),
  as_of: CalendarDate,
  total_outstanding: N,
  /** The running loans' instalments a month (repayments only). */
  total_monthly_repayment: N,
  /** The running loans' other monthly costs (a vehicle's fuel, insurance and road tax, servicing…): not repayments. */
  total_monthly_running_costs: N,
  loans: z.array(z.object({ id: z.string(), kind: z.string(), type: z.string(), instalment: N, tenure_months: z.number().int(), months_paid: z.number().int(), months_remaining: z.number().int(), outstanding: N, outstanding_in_currency: N, total_interest: N, other_monthly_expenses: N, end_year: z.number().int(), schedule: z.array(ScheduleRow) })),
});
export const FinanceReply = z.object({
  currency: z.string(),
  start_year: z.number().int(),
  end_year: z.number().int(),
  money_runs_out_year: z.number().int().nullable(),
  /** The rate-table versions the projection used (issue 32). */
  tables: TablesUsed,
  current: z.object({ net_worth: N, total_assets: N, total_liabilities: N, net_cash_flow: N }),
  years: z.array(z.object({ year: z.number().int(), income: N, outgoings: N, net_cash_flow: N, total_assets: N, total_liabilities: N, net_worth: N })),
  coverage: z.record(z.string(), z.record(z.string(), N)),
  premiums: z.array(z.object({ id: z.string(), paid_to_date: N, projected: N })),
});
export const YearRow = z.object({
  year: z.number().int(),
  ages: z.record(z.string(), N),
  income: N,
  tax: N,
  employee_contribution: N,
  expenses: N,
  premiums: N,
  loan_repayments: N,
  goals: N,
  investment_contributions: N,
  insurance_payouts: N,
  pension_payouts: N,
  property_sales: N,
  asset_sales: N,
  net_cash_flow: N,
  assets: z.object({ cash: N, investments: N, pensions: N, properties: N, insurance: N }),
  liabilities: z.object({ loans: N, shortfall: N }),
  total_assets: N,
  total_liabilities: N,
  net_worth: N,
});
export const DataTablesReply = z.object({ currency: z.string(), start_year: z.number().int(), end_year: z.number().int(), money_runs_out_year: z.number().int().nullable(), tables: TablesUsed, rows: z.array(YearRow) });
const ScenarioSummary = z.object({
  money_runs_out_year: z.number().int().nullable(),
  final_net_worth: N,
  years: z.array(z.object({ year: z.number().int(), net_worth: N, net_cash_flow: N, insurance_payouts: N, asset_sales: N, shortfall: N })),
  sold: z.array(z.object({ year: z.number().int(), asset_id: z.string(), amount: N })),
});
export const ScenarioReply = z.object({
  currency: z.string(),
  base: ScenarioSummary,
  scenario: ScenarioSummary,
  money_runs_out_year: z.number().int().nullable(),
  /** The rate-table versions the current plan's and the scenario's projections used (the trials run on the scenario's). */
  tables: TablesUsed,
  monte_carlo: z
    .object({
      trials: z.number().int(),
      seed: z.number().int(),
      assumptions: z.record(z.string(), ClassAssumption),
      probability_never_runs_out: N,
      /** How the probability was reached (issue 34): trials that never ran out of trials run, and what they ran on. */
      probability_explanation: ExplanationTree.optional(),
      bands: z.array(z.object({ year: z.number().int(), percentiles: z.record(z.string(), N) })),
    })
    .nullable(),
});
