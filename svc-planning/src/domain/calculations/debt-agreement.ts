import Decimal from 'decimal.js';

/**
 * Test support (no engine code uses it): the checks that every figure of a debt reply agrees with the others to the
 * cent, under the rounding convention of docs/planning-model.md "Rounding". Used by the unit property
 * (debt.test.ts) and through HTTP (test/calculate.test.ts). Returns the disagreements, empty when all agree.
 */
export interface DebtReplyLike {
  total_outstanding: number;
  total_monthly_repayment: number;
  /** The running loans' other monthly costs (apart from the repayments); older replies without it are not checked. */
  total_monthly_running_costs?: number;
  loans: ReadonlyArray<{
    id: string;
    instalment: number;
    tenure_months: number;
    months_paid: number;
    months_remaining: number;
    outstanding: number;
    outstanding_in_currency: number;
    total_interest: number;
    other_monthly_expenses: number;
    end_year: number;
    schedule: ReadonlyArray<{ period: number; payment: number; interest: number; principal: number; balance: number }>;
  }>;
}

const c = (x: number) => Math.round(x * 100);
/** Cents of amount × rate: the exact decimal product, half away from zero (the convention, computed independently). */
const converted = (amount: number, f: number) =>
  c(new Decimal(amount).times(f).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());

/** `loans[k]` gives each loan's amount and start; `fx[k]` its rate to the reply's currency (1 when the same). */
export function debtDisagreements(
  reply: DebtReplyLike,
  loans: ReadonlyArray<{ original_loan: number; starting_year: number }>,
  fx: readonly number[] = [],
): string[] {
  const bad: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) bad.push(what);
  };
  let outstanding = 0;
  let monthly = 0;
  let running = 0;
  reply.loans.forEach((l, k) => {
    const input = loans[k] as { original_loan: number; starting_year: number };
    const s = l.schedule;
    const at = `loans.${k}`;
    expect(s.length === l.tenure_months, `${at}: ${s.length} schedule rows for a tenure of ${l.tenure_months} months`);
    expect(l.months_paid + l.months_remaining === l.tenure_months, `${at}: months paid + remaining ≠ tenure`);
    expect(
      l.end_year === input.starting_year + Math.floor((l.tenure_months - 1) / 12),
      `${at}: end_year is not the year of the last row`,
    );
    let balance = c(input.original_loan);
    let principal = 0;
    let interest = 0;
    s.forEach((r, i) => {
      expect(r.period === i + 1, `${at}.schedule.${i}: period ${r.period}`);
      expect(c(r.payment) === c(r.interest) + c(r.principal), `${at}.schedule.${i}: payment ≠ interest + principal`);
      balance -= c(r.principal);
      expect(
        c(r.balance) === balance,
        `${at}.schedule.${i}: balance ${r.balance} ≠ previous balance − principal (${balance / 100})`,
      );
      if (i < s.length - 1)
        expect(
          c(r.payment) === c(l.instalment),
          `${at}.schedule.${i}: payment ${r.payment} ≠ instalment ${l.instalment}`,
        );
      principal += c(r.principal);
      interest += c(r.interest);
    });
    expect(principal === c(input.original_loan), `${at}: principal sums to ${principal / 100}, not the loan`);
    expect(balance === 0, `${at}: the schedule ends at ${balance / 100}, not 0`);
    expect(
      interest === c(l.total_interest),
      `${at}: total_interest ${l.total_interest} ≠ the rows' interest ${interest / 100}`,
    );
    const expected = l.months_paid === 0 ? c(input.original_loan) : c(s[l.months_paid - 1]?.balance ?? Number.NaN);
    expect(
      c(l.outstanding) === expected,
      `${at}: outstanding ${l.outstanding} ≠ the schedule's balance after ${l.months_paid} months (${expected / 100})`,
    );
    const f = fx[k] ?? 1;
    expect(
      c(l.outstanding_in_currency) === converted(l.outstanding, f),
      `${at}: outstanding_in_currency ≠ outstanding × rate, in cents`,
    );
    outstanding += c(l.outstanding_in_currency);
    if (l.months_remaining > 0) {
      monthly += converted(c(l.instalment) / 100, f);
      running += converted(c(l.other_monthly_expenses) / 100, f);
    }
  });
  expect(
    c(reply.total_outstanding) === outstanding,
    `total_outstanding ${reply.total_outstanding} ≠ the sum of the loans' ${outstanding / 100}`,
  );
  expect(
    c(reply.total_monthly_repayment) === monthly,
    `total_monthly_repayment ${reply.total_monthly_repayment} ≠ the sum of the running loans' instalments ${monthly / 100}`,
  );
  if (reply.total_monthly_running_costs !== undefined)
    expect(
      c(reply.total_monthly_running_costs) === running,
      `total_monthly_running_costs ${reply.total_monthly_running_costs} ≠ the sum of the running loans' ${running / 100}`,
    );
  return bad;
}
