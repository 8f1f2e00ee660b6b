import { balanceSheet as B, households as H, insurance as I, type planning, planUsage } from '@kinfolio/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { engineBalanceSheetOf, type StoredBalanceSheet } from '../balance-sheet/engine';
import { engineHouseholdOf } from '../households/engine-household';
import { coverageOf, engineInsurancesOf } from '../insurance/read';
import { THRESHOLDS } from '../reports/households.arbitrary';
import { projectHousehold } from '../reports/projection';
import { assembleReport } from '../reports/read';

import type { StoredRecord } from './repository';

const { COVER_TAB, PLAN_KINDS, PLAN_USAGE, REPORT_TAB } = planUsage;
type PlanKind = planUsage.PlanKind;

/**
 * Issue 31: every stored field of the record kinds the engine reads is declared in packages/contracts/src/plan-usage.ts, and changing a
 * field declared `used` changes some figure of the plan (the projection's rows, the finance and debt figures, the
 * report's tabs, the insurance tab's cover, until-age, target and gap) in at least one of a few generated households.
 * The records are stored records (parsed by their contracts) mapped by the service's own pure mappings
 * (engineHouseholdOf, engineBalanceSheetOf, engineInsurancesOf, insurance/read.ts coverageOf), so a field the mapping
 * leaves out fails here. `pending` fields are known failures.
 */

const SCHEMAS: Record<PlanKind, z.ZodObject> = {
  income: H.IncomeRecord,
  expense: H.ExpenseRecord,
  livingExpense: H.LivingExpenseRecord,
  goal: H.GoalRecord,
  member: H.MemberBody,
  pension: B.PensionAccount,
  savingFund: B.SavingFund,
  portfolioFund: B.PortfolioFund,
  portfolioFundDetail: B.FundHolding,
  debt: B.Debt,
  rental: B.DebtRentalIncome,
  policy: I.InsurancePolicy,
  benefit: I.InsuranceBenefit,
  coverage: I.InsuranceCoverage,
  coverageTarget: I.InsuranceCoverageTarget,
  retirementDreamRental: H.RetirementDreamRentalRecord,
  retirementDreamCapitalPreservation: H.RetirementDreamCapitalPreservationRecord,
};

const AS_OF = '2026-03-01';
const M1 = '00000000-0000-4000-8000-000000000001';
const M2 = '00000000-0000-4000-8000-000000000002';
const D1 = '00000000-0000-4000-8000-000000000011';
const P1 = '00000000-0000-4000-8000-000000000021';
const C1 = '00000000-0000-4000-8000-000000000031';
const F1 = '00000000-0000-4000-8000-000000000041';
const SGD = (amount: number) => ({ currency: 'SGD', amount });

