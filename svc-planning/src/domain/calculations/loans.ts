import Decimal from 'decimal.js';
import * as errorsModule from './errors';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, result } = errorsModule;

/**
 * Loans (spec §9 "Loan and property calculations"): 12 months a year, interest as percent a year, standard
 * amortisation. Tenure is a number of years or {year, month}; default mortgage tenure 420 months.
 */
export const DEFAULT_MORTGAGE_TENURE_MONTHS = 420;
export type Tenure = number | { year: number; month?: number };
export type LoanType = 'annuity' | 'flat';

export function tenureMonths(tenure: Tenure | null | undefined): number {
  if (tenure === null || tenure === undefined) return DEFAULT_MORTGAGE_TENURE_MONTHS;
  const m = typeof tenure === 'number' ? tenure * 12 : tenure.year * 12 + (tenure.month ?? 0);
  if (!Number.isFinite(m) || m <= 0) throw new CalculationInputError('loan_tenure', 'loan_tenure must be positive');
  return Math.round(m);
}

/**
 * A loan's monthly costs besides the instalment, paid while it is being repaid: `other_monthly_expenses`, and for a
 * vehicle its maintenance and other expenses (fuel, insurance and road tax, servicing), all monthly amounts.
 */
export function otherMonthlyCosts(l: {
  other_monthly_expenses?: number;
  maintenance?: number;
  other_expenses?: { fuel?: number; insurance_and_road_tax?: number; servicing?: number };
}): number {
  const o = l.other_expenses;
  let sum = l.other_monthly_expenses === undefined ? 0 : finite(l.other_monthly_expenses, 'other_monthly_expenses');
  if (l.maintenance !== undefined) sum += finite(l.maintenance, 'maintenance');
  if (o?.fuel !== undefined) sum += finite(o.fuel, 'other_expenses.fuel');
  if (o?.insurance_and_road_tax !== undefined)
    sum += finite(o.insurance_and_road_tax, 'other_expenses.insurance_and_road_tax');
  if (o?.servicing !== undefined) sum += finite(o.servicing, 'other_expenses.servicing');
  return result(sum, 'other_monthly_expenses');
}

const monthlyRate = (annualPercent: number) => finite(annualPercent, 'loan_interest') / 1200;

/** A loan's tenure in months: positive and finite (it need not be whole for the closed forms). */
function checkMonths(months: number): number {
  if (!(months > 0) || months === Number.POSITIVE_INFINITY)
    throw new CalculationInputError('loan_tenure', 'loan_tenure must be a positive finite number of months');
  return months;
}

function checkPrincipal(p: number): number {
  finite(p, 'original_loan');
  if (p < 0) throw new CalculationInputError('original_loan', 'original_loan must not be negative');
  return p;
}

/** Annuity instalment P·r / (1 − (1 + r)^−n); r = 0 → P / n. */
export function annuityInstalment(principal: number, annualPercent: number, months: number): number {
  checkPrincipal(principal);
  checkMonths(months);
  const r = monthlyRate(annualPercent);
  if (r <= -1) throw new CalculationInputError('loan_interest', 'loan_interest must be greater than -1200%');
  if (r === 0) return principal / months;
  // Below 1e-6 a month, 1 − (1 + r)^−n loses its digits to cancellation (to 0 for a denormal r): the log form keeps them.
  const d = Math.abs(r) < 1e-6 ? -Math.expm1(-months * Math.log1p(r)) : 1 - (1 + r) ** -months;
  return result((principal * r) / d, 'instalment');
}

/** Flat-rate instalment: (P + P · rate · years) / months. */
export function flatInstalment(principal: number, annualPercent: number, months: number): number {
  checkPrincipal(principal);
  checkMonths(months);
  return result(
    (principal + (principal * finite(annualPercent, 'loan_interest') * (months / 12)) / 100) / months,
    'instalment',
  );
}

export function instalment(
  principal: number,
  annualPercent: number,
  months: number,
  type: LoanType = 'annuity',
): number {
  return type === 'flat'
    ? flatInstalment(principal, annualPercent, months)
    : annuityInstalment(principal, annualPercent, months);
}

/** Months to repay with a target monthly payment (whole months, the last one smaller). */
export function monthsToRepay(principal: number, annualPercent: number, payment: number): number {
  checkPrincipal(principal);
  finite(payment, 'repayment');
  if (principal === 0) return 0;
  const r = monthlyRate(annualPercent);
  if (r <= -1) throw new CalculationInputError('loan_interest', 'loan_interest must be greater than -1200%');
  if (payment <= principal * r || payment <= 0)
    throw new CalculationInputError('repayment', 'The repayment does not cover the interest; the loan is never repaid');
  if (r === 0) return Math.ceil(principal / payment - 1e-9);
  const n = -Math.log(1 - (principal * r) / payment) / Math.log(1 + r);
  return result(Math.ceil(n - 1e-9), 'repayment');
}

