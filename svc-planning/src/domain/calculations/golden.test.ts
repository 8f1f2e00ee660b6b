import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  calculateDataTables,
  calculateDebt,
  calculateFinance,
  calculateScenarioModelling,
  liquidByClass,
  monteCarlo,
  project,
} from './index';
import { sampleHousehold } from './sample';
import type { HouseholdInput } from './types';

/**
 * Golden outputs: the engine's full results on fixed households, compared with exact equality (every number to the
 * last bit, since JSON keeps a double's shortest round-trip form). Speed work on the engine must keep this green.
 * The fixture changes only on purpose: regenerate with `UPDATE_GOLDEN=1 jest --selectProjects unit golden` and say
 * why in the change.
 */
const FIXTURE = join(__dirname, '__fixtures__', 'golden.json');

/** sampleHousehold(n) with other retirement ages (and a later as-of date, so the first year is a shorter part). */
function withRetirement(n: number, me: number, spouse: number): HouseholdInput {
  const h = sampleHousehold(n);
  h.as_of = '2025-11-03';
  (h.members[0] as { retirement_age?: number }).retirement_age = me;
  (h.members[1] as { retirement_age?: number }).retirement_age = spouse;
  return h;
}

/** A household touching the branches the sample leaves out: prorated, waived, unpaid and ended premiums, other
 * currencies, EPF and other pension schemes, repayment-amount and zero-interest loans, loans repaid from the pension,
 * early property sales with gain tax, dated rents, bounded incomes and expenses, goals with their own inflation. */
