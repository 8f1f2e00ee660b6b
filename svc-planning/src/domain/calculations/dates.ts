import * as errorsModule from './errors';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite } = errorsModule;

/**
 * Dates are whole days in UTC (Excel truncates date serials to integers). A date is given as 'YYYY-MM-DD' (read as
 * that calendar day, whatever the time zone), an ISO timestamp, a Date, or epoch milliseconds; all become the UTC
 * day number (days since 1970-01-01), so time zones and daylight saving never change a result.
 */
export type DateInput = string | Date | number;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day numbers a Date can hold (±8.64e15 ms); outside them `ymd` answers as Date does (NaN fields). */
const MAX_DATE_DAYS = 100_000_000;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): integer arithmetic giving what
 * Date.UTC gives for years 100 and later, without a Date (the projection parses dates for every record).
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** The inverse (civil_from_days) for whole day numbers a Date can hold. */
function civilFromDays(days: number): Ymd {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const isDigit = (s: string, i: number) => digit(s, i) >= 0 && digit(s, i) <= 9;

/**
 * 'YYYY-MM-DD' read without a RegExp or a Date: the day number, or null when the string is not of that shape or its
 * year is below 100 (Date.UTC reads years 0-99 as 1900-1999; those keep the Date path so results stay the same).
 * Throws for an impossible calendar day, as the Date path does.
 */
function isoDayNumber(value: string, field: string): number | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  for (let i = 0; i < 10; i++) if (i !== 4 && i !== 7 && !isDigit(value, i)) return null;
  const y = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  if (y < 100) return null;
  const mo = digit(value, 5) * 10 + digit(value, 6);
  const d = digit(value, 8) * 10 + digit(value, 9);
  const last = mo === 2 && isLeap(y) ? 29 : (MONTH_DAYS[mo - 1] ?? 0);
  if (mo < 1 || d < 1 || d > last) throw new CalculationInputError(field, `${field} is not a valid date`);
  return daysFromCivil(y, mo, d);
}

export function dayNumber(value: DateInput, field = 'date'): number {
  if (typeof value === 'string') {
    const fast = isoDayNumber(value, field);
    if (fast !== null) return fast;
  }
  let ms: number;
  if (typeof value === 'string') {
    const m = ISO_DAY.exec(value);
    if (m) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      const d = Number(m[3]);
      ms = Date.UTC(y, mo - 1, d);
      const check = new Date(ms);
      if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
        throw new CalculationInputError(field, `${field} is not a valid date`);
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
  if (Number.isInteger(day) && day >= -MAX_DATE_DAYS && day <= MAX_DATE_DAYS) return civilFromDays(day);
  if (!Number.isFinite(day) || Math.abs(day) > MAX_DATE_DAYS)
    throw new CalculationInputError('date', 'date is out of range');
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function fromYmd(year: number, month: number, day: number): number {
  finite(year, 'year');
  finite(month, 'month');
  finite(day, 'day');
  const ms = Date.UTC(year, month - 1, day);
  if (!Number.isFinite(ms)) throw new CalculationInputError('year', 'year is out of range');
  return Math.floor(ms / DAY_MS);
}

export function isoDay(day: number): string {
  ymd(day);
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Adds calendar months, clamping the day to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: number, months: number): number {
  finite(months, 'months');
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
