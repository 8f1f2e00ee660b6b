import { formatNumberPrecise } from '@kinfolio/money';
import { formatDate } from '@kinfolio/ui-kit';
import type { NewRateTableVersion, RateTable, RateTableVersion } from './api';

/** The years the API accepts for a version (rate-tables API: from_year integer 1990..2200). */
export const FIRST_YEAR = 1990;
export const LAST_YEAR = 2200;

/** A version's published period: "2025 – 2025" when it has a last year, "2026 onward" when it runs until the next. */
export const periodText = (v: Pick<RateTableVersion, 'from_year' | 'to_year'>): string =>
  v.to_year === null || v.to_year === undefined ? `${v.from_year} onward` : `${v.from_year} – ${v.to_year}`;

/** Where a version came from: "Built in", or "Added by <name> on <date>". */
export function originText(v: Pick<RateTableVersion, 'origin' | 'created_by' | 'created_at'>): string {
  if (v.origin !== 'admin') return 'Built in';
  const who = v.created_by?.name ? ` by ${v.created_by.name}` : '';
  const when = v.created_at ? ` on ${formatDate(v.created_at)}` : '';
  return `Added${who}${when}`;
}

/** The newest version of a table (versions come in ascending from_year; sorted here anyway). */
export function newestVersion(t: Pick<RateTable, 'versions'>): RateTableVersion | null {
  let best: RateTableVersion | null = null;
  for (const v of t.versions) if (!best || v.from_year > best.from_year) best = v;
  return best;
}

/** The add-version form as typed (strings, as the inputs hold them). */
export interface VersionDraft {
  fromYear: string;
  toYear: string;
  publisher: string;
  title: string;
  url: string;
  figures: string;
}

/**
 * A new version's form, started from the newest version: the year after its period (after its first year when it
 * runs until the next), its publisher, and its figures as indented JSON to edit. The document's title and address
 * start empty: a new period has its own document, and a citation copied from the last one would be wrong.
 */
export function draftFrom(t: Pick<RateTable, 'versions'>): VersionDraft {
  const newest = newestVersion(t);
  const next = newest ? (newest.to_year ?? newest.from_year) + 1 : '';
  return {
    fromYear: String(next),
    toYear: '',
    publisher: newest?.source.publisher ?? '',
    title: '',
    url: '',
    figures: JSON.stringify(newest?.figures ?? {}, null, 2),
  };
}

const YEAR = /^\d{4}$/;
const isHttps = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname.length > 0;
  } catch {
    return false;
  }
};

/**
 * Checks a draft before it is sent and answers the errors by field, or the body to POST. Only what the form can know
 * is checked here (years, required texts, an https address, figures that are one JSON object); the service checks
 * the rest (a gap or an overlap with the version before, negative rates, bands out of order, the kind's figure keys)
 * and its refusal is shown as it words it.
 */
export function checkDraft(
  d: VersionDraft,
  newest: Pick<RateTableVersion, 'name' | 'from_year'> | null,
): { errors: Record<string, string>; body: NewRateTableVersion | null } {
  const errors: Record<string, string> = {};
  const fromText = d.fromYear.trim();
  const toText = d.toYear.trim();
  const yearError = `Enter a year from ${FIRST_YEAR} to ${LAST_YEAR}.`;
  const from = Number(fromText);
  if (!YEAR.test(fromText) || from < FIRST_YEAR || from > LAST_YEAR) errors.fromYear = yearError;
  else if (newest && from <= newest.from_year)
    errors.fromYear = `A new version starts after ${newest.from_year}, the first year of the newest version (${newest.name}): a past version is never changed.`;
  const to = toText ? Number(toText) : null;
  if (toText && (!YEAR.test(toText) || (to as number) < FIRST_YEAR || (to as number) > LAST_YEAR))
    errors.toYear = yearError;
  else if (to !== null && YEAR.test(fromText) && to < from)
    errors.toYear = 'The last year cannot be before the first year.';
  const publisher = d.publisher.trim();
  const title = d.title.trim();
  const url = d.url.trim();
  if (!publisher) errors.publisher = 'Enter the body that publishes the figures.';
  if (!title) errors.title = "Enter the document's title.";
  if (!isHttps(url)) errors.url = "Enter the document's address, starting with https://.";
  let figures: Record<string, unknown> | null = null;
  if (!d.figures.trim()) errors.figures = 'Enter the figures as one JSON object.';
  else {
    try {
      const parsed: unknown = JSON.parse(d.figures);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) figures = parsed as Record<string, unknown>;
      else errors.figures = 'The figures must be one JSON object ({ … }), like the newest version’s.';
    } catch (e) {
      errors.figures = `The figures are not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  if (Object.keys(errors).length || !figures) return { errors, body: null };
  const body: NewRateTableVersion = { from_year: from, source: { publisher, title, url }, figures };
  if (to !== null) body.to_year = to;
  return { errors, body };
}

// ------------------------------------------------------------------ figures, shown generically
const ACRONYMS = new Set([
  'oa',
  'sa',
  'ma',
  'ra',
  'brs',
  'frs',
  'ers',
  'bhs',
  'ow',
  'aw',
  'cpf',
  'epf',
  'rpgt',
  'ssd',
  'ya',
]);

/** A figure's key as a label: camelCase split into words, known acronyms in capitals ("owCeiling" → "OW ceiling"). */
export function figureLabel(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * A plain figure as text: numbers grouped with up to 4 decimals (the spec's number display), a year-like key's value
 * ungrouped ("upToYear" 5, a "year" 2027), null as "—" (an open band: no upper age, no upper bound), yes/no.
 */
export function figureText(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    if (/year/i.test(key) && Number.isInteger(value)) return String(value);
    return formatNumberPrecise(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => figureText(v, key)).join(', ') : 'none';
  return String(value);
}

/** An array whose every item is a plain object: shown as a small table, one row an item. */
export const isRowList = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The columns of a row list: every key, in the order they first appear. */
export function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}
