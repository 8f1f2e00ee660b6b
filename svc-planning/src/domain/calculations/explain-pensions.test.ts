import fc from 'fast-check';
import { Explainer, mismatches, type Step } from './explain';
import { project } from './projection';
import type { HouseholdInput, LoanInput, PensionInput } from './types';

/**
 * Issue 34: the pensions' figures explain themselves (pension-explain.ts, recorded by pensionContributions and
 * pensionBalances beside their operations). Hand-computed values from the CPF Board and KWSP tables of the year.
 */

const SERIES = ['employee', 'pensions', 'pension_payouts', 'post_contributions'];

function explained(h: HouseholdInput, opts: { sell_on_shortfall?: boolean } = {}) {
  const ex = new Explainer();
  const result = project(h, { ...opts, explain: ex });
  return { ex, result };
}
const step = (ex: Explainer, id: string): Step => {
  const s = ex.get(id);
  if (!s) throw new Error(`no step ${id}`);
  return s;
};
/** The 'engine' leaves anywhere below the pension series of every year (none: every part is broken down). */
function engineLeavesUnder(ex: Explainer, years: number[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const s = ex.get(id);
    if (!s) {
      out.push(`${id} (not recorded)`);
      return;
    }
    if (s.leaf === 'engine') out.push(id);
    for (const p of s.parts) walk(p);
  };
  for (const y of years) for (const name of SERIES) walk(`flow:${y}:${name}`);
  return out;
}
const years = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

