import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { OfflineProvider } from '../src/payments/offline';
import {
  type CardSetup,
  type CardSource,
  PaymentDeclined,
  type PaymentProvider,
  PaymentRequestError,
} from '../src/payments/provider';
import { MAX_FRESH_SETUPS } from '../src/payments/setup';
import type { PaymentSimulator } from '../src/payments/simulator';
import { StripeConfig, StripeProvider, stripeFromConfig } from '../src/payments/stripe';
import { startFakeStripe } from './fake-stripe';

jest.setTimeout(30_000);

/**
 * The one contract suite of the PaymentProvider port (architecture §1). Both adapters run it: the offline test-mode
 * provider in process, and the Stripe adapter through the `stripe` package against the local Stripe test server
 * (pointed at it by host and port). Webhook events are checked with `stripe.webhooks.constructEvent` and the
 * provider's webhook secret, as the service's handler checks them.
 */
type CardKind =
  | 'succeeds'
  | 'declines'
  | 'needsAuthentication'
  | 'failsCharges'
  | 'mastercard'
  | 'authenticatesEveryPayment';

interface Harness {
  provider: PaymentProvider;
  sim: PaymentSimulator;
  /** A card as the browser hands it over: a test number (offline) or a Stripe test payment method (Stripe). */
  card(kind: CardKind): CardSource;
  /** The card holder passes or fails the authentication page, then the service asks where the setup stands. */
  authenticate(customerId: string, setupIntentId: string, ok: boolean): Promise<CardSetup>;
  /** Moves the processor's clock (Stripe: a test clock; here the simulator behind either adapter). */
  advance(to: Date): Promise<void>;
  /** Events delivered to the webhook endpoint so far, verified. */
  events(): Promise<Stripe.Event[]>;
  close(): Promise<void>;
}

const NUMBERS: Record<CardKind, string> = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  needsAuthentication: '4000002500003155',
  failsCharges: '4000000000000341',
  mastercard: '5555555555554444',
  authenticatesEveryPayment: '4000002760003184',
};
const TOKENS: Record<CardKind, string> = {
  succeeds: 'pm_card_visa',
  declines: 'pm_card_visa_chargeDeclined',
  needsAuthentication: 'pm_card_authenticationRequiredOnSetup',
  failsCharges: 'pm_card_chargeCustomerFail',
  mastercard: 'pm_card_mastercard',
  authenticatesEveryPayment: 'pm_card_authenticationRequired',
};
const verifier = new Stripe('sk_test_verifier').webhooks;

async function offlineHarness(): Promise<Harness> {
  const provider = new OfflineProvider();
  const received: Stripe.Event[] = [];
  provider.connect(async (payload, signature) => {
    received.push(verifier.constructEvent(payload, signature, provider.webhookSecret, 300));
  });
  return {
    provider,
    sim: provider.sim,
    card: (kind) => ({ testCard: { number: NUMBERS[kind], expMonth: 12, expYear: 2034, cvc: '123' } }),
    authenticate: (customerId, id, ok) => provider.finishCardSetup(customerId, id, ok ? 'succeed' : 'fail'),
    advance: (to) => provider.advanceClock(to),
    events: async () => {
      await provider.flush();
      return received;
    },
    close: () => provider.close(),
  };
}

