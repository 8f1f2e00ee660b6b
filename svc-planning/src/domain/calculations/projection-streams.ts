import type { Ymd } from './dates';
import * as datesModule from './dates';
import type { Frequency } from './frequency';
import * as frequencyModule from './frequency';
import type { Benefit, BenefitType } from './insurance';
import * as insuranceModule from './insurance';
import type { InsuranceInput } from './types';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { dayNumber, ymd } = datesModule;
const { MONTHS_STEP, normaliseFrequency, PAYMENTS_PER_YEAR } = frequencyModule;
const { benefitAmount, coversAt, premiumWaived } = insuranceModule;

/**
 * The yearly streams of the household projection that no cash shortfall can change: incomes (and the employment
 * income taxed per member), expenses, goals, and insurance premiums, payouts and cash values. They depend only on the
 * records, the members' years and life events, so they are computed record by record over all years before the year
 * loop (a tight loop per record, no per-year object or closure), into series the year loop reads.
 *
 * Exactness: a series' year t receives the records' amounts in input order, with each record's growth compounded by
 * one multiplication a year, exactly the operations of a loop over years then records; every float is bit-identical.
 */

/** The members as the streams need them, by member index. Event years are +Infinity when no event is given. */
export interface Timeline {
  /** First projected calendar year (the as-of year). */
  y0: number;
  /** Number of years projected. */
  n: number;
  birth: Float64Array;
  deathYear: Float64Array;
  disabledYear: Float64Array;
  ciYear: Float64Array;
  /** First year the member no longer works (retirement, death or disability). */
  workEnd: Float64Array;
}

/**
 * Errors raised by work done ahead of the year loop (a property sale, an insurance benefit read in an event year),
 * kept so the year loop throws each in its year, where a year-by-year run meets it: after the errors of earlier
 * years, and within a year in the order of the year's steps (`step`: property sales 1, insurance 2).
 */
export class Failures {
  private t = Number.POSITIVE_INFINITY;
  private step = Number.POSITIVE_INFINITY;
  private error: unknown = null;
  /** Keeps the error a year-by-year run meets first (records come in input order within a step). */
  record(t: number, step: number, error: unknown): void {
    if (t < this.t || (t === this.t && step < this.step)) {
      this.t = t;
      this.step = step;
      this.error = error;
    }
  }
  throwAt(t: number): void {
    if (t === this.t) throw this.error;
  }
}
export const SALE_STEP = 1;
const POLICY_STEP = 2;

export interface IncomeStream {
  i: number;
  yearly: number;
  g: number;
  from: number;
  to: number;
  employment: boolean;
}

/**
 * Incomes by year into `income`, and employment income into `taxable` (member-major: member i, year t at i·n + t).
 * An income grows every year from the as-of year (also before its start year); employment income stops when its
 * member stops working.
 */
export function addIncomes(records: readonly IncomeStream[], tl: Timeline, income: Float64Array, taxable: Float64Array): void {
  const { y0, n } = tl;
  for (const r of records) {
    const dead = tl.deathYear[r.i] as number;
    const stop = tl.workEnd[r.i] as number;
    const row = r.i * n;
    let growth = 1;
    for (let t = 0; t < n; t++) {
      const year = y0 + t;
      // Past its end year, its member's death or (employment) the end of work, an income never comes back.
      if (year > r.to || !(year < dead) || (r.employment && year >= stop)) break;
      const amount = r.yearly * growth;
      growth *= r.g;
      if (year < r.from) continue;
      if (r.employment) taxable[row + t] = (taxable[row + t] as number) + amount;
      income[t] = (income[t] as number) + amount;
    }
  }
}

export interface ExpenseStream {
  /** Member index, or -1 for a household expense (it never stops with a death). */
  i: number;
  yearly: number;
  g: number;
  from: number;
  to: number;
}

