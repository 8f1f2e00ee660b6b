import { randomUUID } from 'node:crypto';
import { billing } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import { AppError } from '@kinfolio/service-kit';
import Stripe from 'stripe';
import * as repo from '../data/billing.repository';
import { invoicePeriod, subscriptionOfInvoice, toSubscription } from '../payments/shapes';
import { announceMembership, type Billing, currencyOf, recordInvoiceCharge } from './billing';

type Loose = Record<string, unknown>;
interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Loose };
}

// signature checks need no key: an instance only for its webhooks helper
const webhooks = new Stripe('sk_test_signature_checks_only').webhooks;

/** Verifies the Stripe-Signature of a raw body (v1 scheme, 300 s tolerance); a bad one is a 400 that changes nothing. */
export function verifyWebhook(
  b: Billing,
  raw: Buffer | string,
  signature: string | undefined,
  receivedAt?: number,
): VerifiedEvent {
  if (!signature)
    throw new AppError(400, 'Missing Stripe-Signature header', {
      errors: [{ 'stripe-signature': ['Missing Stripe-Signature header'] }],
    });
  let event: unknown;
  try {
    event = webhooks.constructEvent(
      raw,
      signature,
      b.provider.webhookSecret,
      billing.WEBHOOK_TOLERANCE_SEC,
      undefined,
      receivedAt,
    );
  } catch (err) {
    const message =
      err instanceof Error && /timestamp/i.test(err.message)
        ? 'Webhook signature is too old'
        : 'Invalid webhook signature';
    throw new AppError(400, message, { errors: [{ 'stripe-signature': [message] }] });
  }
  const e = event as Partial<VerifiedEvent>;
  if (
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.created !== 'number' ||
    !e.data ||
    typeof e.data.object !== 'object'
  )
    throw new AppError(400, 'Not a Stripe event', { errors: [{ body: ['Not a Stripe event'] }] });
  return e as VerifiedEvent;
}

/**
 * POST webhooks/stripe: a verified event is applied once — its id is recorded in the same transaction as its
 * effect, so a redelivery (or a replay) does nothing — and never lets an older state overwrite a newer one.
 */
export async function handleWebhook(
  b: Billing,
  raw: Buffer | string,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const event = verifyWebhook(b, raw, signature);
  return b.ctx.tx(async (trx) => {
    if (!(await repo.recordWebhookEvent(trx, event))) return { duplicate: true };
    await apply(b, trx, event);
    return { duplicate: false };
  });
}

async function apply(b: Billing, trx: Knex.Transaction, event: VerifiedEvent): Promise<void> {
  const obj = event.data.object;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await applySubscription(b, trx, obj, event.created);
      return;
    case 'invoice.paid':
      await applyInvoicePaid(trx, obj);
      return;
    case 'invoice.payment_failed':
      await applyInvoiceFailed(trx, obj);
      return;
    case 'charge.refunded':
      await applyRefund(trx, obj);
      return;
    default:
      // recorded, nothing to do (customer.*, payment_method.*, setup_intent.*, invoice.created …)
      return;
  }
}

const LIVE = new Set(['active', 'past_due']);

/** The provider's subscription state → ours. A canceled subscription expired when payments failed, else it was cancelled. */
function stateOf(sub: ReturnType<typeof toSubscription>): billing.SubscriptionState {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    default:
      return sub.cancellationReason === 'payment_failed' || sub.cancellationReason === 'payment_disputed'
        ? 'expired'
        : 'cancelled';
  }
}