async function stripeHarness(): Promise<Harness> {
  const webhookSecret = `whsec_contract${randomUUID().replace(/-/g, '')}`;
  const received: Stripe.Event[] = [];
  const fake = await startFakeStripe({
    webhookSecret,
    onWebhook: (payload, signature) => received.push(verifier.constructEvent(payload, signature, webhookSecret, 300)),
  });
  const provider = stripeFromConfig(
    StripeConfig.parse({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_contract',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    }),
  ) as StripeProvider;
  return {
    provider,
    sim: fake.sim,
    card: (kind) => ({ paymentMethodId: TOKENS[kind] }),
    authenticate: async (customerId, id, ok) => {
      fake.sim.authenticateSetup(id, ok);
      return provider.finishCardSetup(customerId, id);
    },
    advance: async (to) => fake.sim.advance(Math.floor(to.getTime() / 1000)),
    events: async () => received,
    close: () => fake.close(),
  };
}

describe.each([
  ['offline', offlineHarness],
  ['stripe', stripeHarness],
] as const)('PaymentProvider contract (%s)', (kind, make) => {
  let h: Harness;
  beforeEach(async () => {
    h = await make();
  });
  afterEach(async () => {
    await h.close();
  });

  const key = () => randomUUID();
  async function customerWithCard(card: CardKind = 'succeeds') {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const setup = await h.provider.setupCard(customerId, h.card(card), key());
    if (setup.status !== 'succeeded') throw new Error(`setup ${setup.status}`);
    await h.provider.setDefaultCard(customerId, setup.card.paymentMethodId, key());
    return { customerId, card: setup.card };
  }
  const price = (amount: number, interval: 'month' | 'year' = 'month', currency = 'sgd') =>
    h.provider.createPrice({ planId: randomUUID(), planName: 'Plan', currency, amount, interval }, key());

  it('names itself and its keys', () => {
    expect(h.provider.kind).toBe(kind);
    expect(h.provider.webhookSecret).toMatch(/^whsec_/);
    expect(h.provider.publishableKey).toMatch(/^pk_test_/);
  });

  it('creates a customer once per idempotency key', async () => {
    const k = key();
    const userId = randomUUID();
    const a = await h.provider.createCustomer({ userId }, k);
    const b = await h.provider.createCustomer({ userId }, k);
    expect(a).toMatch(/^cus_/);
    expect(b).toBe(a);
    expect(h.sim.customers.size).toBe(1);
    expect(await h.provider.createCustomer({ userId }, key())).not.toBe(a);
  });

  it('sets up the test cards: 4242 succeeds, 0002 declines, 3155 needs authentication', async () => {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const ok = await h.provider.setupCard(customerId, h.card('succeeds'), key());
    expect(ok).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242', expMonth: 12 } });
    const mc = await h.provider.setupCard(customerId, h.card('mastercard'), key());
    expect(mc).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } });

    const declined = await h.provider.setupCard(customerId, h.card('declines'), key());
    expect(declined).toMatchObject({ status: 'failed', code: 'card_declined', message: 'Your card was declined.' });

    const pending = await h.provider.setupCard(customerId, h.card('needsAuthentication'), key());
    expect(pending.status).toBe('requires_action');
    if (pending.status !== 'requires_action') throw new Error('unreachable');
    expect(pending.clientSecret).toContain('_secret_');
    expect(await h.provider.finishCardSetup(customerId, pending.setupIntentId)).toMatchObject({
      status: 'requires_action',
    });
    expect(await h.authenticate(customerId, pending.setupIntentId, true)).toMatchObject({
      status: 'succeeded',
      card: { last4: '3155' },
    });

    const refused = await h.provider.setupCard(customerId, h.card('needsAuthentication'), key());
    if (refused.status !== 'requires_action') throw new Error('expected requires_action');
    expect(await h.authenticate(customerId, refused.setupIntentId, false)).toMatchObject({ status: 'failed' });

    const stranger = await h.provider.createCustomer({ userId: randomUUID() }, key());
    await expect(h.provider.finishCardSetup(stranger, pending.setupIntentId)).rejects.toBeInstanceOf(
      PaymentRequestError,
    );
  });

  it('after a failed authentication the same setup (same key) is a new attempt, which can then succeed', async () => {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const k = key();
    const first = await h.provider.setupCard(customerId, h.card('needsAuthentication'), k);
    if (first.status !== 'requires_action') throw new Error(`expected requires_action, got ${first.status}`);
    expect(await h.authenticate(customerId, first.setupIntentId, false)).toMatchObject({
      status: 'failed',
      code: 'setup_intent_authentication_failure',
      message: 'The card holder could not be authenticated.',
    });
    // Stripe's semantics: back to requires_payment_method, the error naming the card, no payment method held
    expect(h.sim.setupIntents.get(first.setupIntentId)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'setup_intent_authentication_failure', payment_method: { card: { last4: '3155' } } },
    });
    const failedAttempt = h.sim.setupIntents.get(first.setupIntentId)?.latest_attempt;

    const retry = await h.provider.setupCard(customerId, h.card('needsAuthentication'), k);
    expect(retry).toMatchObject({ status: 'requires_action' });
    if (retry.status !== 'requires_action') throw new Error('unreachable');
    const live = h.sim.setupIntents.get(retry.setupIntentId);
    expect(live).toMatchObject({ status: 'requires_action', last_setup_error: null });
    expect(live?.latest_attempt).toMatch(/^setatt_/);
    expect(live?.latest_attempt).not.toBe(failedAttempt);
    // the retry retried (a double click) is the same attempt
    expect(await h.provider.setupCard(customerId, h.card('needsAuthentication'), k)).toEqual(retry);
    expect(h.sim.setupIntents.get(retry.setupIntentId)?.latest_attempt).toBe(live?.latest_attempt);

    const done = await h.authenticate(customerId, retry.setupIntentId, true);
    expect(done).toMatchObject({ status: 'succeeded', card: { last4: '3155' } });
    if (done.status !== 'succeeded') throw new Error('unreachable');
    expect(h.sim.paymentMethods.get(done.card.paymentMethodId)?.customer).toBe(customerId);
    // and the same key now answers the card it saved (no further attempt)
    expect(await h.provider.setupCard(customerId, h.card('needsAuthentication'), k)).toEqual(done);
    const failures = (await h.events()).filter((e) => e.type === 'setup_intent.setup_failed');
    expect(failures).toHaveLength(1);
  });

  it('a setup abandoned while it waited (still asking) is handed back; a cancelled one is replaced by a fresh setup', async () => {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const k = key();
    const first = await h.provider.setupCard(customerId, h.card('needsAuthentication'), k);
    if (first.status !== 'requires_action') throw new Error(`expected requires_action, got ${first.status}`);
    expect(await h.provider.setupCard(customerId, h.card('needsAuthentication'), k)).toEqual(first);

    h.sim.cancelSetupIntent(first.setupIntentId);
    const fresh = await h.provider.setupCard(customerId, h.card('needsAuthentication'), k);
    if (fresh.status !== 'requires_action') throw new Error(`expected requires_action, got ${fresh.status}`);
    expect(fresh.setupIntentId).not.toBe(first.setupIntentId);
    expect(await h.provider.setupCard(customerId, h.card('needsAuthentication'), k)).toEqual(fresh);
    expect(await h.authenticate(customerId, fresh.setupIntentId, true)).toMatchObject({
      status: 'succeeded',
      card: { last4: '3155' },
    });
    expect(await h.provider.finishCardSetup(customerId, first.setupIntentId)).toMatchObject({ status: 'failed' });
  });

  it('subscribes: the first period is charged at once, once per idempotency key', async () => {
    const { customerId } = await customerWithCard();
    const priceId = await price(4900);
    const k = key();
    const sub = await h.provider.createSubscription({ customerId, priceId, metadata: { user_id: 'u1' } }, k);
    expect(sub).toMatchObject({ customerId, status: 'active', priceId, cancelAtPeriodEnd: false });
    expect(sub.itemId).toMatch(/^si_/);
    const days = (sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(sub.latestInvoice).toMatchObject({
      status: 'paid',
      amountPaid: 4900,
      currency: 'sgd',
      billingReason: 'subscription_create',
    });

    const again = await h.provider.createSubscription({ customerId, priceId, metadata: { user_id: 'u1' } }, k);
    expect(again.id).toBe(sub.id);
    expect(h.sim.subscriptions.size).toBe(1);
    const paid = (await h.events()).filter((e) => e.type === 'invoice.paid');
    expect(paid).toHaveLength(1);
    const created = (await h.events()).find((e) => e.type === 'customer.subscription.created');
    expect(created).toBeDefined();
    expect((created as Stripe.Event).data.object).toMatchObject({ metadata: { user_id: 'u1' } });
  });

  it('a card that fails charges subscribes nothing (PaymentDeclined)', async () => {
    const { customerId } = await customerWithCard('failsCharges');
    const priceId = await price(4900);
    await expect(h.provider.createSubscription({ customerId, priceId, metadata: {} }, key())).rejects.toBeInstanceOf(
      PaymentDeclined,
    );
    expect(h.sim.subscriptions.size).toBe(0);
  });

  it('gives up after MAX_FRESH_SETUPS fresh setups under one key were all cancelled (PaymentRequestError)', async () => {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const k = key();
    for (let n = 0; n <= MAX_FRESH_SETUPS; n++) {
      const pending = await h.provider.setupCard(customerId, h.card('needsAuthentication'), k);
      if (pending.status !== 'requires_action') throw new Error(`expected requires_action, got ${pending.status}`);
      h.sim.cancelSetupIntent(pending.setupIntentId);
    }
    await expect(h.provider.setupCard(customerId, h.card('needsAuthentication'), k)).rejects.toMatchObject({
      name: 'PaymentRequestError',
      code: 'setup_attempts_exhausted',
    });
    expect([...h.sim.setupIntents.values()].filter((si) => si.customer === customerId)).toHaveLength(
      MAX_FRESH_SETUPS + 1,
    );
  });

  it('a card that wants authentication on every payment: set up after authentication, its off-session first charge refused', async () => {
    const customerId = await h.provider.createCustomer({ userId: randomUUID() }, key());
    const pending = await h.provider.setupCard(customerId, h.card('authenticatesEveryPayment'), key());
    if (pending.status !== 'requires_action') throw new Error(`expected requires_action, got ${pending.status}`);
    const done = await h.authenticate(customerId, pending.setupIntentId, true);
    if (done.status !== 'succeeded') throw new Error(`expected succeeded, got ${done.status}`);
    await h.provider.setDefaultCard(customerId, done.card.paymentMethodId, key());
    const refused = h.provider.createSubscription({ customerId, priceId: await price(4900), metadata: {} }, key());
    await expect(refused).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(refused).rejects.toMatchObject({
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    expect(h.sim.subscriptions.size).toBe(0);
  });

  it('prorates a price change in the same interval and restarts the period for a new interval', async () => {
    const { customerId } = await customerWithCard();
    const sub = await h.provider.createSubscription({ customerId, priceId: await price(4900), metadata: {} }, key());
    const halfway = new Date((sub.currentPeriodStart.getTime() + sub.currentPeriodEnd.getTime()) / 2);
    await h.advance(halfway);
    const up = await h.provider.changePrice({ id: sub.id, itemId: sub.itemId }, await price(9900), key());
    expect(up.currentPeriodEnd).toEqual(sub.currentPeriodEnd);
    expect(up.latestInvoice?.billingReason).toBe('subscription_update');
    // half a period of the difference (9900 - 4900) / 2, give or take rounding
    expect(Math.abs((up.latestInvoice?.amountPaid ?? 0) - 2500)).toBeLessThanOrEqual(10);

    const yearly = await h.provider.changePrice({ id: sub.id, itemId: sub.itemId }, await price(49000, 'year'), key());
    expect(yearly.currentPeriodStart.getTime()).toBe(halfway.getTime() - (halfway.getTime() % 1000));
    expect(
      (yearly.currentPeriodEnd.getTime() - yearly.currentPeriodStart.getTime()) / 86_400_000,
    ).toBeGreaterThanOrEqual(365);
    // the new year less the unused half period of 9900
    expect(Math.abs((yearly.latestInvoice?.amountPaid ?? 0) - (49000 - 4950))).toBeLessThanOrEqual(10);
  });

  it('cancels at the period end (and undoes it), renews on the clock, and ends at the period end when cancelled', async () => {
    const { customerId } = await customerWithCard();
    const sub = await h.provider.createSubscription({ customerId, priceId: await price(4900), metadata: {} }, key());
    expect((await h.provider.setCancelAtPeriodEnd(sub.id, true, key())).cancelAtPeriodEnd).toBe(true);
    expect((await h.provider.setCancelAtPeriodEnd(sub.id, false, key())).cancelAtPeriodEnd).toBe(false);

    await h.advance(new Date(sub.currentPeriodEnd.getTime() + 1000));
    const renewed = await h.provider.getSubscription(sub.id);
    expect(renewed.currentPeriodStart).toEqual(sub.currentPeriodEnd);
    expect(renewed.status).toBe('active');
    expect(renewed.latestInvoice).toMatchObject({
      billingReason: 'subscription_cycle',
      status: 'paid',
      amountPaid: 4900,
    });

    await h.provider.setCancelAtPeriodEnd(sub.id, true, key());
    await h.advance(new Date(renewed.currentPeriodEnd.getTime() + 1000));
    const ended = await h.provider.getSubscription(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellationReason: 'cancellation_requested' });
    const types = (await h.events()).map((e) => e.type);
    expect(types.filter((t) => t === 'invoice.paid')).toHaveLength(2);
    expect(types).toContain('customer.subscription.deleted');
  });

  it('a failed renewal makes the subscription past due; the provider retries, then cancels it (payment_failed)', async () => {
    const { customerId } = await customerWithCard();
    const sub = await h.provider.createSubscription({ customerId, priceId: await price(4900), metadata: {} }, key());
    const bad = await h.provider.setupCard(customerId, h.card('failsCharges'), key());
    if (bad.status !== 'succeeded') throw new Error('setup');
    await h.provider.setDefaultCard(customerId, bad.card.paymentMethodId, key());
    await h.advance(new Date(sub.currentPeriodEnd.getTime() + 1000));
    expect((await h.provider.getSubscription(sub.id)).status).toBe('past_due');
    await h.advance(new Date(sub.currentPeriodEnd.getTime() + 10 * 86_400_000));
    const ended = await h.provider.getSubscription(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellationReason: 'payment_failed' });
    const failed = (await h.events()).filter((e) => e.type === 'invoice.payment_failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('cancels now, detaches cards, and refuses unknown ids with PaymentRequestError', async () => {
    const { customerId, card } = await customerWithCard();
    const sub = await h.provider.createSubscription({ customerId, priceId: await price(4900), metadata: {} }, key());
    expect((await h.provider.cancelNow(sub.id, key())).status).toBe('canceled');
    await h.provider.detachCard(card.paymentMethodId, key());
    await expect(h.provider.detachCard(card.paymentMethodId, key())).rejects.toBeInstanceOf(PaymentRequestError);
    await expect(h.provider.getSubscription('sub_missing')).rejects.toBeInstanceOf(PaymentRequestError);
    await expect(h.provider.setDefaultCard(customerId, 'pm_missing', key())).rejects.toBeInstanceOf(
      PaymentRequestError,
    );
  });

  it('signs every webhook event with its secret (Stripe-Signature, v1)', async () => {
    await customerWithCard();
    const events = await h.events();
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e).toMatchObject({ object: 'event', livemode: false });
  });
});

