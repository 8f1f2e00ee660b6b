import Decimal from 'decimal.js';

/**
 * @kinfolio/money: browser-safe money helpers (planning spec §9 "General").
 * - Fixed exchange rate 1 SGD = 3.48 RM.
 * - Stored currency table with base RM ("units of the currency per 1 RM"); conversion rounds to 3 decimals.
 * - Amounts rounded to 2 decimals where shown; number display in the ms-MY locale; compact k / M.
 * No network call: conversion reads the rates it is given (the stored table).
 */

/** Spec §9: 1 SGD = 3.48 RM. */
export const SGD_TO_RM = 3.48;
/** Spec §9: the stored table's base currency. */
export const BASE_CURRENCY = 'RM';
/** Spec §9 example rates (units per 1 RM); the seed of svc-planning's currency_rates table. */
export const SEED_RATES: Readonly<Record<string, number>> = Object.freeze({ RM: 1, USD: 0.2133, EUR: 0.1963, GBP: 0.1684, SGD: 0.3016 });
/** Spec §9: conversion rounds to 3 decimals; amounts to 2. */
export const CONVERSION_DECIMALS = 3;
export const AMOUNT_DECIMALS = 2;

/** "MYR" is an alias of "RM" (the spec uses both names). */
export function normaliseCurrency(code: string): string {
  const c = code.trim().toUpperCase();
  return c === 'MYR' ? 'RM' : c;
}

/** Rounds half away from zero (Excel's ROUND) in decimal arithmetic, so 1.005 → 1.01 (no binary surprise). */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError('Amount must be a finite number');
  const r = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber();
  return r === 0 ? 0 : r; // no -0
}

/** Spec §9: "Rounding is to 2 decimals." */
export function round2(value: number): number {
  return roundTo(value, AMOUNT_DECIMALS);
}

/** Spec §9: fixed-rate SGD ↔ RM conversion (1 SGD = 3.48 RM), rounded to 3 decimals. */
export function convertFixed(amount: number, from: 'SGD' | 'RM', to: 'SGD' | 'RM'): number {
  if (from === to) return roundTo(amount, CONVERSION_DECIMALS);
  const d = new Decimal(amount);
  const out = from === 'SGD' ? d.times(SGD_TO_RM) : d.dividedBy(SGD_TO_RM);
  return roundTo(out.toNumber(), CONVERSION_DECIMALS);
}

export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`No stored rate for currency ${currency}`);
    this.name = 'UnknownCurrencyError';
  }
}

/**
 * Converts with the stored table (base RM, rates = units per 1 RM): amount / rate[from] * rate[to], computed in
 * decimal arithmetic and rounded once to 3 decimals (spec §9).
 */
export function convert(amount: number, from: string, to: string, rates: Readonly<Record<string, number>> = SEED_RATES): number {
  return roundTo(convertExact(amount, from, to, rates), CONVERSION_DECIMALS);
}

/**
 * The one way an amount is shown in another currency (spec §9 "Conversion rounds to 3 decimals", "Rounding is to 2
 * decimals"), used by the report's reply and every export so both give the same cent: the amount in cents in its own
 * currency, converted and rounded to 3 decimals, then rounded to 2. Example: RM 1,000.38 in SGD (0.3016 per RM):
 * 301.714608 → 301.715 → 301.72. The same currency: the amount in cents.
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: Readonly<Record<string, number>> = SEED_RATES,
): number {
  return round2(convert(round2(amount), from, to, rates));
}

/** Same as {@link convert} without the final rounding (for engines that round only where shown). */
export function convertExact(amount: number, from: string, to: string, rates: Readonly<Record<string, number>> = SEED_RATES): number {
  const f = normaliseCurrency(from);
  const t = normaliseCurrency(to);
  if (!Number.isFinite(amount)) throw new RangeError('Amount must be a finite number');
  if (f === t) return amount;
  const rf = f === BASE_CURRENCY ? 1 : rates[f];
  const rt = t === BASE_CURRENCY ? 1 : rates[t];
  if (rf === undefined || !(rf > 0)) throw new UnknownCurrencyError(f);
  if (rt === undefined || !(rt > 0)) throw new UnknownCurrencyError(t);
  return new Decimal(amount).dividedBy(rf).times(rt).toNumber();
}

/** Multiplier from one currency to another (1 unit of `from` in `to`), unrounded. */
export function rateBetween(from: string, to: string, rates: Readonly<Record<string, number>> = SEED_RATES): number {
  return convertExact(1, from, to, rates);
}

const fmt0 = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 0 });
const fmt4 = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 4 });

/** Spec §9: number display in the ms-MY locale with no decimals. Non-finite values display as '0'. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const s = fmt0.format(value);
  return s === '-0' ? '0' : s;
}

/** Spec §9: the one helper that shows up to 4 decimals (ms-MY locale). */
export function formatNumberPrecise(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const s = fmt4.format(value);
  return s === '-0' ? '0' : s;
}

/**
 * Spec §9: compact amounts use k (1,000) and M (1,000,000). Decision (spec silent): at most one decimal, trailing
 * ".0" dropped, below 1,000 the number as formatNumber shows it; 999,950 shows as 1M, never "1000k".
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const one = (x: number) => {
    const r = roundTo(x, 1);
    return Number.isInteger(r) ? String(r) : r.toFixed(1);
  };
  if (abs >= 999_950) return `${sign}${one(abs / 1_000_000)}M`;
  if (abs >= 999.5) return `${sign}${one(abs / 1_000)}k`;
  return formatNumber(value);
}

/** Spec §9: rounding steps by magnitude. */
export const ROUNDING_STEPS = [0.1, 0.5, 1, 5, 10, 50, 100, 500, 1000] as const;

/**
 * The rounding step for a value's magnitude (decision, spec silent on the thresholds): one step per power of ten,
 * |x| < 1 → 0.1, < 10 → 0.5, < 100 → 1, < 1,000 → 5, < 10,000 → 10, < 100,000 → 50, < 1,000,000 → 100,
 * < 10,000,000 → 500, otherwise 1000.
 */
export function roundingStep(value: number): number {
  const abs = Math.abs(value);
  let limit = 1;
  for (const step of ROUNDING_STEPS) {
    if (abs < limit) return step;
    limit *= 10;
  }
  return 1000;
}

/** Rounds to the nearest multiple of the magnitude's step (half away from zero), in decimal arithmetic. */
export function roundToStep(value: number, step: number = roundingStep(value)): number {
  if (!Number.isFinite(value)) throw new RangeError('Amount must be a finite number');
  const r = new Decimal(value).dividedBy(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(step).toNumber();
  return r === 0 ? 0 : r;
}

/** Spec §9: pension scheme by currency: SGD uses CPF-OA, RM uses EPF, otherwise Pension. */
export function pensionSchemeFor(currency: string): 'CPF-OA' | 'EPF' | 'Pension' {
  const c = normaliseCurrency(currency);
  return c === 'SGD' ? 'CPF-OA' : c === 'RM' ? 'EPF' : 'Pension';
}

/** Exact decimal sum of amounts (no floating-point drift), returned as a number. A non-finite amount (NaN, ±Infinity)
 * is refused with a RangeError naming its position, as every other entry here refuses one (issue 32). */
export function sumAmounts(values: readonly number[]): number {
  let acc = new Decimal(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`Amount ${i + 1} of ${values.length} must be a finite number, not ${String(v)}`);
    acc = acc.plus(v);
  }
  return acc.toNumber();
}
