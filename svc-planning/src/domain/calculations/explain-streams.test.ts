import fc from 'fast-check';
import { householdArb } from '../../reports/households.arbitrary';
import { evaluate, Explainer, mismatches, type Step } from './explain';
import { project } from './projection';
import { sampleHousehold } from './sample';
import type { HouseholdInput } from './types';

/**
 * The streams' and the income tax's explanations (issue 34, docs/decisions/explanations-h1.md): incomes, expenses,
 * goals, premiums, payouts, cash values and the tax, each down to the stored inputs and the published tables.
 */

const explain = (h: HouseholdInput) => {
  const ex = new Explainer();
  const p = project(h, { explain: ex });
  return { ex, p };
};

/** The leaves below a step (each once). */
function leavesBelow(steps: ReadonlyMap<string, Step>, id: string, seen = new Set<string>(), out: Step[] = []): Step[] {
  if (seen.has(id)) return out;
  seen.add(id);
  const s = steps.get(id);
  if (!s) throw new Error(`${id} was not recorded`);
  if (s.formula.op === 'input') out.push(s);
  for (const p of s.parts) leavesBelow(steps, p, seen, out);
  return out;
}

const SERIES = ['income', 'expenses', 'goals', 'premiums', 'payouts', 'insurance', 'tax'];
/**
 * The leaves the engine has not broken down below this helper's series. `flow:<year>:employee:<memberId>` (the
 * employee contributions the CPF/EPF relief reads) is the pension code's to record: left out here.
 */
function engineLeaves(ex: Explainer, years: number[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const y of years)
    for (const name of SERIES)
      for (const l of leavesBelow(ex.steps, `flow:${y}:${name}`, seen))
        if (l.leaf === 'engine' && !/^flow:\d+:employee:/.test(l.id)) out.push(l.id);
  return out;
}

/** A projection with the insured's death in 2030, explained. */
const project2 = (h: HouseholdInput) => {
  const ex = new Explainer();
  const p = project(h, { explain: ex, events: [{ member_id: 'me', type: 'death', year: 2030 }] });
  return { ex, p };
};

const money = (value: number) => ({ value, unit: 'money' });
const year = (value: number) => ({ value, unit: 'year' });

/** One member, 40 in 2026, salary 9,000 a month; two children (5 and 8); no pension. */
const SG: HouseholdInput = {
  as_of: '2026-01-01',
  currency: 'SGD',
  members: [{ id: 'me', name: 'Lee', relation: 'me', age: 40, retirement_age: 65 }],
  incomes: [{ id: 'sal', member_id: 'me', kind: 'gross income', amount: 9_000, frequency: 'monthly' }],
  expenses: [{ id: 'food', category: 'food', amount: 1_000, frequency: 'monthly', inflation_rate: 2 }],
  dependants: [
    { id: 'd1', age: 5 },
    { id: 'd2', age: 8 },
  ],
};