describe('CPF explained (one member aged 40 in 2026, 6,000 a month, OA 50,000, SA 20,000, MA 15,000)', () => {
  const household: HouseholdInput = {
    as_of: '2026-07-02', // 182 days of 2026 gone: the first year's part is 1 − 182/365 = 183/365 = 0.501369863
    currency: 'SGD',
    members: [{ id: 'me', name: 'Lin', relation: 'me', age: 40 }],
    pensions: [
      {
        id: 'cpf',
        member_id: 'me',
        type: 'CPF',
        balances: { oa: 50_000, sa: 20_000, ma: 15_000 },
        monthly_salary: 6_000,
      },
    ],
  };
  const { ex, result } = explained(household);
  const part = 1 - 182 / 365;

  it('records the 2026 employee contribution: 20% of 6,000 × 12, the part of 2026 after the as-of day', () => {
    // CPF 2026: age 40 is in the band up to 55, employee 20%; 6,000 is below the ordinary wage ceiling of 8,000, so
    // the wages are 6,000 × 12 = 72,000 and the whole year's contribution 20% × 72,000 = 14,400
    const ee = step(ex, 'rec:pensions:cpf:2026:employee');
    expect(ee.value).toBe(14_400);
    expect(ee.formula.op).toBe('percent');
    expect(ee.parts).toEqual(['rec:pensions:cpf:2026:wages', 'tbl:cpf:2026:employee_rate_to_55:2026']);
    expect(ee.rule).toEqual([
      { value: 20, unit: 'percent' },
      ' of the wages ',
      { value: 72_000, unit: 'money' },
      ' (age ',
      { value: 40, unit: 'age' },
      ')',
    ]);
    const rate = step(ex, 'tbl:cpf:2026:employee_rate_to_55:2026');
    expect(rate.value).toBe(20);
    expect(rate.table).toMatchObject({ name: 'cpf', version: 2026, year: 2026 });
    expect(rate.table?.source).toContain('CPF Board');
    expect(step(ex, 'rec:pensions:cpf:2026:wages').value).toBe(72_000);
    // the tax relief reads the whole year's amount by member
    expect(step(ex, 'flow:2026:employee:me').value).toBe(14_400);
    expect(step(ex, 'flow:2026:employee:me').parts).toEqual(['rec:pensions:cpf:2026:employee']);
    // the year's series: 14,400 × 183/365 = 7,219.73
    const flow = step(ex, 'flow:2026:employee');
    expect(flow.value).toBeCloseTo(7_219.726027, 5);
    expect(flow.formula.op).toBe('product');
    expect(flow.parts).toEqual(['flow:2026:employee:whole_year', 'flow:2026:part']);
    expect(step(ex, 'flow:2026:employee:whole_year').parts).toEqual(['flow:2026:employee:me']);
    expect(step(ex, 'row:2026:employee_contribution').value).toBe(7_219.73);
    expect(result.rows[0]?.employee_contribution).toBe(7_219.73);
    // 2027: a whole year, CPF 2027's table
    expect(step(ex, 'rec:pensions:cpf:2027:employee').parts).toEqual([
      'rec:pensions:cpf:2027:wages',
      'tbl:cpf:2027:employee_rate_to_55:2027',
    ]);
    expect(step(ex, 'flow:2027:employee').value).toBe(14_400);
  });

  it('records the OA at the end of 2026: the opening balance and the contributions with their interest', () => {
    // OA: 2.5% a year (CPF floor rate). Contributions: 21% of the wages (allocation at 36-45) for the part of the year:
    // 72,000 × 0.501369863 × 21% = 7,580.71, credited month by month: half the part's interest.
    //   50,000 × 1.025^0.501369863 = 50,000 × 1.012457083 = 50,622.85
    //   7,580.71 × 1.025^0.250684932 = 7,580.71 × 1.006209264 = 7,627.78
    //   OA at the end of 2026 = 58,250.64 (no extra interest: it goes to the SA below 55)
    const oa = step(ex, 'rec:pensions:cpf:2026:oa');
    expect(oa.value).toBeCloseTo(58_250.64, 2);
    expect(oa.label).toBe('Lin’s CPF Ordinary Account, end of 2026');
    const grown = step(ex, 'rec:pensions:cpf:2026:oa:grown');
    expect(grown.parts).toEqual([
      'rec:pensions:cpf:2026:oa:opening_grown',
      'rec:pensions:cpf:2026:oa:contributions_grown',
    ]);
    expect(step(ex, 'rec:pensions:cpf:2026:oa:opening_grown').value).toBeCloseTo(50_622.85, 2);
    expect(step(ex, 'rec:pensions:cpf:2026:oa:opening_grown').parts[0]).toBe('in:pensions:cpf:balances.oa');
    expect(step(ex, 'in:pensions:cpf:balances.oa').records).toEqual([
      { kind: 'pension', id: 'cpf', field: 'balances.oa' },
    ]);
    const contrib = step(ex, 'rec:pensions:cpf:2026:contrib_oa');
    expect(contrib.value).toBeCloseTo(7_580.71, 2);
    expect(contrib.parts).toEqual(['rec:pensions:cpf:2026:wages_part', 'tbl:cpf:2026:allocation_oa_to_45:2026']);
    expect(step(ex, 'rec:pensions:cpf:2026:oa:contributions_grown').value).toBeCloseTo(7_627.78, 2);
    expect(step(ex, 'tbl:cpf:2026:interest_oa').value).toBe(1.025);
    // SA: 20,000 × 1.04^0.5014 + 7% × 36,098.63 × 1.04^0.2507 + extra interest 1% on 20,000 (OA capped) + 20,000 + 15,000
    // = 550 for the year, × 0.5014 = 275.75: 20,397.17 + 2,551.87 + 275.75 = 23,224.80
    const extra = step(ex, 'rec:pensions:cpf:2026:extra_interest');
    expect(extra.value).toBe(550);
    expect(extra.rule.slice(0, 3)).toEqual([
      { value: 1, unit: 'percent' },
      ' on the first ',
      { value: 60_000, unit: 'money' },
    ]);
    expect(step(ex, 'rec:pensions:cpf:2026:extra_interest_base').value).toBe(55_000);
    expect(step(ex, 'rec:pensions:cpf:2026:sa').value).toBeCloseTo(23_224.8, 2);
    // the pensions row: OA + SA + MA, rounded
    const balance = step(ex, 'rec:pensions:cpf:2026:balance');
    expect(balance.parts).toEqual(['rec:pensions:cpf:2026:oa', 'rec:pensions:cpf:2026:sa', 'rec:pensions:cpf:2026:ma']);
    expect(step(ex, 'flow:2026:pensions').parts).toEqual(['rec:pensions:cpf:2026:balance']);
    expect(step(ex, 'row:2026:assets.pensions').value).toBe(result.rows[0]?.assets.pensions);
    expect(part).toBeCloseTo(0.501369863, 9);
  });

  it('records the retirement sum and the CPF LIFE payout as steps of their own, with their table versions', () => {
    // born 1986: the RA is formed in 2041 up to the FRS of the members turning 55 in 2041: CPF 2027's BRS 114,100
    // risen 3.5% a year, rounded to S$100 each year (184,500 in 2041), × 2
    let brs = 114_100;
    for (let y = 2028; y <= 2041; y++) brs = Math.round((brs * 1.035) / 100) * 100;
    expect(brs).toBe(184_500);
    const sum = step(ex, 'rec:pensions:cpf:retirement_sum');
    expect(sum.value).toBe(369_000);
    expect(sum.parts).toEqual(['tbl:cpf:2027:frs:2041']);
    expect(sum.rule).toEqual([
      'the ',
      'Full Retirement Sum',
      ' of the members turning 55 in ',
      { value: 2041, unit: 'year' },
      ', ',
      { value: 369_000, unit: 'money' },
    ]);
    const frs = step(ex, 'tbl:cpf:2027:frs:2041');
    expect(frs.formula.op).toBe('input');
    expect(frs.table).toMatchObject({ name: 'cpf', version: 2027, year: 2041 });
    expect(frs.table?.source).toMatch(/^CPF Board/);
    expect(step(ex, 'rec:pensions:cpf:2041:ra:formed').parts).toEqual([
      'rec:pensions:cpf:2041:ra:after_sa',
      'rec:pensions:cpf:2041:oa_to_ra',
    ]);
    // CPF LIFE from 65 (2051): the yearly payout solved from the RA, a twelfth of it a month
    const yearly = step(ex, 'rec:pensions:cpf:cpf_life_yearly');
    expect(yearly.parts).toEqual([
      'rec:pensions:cpf:2050:ra',
      'rec:pensions:cpf:2051:cpf_life_payments',
      'tbl:cpf:2027:interest_ra',
      'tbl:cpf:2027:extra_interest_rate',
    ]);
    expect(step(ex, 'rec:pensions:cpf:2051:cpf_life_payments').value).toBe(36); // 65 to 100, both included
    const monthly = step(ex, 'rec:pensions:cpf:cpf_life_monthly');
    expect(monthly.formula.op).toBe('quotient');
    expect(monthly.value).toBeCloseTo(yearly.value / 12, 9);
    expect(monthly.table).toMatchObject({ name: 'cpf', version: 2027, year: 2051 });
    expect(monthly.rule).toEqual(['the yearly payout ', { value: yearly.value, unit: 'money' }, ' ÷ 12']);
    expect(step(ex, 'rec:pensions:cpf:2051:payout').value).toBe(yearly.value);
    expect(step(ex, 'flow:2051:pension_payouts').parts).toEqual(['rec:pensions:cpf:2051:payout']);
    const row2051 = result.rows.find((r) => r.year === 2051);
    expect(step(ex, 'row:2051:pension_payouts').value).toBe(row2051?.pension_payouts);
    expect(row2051?.pension_payouts).toBeGreaterThan(0);
  });

  it('records the extra interest from 55 as CPF words it, and MediSave above the Basic Healthcare Sum', () => {
    // from 55: 2% on the first 30,000 and 1% on the next 30,000 (balances far above 60,000: 600 + 300 = 900)
    const extra = step(ex, 'rec:pensions:cpf:2042:extra_interest_all');
    expect(extra.formula).toEqual({
      op: 'bands',
      bands: [
        { from: 0, rate: 2 },
        { from: 30_000, rate: 1 },
        { from: 60_000, rate: 0 },
      ],
    });
    expect(extra.value).toBe(900);
    expect(extra.table).toMatchObject({ name: 'cpf', version: 2027, year: 2042 });
    // the BHS of 2039: 2026's 79,000 risen 4.7% a year, rounded to S$500 each year: 143,500; MediSave above it goes
    // to the SA (the member is 53)
    let bhs = 79_000;
    for (let y = 2027; y <= 2039; y++) bhs = Math.round((bhs * 1.047) / 500) * 500;
    expect(step(ex, 'tbl:cpf:2027:bhs:2039')).toMatchObject({
      value: bhs,
      table: { name: 'cpf', version: 2027, year: 2039 },
    });
    const over = step(ex, 'rec:pensions:cpf:2039:medisave_over_bhs');
    expect(over.parts).toEqual(['rec:pensions:cpf:2039:ma:grown', 'tbl:cpf:2027:bhs:2039']);
    expect(over.formula).toEqual({ op: 'sum', signs: [1, -1] });
    expect(step(ex, 'rec:pensions:cpf:2039:ma').value).toBe(143_500);
    expect(step(ex, 'rec:pensions:cpf:2039:sa:medisave_in').parts).toEqual([
      'rec:pensions:cpf:2039:sa:with_extra_interest',
      'rec:pensions:cpf:2039:medisave_over_bhs',
    ]);
  });

  it('every step recomputes from its leaves and no pension figure is left to the engine', () => {
    expect(mismatches(ex.steps)).toEqual([]);
    expect(engineLeavesUnder(ex, years(2026, 2086))).toEqual([]);
  });

  it('explaining changes no figure', () => {
    expect(project(household)).toEqual(result);
  });
});

