import fc from 'fast-check';
import { householdArb, reportOf } from '../../reports/households.arbitrary';
import { Explainer, mismatches } from './explain';
import { calculateDebt } from './index';

/**
 * Issue 34: the debt steps calculateDebt records are the figures the report's debt tab shows (reports/read.ts maps
 * p.debt.loans: outstanding_in_currency, the instalment and interest converted to the household currency, and the
 * totals), for generated households of every kind of loan and currency.
 */
describe('the debt explanations give the report’s debt figures', () => {
  it('per loan and in total, to the cent', () => {
    let converted = 0;
    fc.assert(
      fc.property(householdArb, fc.boolean(), (generated, usd) => {
        // the generated loans are in the household currency: half the runs move every other loan to USD (the
        // stored record and the engine's loan alike), so the conversions are checked too
        const foreign = new Set(
          (generated.household.loans ?? []).filter((_, k) => usd && k % 2 === 0).map((l) => l.id),
        );
        const g = {
          ...generated,
          household: {
            ...generated.household,
            loans: generated.household.loans?.map((l) => (foreign.has(l.id) ? { ...l, currency: 'USD' } : l)),
          },
          balance: {
            ...generated.balance,
            debts: generated.balance.debts.map((d) => (foreign.has(d.id) ? { ...d, currency: 'USD' } : d)),
          },
        };
        const report = reportOf(g).report;
        const ex = new Explainer();
        calculateDebt(g.household as never, ex);
        expect(mismatches(ex.steps)).toEqual([]);
        for (const id of foreign) if (ex.has(`debt:${id}:instalment:USD`)) converted++;
        for (const l of report.debt.loans) {
          expect([l.debt_id, ex.get(`debt:${l.debt_id}:outstanding`)?.value]).toEqual([l.debt_id, l.outstanding]);
          expect([l.debt_id, ex.get(`debt:${l.debt_id}:instalment`)?.value]).toEqual([l.debt_id, l.instalment]);
          expect([l.debt_id, ex.get(`debt:${l.debt_id}:total_interest`)?.value]).toEqual([l.debt_id, l.total_interest]);
        }
        expect(ex.get('debt:total:outstanding')?.value).toBe(report.debt.total_outstanding);
        expect(ex.get('debt:total:monthly_repayment')?.value).toBe(report.debt.total_monthly_repayment);
        expect(ex.get('debt:total:monthly_running_costs')?.value).toBe(report.debt.total_monthly_running_costs);
      }),
      { numRuns: 60 },
    );
    // some loans were converted (the check is not only of loans in the household currency)
    expect(converted).toBeGreaterThan(0);
  });
});
