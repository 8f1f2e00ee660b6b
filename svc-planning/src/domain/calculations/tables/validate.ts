import type { RateTableKind, RateTables } from './registry';
import * as registryModule from './registry';
import type { Version } from './versioned';
// Imported names read once (docs/planning-model.md, "How the projection is computed").
const { BUILT_IN_TABLES, RATE_TABLE_KINDS } = registryModule;

/**
 * Validation of rate tables (issue 32, docs/planning-model.md "Versioned tables"): a projection never runs on a broken
 * table, and an admin's version with a gap, an overlap, a negative rate or a band out of order is refused with a
 * message that names the problem. Pure; the service (svc-planning/src/rate-tables) calls it before it stores a
 * version and before it installs a set.
 *
 * The checks walk the figures generically, so a figure field another release adds is covered without an edit here:
 * - the periods: versions in ascending `fromYear`, whole years, `fromYear` ≤ `toYear`, and a version with a `toYear`
 *   followed by the one starting the next year (no gap, no overlap); `toYear` null = until the next version;
 * - every number finite and not negative; a percentage (a key named like a rate: `rate…`, `employer…`, `employee…`,
 *   `total`, `oa`, `sa`, `ma`, `ra`, `…Growth`, `…Escalation`, `…Percent`) at most 100, a `…Share` at most 1;
 * - periods of purchase dates (SSD's schedules) real days, contiguous, an open end only last;
 * - band lists (arrays whose items carry `toAge`, `to`, `from`, `maxMonths` or `upToYear`) in strictly ascending order
 *   of each of those keys, a null upper bound only on the last band, and tax bands (`from` and `to`) contiguous: each
 *   band's `from` is the previous band's `to`;
 * - the figures' shape: a version that is not one of the built-in versions (an admin's, from the database) must have
 *   exactly the keys of the kind's newest built-in version, recursively (arrays: the keys of its items), with values
 *   of the same type. Built-in versions are typed by the compiler instead: an older built-in version may lack a
 *   field a newer one has.
 */

/** One refusal: the field it concerns, as the API names it (`from_year`, `figures.rates[1].employer`), and why. */
export interface RateTableProblem {
  kind: RateTableKind;
  field: string;
  message: string;
}

/** The figures of a version: everything but its period and source (the API's `figures`). */
export function figuresOf(v: Version): Record<string, unknown> {
  const { fromYear: _f, toYear: _t, source: _s, ...figures } = v as Version & Record<string, unknown>;
  return figures;
}

const PERCENT_EXACT = new Set(['total', 'oa', 'sa', 'ma', 'ra']);
/** Words that make a rate-like key an amount, an age or a year instead (`employerCap`, `rateFromAge`). */
const NOT_PERCENT = /(Cap|Ceiling|Max|Min|Limit|Amount|Threshold|Age|Year|Wage|Months)/;
/** Whether a figure's key names a percentage (at most 100). */
export function isPercentKey(key: string): boolean {
  if (PERCENT_EXACT.has(key)) return true;
  if (NOT_PERCENT.test(key)) return false;
  return /^(rate|employer|employee)/i.test(key) || /(Rate|Growth|Escalation|Percent)$/.test(key);
}
/** Whether a figure's key names a share (a fraction, at most 1). */
const isShareKey = (key: string) => /Share$/.test(key);
/** The keys a band list is ordered by (ascending). */
const BAND_KEYS = ['toAge', 'from', 'to', 'maxMonths', 'upToYear'] as const;
/** Upper bounds: null (no upper bound) only on the last band. */
const UPPER_KEYS = new Set(['toAge', 'to']);

const show = (x: unknown) => (typeof x === 'number' ? String(x) : JSON.stringify(x));
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const typeOf = (x: unknown) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);

