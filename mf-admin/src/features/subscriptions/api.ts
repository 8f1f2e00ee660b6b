import type { auth, billing } from '@kinfolio/contracts';
import { AMOUNT_DECIMALS, round2 } from '@kinfolio/money';
import { api } from '@kinfolio/ui-kit';

export type Subscription = billing.Subscription;
export type Transaction = billing.SubscriptionTransaction;
export type SubscriptionState = billing.SubscriptionState;
export interface PageOf<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}
export interface Person {
  name: string | null;
  email: string;
}

export const ADMIN_PAGE_SIZE = 20;
const quiet = { catalogue: false } as const;

/** Minor units as 'SGD 49.00' (2 decimals). */
export function formatAmount(minor: number, currency: string): string {
  const n = new Intl.NumberFormat('ms-MY', {
    minimumFractionDigits: AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(round2(minor / 100));
  return `${currency} ${n}`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t)
    ? '—'
    : new Date(t).toLocaleDateString('en-SG', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  if (!last4) return '—';
  const b = (brand ?? '').trim();
  return `${b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card'} •••• ${last4}`;
}

export function fetchSubscribers(status: SubscriptionState, page: number, signal?: AbortSignal) {
  return api.get<PageOf<Subscription>>('admin/subscribers-list', {
    ...quiet,
    signal,
    query: { status, page, page_size: ADMIN_PAGE_SIZE },
  });
}

export function fetchTransactions(q: { page: number; kind?: string; user_id?: string }, signal?: AbortSignal) {
  return api.get<PageOf<Transaction>>('admin/subscription-transactions-list', {
    ...quiet,
    signal,
    query: { page: q.page, page_size: ADMIN_PAGE_SIZE, kind: q.kind || undefined, user_id: q.user_id || undefined },
  });
}

/** An e-mail reminding the advisor to subscribe (at most once a day per user: a second one answers 429). */
export function notifyForSubscription(userId: string) {
  return api.post<{ message?: string }>('admin/notify-user-for-subscription', { user_id: userId }, quiet);
}

/** Name and e-mail of an advisor (svc-auth `users/:id`); null when it cannot be read. */
export async function fetchPerson(id: string, signal?: AbortSignal): Promise<Person | null> {
  try {
    const u = await api.get<{ name: string | null; email: string }>(`users/${encodeURIComponent(id)}`, {
      ...quiet,
      signal,
    });
    return u && typeof u.email === 'string' ? { name: u.name ?? null, email: u.email } : null;
  } catch {
    return null;
  }
}

/** Which pending registrations: not verified yet, verified without a paid plan, or either (svc-auth `pending`). */
export type Pending = 'any' | 'unverified' | 'no_plan';
export type Registration = Pick<
  auth.User,
  'id' | 'name' | 'email' | 'email_verified' | 'mobile_verified' | 'membership_status' | 'trial_ends_at' | 'created_at'
>;

/** Advisors signed up and not yet verified or not yet on a plan (svc-auth `admin/get-filtered-users`). */
export function fetchRegistrations(q: { pending: Pending; page: number; search: string }) {
  return api.post<PageOf<Registration>>(
    'admin/get-filtered-users',
    {
      type: 'advisor',
      pending: q.pending,
      search: q.search.trim() || undefined,
      page: q.page,
      page_size: ADMIN_PAGE_SIZE,
    },
    quiet,
  );
}

/** An e-mail asking the advisor to finish setting up their account (at most once a day per user: then 429). */
export function notifyForRegistration(userId: string) {
  return api.post<{ message?: string }>('admin/notify-user-for-registration', { user_id: userId }, quiet);
}
