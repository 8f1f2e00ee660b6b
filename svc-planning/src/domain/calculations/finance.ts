import type { DateInput } from './dates';
import * as datesModule from './dates';
import * as errorsModule from './errors';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { dayNumber } = datesModule;
const { CalculationInputError, finite } = errorsModule;

/**
 * Finance helpers with Microsoft Excel's conventions: rates are fractions per period (0.08 = 8%), cash paid out is
 * negative, `type` 0 = payments at the end of each period, 1 = at the beginning. NPV discounts the first value one
 * period (Excel), XNPV/XIRR count actual days over a 365-day year from the first date (whole UTC days).
 */

export type PaymentTiming = 0 | 1;

function checkType(type: number): PaymentTiming {
  if (type !== 0 && type !== 1)
    throw new CalculationInputError('type', 'type must be 0 (end of period) or 1 (beginning)');
  return type;
}

function checkRate(rate: number, field = 'rate'): number {
  finite(rate, field);
  if (rate <= -1) throw new CalculationInputError(field, `${field} must be greater than -100%`);
  return rate;
}

function out(value: number, field: string): number {
  if (!Number.isFinite(value)) throw new CalculationInputError(field, 'The inputs give no finite result');
  return value === 0 ? 0 : value;
}

/** Excel PV(rate, nper, pmt, [fv], [type]). */
export function pv(rate: number, nper: number, pmt: number, fv = 0, type: PaymentTiming = 0): number {
  checkRate(rate);
  finite(nper, 'nper');
  finite(pmt, 'pmt');
  finite(fv, 'fv');
  checkType(type);
  if (rate === 0) return out(-(fv + pmt * nper), 'pv');
  const g = (1 + rate) ** nper;
  return out(-(fv + (pmt * (1 + rate * type) * (g - 1)) / rate) / g, 'pv');
}

/** Excel FV(rate, nper, pmt, [pv], [type]). */
export function fv(rate: number, nper: number, pmt: number, pvalue = 0, type: PaymentTiming = 0): number {
  checkRate(rate);
  finite(nper, 'nper');
  finite(pmt, 'pmt');
  finite(pvalue, 'pv');
  checkType(type);
  if (rate === 0) return out(-(pvalue + pmt * nper), 'fv');
  const g = (1 + rate) ** nper;
  return out(-(pvalue * g + (pmt * (1 + rate * type) * (g - 1)) / rate), 'fv');
}

/** Excel PMT(rate, nper, pv, [fv], [type]). */
export function pmt(rate: number, nper: number, pvalue: number, fvalue = 0, type: PaymentTiming = 0): number {
  checkRate(rate);
  finite(nper, 'nper');
  finite(pvalue, 'pv');
  finite(fvalue, 'fv');
  checkType(type);
  if (nper === 0) throw new CalculationInputError('nper', 'nper must not be 0');
  if (rate === 0) return out(-(pvalue + fvalue) / nper, 'pmt');
  const g = (1 + rate) ** nper;
  return out(-(rate * (fvalue + pvalue * g)) / ((1 + rate * type) * (g - 1)), 'pmt');
}

/** Excel NPER(rate, pmt, pv, [fv], [type]). */
export function nper(rate: number, payment: number, pvalue: number, fvalue = 0, type: PaymentTiming = 0): number {
  checkRate(rate);
  finite(payment, 'pmt');
  finite(pvalue, 'pv');
  finite(fvalue, 'fv');
  checkType(type);
  if (rate === 0) {
    if (payment === 0) throw new CalculationInputError('pmt', 'pmt must not be 0 when the rate is 0');
    return out(-(pvalue + fvalue) / payment, 'nper');
  }
  const a = payment * (1 + rate * type);
  const num = a - fvalue * rate;
  const den = a + pvalue * rate;
  if (num / den <= 0) throw new CalculationInputError('pmt', 'The payment never repays this amount');
  return out(Math.log(num / den) / Math.log(1 + rate), 'nper');
}

/**
 * Excel RATE(nper, pmt, pv, [fv], [type], [guess]): Newton from the guess, then a bracketing search over
 * (-100%, +∞) if Newton does not settle.
 */
