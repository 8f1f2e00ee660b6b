import fc from 'fast-check';
import { rateBetween, SEED_RATES } from '@kinfolio/money';
import { debtDisagreements } from './debt-agreement';
import { calculateDebt } from './index';
import type { HouseholdInput, LoanInput } from './types';

/**
 * Hardening item 12: one rounding convention for the debt reply (docs/planning-model.md "Rounding"): every figure is
 * read from the loan's schedule in cents, so the reply agrees with itself to the cent.
 */
const household = (loans: LoanInput[], as_of = '2025-06-15', currency = 'SGD'): HouseholdInput => ({
  as_of,
  currency,
  members: [{ id: 'm1', relation: 'me', age: 40 }],
  loans,
});

describe('calculate/debt: every figure agrees with the others to the cent', () => {
  it('a 250,000 mortgage at 2.6% over 35 years, 17 months paid: outstanding is the schedule’s balance after month 17', () => {
    // Instalment 250,000 · r / (1 − (1 + r)^−420), r = 2.6%/12: 907.1877… → 907.19 a month. Month 1: interest
    // 250,000 · r = 541.67, principal 365.52, balance 249,634.48. The closed form (unrounded instalment and interest)
    // gave 243,677.15 after 17 months while the schedule beside it read 243,677.24: the reply now answers the latter.
    const r = calculateDebt(
      household([
        {
          id: 'home',
          kind: 'mortgage',
          original_loan: 250_000,
          loan_interest: 2.6,
          loan_tenure: 35,
          starting_year: 2024,
          type: 'annuity',
        },
      ]),
    );
    const loan = r.loans[0];
    expect(loan?.instalment).toBe(907.19);
    expect(loan?.schedule[0]).toEqual({
      period: 1,
      payment: 907.19,
      interest: 541.67,
      principal: 365.52,
      balance: 249_634.48,
    });
    expect(loan?.months_paid).toBe(17);
    expect(loan?.outstanding).toBe(loan?.schedule[16]?.balance);
    expect(debtDisagreements(r, [{ original_loan: 250_000, starting_year: 2024 }])).toEqual([]);
  });

  it('a loan repaid by a chosen amount: its schedule pays that amount (it paid the tenure’s instalment)', () => {
    const r = calculateDebt(
      household([{ id: 'l', original_loan: 100_000, loan_interest: 6, repayment_amount: 2500, starting_year: 2024 }]),
    );
    expect(r.loans[0]?.schedule[0]?.payment).toBe(2500);
    expect(debtDisagreements(r, [{ original_loan: 100_000, starting_year: 2024 }])).toEqual([]);
  });

  it('any mix of loans, currencies and dates', () => {
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
        fc.array(loan, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 2000, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        (specs, y, m) => {
          const loans: LoanInput[] = specs.map((s, k) => {
            const tenure = { year: s.years, month: s.extra_months };
            const base = {
              id: `l${k}`,
              original_loan: s.original_loan,
              loan_interest: s.loan_interest,
              starting_year: s.starting_year,
              type: s.flat ? ('flat' as const) : ('annuity' as const),
              currency: s.usd ? 'USD' : undefined,
              other_monthly_expenses: s.other,
            };
            // a chosen repayment: the first month's interest plus at least 1/300 of the loan (so ≤ 100 years), whole units
            if (s.repay !== undefined && !s.flat)
              return {
                ...base,
                repayment_amount:
                  Math.ceil((s.original_loan * s.loan_interest) / 1200 + s.original_loan / 300) + s.repay,
              };
            return { ...base, loan_tenure: tenure };
          });
          const r = calculateDebt(household(loans, `${y}-${String(m).padStart(2, '0')}-10`));
          const fx = loans.map((l) => (l.currency ? rateBetween(l.currency, 'SGD', SEED_RATES) : 1));
          expect(debtDisagreements(r, loans, fx)).toEqual([]);
        },
      ),
      { numRuns: 300, seed: 2026 },
    );
  });
});

describe('issue 31 (10): "repaid a month" is the loans\' instalments; running costs apart', () => {
  it('a mortgage and a car loan with 480 of running costs: repaid 5,150.00 a month (not 5,630.00), running costs 480 apart', () => {
    // by hand: mortgage 1,000,000 at 0% over 25 years = 1,000,000 / 300 = 3,333.33 a month; car 109,000 at 0% over
    // 5 years = 109,000 / 60 = 1,816.67 (rounded to the cent per schedule), 3,333.33 + 1,816.67 = 5,150.00
    const h: HouseholdInput = {
      as_of: '2026-06-01',
      currency: 'SGD',
      members: [{ id: 'm1', relation: 'me', age: 40 }],
      loans: [
        { id: 'home', kind: 'mortgage', original_loan: 1_000_000, loan_interest: 0, loan_tenure: 25, starting_year: 2026 },
        {
          id: 'car',
          kind: 'vehicle',
          original_loan: 109_000,
          loan_interest: 0,
          loan_tenure: 5,
          starting_year: 2026,
          maintenance: 80,
          other_expenses: { fuel: 250, insurance_and_road_tax: 120, servicing: 30 },
        },
      ],
    };
    const r = calculateDebt(h);
    const instalments = r.loans.reduce((a, l) => a + Math.round(l.instalment * 100), 0) / 100;
    expect(r.total_monthly_repayment).toBe(5150);
    expect(r.total_monthly_repayment).toBe(instalments);
    expect(r.total_monthly_running_costs).toBe(480);
    expect(debtDisagreements(r, h.loans ?? [])).toEqual([]);
  });
});
