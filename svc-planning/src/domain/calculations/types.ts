import type { DateInput } from './dates';
import type { Benefit } from './insurance';
import type { OwnerShare, Relation } from './ownership';
import type { Tenure } from './loans';
import type { RentalEntry } from './property';

/** The household the engine projects (mirrors packages/contracts planning.Household; the engine has no zod). */
export interface MemberInput {
  id: string;
  name?: string;
  relation: Relation;
  age?: number;
  date_of_birth?: string;
  gender?: 'male' | 'female';
  maturity_age?: number; // default 100 (spec §9)
  retirement_age?: number; // default 55 (spec §9)
}
export type IncomeKind = 'gross income' | 'bonus' | 'business income' | 'rental' | 'dividend';
export interface IncomeInput {
  id?: string;
  member_id: string;
  kind: IncomeKind;
  amount: number;
  frequency?: 'monthly' | 'annual';
  currency?: string;
  growth_rate?: number;
  start_year?: number;
  end_year?: number;
}
export interface ExpenseInput {
  id?: string;
  member_id?: string;
  category: string;
  amount: number;
  frequency?: 'monthly' | 'annual';
  currency?: string;
  inflation_rate?: number;
  start_year?: number;
  end_year?: number;
}
export type AssetClass = 'equity' | 'bond' | 'cash' | 'property' | 'others';
export interface CashInput {
  id: string;
  owner_id?: string;
  owners?: OwnerShare[];
  current_value: number;
  growth_rate?: number;
  currency?: string;
  locked?: boolean;
}
export interface InvestmentInput {
  id: string;
  owner_id?: string;
  owners?: OwnerShare[];
  current_value: number;
  expected_return?: number;
  asset_class?: AssetClass;
  monthly_contribution?: number;
  contribution_end_year?: number;
  currency?: string;
  locked?: boolean;
}
export interface PensionInput {
  id: string;
  member_id: string;
  type?: 'CPF' | 'EPF' | 'Pension';
  currency?: string;
  /**
   * CPF: oa, sa, ma, ra (MediSave apart from the RA). The older combined `sa_ma` is still read when neither `sa` nor
   * `ma` is given: it is split by the member's SA : MA allocation at the as-of age. EPF: account1/2/3 = Akaun
   * Persaraan / Sejahtera / Fleksibel. Other pensions: value.
   */
  balances?: { oa?: number; sa?: number; ma?: number; sa_ma?: number; ra?: number; account1?: number; account2?: number; account3?: number; value?: number };
  monthly_salary?: number;
  salary_increment?: number;
  contribution_growth_rate?: number;
  /** Interest by account; `sa_ma` is the default of both `sa` and `ma`. */
  cpf_contribution_growth_rate?: { oa?: number; sa?: number; ma?: number; sa_ma?: number; ra?: number };
  employer_percent?: number;
  employee_percent?: number;
  cpf_payout_age?: number;
  retirement_age?: number;
  cpf_ers_limit?: number;
  cpf_property_pledge?: boolean;
  cpf_life_plan?: 'basic' | 'standard' | 'escalating';
  /** The retirement sum the RA is formed up to at the retirement age (default full); `cpf_ers_limit` overrides it. */
  cpf_retirement_sum?: 'basic' | 'full' | 'enhanced';
  /** CPF extra interest on the first 60,000 (default true; false leaves it out, e.g. to isolate another mechanism). */
  cpf_extra_interest?: boolean;
  post_retirement_contribution?: { contribution: boolean; monthly_amount?: number; from_age?: number; to_age?: number };
  locked?: boolean;
}
export interface LoanInput {
  id: string;
  kind?: 'mortgage' | 'vehicle' | 'other' | 'credit_card';
  owner_id?: string;
  owners?: OwnerShare[];
  original_loan: number;
  loan_interest: number;
  loan_tenure?: Tenure;
  starting_year: number;
  type?: 'annuity' | 'flat';
  repayment_amount?: number;
  currency?: string;
  pension_monthly?: number;
  pension_member_id?: string;
  other_monthly_expenses?: number;
  /** Vehicle loans: purchase details (for display) and the car's monthly running costs. */
  purchase_price?: number;
  down_payment?: number;
  maintenance?: number;
  other_expenses?: { fuel?: number; insurance_and_road_tax?: number; servicing?: number };
}
export interface PropertyInput {
  id: string;
  owner_id?: string;
  owners?: OwnerShare[];
  purchase_price: number;
  purchase_year: number;
  market_value: number;
  growth_rate?: number;
  future_selling_year?: number;
  /** The advisor's selling price (the property's currency); else the market value grown to the selling year. */
  future_selling_price?: number;
  future_transaction_fee?: number;
  /** The loan repaid at the sale when no loan is linked (`loan_id`): the advisor's figure. */
  future_outstanding_loan?: number;
  /** The first instalment's date (the purchase), for the months held; else January of `purchase_year`. */
  purchase_date?: string;
  loan_id?: string;
  /** Provident money used for the purchase in `purchase_year`, refunded to `pension_member_id`'s account at the sale. */
  pension_used?: number;
  pension_member_id?: string;
  /** More provident money used (e.g. the spouse's), each refunded to its member's account (default the year of purchase). */
  pension_uses?: Array<{ member_id?: string; amount: number; year?: number }>;
  /** Interest the refund accrues, percent a year (default 2.5, CPF's OA rate). */
  refund_growth_rate?: number;
  rental_incomes?: RentalEntry[];
  tax?: number;
  maintenance?: number;
  property_tax?: number;
  currency?: string;
  locked?: boolean;
}
export interface InsuranceInput {
  id: string;
  member_id: string;
  payer_id?: string;
  frequency?: string;
  premium: number;
  premium_loading?: number;
  policy_date: DateInput;
  premium_end_date?: DateInput | null;
  payment_term?: number;
  unpaid_at?: DateInput[];
  prorate?: boolean;
  currency?: string;
  benefits?: Benefit[];
  current_cash_value?: number;
  growth_rate?: number;
  maturity_age?: number;
  projected_maturity_value?: number;
  cash_out_age?: number;
  dividend?: { amount: number; start?: number; end?: number };
}
export type GoalType = 'retirement' | 'education' | 'car' | 'property' | 'business' | 'custom';
export interface GoalInput {
  id: string;
  type: GoalType;
  member_id?: string;
  year_from?: number;
  year_to?: number;
  amount?: number;
  living_expense?: number;
  play_expense?: number;
  legacy_amount?: number;
  inflation_rate?: number;
  /** The goal's own growth a year above prices (%), compounded with the inflation (docs/planning-model.md, Goals). */
  growth_rate?: number;
  currency?: string;
}
export interface HouseholdInput {
  as_of?: string;
  currency?: string;
  rates?: Record<string, number>;
  inflation_rate?: number;
  cash_growth_rate?: number;
  borrowing_rate?: number;
  members: MemberInput[];
  incomes?: IncomeInput[];
  expenses?: ExpenseInput[];
  cash_accounts?: CashInput[];
  investments?: InvestmentInput[];
  pensions?: PensionInput[];
  loans?: LoanInput[];
  properties?: PropertyInput[];
  insurances?: InsuranceInput[];
  goals?: GoalInput[];
  /** Children of the household for tax reliefs (spouse relief reads the members with relation me and spouse). */
  dependants?: DependantInput[];
}
export interface DependantInput {
  id?: string;
  relation?: 'child';
  age?: number;
  date_of_birth?: string;
}

export interface YearRow {
  year: number;
  ages: Record<string, number>;
  income: number;
  tax: number;
  employee_contribution: number;
  expenses: number;
  premiums: number;
  loan_repayments: number;
  goals: number;
  investment_contributions: number;
  insurance_payouts: number;
  pension_payouts: number;
  property_sales: number;
  asset_sales: number;
  net_cash_flow: number;
  assets: { cash: number; investments: number; pensions: number; properties: number; insurance: number };
  liabilities: { loans: number; shortfall: number };
  total_assets: number;
  total_liabilities: number;
  net_worth: number;
}