/** Expenses by year, inflating every year; a member's expense stops at their death. */
export function addExpenses(records: readonly ExpenseStream[], tl: Timeline, out: Float64Array): void {
  const { y0, n } = tl;
  for (const e of records) {
    const dead = e.i >= 0 ? (tl.deathYear[e.i] as number) : Number.POSITIVE_INFINITY;
    let growth = 1;
    for (let t = 0; t < n; t++) {
      const year = y0 + t;
      if (year > e.to || !(year < dead)) break; // ended for good
      const amount = e.yearly * growth;
      growth *= e.g;
      if (year < e.from) continue;
      out[t] = (out[t] as number) + amount;
    }
  }
}

export interface GoalStream {
  from: number;
  to: number;
  yearly: number;
  g: number;
  /** A retirement goal's legacy amount in today's money, set aside in the goal's last year (0: none). */
  legacy: number;
}

/**
 * Goal spending by year: the yearly amount in today's money, inflated, in the goal's years; a legacy amount,
 * inflated the same way, is set aside on top in the last of them.
 */
export function addGoals(records: readonly GoalStream[], tl: Timeline, out: Float64Array): void {
  const { y0, n } = tl;
  for (const g of records) {
    let growth = 1;
    for (let t = 0; t < n; t++) {
      const year = y0 + t;
      if (year > g.to) break; // ended for good
      if (year >= g.from && year <= g.to) {
        out[t] = (out[t] as number) + g.yearly * growth;
        if (year === g.to && g.legacy > 0) out[t] = (out[t] as number) + g.legacy * growth;
      }
      growth *= g.g;
    }
  }
}

/** Month index (year · 12 + month − 1) of each unpaid date, or null when there is none. */
function unpaidMonths(dates: InsuranceInput['unpaid_at']): Set<number> | null {
  if (!dates || dates.length === 0) return null;
  const out = new Set<number>();
  for (const u of dates) {
    const d = ymd(dayNumber(u, 'insurances.unpaid_at'));
    out.add(d.year * 12 + d.month - 1);
  }
  return out;
}

/** Adds one payment in month `idx` to its calendar year (nothing outside the projected years or on an unpaid date). */
function addPayment(out: Float64Array, y0: number, unpaid: Set<number> | null, idx: number, amount: number): void {
  if (unpaid?.has(idx)) return;
  const k = Math.floor(idx / 12) - y0;
  if (k >= 0 && k < out.length) out[k] = (out[k] as number) + amount;
}

/**
 * Regular payments from month `first` every `step` months, at most `count` of them, up to month `last` (which is
 * inside the projected years). Payments before the first projected year are skipped in one step (they only count
 * towards `count`); then each year's payments are summed one by one, in date order, onto what the year already has.
 */
function addRegularPayments(out: Float64Array, y0: number, unpaid: Set<number> | null, first: number, step: number, count: number, last: number, amount: number): void {
  let k = 0;
  let idx = first;
  const firstMonth = y0 * 12;
  if (idx < firstMonth) {
    k = Math.ceil((firstMonth - idx) / step);
    idx += k * step;
  }
  while (k < count && idx <= last) {
    const yr = Math.floor(idx / 12) - y0;
    const end = Math.min(last, (y0 + yr + 1) * 12 - 1); // the year's last month, or the last payment month
    let sum = out[yr] as number;
    if (unpaid) {
      for (; k < count && idx <= end; k++, idx += step) if (!unpaid.has(idx)) sum += amount;
    } else for (; k < count && idx <= end; k++, idx += step) sum += amount;
    out[yr] = sum;
  }
}

/**
 * A policy's premiums by calendar year into `out` (zeroed, one slot a projected year), from month arithmetic (no
 * per-payment Date). `start` is the policy date.
 */
