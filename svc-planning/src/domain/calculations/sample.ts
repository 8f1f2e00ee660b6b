import type { HouseholdInput } from './types';

/**
 * A deterministic sample household (two members, `n` records of every kind): used by tests, the benchmark and the
 * component tests. Varies amounts and rates with a simple counter so records differ.
 */
export function sampleHousehold(n = 3, currency = 'SGD'): HouseholdInput {
  const ids = ['m1', 'm2'];
  const pick = (k: number) => ids[k % 2] as string;
  const range = <T>(f: (k: number) => T): T[] => Array.from({ length: n }, (_, k) => f(k));
  return {
    as_of: '2025-06-30',
    currency,
    inflation_rate: 3,
    members: [
      { id: 'm1', name: 'Alex', relation: 'me', age: 35, retirement_age: 60 },
      { id: 'm2', name: 'Sam', relation: 'spouse', age: 33, retirement_age: 60 },
      { id: 'j', name: 'Joint', relation: 'joint' },
    ],
    incomes: range((k) => ({ id: `i${k}`, member_id: pick(k), kind: (['gross income', 'bonus', 'business income', 'rental', 'dividend'] as const)[k % 5], amount: 500 + 37 * k, growth_rate: 2 + (k % 3), frequency: 'monthly' })) as HouseholdInput['incomes'],
    expenses: range((k) => ({ id: `e${k}`, member_id: k % 3 === 0 ? undefined : pick(k), category: 'living expense', amount: 150 + 11 * k, inflation_rate: 2.5 })) as HouseholdInput['expenses'],
    cash_accounts: range((k) => ({ id: `c${k}`, owner_id: pick(k), current_value: 2000 + 100 * k, growth_rate: 0.5 })),
    investments: range((k) => ({ id: `v${k}`, owners: [{ member_id: 'm1', percentage: 50 }, { member_id: 'm2', percentage: 50 }], current_value: 5000 + 250 * k, expected_return: 3 + (k % 5), asset_class: (['equity', 'bond', 'others'] as const)[k % 3], monthly_contribution: k % 4 === 0 ? 50 : 0, contribution_end_year: 2045 })),
    pensions: range((k) => ({ id: `p${k}`, member_id: pick(k), type: 'CPF' as const, balances: { oa: 3000 + 10 * k, sa_ma: 2000, ra: 0 }, monthly_salary: 300 + 5 * k, salary_increment: 2, cpf_ers_limit: 50_000, post_retirement_contribution: k % 5 === 0 ? { contribution: true, monthly_amount: 20 } : undefined })),
    loans: range((k) => ({ id: `l${k}`, kind: (['mortgage', 'vehicle', 'other'] as const)[k % 3], original_loan: 20_000 + 1000 * k, loan_interest: 2 + (k % 4), loan_tenure: 5 + (k % 20), starting_year: 2020 + (k % 6), type: k % 3 === 1 ? ('flat' as const) : ('annuity' as const), other_monthly_expenses: k % 3 === 1 ? 30 : 0 })),
    properties: range((k) => ({ id: `h${k}`, owner_id: pick(k), purchase_price: 100_000 + 1000 * k, purchase_year: 2015 + (k % 10), market_value: 120_000 + 1000 * k, growth_rate: 2 + (k % 3), future_selling_year: k % 4 === 0 ? 2040 + k : undefined, future_transaction_fee: 2000, loan_id: k < n ? `l${k}` : undefined, pension_used: 5000, rental_incomes: k % 2 ? [{ transaction_start_date: '2024-01-01', transaction_end_date: null, amount: 300 }] : [], tax: 10, maintenance: 20, property_tax: 100 })),
    insurances: range((k) => ({ id: `s${k}`, member_id: pick(k), frequency: (['monthly', 'quarterly', 'semi annual', 'annual', 'single'] as const)[k % 5], premium: 50 + k, premium_loading: k % 2 ? 10 : 0, policy_date: `20${10 + (k % 15)}-0${1 + (k % 9)}-15`, payment_term: 20, current_cash_value: 1000 + 10 * k, growth_rate: 3, maturity_age: 65 + (k % 30), projected_maturity_value: k % 2 ? 20_000 : undefined, dividend: k % 3 === 0 ? { amount: 100, start: 1, end: 5 } : undefined, benefits: [{ type: 'Death' as const, expiry_age: 99, duration: 1, payout: { lump_sum_payout: { amount: 100_000 + k } } }, { type: 'Disability' as const, expiry_age: 70, duration: 1, payout: { lump_sum_payout: { amount: 50_000 } } }] })),
    goals: range((k) => ({ id: `g${k}`, type: (['retirement', 'education', 'car', 'property', 'business', 'custom'] as const)[k % 6] ?? 'custom', member_id: pick(k), year_from: k % 6 === 0 ? undefined : 2030 + (k % 10), year_to: k % 6 === 0 ? undefined : 2032 + (k % 10), amount: k % 6 === 0 ? 0 : 1000 + k, living_expense: k % 6 === 0 ? 100 : undefined, play_expense: k % 6 === 0 ? 30 : undefined, legacy_amount: k % 6 === 0 ? 10_000 : undefined })),
  };
}
