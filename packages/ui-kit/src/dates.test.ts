import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_DATE_LOCALE, formatDate, formatDateTime, userLocale } from './dates';

describe('formatDate / formatDateTime: one date format in the user locale', () => {
  it("shows day, short month and year ('d MMM yyyy' in en-SG)", () => {
    expect(formatDate('2026-03-01T08:00:00Z', 'en-SG')).toBe('1 Mar 2026');
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 4)), 'en-SG')).toBe('31 Dec 2025');
    expect(formatDate(Date.UTC(2024, 1, 29, 4), 'en-SG')).toBe('29 Feb 2024');
  });

  it("follows the user's locale in the order and language of the parts", () => {
    expect(formatDate('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'de-DE')).toBe('1. März 2026');
  });

  it('shows a calendar date (YYYY-MM-DD) as that day in every time zone', () => {
    // Date.parse reads it as UTC midnight: formatted in a zone west of UTC it would be the day before
    expect(formatDate('2026-01-05', 'en-SG')).toBe('5 Jan 2026');
    expect(formatDateTime('2026-01-05', 'en-SG')).toBe('5 Jan 2026');
  });

  it('adds the hour and minute where the moment matters', () => {
    const at = new Date(2026, 2, 10, 14, 5); // local time
    expect(formatDateTime(at, 'en-SG')).toMatch(/^10 Mar 2026,? (at )?(14:05|02:05 pm)$/i);
  });

  it("answers '—' for no date or one that does not parse", () => {
    for (const v of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(formatDate(v, 'en-SG')).toBe('—');
      expect(formatDateTime(v, 'en-SG')).toBe('—');
    }
  });

  it("takes the browser's first supported language, else en-SG", () => {
    const nav = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    const as = (languages: string[], language: string) =>
      Object.defineProperty(globalThis, 'navigator', { value: { languages, language }, configurable: true });
    try {
      as(['en-GB', 'en'], 'en-GB');
      expect(userLocale()).toBe('en-GB');
      expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
      as([], 'en-US');
      expect(userLocale()).toBe('en-US');
      as([], '');
      expect(userLocale()).toBe(DEFAULT_DATE_LOCALE);
      as(['x-not a tag'], '');
      expect(userLocale()).toBe(DEFAULT_DATE_LOCALE);
    } finally {
      if (nav) Object.defineProperty(globalThis, 'navigator', nav);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
  });
});

/**
 * Every remote shows dates through the helper above: a component that formats a date by itself (toLocaleDateString,
 * toLocaleString with date options, its own Intl.DateTimeFormat or month names) brings back a second format.
 */
describe('no screen formats a date on its own', () => {
  const ROOT = join(__dirname, '..', '..', '..');
  const FRONT_ENDS = [
    'shell/src',
    'mf-advisor/src',
    'mf-customer/src',
    'mf-admin/src',
    'mf-support/src',
    'packages/ui-kit/src',
    'packages/support-ui/src',
  ];
  const HELPER = 'packages/ui-kit/src/dates.ts';
  const OWN_FORMAT: Array<[string, RegExp]> = [
    ['toLocaleDateString', /\.toLocaleDateString\(/],
    ['toLocaleTimeString', /\.toLocaleTimeString\(/],
    ['toLocaleString with date options', /\.toLocaleString\([^)]*(dateStyle|timeStyle|month|weekday)/],
    ['toLocaleString of a Date', /new Date\([^)]*\)\.toLocaleString\(/],
    ['Intl.DateTimeFormat', /Intl\.DateTimeFormat\b/],
    ['dateStyle / timeStyle', /\b(dateStyle|timeStyle)\s*:/],
    ['month names', /['"]Jan['"]\s*,\s*['"]Feb['"]/],
    ['toDateString / toUTCString', /\.(toDateString|toUTCString)\(/],
  ];

  function sources(dir: string): string[] {
    const out: string[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') out.push(...sources(path));
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
    }
    return out;
  }

  it('finds no date formatting outside packages/ui-kit/src/dates.ts', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const dir of FRONT_ENDS) {
      for (const file of sources(join(ROOT, dir))) {
        const rel = relative(ROOT, file);
        if (rel === HELPER) continue;
        scanned++;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const [what, re] of OWN_FORMAT) if (re.test(line)) found.push(`${rel}:${i + 1} ${what}`);
          });
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('the check catches each way a component formats a date itself', () => {
    const lines = [
      "new Date(iso).toLocaleDateString('en-GB')",
      "d.toLocaleString('en-GB', { dateStyle: 'medium' })",
      "new Date(savedAt).toLocaleString('en-SG')",
      "new Intl.DateTimeFormat('en', { month: 'short' })",
      "const MONTHS = ['Jan', 'Feb', 'Mar']",
      'd.toTimeString(); d.toDateString()',
    ];
    for (const l of lines) expect([l, OWN_FORMAT.some(([, re]) => re.test(l))]).toEqual([l, true]);
    // numbers keep their own toLocaleString
    expect(OWN_FORMAT.some(([, re]) => re.test("v.toLocaleString('en', { maximumFractionDigits: 6 })"))).toBe(false);
  });
});
