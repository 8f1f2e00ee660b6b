import type { TagTone } from './components/display';

// How a subscription's money shows on the advisor's billing screens and the back office's subscription lists.
// No @kinfolio/money here: the ui-kit is in the shell's first load, and money brings decimal.js (12 KB gzipped) that a
// sign-in page does not need (shell/test/first-load.test.ts). Amounts arrive in whole minor units, so minor / 100 is
// already the amount to the cent; Intl shows it with the spec's 2 decimals (§9).
const AMOUNT_DECIMALS = 2;

/** Minor units (cents, sen) as the currency and the amount with 2 decimals: 'SGD 1,234.50' (ms-MY grouping, §9). */
export function formatAmount(minor: number, currency: string): string {
  const major = minor / 100;
  const n = new Intl.NumberFormat('ms-MY', {
    minimumFractionDigits: AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(major);
  return `${currency} ${n}`;
}

/** A card as 'Visa •••• 4242' ('Card •••• 4242' without a brand); '—' without its last digits. */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  if (!last4) return '—';
  const b = (brand ?? '').trim();
  return `${b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card'} •••• ${last4}`;
}

const KIND_TAG: Record<string, { tone: TagTone; label: string }> = {
  charge: { tone: 'green', label: 'Charge' },
  refund: { tone: 'grey', label: 'Refund' },
  failure: { tone: 'red', label: 'Failed' },
};

/** A subscription transaction's kind as a tag: a green Charge, a grey Refund, a red Failed; another kind as is. */
export function transactionTag(kind: string): { tone: TagTone; label: string } {
  return KIND_TAG[kind] ?? { tone: 'grey', label: kind };
}

/** A transaction's amount as shown in a list: a refund with a minus sign. */
export function transactionAmount(t: { kind: string; amount: number; currency: string }): string {
  return `${t.kind === 'refund' ? '−' : ''}${formatAmount(t.amount, t.currency)}`;
}

/** The choices of a transactions list's kind filter ('' for all). */
export const TRANSACTION_KINDS = [
  { value: '', label: 'All transactions' },
  { value: 'charge', label: 'Charges' },
  { value: 'refund', label: 'Refunds' },
  { value: 'failure', label: 'Failed payments' },
];
