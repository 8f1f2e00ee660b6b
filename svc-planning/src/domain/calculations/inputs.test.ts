import fc from 'fast-check';
import * as engine from './index';
import { CalculationInputError } from './index';
import { sampleHousehold } from './sample';
import { rateTables } from './tables/registry';

/**
 * Hardening item 12: every exported engine function refuses non-finite and degenerate input with a
 * CalculationInputError naming the field, and never answers NaN or ±Infinity. The registry below must name every
 * function `./index` exports (the first test fails when one is added without being listed), with one valid call;
 * the sweeps then put NaN, +Infinity and −Infinity (and, in the property, any double, however large) into each
 * number of that call in turn.
 */
/** `fixed`: arguments that are the engine's own rate tables (data, not input), left out of the sweeps. */
type Call = { args: unknown[]; call?: (...a: any[]) => unknown; fixed?: number[] };
const fns = engine as unknown as Record<string, (...a: unknown[]) => unknown>;
const h1 = () => sampleHousehold(1);
const premium = { premium: 100, frequency: 'monthly', premium_loading: 5, policy_date: '2020-03-15', payment_term: 10 };
const benefit = {
  type: 'Death',
  expiry_age: 80,
  duration: 10,
  payout: { lump_sum_payout: { amount: 1000 }, regular: { amount: 10, frequency: 'monthly', duration: 5 } },
  lump_sum: { amount: 5 },
  critical_illness: { ci_guard: { amount: 1 }, ci_advance: { amount: 2 } },
  medical_amount: { amount: 3 },
};
const table = engine.contributionTable('CPF', 2026);