describe('EPF explained (RM household, one member aged 30, RM 5,000 a month)', () => {
  const household: HouseholdInput = {
    as_of: '2026-01-01',
    currency: 'RM',
    members: [{ id: 'me', name: 'Aida', relation: 'me', age: 30 }],
    pensions: [
      {
        id: 'epf',
        member_id: 'me',
        type: 'EPF',
        balances: { account1: 10_000, account2: 2_000, account3: 1_000 },
        monthly_salary: 5_000,
      },
    ],
  };
  const { ex } = explained(household);

  it('records the contributions and Akaun Persaraan at the end of 2026', () => {
    // below 60: employee 11%, employer 13% (wages up to RM 5,000): 60,000 × 11% = 6,600 and 60,000 × 13% = 7,800
    const ee = step(ex, 'rec:pensions:epf:2026:employee');
    expect(ee.value).toBeCloseTo(6_600, 9);
    expect(ee.parts).toEqual(['rec:pensions:epf:2026:wages_yearly', 'tbl:epf:2024:employee_rate_below_60:2026']);
    expect(step(ex, 'tbl:epf:2024:employee_rate_below_60:2026').table).toMatchObject({
      name: 'epf',
      version: 2024,
      year: 2026,
    });
    expect(step(ex, 'rec:pensions:epf:2026:employer').value).toBeCloseTo(7_800, 9);
    expect(step(ex, 'tbl:epf:2024:employer_rate_low:2026').value).toBe(13);
    expect(step(ex, 'flow:2026:employee:me').value).toBeCloseTo(6_600, 9); // MY relief reads it
    // 2026's dividend is not declared yet: the default growth 5.5%. Akaun Persaraan: 75% of the contributions,
    // credited month by month: 10,000 × 1.055 + 14,400 × 0.75 × √1.055 = 10,550 + 10,800 × 1.027131929 = 21,643.02
    const a1 = step(ex, 'rec:pensions:epf:2026:account1');
    expect(a1.value).toBeCloseTo(21_643.02, 2);
    expect(a1.label).toBe('Aida’s EPF Akaun Persaraan, end of 2026');
    expect(step(ex, 'rec:pensions:epf:2026:contrib_account1').parts).toEqual([
      'rec:pensions:epf:2026:contributions',
      'tbl:epf:2024:share_persaraan',
    ]);
    expect(step(ex, 'asm:contribution_growth_rate')).toMatchObject({ value: 1.055, leaf: 'assumption' });
  });

  it('takes a declared dividend in its year', () => {
    const { ex: ex25 } = explained({ ...household, as_of: '2025-01-01' });
    const g = step(ex25, 'tbl:epfDividend:2025:rate');
    expect(g.value).toBeCloseTo(1.0615, 12);
    expect(g.table).toMatchObject({ name: 'epfDividend', version: 2025, year: 2025 });
    expect(step(ex25, 'rec:pensions:epf:2025:account1:opening_grown').parts).toEqual([
      'in:pensions:epf:balances.account1',
      'tbl:epfDividend:2025:rate',
    ]);
  });

  it('every step recomputes and no pension figure is left to the engine', () => {
    expect(mismatches(ex.steps)).toEqual([]);
    expect(engineLeavesUnder(ex, years(2026, 2096))).toEqual([]);
  });
});