export function premiumYears(p: InsuranceInput, start: Ymd, y0: number, fx: number, out: Float64Array): void {
  const freq: Frequency = normaliseFrequency(p.frequency ?? 'annual', 'insurances.frequency');
  const amount = p.premium * (1 + (p.premium_loading ?? 0) / 100) * fx;
  const end = p.premium_end_date ? ymd(dayNumber(p.premium_end_date, 'insurances.premium_end_date')) : null;
  const endIdx = end ? end.year * 12 + end.month - 1 - (end.day < start.day ? 1 : 0) : Number.POSITIVE_INFINITY;
  const unpaid = unpaidMonths(p.unpaid_at);
  const s0 = start.year * 12 + start.month - 1;
  if (freq === 'single') {
    if (s0 <= endIdx) addPayment(out, y0, unpaid, s0, amount);
    return;
  }
  const maxCount = p.payment_term ? Math.round(p.payment_term * PAYMENTS_PER_YEAR[freq]) : Number.POSITIVE_INFINITY;
  let first = s0;
  if (p.prorate) {
    const remaining = start.month >= 3 ? 12 - (start.month - 3) : 3 - start.month;
    addPayment(out, y0, unpaid, s0, (amount * PAYMENTS_PER_YEAR[freq] * remaining) / 12);
    first = (start.month >= 3 ? start.year + 1 : start.year) * 12 + 2;
  }
  const last = Math.min(endIdx, (y0 + out.length) * 12 - 1);
  addRegularPayments(out, y0, unpaid, first, MONTHS_STEP[freq], maxCount, last, amount);
}

export interface PolicyStream {
  insured: number;
  payer: number;
  cash: number;
  g: number;
  maturity: number;
  mv: number | null;
  cashOut: number;
  dividend: { amount: number; start: number; end: number } | null;
  policyYear: number;
  benefits: readonly Benefit[];
  /** Conversion factor to the household currency. */
  f: number;
  waiver: Benefit['premium_waiver'];
}

const DEATH: readonly BenefitType[] = ['Death'];
const DISABILITY: readonly BenefitType[] = ['Disability', 'Personal Accident'];
const CRITICAL_ILLNESS: readonly BenefitType[] = ['Major Illness', 'Early Critical Illness'];

/**
 * What a policy run tells its recorder (issue 34, only when the projection explains: the engine's own run passes
 * none): each benefit a payout adds up (`k`: its index among the policy's benefits), each amount added to the
 * payouts in the order it is added, each premium paid and each year-end cash value.
 */
export interface PolicyRecorder {
  benefit(t: number, event: PolicyEvent, k: number, amount: number): void;
  payout(t: number, what: PolicyEvent | 'dividend' | 'cash_value' | 'maturity_value', amount: number): void;
  premium(t: number, amount: number): void;
  value(t: number, cash: number): void;
}
export type PolicyEvent = 'death' | 'disability' | 'critical_illness';

/** What a policy's benefits of the given types pay at an age, in the household currency. */
function benefitSum(s: PolicyStream, types: readonly BenefitType[], age: number, rec: PolicyRecorder | null, t: number, event: PolicyEvent): number {
  let sum = 0;
  const { benefits } = s;
  for (let k = 0; k < benefits.length; k++) {
    const b = benefits[k] as Benefit;
    if (types.includes(b.type) && coversAt(b, age)) {
      const amount = benefitAmount(b);
      sum += amount;
      if (rec !== null) rec.benefit(t, event, k, amount);
    }
  }
  return sum * s.f;
}

/** Whether an event that has happened to the payer or the insured by `year` waives the policy's premiums. */
function waivedBy(s: PolicyStream, tl: Timeline, year: number): boolean {
  const { payer, insured } = s;
  const payerEvent = year >= (tl.deathYear[payer] as number) ? 'death' : year >= (tl.disabledYear[payer] as number) ? 'disability' : year >= (tl.ciYear[payer] as number) ? 'critical_illness' : null;
  const insuredEvent = year >= (tl.disabledYear[insured] as number) ? 'disability' : year >= (tl.ciYear[insured] as number) ? 'critical_illness' : null;
  return !!((payerEvent && premiumWaived(s.waiver, payerEvent, 'payer')) || (insuredEvent && premiumWaived(s.waiver, insuredEvent, 'insured')));
}