/** Balance after `paid` monthly instalments (annuity: closed form; flat: linear), never below 0. */
export function balanceAfter(
  principal: number,
  annualPercent: number,
  months: number,
  paid: number,
  type: LoanType = 'annuity',
): number {
  checkPrincipal(principal);
  finite(annualPercent, 'loan_interest');
  checkMonths(months);
  finite(paid, 'months_paid');
  if (paid <= 0) return principal;
  if (paid >= months) return 0;
  if (type === 'flat') return principal * (1 - paid / months);
  const r = monthlyRate(annualPercent);
  if (r === 0) return principal * (1 - paid / months);
  const small = Math.abs(r) < 1e-6; // as in annuityInstalment: g − 1 by expm1 where it would cancel
  const g = small ? Math.exp(paid * Math.log1p(r)) : (1 + r) ** paid;
  const a = annuityInstalment(principal, annualPercent, months);
  const b = small ? principal * g - a * (Math.expm1(paid * Math.log1p(r)) / r) : principal * g - (a * (g - 1)) / r;
  return b > 0 ? result(b, 'original_loan') : 0;
}

export interface ScheduleRow {
  period: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/** An amount in cents, half away from zero on the amount's exact decimal value (the schedules' one rounding rule). */
export function toCents(x: number): number {
  return new Decimal(result(x, 'amount')).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** An amount in cents converted at a rate: exact decimal product, then cents half away from zero. */
export function convertCents(amount: number, rate: number): number {
  return result(
    new Decimal(result(amount, 'amount'))
      .times(result(rate, 'rate'))
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toNumber(),
    'amount',
  );
}

/**
 * Full amortisation schedule in cents (decimal arithmetic): each row's interest is rounded to 2 decimals, the payment
 * is the instalment in cents (`toCents`; `payment` when the loan is repaid by a chosen amount), and the last row takes
 * whatever principal remains, so the rows' principal sums back to the loan exactly and the balance ends at 0. Every
 * figure of a debt reply is read from this schedule (docs/planning-model.md "Rounding").
 */
export function amortisationSchedule(
  principal: number,
  annualPercent: number,
  months: number,
  type: LoanType = 'annuity',
  payment?: number,
): readonly ScheduleRow[] {
  // A pure function of its five inputs, and the costliest part of a debt reply (decimal arithmetic a month): the
  // last SCHEDULES_KEPT schedules are kept, frozen, so a balance sheet read again (or its debt summary, or the
  // report's debt tab) does not compute its loans again. A refusal is thrown every time, never kept.
  const key = `${principal}|${annualPercent}|${months}|${type}|${payment}`;
  const kept = schedules.get(key);
  if (kept) {
    schedules.delete(key);
    schedules.set(key, kept);
    return kept;
  }
  const rows = computeSchedule(principal, annualPercent, months, type, payment);
  for (const r of rows) Object.freeze(r);
  Object.freeze(rows);
  schedules.set(key, rows);
  if (schedules.size > SCHEDULES_KEPT) schedules.delete(schedules.keys().next().value as string);
  return rows;
}
/** How many amortisation schedules are kept (least recently used out): about 30 KB each for a 25-year loan. */
export const SCHEDULES_KEPT = 512;
const schedules = new Map<string, readonly ScheduleRow[]>();

function computeSchedule(
  principal: number,
  annualPercent: number,
  months: number,
  type: LoanType,
  payment: number | undefined,
): ScheduleRow[] {
  checkPrincipal(principal);
  if (payment !== undefined) finite(payment, 'repayment');
  if (!Number.isInteger(months) || months <= 0)
    throw new CalculationInputError('loan_tenure', 'loan_tenure must be a positive whole number of months');
  if (months > 1200) throw new CalculationInputError('loan_tenure', 'loan_tenure must be at most 100 years');
  // cents are exact in a double only below 2^53 cents (about 9e13): a schedule in cents refuses larger loans
  if (principal > 1e13)
    throw new CalculationInputError('original_loan', 'original_loan must be at most 10,000,000,000,000');
  const rows: ScheduleRow[] = [];
  const pay = new Decimal(toCents(payment ?? instalment(principal, annualPercent, months, type)));
  let balance = new Decimal(principal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const r = new Decimal(finite(annualPercent, 'loan_interest')).dividedBy(1200);
  const flatInterest = new Decimal(principal)
    .times(annualPercent)
    .times(months / 12)
    .dividedBy(100)
    .dividedBy(months)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  for (let k = 1; k <= months; k++) {
    const interest = type === 'flat' ? flatInterest : balance.times(r).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    let princ = pay.minus(interest);
    if (k === months || princ.greaterThan(balance)) princ = balance;
    if (princ.isNegative()) princ = new Decimal(0);
    balance = balance.minus(princ);
    rows.push({
      period: k,
      payment: result(interest.plus(princ).toNumber(), 'loan_interest'),
      interest: result(interest.toNumber(), 'loan_interest'),
      principal: princ.toNumber(),
      balance: balance.toNumber(),
    });
    if (balance.isZero()) break;
  }
  return rows;
}

/** Whole months from a loan's start (year, month 1-12) to a date (year, month), never negative. */
export function monthsElapsed(startYear: number, startMonth: number, year: number, month: number): number {
  finite(startYear, 'starting_year');
  finite(startMonth, 'starting_month');
  finite(year, 'year');
  finite(month, 'month');
  const m = result((year - startYear) * 12 + (month - startMonth), 'year');
  return m > 0 ? m : 0;
}

/** Outstanding loan at the end of a calendar year, for a loan starting in `startYear` (January, decision). */
export function outstandingAtYearEnd(
  principal: number,
  annualPercent: number,
  months: number,
  startYear: number,
  year: number,
  type: LoanType = 'annuity',
): number {
  finite(startYear, 'starting_year');
  finite(year, 'year');
  return balanceAfter(principal, annualPercent, months, (year - startYear + 1) * 12, type);
}

/** The loan fields its schedule depends on (a LoanInput's). */
export interface ScheduledLoan {
  original_loan: number;
  loan_interest: number;
  loan_tenure?: Tenure;
  type?: LoanType;
  repayment_amount?: number;
}

/**
 * A loan's balance at the end of each year of its cents schedule (the one `calculateDebt` reads): element k is the
 * balance after the instalments of the loan's (k + 1)-th calendar year, 12 a year from January of its starting year
 * (decision), so the last element is 0. `null` when no schedule in cents can be made (more than 100 years, a loan above
 * 10^13, or nothing to repay): the caller keeps the closed form. Kept per loan object (a projection of the same
 * household, e.g. in bench:engine or the services' cached household, reads it again without decimal arithmetic); the
 * fields it was made from are compared on every read, so a changed loan is computed again.
 */
export function yearEndBalances(l: ScheduledLoan): Float64Array | null {
  const kept = yearEnds.get(l);
  if (
    kept &&
    kept.principal === l.original_loan &&
    kept.rate === l.loan_interest &&
    kept.tenure === l.loan_tenure &&
    kept.type === l.type &&
    kept.payment === l.repayment_amount
  )
    return kept.balances;
  checkPrincipal(l.original_loan);
  finite(l.loan_interest, 'loan_interest');
  const months = l.repayment_amount === undefined ? tenureMonths(l.loan_tenure) : monthsToRepay(l.original_loan, l.loan_interest, l.repayment_amount);
  let balances: Float64Array | null = null;
  if (Number.isInteger(months) && months > 0 && months <= 1200 && l.original_loan > 0 && l.original_loan <= 1e13) {
    const schedule = amortisationSchedule(l.original_loan, l.loan_interest, months, l.type ?? 'annuity', l.repayment_amount);
    balances = new Float64Array(Math.ceil(schedule.length / 12));
    for (let k = 0; k < balances.length; k++) balances[k] = (schedule[Math.min(schedule.length, (k + 1) * 12) - 1] as ScheduleRow).balance;
  }
  yearEnds.set(l, { principal: l.original_loan, rate: l.loan_interest, tenure: l.loan_tenure, type: l.type, payment: l.repayment_amount, balances });
  return balances;
}
const yearEnds = new WeakMap<object, { principal: number; rate: number; tenure: Tenure | undefined; type: LoanType | undefined; payment: number | undefined; balances: Float64Array | null }>();

/**
 * The loan's balance at the end of `year` on its cents schedule (yearEndBalances): the loan itself (in cents) before
 * its starting year, 0 once repaid. Null when the loan has no schedule in cents.
 */
export function balanceAtYearEnd(l: ScheduledLoan & { starting_year: number }, year: number): number | null {
  const balances = yearEndBalances(l);
  if (!balances) return null;
  const k = finite(year, 'year') - finite(l.starting_year, 'starting_year');
  if (k < 0) return toCents(l.original_loan);
  return k < balances.length ? (balances[k] as number) : 0;
}