/** A mortgage whose instalment CPF/EPF pays a part of (the first member's first pension). */
const loan = (fromOa: number): LoanInput => ({
  id: 'l0',
  kind: 'mortgage',
  original_loan: 200_000,
  loan_interest: 3,
  loan_tenure: 25,
  starting_year: 2024,
  pension_monthly: fromOa,
  pension_member_id: 'm0',
});

describe('employee contributions that are no tax relief', () => {
  it('adds them to the year’s series but not to the member’s relief figure', () => {
    // a Singapore household: CPF is a relief, an EPF record is not (the tax relief reads flow:<year>:employee:<member>)
    const { ex } = explained({
      as_of: '2026-01-01',
      currency: 'SGD',
      members: [{ id: 'me', name: 'Tan', relation: 'me', age: 35 }],
      pensions: [
        { id: 'cpf', member_id: 'me', type: 'CPF', balances: { oa: 1_000 }, monthly_salary: 5_000 },
        {
          id: 'epf',
          member_id: 'me',
          type: 'EPF',
          currency: 'SGD',
          balances: { account1: 1_000 },
          monthly_salary: 1_000,
        },
      ],
    });
    // CPF: 20% of 5,000 × 12 = 12,000; EPF: 11% of 1,000 × 12 = 1,320
    expect(step(ex, 'flow:2026:employee:me')).toMatchObject({
      value: 12_000,
      parts: ['rec:pensions:cpf:2026:employee'],
    });
    const flow = step(ex, 'flow:2026:employee');
    expect(flow.parts).toEqual(['flow:2026:employee:me', 'rec:pensions:epf:2026:employee']);
    expect(flow.value).toBeCloseTo(13_320, 9);
    expect(mismatches(ex.steps)).toEqual([]);
  });
});

