import { formatCompact, formatNumber } from '@kinfolio/money';
import type { Cell, Column, Report } from './report';

/** Spec §9: amounts in the ms-MY locale with no decimals, after the currency code. */
export const money = (v: number, currency: string): string => `${currency} ${formatNumber(v)}`;
/** Spec §9: compact k/M amounts in charts. */
export const compact = (v: number): string => formatCompact(v);

/** A cell as text (docx, pdf and pptx tables): money formatted with the money package, years as they are. */
export function cellText(v: Cell, col: Column, currency: string): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  if (col.kind === 'money') return money(v, currency);
  if (col.kind === 'percent') return `${formatNumber(v)}%`;
  if (col.kind === 'year') return String(v);
  return formatNumber(v);
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
