import Decimal from 'decimal.js';
import fc from 'fast-check';
import { type CalculationInputError, calculateScenarioModelling, netWorthByYear, project } from './index';
import { sampleHousehold } from './sample';

describe('household projection', () => {
  it('runs year by year to the youngest member’s maturity age (default 100)', () => {
    const p = project(sampleHousehold(3));
    expect(p.start_year).toBe(2025);
    expect(p.end_year).toBe(2025 + 100 - 33);
    expect(p.rows[0]?.ages).toEqual({ m1: 35, m2: 33 });
  });
  it('property: net worth = assets − liabilities every year, totals are the sum of their parts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 20, max: 70 }), fc.double({ min: 0, max: 10, noNaN: true }), (n, age, infl) => {
        const h = sampleHousehold(n);
        h.inflation_rate = infl;
        (h.members[0] as { age?: number }).age = age;
        for (const r of project(h).rows) {
          const a = new Decimal(r.assets.cash).plus(r.assets.investments).plus(r.assets.pensions).plus(r.assets.properties).plus(r.assets.insurance);
          const l = new Decimal(r.liabilities.loans).plus(r.liabilities.shortfall);
          expect(new Decimal(r.total_assets).equals(a)).toBe(true);
          expect(new Decimal(r.total_liabilities).equals(l)).toBe(true);
          expect(new Decimal(r.net_worth).equals(a.minus(l))).toBe(true);
          for (const v of Object.values(r.assets)) expect(Number.isFinite(v)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
  it('a retirement goal sets its legacy amount aside, inflated, in its last year', () => {
    const household = (legacy?: number) => ({
      as_of: '2025-01-01',
      currency: 'SGD',
      inflation_rate: 2,
      members: [{ id: 'a', relation: 'me' as const, age: 60, retirement_age: 65, maturity_age: 90 }],
      incomes: [{ id: 'i', member_id: 'a', kind: 'rental' as const, amount: 3000, growth_rate: 2 }],
      goals: [{ id: 'g', type: 'retirement' as const, member_id: 'a', living_expense: 1000, legacy_amount: legacy }],
    });
    const without = project(household() as never).rows;
    const withLegacy = project(household(80_000) as never).rows;
    const last = without.length - 1;
    expect(withLegacy[last]?.year).toBe(2025 + 30);
    // every year before the last is unchanged
    expect(withLegacy.slice(0, last)).toEqual(without.slice(0, last));
    // in the last year the goal draws the legacy in that year's money: 80,000 × 1.02^30
    const inflated = 80_000 * 1.02 ** 30;
    expect((withLegacy[last]?.goals ?? 0) - (without[last]?.goals ?? 0)).toBeCloseTo(inflated, 1);
    expect((without[last]?.net_worth ?? 0) - (withLegacy[last]?.net_worth ?? 0)).toBeCloseTo(inflated, 1);
    // a legacy the household cannot afford shows as a shortfall in that year, and only then
    expect(project(household() as never).money_runs_out_year).toBeNull();
    expect(project(household(10_000_000) as never).money_runs_out_year).toBe(2025 + 30);
  });
  it('a vehicle loan’s maintenance and other expenses are paid with its instalments, and stop with them', () => {
    const household = (costs: boolean) => ({
      as_of: '2025-01-01',
      currency: 'SGD',
      members: [{ id: 'a', relation: 'me' as const, age: 40 }],
      loans: [
        {
          id: 'car',
          kind: 'vehicle' as const,
          original_loan: 60_000,
          loan_interest: 0,
          loan_tenure: 5,
          starting_year: 2025,
          ...(costs ? { maintenance: 80, other_expenses: { fuel: 200, insurance_and_road_tax: 100, servicing: 20 } } : {}),
        },
      ],
    });
    const plain = project(household(false) as never).rows;
    const running = project(household(true) as never).rows;
    for (let t = 0; t < plain.length; t++) {
      const extra = (running[t]?.loan_repayments ?? 0) - (plain[t]?.loan_repayments ?? 0);
      expect(extra).toBeCloseTo(t < 5 ? 400 * 12 : 0, 6); // five years of 12 instalments, then nothing
    }
  });
  it('money without drift: 75 years of cent amounts accumulate exactly as decimal arithmetic does', () => {
    const h = { as_of: '2025-01-01', currency: 'SGD', members: [{ id: 'a', relation: 'me' as const, age: 25 }], incomes: Array.from({ length: 40 }, () => ({ member_id: 'a', kind: 'rental' as const, amount: 0.1, growth_rate: 0 })), expenses: [{ category: 'food' as const, amount: 0.07 }] };
    h.expenses[0] = { ...h.expenses[0], inflation_rate: 0 } as (typeof h.expenses)[0];
    const rows = project(h as never).rows;
    let cash = new Decimal(0);
    for (const r of rows) {
      cash = cash.plus(new Decimal(0.1).times(40).times(12)).minus(new Decimal(0.07).times(12));
      expect(r.assets.cash).toBe(cash.toDecimalPlaces(2).toNumber());
    }
    expect(rows).toHaveLength(76);
  });
  it('is the same under any time zone', () => {
    const before = process.env.TZ;
    const out: string[] = [];
    for (const tz of ['Asia/Singapore', 'America/New_York', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = tz;
      out.push(JSON.stringify(netWorthByYear(sampleHousehold(4))));
    }
    process.env.TZ = before;
    expect(new Set(out).size).toBe(1);
  });
  it('scenario: a death stops income, pays the death benefit; shortfalls sell assets in the saved sequence, skipping locked ones', () => {
    const h = sampleHousehold(3);
    const s = calculateScenarioModelling(h, { events: [{ member_id: 'm1', type: 'death', year: 2030 }], sell_sequence: ['v2', 'c1'], locked_assets: ['v2'] });
    const y = s.scenario.years.find((r) => r.year === 2030);
    expect(y?.insurance_payouts).toBeGreaterThanOrEqual(100_000);
    for (const sale of s.scenario.sold) expect(sale.asset_id).not.toBe('v2');
    if (s.scenario.sold.length) expect(s.scenario.sold[0]?.asset_id).toBe('c1');
  });
  it('money runs out when expenses exceed everything', () => {
    const h = { as_of: '2025-01-01', members: [{ id: 'a', relation: 'me' as const, age: 60 }], cash_accounts: [{ id: 'c', current_value: 10_000 }], expenses: [{ category: 'food' as const, amount: 1000, inflation_rate: 0 }] };
    const s = calculateScenarioModelling(h);
    expect(s.scenario.sold[0]).toMatchObject({ asset_id: 'c', year: 2025 });
    expect(s.money_runs_out_year).toBe(2025);
  });
  it('input the engine cannot compute is reported for the first year it breaks, in the order of a year’s steps', () => {
    // A property whose value is finite as of today and infinite a year later; a benefit with an unknown frequency.
    const h = (sell: number, badBenefit = false) => {
      const x = sampleHousehold(1);
      x.properties = [{ ...(x.properties?.[0] as NonNullable<typeof x.properties>[number]), market_value: 1.5e304, growth_rate: 1e5, future_selling_year: sell, loan_id: undefined }];
      if (badBenefit) (x.insurances?.[0] as { benefits: unknown[] }).benefits = [{ type: 'Death', expiry_age: 99, payout: { regular: { amount: 10, frequency: 'fortnightly' } } }];
      return x;
    };
    const field = (f: () => unknown) => {
      try {
        f();
        return null;
      } catch (e) {
        return (e as { field?: string }).field;
      }
    };
    const death = (year: number) => ({ events: [{ member_id: 'm1', type: 'death' as const, year }] });
    expect(field(() => project(h(2026)))).toBe('selling_price'); // sold in the year its value overflows
    expect(field(() => project(h(2027)))).toBe('household'); // still held: that year's totals overflow first
    expect(field(() => calculateScenarioModelling(h(2026)))).toBe('selling_price');
    expect(field(() => calculateScenarioModelling(h(2027)))).toBe('household');
    expect(field(() => project(h(2026, true), death(2025)))).toBe('frequency'); // the benefit is read in 2025
    expect(field(() => project(h(2026, true), death(2026)))).toBe('selling_price'); // the sale comes first in 2026
    expect(field(() => project(h(2027, true), death(2026)))).toBe('frequency');
    expect(field(() => project(h(2040, true), death(2030)))).toBe('household');
  });
  it('Monte Carlo is reproducible by seed and gives ordered percentile bands', () => {
    const h = sampleHousehold(3);
    const a = calculateScenarioModelling(h, { monte_carlo: { enabled: true, trials: 300, seed: 5 } }).monte_carlo;
    const b = calculateScenarioModelling(h, { monte_carlo: { enabled: true, trials: 300, seed: 5 } }).monte_carlo;
    expect(a).toEqual(b);
    expect(a?.probability_never_runs_out).toBeGreaterThanOrEqual(0);
    for (const band of a?.bands ?? []) {
      const p = band.percentiles;
      expect((p.p10 as number) <= (p.p50 as number) && (p.p50 as number) <= (p.p90 as number)).toBe(true);
    }
  });
  it('Monte Carlo follows the plan’s shortfall sales: a property it may sell keeps the money going, a locked one does not', () => {
    // retired, spending more than the cash account holds, with a paid-off flat worth 2,000,000
    const h = {
      as_of: '2025-01-01',
      currency: 'SGD',
      members: [{ id: 'a', relation: 'me' as const, age: 60, retirement_age: 60 }],
      cash_accounts: [{ id: 'c', current_value: 10_000 }],
      expenses: [{ category: 'food' as const, amount: 2000, inflation_rate: 2 }],
      properties: [{ id: 'flat', purchase_price: 500_000, purchase_year: 2000, market_value: 2_000_000, growth_rate: 2 }],
    };
    const mc = { enabled: true, trials: 2000, seed: 3 };
    const sellable = calculateScenarioModelling(h, { sell_sequence: ['flat'], monte_carlo: mc });
    const locked = calculateScenarioModelling(h, { sell_sequence: ['flat'], locked_assets: ['flat'], monte_carlo: mc });
    // the plan sells the flat in the first year short and lasts; locked, it runs out that year
    expect(sellable.scenario.sold.map((x) => x.asset_id)).toContain('flat');
    expect(sellable.money_runs_out_year).toBeNull();
    expect(locked.money_runs_out_year).toBe(2025);
    // the trials see the sale's proceeds in that year (before, they saw only the cash account and said 0)
    expect(sellable.monte_carlo?.probability_never_runs_out).toBeGreaterThan(0.9);
    expect(locked.monte_carlo?.probability_never_runs_out).toBe(0);
  });
  it('names the full path of a record field it cannot use (paths are built only when an error is thrown)', () => {
    const fieldOf = (edit: (h: ReturnType<typeof sampleHousehold>) => void) => {
      const h = sampleHousehold(3);
      edit(h);
      try {
        project(h);
      } catch (error) {
        return { field: (error as CalculationInputError).field, message: (error as Error).message, kind: (error as Error).name };
      }
      return null;
    };
    expect(fieldOf(() => {})).toBeNull();
    expect(fieldOf((h) => ((h.investments?.[2] as { currency?: string }).currency = 'XYZ'))).toEqual({ field: 'investments.2.currency', message: 'No stored rate for currency XYZ', kind: 'CalculationInputError' });
    expect(fieldOf((h) => ((h.insurances?.[1] as { payer_id?: string }).payer_id = 'nobody'))).toEqual({ field: 'insurances.1.payer_id', message: 'Unknown member', kind: 'CalculationInputError' });
    expect(fieldOf((h) => ((h.insurances?.[0] as { policy_date: string }).policy_date = '2020-02-30'))).toEqual({ field: 'insurances.0.policy_date', message: 'insurances.0.policy_date is not a valid date', kind: 'CalculationInputError' });
    expect(
      fieldOf((h) => {
        (h.properties?.[1] as { rental_incomes: unknown[] }).rental_incomes = [
          { transaction_start_date: '2024-01-01', transaction_end_date: '2030-12-31', amount: 100 },
          { transaction_start_date: '2024-01-01', transaction_end_date: '2031-13-01', amount: 100 },
        ];
      }),
    ).toEqual({ field: 'properties.1.rental_incomes.1.transaction_end_date', message: 'properties.1.rental_incomes.1.transaction_end_date is not a valid date', kind: 'CalculationInputError' });
  });
});