function richHousehold(currency = 'SGD'): HouseholdInput {
  const h = sampleHousehold(12, currency);
  h.cash_growth_rate = 1.5;
  h.members[0] = {
    id: 'm1',
    name: 'Alex',
    relation: 'me',
    date_of_birth: '1982-02-28',
    retirement_age: 58,
    maturity_age: 95,
  };
  h.members[1] = { id: 'm2', name: 'Sam', relation: 'spouse', age: 41, retirement_age: 65, maturity_age: 90 };
  h.incomes?.push(
    {
      member_id: 'm1',
      kind: 'gross income',
      amount: 60_000,
      frequency: 'annual',
      currency: 'USD',
      growth_rate: 3,
      start_year: 2027,
      end_year: 2040,
    },
    { member_id: 'm2', kind: 'bonus', amount: 9_000, frequency: 'annual', growth_rate: 1 },
    { member_id: 'm2', kind: 'dividend', amount: 120, currency: 'RM', end_year: 2031 },
  );
  h.expenses?.push(
    {
      member_id: 'm1',
      category: 'holiday',
      amount: 8_000,
      frequency: 'annual',
      currency: 'RM',
      start_year: 2028,
      end_year: 2050,
    },
    { category: 'household', amount: 1_200, inflation_rate: 0 },
  );
  h.investments?.push({
    id: 'v-usd',
    owner_id: 'm2',
    current_value: 30_000,
    currency: 'USD',
    asset_class: 'bond',
    monthly_contribution: 200,
  });
  h.cash_accounts?.push({ id: 'c-eur', owner_id: 'm1', current_value: 4_000, currency: 'EUR', locked: true });
  h.pensions = [
    ...(h.pensions ?? []).slice(0, 4),
    {
      id: 'p-cpf',
      member_id: 'm1',
      type: 'CPF',
      balances: { oa: 80_000, sa_ma: 60_000, ra: 0 },
      monthly_salary: 6_000,
      salary_increment: 3,
      cpf_ers_limit: 300_000,
      cpf_property_pledge: true,
      cpf_contribution_growth_rate: { oa: 2.6, sa_ma: 4.1 },
      cpf_payout_age: 67,
      retirement_age: 56,
    },
    {
      id: 'p-epf',
      member_id: 'm2',
      type: 'EPF',
      currency: 'RM',
      balances: { account1: 50_000, account2: 10_000, account3: 2_000 },
      monthly_salary: 9_000,
      employer_percent: 13,
      employee_percent: 11,
      contribution_growth_rate: 5.3,
      post_retirement_contribution: { contribution: true, monthly_amount: 100, from_age: 62, to_age: 70 },
    },
    {
      id: 'p-other',
      member_id: 'm2',
      type: 'Pension',
      currency: 'GBP',
      balances: { value: 10_000 },
      monthly_salary: 1_500,
    },
  ];
  h.loans?.push(
    {
      id: 'l-target',
      kind: 'mortgage',
      original_loan: 400_000,
      loan_interest: 3.1,
      repayment_amount: 2_500,
      starting_year: 2022,
      pension_monthly: 800,
      pension_member_id: 'm1',
      other_monthly_expenses: 50,
    },
    {
      id: 'l-zero',
      kind: 'other',
      original_loan: 12_000,
      loan_interest: 0,
      loan_tenure: { year: 3, month: 6 },
      starting_year: 2025,
      currency: 'USD',
    },
    {
      id: 'l-default',
      kind: 'mortgage',
      original_loan: 250_000,
      loan_interest: 2.6,
      starting_year: 2024,
      pension_monthly: 300,
    },
  );
  h.properties?.push(
    {
      id: 'h-flip',
      owner_id: 'm1',
      purchase_price: 500_000,
      purchase_year: 2024,
      market_value: 520_000,
      growth_rate: 4,
      future_selling_year: 2026,
      future_transaction_fee: 10_000,
      loan_id: 'l-default',
      pension_used: 40_000,
      pension_member_id: 'm1',
    },
    {
      id: 'h-my',
      owner_id: 'm2',
      purchase_price: 300_000,
      purchase_year: 2023,
      market_value: 310_000,
      currency: 'RM',
      future_selling_year: 2027,
      future_transaction_fee: 3_000,
      rental_incomes: [
        { transaction_start_date: '2020-01-01', transaction_end_date: '2030-06-30', amount: 1_200 },
        { transaction_start_date: '2031-01-01', amount: 1_400 },
      ],
      tax: 15,
    },
    {
      id: 'h-main',
      owner_id: 'm1',
      purchase_price: 900_000,
      purchase_year: 2022,
      market_value: 950_000,
      loan_id: 'l-target',
      maintenance: 200,
      property_tax: 1_800,
    },
  );
  h.insurances?.push(
    {
      id: 's-pro-q',
      member_id: 'm1',
      payer_id: 'm2',
      frequency: 'Quarterly',
      premium: 400,
      premium_loading: 5,
      policy_date: '2024-01-31',
      prorate: true,
      payment_term: 15,
      current_cash_value: 5_000,
      growth_rate: 2,
      maturity_age: 70,
      benefits: [
        { type: 'Premium Waiver', premium_waiver: { non_payer: { death: true }, insured: { disability: true } } },
        {
          type: 'Major Illness',
          expiry_age: 75,
          duration: 1,
          payout: {
            lump_sum_payout: { amount: 80_000 },
            regular: { amount: 1_000, frequency: 'monthly', duration: 2 },
          },
        },
      ],
    },
    {
      id: 's-pro-m',
      member_id: 'm2',
      frequency: 'monthly',
      premium: 120,
      policy_date: '2025-08-31',
      prorate: true,
      unpaid_at: ['2026-03-01', '2026-05-01'],
      premium_end_date: '2040-12-15',
      currency: 'USD',
      cash_out_age: 60,
      current_cash_value: 800,
      benefits: [
        { type: 'Premium Waiver', premium_waiver: { payer: true } },
        {
          type: 'Early Critical Illness',
          expiry_age: 70,
          duration: 1,
          payout: { lump_sum_payout: { amount: 30_000 } },
        },
        {
          type: 'Personal Accident',
          expiry_age: 70,
          duration: 1,
          payout: { lump_sum_payout: { amount: 20_000 } },
          medical_amount: { amount: 2_000 },
        },
      ],
    },
    {
      id: 's-end',
      member_id: 'm1',
      frequency: 'semi annual',
      premium: 900,
      policy_date: '2019-10-31',
      premium_end_date: '2030-04-29',
      unpaid_at: ['2026-04-30', '2027-10-31'],
      maturity_age: 66,
      projected_maturity_value: 50_000,
      dividend: { amount: 250, start: 2, end: 9 },
      currency: 'RM',
    },
    {
      id: 's-single',
      member_id: 'm2',
      frequency: 'single premium',
      premium: 20_000,
      policy_date: '2026-02-10',
      current_cash_value: 0,
      growth_rate: 4,
      maturity_age: 80,
    },
  );
  h.goals?.push(
    {
      id: 'g-edu',
      type: 'education',
      member_id: 'm2',
      year_from: 2033,
      year_to: 2036,
      amount: 25_000,
      inflation_rate: 5,
      currency: 'RM',
    },
    {
      id: 'g-ret',
      type: 'retirement',
      member_id: 'm2',
      living_expense: 3_000,
      play_expense: 500,
      amount: 1_000,
      inflation_rate: 2.5,
    },
  );
  return h;
}

