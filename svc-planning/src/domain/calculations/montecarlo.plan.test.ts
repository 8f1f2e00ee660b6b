import { calculateScenarioModelling, planProjection } from './index';
import { DEFAULT_ASSUMPTIONS, liquidByClass, monteCarlo } from './montecarlo';
import { sampleHousehold } from './sample';
import type { AssetClass, HouseholdInput } from './types';

/** Every class's volatility 0 (the means stay: each record's own rate is its mean). */
const still = Object.fromEntries(
  (Object.keys(DEFAULT_ASSUMPTIONS) as AssetClass[]).map((c) => [c, { mean: DEFAULT_ASSUMPTIONS[c].mean, volatility: 0 }]),
) as Record<AssetClass, { mean: number; volatility: number }>;

/**
 * A household that lives on its cash accounts, then its unlocked investments (one locked), then a property its saved
 * sequence lists, then borrows: the plan runs out (issue 31 observation 3).
 */
const runsOut: HouseholdInput = {
  as_of: '2026-03-15',
  currency: 'SGD',
  inflation_rate: 2,
  borrowing_rate: 8,
  members: [{ id: 'm1', relation: 'me', age: 50, retirement_age: 55, maturity_age: 90 }],
  incomes: [{ id: 'i', member_id: 'm1', kind: 'gross income', amount: 6_000, frequency: 'monthly', growth_rate: 2 }],
  expenses: [{ id: 'e', category: 'living expense', amount: 5_000, frequency: 'monthly' }],
  cash_accounts: [
    { id: 'c1', current_value: 40_000, growth_rate: 0.5 },
    { id: 'c2', current_value: 10_000, growth_rate: 0, locked: true },
  ],
  investments: [
    { id: 'v1', current_value: 120_000, expected_return: 6, asset_class: 'equity', monthly_contribution: 300, contribution_end_year: 2030 },
    { id: 'v2', current_value: 60_000, expected_return: 3, asset_class: 'bond' },
  ],
  properties: [{ id: 'h', purchase_price: 300_000, purchase_year: 2010, market_value: 500_000, growth_rate: 2 }],
};

/**
 * The same household with a CPF account and its flat bought in 2010 with 100,000 of CPF: the saved sequence sells the
 * flat in a deficit year, and the refund (100,000 · 1.025^(sale year − 2010)) returns to the OA in that row
 * (issue 31, refund).
 */
const cpfFlat: HouseholdInput = {
  ...runsOut,
  pensions: [{ id: 'cpf', member_id: 'm1', type: 'CPF', balances: { oa: 20_000, sa: 0, ma: 0, ra: 0 }, monthly_salary: 0, cpf_extra_interest: false }],
  properties: [{ ...(runsOut.properties?.[0] as NonNullable<HouseholdInput['properties']>[number]), pension_used: 100_000, pension_member_id: 'm1' }],
};

const mc = (h: HouseholdInput, plan: { sell_sequence?: string[] } = {}) => {
  const p = planProjection(h, plan);
  return { p, m: monteCarlo(p, liquidByClass(h, () => 1), { trials: 101, seed: 7, assumptions: still }) };
};