async function applySubscription(b: Billing, trx: Knex.Transaction, obj: Loose, created: number): Promise<void> {
  const sub = toSubscription(obj);
  const state = stateOf(sub);
  const eventTime = new Date(created * 1000);
  const price = await repo.findPriceById(trx, sub.priceId);
  let local = await repo.findSubscriptionByProviderId(trx, sub.id, { forUpdate: true });
  if (!local) {
    // the webhook arrived before the subscribe call committed (or that call crashed after the provider answered):
    // the subscription's metadata says whose it is
    const meta = (obj.metadata ?? {}) as Record<string, string>;
    const userId = meta.user_id ?? (await repo.findUserByCustomer(trx, sub.customerId));
    const planId = price?.plan_id ?? meta.plan_id;
    const currency = (price ? price.currency : meta.currency) as billing.Currency | undefined;
    const plan = planId ? await repo.findPlan(trx, planId) : null;
    const ended = !LIVE.has(state);
    if (ended) {
      // first seen deleted (its created/updated events are late): a tombstone with the event's time, so those older
      // events can never bring it to life, and the ended subscription on record when we know whose it is
      await repo.insertTombstone(trx, sub.id, created);
    } else if (await repo.hasTombstone(trx, sub.id)) return;
    if (!userId || !plan || (currency !== 'SGD' && currency !== 'RM')) return;
    if (!ended && (await repo.findLiveSubscription(trx, userId))) return;
    local = await repo.insertSubscription(trx, {
      id:
        meta.kinfolio_subscription_id && /^[0-9a-f-]{36}$/.test(meta.kinfolio_subscription_id)
          ? meta.kinfolio_subscription_id
          : randomUUID(),
      user_id: userId,
      status: state,
      starts_at: sub.currentPeriodStart,
      ends_at: ended ? eventTime : null,
      plan_id: plan.id,
      currency,
      amount: price?.amount ?? (currency === 'SGD' ? plan.price_sgd : plan.price_rm),
      interval: plan.interval,
      provider_subscription_id: sub.id,
      card_id: null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      current_period_start: sub.currentPeriodStart,
      current_period_end: sub.currentPeriodEnd,
      provider_event_at: created,
    });
    if (!local) return; // the advisor's other live subscription was stored meanwhile (as the check above)
    await announceMembership(trx, userId);
    return;
  }
  // an older event never overwrites newer state; an ended subscription never comes back to life
  if (created < local.provider_event_at) return;
  if (!LIVE.has(local.status)) return;
  const ended = !LIVE.has(state);
  const row = await repo.updateSubscription(trx, local.id, {
    status: state,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    current_period_start: sub.currentPeriodStart,
    current_period_end: sub.currentPeriodEnd,
    ends_at: ended ? eventTime : sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
    past_due_since: state === 'past_due' ? (local.past_due_since ?? eventTime) : null,
    provider_event_at: created,
    ...(price
      ? { plan_id: price.plan_id, amount: price.amount, interval: price.interval as billing.PlanInterval }
      : {}),
  });
  if (row.status !== local.status || row.cancel_at_period_end !== local.cancel_at_period_end || ended)
    await announceMembership(
      trx,
      local.user_id,
      ended ? new Date(Math.max(Date.now(), eventTime.getTime())) : new Date(),
    );
  b.ctx.logger.info(
    { subscription: local.id, from: local.status, to: row.status },
    'subscription state from the provider',
  );
}

async function subscriptionOf(trx: Knex.Transaction, inv: Loose): Promise<repo.SubscriptionFullRow | null> {
  const providerId = subscriptionOfInvoice(inv);
  if (!providerId) return null;
  return (await repo.findSubscriptionByProviderId(trx, providerId)) ?? (await standIn(trx, inv, providerId));
}

/**
 * An invoice of a subscription not on record yet (its events are late): what the invoice itself says — the
 * subscription's metadata (user, plan, currency) or the customer — so the charge or failure is recorded now rather
 * than lost. It is recorded without a subscription id (nothing of ours to point at yet).
 */