export function rate(
  periods: number,
  payment: number,
  pvalue: number,
  fvalue = 0,
  type: PaymentTiming = 0,
  guess = 0.1,
): number {
  finite(periods, 'nper');
  finite(payment, 'pmt');
  finite(pvalue, 'pv');
  finite(fvalue, 'fv');
  finite(guess, 'guess');
  checkType(type);
  if (periods <= 0) throw new CalculationInputError('nper', 'nper must be positive');
  if (payment === 0 && pvalue === 0 && fvalue === 0)
    throw new CalculationInputError('pmt', 'pv, pmt and fv are all 0: every rate fits, so there is no rate to answer');
  const f = (r: number) => {
    if (Math.abs(r) < 1e-12) return pvalue + payment * periods + fvalue;
    const g = (1 + r) ** periods;
    return pvalue * g + (payment * (1 + r * type) * (g - 1)) / r + fvalue;
  };
  const scale = Math.abs(pvalue) + Math.abs(payment) * periods + Math.abs(fvalue) || 1;
  let r = guess > -1 ? guess : 0.1;
  for (let i = 0; i < 100; i++) {
    const fr = f(r);
    const h = 1e-7 * Math.max(1, Math.abs(r));
    const d = (f(r + h) - f(r - h)) / (2 * h);
    if (!Number.isFinite(fr) || !Number.isFinite(d) || d === 0) break;
    let next = r - fr / d;
    if (next <= -1) next = (r - 1) / 2;
    if (Math.abs(next - r) < 1e-12 * Math.max(1, Math.abs(r))) {
      if (Math.abs(f(next)) <= 1e-8 * scale) return next === 0 ? 0 : next;
      break;
    }
    r = next;
  }
  // Fallback: sign change search in y = ln(1 + r).
  const root = bracketRoot((y) => f(Math.expm1(y)), Math.log1p(guess > -1 ? guess : 0.1), -30, 10);
  if (root === null) throw new CalculationInputError('rate', 'RATE does not converge for these inputs');
  const res = Math.expm1(root);
  return res === 0 ? 0 : res;
}

/** Excel NPV(rate, values): the first value is discounted one period. */
export function npv(r: number, values: readonly number[]): number {
  checkRate(r);
  if (values.length === 0) throw new CalculationInputError('values', 'values must not be empty');
  let acc = 0;
  let d = 1;
  const k = 1 / (1 + r);
  for (let i = 0; i < values.length; i++) {
    d *= k;
    acc += finite(values[i] as number, `values.${i}`) * d;
  }
  return out(acc, 'npv');
}

function dayOffsets(values: readonly number[], dates: readonly DateInput[]): Float64Array {
  if (values.length !== dates.length)
    throw new CalculationInputError('dates', 'values and dates must have the same length');
  if (values.length === 0) throw new CalculationInputError('values', 'values must not be empty');
  const d0 = dayNumber(dates[0] as DateInput, 'dates.0');
  const t = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    finite(values[i] as number, `values.${i}`);
    const d = i === 0 ? d0 : dayNumber(dates[i] as DateInput, `dates.${i}`);
    if (d < d0) throw new CalculationInputError(`dates.${i}`, 'No date may precede the first date');
    t[i] = (d - d0) / 365;
  }
  return t;
}

/** Excel XNPV(rate, values, dates): actual days / 365 from the first date. */
export function xnpv(r: number, values: readonly number[], dates: readonly DateInput[]): number {
  checkRate(r);
  const t = dayOffsets(values, dates);
  const l = Math.log1p(r);
  let acc = 0;
  for (let i = 0; i < t.length; i++) acc += (values[i] as number) * Math.exp(-(t[i] as number) * l);
  return out(acc, 'xnpv');
}

/** Whether some value is positive and some negative. */
function bothSigns(values: Iterable<number>): boolean {
  let pos = false;
  let neg = false;
  for (const v of values) {
    if (v > 0) pos = true;
    else if (v < 0) neg = true;
  }
  return pos && neg;
}