describe('issue 31: Monte Carlo simulates the plan beside it', () => {
  it.each([
    ['a plan that runs out', runsOut, {}],
    ['a plan that sells the property in its saved sequence', runsOut, { sell_sequence: ['h'] }],
    ['a plan that sells a flat bought with CPF in a deficit year (its refund returns to the OA)', cpfFlat, { sell_sequence: ['h'] }],
    ['the sample household (40 records of every kind)', sampleHousehold(40), {}],
    ['a plan with nothing to draw on', { ...runsOut, cash_accounts: [], investments: [] }, {}],
  ])('with every volatility 0, the median path is the plan’s net worth every year (to the cent: the trials round each figure as the rows do): %s', (_, h, plan) => {
    const { p, m } = mc(h, plan);
    expect(m.bands.map((b) => b.year)).toEqual(p.rows.map((r) => r.year));
    for (const [k, r] of p.rows.entries()) {
      const median = (m.bands[k] as (typeof m.bands)[number]).percentiles.p50 as number;
      expect(median).toBe(r.net_worth);
    }
  });

  it('the saved sequence sells the property where the plan needs it', () => {
    expect(planProjection(runsOut, { sell_sequence: ['h'] }).sold.some((s) => s.asset_id === 'h')).toBe(true);
    expect(planProjection(runsOut).sold.some((s) => s.asset_id === 'h')).toBe(false); // not listed: never sold
  });

  it('the trials take the deficit sale’s net proceeds, and the refund stays in the plan’s pension row', () => {
    const { p, m } = mc(cpfFlat, { sell_sequence: ['h'] });
    const sale = p.sold.find((s) => s.asset_id === 'h');
    if (!sale) throw new Error('the flat is not sold');
    const k = p.rows.findIndex((r) => r.year === sale.year);
    const r = p.rows[k] as (typeof p.rows)[number];
    // beside the same plan with no CPF used for the flat (sold the same year, by the same deficit): the refund
    // 100,000 · 1.025^(year − 2010) is in that row's pensions, and the sale paid the deficit that much less
    const noCpf = planProjection({ ...cpfFlat, properties: runsOut.properties }, { sell_sequence: ['h'] });
    const sale0 = noCpf.sold.find((s) => s.asset_id === 'h');
    expect(sale0?.year).toBe(sale.year);
    const r0 = noCpf.rows[k] as (typeof noCpf.rows)[number];
    const refund = Math.round(100_000 * 1.025 ** (sale.year - 2010) * 100) / 100;
    expect(Math.abs(r.assets.pensions - r0.assets.pensions - refund)).toBeLessThanOrEqual(0.015); // three roundings to cents
    expect(Math.abs((sale0?.amount as number) - sale.amount - refund)).toBeLessThanOrEqual(0.015); // three roundings to cents
    expect(Math.abs(r.net_worth - r0.net_worth)).toBeLessThanOrEqual(0.015); // the refund moved from the sale's cash to the OA
    expect((m.bands[k] as (typeof m.bands)[number]).percentiles.p50).toBe(r.net_worth);
  });

  it('the success probability is 0% when the plan runs out and 100% when it never does', () => {
    const out = mc(runsOut);
    expect(out.p.money_runs_out_year).not.toBeNull();
    expect(out.m.probability_never_runs_out).toBe(0);
    const rich = { ...runsOut, cash_accounts: [{ id: 'c1', current_value: 5_000_000, growth_rate: 0.5 }] };
    const never = mc(rich);
    expect(never.p.money_runs_out_year).toBeNull();
    expect(never.m.probability_never_runs_out).toBe(1);
  });

  it('the plan draws on the unlocked investments before it borrows, and never on a locked account', () => {
    const p = planProjection(runsOut);
    const out = p.money_runs_out_year as number;
    const soldBefore = new Set(p.sold.filter((s) => s.year <= out).map((s) => s.asset_id));
    expect(soldBefore).toEqual(new Set(['c1', 'v1', 'v2']));
    const r = p.rows.find((x) => x.year === out) as (typeof p.rows)[number];
    expect(r.assets.investments).toBe(0);
    expect(p.rows.every((x) => x.assets.cash >= 10_000)).toBe(true); // the locked account stays
  });

  it('scenario modelling with Monte Carlo: its current plan is the plan, and the trials agree with it at volatility 0', () => {
    const s = calculateScenarioModelling(runsOut, { monte_carlo: { enabled: true, trials: 51, assumptions: still } });
    const p = planProjection(runsOut);
    expect(s.base.money_runs_out_year).toBe(p.money_runs_out_year);
    expect(s.base.years.map((y) => y.net_worth)).toEqual(p.rows.map((r) => r.net_worth));
    expect(s.monte_carlo?.probability_never_runs_out).toBe(0);
  });
});
