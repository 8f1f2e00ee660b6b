import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Stripe from 'stripe';
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
import { PaymentSimulator, SimError, type SimEvent } from './simulator';

/** The publishable key the offline provider hands the card form: the form shows plainly that it is in test mode. */
export const OFFLINE_PUBLISHABLE_KEY = 'pk_test_offline';

/** Receives a signed webhook delivery: the raw body and its Stripe-Signature header. */
export type WebhookSink = (payload: string, signature: string) => Promise<void>;

export interface OfflineProviderOptions {
  /** The secret its webhooks are signed with; a random one when left out. */
  webhookSecret?: string;
  /** Start of its clock (epoch seconds). */
  now?: number;
  /** Keeps its customers, cards and subscriptions in this file across restarts (embedded mode: DATA_DIR). */
  stateFile?: string;
}

const webhooks = new Stripe('sk_test_offline_signing_only').webhooks;

function translate(err: unknown): never {
  if (err instanceof SimError) {
    if (err.type === 'card_error') throw new PaymentDeclined(err.message, err.code ?? 'card_declined');
    throw new PaymentRequestError(err.message, err.code);
  }
  throw err;
}

/**
 * The offline test-mode provider (npm start and tests): the simulator in process, Stripe's test card numbers, and
 * its events delivered as Stripe webhook events, signed with `stripe.webhooks.generateTestHeaderString` and the
 * local secret, to the same webhook handler Stripe's events go to. Its clock follows `advanceClock`; the service
 * moves it to the wall clock on each billing sweep, tests move it ahead (renewals, retries).
 */
export class OfflineProvider implements PaymentProvider {
  readonly kind = 'offline' as const;
  readonly publishableKey = OFFLINE_PUBLISHABLE_KEY;
  readonly webhookSecret: string;
  readonly sim: PaymentSimulator;
  /** Every event it produced, in order (tests replay them). */
  readonly sent: SimEvent[] = [];
  /** Deliveries the handler refused three times (redeliver() tries them again). */
  readonly undelivered: Array<{ event: SimEvent; error: string }> = [];
  private sink: WebhookSink | null = null;
  private queue: SimEvent[] = [];
  private delivering: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(opts: OfflineProviderOptions = {}) {
    this.webhookSecret = opts.webhookSecret ?? `whsec_offline_${Math.random().toString(36).slice(2)}${Date.now()}`;
    this.sim = new PaymentSimulator({ now: opts.now, onEvent: (e) => this.enqueue(e) });
    this.stateFile = opts.stateFile;
    if (this.stateFile && existsSync(this.stateFile)) this.sim.restore(readFileSync(this.stateFile, 'utf8'));
  }

  private readonly stateFile?: string;

  /** Writes the simulator's state (whole file, atomically) when a state file is kept. */
  private save(): void {
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const tmp = `${this.stateFile}.tmp`;
    writeFileSync(tmp, this.sim.snapshot());
    renameSync(tmp, this.stateFile);
  }

  /** Where its webhook deliveries go (the service's webhook handler). Events produced before are delivered then. */
  connect(sink: WebhookSink): void {
    this.sink = sink;
    this.pump();
  }

