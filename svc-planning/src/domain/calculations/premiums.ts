import type { DateInput } from './dates';
import * as datesModule from './dates';
import * as errorsModule from './errors';
import type { Frequency } from './frequency';
import * as frequencyModule from './frequency';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { addMonths, dayNumber, fromYmd, isoDay, ymd } = datesModule;
const { CalculationInputError, finite, result } = errorsModule;
const { MONTHS_STEP, normaliseFrequency, PAYMENTS_PER_YEAR } = frequencyModule;

/**
 * Premium schedule (spec §4 "Premium dates step by 1 month, 3 months, 6 months or 1 year by frequency; a single
 * premium is one payment"; §9 policy year from 1 March, loading on top, proration flag).
 */
export interface PremiumInput {
  premium: number;
  frequency?: string; // default annual (spec §3)
  premium_loading?: number; // percent added on top
  policy_date: DateInput;
  premium_end_date?: DateInput | null; // last date a premium can fall on (inclusive)
  payment_term?: number | null; // years of payments
  unpaid_at?: readonly DateInput[];
  prorate?: boolean;
}
export interface PremiumPayment {
  date: string;
  day: number;
  amount: number;
  policy_year: number;
}

/** Spec §9: the premium policy year counts from 1 March (Jan and Feb belong to the previous policy year). */
export function policyYearOf(day: number): number {
  const { year, month } = ymd(day);
  return month >= 3 ? year : year - 1;
}

/** Premium with the loading on top. */
export function loadedPremium(premium: number, loadingPercent = 0): number {
  return result(finite(premium, 'premium') * (1 + finite(loadingPercent, 'premium_loading') / 100), 'premium');
}

/** Annualised premium: loaded premium × payments per year (single: the one payment). */
export function annualisedPremium(premium: number, frequency: string = 'annual', loadingPercent = 0): number {
  return result(loadedPremium(premium, loadingPercent) * PAYMENTS_PER_YEAR[normaliseFrequency(frequency)], 'premium');
}

/** Months left in the policy year (to the next 1 March) from a date, counting the date's own month. */
export function remainingMonthsOfPolicyYear(day: number): number {
  const { month } = ymd(day);
  return month >= 3 ? 12 - (month - 3) : 3 - month;
}

/**
 * All premium dates and amounts up to `until` (default: end date/term, at most 100 years). Unpaid dates are skipped.
 * With `prorate`, the first policy year's premium is prorated over its remaining months (spec §9; decision: only the
 * first, partial policy year is prorated, and it is paid on the policy date).
 */
export function premiumSchedule(p: PremiumInput, until?: DateInput): PremiumPayment[] {
  const freq: Frequency = normaliseFrequency(p.frequency ?? 'annual');
  const start = dayNumber(p.policy_date, 'policy_date');
  const amount = loadedPremium(p.premium, p.premium_loading ?? 0);
  if (amount < 0) throw new CalculationInputError('premium', 'premium must not be negative');
  let end = p.premium_end_date ? dayNumber(p.premium_end_date, 'premium_end_date') : Number.POSITIVE_INFINITY;
  if (until !== undefined) end = Math.min(end, dayNumber(until, 'until'));
  if (p.payment_term !== undefined && p.payment_term !== null && !(p.payment_term >= 0 && p.payment_term <= 100))
    throw new CalculationInputError('payment_term', 'payment_term must be a number of years from 0 to 100');
  const maxCount = p.payment_term ? Math.round(p.payment_term * PAYMENTS_PER_YEAR[freq]) : Number.POSITIVE_INFINITY;
  const unpaid = new Set((p.unpaid_at ?? []).map((d, i) => dayNumber(d, `unpaid_at.${i}`)));
  const out: PremiumPayment[] = [];
  const push = (day: number, amt: number) => {
    if (!unpaid.has(day)) out.push({ date: isoDay(day), day, amount: amt, policy_year: policyYearOf(day) });
  };
  if (freq === 'single') {
    if (start <= end) push(start, amount);
    return out;
  }
  const step = MONTHS_STEP[freq];
  const hardStop = addMonths(start, 1200);
  if (p.prorate) {
    const yearly = amount * PAYMENTS_PER_YEAR[freq];
    const months = remainingMonthsOfPolicyYear(start);
    if (start <= end) push(start, (yearly * months) / 12);
    const firstMarch = (() => {
      const { year, month } = ymd(start);
      return fromYmd(month >= 3 ? year + 1 : year, 3, 1);
    })();
    for (let k = 0; k < maxCount; k++) {
      const d = addMonths(firstMarch, k * step);
      if (d > end || d >= hardStop) break;
      push(d, amount);
    }
    return dedupe(out);
  }
  for (let k = 0; k < maxCount; k++) {
    const d = addMonths(start, k * step);
    if (d > end || d >= hardStop) break;
    push(d, amount);
  }
  return out;
}

function dedupe(rows: PremiumPayment[]): PremiumPayment[] {
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.day) ? false : (seen.add(r.day), true)));
}

/** Premiums paid up to and including a date, and projected after it. */
export function premiumsPaidAndProjected(
  p: PremiumInput,
  asOf: DateInput,
  until?: DateInput,
): { paid: number; projected: number } {
  const t = dayNumber(asOf, 'as_of');
  let paid = 0;
  let projected = 0;
  for (const row of premiumSchedule(p, until)) {
    if (row.day <= t) paid += row.amount;
    else projected += row.amount;
  }
  return { paid: result(paid, 'premium'), projected: result(projected, 'premium') };
}

/** Premiums by calendar year (for the household projection). */
export function premiumsByYear(p: PremiumInput, fromYear: number, toYear: number): Map<number, number> {
  finite(fromYear, 'from_year');
  const out = new Map<number, number>();
  for (const row of premiumSchedule(p, fromYmd(toYear, 12, 31))) {
    const y = ymd(row.day).year;
    if (y >= fromYear) out.set(y, result((out.get(y) ?? 0) + row.amount, 'premium'));
  }
  return out;
}
