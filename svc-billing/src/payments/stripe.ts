import Stripe from 'stripe';
import { z } from 'zod';
import {
  type CardSetup,
  type CardSource,
  PaymentDeclined,
  type PaymentProvider,
  PaymentRequestError,
  type ProviderSubscription,
} from './provider';
import { currentSetup } from './setup';
import { setupFromIntent, toCard, toSubscription } from './shapes';

/**
 * The Stripe keys. All three or none: with none the service runs the offline test-mode provider; a partial set is a
 * configuration error at start (fail fast, one line per key). STRIPE_API_HOST/PORT/PROTOCOL point the client at
 * another server (tests: the local Stripe test server).
 */
export const StripeConfig = z
  .object({
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Stripe publishable key (pk_…)' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' })
      .optional(),
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  })
  .superRefine((c, ctx) => {
    const keys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const set = keys.filter((k) => c[k]);
    if (set.length && set.length < keys.length)
      for (const k of keys)
        if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when any STRIPE_* key is set' });
  });
export type StripeConfig = z.infer<typeof StripeConfig>;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function translate(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclined(err.message, err.code ?? 'card_declined');
  if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRequestError(err.message, err.code);
  throw err;
}

/**
 * The Stripe adapter, through the `stripe` package: customers, SetupIntents confirmed on the server for off-session
 * use (cards come from Stripe Elements as payment method ids), prices, subscriptions with
 * payment_behavior=error_if_incomplete (a declined first charge leaves nothing behind), prorated price changes
 * invoiced at once, cancel at period end. Every creating call carries our idempotency key.
 */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly client: Stripe;

  constructor(opts: StripeProviderOptions) {
    this.publishableKey = opts.publishableKey;
    this.webhookSecret = opts.webhookSecret;
    this.client = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Kinfolio svc-billing' },
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
    });
  }

  now(): number {
    return Math.floor(Date.now() / 1000);
  }

  async createCustomer(input: { userId: string; email?: string }, idempotencyKey: string): Promise<string> {
    try {
      const c = await this.client.customers.create(
        { email: input.email, metadata: { user_id: input.userId } },
        { idempotencyKey },
      );
      return c.id;
    } catch (err) {
      translate(err);
    }
  }

  private async cardOf(si: {
    payment_method: string | Stripe.PaymentMethod | null;
  }): Promise<ReturnType<typeof toCard> | null> {
    const pm = si.payment_method;
    if (!pm) return null;
    const method = typeof pm === 'string' ? await this.client.paymentMethods.retrieve(pm) : pm;
    return toCard(method as unknown as Record<string, unknown>);
  }

  async setupCard(customerId: string, source: CardSource, idempotencyKey: string): Promise<CardSetup> {
    if (!('paymentMethodId' in source))
      throw new PaymentRequestError(
        'Card details must be entered in the card form, not sent to Kinfolio',
        'card_number_refused',
      );
    try {
      const loose = (si: Stripe.SetupIntent) => si as unknown as Record<string, unknown>;
      const si = await currentSetup(
        {
          create: async (key) =>
            loose(
              await this.client.setupIntents.create(
                {
                  customer: customerId,
                  payment_method: source.paymentMethodId,
                  confirm: true,
                  usage: 'off_session',
                  allowed_payment_method_types: ['card'],
                  use_stripe_sdk: true,
                },
                { idempotencyKey: key },
              ),
            ),
          retrieve: async (id) => loose(await this.client.setupIntents.retrieve(id)),
          confirm: async (id, paymentMethodId, key) =>
            loose(
              await this.client.setupIntents.confirm(
                id,
                { payment_method: paymentMethodId, use_stripe_sdk: true },
                { idempotencyKey: key },
              ),
            ),
        },
        idempotencyKey,
      );
      return setupFromIntent(
        si,
        si.status === 'succeeded'
          ? await this.cardOf(si as { payment_method: string | Stripe.PaymentMethod | null })
          : null,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        return { status: 'failed', setupIntentId: null, code: err.code ?? 'card_declined', message: err.message };
      translate(err);
    }
  }

  async finishCardSetup(customerId: string, setupIntentId: string): Promise<CardSetup> {
    try {
      const si = await this.client.setupIntents.retrieve(setupIntentId);
      const owner = typeof si.customer === 'string' ? si.customer : si.customer?.id;
      if (owner !== customerId)
        throw new PaymentRequestError(`No such setup_intent: '${setupIntentId}'`, 'resource_missing');
      return setupFromIntent(
        si as unknown as Record<string, unknown>,
        si.status === 'succeeded' ? await this.cardOf(si) : null,
      );
    } catch (err) {
      translate(err);
    }
  }

  async setDefaultCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.client.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey },
      );
    } catch (err) {
      translate(err);
    }
  }

  async detachCard(paymentMethodId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.client.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey });
    } catch (err) {
      translate(err);
    }
  }

  async createPrice(
    input: { planId: string; planName: string; currency: string; amount: number; interval: 'month' | 'year' },
    idempotencyKey: string,
  ): Promise<string> {
    try {
      const price = await this.client.prices.create(
        {
          currency: input.currency,
          unit_amount: input.amount,
          recurring: { interval: input.interval },
          product_data: { name: `Kinfolio ${input.planName}` },
          metadata: { plan_id: input.planId },
        },
        { idempotencyKey },
      );
      return price.id;
    } catch (err) {
      translate(err);
    }
  }

  async createSubscription(
    input: { customerId: string; priceId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return this.subscription(() =>
      this.client.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          payment_behavior: 'error_if_incomplete',
          off_session: true,
          metadata: input.metadata,
          expand: ['latest_invoice'],
        },
        { idempotencyKey },
      ),
    );
  }

  async changePrice(
    subscription: { id: string; itemId: string },
    priceId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return this.subscription(() =>
      this.client.subscriptions.update(
        subscription.id,
        {
          items: [{ id: subscription.itemId, price: priceId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        },
        { idempotencyKey },
      ),
    );
  }

  async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return this.subscription(() =>
      this.client.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel, expand: ['latest_invoice'] },
        { idempotencyKey },
      ),
    );
  }

  async cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return this.subscription(() =>
      this.client.subscriptions.cancel(subscriptionId, { expand: ['latest_invoice'] }, { idempotencyKey }),
    );
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.subscription(() => this.client.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }));
  }

  async close(): Promise<void> {}

  /** A subscription call's answer as the provider's subscription; Stripe's card and request errors translated. */
  private async subscription(call: () => Promise<Stripe.Subscription>): Promise<ProviderSubscription> {
    try {
      return toSubscription((await call()) as unknown as Record<string, unknown>);
    } catch (err) {
      translate(err);
    }
  }
}

/** The configured provider: Stripe when its keys are set, else null (the caller uses the offline provider). */
export function stripeFromConfig(cfg: StripeConfig): StripeProvider | null {
  if (!cfg.STRIPE_SECRET_KEY || !cfg.STRIPE_PUBLISHABLE_KEY || !cfg.STRIPE_WEBHOOK_SECRET) return null;
  return new StripeProvider({
    secretKey: cfg.STRIPE_SECRET_KEY,
    publishableKey: cfg.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: cfg.STRIPE_WEBHOOK_SECRET,
    host: cfg.STRIPE_API_HOST,
    port: cfg.STRIPE_API_PORT,
    protocol: cfg.STRIPE_API_PROTOCOL,
  });
}