/** A planned sale: a property with a loan paid partly from CPF (sale.ts). */
const SALE_ARGS = [
  {
    id: 'p',
    purchase_price: 600_000,
    purchase_year: 2021,
    market_value: 720_000,
    growth_rate: 3,
    future_selling_year: 2045,
    future_transaction_fee: 16_000,
    pension_used: 150_000,
    pension_uses: [{ amount: 50_000, year: 2022 }],
    refund_growth_rate: 2.5,
    currency: 'SGD',
  },
  { id: 'l', original_loan: 420_000, loan_interest: 2.6, loan_tenure: 30, starting_year: 2021, pension_monthly: 1000 },
  20_600,
];
const CALLS: Record<string, Call> = {
  // dates (a number is a day number or epoch ms)
  dayNumber: { args: [1_700_000_000_000] },
  ymd: { args: [20_000] },
  fromYmd: { args: [2025, 6, 30] },
  isoDay: { args: [20_000] },
  addMonths: { args: [20_000, 7] },
  monthsBetween: { args: [20_000, 21_000] },
  yearsBetween: { args: [20_000, 21_000] },
  // finance
  pv: { args: [0.05, 10, -100, 50, 0] },
  fv: { args: [0.05, 10, -100, 50, 1] },
  pmt: { args: [0.05, 10, 1000, 0, 0] },
  nper: { args: [0.05, -100, 1000, 0, 0] },
  rate: { args: [10, -100, 800, 0, 0, 0.1] },
  npv: { args: [0.08, [-1000, 300, 400, 500]] },
  xnpv: { args: [0.08, [-1000, 600, 600], ['2024-01-01', '2024-07-01', '2025-01-01']] },
  irr: { args: [[-1000, 300, 400, 500], 0.1] },
  xirr: { args: [[-1000, 600, 600], ['2024-01-01', '2024-07-01', '2025-01-01'], 0.1] },
  mirr: { args: [[-1000, 300, 400, 500], 0.05, 0.07] },
  payback: { args: [[-1000, 300, 400, 500]] },
  roi: { args: [1200, 1000] },
  cagr: { args: [1000, 2000, 7] },
  wacc: { args: [600, 400, 0.1, 0.05, 0.17] },
  ruleOf72: { args: [6] },
  inflationAdjustedRate: { args: [0.05, 0.02] },
  compoundInterest: { args: [1000, 0.05, 10, 12] },
  yearlyFromMonthly: { args: [123.45] },
  // loans
  tenureMonths: { args: [{ year: 25, month: 6 }] },
  otherMonthlyCosts: {
    args: [
      {
        other_monthly_expenses: 10,
        maintenance: 20,
        other_expenses: { fuel: 1, insurance_and_road_tax: 2, servicing: 3 },
      },
    ],
  },
  vehicleMonthlyCosts: {
    args: [{ maintenance: 20, other_expenses: { fuel: 1, insurance_and_road_tax: 2, servicing: 3 } }],
  },
  annuityInstalment: { args: [300_000, 3.5, 300] },
  flatInstalment: { args: [30_000, 2.5, 60] },
  instalment: { args: [300_000, 3.5, 300, 'annuity'] },
  monthsToRepay: { args: [300_000, 3.5, 2000] },
  balanceAfter: { args: [300_000, 3.5, 300, 120] },
  amortisationSchedule: { args: [30_000, 3.5, 24, 'annuity', 1400] },
  toCents: { args: [1234.565] },
  convertCents: { args: [1234.56, 1.4139709329582748] },
  monthsElapsed: { args: [2020, 3, 2025, 7] },
  outstandingAtYearEnd: { args: [300_000, 3.5, 300, 2020, 2030] },
  balanceAtYearEnd: {
    args: [{ original_loan: 300_000, loan_interest: 3.5, loan_tenure: 25, starting_year: 2020 }, 2030],
  },
  yearEndBalances: {
    args: [{ original_loan: 300_000, loan_interest: 3.5, loan_tenure: 25 }],
    call: (l) => Array.from(engine.yearEndBalances(l) ?? []),
  },
  firstYearPart: { args: [20_600] },
  valueAtYearEnd: { args: [500_000, 1.03, 2026, 0.5, 2030] },
  scheduledSale: { args: SALE_ARGS },
  keptScheduledSale: { args: SALE_ARGS },
  saleInYear: {
    args: [{ ...(SALE_ARGS[0] as object), future_selling_year: undefined }, SALE_ARGS[1], SALE_ARGS[2], 2030],
  },
  // property and tax
  marketValueAfter: { args: [500_000, 3, 10] },
  pensionRefund: { args: [50_000, 2015, 12_000, 10, 2030, 2.5] },
  zeroIfNegligible: { args: [0.5] },
  netSaleProceeds: {
    args: [
      {
        selling_price: 900_000,
        purchase_price: 700_000,
        transaction_fee: 20_000,
        outstanding_loan: 300_000,
        pension_refund: 100_000,
        months_held: 20,
        currency: 'SGD',
        sale_year: 2025,
        purchase_date: '2024-03-01',
        market_value: 950_000,
      },
    ],
  },
  rentalIncome: {
    args: [[{ transaction_start_date: '2024-01-01', transaction_end_date: null, amount: 2000 }], '2025-01-01', 10],
  },
  progressiveTax: { args: [90_000, engine.SGD_INCOME_TAX], fixed: [1] },
  incomeTax: { args: [90_000, 'SGD'] },
  sgTaxPayable: { args: [rateTables().sgIncomeTax[2], 90_000], fixed: [0] },
  myTaxPayable: { args: [rateTables().myIncomeTax[1], 30_000, true], fixed: [0] },
  ssdSchedule: { args: [19_723, 2026] },
  ssdRate: { args: [20, 19_723, 2026] },
  rpgtRate: { args: [20, 2026] },
  rpgtExemption: { args: [50_000, 2026] },
  propertySaleTax: {
    args: [
      {
        currency: 'SGD',
        sale_year: 2026,
        purchase_day: 19_723,
        months_held: 20,
        price: 900_000,
        market_value: 950_000,
        gain: 150_000,
      },
    ],
  },
  propertySaleTaxByHolding: {
    args: [
      { currency: 'RM', sale_year: 2026, purchase_day: 19_723, price: 900_000, market_value: 950_000, gain: 150_000 },
    ],
  },
  monthsHeldTo: { args: [19_723, 2026] },
  // provident
  contributionTable: { args: ['CPF', 2026] },
  contributionRates: { args: [40, table], fixed: [1] },
  retirementRate: { args: [58] },
  monthlyContribution: { args: [5000, 40, table], fixed: [2] },
  contributionIn: {
    args: [
      { scheme: 'CPF', wage: 8500, age: 40, year: 2026, employer_percent: 17, employee_percent: 20, scheme_factor: 1 },
    ],
  },
  // insurance and premiums
  regularPayoutTotal: { args: [{ amount: 100, frequency: 'monthly', duration: 10 }] },
  benefitAmount: { args: [benefit] },
  coversAt: { args: [benefit, 50] },
  coverageTotals: {
    args: [[{ member_id: 'm1', benefits: [benefit] }], 45],
    call: (p, age) => engine.coverageTotals(p, new Map([['m1', age]])),
  },
  cashValueAt: { args: [10_000, 40, 50, 4] },
  dividendPayoutInYear: { args: [100, 3, { start: 1, end: 5 }] },
  policyYearOf: { args: [20_000] },
  loadedPremium: { args: [100, 5] },
  annualisedPremium: { args: [100, 'monthly', 5] },
  remainingMonthsOfPolicyYear: { args: [20_000] },
  premiumSchedule: { args: [premium, '2030-12-31'] },
  premiumsPaidAndProjected: { args: [premium, '2025-06-30', '2030-12-31'] },
  premiumsByYear: { args: [premium, 2020, 2030] },
  // ownership
  shareOf: { args: ['m1', undefined, [{ member_id: 'm1', percentage: 60 }]] },
  viewValue: { args: [1000, { relation: 'me', id: 'm1' }, undefined, [{ member_id: 'm1', percentage: 60 }]] },
  // Monte Carlo
  prng: { args: [7], call: (s) => engine.prng(s)() },
  normals: { args: [7], call: (s) => engine.normals(s)() },
  liquidByClass: {
    args: [
      {
        members: [],
        cash_accounts: [{ id: 'c', current_value: 1000 }],
        investments: [{ id: 'v', current_value: 2000, asset_class: 'bond' }],
      },
    ],
    call: (h) => engine.liquidByClass(h, () => 1),
  },
  monteCarlo: {
    args: [{ trials: 50, seed: 3, assumptions: { equity: { mean: 6, volatility: 15 } }, percentiles: [10, 50, 90] }],
    call: (o) =>
      engine.monteCarlo(engine.project(h1()), { equity: 1000, bond: 0, cash: 500, property: 0, others: 0 }, o),
  },
};
/** Exported functions with no number to refuse (strings, records, enumerations) or not an engine calculation. */
const NO_NUMBERS = new Set([
  'finite',
  // the Monte Carlo job's progress listener (issue 37): takes a function, no figures
  'setTrialsListener',
  'normaliseFrequency',
  'requiredKeys',
  'validateBenefit',
  'assertBenefit',
  'premiumWaived',
  'sortMembers',
  'schemeForCurrency',
  'incomeTaxTableFor',
  'incomeTaxCountry',
  'today',
  'normalDraw',
  'orderStatistics',
  // the process pool of scenario runs: it hands the household to calculateScenarioModelling (swept below); touchKept
  // orders the households its processes keep
  'scenarioPool',
  'closeScenarioPool',
  'touchKept',
  // reads what a projection's shortfall sales raised (kept beside the result)
  'illiquidSales',
  // reads what Monte Carlo replays of a plan (kept beside the result)
  'planTrace',
  // figures read from a plan already projected (its household checked by the entry point that projected it)
  'cashFlowTerms',
  'dataTablesOf',
  'financeOf',
]);
/**
 * Household entry points, swept below on a whole household. `project` is the inner loop they call once the household
 * is checked (finiteTree); it trusts its input so the projection keeps its speed (bench:engine).
 */
