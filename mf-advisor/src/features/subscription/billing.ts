import type { billing } from '@kinfolio/contracts';
import { api, cardLabel, formatAmount, type PageOf } from '@kinfolio/ui-kit';

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
export type TransactionsPage = PageOf<Transaction>;
export interface ActionRequired {
  status: 'requires_action';
  setup_intent_id: string;
  client_secret: string;
}

export const CURRENCIES: readonly Currency[] = ['SGD', 'RM'];

const quiet = { catalogue: false } as const;

/** How amounts and cards show (ui-kit), for the subscription screens. */
export { cardLabel, formatAmount };

export function priceOf(plan: Pick<Plan, 'price_sgd' | 'price_rm'>, currency: Currency): number {
  return currency === 'SGD' ? plan.price_sgd : plan.price_rm;
}

export function perInterval(interval: string): string {
  return interval === 'yearly' ? 'per year' : 'per month';
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
