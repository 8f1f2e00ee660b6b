/**
 * The one way every screen shows a date (issue 30 item 15): day, short month, year ("5 Jan 2026" in en-SG), in the
 * user's locale (the browser's first language; en-SG when there is none or it is not one Intl knows), with the time
 * ("5 Jan 2026, 14:05") where the moment matters. Remotes call these instead of toLocaleDateString or their own
 * formats; `dates.test.ts` fails when a component formats a date by itself (docs/decisions/web.md).
 */

export const DEFAULT_DATE_LOCALE = 'en-SG';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The user's locale: the browser's first language Intl supports, else en-SG. */
export function userLocale(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const wanted = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  for (const tag of wanted) {
    try {
      if (Intl.DateTimeFormat.supportedLocalesOf(tag).length) return tag;
    } catch {
      // an ill-formed tag: try the next
    }
  }
  return DEFAULT_DATE_LOCALE;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, withTime: boolean, utc: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${utc}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...DATE, ...(withTime ? TIME : {}), ...(utc ? { timeZone: 'UTC' } : {}) });
    formats.set(key, f);
  }
  return f;
}

/** A calendar date without a time ("2026-01-05"): shown as that day everywhere, whatever the time zone. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput): { t: number; dateOnly: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(t) ? null : { t, dateOnly };
}

/** "5 Jan 2026" (en-SG) in the user's locale; '—' for no date or one that does not parse. */
export function formatDate(value: DateInput, locale: string = userLocale()): string {
  const p = parse(value);
  return p ? formatter(locale, false, p.dateOnly).format(p.t) : '—';
}

/** "5 Jan 2026, 14:05" (en-SG) in the user's locale and time zone; '—' for no date or one that does not parse. */
export function formatDateTime(value: DateInput, locale: string = userLocale()): string {
  const p = parse(value);
  if (!p) return '—';
  return p.dateOnly ? formatter(locale, false, true).format(p.t) : formatter(locale, true, false).format(p.t);
}