  /** Signs a payload as Stripe does (v1 scheme, the given time). */
  sign(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
    return webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret, timestamp });
  }

  private enqueue(event: SimEvent): void {
    this.sent.push(event);
    this.queue.push(event);
    this.pump();
  }

  /** Deliveries run one after another, after the call that caused them returns (as webhooks do). */
  private pump(): void {
    if (!this.sink || this.closed) return;
    const sink = this.sink;
    this.delivering = this.delivering.then(async () => {
      while (this.queue.length && !this.closed) {
        const event = this.queue.shift() as SimEvent;
        const payload = JSON.stringify(event, null, 2);
        for (let attempt = 1; ; attempt++) {
          try {
            await sink(payload, this.sign(payload));
            break;
          } catch (err) {
            if (attempt >= 3 || this.closed) {
              // kept for redeliver() (a real provider retries for days)
              this.undelivered.push({ event, error: String(err) });
              break;
            }
            await new Promise((r) => setTimeout(r, 50 * attempt));
          }
        }
      }
    });
  }

  /** Sends the refused deliveries again. */
  redeliver(): void {
    const again = this.undelivered.splice(0).map((u) => u.event);
    this.queue.push(...again);
    this.pump();
  }

  /** Resolves when every event produced so far was delivered. */
  async flush(): Promise<void> {
    for (;;) {
      const current = this.delivering;
      await current;
      if (current === this.delivering && !this.queue.length) return;
    }
  }

  now(): number {
    return this.sim.now();
  }

  /** Moves the provider's clock: renewals, retries and period-end cancellations fall due. */
  async advanceClock(to: Date): Promise<void> {
    this.sim.advance(Math.floor(to.getTime() / 1000));
    this.save();
  }

  async createCustomer(input: { userId: string; email?: string }, key: string): Promise<string> {
    try {
      return this.sim.createCustomer({ email: input.email, metadata: { user_id: input.userId } }, key).id;
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async setupCard(customerId: string, source: CardSource, key: string): Promise<CardSetup> {
    try {
      const si = await currentSetup(
        {
          create: async (k) =>
            this.sim.once(k, 'card-setup', () => {
              const pmId =
                'paymentMethodId' in source
                  ? source.paymentMethodId
                  : this.sim.createPaymentMethod({
                      number: source.testCard.number,
                      exp_month: source.testCard.expMonth,
                      exp_year: source.testCard.expYear,
                      cvc: source.testCard.cvc,
                    }).id;
              return this.sim.createSetupIntent({
                customer: customerId,
                payment_method: pmId,
                confirm: true,
                usage: 'off_session',
              });
            }),
          retrieve: async (id) => this.sim.retrieveSetupIntent(id),
          confirm: async (id, paymentMethodId, k) =>
            this.sim.confirmSetupIntent(id, { payment_method: paymentMethodId }, k),
        },
        key,
      );
      return setupFromIntent(
        si,
        si.status === 'succeeded' ? toCard(this.sim.retrievePaymentMethod(String(si.payment_method))) : null,
      );
    } catch (err) {
      if (err instanceof SimError && err.type === 'card_error')
        return { status: 'failed', setupIntentId: null, code: err.code ?? 'card_declined', message: err.message };
      translate(err);
    } finally {
      this.save();
    }
  }

  async finishCardSetup(
    customerId: string,
    setupIntentId: string,
    testOutcome?: 'succeed' | 'fail',
  ): Promise<CardSetup> {
    try {
      const current = this.sim.retrieveSetupIntent(setupIntentId);
      if (current.customer !== customerId)
        throw new PaymentRequestError(`No such setup_intent: '${setupIntentId}'`, 'resource_missing');
      const si = testOutcome ? this.sim.authenticateSetup(setupIntentId, testOutcome === 'succeed') : current;
      return setupFromIntent(
        si,
        si.status === 'succeeded' ? toCard(this.sim.retrievePaymentMethod(String(si.payment_method))) : null,
      );
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async setDefaultCard(customerId: string, paymentMethodId: string, key: string): Promise<void> {
    try {
      this.sim.updateCustomer(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, key);
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async detachCard(paymentMethodId: string, key: string): Promise<void> {
    try {
      this.sim.detachPaymentMethod(paymentMethodId, key);
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async createPrice(
    input: { planId: string; planName: string; currency: string; amount: number; interval: 'month' | 'year' },
    key: string,
  ): Promise<string> {
    try {
      return this.sim.createPrice(
        {
          currency: input.currency,
          unit_amount: input.amount,
          recurring: { interval: input.interval },
          product_data: { name: input.planName },
          metadata: { plan_id: input.planId },
        },
        key,
      ).id;
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async createSubscription(
    input: { customerId: string; priceId: string; metadata: Record<string, string> },
    key: string,
  ): Promise<ProviderSubscription> {
    try {
      return toSubscription(
        this.sim.createSubscription(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            payment_behavior: 'error_if_incomplete',
            metadata: input.metadata,
          },
          key,
        ),
      );
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async changePrice(
    subscription: { id: string; itemId: string },
    priceId: string,
    key: string,
  ): Promise<ProviderSubscription> {
    try {
      return toSubscription(
        this.sim.updateSubscription(
          subscription.id,
          { items: [{ id: subscription.itemId, price: priceId }], proration_behavior: 'always_invoice' },
          key,
        ),
      );
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, key: string): Promise<ProviderSubscription> {
    try {
      return toSubscription(this.sim.updateSubscription(subscriptionId, { cancel_at_period_end: cancel }, key));
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async cancelNow(subscriptionId: string, key: string): Promise<ProviderSubscription> {
    try {
      return toSubscription(this.sim.cancelSubscription(subscriptionId, 'payment_failed', key));
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    try {
      return toSubscription(this.sim.retrieveSubscription(subscriptionId));
    } catch (err) {
      translate(err);
    } finally {
      this.save();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.delivering.catch(() => undefined);
  }
}