/** A household whose cash runs short: it sells cash, investments, pensions (from the retirement age) and property. */
function shortHousehold(): HouseholdInput {
  return {
    as_of: '2025-03-15',
    currency: 'SGD',
    members: [
      { id: 'a', relation: 'me', age: 52, retirement_age: 55 },
      { id: 'b', relation: 'spouse', age: 58, retirement_age: 60 },
    ],
    incomes: [{ member_id: 'a', kind: 'gross income', amount: 4_000, growth_rate: 2 }],
    expenses: [{ category: 'living', amount: 9_000, inflation_rate: 4 }],
    cash_accounts: [
      { id: 'cash1', owner_id: 'a', current_value: 20_000 },
      { id: 'cash2', owner_id: 'b', current_value: 15_000, growth_rate: 1 },
    ],
    investments: [
      { id: 'inv1', owner_id: 'a', current_value: 60_000, expected_return: 6, asset_class: 'equity' },
      { id: 'inv2', owner_id: 'b', current_value: 40_000, expected_return: 3, asset_class: 'bond', locked: true },
    ],
    pensions: [
      { id: 'cpf-a', member_id: 'a', balances: { oa: 150_000, sa_ma: 90_000 }, monthly_salary: 4_000 },
      {
        id: 'cpf-b',
        member_id: 'b',
        balances: { oa: 70_000, sa_ma: 40_000 },
        monthly_salary: 2_000,
        cpf_ers_limit: 200_000,
      },
    ],
    loans: [
      {
        id: 'mort',
        kind: 'mortgage',
        original_loan: 300_000,
        loan_interest: 2.8,
        loan_tenure: 25,
        starting_year: 2015,
      },
    ],
    properties: [
      {
        id: 'home',
        owner_id: 'a',
        purchase_price: 500_000,
        purchase_year: 2015,
        market_value: 800_000,
        growth_rate: 2,
        loan_id: 'mort',
        pension_used: 100_000,
      },
      {
        id: 'land',
        owner_id: 'b',
        purchase_price: 100_000,
        purchase_year: 2024,
        market_value: 120_000,
        growth_rate: 1,
      },
    ],
    insurances: [
      {
        id: 'life',
        member_id: 'a',
        frequency: 'annual',
        premium: 3_000,
        policy_date: '2010-05-20',
        payment_term: 25,
        current_cash_value: 10_000,
        benefits: [{ type: 'Death', expiry_age: 99, duration: 1, payout: { lump_sum_payout: { amount: 200_000 } } }],
      },
    ],
    goals: [{ id: 'car', type: 'car', year_from: 2027, year_to: 2027, amount: 60_000 }],
  };
}

/** A retiree living off investments: some Monte Carlo trials run out of money and some do not. */
function marginalRetiree(): HouseholdInput {
  return {
    as_of: '2025-01-01',
    currency: 'SGD',
    members: [{ id: 'a', relation: 'me', age: 60, maturity_age: 90 }],
    cash_accounts: [{ id: 'c', current_value: 50_000 }],
    investments: [
      { id: 'e', current_value: 600_000, asset_class: 'equity', expected_return: 7 },
      { id: 'b', current_value: 200_000, asset_class: 'bond', expected_return: 4 },
      { id: 'o', current_value: 50_000, asset_class: 'others' },
    ],
    incomes: [{ member_id: 'a', kind: 'rental', amount: 1_000 }],
    expenses: [{ category: 'living', amount: 4_000, inflation_rate: 3 }],
  };
}

