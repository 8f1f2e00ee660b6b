/**
 * The payment provider port (architecture §1: one interface, two adapters, one contract suite). Everything above it
 * (use cases, routes, the webhook handler) speaks only this; `offline.ts` (test mode, no network) and `stripe.ts`
 * (the `stripe` package) implement it. Both deliver their events as Stripe-shaped webhook events, signed with
 * the provider's webhook secret, to the one webhook handler.
 *
 * Every call that creates or changes something takes an idempotency key: a retried call (a timeout, a crash
 * between the provider's answer and our commit) never charges or creates twice.
 */

/** Where a card comes from: the provider's card elements (a payment method id) or, offline only, a test card number. */
export type CardSource =
  | { paymentMethodId: string }
  | { testCard: { number: string; expMonth: number; expYear: number; cvc: string } };

export interface ProviderCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardSetup =
  | { status: 'succeeded'; setupIntentId: string; card: ProviderCard }
  | { status: 'requires_action'; setupIntentId: string; clientSecret: string }
  | { status: 'failed'; setupIntentId: string | null; code: string; message: string };

export type ProviderSubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'incomplete'
  | 'incomplete_expired'
  | 'canceled'
  | 'paused';

export interface ProviderInvoice {
  id: string;
  status: string | null;
  /** Minor units. */
  amountPaid: number;
  amountDue: number;
  /** The provider's currency code (`sgd`, `myr`). */
  currency: string;
  billingReason: string | null;
  receiptUrl: string | null;
  created: Date;
  /** The service period the invoice's first line covers (subscription invoices have one), else null. */
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  priceId: string;
  itemId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Why it ended, when it has (`cancellation_requested`, `payment_failed`, …). */
  cancellationReason: string | null;
  latestInvoice: ProviderInvoice | null;
}

/** A card refused by the provider (declined, expired, not a test card…): a 4xx for the caller, never a 5xx. */
export class PaymentDeclined extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}

/** A provider call refused for a reason the caller can fix (unknown id, wrong state). */
export class PaymentRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PaymentRequestError';
  }
}

export interface PaymentProvider {
  readonly kind: 'offline' | 'stripe';
  /** What the browser's card form loads the provider's script with (offline: a marker the form shows as test mode). */
  readonly publishableKey: string;
  /** The secret webhook events are signed with (Stripe-Signature, v1 scheme). */
  readonly webhookSecret: string;
  /** The provider's clock (epoch seconds): the time our own changes are stamped with against its events. */
  now(): number;

  createCustomer(input: { userId: string; email?: string }, idempotencyKey: string): Promise<string>;
  /** Confirms a SetupIntent for off-session use: the card is attached to the customer when it succeeds. */
  setupCard(customerId: string, source: CardSource, idempotencyKey: string): Promise<CardSetup>;
  /**
   * After the browser handled the authentication: where the setup stands now. `testOutcome` is the offline
   * provider's stand-in for the card holder's answer on the authentication page (Stripe ignores it).
   */
  finishCardSetup(customerId: string, setupIntentId: string, testOutcome?: 'succeed' | 'fail'): Promise<CardSetup>;
  /** The customer's default card: renewals are charged to it. */
  setDefaultCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void>;
  detachCard(paymentMethodId: string, idempotencyKey: string): Promise<void>;

  createPrice(
    input: { planId: string; planName: string; currency: string; amount: number; interval: 'month' | 'year' },
    idempotencyKey: string,
  ): Promise<string>;
  /** Charges the first period now; a declined card fails the call (PaymentDeclined) and leaves no subscription. */
  createSubscription(
    input: { customerId: string; priceId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  /** A new price for the rest of the period, prorated and invoiced now (a new interval starts a new period now). */
  changePrice(
    subscription: { id: string; itemId: string },
    priceId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Ends the subscription now (a grace period that ran out): no further charges. */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;

  /** Stops timers and delivery (offline) or nothing (Stripe). */
  close(): Promise<void>;
}

/** Stripe's interval names for ours. */
export const PROVIDER_INTERVAL = { monthly: 'month', yearly: 'year' } as const;
