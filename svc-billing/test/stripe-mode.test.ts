import { randomUUID } from 'node:crypto';
import type { billing } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { SEEDED_PLANS } from '../migrations/002_payments';
import { createBillingModule, providerFromEnv } from '../src/module';
import type { StripeProvider } from '../src/payments/stripe';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { eventually } from './helpers';

jest.setTimeout(60_000);

/**
 * svc-billing with the Stripe adapter, chosen by the STRIPE_* keys and pointed at the local Stripe test server by
 * host and port; the server's webhook events are POSTed to the service's webhook route over HTTP with the
 * signature the `stripe` package's test helper makes, as Stripe would deliver them.
 */
describe.each(testInfras())('svc-billing with Stripe (%s)', (infra) => {
  let t: TestService;
  let fake: FakeStripe;
  const deliveries: Array<Promise<{ status: number }>> = [];
  const webhookSecret = `whsec_${randomUUID().replace(/-/g, '')}`;

  beforeAll(async () => {
    fake = await startFakeStripe({
      webhookSecret,
      onWebhook: (payload, signature) => {
        deliveries.push(
          t.call('POST', 'webhooks/stripe', { as: null, body: payload, headers: { 'stripe-signature': signature } }),
        );
      },
    });
    const provider = providerFromEnv({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kinfolio',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    }) as StripeProvider;
    expect(provider.kind).toBe('stripe');
    t = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
  });
  afterAll(async () => {
    await Promise.allSettled(deliveries);
    await t?.stop();
    await fake?.close();
  });

  it('adds a card from Elements, subscribes, and applies the webhooks Stripe sends: one charge, active', async () => {
    const me = testIdentity('advisor');
    const card = await t.call('POST', 'auth/card', { as: me, body: { payment_method_id: 'pm_card_visa' } });
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ brand: 'visa', last4: '4242', is_default: true });
    const raw = await t.call('POST', 'auth/card', {
      as: me,
      body: { card_number: '4242424242424242', exp_month: 1, exp_year: 2031, cvc: '123' },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.errors[0]).toHaveProperty('card_number');

    const sub = await t.call('POST', 'trial/membership-plans', {
      as: me,
      body: { plan_id: SEEDED_PLANS[0].id, currency: 'RM' },
    });
    expect(sub.status).toBe(201);
    expect(sub.body.data).toMatchObject({ status: 'active', currency: 'RM', amount: 15900 });
    await eventually(
      async () =>
        (await Promise.all(deliveries)).length > 0 && deliveries.length === (await Promise.all(deliveries)).length,
    );
    const statuses = (await Promise.all(deliveries)).map((d) => d.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = (await t.call('GET', 'subscription-transactions', { as: me })).body.data
      .rows as billing.SubscriptionTransaction[];
    expect(rows.map((r) => [r.kind, r.amount, r.currency, r.card_last4])).toEqual([['charge', 15900, 'RM', '4242']]);
    // the service made its calls with idempotency keys
    const creating = fake.requests.filter((r) => r.method === 'POST');
    expect(creating.length).toBeGreaterThan(3);
    expect(creating.every((r) => r.idempotencyKey)).toBe(true);

    // Stripe renews: the webhook moves the period and records the renewal
    const before = (await t.svc.ctx.db('subscriptions').where({ user_id: me.userId }).first()) as {
      current_period_end: Date;
    };
    fake.sim.advance(Math.floor(new Date(before.current_period_end).getTime() / 1000) + 60);
    await eventually(async () => {
      await Promise.all(deliveries);
      const r = await t.call('GET', 'subscription-transactions', { as: me });
      return (r.body.data.rows as unknown[]).length === 2;
    });
    const after = await t.svc.ctx.db('subscriptions').where({ user_id: me.userId }).first();
    expect(new Date(after.current_period_start).toISOString()).toBe(new Date(before.current_period_end).toISOString());
  });

  it('a card whose authentication failed can be added again from the same payment method, and completing it saves it', async () => {
    const me = testIdentity('advisor');
    const body = { payment_method_id: 'pm_card_authenticationRequiredOnSetup' };
    const first = await t.call('POST', 'auth/card', { as: me, body });
    expect(first.status).toBe(202);
    // the bank's page, as Stripe.js's handleNextAction would end it: failed
    fake.sim.authenticateSetup(first.body.data.setup_intent_id, false);
    const failed = await t.call('POST', 'auth/card', {
      as: me,
      body: { setup_intent_id: first.body.data.setup_intent_id },
    });
    expect(failed.status).toBe(400);
    expect(failed.body.errors).toEqual([{ setup_intent_id: ['The card holder could not be authenticated.'] }]);

    const retry = await t.call('POST', 'auth/card', { as: me, body });
    expect(retry.status).toBe(202);
    expect(retry.body.data.client_secret).toMatch(/_secret_/);
    fake.sim.authenticateSetup(retry.body.data.setup_intent_id, true);
    const done = await t.call('POST', 'auth/card', {
      as: me,
      body: { setup_intent_id: retry.body.data.setup_intent_id },
    });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ last4: '3155', is_default: true });
    expect((await t.call('GET', 'auth/card', { as: me })).body.data).toHaveLength(1);
  });
});
