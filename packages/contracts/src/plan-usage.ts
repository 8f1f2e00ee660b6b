/**
 * Issue 31 "Every field a record stores either reaches the figures or is marked as not used by the plan": for every
 * stored field of the record kinds the engine reads, whether it reaches the plan's figures (the projection, the
 * report's tabs) or why not. svc-planning/src/records/plan-usage.test.ts holds the declaration to the code: every
 * field of each kind's contract is declared here, and changing a `used` field in generated households changes some
 * figure. A `pending` field is one the plan should read and does not yet: the helper of issue 31 named as `owner`
 * makes it reach the figures (the test lists it as a known failure until the lead flips it to `used`).
 *
 * The screens may read `notUsed` to mark such a field in its form ("Not used by the plan").
 */
export type FieldUse =
  | { use: 'used'; via?: string }
  | { use: 'pending'; owner: string; why: string }
  | { use: 'not used'; why: string; label?: true };

const used: FieldUse = { use: 'used' };
/** Reaches a tab of the report, not the projection (the funds tab's classes, the property tab's sale). */
export const REPORT_TAB = 'a tab of the financial report (reports/read.ts), not the projection';
const tab: FieldUse = { use: 'used', via: REPORT_TAB };
/**
 * Reaches a figure the plan's projection does not hold: the insurance tab's cover, until-age, target and gap
 * (svc-planning insurance/read.ts coverageOf, the computation coverageByMember serves), read by the report's insurance
 * block and every insurance export.
 */
export const COVER_TAB = 'the insurance tab’s cover, until-age, target and gap (insurance/read.ts coverageByMember)';
const cover: FieldUse = { use: 'used', via: COVER_TAB };
const pending = (owner: string, why: string): FieldUse => ({ use: 'pending', owner, why });
const notUsed = (why: string): FieldUse => ({ use: 'not used', why });
/** Names, references and notes: not used by the plan, and too plainly so for a hint on the form. */
const LABEL: FieldUse = {
  use: 'not used',
  why: 'a name or reference shown beside the figures; no figure depends on it',
  label: true,
};
const NOTE: FieldUse = { use: 'not used', why: 'free text for the advisor', label: true };