const HOUSEHOLD = new Set([
  'calculateDebt',
  'calculateFinance',
  'calculateDataTables',
  'netWorthByYear',
  'calculateScenarioModelling',
  'project',
  'planProjection',
]);

/** Paths of every number inside a call's arguments (but its fixed tables). */
const swept = (c: Call) => numberPaths(c.args).filter((p) => !c.fixed?.includes(p[0] as number));
/** Paths of every number inside a value. */
function numberPaths(v: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof v === 'number') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => numberPaths(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => numberPaths(x, [...path, k]));
  return [];
}
function replaced(args: unknown[], path: Array<string | number>, value: number): unknown[] {
  const copy = structuredClone(args) as unknown[];
  if (path.length === 1) copy[path[0] as number] = value;
  else {
    let o = copy as unknown as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
    o[path[path.length - 1] as string | number] = value;
  }
  return copy;
}
const invoke = (name: string, args: unknown[]) => {
  const c = CALLS[name] as Call;
  return c.call ? c.call(...args) : (fns[name] as (...a: unknown[]) => unknown)(...args);
};
/** Every number in an answer (maps, arrays, objects) is finite. */
function allFinite(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v instanceof Map) return [...v.values()].every(allFinite);
  if (Array.isArray(v)) return v.every(allFinite);
  if (v && typeof v === 'object') return Object.values(v).every(allFinite);
  return true;
}
function refusal(fn: () => unknown): CalculationInputError | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof CalculationInputError) return e;
    throw e;
  }
}
const POISON = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('every engine function refuses non-finite input (hardening item 12)', () => {
  it('the registry names every exported function', () => {
    const exported = Object.keys(engine).filter((k) => typeof fns[k] === 'function' && !/^[A-Z]/.test(k));
    const unlisted = exported.filter((k) => !(k in CALLS) && !NO_NUMBERS.has(k) && !HOUSEHOLD.has(k));
    expect(unlisted).toEqual([]);
  });

  it.each(Object.keys(CALLS))('%s: its valid call answers finite numbers', (name) => {
    expect(allFinite(invoke(name, (CALLS[name] as Call).args))).toBe(true);
  });

  it.each(Object.keys(CALLS))('%s: NaN, Infinity or -Infinity in any number is refused with a named field', (name) => {
    const { args } = CALLS[name] as Call;
    const accepted: string[] = [];
    for (const path of swept(CALLS[name] as Call))
      for (const bad of POISON) {
        const e = refusal(() => invoke(name, replaced(args, path, bad)));
        if (!e || !e.field) accepted.push(`${path.join('.')} = ${bad}`);
      }
    expect(accepted).toEqual([]);
  });

  it.each(Object.keys(CALLS))(
    '%s: any double in any number gives a finite answer or an input error, never NaN or Infinity',
    (name) => {
      const { args } = CALLS[name] as Call;
      const paths = swept(CALLS[name] as Call);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: paths.length - 1 }),
          fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(1e308, -1e308, 1e-320, -1e-320, 0, -0, 1e15, -1e15)),
          (k, x) => {
            let out: unknown;
            const e = refusal(() => {
              out = invoke(name, replaced(args, paths[k] as Array<string | number>, x));
            });
            if (e) expect(e.field).toMatch(/\S/);
            else expect(allFinite(out)).toBe(true);
          },
        ),
        { numRuns: 300, seed: 12 },
      );
    },
  );
});