/**
 * One policy over the years: event payouts, premiums (payer and insured alive, not waived), dividends, the cash value
 * growing until death, maturity or cash-out pays it out and ends the policy. `prem` holds its premiums by year; `life`
 * (if given) receives them too, at `lifeRow` + t (the payer's row: life insurance relief).
 */
export function addPolicy(s: PolicyStream, prem: Float64Array, tl: Timeline, premiums: Float64Array, payouts: Float64Array, values: Float64Array, failures: Failures, life: Float64Array | null = null, lifeRow = 0, rec: PolicyRecorder | null = null): void {
  const { y0, n } = tl;
  const death = tl.deathYear[s.insured] as number;
  const payerDeath = tl.deathYear[s.payer] as number;
  const disabled = tl.disabledYear[s.insured] as number;
  const ci = tl.ciYear[s.insured] as number;
  const birth = tl.birth[s.insured] as number;
  const { dividend, maturity, cashOut, mv, g, waiver, policyYear } = s;
  // Policy years with a dividend (none: an empty range).
  const dividendFrom = dividend ? dividend.start : Number.POSITIVE_INFINITY;
  const dividendTo = dividend ? dividend.end : Number.NEGATIVE_INFINITY;
  const dividendAmount = dividend ? dividend.amount : 0;
  // Premiums are paid while neither the payer nor the insured has died.
  const paidBefore = Math.min(death, payerDeath);
  let cash = s.cash;
  let waived = false;
  // A policy's amounts go straight onto the year's totals, in the order the year adds them (nothing else adds to
  // them meanwhile), which leaves every sum as a per-year accumulator would. Adding a premium of 0 is skipped: the
  // totals start at +0 and never hold −0, so it would change nothing.
  for (let t = 0; t < n; t++) {
    const year = y0 + t;
    const age = year - birth;
    const insuredDies = year === death;
    if (insuredDies || year === disabled || year === ci) {
      try {
        if (insuredDies) paid(payouts, t, benefitSum(s, DEATH, age, rec, t, 'death'), rec, 'death');
        if (year === disabled) paid(payouts, t, benefitSum(s, DISABILITY, age, rec, t, 'disability'), rec, 'disability');
        if (year === ci) paid(payouts, t, benefitSum(s, CRITICAL_ILLNESS, age, rec, t, 'critical_illness'), rec, 'critical_illness');
      } catch (error) {
        failures.record(t, POLICY_STEP, error); // a benefit the engine cannot read (e.g. its payout frequency)
        return;
      }
    }
    if (waiver && !waived && waivedBy(s, tl, year)) waived = true;
    if (year < paidBefore && !waived) {
      const premium = prem[t] as number;
      if (premium !== 0) {
        premiums[t] = (premiums[t] as number) + premium;
        if (life) life[lifeRow + t] = (life[lifeRow + t] as number) + premium; // the payer's life insurance relief
        if (rec !== null) rec.premium(t, premium);
      }
    }
    const policyYearNo = year - policyYear;
    if (policyYearNo >= dividendFrom && policyYearNo <= dividendTo) paid(payouts, t, dividendAmount, rec, 'dividend');
    if (insuredDies || year > death) {
      paid(payouts, t, cash, rec, 'cash_value');
      return;
    }
    if (age >= maturity || age >= cashOut) {
      const matured = age >= maturity && mv !== null;
      paid(payouts, t, matured ? mv : cash, rec, matured ? 'maturity_value' : 'cash_value');
      return;
    }
    if (t > 0) cash *= g;
    values[t] = (values[t] as number) + cash;
    if (rec !== null) rec.value(t, cash);
  }
}

/** Adds a payout to the year's payouts (and tells the recorder, when there is one). */
const paid = (a: Float64Array, t: number, v: number, rec: PolicyRecorder | null, what: Parameters<PolicyRecorder['payout']>[1]) => {
  a[t] = (a[t] as number) + v;
  if (rec !== null) rec.payout(t, what, v);
};
