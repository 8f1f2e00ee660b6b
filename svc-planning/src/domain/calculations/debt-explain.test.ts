import { SEED_RATES } from '@kinfolio/money';
import fc from 'fast-check';
import { Explainer, evaluate, mismatches } from './explain';
import { calculateDebt } from './index';
import type { HouseholdInput, LoanInput } from './types';

/** Issue 34: calculateDebt records how each debt figure was reached (debt-explain.ts). */
const household = (loans: LoanInput[], as_of = '2025-06-15', currency = 'SGD'): HouseholdInput => ({
  as_of,
  currency,
  members: [{ id: 'm1', relation: 'me', age: 40 }],
  loans,
});
const mortgage: LoanInput = {
  id: 'home',
  kind: 'mortgage',
  original_loan: 500_000,
  loan_interest: 3,
  loan_tenure: 25,
  starting_year: 2024,
  type: 'annuity',
};

describe('calculateDebt explains its figures', () => {
  it('a 500,000 mortgage at 3% over 25 years: the annuity instalment, the balance after 17 months, the interest', () => {
    // r = 3% / 12 = 0.0025 a month, n = 300; (1 + r)^300 = 2.1150195577; 500,000 × 0.0025 = 1,250 ÷ (1 − 1/2.11502)
    // = 2,371.0566 → 2,371.06. From January 2024 to June 2025: 17 instalments paid = 40,308.02; their interest (the
    // schedule's months 1-17, 1,250.00 in month 1 … 1,204.31 in month 17) is 20,864.04, so 19,443.98 repaid and
    // 480,556.02 outstanding. The schedule's interest over 300 months: 211,316.58.
    const ex = new Explainer();
    const r = calculateDebt(household([mortgage]), ex);
    const loan = r.loans[0];
    expect(loan?.instalment).toBe(2371.06);
    expect(loan?.outstanding).toBe(480_556.02);
    expect(loan?.total_interest).toBe(211_316.58);

    const inst = ex.get('debt:home:instalment');
    expect(inst?.value).toBe(2371.06);
    expect(inst?.formula).toEqual({ op: 'sum', round: true });
    expect(inst?.parts).toEqual(['debt:home:instalment:exact']);
    const exact = ex.get('debt:home:instalment:exact');
    expect(exact?.value).toBeCloseTo(2371.056569288, 8);
    expect(exact?.formula.op).toBe('quotient');
    expect(exact?.parts).toEqual(['debt:home:first_month_interest', 'debt:home:annuity_divisor']);
    expect(ex.get('debt:home:first_month_interest')?.value).toBe(1250);
    expect(ex.get('debt:home:term_growth')?.value).toBeCloseTo(2.1150195577, 9);
    expect(ex.get('debt:home:term_growth')?.parts).toEqual(['debt:home:month_growth', 'in:loans:home:loan_tenure']);
    // the leaves: the loan record's fields
    expect(ex.get('in:loans:home:original_loan')).toMatchObject({
      value: 500_000,
      formula: { op: 'input' },
      records: [{ kind: 'debt', id: 'home', field: 'original_loan' }],
    });
    expect(ex.get('in:loans:home:loan_interest')).toMatchObject({ value: 3, unit: 'percent' });
    expect(ex.get('in:loans:home:loan_tenure')).toMatchObject({ value: 300, unit: 'count' });
    expect(ex.get('debt:home:monthly_rate')?.rule).toEqual([
      { value: 3, unit: 'percent' },
      ' a year ÷ 12 months = ',
      { value: 0.25, unit: 'percent' },
      ' a month',
    ]);

    const out = ex.get('debt:home:outstanding');
    expect(out?.value).toBe(480_556.02);
    expect(out?.parts).toEqual(['in:loans:home:original_loan', 'debt:home:principal_repaid']);
    expect(out?.formula).toEqual({ op: 'sum', signs: [1, -1], round: true });
    expect(ex.get('debt:home:months_paid')?.value).toBe(17);
    expect(ex.get('debt:home:payments_made')?.value).toBe(40_308.02);
    expect(ex.get('debt:home:interest_paid')?.value).toBe(20_864.04);
    expect(ex.get('debt:home:principal_repaid')?.value).toBe(19_443.98);
    expect(ex.get('debt:home:total_interest')?.value).toBe(211_316.58);
    expect(evaluate(ex.steps, 'debt:home:total_interest')).toBeCloseTo(211_316.58, 6);

    expect(ex.get('debt:total:outstanding')).toMatchObject({ value: 480_556.02, parts: ['debt:home:outstanding'] });
    expect(ex.get('debt:total:monthly_repayment')).toMatchObject({ value: 2371.06, parts: ['debt:home:instalment'] });
    expect(r.total_outstanding).toBe(480_556.02);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('without an Explainer the reply is the same', () => {
    const ex = new Explainer();
    const a = calculateDebt(household([mortgage]), ex);
    const b = calculateDebt(household([mortgage]));
    expect(a).toEqual(b);
  });

  it('a flat loan, a chosen repayment, a loan in another currency and running costs: every step recomputes', () => {
    // the car: 60,000 flat at 2.5% over 5 years: (60,000 + 60,000 × 2.5% × 5) ÷ 60 = 67,500 ÷ 60 = 1,125.00
    const loans: LoanInput[] = [
      {
        id: 'car',
        kind: 'vehicle',
        original_loan: 60_000,
        loan_interest: 2.5,
        loan_tenure: 5,
        starting_year: 2023,
        type: 'flat',
        maintenance: 100,
        other_expenses: { fuel: 250.5, insurance_and_road_tax: 120 },
      },
      { id: 'chosen', original_loan: 100_000, loan_interest: 6, repayment_amount: 2500, starting_year: 2024 },
      { id: 'usd', original_loan: 200_000, loan_interest: 4.1, loan_tenure: 30, starting_year: 2020, currency: 'USD' },
      { id: 'done', original_loan: 10_000, loan_interest: 5, loan_tenure: 2, starting_year: 2010 },
    ];
    const ex = new Explainer();
    const r = calculateDebt({ ...household(loans), rates: { ...SEED_RATES } }, ex);
    expect(mismatches(ex.steps)).toEqual([]);
    expect(ex.get('debt:car:instalment')?.value).toBe(1125);
    expect(ex.get('debt:car:flat_total')?.value).toBe(67_500);
    expect(ex.get('debt:car:running_costs')?.value).toBe(470.5);
    expect(ex.get('debt:chosen:instalment')?.parts).toEqual(['in:loans:chosen:repayment_amount']);
    // the USD loan: its own figures converted at 1 USD = 0.3016 / 0.2133 SGD, to the cent
    const usd = r.loans[2];
    const f = (SEED_RATES.SGD as number) / (SEED_RATES.USD as number);
    expect(ex.get('fx:USD:SGD')?.value).toBeCloseTo(f, 12);
    expect(ex.get('debt:usd:instalment:USD')?.value).toBe(usd?.instalment);
    expect(ex.get('debt:usd:outstanding')?.value).toBe(usd?.outstanding_in_currency);
    expect(ex.get('debt:usd:outstanding')?.parts).toEqual(['debt:usd:outstanding:USD', 'fx:USD:SGD']);
    // the repaid loan owes nothing and is not in the monthly totals
    expect(ex.get('debt:done:outstanding')?.value).toBe(0);
    expect(ex.get('debt:total:monthly_repayment')?.parts).toEqual([
      'debt:car:instalment',
      'debt:chosen:instalment',
      'debt:usd:instalment',
    ]);
    expect(ex.get('debt:total:outstanding')?.value).toBe(r.total_outstanding);
    expect(ex.get('debt:total:monthly_repayment')?.value).toBe(r.total_monthly_repayment);
    expect(ex.get('debt:total:monthly_running_costs')?.value).toBe(470.5);
    expect(r.total_monthly_running_costs).toBe(470.5);
  });

  it('any mix of loans, currencies and dates: every step recomputes to the cent and gives the reply’s figures', () => {
    const loan = fc.record({
      original_loan: fc.integer({ min: 1, max: 200_000_000 }).map((c) => c / 100),
      loan_interest: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 2500 }).map((b) => b / 100),
      ),
      years: fc.integer({ min: 1, max: 35 }),
      extra_months: fc.integer({ min: 0, max: 11 }),
      starting_year: fc.integer({ min: 1995, max: 2030 }),
      flat: fc.boolean(),
      repay: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
      usd: fc.boolean(),
      other: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
    });
    fc.assert(
      fc.property(
        fc.array(loan, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 2000, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        (specs, y, m) => {
          const loans: LoanInput[] = specs.map((s, k) => {
            const base = {
              id: `l${k}`,
              original_loan: s.original_loan,
              loan_interest: s.loan_interest,
              starting_year: s.starting_year,
              type: s.flat ? ('flat' as const) : ('annuity' as const),
              currency: s.usd ? 'USD' : undefined,
              other_monthly_expenses: s.other,
            };
            if (s.repay !== undefined && !s.flat)
              return {
                ...base,
                repayment_amount:
                  Math.ceil((s.original_loan * s.loan_interest) / 1200 + s.original_loan / 300) + s.repay,
              };
            return { ...base, loan_tenure: { year: s.years, month: s.extra_months } };
          });
          const ex = new Explainer();
          const r = calculateDebt(household(loans, `${y}-${String(m).padStart(2, '0')}-10`), ex);
          expect(mismatches(ex.steps)).toEqual([]);
          for (const l of r.loans) {
            expect(ex.get(`debt:${l.id}:outstanding`)?.value).toBe(l.outstanding_in_currency);
            const own = ex.get(`debt:${l.id}:outstanding:USD`) ?? ex.get(`debt:${l.id}:outstanding`);
            expect(own?.value).toBe(l.outstanding);
            const inst = ex.get(`debt:${l.id}:instalment:USD`) ?? ex.get(`debt:${l.id}:instalment`);
            expect(inst?.value).toBe(l.instalment);
            const interest = ex.get(`debt:${l.id}:total_interest:USD`) ?? ex.get(`debt:${l.id}:total_interest`);
            expect(interest?.value).toBe(l.total_interest);
          }
          expect(ex.get('debt:total:outstanding')?.value).toBe(r.total_outstanding);
          expect(ex.get('debt:total:monthly_repayment')?.value).toBe(r.total_monthly_repayment);
          expect(ex.get('debt:total:monthly_running_costs')?.value).toBe(r.total_monthly_running_costs);
        },
      ),
      { numRuns: 150 },
    );
  });
});