/** Numbers: finite, not negative, percentages ≤ 100, shares ≤ 1; band lists ordered. */
function walkNumbers(kind: RateTableKind, value: unknown, path: string, key: string, out: RateTableProblem[]): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      out.push({ kind, field: path, message: `${path} must be a finite number (it is ${show(value)}).` });
    else if (value < 0)
      out.push({ kind, field: path, message: `${path} must not be negative (it is ${show(value)}).` });
    else if (isPercentKey(key) && value > 100)
      out.push({
        kind,
        field: path,
        message: `${path} is a percentage and must be at most 100 (it is ${show(value)}).`,
      });
    else if (isShareKey(key) && value > 1)
      out.push({ kind, field: path, message: `${path} is a share and must be at most 1 (it is ${show(value)}).` });
    return;
  }
  if (Array.isArray(value)) {
    for (let k = 0; k < value.length; k++) walkNumbers(kind, value[k], `${path}[${k}]`, key, out);
    bandOrder(kind, value, path, out);
    datePeriods(kind, value, path, out);
    return;
  }
  if (isObject(value))
    for (const [k, v] of Object.entries(value)) walkNumbers(kind, v, path ? `${path}.${k}` : k, k, out);
}

/** A band list: ascending by each band key, null upper bound only last, tax bands contiguous. */
function bandOrder(kind: RateTableKind, list: unknown[], path: string, out: RateTableProblem[]): void {
  if (!list.every(isObject)) return;
  const items = list as Array<Record<string, unknown>>;
  for (const key of BAND_KEYS) {
    if (!items.some((b) => key in b)) continue;
    let prev: number | null = null;
    for (let k = 0; k < items.length; k++) {
      const x = (items[k] as Record<string, unknown>)[key];
      if (x === null && UPPER_KEYS.has(key)) {
        if (k !== items.length - 1)
          out.push({
            kind,
            field: `${path}[${k}].${key}`,
            message: `${path}[${k}].${key} may be empty (no upper bound) only on the last band.`,
          });
        continue;
      }
      if (typeof x !== 'number' || !Number.isFinite(x)) continue; // reported by the number and shape checks
      if (prev !== null && x === prev) {
        out.push({
          kind,
          field: `${path}[${k}].${key}`,
          message: `${path} lists ${key} ${show(x)} twice: each band must end above the one before.`,
        });
      } else if (prev !== null && x < prev) {
        out.push({
          kind,
          field: `${path}[${k}].${key}`,
          message: `${path} must be in ascending order of ${key}: ${show(x)} comes after ${show(prev)}.`,
        });
      }
      prev = x;
    }
  }
  // tax bands: each band starts where the previous one ends, and ends above where it starts
  if (items.every((b) => 'from' in b && 'to' in b)) {
    for (let k = 0; k < items.length; k++) {
      const b = items[k] as Record<string, unknown>;
      if (typeof b.from === 'number' && typeof b.to === 'number' && b.to <= b.from)
        out.push({
          kind,
          field: `${path}[${k}].to`,
          message: `${path}[${k}] must end above where it starts (from ${show(b.from)} to ${show(b.to)}).`,
        });
      if (k === 0) continue;
      const before = (items[k - 1] as Record<string, unknown>).to;
      if (typeof before === 'number' && b.from !== before)
        out.push({
          kind,
          field: `${path}[${k}].from`,
          message: `${path}[${k}].from must be ${show(before)}, where the band before it ends (it is ${show(b.from)}).`,
        });
    }
  }
}