function outputs(): Record<string, unknown> {
  const h40 = sampleHousehold(40);
  const base40 = project(h40);
  const rich = richHousehold();
  const years75 = {
    ...base40,
    rows: Array.from(
      { length: 75 },
      (_, i) => base40.rows[Math.min(i, base40.rows.length - 1)] as (typeof base40.rows)[number],
    ),
  };
  return {
    project_sample_40: base40,
    project_sample_0: project(sampleHousehold(0)),
    project_sample_1: project(sampleHousehold(1)),
    project_sample_10_retire_50_67: project(withRetirement(10, 50, 67)),
    project_sample_10_retire_70_45: project(withRetirement(10, 70, 45)),
    project_sample_7_myr: project(sampleHousehold(7, 'MYR')),
    project_sample_7_usd: project(sampleHousehold(7, 'USD')),
    project_rich: project(rich),
    project_rich_myr: project(richHousehold('RM')),
    finance_rich: calculateFinance(rich),
    data_tables_sample_5: calculateDataTables(sampleHousehold(5)),
    debt_rich: calculateDebt({ ...rich, loans: rich.loans?.slice(-4) }),
    scenario_death: calculateScenarioModelling(sampleHousehold(10), {
      events: [{ member_id: 'm1', type: 'death', year: 2030 }],
      sell_sequence: ['v2', 'c1'],
      locked_assets: ['v2'],
    }),
    scenario_disability_overrides: calculateScenarioModelling(rich, {
      events: [
        { member_id: 'm2', type: 'disability', year: 2029 },
        { member_id: 'm1', type: 'critical_illness', year: 2033 },
      ],
      overrides: {
        inflation_rate: 4.5,
        investment_return: 3.5,
        property_growth_rate: 1,
        income_growth_rate: 1.5,
        retirement_age: { m1: 52 },
        income_change_percent: { m2: -20 },
      },
      sell_sequence: ['h-main', 'p-cpf', 'v-usd'],
    }),
    scenario_rich_death_waiver: calculateScenarioModelling(rich, {
      events: [{ member_id: 'm2', type: 'death', year: 2028 }],
    }),
    scenario_shortfall: calculateScenarioModelling(shortHousehold(), {
      sell_sequence: ['land', 'cpf-b', 'inv1'],
      locked_assets: ['cash2'],
    }),
    scenario_shortfall_default_order: calculateScenarioModelling(shortHousehold(), {
      events: [{ member_id: 'a', type: 'death', year: 2026 }],
    }),
    scenario_monte_carlo: calculateScenarioModelling(sampleHousehold(6), {
      monte_carlo: { enabled: true, trials: 300, seed: 5 },
    }),
    monte_carlo_sample_40: monteCarlo(
      years75,
      liquidByClass(h40, () => 1),
      { trials: 500, seed: 1 },
    ),
    monte_carlo_marginal: monteCarlo(
      project(marginalRetiree()),
      liquidByClass(marginalRetiree(), () => 1),
      { trials: 400, seed: 3 },
    ),
    monte_carlo_short: monteCarlo(
      project(shortHousehold()),
      liquidByClass(shortHousehold(), () => 1),
      { trials: 257, seed: 99, percentiles: [5, 50, 95], assumptions: { equity: { mean: 6, volatility: 25 } } },
    ),
  };
}

describe('golden outputs (exact, bit for bit)', () => {
  const actual = JSON.parse(JSON.stringify(outputs())) as Record<string, unknown>;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
  const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  it('covers the same cases as the fixture', () => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  });
  it.each(Object.keys(expected))('%s is unchanged', (name) => {
    expect(actual[name]).toEqual(expected[name]);
  });
});