describe('degenerate input is refused, not answered (hardening item 12)', () => {
  const field = (fn: () => unknown) => refusal(fn)?.field;
  it('NPV of no flows is refused (it answered 0)', () => expect(field(() => engine.npv(0.1, []))).toBe('values'));
  it('payback of no flows is refused', () => expect(field(() => engine.payback([]))).toBe('values'));
  it('XIRR with every flow on one date is refused (it answered an arbitrary rate)', () => {
    expect(field(() => engine.xirr([-100, 100], ['2024-01-01', '2024-01-01']))).toBe('dates');
    expect(field(() => engine.xirr([-100, 50], ['2024-01-01', '2024-01-01']))).toBe('dates');
  });
  it('XIRR whose flows cancel out on each date is refused (every rate is a root)', () => {
    expect(field(() => engine.xirr([-100, 100, 0], ['2024-01-01', '2024-01-01', '2025-01-01']))).toBe('dates');
    expect(
      field(() => engine.xirr([-100, 100, -50, 50], ['2024-01-01', '2024-01-01', '2025-01-01', '2025-01-01'])),
    ).toBe('dates');
  });
  it('IRR and XIRR with no sign change are refused', () => {
    expect(field(() => engine.irr([100, 200]))).toBe('values');
    expect(field(() => engine.xirr([-100, -200], ['2024-01-01', '2025-01-01']))).toBe('values');
  });
  it('RATE with pv, pmt and fv all 0 is refused (every rate fits)', () =>
    expect(field(() => engine.rate(12, 0, 0, 0))).toBe('pmt'));
  it('a tenure of Infinity months, a growth of −100% or less and an endless repayment count are refused', () => {
    expect(field(() => engine.annuityInstalment(1000, 5, Number.POSITIVE_INFINITY))).toBe('loan_tenure');
    expect(field(() => engine.marketValueAfter(1000, -150, 0.5))).toBe('growth_rate');
    expect(field(() => engine.pensionRefund(1, 2020, 1, Number.POSITIVE_INFINITY, 2030))).toBe('repayment_years');
  });
  it('a loan at a denormal rate costs principal / months (it answered Infinity)', () => {
    expect(engine.annuityInstalment(1, 3e-321, 2)).toBe(0.5);
    expect(engine.balanceAfter(1, 3e-321, 2, 1)).toBe(0.5);
  });
});

