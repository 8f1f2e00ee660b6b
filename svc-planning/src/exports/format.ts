import { formatCompact, formatNumber } from '@kinfolio/money';
import type { Cell, Chart, Column, Report, Table } from './report';

type Locale = Report['locale'];
const WHOLE: Record<Locale, Intl.NumberFormat> = {
  'ms-MY': new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 0 }),
  'en-SG': new Intl.NumberFormat('en-SG', { maximumFractionDigits: 0 }),
};

/**
 * Spec §9: a number with no decimals as the screen writes it, in the locale of the report's currency (ms-MY for RM,
 * en-SG for SGD: the same digits and separators, 1,234,567). Non-finite numbers write as 0, never "-0".
 */
export function numberText(v: number, locale: Locale = 'ms-MY'): string {
  if (!Number.isFinite(v)) return '0';
  if (locale === 'ms-MY') return formatNumber(v);
  const s = WHOLE[locale].format(v);
  return s === '-0' ? '0' : s;
}

/** Spec §9: amounts with no decimals, after the currency code. */
export const money = (v: number, currency: string, locale: Locale = 'ms-MY'): string =>
  `${currency} ${numberText(v, locale)}`;
/** Spec §9: compact k/M amounts in charts. */
export const compact = (v: number): string => formatCompact(v);

/** A cell as text (docx, pdf and pptx tables): money formatted with the money package, years as they are. */
export function cellText(v: Cell, col: Column, currency: string, locale: Locale = 'ms-MY'): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  if (col.kind === 'money') return money(v, currency, locale);
  if (col.kind === 'percent') return `${numberText(v, locale)}%`;
  if (col.kind === 'year') return String(v);
  return numberText(v, locale);
}

const CHART_WORDS: Record<Chart['kind'], string> = {
  bar: 'Bar chart',
  multi_bar: 'Clustered bar chart',
  line: 'Line chart',
  fan: 'Fan chart',
};

/**
 * A chart's alt text (every format writes it): its kind and title, what it runs over, and each series' range, so a
 * reader who cannot see it knows what it shows; the figures themselves are in the table beside it.
 */
export function altText(c: Chart, currency: string, locale: Locale = 'ms-MY'): string {
  const over = c.categories.length
    ? `${c.categories.length} ${c.categories.length === 1 ? 'point' : 'points'} from ${c.categories[0]} to ${c.categories[c.categories.length - 1]}`
    : 'no figures';
  const ranges = c.series
    .filter((s) => s.values.length)
    .map((s) => {
      const lo = Math.min(...s.values);
      const hi = Math.max(...s.values);
      return `${s.name} ${money(lo, currency, locale)} to ${money(hi, currency, locale)}`;
    });
  const fan =
    c.kind === 'fan' ? ' The bands run from the lowest percentile to the highest, the median in the middle.' : '';
  return `${CHART_WORDS[c.kind]}: ${c.title}, ${over}.${ranges.length ? ` ${ranges.join('; ')}.` : ''}${fan} The figures are in the table that goes with it.`;
}

/** "Prepared by <advisor>, <designation>" as printed on every export. */
export function preparedBy(r: Report): string {
  const d = r.branding.designation ? `, ${r.branding.designation}` : '';
  return `Prepared by ${r.branding.advisor_name}${d}`;
}

/** The file name of an export: "<household> - <report> - <date>.<ext>" with safe characters only. */
export function fileName(r: Report, ext: string): string {
  const base = `${r.household} ${r.title} ${r.as_of}`.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/\s+/g, '-');
  return `${base.slice(0, 150)}.${ext}`;
}

/**
 * A table's totals row as cells (the label in the first column, each total under its column, the other cells
 * empty), or null without totals: docx and pptx print it under the rows, as the PDF and the Excel file do.
 */
export function totalsRow(t: Table): Cell[] | null {
  if (!t.totals) return null;
  const totals = t.totals;
  return t.columns.map((_, k) => (k === 0 ? totals.label : (totals.values[k] ?? '')));
}