type Rec = StoredRecord & Record<string, unknown>;
let n = 100;
const rec = (kind: PlanKind, data: Record<string, unknown>, id?: string): Rec => {
  n += 1;
  return {
    ...SCHEMAS[kind].parse(data),
    id: id ?? `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    lead_id: M1,
    position: n,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
};

/** The generated numbers a household is made from. */
const paramsArb = fc.record({
  age: fc.integer({ min: 30, max: 50 }),
  salary: fc.integer({ min: 40, max: 120 }).map((x) => x * 100),
  spend: fc.integer({ min: 10, max: 40 }).map((x) => x * 100),
  cash: fc.integer({ min: 10, max: 200 }).map((x) => x * 1000),
});
type Params = typeof paramsArb extends fc.Arbitrary<infer T> ? T : never;

/** One stored household with every kind, most fields filled. */
function household(g: Params): Record<PlanKind, Rec[]> {
  const member = (id: string, data: Record<string, unknown>) => ({
    ...rec('member', data, id),
    household_id: M1,
  });
  return {
    member: [
      member(M1, { name: 'Alex', relation: 'me', gender: 'male', age: g.age, retirement_age: 60, maturity_age: 90 }),
      member(M2, { name: 'Sam', relation: 'spouse', gender: 'female', age: g.age - 2, date_of_birth: undefined }),
    ],
    income: [
      rec('income', {
        member_id: M1,
        kind: 'gross income',
        amount: g.salary,
        currency: 'SGD',
        frequency: 'monthly',
        growth_rate: 3,
        start_year: 2026,
        end_year: 2045,
      }),
      rec('income', { member_id: M2, kind: 'bonus', amount: 9000, currency: 'SGD', frequency: 'annual' }),
    ],
    expense: [
      rec('expense', {
        member_id: M1,
        category: 'food',
        amount: g.spend,
        currency: 'SGD',
        frequency: 'monthly',
        inflation_rate: 2,
        start_year: 2027,
        end_year: 2050,
      }),
    ],
    livingExpense: [
      rec('livingExpense', { member_id: M1, amount: 1500, currency: 'SGD', frequency: 'monthly', inflation_rate: 2.5 }),
    ],
    goal: [
      rec('goal', {
        type: 'custom',
        member_id: M2,
        year_from: 2030,
        year_to: 2033,
        amount: 40000,
        inflation_rate: 3,
        growth_rate: 4,
        currency: 'SGD',
      }),
      rec('goal', {
        // from the member's retirement year (no year_from)
        type: 'retirement',
        member_id: M1,
        year_to: 2070,
        living_expense: 3000,
        play_expense: 1000,
        legacy_amount: 100000,
        currency: 'SGD',
      }),
    ],
    pension: [
      rec('pension', {
        member_id: M1,
        type: 'CPF',
        currency: 'SGD',
        cpf_oa: 60000,
        special: 30000,
        medisave: 20000,
        cpf_ra: 0,
        monthly_contribution: { salary: g.salary },
        salary_increment: 2,
        cpf_payout_age: 65,
        retirement_age: 60,
        cpf_ers_limit: 300000,
      }),
      rec('pension', {
        member_id: M2,
        type: 'EPF',
        currency: 'SGD',
        account1_amount: 40000,
        account2_amount: 20000,
        account3_amount: 5000,
        monthly_contribution: { salary: 5000 },
      }),
      rec('pension', { member_id: M2, type: 'Pension', currency: 'SGD', value: 50000 }),
    ],
    savingFund: [rec('savingFund', { kind: 'cash', currency: 'SGD', current_value: g.cash, growth_rate: 1 })],
    portfolioFund: [
      rec(
        'portfolioFund',
        { currency: 'SGD', current_value: 50000, expected_return: 5, sold_info: { sold: false } },
        F1,
      ),
      rec('portfolioFund', { currency: 'SGD', current_value: 30000, annualized_return: 4 }),
    ],
    portfolioFundDetail: [
      rec('portfolioFundDetail', {
        portfolio_fund_id: F1,
        name: 'Equity fund',
        currency: 'SGD',
        units: 1000,
        price: 30,
        value: 30000,
        asset_class: { equity: 80, bond: 20, others: 0 },
      }),
      rec('portfolioFundDetail', {
        portfolio_fund_id: F1,
        name: 'Bond fund',
        currency: 'SGD',
        value: 20000,
        asset_class: { equity: 20, bond: 70, others: 10 },
      }),
    ],
    debt: [
      rec(
        'debt',
        {
          type: 'mortgage',
          currency: 'SGD',
          owner: M1,
          original_loan: 400000,
          loan_interest: 3,
          loan_tenure: 25,
          starting_year: 2020,
          purchase_price: 600000,
          market_value: 720000,
          down_payment: 200000,
          maintenance: 200,
          using_pension: true,
          pension_for_installment: 800,
          using_pension_for_repayment: true,
          pension_for_repayment: 300,
          pension: { my_amount: 100000 },
          future_selling_year: 2045,
          future_selling_price: 800000,
          future_transaction_fee: 10000,
          cpf_oa_repayment: 5000,
          property_tax: 1200,
          tax: 10,
          growth_rate: 3,
        },
        D1,
      ),
      // bought last year and sold next year: the sale pays the gain tax on the purchase price (issue 32: a Malaysian
      // flat, RPGT on the gain; Singapore's Seller's Stamp Duty is on the price, whatever was paid for the property)
      rec('debt', {
        type: 'property',
        currency: 'RM',
        starting_year: 2025,
        purchase_price: 500000,
        market_value: 550000,
        future_selling_year: 2027,
      }),
      rec('debt', {
        type: 'vehicle',
        currency: 'SGD',
        owner: M1,
        original_loan: 80000,
        loan_interest: 2.5,
        loan_tenure: 7,
        starting_year: 2024,
        purchase_price: 120000,
        down_payment: 40000,
        maintenance: 100,
        other_expenses: { fuel: 300 },
      }),
    ],
    rental: [
      rec('rental', {
        debt_id: D1,
        transaction_start_date: '2026-01-01',
        transaction_end_date: '2040-12-31',
        amount: 2500,
        currency: 'SGD',
      }),
    ],
    policy: [
      rec(
        'policy',
        {
          member_id: M1,
          payer_id: M1,
          frequency: 'annual',
          premium: 3000,
          currency: 'SGD',
          premium_loading: 10,
          policy_date: '2015-01-15',
          premium_end_date: '2040-01-15',
          projected_maturity_value: 100000,
          current_saving: { currency: 'SGD', cash_value: 20000 },
          premium_detail: { payment_term: 25 },
          retirement: { maturity_age: 65, cash_out_age: 65, growth_rate: 3 },
        },
        P1,
      ),
    ],
    benefit: [
      rec('benefit', {
        insurance_id: P1,
        type: 'Death',
        expiry_age: 99,
        duration: 1,
        payout: { lump_sum_payout: SGD(500000) },
      }),
      // investment-linked: covers to its maturity age; a regular payout lasting the benefit's duration
      rec('benefit', {
        insurance_id: P1,
        type: 'Major Illness',
        investment_linked: true,
        maturity_age: 70,
        duration: 10,
        payout: { regular: { currency: 'SGD', monthly_amount: 2000 } },
        critical_illness: { ci_guard: SGD(50000) },
      }),
      // covers the coverage's member (the spouse), not the policy's insured
      rec('benefit', {
        insurance_id: P1,
        coverage_id: C1,
        type: 'Early Critical Illness',
        expiry_age: 75,
        duration: 1,
        payout: { lump_sum_payout: SGD(100000) },
      }),
      rec('benefit', { insurance_id: P1, type: 'Premium Waiver', premium_waiver: { payer: true } }),
    ],
    coverage: [rec('coverage', { insurance_id: P1, member_id: M2 }, C1)],
    coverageTarget: [
      rec('coverageTarget', { member_id: M1, benefit_type: 'Death', currency: 'SGD', amount: 800000 }),
      rec('coverageTarget', { member_id: M2, benefit_type: 'Major Illness', currency: 'SGD', amount: 300000 }),
    ],
    retirementDreamRental: [
      rec('retirementDreamRental', {
        property_value: 500000,
        monthly_rental: 2000,
        currency: 'SGD',
        start_year: 2040,
        end_year: 2055,
        growth_rate: 2,
        occupancy_percent: 80,
      }),
    ],
    retirementDreamCapitalPreservation: [
      rec('retirementDreamCapitalPreservation', {
        capital: 100000,
        currency: 'SGD',
        expected_return: 4,
        withdrawal_rate: 3.5,
        start_year: 2045,
      }),
    ],
  };
}

type Figures = { projection: string; report: string; coverage: string };
const RATES = { SGD: 1, RM: 3.3, USD: 0.74 };

/**
 * The figures the household's records give, each as one string (two equal strings: no figure differs): the plan's
 * projection (the data table's rows, the finance and debt figures), the report's tabs built on it, and the insurance
 * tab's cover, until-age, target and gap (coverageOf, as coverageByMember computes them).
 */
function figures(r: Record<PlanKind, Rec[]>): Figures {
  const balance: StoredBalanceSheet = {
    savings: r.savingFund as never,
    portfolios: r.portfolioFund as never,
    pensions: r.pension as never,
    debts: r.debt as never,
    rentals: r.rental as never,
  };
  const hh = { id: M1, currency: 'SGD', inflation_rate: null, children: null };
  const benefits = new Map<string, { benefits: Rec[] }>();
  for (const b of r.benefit) {
    const k = String(b.insurance_id);
    benefits.set(k, { benefits: [...(benefits.get(k)?.benefits ?? []), b] });
  }
  const household: planning.Household = engineHouseholdOf({
    hh,
    asOf: AS_OF,
    members: r.member as never,
    incomes: r.income,
    expenses: r.expense,
    living: r.livingExpense,
    goals: r.goal,
    rentals: r.retirementDreamRental,
    preserved: r.retirementDreamCapitalPreservation,
    insurances: engineInsurancesOf(r.policy, benefits as never),
    balance: engineBalanceSheetOf(balance),
  });
  const p = projectHousehold({ ...household, rates: RATES });
  const coverage = coverageOf({
    hh,
    year: Number(AS_OF.slice(0, 4)),
    members: r.member as never,
    policies: r.policy,
    coverages: r.coverage,
    benefits: r.benefit,
    targets: r.coverageTarget,
    rates: RATES,
    household,
    thresholds: THRESHOLDS,
  });
  const base = assembleReport({
    hh,
    asOf: AS_OF,
    p,
    coverage,
    recs: {
      saving_funds: r.savingFund,
      portfolio_funds: r.portfolioFund,
      portfolio_fund_details: r.portfolioFundDetail,
      pension_accounts: r.pension,
      debts: r.debt,
      debt_rental_incomes: r.rental,
    },
    rateRows: [
      { code: 'SGD', rate: 1 },
      { code: 'RM', rate: 3.3 },
      { code: 'USD', rate: 0.74 },
    ],
    thresholds: THRESHOLDS,
  });
  const { computed_at: _c, ...report } = base.report;
  return {
    projection: JSON.stringify([p.dataTables.rows, p.finance, p.debt]),
    report: JSON.stringify(report),
    coverage: JSON.stringify(coverage),
  };
}

/**
 * How a field is changed: a patch of one record of the kind (null: not this record). Numbers, booleans and the
 * fields not listed here change generically (a number grows by half and one, a year or an age by two).
 */
type Patch = (r: Rec) => Record<string, unknown> | null;
const CHANGES: Partial<Record<PlanKind, Record<string, Patch>>> = {
  income: {
    member_id: (r) => (r.member_id === M1 ? { member_id: M2 } : null),
    kind: (r) => (r.kind === 'gross income' ? { kind: 'dividend' } : null),
    currency: () => ({ currency: 'USD' }),
    frequency: (r) => ({ frequency: r.frequency === 'monthly' ? 'annual' : 'monthly' }),
  },
  expense: {
    member_id: () => ({ member_id: M2 }),
    category: () => ({ category: 'education' }),
    currency: () => ({ currency: 'USD' }),
    frequency: () => ({ frequency: 'annual' }),
  },
  livingExpense: {
    member_id: () => ({ member_id: M2 }),
    currency: () => ({ currency: 'USD' }),
    frequency: () => ({ frequency: 'annual' }),
  },
  goal: {
    type: (r) => (r.type === 'retirement' ? { type: 'custom' } : null),
    member_id: (r) => ({ member_id: r.member_id === M1 ? M2 : M1 }),
    currency: () => ({ currency: 'USD' }),
  },
  member: {
    gender: (r) => ({ gender: r.gender === 'male' ? 'female' : 'male' }),
    relation: (r) => (r.relation === 'spouse' ? { relation: 'sibling' } : null),
    date_of_birth: (r) => (r.relation === 'me' ? { date_of_birth: '1975-06-01', age: undefined } : null),
  },
  pension: {
    member_id: (r) => (r.type === 'CPF' ? { member_id: M2 } : null),
    type: (r) => (r.type === 'CPF' ? { type: 'Pension', value: 110000 } : null),
    currency: () => ({ currency: 'USD' }),
    contribution_growth_rate: () => ({ contribution_growth_rate: 1 }),
    cpf_contribution_growth_rate: (r) => (r.type === 'CPF' ? { cpf_contribution_growth_rate: { oa: 4 } } : null),
    monthly_contribution: (r) => (r.type === 'CPF' ? { monthly_contribution: { salary: 3000 } } : null),
    cpf_property_pledge: (r) => (r.type === 'CPF' ? { cpf_property_pledge: true } : null),
    post_retirement_contribution: (r) =>
      r.type === 'CPF'
        ? { post_retirement_contribution: { contribution: true, employer_amount: 500, start_age: 60, end_age: 70 } }
        : null,
    cpf_life_plan: (r) => (r.type === 'CPF' ? { cpf_life_plan: 'escalating' } : null),
    cpf_ers_limit: (r) => (r.type === 'CPF' ? { cpf_ers_limit: 100000 } : null),
  },
  savingFund: {
    kind: () => ({ kind: 'savings' }),
    currency: () => ({ currency: 'USD' }),
  },
  portfolioFund: {
    currency: () => ({ currency: 'USD' }),
    sold_info: () => ({ sold_info: { sold: true, age: 45, amount: 10000 } }),
  },
  portfolioFundDetail: {
    portfolio_fund_id: () => ({ portfolio_fund_id: '00000000-0000-4000-8000-999999999999' }),
    asset_class: (r) => (r.name === 'Bond fund' ? { asset_class: { equity: 50, bond: 50, others: 0 } } : null),
    currency: () => ({ currency: 'USD' }),
  },
  debt: {
    type: (r) => (r.type === 'vehicle' ? { type: 'other' } : null),
    owner: (r) => (r.type === 'mortgage' ? { owner: M2 } : null),
    currency: () => ({ currency: 'USD' }),
    loan_tenure: (r) => ({ loan_tenure: Number(r.loan_tenure) + 5 }),
    loan_type: () => ({ loan_type: 'flat' }),
    repayment: (r) => (r.type === 'vehicle' ? { repayment: { frequency: 'monthly', amount: 3000 } } : null),
    using_pension: (r) => (r.type === 'mortgage' ? { using_pension: false } : null),
    using_pension_for_repayment: (r) => (r.type === 'mortgage' ? { using_pension_for_repayment: false } : null),
    pension: (r) => (r.type === 'mortgage' ? { pension: { my_amount: 150000 } } : null),
    // read only for a property without a loan the plan can schedule (sale.ts)
    future_outstanding_loan: (r) => (r.type === 'property' ? { future_outstanding_loan: 50000 } : null),
    cpf_growth_rate: (r) => (r.type === 'mortgage' ? { cpf_growth_rate: 4 } : null),
    other_expenses: (r) => (r.type === 'vehicle' ? { other_expenses: { fuel: 600, servicing: 100 } } : null),
    future_selling_year: (r) => (r.type === 'mortgage' ? { future_selling_year: 2040 } : null),
  },
  rental: {
    debt_id: () => ({ debt_id: '00000000-0000-4000-8000-999999999999' }),
    transaction_start_date: () => ({ transaction_start_date: '2030-01-01' }),
    transaction_end_date: () => ({ transaction_end_date: '2032-12-31' }),
  },
  policy: {
    member_id: () => ({ member_id: M2 }),
    payer_id: () => ({ payer_id: M2 }),
    payment_type: () => ({ payment_type: 'cpf' }),
    frequency: () => ({ frequency: 'monthly' }),
    currency: () => ({ currency: 'USD' }),
    policy_date: () => ({ policy_date: '2020-06-15' }),
    premium_end_date: () => ({ premium_end_date: '2030-01-15' }),
    unpaid_at: () => ({ unpaid_at: ['2027-01-15'] }),
    prorate: () => ({ prorate: true, policy_date: '2026-06-15' }),
    current_saving: () => ({ current_saving: { currency: 'SGD', cash_value: 40000 } }),
    premium_detail: () => ({ premium_detail: { payment_term: 10 } }),
    retirement: () => ({ retirement: { maturity_age: 70, cash_out_age: 70, growth_rate: 5 } }),
  },
  benefit: {
    insurance_id: () => ({ insurance_id: '00000000-0000-4000-8000-999999999999' }),
    type: () => ({ type: 'Maturity' }),
    investment_linked: () => ({ investment_linked: true }),
    maturity_age: () => ({ maturity_age: 60 }),
    payout: () => ({ payout: { lump_sum_payout: SGD(200000) } }),
    premium_waiver: () => ({ premium_waiver: { insured: { disability: true } } }),
    medical: () => ({ type: 'Medical', medical: { annual_limit: 100000, currency: 'SGD', rnb: 'Private' } }),
    coverage_id: (r) => (r.coverage_id ? { coverage_id: undefined } : null),
  },
  coverage: {
    member_id: () => ({ member_id: M1 }),
    insurance_id: () => ({ insurance_id: '00000000-0000-4000-8000-999999999999' }),
  },
  coverageTarget: {
    member_id: (r) => ({ member_id: r.member_id === M1 ? M2 : M1 }),
    benefit_type: (r) => ({ benefit_type: r.benefit_type === 'Death' ? 'Disability' : 'Death' }),
    currency: () => ({ currency: 'USD' }),
  },
  retirementDreamRental: {
    currency: () => ({ currency: 'USD' }),
    end_year: () => ({ end_year: 2045 }),
  },
  retirementDreamCapitalPreservation: {
    currency: () => ({ currency: 'USD' }),
  },
};

/** The generic change of a field a record holds (undefined: no generic change for it). */
function generic(field: string, v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'boolean') return { [field]: !v };
  if (typeof v !== 'number') return undefined;
  if (/year|age/.test(field)) return { [field]: v + 2 };
  return { [field]: Math.round((v * 1.5 + 1) * 100) / 100 };
}

/** Whether changing `field` of `kind` changes a figure (of any of `of`) of the household `g`. */
function reaches(
  kind: PlanKind,
  field: string,
  g: Params,
  of: ReadonlyArray<keyof Figures>,
): 'reaches' | 'no change' | 'cannot change' {
  const records = household(g);
  const before = figures(records);
  const own = CHANGES[kind]?.[field];
  let changed = false;
  const list = records[kind].map((r) => {
    const patch = own ? own(r) : generic(field, r[field]);
    if (!patch) return r;
    changed = true;
    // a new version of the record (the report keeps a sale's figures per record version)
    return { ...r, ...patch, updated_at: '2026-01-02T00:00:00.000Z' };
  });
  if (!changed) return 'cannot change';
  const after = figures({ ...records, [kind]: list });
  return of.some((k) => after[k] !== before[k]) ? 'reaches' : 'no change';
}

const SAMPLES = fc.sample(paramsArb, { numRuns: 3, seed: 31 });

describe('every stored field the plan reads reaches its figures, or is marked not used by the plan', () => {
  test.each(PLAN_KINDS)('every field of a stored %s is declared', (kind) => {
    const declared = Object.keys(PLAN_USAGE[kind]).sort();
    expect(declared).toEqual(Object.keys(SCHEMAS[kind].shape).sort());
  });

  const fields = PLAN_KINDS.flatMap((kind) =>
    Object.entries(PLAN_USAGE[kind])
      .filter(([, u]) => u.use !== 'not used')
      .map(([field, u]) => ({ kind, field, u })),
  );
  for (const { kind, field, u } of fields) {
    const name = `${kind}.${field} changes a figure of the plan`;
    const run = () => expectReaches(kind, field, figuresOf(u));
    if (u.use === 'pending') test.failing(`${name} [pending: ${u.owner}]`, run);
    else test(name, run);
  }
});

/**
 * Where a field declared as reaching the plan must change a figure: a field of the report's own reads (REPORT_TAB)
 * the report; one of the insurance tab's (COVER_TAB) its cover, until-age, target or gap; every other the
 * projection. An unknown `via` is refused (the test must know where to look).
 */
function figuresOf(u: planUsage.FieldUse): ReadonlyArray<keyof Figures> {
  if (u.use !== 'used' || !u.via) return ['projection'];
  if (u.via === REPORT_TAB) return ['report'];
  if (u.via === COVER_TAB) return ['coverage'];
  throw new Error(`no figures known for "${u.via}": name them in plan-usage.test.ts figuresOf`);
}

/** Changing `field` of `kind` changes some figure of `of` in at least one sample household. */
function expectReaches(kind: PlanKind, field: string, of: ReadonlyArray<keyof Figures>) {
  const results = SAMPLES.map((g) => reaches(kind, field, g, of));
  expect(results).not.toContain('cannot change'); // the test knows how to change it
  expect(results).toContain('reaches');
}

describe('the field-usage check fails on a field declared used that reaches no figure', () => {
  // fields the plan does not read: were they declared used, the check would fail on them
  test.each([
    ['policy', 'payment_type', ['projection']],
    ['retirementDreamRental', 'property_value', ['projection']],
    ['retirementDreamCapitalPreservation', 'withdrawal_rate', ['projection']],
    ['coverage', 'insurance_id', ['coverage', 'projection']],
    ['portfolioFundDetail', 'currency', ['report']],
    ['portfolioFundDetail', 'units', ['report']],
    // declared used (reaching the cover) until this test showed they reach no figure of the plan
    ['benefit', 'investment_linked', ['coverage', 'projection']],
    ['benefit', 'premium_waiver', ['coverage', 'projection']],
  ] as const)('%s.%s declared used fails the check', (kind, field, of) => {
    expect(PLAN_USAGE[kind][field]?.use).toBe('not used');
    expect(SAMPLES.map((g) => reaches(kind, field, g, of))).toEqual(SAMPLES.map(() => 'no change'));
    expect(() => expectReaches(kind, field, of)).toThrow();
  });
});