describe('pension explanations over generated households', () => {
  const pensionArb = fc.record({
    type: fc.constantFrom('CPF', 'EPF', 'Pension') as fc.Arbitrary<'CPF' | 'EPF' | 'Pension'>,
    oa: fc.integer({ min: 0, max: 300_000 }),
    sa: fc.integer({ min: 0, max: 200_000 }),
    ma: fc.integer({ min: 0, max: 90_000 }),
    ra: fc.integer({ min: 0, max: 100_000 }),
    saMa: fc.boolean(),
    salary: fc.integer({ min: 0, max: 12_000 }),
    increment: fc.integer({ min: 0, max: 5 }),
    own: fc.option(fc.record({ ee: fc.integer({ min: 0, max: 20 }), er: fc.integer({ min: 0, max: 20 }) }), {
      nil: undefined,
    }),
    growth: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    sum: fc.constantFrom('basic', 'full', 'enhanced') as fc.Arbitrary<'basic' | 'full' | 'enhanced'>,
    limit: fc.option(fc.integer({ min: 50_000, max: 300_000 }), { nil: undefined }),
    plan: fc.constantFrom('basic', 'standard', 'escalating') as fc.Arbitrary<'basic' | 'standard' | 'escalating'>,
    pledge: fc.boolean(),
    extra: fc.boolean(),
    post: fc.option(fc.integer({ min: 10, max: 500 }), { nil: undefined }),
    payoutAge: fc.integer({ min: 65, max: 70 }),
    retirementAge: fc.integer({ min: 50, max: 60 }),
  });
  const householdArb = fc.record({
    rm: fc.boolean(),
    ages: fc.array(fc.integer({ min: 25, max: 80 }), { minLength: 1, maxLength: 2 }),
    // the member's work ends at this age (the pension's retirement age, where the RA is formed, is its own)
    workTo: fc.integer({ min: 50, max: 68 }),
    pensions: fc.array(pensionArb, { minLength: 1, maxLength: 3 }),
    asOf: fc.constantFrom('2026-01-01', '2026-03-01', '2025-09-15'),
    loanFromOa: fc.option(fc.integer({ min: 100, max: 2_000 }), { nil: undefined }),
    yearByYear: fc.boolean(),
  });
  it('every step recomputes from its leaves and the pension series have no engine leaf', () => {
    fc.assert(
      fc.property(householdArb, (g) => {
        const members = g.ages.map((age, k) => ({
          id: `m${k}`,
          name: `M${k}`,
          relation: (k === 0 ? 'me' : 'spouse') as 'me' | 'spouse',
          age,
          maturity_age: 95,
          retirement_age: g.workTo,
        }));
        const pensions: PensionInput[] = g.pensions.map((p, k) => ({
          id: `p${k}`,
          member_id: `m${k % members.length}`,
          type: p.type,
          balances:
            p.type === 'CPF'
              ? p.saMa
                ? { oa: p.oa, sa_ma: p.sa + p.ma, ra: p.ra }
                : { oa: p.oa, sa: p.sa, ma: p.ma, ra: p.ra }
              : p.type === 'EPF'
                ? { account1: p.oa, account2: p.sa, account3: p.ra }
                : { value: p.oa },
          monthly_salary: p.salary,
          salary_increment: p.increment,
          employee_percent: p.own?.ee,
          employer_percent: p.own?.er,
          ...(p.growth === undefined
            ? {}
            : p.type === 'CPF'
              ? { cpf_contribution_growth_rate: { oa: p.growth } }
              : { contribution_growth_rate: p.growth }),
          cpf_retirement_sum: p.sum,
          cpf_ers_limit: p.limit,
          cpf_life_plan: p.plan,
          cpf_property_pledge: p.pledge,
          cpf_extra_interest: p.extra,
          cpf_payout_age: p.payoutAge,
          retirement_age: p.retirementAge,
          post_retirement_contribution:
            p.post === undefined ? undefined : { contribution: true, monthly_amount: p.post },
        }));
        const h: HouseholdInput = {
          as_of: g.asOf,
          currency: g.rm ? 'RM' : 'SGD',
          members,
          pensions,
          loans: g.loanFromOa === undefined ? [] : [loan(g.loanFromOa)],
        };
        const { ex, result } = explained(h, { sell_on_shortfall: g.yearByYear });
        expect(mismatches(ex.steps)).toEqual([]);
        expect(engineLeavesUnder(ex, years(result.start_year, result.end_year))).toEqual([]);
        // the pension row of every year is explained by the pension steps
        for (const row of result.rows)
          expect(step(ex, `row:${row.year}:assets.pensions`).value).toBe(row.assets.pensions);
      }),
      { numRuns: 30, seed: 34 },
    );
  });
});