function checkSigns(values: readonly number[]): void {
  for (let i = 0; i < values.length; i++) {
    // the field's name is built only for the error (IRR/XIRR are called in tight loops)
    if (!Number.isFinite(values[i]))
      throw new CalculationInputError(`values.${i}`, `values.${i} must be a finite number`);
  }
  if (!bothSigns(values))
    throw new CalculationInputError(
      'values',
      'At least one positive and one negative cash flow are needed; all flows have the same sign, so no rate of return exists',
    );
}

/**
 * XIRR's degenerate case: flows netted by date must still go both ways on at least two dates. With every flow on one
 * date (or each date's flows cancelling out) XNPV is the same at every rate, so there is either no rate or every rate.
 */
function checkDatedSigns(values: readonly number[], t: Float64Array): void {
  // dates strictly increasing (the usual case): nothing to net, and checkSigns has already seen both signs
  let increasing = true;
  for (let i = 1; i < t.length && increasing; i++) increasing = (t[i] as number) > (t[i - 1] as number);
  if (increasing && t.length > 1) return;
  const net = new Map<number, number>();
  for (let i = 0; i < t.length; i++) net.set(t[i] as number, (net.get(t[i] as number) ?? 0) + (values[i] as number));
  if (!bothSigns(net.values()))
    throw new CalculationInputError(
      'dates',
      'The flows must fall on at least two dates, money going out on one and coming in on another; with every flow on one date no rate of return exists',
    );
}

/**
 * ln(1 + r) of the rate closest to −100 % a double can hold (−1 + 2^−53): IRR and XIRR search for a root down to it, so
 * any rate Excel could answer is found, however close to −100 % (e.g. [0, 0, −100, 1, 0.5] monthly: −1 + 2.4e−14).
 */
const LOWEST_GROWTH_LOG = Math.log(2 ** -53);

/**
 * Robust root search of a continuous function in y = ln(1 + r): scans [lo, hi] for sign changes with a sign-safe
 * function, takes the bracket nearest to `start`, and closes it with the Illinois variant of false position.
 */
function bracketRoot(g: (y: number) => number, start: number, lo: number, hi: number, steps = 400): number | null {
  const h = (hi - lo) / steps;
  let best: [number, number, number, number] | null = null;
  let bestDist = Number.POSITIVE_INFINITY;
  let ya = lo;
  let ga = g(ya);
  for (let i = 1; i <= steps; i++) {
    const yb = lo + i * h;
    const gb = g(yb);
    if (ga === 0 && Number.isFinite(ga)) {
      const dist = Math.abs(ya - start);
      if (dist < bestDist) {
        bestDist = dist;
        best = [ya, ya, 0, 0];
      }
    } else if (Number.isFinite(ga) && Number.isFinite(gb) && ga < 0 !== gb < 0 && gb !== 0) {
      const dist = Math.min(Math.abs(ya - start), Math.abs(yb - start));
      if (dist < bestDist) {
        bestDist = dist;
        best = [ya, yb, ga, gb];
      }
    }
    ya = yb;
    ga = gb;
  }
  if (!best) return null;
  let [a, b, fa, fb] = best;
  if (a === b) return a;
  let side = 0;
  for (let i = 0; i < 200; i++) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = g(c);
    if (fc === 0 || Math.abs(b - a) < 1e-15 * Math.max(1, Math.abs(c))) return c;
    if (fc < 0 === fb < 0) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    }
    if (Math.abs(b - a) < 1e-14 * Math.max(1, Math.abs(a))) return (a + b) / 2;
  }
  return (a + b) / 2;
}

/**
 * Excel IRR(values, [guess]): the rate at which the NPV of periodic flows (first at t = 0) is zero.
 * Newton in x = 1/(1+r) on the Horner form (no powers), then, if Newton fails, a sign-safe bracketing search
 * over rates from -99.99…% to e^10; the root nearest the guess is returned. Flows of one sign throw.
 */
