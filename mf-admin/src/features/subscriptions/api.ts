import type { auth, billing } from '@kinfolio/contracts';
import {
  api,
  buildUrl,
  cardLabel,
  fetchFile,
  formatAmount,
  formatDate,
  type PageOf,
  type Query,
  saveFile,
} from '@kinfolio/ui-kit';

export type Subscription = billing.Subscription;
export type Transaction = billing.SubscriptionTransaction;
export type SubscriptionState = billing.SubscriptionState;
export interface Person {
  name: string | null;
  email: string;
}

export const ADMIN_PAGE_SIZE = 20;
const quiet = { catalogue: false } as const;

/** The one date format of every screen, and the billing amounts and cards (ui-kit), for the subscription pages. */
export { cardLabel, formatAmount, formatDate, type PageOf };

/** Sort choices of a list: `{sort}:{order}` as the select's value. */
export type SortChoice = `${string}:${'asc' | 'desc'}`;
const sortQuery = (choice: string | undefined) => {
  const [sort, order] = (choice ?? '').split(':');
  return sort && (order === 'asc' || order === 'desc') ? { sort, order } : {};
};

/** The subscribers list's filters (the list and its CSV export take the same). */
export interface SubscriberQuery {
  status: SubscriptionState;
  search?: string;
  sort?: string;
}
const subscriberParams = (q: SubscriberQuery): Query => ({
  status: q.status,
  search: q.search?.trim() || undefined,
  ...sortQuery(q.sort),
});

export function fetchSubscribers(q: SubscriberQuery, page: number, signal?: AbortSignal) {
  return api.get<PageOf<Subscription>>('admin/subscribers-list', {
    ...quiet,
    signal,
    query: { ...subscriberParams(q), page, page_size: ADMIN_PAGE_SIZE },
  });
}

/** The transactions list's filters; `from` and `to` are days (YYYY-MM-DD, both included). */
export interface TransactionQuery {
  kind?: string;
  user_id?: string;
  search?: string;
  from?: string;
  to?: string;
  sort?: string;
}
const transactionParams = (q: TransactionQuery): Query => ({
  kind: q.kind || undefined,
  user_id: q.user_id || undefined,
  search: q.search?.trim() || undefined,
  from: q.from || undefined,
  to: q.to || undefined,
  ...sortQuery(q.sort),
});

export function fetchTransactions(q: TransactionQuery & { page: number }, signal?: AbortSignal) {
  return api.get<PageOf<Transaction>>('admin/subscription-transactions-list', {
    ...quiet,
    signal,
    query: { page: q.page, page_size: ADMIN_PAGE_SIZE, ...transactionParams(q) },
  });
}

/** Where the filtered list downloads as CSV (svc-billing streams it; the session cookie authorises the download). */
export const subscribersCsvUrl = (q: SubscriberQuery) => buildUrl('admin/subscribers-list/export', subscriberParams(q));
export const transactionsCsvUrl = (q: TransactionQuery) =>
  buildUrl('admin/subscription-transactions-list/export', transactionParams(q));

/** A receipt svc-billing makes (a PDF download) rather than the provider's hosted page (opened in a new tab). */
export const isOwnReceipt = (url: string) => url.startsWith('/api/v1/');

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

/**
 * The pending registrations as CSV (svc-auth `admin/get-filtered-users/export`, streamed): the same filter body as
 * the list, every page of it. The list is a POST, so this is no link: the file is fetched with the API client's
 * headers (cookies, `x-requested-with`, `Authorization-Type`, bearer token) and handed to the browser as a download.
 * Errors come back as ApiError like every other call.
 */
export async function downloadRegistrationsCsv(q: { pending: Pending; search: string }): Promise<string> {
  const { blob, name } = await fetchFile('admin/get-filtered-users/export', {
    body: { type: 'advisor', pending: q.pending, search: q.search.trim() || undefined },
    accept: 'text/csv, application/json',
    fallbackName: `pending-registrations-${new Date().toISOString().slice(0, 10)}.csv`,
  });
  saveFile(blob, name);
  return name;
}

/** An e-mail asking the advisor to finish setting up their account (at most once a day per user: then 429). */
export function notifyForRegistration(userId: string) {
  return api.post<{ message?: string }>('admin/notify-user-for-registration', { user_id: userId }, quiet);
}