export const PLAN_KINDS = [
  'income',
  'expense',
  'livingExpense',
  'goal',
  'member',
  'pension',
  'savingFund',
  'portfolioFund',
  'portfolioFundDetail',
  'debt',
  'rental',
  'policy',
  'benefit',
  'coverage',
  'coverageTarget',
  'retirementDreamRental',
  'retirementDreamCapitalPreservation',
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const PLAN_USAGE: Record<PlanKind, Record<string, FieldUse>> = {
  income: {
    member_id: used,
    kind: used,
    amount: used,
    currency: used,
    frequency: used,
    growth_rate: used,
    start_year: used,
    end_year: used,
    note: NOTE,
  },
  expense: {
    member_id: notUsed('expenses are the household’s: the projection sums them whoever they are recorded under'),
    category: notUsed('the projection counts every category alike; the category groups the expense on screen'),
    amount: used,
    currency: used,
    frequency: used,
    inflation_rate: used,
    start_year: used,
    end_year: used,
    note: NOTE,
  },
  livingExpense: {
    member_id: notUsed('living expenses are the household’s: the projection sums them whoever they are recorded under'),
    title: LABEL,
    amount: used,
    currency: used,
    frequency: used,
    inflation_rate: used,
  },
  goal: {
    type: used,
    title: LABEL,
    member_id: used,
    year_from: used,
    year_to: used,
    amount: used,
    living_expense: used,
    play_expense: used,
    legacy_amount: used,
    inflation_rate: used,
    growth_rate: used,
    currency: used,
    dream_id: notUsed('a link to the dream the goal came from; the goal’s own fields carry its figures'),
  },
  member: {
    name: LABEL,
    gender: notUsed(
      'the plan reads premiums and CPF LIFE payouts as they are; a premium table reads it when a premium is looked up',
    ),
    relation: used,
    age: used,
    date_of_birth: used,
    country_citizenship: notUsed('the schemes are chosen by the pension records, not by citizenship'),
    holding_pr: notUsed('the projection applies the citizen rates of the member’s scheme'),
    country_pr: notUsed('the projection applies the citizen rates of the member’s scheme'),
    pension_type: notUsed('the pension records say which scheme a member has'),
    retirement_age: used,
    maturity_age: used,
    income: notUsed('the on-boarding summary; the plan reads the income records'),
    expense: notUsed('the on-boarding summary; the plan reads the expense records'),
    saving: notUsed('the on-boarding summary; the plan reads the balance sheet'),
    cashflow: notUsed('the on-boarding summary; the plan computes the cash flow'),
    status: notUsed('whether the member is shown as active; an inactive member is still projected'),
    user_info: notUsed('contact details'),
  },
  pension: {
    member_id: used,
    type: used,
    currency: used,
    name: LABEL,
    account_number: LABEL,
    value: used,
    account1_amount: used,
    account2_amount: used,
    account3_amount: used,
    cpf_oa: used,
    special: used,
    cpf_ra: used,
    medisave: used,
    contribution_growth_rate: used,
    cpf_contribution_growth_rate: used,
    salary_increment: used,
    monthly_contribution: used,
    cpf_property_pledge: used,
    post_retirement_contribution: used,
    cpf_life_plan: used,
    cpf_payout_age: used,
    retirement_age: used,
    cpf_ers_limit: used,
    note: NOTE,
  },
  savingFund: {
    kind: tab,
    name: LABEL,
    bank_name: LABEL,
    cash_type: LABEL,
    account_number: LABEL,
    currency: used,
    current_value: used,
    growth_rate: used,
    owner: notUsed('whose share a member’s own view shows; the household’s plan counts the whole account'),
    owners: notUsed('whose share a member’s own view shows; the household’s plan counts the whole account'),
    more_info: notUsed('the capital invested, shown on the fund; the plan grows the current value'),
    change_percentage: notUsed('the change shown on the fund; the plan grows the current value at its rate'),
    note: NOTE,
  },
  portfolioFund: {
    owner: notUsed('whose share a member’s own view shows; the household’s plan counts the whole fund'),
    owners: notUsed('whose share a member’s own view shows; the household’s plan counts the whole fund'),
    type: LABEL,
    plan_name: LABEL,
    company_name: LABEL,
    account_number: LABEL,
    source_of_fund: LABEL,
    cpf_investment_type: LABEL,
    epf_provider: LABEL,
    epf_management_company: LABEL,
    risk_level: LABEL,
    expected_return: used,
    annualized_return: used,
    income_payout: notUsed('payouts are not projected: the fund grows at its expected return (total return)'),
    currency: used,
    current_value: used,
    account_date: LABEL,
    recession_sensitivity: notUsed('used by the recession scenario only, not by the plan'),
    margin_financing: notUsed('the margin loan is not projected (record it as a debt to include it)'),
    sold_info: used,
    more_info: notUsed('the capital invested, shown on the fund; the plan grows the current value'),
    change_percentage: notUsed('the change shown on the fund; the plan grows the current value at its rate'),
    note: NOTE,
  },
  // a portfolio fund's holdings: the funds tab splits the fund's value by their asset classes, weighted by their values
  portfolioFundDetail: {
    portfolio_fund_id: tab,
    holding_type: notUsed('whether the holding is a fund or a stock; its value and asset classes count alike'),
    fund_id: LABEL,
    name: LABEL,
    currency: notUsed(
      'the holdings’ values only weigh the fund’s asset classes; the plan converts the fund’s own value from its currency',
    ),
    units: notUsed(
      'read when saved: a holding entered without a value is stored at units × price, and that value is read',
    ),
    price: notUsed(
      'read when saved: a holding entered without a value is stored at units × price, and that value is read',
    ),
    value: tab,
    more_info: notUsed('the capital invested and the dividend choice, shown on the holding'),
    asset_balancing: notUsed(
      'the split the advisor rebalances to, shown on the fund; the funds tab splits by the values',
    ),
    asset_class: tab,
    company: LABEL,
    sector: LABEL,
    purchase_price: notUsed('shown on the holding; the funds tab weighs it by its value'),
  },
  debt: {
    type: used,
    name: LABEL,
    bank_name: LABEL,
    owner: used,
    owners: notUsed('whose share a member’s own view shows; the household’s plan counts the whole debt'),
    currency: used,
    original_loan: used,
    loan_interest: used,
    loan_tenure: used,
    loan_type: used,
    repayment: used,
    starting_year: used,
    installment_transaction: notUsed('the dates of the stored instalments; the plan follows the loan’s schedule'),
    future_selling_year: used,
    down_payment: notUsed('paid before the plan starts: the plan reads the loan amount and the purchase price'),
    purchase_price: used,
    market_value: used,
    maintenance: used,
    pension_fund: LABEL,
    using_pension: used,
    using_pension_for_repayment: used,
    pension_for_installment: used,
    pension_for_repayment: used,
    pension: used,
    future_selling_price: used,
    future_outstanding_loan: used,
    future_transaction_fee: used,
    cpf_oa_repayment: used,
    insurance: notUsed('the mortgage insurance premium is recorded as a policy to reach the plan'),
    property_tax: used,
    tax: used,
    own_stay: notUsed('shown on the property; the plan treats an own-stay and a let property alike'),
    property_type: LABEL,
    recession_sensitivity: notUsed('used by the recession scenario only, not by the plan'),
    growth_rate: used,
    cpf_growth_rate: used,
    other_expenses: used,
    note: NOTE,
  },
  rental: {
    debt_id: used,
    transaction_start_date: used,
    transaction_end_date: used,
    amount: used,
    currency: notUsed('a rental is in its property’s currency'),
  },
  policy: {
    member_id: used,
    insured: LABEL,
    plan_id: LABEL,
    payer_id: notUsed(
      'matters only when the payer dies or falls ill (premium waiver): life events of a scenario, not the plan',
    ),
    plan_type: LABEL,
    frequency: used,
    premium: used,
    currency: used,
    premium_loading: used,
    policy_date: used,
    premium_end_date: used,
    unpaid_at: used,
    prorate: used,
    integrated_plan: LABEL,
    insurance_company: LABEL,
    custom_company_name: LABEL,
    plan_name: LABEL,
    policy_number: LABEL,
    payment_type: notUsed('how the premium is paid (cash, CPF, …); the plan charges every premium to cash'),
    common_note: NOTE,
    projected_maturity_value: used,
    current_saving: used,
    premium_detail: used,
    withdrawal_limit: notUsed('shown on the policy; the plan does not withdraw from policies'),
    retirement: used,
    owners: notUsed('whose share a member’s own view shows'),
    source_of_funds: LABEL,
    surrender_value: notUsed('shown on the policy; the plan counts the cash value'),
  },
  benefit: {
    insurance_id: used,
    // a benefit of a coverage covers the coverage's member, not the policy's insured
    coverage_id: cover,
    type: used,
    benefit_position: notUsed('the order the benefits are listed in'),
    investment_linked: notUsed(
      'chooses the fields the benefit asks for (a maturity age, a lump sum); those fields carry its cover',
    ),
    expiry_age: cover,
    maturity_age: cover,
    duration: cover,
    payout: used,
    lump_sum: notUsed('the lump sum of the older form; the plan reads payout'),
    critical_illness: notUsed('the stages of a critical-illness benefit, shown on the policy'),
    premium_waiver: notUsed(
      'stops the premiums after the payer’s or insured’s death, disability or critical illness: life events of a scenario, not the plan',
    ),
    medical: used,
    medical_amount: notUsed('the older medical amount; the plan reads medical'),
    note: NOTE,
    title: LABEL,
    description: NOTE,
  },
  coverage: {
    insurance_id: notUsed('the policy the covered member is listed under; each benefit names its policy itself'),
    member_id: cover,
    title: LABEL,
    note: NOTE,
  },
  coverageTarget: {
    member_id: cover,
    benefit_type: cover,
    currency: cover,
    amount: cover,
  },
  // docs/decisions/plan-goals.md §6: an income of the main member (engine-household.ts retirementRentalIncome)
  retirementDreamRental: {
    title: LABEL,
    property_value: notUsed(
      'shown on the dream; a property the household owns is a balance-sheet record, counting it here too would count it twice',
    ),
    monthly_rental: used,
    currency: used,
    start_year: used,
    end_year: used,
    growth_rate: used,
    occupancy_percent: used,
  },
  // docs/decisions/plan-goals.md §6: a retirement goal of the main member keeping the capital to the plan's end
  retirementDreamCapitalPreservation: {
    title: LABEL,
    capital: used,
    currency: used,
    expected_return: notUsed('shown on the dream; the household’s own assets earn their own rates in the plan'),
    withdrawal_rate: notUsed(
      'shown on the dream (what withdrawing it a year gives); an income of capital × rate would count the return twice',
    ),
    start_year: notUsed('shown on the dream; the capital is kept to the end of the plan whenever it starts'),
  },
};

/**
 * The hint a form shows under a field the plan does not use ("Not used by the plan: why"), or null: for a field the
 * plan uses, and for names, references and notes (plainly not figures). `field` may be a dotted path.
 */
export function notUsedByPlan(kind: PlanKind, field: string): string | null {
  const u = PLAN_USAGE[kind][field.split('.')[0] ?? field];
  return u?.use === 'not used' && !u.label ? `Not used by the plan: ${u.why}` : null;
}