describe('ages the engine matches year by year are whole years', () => {
  // A member aged 35.5 used to fail as 'The amounts and rates given grow beyond what can be computed' (the tables by
  // age have no entry at 35.5); a pension retirement age of 55.5 never formed the RA, silently.
  it('a member age with a fraction is refused, naming the field', () => {
    const h = sampleHousehold(2);
    const members = h.members.map((m, i) => (i === 0 ? { ...m, age: 35.5 } : m));
    const e = refusal(() => engine.project({ ...h, members }));
    expect(e?.field).toBe('members.0.age');
    expect(e?.message).toBe('members.0.age must be a whole number from 0 to 120');
  });
  it('a pension retirement age with a fraction is refused, naming the field', () => {
    const h = sampleHousehold(2);
    const pensions = (h.pensions ?? []).map((p, k) => (k === 1 ? { ...p, retirement_age: 55.5 } : p));
    const e = refusal(() => engine.project({ ...h, pensions }));
    expect(e?.field).toBe('pensions.1.retirement_age');
    expect(e?.message).toBe('pensions.1.retirement_age must be a whole number from 0 to 120');
  });
  it('whole ages project as before', () => {
    const h = sampleHousehold(2);
    expect(() =>
      engine.project({ ...h, members: h.members.map((m) => (m.age === undefined ? m : { ...m, age: m.age + 1 })) }),
    ).not.toThrow();
  });
});

describe('household entry points answer finite figures or a named input error', () => {
  const entries: Array<[string, (h: engine.HouseholdInput) => unknown]> = [
    ['calculateDebt', engine.calculateDebt],
    ['calculateFinance', engine.calculateFinance],
    ['calculateDataTables', engine.calculateDataTables],
    ['netWorthByYear', engine.netWorthByYear],
    ['calculateScenarioModelling', (h) => engine.calculateScenarioModelling(h)],
  ];
  it.each(entries)(
    '%s: NaN, Infinity or -Infinity in any number of a household is refused with a named field',
    (_name, fn) => {
      const h = h1();
      const accepted: string[] = [];
      for (const path of numberPaths([h]))
        for (const bad of POISON) {
          const e = refusal(() => fn(replaced([h], path, bad)[0] as engine.HouseholdInput));
          if (!e || !e.field) accepted.push(`${path.slice(1).join('.')} = ${bad}`);
        }
      expect(accepted).toEqual([]);
    },
  );
});