describe('Stripe adapter specifics', () => {
  it('refuses a raw card number: cards come from Stripe Elements', async () => {
    const provider = new StripeProvider({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
    });
    await expect(
      provider.setupCard(
        'cus_1',
        { testCard: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '1' } },
        'k',
      ),
    ).rejects.toBeInstanceOf(PaymentRequestError);
  });

  it('sends our idempotency key on every call that creates or changes something', async () => {
    const webhookSecret = 'whsec_idempotency';
    const fake = await startFakeStripe({ webhookSecret });
    try {
      const provider = new StripeProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_x',
        webhookSecret,
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      });
      const customerId = await provider.createCustomer({ userId: 'u' }, 'key-customer');
      await provider.setupCard(customerId, { paymentMethodId: 'pm_card_visa' }, 'key-setup');
      const posts = fake.requests.filter((r) => r.method !== 'GET');
      expect(posts.map((r) => [r.path, r.idempotencyKey])).toEqual([
        ['/v1/customers', 'key-customer'],
        ['/v1/setup_intents', 'key-setup'],
      ]);
      // the new attempt after a failed authentication: a key of its own, made from ours and the failed attempt
      const pending = await provider.setupCard(
        customerId,
        { paymentMethodId: 'pm_card_authenticationRequiredOnSetup' },
        'key-auth',
      );
      if (pending.status !== 'requires_action') throw new Error('expected requires_action');
      fake.sim.authenticateSetup(pending.setupIntentId, false);
      const failedAttempt = fake.sim.setupIntents.get(pending.setupIntentId)?.latest_attempt;
      await provider.setupCard(customerId, { paymentMethodId: 'pm_card_authenticationRequiredOnSetup' }, 'key-auth');
      expect(fake.requests.filter((r) => r.method !== 'GET').map((r) => [r.path, r.idempotencyKey])).toEqual([
        ['/v1/customers', 'key-customer'],
        ['/v1/setup_intents', 'key-setup'],
        ['/v1/setup_intents', 'key-auth'],
        ['/v1/setup_intents', 'key-auth'],
        [`/v1/setup_intents/${pending.setupIntentId}/confirm`, `key-auth:attempt-after:${failedAttempt}`],
      ]);
    } finally {
      await fake.close();
    }
  });

  it('config: all three keys or none; a partial set names the missing keys', () => {
    expect(stripeFromConfig(StripeConfig.parse({}))).toBeNull();
    const partial = StripeConfig.safeParse({ STRIPE_SECRET_KEY: 'sk_test_abc' });
    expect(partial.success).toBe(false);
    expect(partial.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(
      StripeConfig.safeParse({
        STRIPE_SECRET_KEY: 'pk_test_wrong',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
      }).success,
    ).toBe(false);
  });
});

