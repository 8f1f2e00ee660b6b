import fc from 'fast-check';
import { amortisationSchedule, annuityInstalment } from './loans';
import { project } from './projection';
import type { HouseholdInput } from './types';

/**
 * Issue 17 "Tests: properties", over generated households (fast-check): no provident balance below zero; a household
 * with no flows keeps its value apart from growth; a loan's payments in a year are its schedule's, whoever pays them.
 */

const cents = (x: number) => Math.round(x * 100) / 100;

/** One member with a CPF account and one loan, part of it paid from the OA. */
function cpfLoanHousehold(
  loan: { loan: number; rate: number; years: number; start: number; fromOa: number },
  m: {
    as_of: string;
    age: number;
    retirement_age: number;
    balances: { oa: number; sa_ma: number; ra: number };
    salary: number;
  },
): HouseholdInput {
  return {
    as_of: m.as_of,
    currency: 'SGD',
    members: [{ id: 'm', relation: 'me', age: m.age, retirement_age: m.retirement_age }],
    pensions: [{ id: 'p', member_id: 'm', type: 'CPF', balances: m.balances, monthly_salary: m.salary }],
    loans: [
      {
        id: 'l',
        original_loan: loan.loan,
        loan_interest: loan.rate,
        loan_tenure: loan.years,
        starting_year: loan.start,
        pension_monthly: loan.fromOa,
        pension_member_id: 'm',
      },
    ],
  };
}

describe('projection properties', () => {
  it('no provident balance goes below zero, whatever a loan charges to it and whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          age: fc.integer({ min: 20, max: 70 }),
          oa: fc.integer({ min: 0, max: 400_000 }),
          sa: fc.integer({ min: 0, max: 200_000 }),
          salary: fc.integer({ min: 0, max: 12_000 }),
          loan: fc.integer({ min: 10_000, max: 1_500_000 }),
          rate: fc.double({ min: 0, max: 8, noNaN: true }),
          years: fc.integer({ min: 5, max: 35 }),
          start: fc.integer({ min: 2010, max: 2030 }),
          fromOa: fc.integer({ min: 0, max: 6_000 }),
        }),
        (g) => {
          const h = cpfLoanHousehold(g, {
            as_of: '2026-03-01',
            age: g.age,
            retirement_age: 65,
            balances: { oa: g.oa, sa_ma: g.sa, ra: 0 },
            salary: g.salary,
          });
          for (const r of project(h).rows) expect(r.assets.pensions).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with no flows, each year is the opening value grown at each asset’s own rate, nothing more or less', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.integer({ min: 0, max: 2_000_000 }), rate: fc.integer({ min: 0, max: 8 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.record({ value: fc.integer({ min: 0, max: 3_000_000 }), rate: fc.integer({ min: 0, max: 6 }) }), {
          maxLength: 2,
        }),
        (liquid, homes) => {
          const h: HouseholdInput = {
            as_of: '2026-01-01', // a whole first year: year t (from 0) has grown t + 1 years
            currency: 'SGD',
            members: [{ id: 'm', relation: 'me', age: 40, maturity_age: 80 }],
            cash_accounts: liquid
              .slice(0, 2)
              .map((a, k) => ({ id: `c${k}`, current_value: a.value, growth_rate: a.rate })),
            investments: liquid
              .slice(2)
              .map((a, k) => ({ id: `i${k}`, current_value: a.value, expected_return: a.rate })),
            properties: homes.map((p, k) => ({
              id: `h${k}`,
              purchase_price: p.value,
              purchase_year: 2020,
              market_value: p.value,
              growth_rate: p.rate,
            })),
          };
          const result = project(h);
          for (const [t, r] of result.rows.entries()) {
            // computed outside the engine: Σ value · (1 + rate)^(t + 1)
            const expected = [...liquid, ...homes].reduce((n, a) => n + a.value * (1 + a.rate / 100) ** (t + 1), 0);
            expect(Math.abs(r.net_worth - expected)).toBeLessThanOrEqual(0.01 * (liquid.length + homes.length));
            expect(r.net_cash_flow).toBe(0);
            expect(r.liabilities.shortfall).toBe(0);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a loan’s payments in a year are its schedule’s payments in that year, whoever pays them', () => {
    fc.assert(
      fc.property(
        fc.record({
          loan: fc.integer({ min: 10_000, max: 1_000_000 }),
          rate: fc.double({ min: 0.5, max: 8, noNaN: true }),
          years: fc.integer({ min: 5, max: 30 }),
          start: fc.integer({ min: 2026, max: 2030 }),
          fromOa: fc.integer({ min: 0, max: 3_000 }),
          oa: fc.integer({ min: 0, max: 300_000 }),
        }),
        (g) => {
          const h = cpfLoanHousehold(g, {
            as_of: '2026-01-01',
            // aged 20: the RA, formed at 55 from the SA and then the OA, is formed after every loan here has ended
            age: 20,
            retirement_age: 20,
            balances: { oa: g.oa, sa_ma: 0, ra: 0 },
            salary: 0,
          });
          const rows = project(h).rows;
          // The schedule in cents, January of the starting year onwards: 12 payments a calendar year.
          const schedule = amortisationSchedule(g.loan, g.rate, g.years * 12);
          const instalment = annuityInstalment(g.loan, g.rate, g.years * 12);
          // OA: grows 2.5% a year, then pays up to 12 × fromOa of the year's instalments, never more than the instalment
          // itself (rows show the balance after)
          let oa = g.oa;
          for (const r of rows) {
            const k = r.year - g.start;
            const months = k < 0 ? [] : schedule.slice(k * 12, k * 12 + 12);
            const scheduled = months.reduce((n, m) => n + m.payment, 0);
            const grown = oa * 1.025;
            const drawn = months.length ? Math.min(grown, Math.min(g.fromOa, instalment) * months.length) : 0;
            oa = grown - drawn;
            if (!months.length) {
              expect(r.loan_repayments).toBe(0);
              continue;
            }
            // cash + OA = the year's scheduled payments; the engine charges 12 unrounded instalments and the schedule
            // 12 instalments in cents (the last month takes what is left): they agree to a cent an instalment, and
            // the final year to the schedule's last-payment adjustment
            const last = k * 12 + 12 >= schedule.length;
            const tolerance = last ? Math.max(1, Math.abs((schedule.at(-1)?.payment ?? 0) - instalment) + 0.12) : 0.12;
            expect(Math.abs(r.loan_repayments + cents(drawn) - scheduled)).toBeLessThanOrEqual(tolerance);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
