import { CalculationInputError } from './errors';

/**
 * Dates are whole days in UTC (Excel truncates date serials to integers). A date is given as 'YYYY-MM-DD' (read as
 * that calendar day, whatever the time zone), an ISO timestamp, a Date, or epoch milliseconds; all become the UTC
 * day number (days since 1970-01-01), so time zones and daylight saving never change a result.
 */
export type DateInput = string | Date | number;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayNumber(value: DateInput, field = 'date'): number {
  let ms: number;
  if (typeof value === 'string') {
    const m = ISO_DAY.exec(value);
    if (m) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      const d = Number(m[3]);
      ms = Date.UTC(y, mo - 1, d);
      const check = new Date(ms);
      if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new CalculationInputError(field, `${field} is not a valid date`);
    } else ms = Date.parse(value);
  } else if (value instanceof Date) ms = value.getTime();
  else ms = value;
  if (!Number.isFinite(ms)) throw new CalculationInputError(field, `${field} is not a valid date`);
  return Math.floor(ms / DAY_MS);
}

export interface Ymd {
  year: number;
  month: number; // 1-12
  day: number;
}

export function ymd(day: number): Ymd {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function fromYmd(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Adds calendar months, clamping the day to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: number, months: number): number {
  const { year, month, day: d } = ymd(day);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return fromYmd(y, m, Math.min(d, last));
}

/** Whole months from a to b (b ≥ a), counting a month only when its day is reached. */
export function monthsBetween(a: number, b: number): number {
  const x = ymd(a);
  const y = ymd(b);
  let months = (y.year - x.year) * 12 + (y.month - x.month);
  if (y.day < x.day) months -= 1;
  return months;
}

/** Whole years from a to b. */
export function yearsBetween(a: number, b: number): number {
  return Math.floor(monthsBetween(a, b) / 12);
}

/** Today's UTC day number (the only clock read of the engine; callers may pass `asOf` instead). */
export function today(): number {
  return Math.floor(Date.now() / DAY_MS);
}