/** An ISO calendar day (yyyy-mm-dd) as a day number, or null when it is not one. */
function isoDay(x: unknown): number | null {
  if (typeof x !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(x)) return null;
  const t = Date.parse(`${x}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== x ? null : t / 86_400_000;
}

/**
 * Periods of purchase dates (SSD's schedules: `purchasedFrom` … `purchasedTo`, null = every later purchase): real
 * days, each period ending on or after it starts, the next one starting the day after (no gap, no overlap), an open
 * end only last.
 */
function datePeriods(kind: RateTableKind, list: unknown[], path: string, out: RateTableProblem[]): void {
  if (!list.every((b) => isObject(b) && 'purchasedFrom' in b && 'purchasedTo' in b)) return;
  const items = list as Array<{ purchasedFrom: unknown; purchasedTo: unknown }>;
  let prevTo: number | null | undefined;
  for (let k = 0; k < items.length; k++) {
    const b = items[k] as { purchasedFrom: unknown; purchasedTo: unknown };
    const from = isoDay(b.purchasedFrom);
    const to = b.purchasedTo === null ? null : isoDay(b.purchasedTo);
    const at = `${path}[${k}]`;
    if (from === null) out.push({ kind, field: `${at}.purchasedFrom`, message: `${at}.purchasedFrom must be a date (yyyy-mm-dd).` });
    if (to === null && b.purchasedTo !== null) out.push({ kind, field: `${at}.purchasedTo`, message: `${at}.purchasedTo must be a date (yyyy-mm-dd) or empty.` });
    if (from !== null && to !== null && to < from)
      out.push({ kind, field: `${at}.purchasedTo`, message: `${at} must end on or after the day it starts (${String(b.purchasedFrom)} to ${String(b.purchasedTo)}).` });
    if (k > 0 && from !== null) {
      if (prevTo === null)
        out.push({ kind, field: `${path}[${k - 1}].purchasedTo`, message: `${path}[${k - 1}].purchasedTo may be empty (every later purchase) only on the last period.` });
      else if (prevTo !== undefined && from !== prevTo + 1)
        out.push({
          kind,
          field: `${at}.purchasedFrom`,
          message: `${at}.purchasedFrom must be the day after the period before it ends: ${from > prevTo + 1 ? 'the days between are in no period' : 'the periods overlap'}.`,
        });
    }
    prevTo = b.purchasedTo === null ? null : (to ?? undefined);
  }
}

/** The allowed types of each key of an object shape (arrays: the union over the reference's items). */
function shapeProblems(kind: RateTableKind, value: unknown, ref: unknown, path: string, out: RateTableProblem[]): void {
  if (Array.isArray(ref)) {
    if (!Array.isArray(value)) {
      out.push({ kind, field: path, message: `${path} must be a list (it is ${typeOf(value)}).` });
      return;
    }
    if (ref.length === 0) return;
    if (ref.every(isObject)) {
      // the item shape: every key any reference item has, with the types the reference items give it
      const keys = new Map<string, unknown[]>();
      for (const item of ref as Array<Record<string, unknown>>)
        for (const [k, v] of Object.entries(item)) keys.set(k, [...(keys.get(k) ?? []), v]);
      value.forEach((item, i) => {
        const at = `${path}[${i}]`;
        if (!isObject(item)) {
          out.push({ kind, field: at, message: `${at} must be an object (it is ${typeOf(item)}).` });
          return;
        }
        for (const [k, refs] of keys) {
          if (!(k in item)) {
            out.push({ kind, field: `${at}.${k}`, message: `${at}.${k} is missing.` });
            continue;
          }
          const v = item[k];
          // a key that is null on some reference items (an open upper bound) may be null or a number
          const same = refs.findIndex((r) => typeOf(r) === typeOf(v));
          const like = same >= 0 ? refs[same] : (refs.find((r) => r !== null) ?? refs[0]);
          shapeProblems(kind, v, like, `${at}.${k}`, out);
        }
        for (const k of Object.keys(item))
          if (!keys.has(k)) out.push({ kind, field: `${at}.${k}`, message: `${at}.${k} is not a ${kind} figure.` });
      });
      return;
    }
    const like = ref[0];
    for (let i = 0; i < value.length; i++) shapeProblems(kind, value[i], like, `${path}[${i}]`, out);
    return;
  }
  if (isObject(ref)) {
    if (!isObject(value)) {
      out.push({ kind, field: path, message: `${path} must be an object (it is ${typeOf(value)}).` });
      return;
    }
    for (const k of Object.keys(ref)) {
      const at = path ? `${path}.${k}` : k;
      if (!(k in value)) out.push({ kind, field: at, message: `${at} is missing.` });
      else shapeProblems(kind, value[k], ref[k], at, out);
    }
    for (const k of Object.keys(value)) {
      const at = path ? `${path}.${k}` : k;
      if (!(k in ref)) out.push({ kind, field: at, message: `${at} is not a ${kind} figure.` });
    }
    return;
  }
  if (ref === null) {
    if (value !== null && typeof value !== 'number')
      out.push({ kind, field: path, message: `${path} must be a number or empty (it is ${typeOf(value)}).` });
    return;
  }
  if (typeOf(value) !== typeOf(ref))
    out.push({ kind, field: path, message: `${path} must be a ${typeOf(ref)} (it is ${typeOf(value)}).` });
}

/** The figures' shape of a kind: its newest built-in version's figures. */
export function kindShape(kind: RateTableKind): Record<string, unknown> | undefined {
  const built = BUILT_IN_TABLES[kind] as readonly Version[];
  const newest = built[built.length - 1];
  return newest ? figuresOf(newest) : undefined;
}

/** The problems of one version's figures (numbers, band order, and its shape unless it is built in). */
export function validateFigures(kind: RateTableKind, v: Version): RateTableProblem[] {
  const out: RateTableProblem[] = [];
  const figures = figuresOf(v);
  if (!(BUILT_IN_TABLES[kind] as readonly Version[]).includes(v)) {
    const ref = kindShape(kind);
    if (ref) shapeProblems(kind, figures, ref, 'figures', out);
  }
  walkNumbers(kind, figures, 'figures', '', out);
  return out;
}

/** Every problem of one kind's list of versions: the periods first, then each version's figures. */
export function validateVersions(kind: RateTableKind, versions: readonly Version[]): RateTableProblem[] {
  const out: RateTableProblem[] = [];
  if (!Array.isArray(versions) || versions.length === 0) {
    out.push({ kind, field: 'versions', message: `The ${kind} table has no version: a table needs at least one.` });
    return out;
  }
  const name = (v: Version) => `The ${kind} version from ${v.fromYear}`;
  for (let k = 0; k < versions.length; k++) {
    const v = versions[k] as Version;
    if (!Number.isInteger(v.fromYear)) {
      out.push({
        kind,
        field: 'from_year',
        message: `The ${kind} version's from_year must be a whole year (it is ${show(v.fromYear)}).`,
      });
      continue;
    }
    const to = v.toYear ?? null;
    if (to !== null && !Number.isInteger(to))
      out.push({ kind, field: 'to_year', message: `${name(v)} must end in a whole year (to_year is ${show(to)}).` });
    else if (to !== null && to < v.fromYear)
      out.push({
        kind,
        field: 'to_year',
        message: `${name(v)} ends before it starts: from_year ${v.fromYear} comes after to_year ${to}.`,
      });
    if (!v.source || typeof v.source !== 'object' || !v.source.publisher || !v.source.title || !v.source.url)
      out.push({ kind, field: 'source', message: `${name(v)} must name its source: publisher, title and address.` });
    if (k === 0) continue;
    const prev = versions[k - 1] as Version;
    if (!Number.isInteger(prev.fromYear)) continue;
    if (v.fromYear === prev.fromYear) {
      out.push({
        kind,
        field: 'from_year',
        message: `Two ${kind} versions start in ${v.fromYear}: a year has one version.`,
      });
      continue;
    }
    if (v.fromYear < prev.fromYear) {
      out.push({
        kind,
        field: 'from_year',
        message: `The ${kind} versions must be in ascending order of from_year: ${v.fromYear} comes after ${prev.fromYear}.`,
      });
      continue;
    }
    const prevTo = prev.toYear ?? null;
    if (prevTo === null || !Number.isInteger(prevTo) || prevTo < prev.fromYear) continue;
    if (v.fromYear <= prevTo)
      out.push({
        kind,
        field: 'from_year',
        message: `${name(v)} overlaps the version from ${prev.fromYear} (in force to ${prevTo}).`,
      });
    else if (v.fromYear > prevTo + 1) {
      const hole = v.fromYear - 1 === prevTo + 1 ? `${prevTo + 1}` : `${prevTo + 1} to ${v.fromYear - 1}`;
      out.push({
        kind,
        field: 'from_year',
        message: `${name(v)} leaves a gap: the version from ${prev.fromYear} ends in ${prevTo} and nothing covers ${hole}.`,
      });
    }
  }
  for (const v of versions)
    for (const p of validateFigures(kind, v)) out.push({ ...p, message: `${name(v)}: ${p.message}` });
  return out;
}

/** Every problem of a whole set of tables (every kind must be there). */
export function validateRateTables(tables: RateTables): RateTableProblem[] {
  const out: RateTableProblem[] = [];
  for (const kind of RATE_TABLE_KINDS) out.push(...validateVersions(kind, (tables as Partial<RateTables>)[kind] ?? []));
  return out;
}