describe('Offline provider specifics', () => {
  it('keeps its customers, cards and subscriptions across a restart when given a state file', async () => {
    const stateFile = `/tmp/kinfolio-test/offline-${randomUUID()}/state.json`;
    const first = new OfflineProvider({ stateFile });
    const customerId = await first.createCustomer({ userId: 'u' }, 'c');
    const setup = await first.setupCard(
      customerId,
      { testCard: { number: '4242424242424242', expMonth: 1, expYear: 2035, cvc: '123' } },
      's',
    );
    if (setup.status !== 'succeeded') throw new Error('setup');
    await first.setDefaultCard(customerId, setup.card.paymentMethodId, 'd');
    const priceId = await first.createPrice(
      { planId: 'p', planName: 'P', currency: 'sgd', amount: 4900, interval: 'month' },
      'p',
    );
    const sub = await first.createSubscription({ customerId, priceId, metadata: {} }, 'sub');
    await first.close();

    const second = new OfflineProvider({ stateFile });
    expect((await second.getSubscription(sub.id)).status).toBe('active');
    // the same idempotency key after the restart: the same subscription, not a second charge
    expect((await second.createSubscription({ customerId, priceId, metadata: {} }, 'sub')).id).toBe(sub.id);
    await second.advanceClock(new Date(sub.currentPeriodEnd.getTime() + 1000));
    expect((await second.getSubscription(sub.id)).latestInvoice).toMatchObject({
      billingReason: 'subscription_cycle',
      status: 'paid',
    });
    await second.close();
  });
});
