/**
 * Display helpers of the dashboard. Number display follows spec §9 (ms-MY locale, no decimals), as
 * @kinfolio/money's formatNumber does; it is not imported here so decimal.js stays out of the remote's bundle.
 */
const fmt0 = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 0 });

export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const s = fmt0.format(value);
  return s === '-0' ? '0' : s;
}

/** Currencies with flag assets (spec §1); SGD and RM are the working ones. */
export const CURRENCIES = ['SGD', 'RM', 'USD', 'AUD', 'INR', 'GBP', 'EUR', 'RMB', 'CNH'] as const;
export const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));

export const RELATION_LABELS: Record<string, string> = {
  me: 'Me',
  spouse: 'Spouse',
  joint: 'Joint',
  all: 'Other family',
};
export const cap = (s: string) => (s ? s[0]?.toUpperCase() + s.slice(1) : s);

/** A form's numeric text as a number, or undefined when empty. */
export function numberOrUndefined(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
