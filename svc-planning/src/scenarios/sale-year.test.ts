import type { AppError } from '@kinfolio/service-kit';
import { calculateScenarioModelling } from '../domain/calculations';
import type { planning } from '@kinfolio/contracts';
import { withSaleYears } from './run';

/**
 * Issue 36: a property's selling year moved in a scenario (`property_sale_year`). The hand computation is in
 * docs/planning-model.md, "Named scenarios and what-ifs": the same numbers are asserted here.
 */
const household: planning.Household = {
  as_of: '2026-01-01',
  currency: 'SGD',
  members: [{ id: 'm1', relation: 'me', age: 40, retirement_age: 65 }],
  cash_accounts: [{ id: 'bank', current_value: 10_000, growth_rate: 0 }],
  properties: [
    {
      id: 'condo',
      purchase_price: 400_000,
      purchase_year: 2015,
      market_value: 500_000,
      growth_rate: 2,
      future_selling_year: 2035,
      future_selling_price: 600_000,
      future_transaction_fee: 10_000,
      currency: 'SGD',
    },
  ],
};

const row = (p: { years: Array<{ year: number; net_cash_flow: number; net_worth: number }> }, year: number) => {
  const r = p.years.find((x) => x.year === year);
  if (!r) throw new Error(`no row ${year}`);
  return r;
};

describe('a property sale moved in a scenario', () => {
  it('moves the net proceeds to the new year: the value grown to its end, less the fee (the stored price dropped)', () => {
    const moved = withSaleYears(household, [['condo', 2030]], '2026-01-01');
    expect(moved.properties?.[0]).toMatchObject({ future_selling_year: 2030, future_transaction_fee: 10_000 });
    expect(moved.properties?.[0]?.future_selling_price).toBeUndefined();
    // the stored household is never changed
    expect(household.properties?.[0]?.future_selling_year).toBe(2035);

    const plan = calculateScenarioModelling(household, {}).base;
    const scenario = calculateScenarioModelling(moved, { overrides: {} }).scenario;
    // 500,000 × 1.02^5 = 552,040.40 (2026 to 2030, whole years from 1 January 2026); less the 10,000 fee: 542,040.40
    const proceeds = 552_040.4 - 10_000;
    expect(500_000 * 1.02 ** 5).toBeCloseTo(552_040.4, 2);
    expect(row(scenario, 2030).net_cash_flow - row(plan, 2030).net_cash_flow).toBeCloseTo(proceeds, 2);
    // the plan keeps its sale in 2035 at the advisor's 600,000 less the fee: 590,000 that year, the scenario none
    expect(row(plan, 2035).net_cash_flow - row(scenario, 2035).net_cash_flow).toBeCloseTo(590_000, 2);
    // the sale year's net worth: the property's 552,040.40 becomes 542,040.40 of cash: 10,000 (the fee) less
    expect(row(scenario, 2030).net_worth - row(plan, 2030).net_worth).toBeCloseTo(-10_000, 2);
  });

  it('null keeps the property to the end of the plan; the same year changes nothing', () => {
    const kept = withSaleYears(household, [['condo', null]], undefined);
    expect(kept.properties?.[0]?.future_selling_year).toBeUndefined();
    expect(kept.properties?.[0]?.future_selling_price).toBeUndefined();
    const same = withSaleYears(household, [['condo', 2035]], '2026-01-01');
    expect(same.properties?.[0]).toBe(household.properties?.[0]);
  });

  it('refuses another id, a year already past or before the purchase with a 400 naming the key', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as AppError).status, Object.keys((e as AppError).details.errors?.[0] ?? {})];
      }
      return null;
    };
    expect(field(() => withSaleYears(household, [['bank', 2030]], '2026-01-01'))).toEqual([
      400,
      ['property_sale_year.bank'],
    ]);
    expect(field(() => withSaleYears(household, [['condo', 2025]], '2026-01-01'))).toEqual([
      400,
      ['property_sale_year.condo'],
    ]);
    expect(field(() => withSaleYears(household, [['condo', 2014]], '2010-01-01'))).toEqual([
      400,
      ['property_sale_year.condo'],
    ]);
  });
});
