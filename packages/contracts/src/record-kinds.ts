import { z } from 'zod';
import * as B from './balance-sheet';
import { type FieldUse, LABEL, NOTE, notUsed, tab, used, cover } from './field-use';
import * as H from './households';
import * as I from './insurance';
import * as S from './scenarios';

/**
 * Every record kind svc-planning stores, declared once (issue 33). A kind is a table of one shape (id, advisor_id,
 * household_id, member_id, position, data jsonb, timestamps) holding records whose fields are `schema`. Everything
 * else is derived from this one object:
 * - the route table's entries and their OpenAPI, with the real PATCH body (`kindRoutes`, `patchSchema`);
 * - svc-planning's routes and rules (records/kinds.ts adds only a kind's rules hook), its tables, their indexes and
 *   the cascades from a parent to its children (records/schema.ts, run at every start);
 * - which kinds a household duplicate copies, the grouped whole-household reads, the client's paths (`kindPath`);
 * - the fields the engine reads (`engine`) and what each stored field does for the plan (`plan`).
 *
 * Adding a simple kind is one entry here; a child kind adds its rules hook in svc-planning where it has behaviour.
 */
export type Family = 'household' | 'insurance' | 'balanceSheet' | 'scenarios';

/** A field naming another record of the same household: a member, or a record of a kind. */
export interface Ref {
  kind: string;
  /** What happens to this record when the named one is deleted: deleted with it, or kept (the name dangles). */
  onDelete?: 'cascade' | 'keep';
  /** The named record must belong to the same parent record as this one (a benefit's coverage on its own policy). */
  sameParent?: true;
  /** A record may not name itself. */
  notSelf?: true;
  /** The 400's message when no such record is in the household. */
  message?: string;
}
export interface KindDeclaration {
  family: Family;
  /** The URL segment: GET customer/{id}/{path}, POST customer/{path}, PATCH/DELETE customer/{path}/{recordId}. */
  path: string;
  table: string;
  schema: z.ZodObject;
  /**
   * Whom a record belongs to: the household, one of its members (`member_id` required), or a record of another kind
   * named by `field` (its children are deleted with it and read grouped under it).
   */
  parent: 'household' | 'member' | { kind: string; field: string };
  /** A child whose `member_id` is still required (an insurance coverage names its covered member). */
  memberRequired?: true;
  /** Fields that name other records (dotted paths, `*` for every element of a list): checked on every write. */
  refs?: Record<string, Ref>;
  /** Served with PATCH customer/bulk-update/{path}/positions. */
  positions: boolean;
  /** Copied by POST customer/duplicate/{id}. */
  duplicate: boolean;
  /** `own`: the list (GET customer/{id}/{path}) is the family's own read; `lead`: served under advisor/leads/{id}/…. */
  list?: 'own' | 'lead';
  /** The key this child kind's records are listed under in its parent's grouped read. */
  group?: string;
  /** A share of its parent: the percentages of one parent's records of this kind total at most 100. */
  shares?: { who: string; of?: string };
  /** At most one record per household with these values (`member_id` is the column); the 400 names `field`. */
  unique?: { fields: readonly string[]; field: string; message: string };
  /** Fields the server derives: their stored values are dropped before a patch is merged. */
  derived?: readonly string[];
  /** Cross-field rules of the whole record, checked after create and after a patch is merged. */
  check?: (record: Record<string, unknown>) => Array<{ field: string; message: string }>;
  /** The 400's message when a record of this kind named by another is not in the household. */
  missing?: string;
  /** The fields the engine reads, picked from the stored record (svc-planning households/engine-household.ts). */
  engine?: readonly string[];
  /** What every stored field does for the plan (issue 31); plan-usage.test.ts holds them to the figures. */
  plan?: Record<string, FieldUse>;
}

const member: Ref = { kind: 'member' };
const ownersRefs = { owner: member, 'owners.*.owner_id': member } as const;
const policy = { kind: 'policy', field: 'insurance_id' } as const;
const savingFund = { kind: 'savingFund', field: 'saving_fund_id' } as const;
const pension = { kind: 'pension', field: 'pension_id' } as const;
const portfolio = { kind: 'portfolioFund', field: 'portfolio_fund_id' } as const;
const debt = { kind: 'debt', field: 'debt_id' } as const;
const ins = { family: 'insurance', duplicate: true, positions: false } as const;
const bs = { family: 'balanceSheet', duplicate: true, positions: false } as const;
const hh = { family: 'household', duplicate: true, positions: true } as const;