export function irr(values: readonly number[], guess = 0.1): number {
  finite(guess, 'guess');
  checkSigns(values);
  const n = values.length;
  let scale = 0;
  for (let i = 0; i < n; i++) scale += Math.abs(values[i] as number);
  let r = guess > -1 ? guess : 0.1;
  for (let it = 0; it < 60; it++) {
    const x = 1 / (1 + r);
    // Horner: p = Σ v_i x^i, dp = Σ i v_i x^(i-1)
    let p = values[n - 1] as number;
    let dp = 0;
    for (let i = n - 2; i >= 0; i--) {
      dp = dp * x + p;
      p = p * x + (values[i] as number);
    }
    const dr = -dp * x * x;
    if (!Number.isFinite(p) || !Number.isFinite(dr) || dr === 0) break;
    let next = r - p / dr;
    if (!Number.isFinite(next)) break;
    if (next <= -1) next = (r - 1) / 2;
    if (Math.abs(next - r) <= 1e-13 * Math.max(1, Math.abs(r))) {
      // confirm a true root: |NPV| tiny against the flows' size (at this rate's discounting)
      if (Math.abs(p) <= 1e-9 * scale * Math.max(1, x ** (n - 1))) return next === 0 ? 0 : next;
      break;
    }
    r = next;
  }
  // sign of NPV, computed without overflow: for x > 1 scale by x^-(n-1) (same sign).
  const g = (y: number) => {
    const x = Math.exp(-y);
    if (x <= 1) {
      let p = values[n - 1] as number;
      for (let i = n - 2; i >= 0; i--) p = p * x + (values[i] as number);
      return p;
    }
    const z = 1 / x;
    let p = values[0] as number;
    for (let i = 1; i < n; i++) p = p * z + (values[i] as number);
    return p;
  };
  const root = bracketRoot(g, Math.log1p(guess > -1 ? guess : 0.1), LOWEST_GROWTH_LOG, 10, 540);
  if (root === null)
    throw new CalculationInputError('values', 'No internal rate of return exists for these cash flows');
  const res = Math.expm1(root);
  return res === 0 ? 0 : res;
}

/**
 * Excel XIRR(values, dates, [guess]): the rate at which XNPV is zero (actual days / 365, whole UTC days).
 * Newton first, then the same sign-safe bracketing search as IRR.
 */
export function xirr(values: readonly number[], dates: readonly DateInput[], guess = 0.1): number {
  finite(guess, 'guess');
  const t = dayOffsets(values, dates);
  checkSigns(values);
  checkDatedSigns(values, t);
  const n = values.length;
  let scale = 0;
  let tmax = 0;
  for (let i = 0; i < n; i++) {
    scale += Math.abs(values[i] as number);
    if ((t[i] as number) > tmax) tmax = t[i] as number;
  }
  let r = guess > -1 ? guess : 0.1;
  for (let it = 0; it < 60; it++) {
    const l = Math.log1p(r);
    let f = 0;
    let df = 0;
    for (let i = 0; i < n; i++) {
      const ti = t[i] as number;
      const term = (values[i] as number) * Math.exp(-ti * l);
      f += term;
      df -= ti * term;
    }
    df /= 1 + r;
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) break;
    let next = r - f / df;
    if (!Number.isFinite(next)) break;
    if (next <= -1) next = (r - 1) / 2;
    if (Math.abs(next - r) <= 1e-13 * Math.max(1, Math.abs(r))) {
      if (Math.abs(f) <= 1e-9 * scale * Math.max(1, Math.exp(-tmax * l))) return next === 0 ? 0 : next;
      break;
    }
    r = next;
  }
  const g = (y: number) => {
    let s = 0;
    if (y >= 0) for (let i = 0; i < n; i++) s += (values[i] as number) * Math.exp(-(t[i] as number) * y);
    else for (let i = 0; i < n; i++) s += (values[i] as number) * Math.exp((tmax - (t[i] as number)) * y);
    return s;
  };
  const root = bracketRoot(g, Math.log1p(guess > -1 ? guess : 0.1), LOWEST_GROWTH_LOG, 10, 540);
  if (root === null)
    throw new CalculationInputError('values', 'No internal rate of return exists for these cash flows');
  const res = Math.expm1(root);
  return res === 0 ? 0 : res;
}