describe('explanations of the streams and the income tax', () => {
  it('explains the Singapore tax of YA 2027 on the income of 2026, relief by relief and band by band', () => {
    const { ex, p } = explain(SG);
    // Income 2026: 9,000 × 12 = 108,000 (no growth). Reliefs for YA 2027 (version from YA 2026): earned income relief
    // 1,000 (age 40 at the end of 2026, at most the income) + qualifying child relief 2 × 4,000 = 8,000 → 9,000 (cap
    // 80,000). Chargeable 108,000 − 9,000 = 99,000. Bands: 0 on 20,000; 2% of 10,000 = 200; 3.5% of 10,000 = 350; 7% of
    // 40,000 = 2,800; 11.5% of 19,000 = 2,185 → 5,535 (no rebate in YA 2027).
    const tax = ex.get('tax:2027:me:tax') as Step;
    expect(tax.value).toBe(5_535);
    expect(tax.label).toBe('Income tax of Lee, 2027');
    expect(tax.formula.op).toBe('bands');
    expect(tax.parts).toEqual(['tax:2027:me:chargeable']);
    expect(tax.table).toEqual(expect.objectContaining({ name: 'sgIncomeTax', version: 2026, year: 2027 }));
    expect(tax.table?.source).toMatch(/^IRAS, /);
    expect(tax.rule.slice(0, 9)).toEqual([
      'bands of YA ',
      year(2027),
      ' on ',
      money(99_000),
      ' chargeable income (',
      money(108_000),
      ' income − ',
      money(9_000),
      ' reliefs)',
    ]);
    expect(tax.rule.slice(9)).toEqual([
      '; ',
      'Singapore taxes a year’s income in the next year: the tax paid in ',
      year(2027),
      ' (YA ',
      year(2027),
      ') is on the income of ',
      year(2026),
    ]);
    expect(evaluate(ex.steps, 'tax:2027:me:tax')).toBe(5_535);

    const chargeable = ex.get('tax:2027:me:chargeable') as Step;
    expect([chargeable.value, chargeable.parts, chargeable.formula]).toEqual([
      99_000,
      ['tax:2027:me:income', 'tax:2027:me:reliefs'],
      { op: 'sum', signs: [1, -1], round: false },
    ]);
    const income = ex.get('tax:2027:me:income') as Step;
    expect([income.value, income.parts]).toEqual([108_000, ['rec:incomes:sal:2026:amount']]);
    const reliefs = ex.get('tax:2027:me:reliefs') as Step;
    expect([reliefs.value, reliefs.formula.op, reliefs.parts]).toEqual([
      9_000,
      'min',
      ['tax:2027:me:reliefs:before_cap', 'tbl:sgIncomeTax:2026:relief_cap'],
    ]);
    expect(ex.get('tax:2027:me:reliefs:before_cap')?.parts).toEqual([
      'tax:2027:me:relief:earned_income',
      'tax:2027:me:relief:children',
    ]);
    expect(ex.get('tax:2027:me:relief:earned_income')?.value).toBe(1_000);
    expect(ex.get('tax:2027:me:relief:earned_income')?.parts).toEqual([
      'tax:2027:me:income',
      'tbl:sgIncomeTax:2026:earned_income:to_54',
    ]);
    const children = ex.get('tax:2027:me:relief:children') as Step;
    expect([children.value, children.parts]).toEqual([8_000, ['tbl:sgIncomeTax:2026:child', 'tax:2027:me:children']]);
    const kids = ex.get('tax:2027:me:children') as Step;
    expect([kids.value, kids.unit, kids.records?.map((r) => r.id)]).toEqual([2, 'count', ['d1', 'd2']]);
    expect(ex.get('tbl:sgIncomeTax:2026:relief_cap')).toEqual(
      expect.objectContaining({
        value: 80_000,
        table: expect.objectContaining({ name: 'sgIncomeTax', version: 2026 }),
      }),
    );

    // the year's tax and the data table's figure
    expect(ex.get('flow:2027:tax')).toEqual(expect.objectContaining({ value: 5_535, parts: ['tax:2027:me:tax'] }));
    expect(p.rows[1]?.tax).toBe(5_535);
    expect(evaluate(ex.steps, 'row:2027:tax')).toBe(5_535);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('explains an income from its record: 9,000 a month × 12, until the member stops working', () => {
    const { ex } = explain(SG);
    const amount = ex.get('rec:incomes:sal:2026:amount') as Step;
    expect([amount.value, amount.formula.op, amount.parts]).toEqual([
      108_000,
      'product',
      ['rec:incomes:sal:yearly', 'rec:incomes:sal:2026:growth'],
    ]);
    expect(amount.rule.join('')).toContain('employment income stops when Lee stops working in ');
    expect(amount.rule).toContainEqual(year(2051));
    expect(ex.get('rec:incomes:sal:yearly')?.parts).toEqual(['in:incomes:sal:amount', 'rec:incomes:sal:periods']);
    expect(ex.get('in:incomes:sal:amount')).toEqual(
      expect.objectContaining({ value: 9_000, records: [{ kind: 'incomes', id: 'sal', field: 'amount' }] }),
    );
    expect(ex.get('rec:incomes:sal:periods')).toEqual(
      expect.objectContaining({ value: 12, records: [{ kind: 'incomes', id: 'sal', field: 'frequency' }] }),
    );
    // retired at 65 in 2051: the salary's last year is 2050
    expect(ex.get('rec:incomes:sal:2050:amount')?.value).toBe(108_000);
    expect(ex.has('rec:incomes:sal:2051:amount')).toBe(false);
    expect(ex.get('flow:2051:income')).toEqual(
      expect.objectContaining({ value: 0, parts: [], rule: ['no income record pays this year'] }),
    );
    // the expense, inflated by its own 2% a year: 12,000 × 1.02² in 2028
    const food = ex.get('rec:expenses:food:2028:amount') as Step;
    expect(food.value).toBeCloseTo(12_000 * 1.02 ** 2, 9);
    expect(food.parts).toEqual(['rec:expenses:food:yearly', 'rec:expenses:food:2028:growth']);
    expect(ex.get('rec:expenses:food:2028:growth')?.parts).toEqual(['rec:expenses:food:growth', 'flow:2028:years']);
    expect(ex.get('rec:expenses:food:growth')?.parts).toEqual(['num:1', 'rec:expenses:food:growth:fraction']);
    expect(ex.get('rec:expenses:food:growth:fraction')?.parts).toEqual(['in:expenses:food:inflation_rate', 'num:100']);
    expect(engineLeaves(ex, [2026, 2027, 2040, 2051])).toEqual([]);
  });

  it('records each series as the sum of the records’ amounts, to the same float the year loop read', () => {
    const { ex, p } = explain(sampleHousehold(5));
    for (const t of [0, 1, 10, 30]) {
      const y = p.start_year + t;
      const sum = (name: string) =>
        (ex.get(`flow:${y}:${name}`) as Step).parts.reduce((a, id) => a + (ex.get(id) as Step).value, 0);
      for (const name of ['income', 'expenses', 'goals', 'premiums', 'payouts', 'insurance', 'tax'].filter(
        (x) => !(x === 'tax' && t === 0),
      ))
        expect([name, sum(name)]).toEqual([name, ex.get(`flow:${y}:${name}`)?.value]);
    }
    // explaining changes no figure
    expect(project(sampleHousehold(5)).rows).toEqual(p.rows);
  });

  it.each([
    ['SGD', 'sgIncomeTax'],
    ['RM', 'myIncomeTax'],
  ])('breaks the sample %s household down to records, tables and assumptions (no engine leaf)', (currency, table) => {
    const { ex, p } = explain(sampleHousehold(3, currency));
    expect(mismatches(ex.steps)).toEqual([]);
    const years = p.rows.map((r) => r.year);
    expect(engineLeaves(ex, years)).toEqual([]);
    // the tax cites its table; the first year's tax is its part after the as-of day
    expect(ex.get('tax:2026:m1:tax')?.table?.name).toBe(table);
    expect(ex.get('flow:2025:tax')?.parts).toEqual(['tax:2025:whole_year', 'flow:2025:part']);
    // premiums, payouts and cash values name their policy
    const premiums = ex.get('flow:2026:premiums') as Step;
    expect(premiums.parts.length).toBeGreaterThan(0);
    for (const id of premiums.parts) expect(id).toMatch(/^rec:insurances:s\d:2026:premium$/);
  });

  it('explains the Malaysian tax of 2026 with the EPF and life insurance reliefs under their caps', () => {
    const { ex, p } = explain({
      as_of: '2026-01-01',
      currency: 'RM',
      members: [{ id: 'me', name: 'Aminah', relation: 'me', age: 40, retirement_age: 60 }],
      incomes: [{ id: 'sal', member_id: 'me', kind: 'gross income', amount: 6_000, frequency: 'monthly' }],
      pensions: [{ id: 'epf', member_id: 'me', type: 'EPF', balances: { account1: 50_000 }, monthly_salary: 6_000 }],
      insurances: [
        {
          id: 'life',
          member_id: 'me',
          frequency: 'annual',
          premium: 2_000,
          policy_date: '2020-03-15',
          payment_term: 20,
          benefits: [{ type: 'Death', expiry_age: 99, payout: { lump_sum_payout: { amount: 300_000 } } }],
        },
      ],
    });
    // Income 2026 (Malaysia taxes the year itself): 6,000 × 12 = 72,000. Reliefs (YA 2023 on): individual 9,000; EPF:
    // 11% of 72,000 = 7,920, at most 4,000; life premiums 2,000 (one annual premium of the policy with a death benefit),
    // at most 3,000; the two at most 7,000 together → 6,000; total 15,000. Chargeable 57,000: 1% of 15,000 = 150, 3% of
    // 15,000 = 450, 6% of 15,000 = 900, 11% of 7,000 = 770 → 2,270 (above 35,000: no rebate).
    const tax = ex.get('tax:2026:me:tax') as Step;
    expect([tax.value, tax.formula.op, tax.table?.name, tax.table?.version, tax.table?.year]).toEqual([
      2_270,
      'bands',
      'myIncomeTax',
      2023,
      2026,
    ]);
    expect(tax.rule).toEqual([
      'bands of YA ',
      year(2026),
      ' on ',
      money(57_000),
      ' chargeable income (',
      money(72_000),
      ' income − ',
      money(15_000),
      ' reliefs)',
    ]);
    expect(ex.get('tax:2026:me:reliefs')?.parts).toEqual([
      'tbl:myIncomeTax:2023:individual',
      'tax:2026:me:relief:epf_life',
    ]);
    expect(ex.get('tax:2026:me:relief:epf_life')?.parts).toEqual([
      'tax:2026:me:relief:epf_life:before_cap',
      'tbl:myIncomeTax:2023:epf_and_life',
    ]);
    expect(ex.get('tax:2026:me:relief:epf')).toEqual(
      expect.objectContaining({ value: 4_000, parts: ['flow:2026:employee:me', 'tbl:myIncomeTax:2023:epf'] }),
    );
    expect(ex.get('flow:2026:employee:me')?.value).toBe(7_920);
    expect(ex.get('tax:2026:me:relief:life')).toEqual(
      expect.objectContaining({ value: 2_000, parts: ['flow:2026:life_premiums:me', 'tbl:myIncomeTax:2023:life'] }),
    );
    expect(ex.get('flow:2026:life_premiums:me')?.parts).toEqual(['rec:insurances:life:2026:premium']);
    expect(ex.get('rec:insurances:life:2026:premium')?.parts).toEqual([
      'rec:insurances:life:payment',
      'rec:insurances:life:2026:payments',
    ]);
    expect(ex.get('rec:insurances:life:2026:payments')?.value).toBe(1);
    expect(p.rows[0]?.tax).toBe(2_270);
    expect(evaluate(ex.steps, 'row:2026:tax')).toBe(2_270);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('explains a policy’s premiums, its cash value and what it pays on the insured’s death', () => {
    const { ex, p } = project2({
      as_of: '2026-01-01',
      currency: 'SGD',
      members: [{ id: 'me', name: 'Lee', relation: 'me', age: 40, retirement_age: 65 }],
      insurances: [
        {
          id: 'wl',
          member_id: 'me',
          frequency: 'monthly',
          premium: 300,
          policy_date: '2020-03-15',
          current_cash_value: 10_000,
          benefits: [
            { type: 'Death', expiry_age: 99, payout: { lump_sum_payout: { amount: 200_000 } } },
            { type: 'Disability', expiry_age: 70, payout: { lump_sum_payout: { amount: 50_000 } } },
          ],
        },
      ],
    });
    // 2029: 12 monthly premiums of 300 = 3,600; the cash value 10,000 × 1.05³ = 11,576.25 (Kinfolio's default 5%).
    // 2030, the insured dies: the death benefit 200,000, then the cash value reached in 2029, 11,576.25.
    expect(ex.get('rec:insurances:wl:2029:premium')).toEqual(
      expect.objectContaining({
        value: 3_600,
        parts: ['rec:insurances:wl:payment', 'rec:insurances:wl:2029:payments'],
      }),
    );
    expect(ex.get('rec:insurances:wl:2029:payments')?.value).toBe(12);
    expect(ex.get('flow:2029:insurance')?.parts).toEqual(['rec:insurances:wl:2029:cash_value']);
    expect(ex.get('rec:insurances:wl:growth:fraction')?.parts).toEqual(['asm:insurance_growth_rate', 'num:100']);
    const payouts = ex.get('flow:2030:payouts') as Step;
    expect([payouts.value, payouts.parts]).toEqual([
      211_576.25,
      ['rec:insurances:wl:2030:death', 'rec:insurances:wl:2030:cash_value'],
    ]);
    expect(ex.get('rec:insurances:wl:2030:death:benefits')?.parts).toEqual(['in:insurances:wl:benefits.0.amount']);
    expect(ex.get('rec:insurances:wl:2030:cash_value')?.parts).toEqual([
      'rec:insurances:wl:cash',
      'rec:insurances:wl:2029:growth',
    ]);
    expect(ex.get('flow:2030:premiums')).toEqual(expect.objectContaining({ value: 0, parts: [] }));
    expect(p.rows[4]?.insurance_payouts).toBe(211_576.25);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('explains the Malaysian rebate and the Singapore rebate of YA 2025', () => {
    const my = explain(sampleHousehold(3, 'RM')).ex;
    const t = my.get('tax:2026:m1:tax') as Step;
    // the RM sample: chargeable below 35,000 → the tax less the rebate of 400, not below 0
    expect([t.formula.op, t.parts]).toEqual(['floor0', ['tax:2026:m1:after_rebate']]);
    expect(my.get('tax:2026:m1:rebate')?.parts).toEqual(['tbl:myIncomeTax:2023:rebate']);
    expect(my.get('tbl:myIncomeTax:2023:rebate')?.value).toBe(400);
    const sg = explain(sampleHousehold(3)).ex;
    // YA 2025 had a rebate of 60%, at most 200
    expect(sg.get('tax:2025:m1:rebate')?.parts).toEqual([
      'tax:2025:m1:rebate:share',
      'tbl:sgIncomeTax:2025:rebate_cap',
    ]);
    expect(sg.get('tbl:sgIncomeTax:2025:rebate_percent')?.value).toBe(60);
  });

  it('says a household in another currency pays no income tax here', () => {
    const { ex } = explain({ ...SG, currency: 'USD' });
    expect(ex.get('flow:2027:tax')).toEqual(expect.objectContaining({ value: 0, leaf: 'assumption' }));
  });

  it('explains every stream of generated households to the cent', () => {
    fc.assert(
      fc.property(householdArb, (g) => {
        const { ex, p } = explain(g.household as unknown as HouseholdInput);
        expect(mismatches(ex.steps)).toEqual([]);
        expect(
          engineLeaves(
            ex,
            p.rows.map((r) => r.year),
          ),
        ).toEqual([]);
      }),
      { numRuns: 12, seed: 34 },
    );
  });
});