export const KINDS = {
  // ------------------------------------------------------------ household (cash flow, goals, dreams)
  income: {
    ...hh,
    path: 'member-income',
    table: 'member_incomes',
    schema: H.IncomeRecord,
    parent: 'member',
    check: H.yearRangeIssues,
    engine: ['id', 'member_id', 'kind', 'amount', 'frequency', 'currency', 'growth_rate', 'start_year', 'end_year'],
    plan: {
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
  },
  expense: {
    ...hh,
    path: 'member-expense',
    table: 'member_expenses',
    schema: H.ExpenseRecord,
    parent: 'household',
    check: H.yearRangeIssues,
    engine: [
      'id',
      'member_id',
      'category',
      'amount',
      'frequency',
      'currency',
      'inflation_rate',
      'start_year',
      'end_year',
    ],
    plan: {
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
  },
  livingExpense: {
    ...hh,
    path: 'member-living-expense',
    table: 'member_living_expenses',
    schema: H.LivingExpenseRecord,
    parent: 'household',
    engine: ['id', 'member_id', 'amount', 'frequency', 'currency', 'inflation_rate'],
    plan: {
      member_id: notUsed(
        'living expenses are the household’s: the projection sums them whoever they are recorded under',
      ),
      title: LABEL,
      amount: used,
      currency: used,
      frequency: used,
      inflation_rate: used,
    },
  },
  saving: { ...hh, path: 'member-saving', table: 'member_savings', schema: H.SavingRecord, parent: 'member' },
  lifeUncertainty: {
    ...hh,
    path: 'life-uncertainty/cash-flow',
    table: 'life_uncertainty_cash_flows',
    schema: H.LifeUncertaintyRecord,
    parent: 'member',
  },
  // docs/decisions/plan-goals.md §6: an income of the main member (engine-household.ts retirementRentalIncome)
  retirementDreamRental: {
    ...hh,
    path: 'retirement-dream-rental',
    table: 'retirement_dream_rentals',
    schema: H.RetirementDreamRentalRecord,
    parent: 'household',
    plan: {
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
  },
  // docs/decisions/plan-goals.md §6: a retirement goal of the main member keeping the capital to the plan's end
  retirementDreamCapitalPreservation: {
    ...hh,
    path: 'retirement-dream-capital-preservation',
    table: 'retirement_dream_capital_preservations',
    schema: H.RetirementDreamCapitalPreservationRecord,
    parent: 'household',
    plan: {
      title: LABEL,
      capital: used,
      currency: used,
      expected_return: notUsed('shown on the dream; the household’s own assets earn their own rates in the plan'),
      withdrawal_rate: notUsed(
        'shown on the dream (what withdrawing it a year gives); an income of capital × rate would count the return twice',
      ),
      start_year: notUsed('shown on the dream; the capital is kept to the end of the plan whenever it starts'),
    },
  },
  goal: {
    ...hh,
    path: 'goals',
    table: 'goals',
    schema: H.GoalRecord,
    parent: 'household',
    refs: { dream_id: { kind: 'dream', onDelete: 'keep', message: 'No such dream in this household' } },
    check: (g) => H.goalIssues(g),
    engine: [
      'id',
      'type',
      'member_id',
      'year_from',
      'year_to',
      'amount',
      'living_expense',
      'play_expense',
      'legacy_amount',
      'inflation_rate',
      'growth_rate',
      'currency',
    ],
    plan: {
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
  },
  // dreams and concerns answer the meta-data questions; served under advisor/leads/{id}/… (households/plan.routes.ts)
  dream: {
    ...hh,
    positions: false,
    list: 'lead',
    path: 'dreams',
    table: 'dreams',
    schema: H.DreamRecord,
    parent: 'household',
  },
  concern: {
    ...hh,
    positions: false,
    list: 'lead',
    path: 'concerns',
    table: 'concerns',
    schema: H.ConcernRecord,
    parent: 'household',
  },

  // ------------------------------------------------------------ insurance (issue 12)
  policy: {
    ...ins,
    positions: true,
    list: 'own',
    path: 'insurance',
    table: 'insurance_policies',
    schema: I.InsurancePolicy,
    parent: 'member',
    refs: { payer_id: member, 'owners.*.owner_id': member },
    missing: 'No such policy in this household',
    plan: {
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
  },
  plan: {
    ...ins,
    positions: true,
    path: 'insurance-plan',
    table: 'insurance_policy_plans',
    schema: I.InsurancePlan,
    parent: policy,
    group: 'plans',
    refs: {
      existing_plan_id: { kind: 'plan', onDelete: 'keep', notSelf: true, message: 'No such plan in this household' },
    },
  },
  booster: {
    ...ins,
    path: 'insurance-plan-booster',
    table: 'insurance_plan_boosters',
    schema: I.InsurancePlanBooster,
    parent: policy,
    group: 'boosters',
  },
  coverage: {
    ...ins,
    path: 'insurance-coverage',
    table: 'insurance_coverages',
    schema: I.InsuranceCoverage,
    parent: policy,
    memberRequired: true,
    group: 'coverages',
    plan: {
      insurance_id: notUsed('the policy the covered member is listed under; each benefit names its policy itself'),
      member_id: cover,
      title: LABEL,
      note: NOTE,
    },
  },
  benefit: {
    ...ins,
    positions: true,
    path: 'insurance-coverage-benefit',
    table: 'insurance_benefits',
    schema: I.InsuranceBenefit,
    parent: policy,
    group: 'benefits',
    refs: {
      coverage_id: {
        kind: 'coverage',
        onDelete: 'cascade',
        sameParent: true,
        message: 'No such coverage on this policy',
      },
    },
    derived: ['benefit_position'],
    plan: {
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
  },
  cashPayout: {
    ...ins,
    path: 'insurance-cash-payout',
    table: 'insurance_cash_payouts',
    schema: I.InsuranceCashPayout,
    parent: policy,
    group: 'cash_payouts',
  },
  beneficiary: {
    ...ins,
    path: 'insurance-beneficiary',
    table: 'insurance_beneficiaries',
    schema: I.InsuranceBeneficiary,
    parent: policy,
    group: 'beneficiaries',
    refs: { beneficiary_id: member },
    shares: { who: 'beneficiaries', of: 'this policy' },
  },
  contingentOwner: {
    ...ins,
    path: 'insurance-contingent-owner',
    table: 'insurance_contingent_owners',
    schema: I.InsuranceContingentOwner,
    parent: policy,
    group: 'contingent_owners',
    refs: { owner_id: member },
    shares: { who: 'contingent owners', of: 'this policy' },
  },
  transaction: {
    ...ins,
    path: 'insurance-transaction',
    table: 'insurance_transactions',
    schema: I.InsuranceTransaction,
    parent: policy,
    group: 'transactions',
  },
  fund: {
    ...ins,
    path: 'insurance-fund',
    table: 'insurance_funds',
    schema: I.InsuranceFund,
    parent: policy,
    group: 'funds',
  },
  coverageTarget: {
    ...ins,
    path: 'insurance-coverage-target',
    table: 'insurance_coverage_targets',
    schema: I.InsuranceCoverageTarget,
    parent: 'member',
    unique: {
      fields: ['member_id', 'benefit_type'],
      field: 'benefit_type',
      message: 'This member already has a target for this benefit type: change that one',
    },
    plan: {
      member_id: cover,
      benefit_type: cover,
      currency: cover,
      amount: cover,
    },
  },

  // ------------------------------------------------------------ balance sheet (issue 13)
  savingFund: {
    ...bs,
    positions: true,
    path: 'saving-fund',
    table: 'saving_funds',
    schema: B.SavingFund,
    parent: 'household',
    refs: ownersRefs,
    plan: {
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
  },
  savingFundOwner: {
    ...bs,
    path: 'saving-fund-owner',
    table: 'saving_fund_owners',
    schema: B.SavingFundOwner,
    parent: savingFund,
    refs: { owner_id: member },
    shares: { who: 'owners' },
  },
  savingFundContingentOwner: {
    ...bs,
    path: 'saving-fund-contingent-owner',
    table: 'saving_fund_contingent_owners',
    schema: B.SavingFundContingentOwner,
    parent: savingFund,
    refs: { owner_id: member },
    shares: { who: 'contingent owners' },
  },
  savingTransaction: {
    ...bs,
    path: 'saving-transactions',
    table: 'saving_transactions',
    schema: B.SavingTransaction,
    parent: savingFund,
  },
  pension: {
    ...bs,
    positions: true,
    path: 'pension',
    table: 'pension_accounts',
    schema: B.PensionAccount,
    parent: 'member',
    plan: {
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
  },
  pensionBeneficiary: {
    ...bs,
    path: 'pension-beneficiary',
    table: 'pension_beneficiaries',
    schema: B.PensionBeneficiary,
    parent: pension,
    refs: { beneficiary_id: member },
    shares: { who: 'beneficiaries' },
  },
  pensionTransaction: {
    ...bs,
    path: 'pension-transaction',
    table: 'pension_transactions',
    schema: B.PensionTransaction,
    parent: pension,
  },
  portfolioFund: {
    ...bs,
    positions: true,
    path: 'portfolio-fund',
    table: 'portfolio_funds',
    schema: B.PortfolioFund,
    parent: 'household',
    refs: ownersRefs,
    plan: {
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
  },
  portfolioFundOwner: {
    ...bs,
    path: 'portfolio-fund-owner',
    table: 'portfolio_fund_owners',
    schema: B.PortfolioFundOwner,
    parent: portfolio,
    refs: { owner_id: member },
    shares: { who: 'owners' },
  },
  portfolioFundContingentOwner: {
    ...bs,
    path: 'portfolio-fund-contingent-owner',
    table: 'portfolio_fund_contingent_owners',
    schema: B.PortfolioFundContingentOwner,
    parent: portfolio,
    refs: { owner_id: member },
    shares: { who: 'contingent owners' },
  },
  portfolioFundDetail: {
    ...bs,
    path: 'portfolio-fund-details',
    table: 'portfolio_fund_details',
    schema: B.FundHolding,
    parent: portfolio,
    plan: {
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
  },
  portfolioFundTransaction: {
    ...bs,
    path: 'portfolio-fund-transactions',
    table: 'portfolio_fund_transactions',
    schema: B.PortfolioFundTransaction,
    parent: portfolio,
    refs: {
      fund_id: {
        kind: 'portfolioFundDetail',
        onDelete: 'keep',
        sameParent: true,
        message: 'No such holding in this portfolio',
      },
    },
  },
  investmentBeneficiary: {
    ...bs,
    path: 'investment-beneficiary',
    table: 'investment_beneficiaries',
    schema: B.InvestmentBeneficiary,
    parent: portfolio,
    refs: { beneficiary_id: member },
    shares: { who: 'beneficiaries' },
  },
  debt: {
    ...bs,
    positions: true,
    path: 'debt',
    table: 'debts',
    schema: B.Debt,
    parent: 'household',
    refs: ownersRefs,
    plan: {
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
  },
  debtMortgageOwner: {
    ...bs,
    path: 'debt-mortgage-owner',
    table: 'debt_mortgage_owners',
    schema: B.DebtMortgageOwner,
    parent: debt,
    refs: { owner_id: member },
    shares: { who: 'owners' },
  },
  debtTransaction: {
    ...bs,
    path: 'debt-transactions',
    table: 'debt_transactions',
    schema: B.DebtTransaction,
    parent: debt,
  },
  debtRentalIncome: {
    ...bs,
    path: 'debt-mortgage-rental-income',
    table: 'debt_rental_incomes',
    schema: B.DebtRentalIncome,
    parent: debt,
    plan: {
      debt_id: used,
      transaction_start_date: used,
      transaction_end_date: used,
      amount: used,
      currency: notUsed('a rental is in its property’s currency'),
    },
  },

  // ------------------------------------------------------------ scenario modelling's stored inputs (issue 14)
  savedFilter: {
    family: 'scenarios',
    positions: false,
    duplicate: false,
    path: 'saved-filters',
    table: 'scenario_saved_filters',
    schema: S.SavedFilterRecord,
    parent: 'household',
    check: S.savedFilterIssues,
  },
  lockedAsset: {
    family: 'scenarios',
    positions: false,
    duplicate: false,
    path: 'locked-assets',
    table: 'scenario_locked_assets',
    schema: S.LockedAssetRecord,
    parent: 'household',
    unique: { fields: ['asset_id'], field: 'asset_id', message: 'This asset is already locked' },
  },
} as const satisfies Record<string, KindDeclaration>;

export type KindName = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as KindName[];
/** The kinds of one family, in declaration order. */
export const kindsIn = (family: Family): KindName[] => KIND_NAMES.filter((k) => KINDS[k].family === family);
/** The declarations of one family's kinds, by name (the bad-input sweeps walk them). */
export const declarationsIn = (family: Family): Record<string, KindDeclaration> =>
  Object.fromEntries(kindsIn(family).map((k) => [k, KINDS[k]]));
/** The URL segment of a kind (the client's paths). */
export const kindPath = (name: KindName): string => KINDS[name].path;
/** The kind whose parent this kind is not, but whose records name `kind` in `field` (children and cascades). */
export function childrenOf(
  kinds: Readonly<Record<string, KindDeclaration>>,
  parent: string,
): Array<{ name: string; kind: KindDeclaration; field: string; cascade: boolean }> {
  const out: Array<{ name: string; kind: KindDeclaration; field: string; cascade: boolean }> = [];
  for (const [name, k] of Object.entries(kinds)) {
    if (typeof k.parent === 'object' && k.parent.kind === parent)
      out.push({ name, kind: k, field: k.parent.field, cascade: true });
    for (const [field, ref] of Object.entries(k.refs ?? {}))
      if (ref.kind === parent && !field.includes('.'))
        out.push({ name, kind: k, field, cascade: ref.onDelete === 'cascade' });
  }
  return out;
}

/**
 * The PATCH body of a kind: every field optional and without its default (zod's `partial()` keeps defaults, so a
 * patch naming one field would put every defaulted field back to its default). A field the kind itself leaves
 * optional (or defaults) also takes `null`, which removes the stored value (a default then applies again). Nested
 * objects keep their own defaults: a patch replaces a nested object whole.
 */
export function patchSchema(schema: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    let f = field;
    let optional = false;
    for (;;) {
      const d = (f as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
      if ((d.type === 'default' || d.type === 'prefault' || d.type === 'optional') && d.innerType) {
        optional = true;
        f = d.innerType;
      } else break;
    }
    shape[key] = optional ? f.nullable().optional() : f.optional();
  }
  return schema.extend(shape);
}
/** POST body of a kind: its fields and the household (lead_id). */
export const createBody = (kind: KindDeclaration) => H.createBody(kind.schema);
/** One stored record of a kind as the API returns it: its fields, each held to the kind's schema, and the meta. */
export const recordOf = (kind: KindDeclaration) => H.withMeta(kind.schema);
export const recordReply = (kind: KindDeclaration) =>
  z.object({ message: z.string().optional(), data: recordOf(kind) });
export const recordPageReply = (kind: KindDeclaration) =>
  z.object({
    data: z.object({
      rows: z.array(recordOf(kind)),
      total: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  });

/**
 * The facts of each kind a browser needs without zod (its path, family, parent kind and plan marks): written to
 * record-kinds.facts.json by `npm run gen:kinds`, which record-kinds.test.ts holds to this registry (a stale file fails).
 */
export function kindFacts(kinds: Readonly<Record<string, KindDeclaration>>) {
  return Object.fromEntries(
    Object.entries(kinds).map(([name, k]) => [
      name,
      {
        path: k.path,
        family: k.family,
        parent: typeof k.parent === 'object' ? k.parent.kind : k.parent,
        ...(k.plan ? { plan: k.plan } : {}),
      },
    ]),
  );
}
export const kindFactsJson = (kinds: Readonly<Record<string, KindDeclaration>>) =>
  `${JSON.stringify(kindFacts(kinds), null, 2)}\n`;
