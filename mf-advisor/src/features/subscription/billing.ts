import type { billing } from '@kinfolio/contracts';
import { AMOUNT_DECIMALS, round2 } from '@kinfolio/money';
import { api } from '@kinfolio/ui-kit';

// svc-billing's calls as the advisor's screens use them (spec §7 "Payments and plans"). Billing replies may mention
// 'subscription' ("You have no subscription"): the error catalogue's redirect to /subscription is turned off for
// them, the screens show the message where it belongs.

export type Plan = Pick<
  billing.MembershipPlan,
  'id' | 'name' | 'interval' | 'price_sgd' | 'price_rm' | 'features' | 'active'
>;
export type Card = Pick<billing.Card, 'id' | 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'is_default'>;
export type Subscription = billing.Subscription;
export type Transaction = billing.SubscriptionTransaction;
export type Currency = billing.Currency;
export type PaymentsConfig = billing.PaymentsConfig;
export interface TransactionsPage {
  rows: Transaction[];
  total: number;
  page: number;
  page_size: number;
}
export interface ActionRequired {
  status: 'requires_action';
  setup_intent_id: string;
  client_secret: string;
}

export const CURRENCIES: readonly Currency[] = ['SGD', 'RM'];

const quiet = { catalogue: false } as const;

/** Minor units (cents, sen) as the currency and the amount with 2 decimals: 'SGD 1,234.50' (ms-MY grouping, §9). */
export function formatAmount(minor: number, currency: string): string {
  const major = round2(minor / 100);
  const n = new Intl.NumberFormat('ms-MY', {
    minimumFractionDigits: AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(major);
  return `${currency} ${n}`;
}

export function priceOf(plan: Pick<Plan, 'price_sgd' | 'price_rm'>, currency: Currency): number {
  return currency === 'SGD' ? plan.price_sgd : plan.price_rm;
}

export function perInterval(interval: string): string {
  return interval === 'yearly' ? 'per year' : 'per month';
}

export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  if (!last4) return '—';
  const b = (brand ?? 'card').trim();
  return `${b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card'} •••• ${last4}`;
}

export function isActionRequired(v: unknown): v is ActionRequired {
  return !!v && typeof v === 'object' && (v as { status?: unknown }).status === 'requires_action';
}

export const billingApi = {
  config: (signal?: AbortSignal) => api.get<PaymentsConfig>('payments/config', { ...quiet, signal }),
  plans: (signal?: AbortSignal) => api.get<Plan[]>('membership-plans', { ...quiet, signal }),
  cards: (signal?: AbortSignal) => api.get<Card[]>('auth/card', { ...quiet, signal }),
  /** `trial/card` while the advisor is on the trial, `auth/card` otherwise (one use case behind both). */
  addCard: (body: Record<string, unknown>, duringTrial: boolean) =>
    api.post<Card | ActionRequired>(duringTrial ? 'trial/card' : 'auth/card', body, quiet),
  makeDefault: (id: string) => api.get<Card>(`auth/card/${encodeURIComponent(id)}/default`, quiet),
  deleteCard: (id: string) => api.del<Card[]>(`auth/card/${encodeURIComponent(id)}`, quiet),
  subscribe: (body: { plan_id: string; currency: Currency; card_id?: string }) =>
    api.post<Subscription>('trial/membership-plans', body, quiet),
  changePlan: (planId: string) => api.patch<Subscription>('change-subscription-plan', { plan_id: planId }, quiet),
  cancel: () => api.patch<Subscription>('cancel-membership-plan', {}, quiet),
  transactions: (q: { page: number; page_size: number; kind?: string }, signal?: AbortSignal) =>
    api.get<TransactionsPage>('subscription-transactions', { ...quiet, signal, query: q }),
};
