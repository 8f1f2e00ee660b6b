import { project } from './projection';
import type { HouseholdInput } from './types';

/**
 * Issue 32 (documentation): a later surplus repays the shortfall before cash builds up (docs/planning-model.md, Terms
 * of the plan, "Shortfall"). The household is projection-defects.test.ts's "late deficit" (shortfall 4,559 in 2029,
 * 17,014.90 in 2030, borrowing at 10%, deposits at 0%) with a new income from 2031. Figures by hand:
 *   2031, income 3,000 a month: the shortfall carried in costs a year's interest, 17,014.90 · 1.10 = 18,716.39; the
 *   year's flow is 36,000 − 12,000 = 24,000, of which 18,716.39 repays the shortfall and 5,283.61 is cash.
 *   2032: 5,283.61 (0% deposit rate) + 24,000 = 29,283.61 cash.
 *   With 2,000 a month instead the flow is 12,000 and repays only part: 18,716.39 − 12,000 = 6,716.39 still owed in
 *   2031, cash 0; 2032: 6,716.39 · 1.10 = 7,388.03, − 12,000 → cash 4,611.97.
 * Money still runs out in 2029 (the first year with a shortfall), however the later years go.
 */
function household(monthly: number): HouseholdInput {
  return {
    as_of: '2026-01-01',
    currency: 'SGD',
    inflation_rate: 0,
    cash_growth_rate: 0,
    borrowing_rate: 10,
    members: [{ id: 'm1', relation: 'me', age: 40 }],
    incomes: [
      { member_id: 'm1', kind: 'dividend', amount: 1_000, frequency: 'monthly', growth_rate: 0, end_year: 2027 },
      { member_id: 'm1', kind: 'dividend', amount: monthly, frequency: 'monthly', growth_rate: 0, start_year: 2031 },
    ],
    expenses: [{ category: 'food', amount: 1_000, frequency: 'monthly' }],
    cash_accounts: [
      { id: 'A', current_value: 10_000, growth_rate: 10 },
      { id: 'B', current_value: 5_000, growth_rate: 0 },
    ],
    investments: [{ id: 'v', current_value: 1_000, expected_return: 0 }],
  };
}
const at = (h: HouseholdInput, year: number) => {
  const r = project(h).rows.find((y) => y.year === year);
  if (!r) throw new Error(`no row for ${year}`);
  return { cash: r.assets.cash, shortfall: r.liabilities.shortfall };
};

describe('a later surplus repays the shortfall before cash builds up', () => {
  it.each([
    [2030, 0, 17_014.9],
    [2031, 5_283.61, 0],
    [2032, 29_283.61, 0],
  ])('a surplus larger than the shortfall, %i: cash %d, shortfall %d', (year, cash, shortfall) => {
    expect(at(household(3_000), year)).toEqual({ cash, shortfall });
  });
  it.each([
    [2031, 0, 6_716.39],
    [2032, 4_611.97, 0],
  ])('a surplus smaller than the shortfall repays part of it, %i: cash %d, shortfall %d', (year, cash, shortfall) => {
    expect(at(household(2_000), year)).toEqual({ cash, shortfall });
  });
  it('money runs out in the first year with a shortfall, whatever the later years repay', () => {
    expect(project(household(3_000)).money_runs_out_year).toBe(2029);
  });
});