async function standIn(
  trx: Knex.Transaction,
  inv: Loose,
  providerId: string,
): Promise<repo.SubscriptionFullRow | null> {
  const parent = (inv.parent ?? {}) as Loose;
  const meta = (((parent.subscription_details ?? {}) as Loose).metadata ?? {}) as Record<string, string>;
  const customer = typeof inv.customer === 'string' ? inv.customer : null;
  const userId = meta.user_id ?? (customer ? await repo.findUserByCustomer(trx, customer) : null);
  const plan = meta.plan_id ? await repo.findPlan(trx, meta.plan_id) : null;
  const currency = currencyOf(String(inv.currency ?? '')) ?? (meta.currency as billing.Currency | undefined);
  if (!userId || !plan || (currency !== 'SGD' && currency !== 'RM')) return null;
  const period = invoicePeriod(inv) ?? { start: new Date(0), end: new Date(0) };
  return {
    id: '',
    user_id: userId,
    status: 'active',
    starts_at: period.start,
    ends_at: null,
    plan_id: plan.id,
    currency,
    amount: currency === 'SGD' ? plan.price_sgd : plan.price_rm,
    interval: plan.interval,
    provider_subscription_id: providerId,
    card_id: null,
    cancel_at_period_end: false,
    current_period_start: period.start,
    current_period_end: period.end,
    past_due_since: null,
    cancel_reason: null,
    provider_event_at: 0,
    revision: 0,
  };
}

async function applyInvoicePaid(trx: Knex.Transaction, inv: Loose): Promise<void> {
  const sub = await subscriptionOf(trx, inv);
  if (!sub) return;
  const period = invoicePeriod(inv);
  const transitions = (inv.status_transitions ?? {}) as Loose;
  const at = typeof transitions.paid_at === 'number' ? transitions.paid_at : Number(inv.created);
  await recordInvoiceCharge(
    trx,
    sub,
    {
      id: String(inv.id),
      amount: Number(inv.amount_paid ?? 0),
      currency: String(inv.currency ?? ''),
      receiptUrl: typeof inv.hosted_invoice_url === 'string' ? inv.hosted_invoice_url : null,
      at: new Date(at * 1000),
      reason: typeof inv.billing_reason === 'string' ? inv.billing_reason : null,
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
    },
    null,
  );
}

async function applyInvoiceFailed(trx: Knex.Transaction, inv: Loose): Promise<void> {
  const sub = await subscriptionOf(trx, inv);
  if (!sub) return;
  const plan = await repo.findPlan(trx, sub.plan_id);
  const card = await repo.findDefaultCard(trx, sub.user_id);
  const attempt = Number(inv.attempt_count ?? 1);
  await repo.insertTransaction(trx, {
    id: randomUUID(),
    user_id: sub.user_id,
    subscription_id: sub.id || null,
    kind: 'failure',
    amount: Number(inv.amount_due ?? 0),
    currency: currencyOf(String(inv.currency ?? '')) ?? sub.currency,
    description: `Payment failed (attempt ${attempt})`,
    plan_name: plan?.name ?? null,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    receipt_url: null,
    provider_ref: `${String(inv.id)}:failure:${attempt}`,
    occurred_at: new Date(Number(inv.created ?? 0) * 1000),
  });
}

async function applyRefund(trx: Knex.Transaction, charge: Loose): Promise<void> {
  const customerId = typeof charge.customer === 'string' ? charge.customer : null;
  const userId = customerId ? await repo.findUserByCustomer(trx, customerId) : null;
  if (!userId) return;
  const card = ((charge.payment_method_details as Loose | undefined)?.card ?? {}) as Loose;
  const amount = Number(charge.amount_refunded ?? 0);
  if (amount <= 0) return;
  await repo.insertTransaction(trx, {
    id: randomUUID(),
    user_id: userId,
    subscription_id: null,
    kind: 'refund',
    amount,
    currency: currencyOf(String(charge.currency ?? '')) ?? 'SGD',
    description: 'Refund',
    plan_name: null,
    card_brand: typeof card.brand === 'string' ? card.brand : null,
    card_last4: typeof card.last4 === 'string' ? card.last4 : null,
    receipt_url: typeof charge.receipt_url === 'string' ? charge.receipt_url : null,
    provider_ref: `${String(charge.id)}:refund:${amount}`,
    occurred_at: new Date(Number(charge.created ?? 0) * 1000),
  });
}
