import type {
  CardSetup,
  ProviderCard,
  ProviderInvoice,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from './provider';

/**
 * Stripe's object shapes → the port's. Both adapters get Stripe-shaped objects (the offline one from its
 * simulator), so one mapping serves both. Written against Stripe's API as of 2025+ (the period is on the
 * subscription item; an invoice names its subscription under parent.subscription_details).
 */
type Loose = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as Loose).id) : null);

export function toCard(pm: Loose): ProviderCard {
  const card = (pm.card ?? {}) as Loose;
  return {
    paymentMethodId: String(pm.id),
    brand: str(card.brand) ?? 'card',
    last4: str(card.last4) ?? '0000',
    expMonth: num(card.exp_month),
    expYear: num(card.exp_year),
  };
}

/** The period the invoice's first line covers (Stripe: `lines.data[].period`), when it has one. */
export function invoicePeriod(inv: Loose): { start: Date; end: Date } | null {
  const lines = ((inv.lines as Loose | undefined)?.data ?? []) as Loose[];
  const period = (lines[0]?.period ?? null) as Loose | null;
  const start = num(period?.start);
  const end = num(period?.end);
  return start > 0 && end > 0 ? { start: new Date(start * 1000), end: new Date(end * 1000) } : null;
}

export function toInvoice(inv: unknown): ProviderInvoice | null {
  if (!inv || typeof inv !== 'object') return null;
  const i = inv as Loose;
  const period = invoicePeriod(i);
  return {
    id: String(i.id),
    status: str(i.status),
    amountPaid: num(i.amount_paid),
    amountDue: num(i.amount_due),
    currency: str(i.currency) ?? '',
    billingReason: str(i.billing_reason),
    receiptUrl: str(i.hosted_invoice_url) ?? str(i.invoice_pdf),
    created: new Date(num(i.created) * 1000),
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
  };
}

/** The subscription an invoice belongs to (API 2025+: parent.subscription_details.subscription; older: subscription). */
export function subscriptionOfInvoice(inv: Loose): string | null {
  const parent = inv.parent as Loose | null | undefined;
  const details = parent?.subscription_details as Loose | null | undefined;
  return idOf(details?.subscription) ?? idOf(inv.subscription);
}

export function toSubscription(sub: Loose): ProviderSubscription {
  const items = ((sub.items as Loose | undefined)?.data ?? []) as Loose[];
  const item = items[0] ?? {};
  const details = (sub.cancellation_details ?? null) as Loose | null;
  return {
    id: String(sub.id),
    customerId: idOf(sub.customer) ?? '',
    status: String(sub.status) as ProviderSubscriptionStatus,
    priceId: idOf(item.price) ?? '',
    itemId: str(item.id) ?? '',
    // API 2025+: on the item; before: on the subscription
    currentPeriodStart: new Date(num(item.current_period_start ?? sub.current_period_start) * 1000),
    currentPeriodEnd: new Date(num(item.current_period_end ?? sub.current_period_end) * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    cancellationReason: str(details?.reason),
    latestInvoice: toInvoice(sub.latest_invoice),
  };
}

export function setupFromIntent(si: Loose, card: ProviderCard | null): CardSetup {
  const id = String(si.id);
  if (si.status === 'succeeded' && card) return { status: 'succeeded', setupIntentId: id, card };
  if (si.status === 'requires_action')
    return { status: 'requires_action', setupIntentId: id, clientSecret: String(si.client_secret) };
  const error = (si.last_setup_error ?? {}) as Loose;
  return {
    status: 'failed',
    setupIntentId: id,
    code: str(error.code) ?? 'setup_failed',
    message: str(error.message) ?? 'The card could not be set up.',
  };
}