/** Excel MIRR(values, finance_rate, reinvest_rate). */
export function mirr(values: readonly number[], financeRate: number, reinvestRate: number): number {
  checkRate(financeRate, 'finance_rate');
  checkRate(reinvestRate, 'reinvest_rate');
  checkSigns(values);
  const n = values.length;
  let pvNeg = 0;
  let fvPos = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v < 0) pvNeg += v / (1 + financeRate) ** i;
    else fvPos += v * (1 + reinvestRate) ** (n - 1 - i);
  }
  return out((fvPos / -pvNeg) ** (1 / (n - 1)) - 1, 'mirr');
}

/**
 * Payback period: the (fractional) number of periods until cumulative flows turn non-negative, interpolating inside
 * the period; null when they never do. `values[0]` is the outlay at t = 0.
 */
export function payback(values: readonly number[]): number | null {
  if (values.length === 0) throw new CalculationInputError('values', 'values must not be empty');
  let cum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = finite(values[i] as number, `values.${i}`);
    const before = cum;
    cum += v;
    if (cum >= 0 && (i > 0 || v >= 0)) {
      if (i === 0) return 0;
      return i - 1 + (v === 0 ? 1 : -before / v);
    }
  }
  return null;
}

/** Return on investment: (gain − cost) / cost. */
export function roi(gain: number, cost: number): number {
  finite(gain, 'gain');
  finite(cost, 'cost');
  if (cost === 0) throw new CalculationInputError('cost', 'cost must not be 0');
  return out((gain - cost) / cost, 'roi');
}

/** Compound annual growth rate: (end / begin)^(1 / years) − 1. */
export function cagr(begin: number, end: number, years: number): number {
  finite(begin, 'begin');
  finite(end, 'end');
  finite(years, 'years');
  if (begin <= 0) throw new CalculationInputError('begin', 'begin must be positive');
  if (end < 0) throw new CalculationInputError('end', 'end must not be negative');
  if (years <= 0) throw new CalculationInputError('years', 'years must be positive');
  return out((end / begin) ** (1 / years) - 1, 'cagr');
}

/** Weighted average cost of capital: E/V·Re + D/V·Rd·(1 − Tc). */
export function wacc(equity: number, debt: number, costOfEquity: number, costOfDebt: number, taxRate: number): number {
  for (const [v, f] of [
    [equity, 'equity'],
    [debt, 'debt'],
    [costOfEquity, 'cost_of_equity'],
    [costOfDebt, 'cost_of_debt'],
    [taxRate, 'tax_rate'],
  ] as const)
    finite(v, f);
  const total = equity + debt;
  if (total <= 0) throw new CalculationInputError('equity', 'equity + debt must be positive');
  return out((equity / total) * costOfEquity + (debt / total) * costOfDebt * (1 - taxRate), 'wacc');
}

/** Rule of 72: years to double at a percentage rate. */
export function ruleOf72(ratePercent: number): number {
  finite(ratePercent, 'rate');
  if (ratePercent <= 0) throw new CalculationInputError('rate', 'rate must be positive');
  return out(72 / ratePercent, 'rate');
}

/** Real (inflation-adjusted) rate: (1 + nominal) / (1 + inflation) − 1 (Fisher). */
export function inflationAdjustedRate(nominal: number, inflation: number): number {
  finite(nominal, 'nominal');
  checkRate(inflation, 'inflation');
  return out((1 + nominal) / (1 + inflation) - 1, 'rate');
}

/** Compound interest: the amount after `years` at an annual rate compounded `timesPerYear` times. */
export function compoundInterest(principal: number, annualRate: number, years: number, timesPerYear = 1): number {
  finite(principal, 'principal');
  finite(annualRate, 'rate');
  finite(years, 'years');
  if (!(timesPerYear > 0) || !Number.isFinite(timesPerYear))
    throw new CalculationInputError('times_per_year', 'times_per_year must be a positive finite number');
  checkRate(annualRate / timesPerYear, 'rate');
  return out(principal * (1 + annualRate / timesPerYear) ** (timesPerYear * years), 'amount');
}
