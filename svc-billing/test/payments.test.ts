import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@kinfolio/contracts';
import { billing } from '@kinfolio/contracts';
import { type Identity, startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { SEEDED_PLANS } from '../migrations/002_payments';
import { type Billing, CHANGE_UNDER_WAY, SUBSCRIBE_UNDER_WAY, sweepSubscriptions } from '../src/domain/billing';
import { createBillingModule } from '../src/module';
import { OfflineProvider } from '../src/payments/offline';
import type { SimEvent } from '../src/payments/simulator';
import {
  deleteQueues,
  eventually,
  observeBilling,
  ofType,
  registeredEvent,
  sleep,
  waitForConsumerQueue,
} from './helpers';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const MONTHLY = SEEDED_PLANS[0].id;
const YEARLY = SEEDED_PLANS[1].id;
const VISA = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const MASTERCARD = { card_number: '5555555555554444', exp_month: 6, exp_year: 2033, cvc: '321' };
const DECLINES = { card_number: '4000000000000002', exp_month: 12, exp_year: 2034, cvc: '123' };
const NEEDS_AUTH = { card_number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123' };
/** Stripe's "authentication on setup and on every payment" test card: off-session charges are refused. */
const AUTH_ALWAYS = { card_number: '4000002760003184', exp_month: 12, exp_year: 2034, cvc: '123' };
/** Stripe's "attaches fine, every charge fails" test card. */
const FAILS_CHARGES = { card_number: '4000000000000341', exp_month: 12, exp_year: 2034, cvc: '123' };

describe.each(testInfras())('svc-billing payments (%s)', (infra) => {
  let t: TestService;
  let provider: OfflineProvider;
  let b: Billing;
  let events: EventEnvelope[];
  let namespace = '';
  const admin = testIdentity('admin');

  beforeAll(async () => {
    provider = new OfflineProvider();
    t = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
    b = { ctx: t.svc.ctx, provider, graceDays: billing.GRACE_DAYS };
    namespace = t.svc.ctx.config.AMQP_NAMESPACE;
    events = await observeBilling(t, 'test-payments-observer');
    await waitForConsumerQueue(t, 'svc-billing');
  });

  afterAll(async () => {
    await provider?.close();
    await t?.stop();
    if (t) await deleteQueues(t, namespace, ['test-payments-observer']);
  });

  const db = () => t.svc.ctx.db;
  const addCard = (as: Identity, card: Record<string, unknown>, path = 'auth/card') =>
    t.call('POST', path, { as, body: card });
  const subscribe = (as: Identity, body: Record<string, unknown>) =>
    t.call('POST', 'trial/membership-plans', { as, body });
  const history = async (as: Identity) =>
    (await t.call('GET', 'subscription-transactions', { as })).body.data.rows as billing.SubscriptionTransaction[];
  const membership = (userId: string) =>
    ofType(events, 'billing.membership.changed.v1', userId).map(
      (e) => (e.payload as { membership_status: string }).membership_status,
    );

  /** Delivers a Stripe-shaped event to the webhook route, signed as the provider signs (or as told). */
  const postWebhook = (event: unknown, opts: { timestamp?: number; secret?: string; signature?: string } = {}) => {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    const signature =
      opts.signature ??
      (opts.secret
        ? new OfflineProvider({ webhookSecret: opts.secret }).sign(payload, opts.timestamp)
        : provider.sign(payload, opts.timestamp));
    return t.call('POST', 'webhooks/stripe', { as: null, body: payload, headers: { 'stripe-signature': signature } });
  };

  /** Runs `fn` with the provider's `method` answering 300 ms late, so two calls made together overlap there. */
  async function slowProvider<T>(
    method: 'createSubscription' | 'changePrice' | 'detachCard',
    fn: () => Promise<T>,
  ): Promise<T> {
    const original = provider[method];
    provider[method] = (async (...args: unknown[]) => {
      await sleep(300);
      return (original as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
    }) as never;
    try {
      return await fn();
    } finally {
      provider[method] = original as never;
    }
  }

  async function paidAdvisor(): Promise<{ me: Identity; sub: billing.Subscription }> {
    const me = testIdentity('advisor');
    expect((await addCard(me, VISA)).status).toBe(201);
    const res = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
    expect(res.status).toBe(201);
    await provider.flush();
    return { me, sub: res.body.data };
  }

  describe('plans', () => {
    it('lists the two seeded plans to anyone, with prices in SGD and RM minor units', async () => {
      const res = await t.call('GET', 'membership-plans', { as: null });
      expect(res.status).toBe(200);
      const seeded = (res.body.data as billing.MembershipPlan[]).filter((p) => SEEDED_PLANS.some((s) => s.id === p.id));
      expect(seeded.map((p) => [p.name, p.interval, p.price_sgd, p.price_rm, p.active])).toEqual([
        ['Monthly', 'monthly', 4900, 15900, true],
        ['Yearly', 'yearly', 49000, 159000, true],
      ]);
      const one = await t.call('GET', `membership-plans/${YEARLY}`, { as: null });
      expect(one.body.data.features).toContain('Two months free');
      expect((await t.call('GET', `membership-plans/${randomUUID()}`, { as: null })).status).toBe(404);
      expect((await t.call('GET', 'membership-plans/not-a-uuid', { as: null })).status).toBe(404);
    });

    it('lets an admin create and change a plan; an inactive plan is hidden from everyone else and cannot be bought', async () => {
      const created = await t.call('POST', 'membership-plans', {
        as: admin,
        body: { name: 'Quarterly', interval: 'monthly', price_sgd: 12900, price_rm: 39900, features: ['All of it'] },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      expect(created.body.data).toMatchObject({ name: 'Quarterly', price_sgd: 12900, active: true });

      const patched = await t.call('PATCH', 'admin/membership-plans', {
        as: admin,
        body: { id, active: false, price_rm: 41900 },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ active: false, price_rm: 41900, price_sgd: 12900 });
      const publicList = (await t.call('GET', 'membership-plans', { as: null })).body.data as billing.MembershipPlan[];
      expect(publicList.map((p) => p.id)).not.toContain(id);
      const adminList = (await t.call('GET', 'membership-plans', { as: admin })).body.data as billing.MembershipPlan[];
      expect(adminList.map((p) => p.id)).toContain(id);
      expect((await t.call('GET', `membership-plans/${id}`, { as: testIdentity('advisor') })).status).toBe(404);

      const me = testIdentity('advisor');
      await addCard(me, VISA);
      const refused = await subscribe(me, { plan_id: id, currency: 'SGD' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toHaveProperty('plan_id');
      expect(
        (await t.call('PATCH', 'admin/membership-plans', { as: admin, body: { id: randomUUID(), name: 'X' } })).status,
      ).toBe(404);
    });

    it('refuses plan changes from advisors and customers', async () => {
      const body = { name: 'Cheap', interval: 'monthly', price_sgd: 100, price_rm: 300 };
      expect((await t.call('POST', 'membership-plans', { as: testIdentity('advisor'), body })).status).toBe(403);
      expect((await t.call('POST', 'membership-plans', { as: testIdentity('customer'), body })).status).toBe(403);
      expect((await t.call('POST', 'membership-plans', { as: null, body })).status).toBe(401);
      expect(
        (
          await t.call('PATCH', 'admin/membership-plans', {
            as: testIdentity('advisor'),
            body: { id: MONTHLY, price_sgd: 100 },
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('cards', () => {
    it('adds test cards; the first is the default; the default can be moved and a card removed', async () => {
      const me = testIdentity('advisor');
      const visa = await addCard(me, VISA, 'trial/card');
      expect(visa.status).toBe(201);
      expect(visa.body.data).toMatchObject({
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        is_default: true,
      });
      const mc = await addCard(me, MASTERCARD);
      expect(mc.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });

      const moved = await t.call('GET', `auth/card/${mc.body.data.id}/default`, { as: me });
      expect(moved.status).toBe(200);
      const cards = (await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[];
      expect(cards.map((c) => [c.last4, c.is_default])).toEqual([
        ['4242', false],
        ['4444', true],
      ]);
      const customer = await db()('billing_customers').where({ user_id: me.userId }).first();
      expect(provider.sim.retrieveCustomer(customer.provider_customer_id).invoice_settings).toEqual({
        default_payment_method: (await db()('cards').where({ id: mc.body.data.id }).first()).payment_method_id,
      });

      const removed = await t.call('DELETE', `auth/card/${visa.body.data.id}`, { as: me });
      expect(removed.status).toBe(200);
      expect((removed.body.data as billing.Card[]).map((c) => c.last4)).toEqual(['4444']);
    });

    it("answers 404 for another advisor's card and refuses customers, admins and anonymous callers", async () => {
      const owner = testIdentity('advisor');
      const card = (await addCard(owner, VISA)).body.data as billing.Card;
      const other = testIdentity('advisor');
      expect((await t.call('GET', `auth/card/${card.id}/default`, { as: other })).status).toBe(404);
      expect((await t.call('DELETE', `auth/card/${card.id}`, { as: other })).status).toBe(404);
      expect((await t.call('GET', 'auth/card', { as: other })).body.data).toEqual([]);
      expect(
        (
          await t.call('POST', 'trial/membership-plans', {
            as: other,
            body: { plan_id: MONTHLY, currency: 'SGD', card_id: card.id },
          })
        ).status,
      ).toBe(404);
      expect((await t.call('GET', 'auth/card', { as: testIdentity('customer') })).status).toBe(403);
      expect((await t.call('POST', 'auth/card', { as: admin, body: VISA })).status).toBe(403);
      expect((await t.call('GET', 'auth/card', { as: null })).status).toBe(401);
      expect((await t.call('GET', 'subscription-transactions', { as: testIdentity('customer') })).status).toBe(403);
      expect(await db()('cards').where({ id: card.id }).first()).toMatchObject({ id: card.id });
    });

    it('refuses a declined card with 400 naming card_number, and stores nothing', async () => {
      const me = testIdentity('advisor');
      const res = await addCard(me, DECLINES);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Your card was declined.');
      expect(res.body.errors).toEqual([{ card_number: ['Your card was declined.'] }]);
      expect(await db()('cards').where({ user_id: me.userId })).toEqual([]);
      const notTest = await addCard(me, { ...VISA, card_number: '4111111111111112' });
      expect(notTest.status).toBe(400);
      expect(notTest.body.errors[0]).toHaveProperty('card_number');
    });

    it('a card that needs authentication is added after the card holder confirms it, and not when they fail', async () => {
      const me = testIdentity('advisor');
      const first = await addCard(me, NEEDS_AUTH);
      expect(first.status).toBe(202);
      expect(first.body.data).toMatchObject({ status: 'requires_action' });
      expect(first.body.data.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
      expect(await db()('cards').where({ user_id: me.userId })).toEqual([]);
      const done = await addCard(me, {
        setup_intent_id: first.body.data.setup_intent_id,
        test_authentication: 'succeed',
      });
      expect(done.status).toBe(201);
      expect(done.body.data).toMatchObject({ last4: '3155', is_default: true });

      const again = await addCard(me, { ...NEEDS_AUTH, exp_year: 2035 });
      expect(again.status).toBe(202);
      const failed = await addCard(me, {
        setup_intent_id: again.body.data.setup_intent_id,
        test_authentication: 'fail',
      });
      expect(failed.status).toBe(400);
      expect(failed.body.errors[0]).toHaveProperty('setup_intent_id');
      // another advisor cannot finish someone else's setup
      const thief = await addCard(testIdentity('advisor'), {
        setup_intent_id: again.body.data.setup_intent_id,
        test_authentication: 'succeed',
      });
      expect(thief.status).toBe(400);
      expect((await t.call('GET', 'auth/card', { as: me })).body.data).toHaveLength(1);
    });

    it('after a failed authentication the same card can be tried again: a new attempt, and completing it saves the card', async () => {
      const me = testIdentity('advisor');
      const first = await addCard(me, NEEDS_AUTH);
      expect(first.status).toBe(202);
      const failed = await addCard(me, {
        setup_intent_id: first.body.data.setup_intent_id,
        test_authentication: 'fail',
      });
      expect(failed.status).toBe(400);
      expect(failed.body.errors).toEqual([{ setup_intent_id: ['The card holder could not be authenticated.'] }]);

      // the same card again (same number, expiry and CVC): authentication is asked for again, not the failed outcome
      const retry = await addCard(me, NEEDS_AUTH);
      expect(retry.status).toBe(202);
      expect(retry.body.data).toMatchObject({ status: 'requires_action' });
      const intent = provider.sim.setupIntents.get(retry.body.data.setup_intent_id);
      expect(intent).toMatchObject({ status: 'requires_action', last_setup_error: null });
      // a double submit of the retry is the same attempt, not a third one
      const twice = await addCard(me, NEEDS_AUTH);
      expect(twice.status).toBe(202);
      expect(twice.body.data.setup_intent_id).toBe(retry.body.data.setup_intent_id);

      const done = await addCard(me, {
        setup_intent_id: retry.body.data.setup_intent_id,
        test_authentication: 'succeed',
      });
      expect(done.status).toBe(201);
      expect(done.body.data).toMatchObject({ last4: '3155', is_default: true });
      const cards = (await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[];
      expect(cards.map((c) => c.last4)).toEqual(['3155']);
      // the saved card is attached at the provider and is the customer's default there (renewals are charged to it)
      const customerId = (await db()('billing_customers').where({ user_id: me.userId }).first()).provider_customer_id;
      const pmId = (await db()('cards').where({ user_id: me.userId }).first()).payment_method_id;
      expect(provider.sim.paymentMethods.get(pmId)?.customer).toBe(customerId);
      expect(provider.sim.retrieveCustomer(customerId).invoice_settings).toEqual({ default_payment_method: pmId });
    });

    it('an abandoned authentication can be completed when the advisor adds the same card again', async () => {
      const me = testIdentity('advisor');
      const first = await addCard(me, NEEDS_AUTH);
      expect(first.status).toBe(202);
      // the advisor leaves without answering the bank, then adds the card again later
      const again = await addCard(me, NEEDS_AUTH);
      expect(again.status).toBe(202);
      const done = await addCard(me, {
        setup_intent_id: again.body.data.setup_intent_id,
        test_authentication: 'succeed',
      });
      expect(done.status).toBe(201);
      expect(done.body.data).toMatchObject({ last4: '3155' });
      // failing it afterwards and trying once more still works (the attempt after a failure is new every time)
      const more = await addCard(me, { ...NEEDS_AUTH, exp_year: 2036 });
      expect(more.status).toBe(202);
      let intent: string = more.body.data.setup_intent_id;
      for (let failures = 1; failures <= 2; failures++) {
        const res = await addCard(me, { setup_intent_id: intent, test_authentication: 'fail' });
        expect(res.status).toBe(400);
        const next = await addCard(me, { ...NEEDS_AUTH, exp_year: 2036 });
        expect(next.status).toBe(202);
        intent = next.body.data.setup_intent_id;
      }
      const saved = await addCard(me, { setup_intent_id: intent, test_authentication: 'succeed' });
      expect(saved.status).toBe(201);
      expect(
        ((await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[]).map((c) => c.exp_year),
      ).toEqual([2034, 2036]);
    });
  });

  describe('subscriptions', () => {
    it('subscribes with the default card: the first period is charged once and the history shows it', async () => {
      const { me, sub } = await paidAdvisor();
      expect(sub).toMatchObject({
        plan_id: MONTHLY,
        plan_name: 'Monthly',
        status: 'active',
        currency: 'SGD',
        amount: 4900,
        cancel_at_period_end: false,
        card: { brand: 'visa', last4: '4242' },
      });
      const days = (Date.parse(sub.current_period_end) - Date.parse(sub.current_period_start)) / DAY;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);
      expect(sub.next_charge_at).toBe(sub.current_period_end);

      const rows = await history(me);
      expect(rows.map((r) => [r.kind, r.amount, r.currency, r.card_brand, r.card_last4, r.plan_name])).toEqual([
        ['charge', 4900, 'SGD', 'visa', '4242', 'Monthly'],
      ]);
      await eventually(() => membership(me.userId).includes('active'));

      const lookup = await t.call('GET', `membership/${me.userId}`, { as: me });
      expect(lookup.body.data[0]).toMatchObject({
        kind: 'subscription',
        status: 'activated',
        subscription: { plan_name: 'Monthly' },
      });
      expect(billing.membershipActivated(lookup.body.data)).toBe(true);

      const twice = await subscribe(me, { plan_id: YEARLY, currency: 'SGD' });
      expect(twice.status).toBe(409);
      expect(await history(me)).toHaveLength(1);
    });

    it('two subscribe calls of one advisor at once, with different cards: one subscribes and is charged, the other is refused before the provider charges it', async () => {
      const me = testIdentity('advisor');
      expect((await addCard(me, VISA)).status).toBe(201);
      const second = await addCard(me, MASTERCARD);
      expect(second.status).toBe(201);
      const cards = (await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[];
      const [visa, master] = [cards.find((c) => c.last4 === '4242'), cards.find((c) => c.last4 === '4444')];
      const both = await slowProvider('createSubscription', () =>
        Promise.all([
          subscribe(me, { plan_id: MONTHLY, currency: 'SGD', card_id: visa?.id }),
          subscribe(me, { plan_id: MONTHLY, currency: 'SGD', card_id: master?.id }),
        ]),
      );
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      await provider.flush();
      const customer = (await db()('billing_customers').where({ user_id: me.userId }).first()).provider_customer_id;
      const atProvider = [...provider.sim.subscriptions.values()].filter((s) => s.customer === customer);
      expect(atProvider).toHaveLength(1);
      expect((await history(me)).map((r) => [r.kind, r.amount])).toEqual([['charge', 4900]]);
    });

    it('a subscribe under way for the advisor refuses another with 409; a claim left by a crashed call is taken over after two minutes', async () => {
      const me = testIdentity('advisor');
      expect((await addCard(me, VISA)).status).toBe(201);
      await db()('subscription_claims').insert({ user_id: me.userId, claimed_at: new Date(Date.now() - 60_000) });
      const busy = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect([busy.status, busy.body.message]).toEqual([409, SUBSCRIBE_UNDER_WAY]);
      expect(await history(me)).toEqual([]);
      await db()('subscription_claims')
        .where({ user_id: me.userId })
        .update({ claimed_at: new Date(Date.now() - 121_000) });
      expect((await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' })).status).toBe(201);
      expect(await db()('subscription_claims').where({ user_id: me.userId })).toEqual([]); // given up when done
    });

    it('subscribes in RM at the plan price (the client never sends an amount)', async () => {
      const me = testIdentity('advisor');
      await addCard(me, VISA);
      const res = await subscribe(me, { plan_id: YEARLY, currency: 'RM' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ currency: 'RM', amount: 159000, interval: 'yearly' });
      const refused = await subscribe(testIdentity('advisor'), { plan_id: YEARLY, currency: 'RM', amount: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('amount');
    });

    it('a declined card subscribes nothing and the failure is in the history', async () => {
      const me = testIdentity('advisor');
      // the card sets up fine and fails every charge (Stripe's 4000 0000 0000 0341)
      expect((await addCard(me, FAILS_CHARGES)).status).toBe(201);
      const res = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ card_id: ['Your card was declined.'] }]);
      expect(await db()('subscriptions').where({ user_id: me.userId })).toEqual([]);
      expect((await history(me)).map((r) => [r.kind, r.amount, r.card_last4])).toEqual([['failure', 4900, '0341']]);
      // trying again is a new attempt (a new idempotency key), declined again, and recorded again
      expect((await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' })).status).toBe(400);
      expect((await history(me)).map((r) => r.kind)).toEqual(['failure', 'failure']);
      expect(await db()('subscriptions').where({ user_id: me.userId })).toEqual([]);
      const noCard = await subscribe(testIdentity('advisor'), { plan_id: MONTHLY, currency: 'SGD' });
      expect(noCard.status).toBe(400);
      expect(noCard.body.errors[0]).toHaveProperty('card_id');
    });

    it('a first charge the bank wants authenticated is refused with 400 naming card_id; trying again is a new attempt, and another card subscribes', async () => {
      const me = testIdentity('advisor');
      // Stripe's 4000 0027 6000 3184: authentication when it is set up (failed once, then completed) and on every
      // payment; subscription charges are made off session (error_if_incomplete), so the bank refuses them
      const pending = await addCard(me, AUTH_ALWAYS);
      expect(pending.status).toBe(202);
      const failed = await addCard(me, {
        setup_intent_id: pending.body.data.setup_intent_id,
        test_authentication: 'fail',
      });
      expect(failed.status).toBe(400);
      const retry = await addCard(me, AUTH_ALWAYS);
      expect(retry.status).toBe(202);
      const added = await addCard(me, {
        setup_intent_id: retry.body.data.setup_intent_id,
        test_authentication: 'succeed',
      });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ last4: '3184', is_default: true });

      const message = 'Your card was declined. This transaction requires authentication.';
      const res = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ card_id: [message] }]);
      // not the stored outcome of the first try: a new provider call, refused again and recorded again
      expect((await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' })).status).toBe(400);
      expect((await history(me)).map((r) => [r.kind, r.card_last4])).toEqual([
        ['failure', '3184'],
        ['failure', '3184'],
      ]);
      expect(await db()('subscriptions').where({ user_id: me.userId })).toEqual([]);

      const visa = await addCard(me, VISA);
      expect(visa.status).toBe(201);
      const ok = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD', card_id: visa.body.data.id });
      expect(ok.status).toBe(201);
      expect(ok.body.data).toMatchObject({ status: 'active' });
    });

    it('changes plan with proration: monthly to yearly charges the new price less the unused month', async () => {
      const { me } = await paidAdvisor();
      const res = await t.call('PATCH', 'change-subscription-plan', { as: me, body: { plan_id: YEARLY } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ plan_id: YEARLY, interval: 'yearly', amount: 49000, status: 'active' });
      await provider.flush();
      const charges = (await history(me)).filter((r) => r.kind === 'charge');
      expect(charges).toHaveLength(2);
      const change = charges.find((c) => c.description.startsWith('Plan change')) as billing.SubscriptionTransaction;
      // 49000 less nearly all of the 4900 just paid (a few seconds used)
      expect(change.amount).toBeGreaterThanOrEqual(49000 - 4900);
      expect(change.amount).toBeLessThan(49000 - 4890);
      const same = await t.call('PATCH', 'change-subscription-plan', { as: me, body: { plan_id: YEARLY } });
      expect(same.status).toBe(400);
      expect(same.body.errors[0]).toHaveProperty('plan_id');
      expect(
        (await t.call('PATCH', 'change-subscription-plan', { as: testIdentity('advisor'), body: { plan_id: YEARLY } }))
          .status,
      ).toBe(404);
    });

    it('two plan changes at once: one is made and charged, the other is refused before the provider charges it', async () => {
      const plus = await t.call('POST', 'membership-plans', {
        as: admin,
        body: { name: 'Monthly Plus', interval: 'monthly', price_sgd: 9900, price_rm: 29900, features: ['More'] },
      });
      expect(plus.status).toBe(201);
      const { me } = await paidAdvisor();
      const both = await slowProvider('changePrice', () =>
        Promise.all(
          [YEARLY, plus.body.data.id as string].map((plan_id) =>
            t.call('PATCH', 'change-subscription-plan', { as: me, body: { plan_id } }),
          ),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)?.body.message).toBe(CHANGE_UNDER_WAY);
      await provider.flush();
      const made = both.find((r) => r.status === 200)?.body.data as billing.Subscription;
      const charges = (await history(me)).filter((r) => r.kind === 'charge');
      expect(charges.map((c) => c.description.startsWith('Plan change'))).toEqual(
        expect.arrayContaining([true, false]),
      );
      expect(charges).toHaveLength(2); // the first period and one plan change
      const local = await db()('subscriptions').where({ user_id: me.userId }).first();
      expect(local.plan_id).toBe(made.plan_id);
      const atProvider = provider.sim.subscriptions.get(local.provider_subscription_id) as unknown as {
        items: { data: Array<{ price: { unit_amount: number } }> };
      };
      expect(atProvider.items.data[0]?.price.unit_amount).toBe(made.amount);
    });

    it('removing both cards of a live subscription at once removes one: the subscription keeps a card', async () => {
      const { me } = await paidAdvisor();
      expect((await addCard(me, MASTERCARD)).status).toBe(201);
      const cards = (await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[];
      expect(cards).toHaveLength(2);
      const both = await slowProvider('detachCard', () =>
        Promise.all(cards.map((c) => t.call('DELETE', `auth/card/${c.id}`, { as: me }))),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const left = (await t.call('GET', 'auth/card', { as: me })).body.data as billing.Card[];
      expect(left).toHaveLength(1);
      expect(left[0]?.is_default).toBe(true);
    });

    it('cancels at the period end (still active until then) and resubscribing resumes it without a charge', async () => {
      const { me, sub } = await paidAdvisor();
      const res = await t.call('PATCH', 'cancel-membership-plan', { as: me, body: { reason: 'Taking a break' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        ends_at: sub.current_period_end,
        next_charge_at: null,
      });
      const again = await t.call('PATCH', 'cancel-membership-plan', { as: me, body: {} });
      expect(again.body.message).toBe('Your subscription is already set to end');
      await provider.flush();
      const providerSub = (await db()('subscriptions').where({ id: sub.id }).first()).provider_subscription_id;
      expect(provider.sim.subscriptions.get(providerSub)?.cancel_at_period_end).toBe(true);

      const resumed = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect(resumed.status).toBe(200);
      expect(resumed.body.data).toMatchObject({
        id: sub.id,
        cancel_at_period_end: false,
        ends_at: null,
        next_charge_at: sub.current_period_end,
      });
      await provider.flush();
      expect(provider.sim.subscriptions.get(providerSub)?.cancel_at_period_end).toBe(false);
      expect((await history(me)).filter((r) => r.kind === 'charge')).toHaveLength(1);
      expect((await t.call('PATCH', 'cancel-membership-plan', { as: testIdentity('advisor'), body: {} })).status).toBe(
        404,
      );
    });

    it('a cancelled subscription ends at the period end; the advisor can subscribe again afterwards', async () => {
      const { me, sub } = await paidAdvisor();
      await t.call('PATCH', 'cancel-membership-plan', { as: me, body: {} });
      await provider.advanceClock(new Date(Date.parse(sub.current_period_end) + 1000));
      await provider.flush();
      const row = await eventually(async () => {
        const r = await db()('subscriptions').where({ id: sub.id }).first();
        return r.status === 'cancelled' ? r : null;
      });
      expect(row.cancel_at_period_end).toBe(true);
      expect((await history(me)).filter((r) => r.kind === 'charge')).toHaveLength(1);
      const again = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect(again.status).toBe(201);
      expect(again.body.data.id).not.toBe(sub.id);
    });
  });

  describe('webhooks', () => {
    const latest = (type: string, subId: string) =>
      [...provider.sent]
        .reverse()
        .find(
          (e) =>
            e.type === type &&
            (e.data.object.id === subId ||
              (e.data.object.parent as { subscription_details?: { subscription?: string } } | undefined)
                ?.subscription_details?.subscription === subId),
        ) as SimEvent;

    it('refuses a bad signature, a missing one and a replay outside the 300 s tolerance with 400, changing nothing', async () => {
      const { sub } = await paidAdvisor();
      const providerSub = (await db()('subscriptions').where({ id: sub.id }).first())
        .provider_subscription_id as string;
      const forged = {
        ...structuredClone(latest('customer.subscription.created', providerSub)),
        id: `evt_forged${Date.now()}`,
        created: provider.now() + 10,
      };
      (forged.data.object as Record<string, unknown>).status = 'canceled';
      const before = await db()('webhook_events').count({ n: '*' });

      const badSecret = await postWebhook(forged, { secret: 'whsec_someone_else' });
      expect(badSecret.status).toBe(400);
      expect(badSecret.body.message).toBe('Invalid webhook signature');
      const none = await t.call('POST', 'webhooks/stripe', { as: null, body: JSON.stringify(forged) });
      expect(none.status).toBe(400);
      const garbled = await postWebhook(forged, { signature: 't=1,v1=deadbeef' });
      expect(garbled.status).toBe(400);
      const old = await postWebhook(forged, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(old.status).toBe(400);
      expect(old.body.message).toBe('Webhook signature is too old');
      // the body signed, then changed on the way: refused
      const payload = JSON.stringify(forged);
      const tampered = await postWebhook(payload.replace('"canceled"', '"active"'), {
        signature: provider.sign(payload),
      });
      expect(tampered.status).toBe(400);

      expect(await db()('webhook_events').count({ n: '*' })).toEqual(before);
      expect((await db()('subscriptions').where({ id: sub.id }).first()).status).toBe('active');
    });

    it('applies each event once: a redelivered invoice.paid records no second charge', async () => {
      const { me, sub } = await paidAdvisor();
      const providerSub = (await db()('subscriptions').where({ id: sub.id }).first())
        .provider_subscription_id as string;
      const paid = latest('invoice.paid', providerSub);
      expect(await db()('webhook_events').where({ event_id: paid.id }).first()).toMatchObject({ event_id: paid.id });
      const replies = await Promise.all([postWebhook(paid), postWebhook(paid), postWebhook(paid)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(replies.every((r) => r.body.duplicate === true)).toBe(true);
      // the same charge under a new event id (Stripe sends invoice.paid and the API answer both carry it): still once
      const fresh = await postWebhook({ ...paid, id: `evt_again${Date.now()}` });
      expect(fresh.body).toEqual({ received: true });
      expect((await history(me)).filter((r) => r.kind === 'charge')).toHaveLength(1);
    });

    it('never lets an older event overwrite newer state', async () => {
      const { sub } = await paidAdvisor();
      const row = await db()('subscriptions').where({ id: sub.id }).first();
      const created = latest('customer.subscription.created', row.provider_subscription_id);
      const newer = structuredClone(created);
      newer.id = `evt_newer${Date.now()}`;
      newer.type = 'customer.subscription.updated';
      newer.created = Number(row.provider_event_at) + 100;
      (newer.data.object as Record<string, unknown>).status = 'past_due';
      expect((await postWebhook(newer)).status).toBe(200);
      expect((await db()('subscriptions').where({ id: sub.id }).first()).status).toBe('past_due');

      const older = structuredClone(created);
      older.id = `evt_older${Date.now()}`;
      older.type = 'customer.subscription.updated';
      older.created = newer.created - 50;
      (older.data.object as Record<string, unknown>).status = 'active';
      expect((await postWebhook(older)).status).toBe(200);
      const after = await db()('subscriptions').where({ id: sub.id }).first();
      expect(after.status).toBe('past_due');
      expect(Number(after.provider_event_at)).toBe(newer.created);
    });

    it('a subscription the provider reports before our own commit is recorded from the event (once)', async () => {
      const me = testIdentity('advisor');
      await addCard(me, VISA);
      await provider.flush();
      // a subscription made at the provider with our metadata, e.g. a subscribe call that crashed after the provider answered
      const customer = (await db()('billing_customers').where({ user_id: me.userId }).first())
        .provider_customer_id as string;
      const price = (await db()('provider_prices').where({ plan_id: MONTHLY, currency: 'SGD' }).first())?.price_id as
        | string
        | undefined;
      const priceId =
        price ??
        (await provider.createPrice(
          { planId: MONTHLY, planName: 'Monthly', currency: 'sgd', amount: 4900, interval: 'month' },
          `test-price-${Date.now()}`,
        ));
      if (!price)
        await db()('provider_prices').insert({
          plan_id: MONTHLY,
          currency: 'SGD',
          amount: 4900,
          interval: 'monthly',
          price_id: priceId,
        });
      const localId = randomUUID();
      await provider.createSubscription(
        {
          customerId: customer,
          priceId,
          metadata: { user_id: me.userId, plan_id: MONTHLY, currency: 'SGD', kinfolio_subscription_id: localId },
        },
        `crashed-${localId}`,
      );
      await provider.flush();
      const rows = await db()('subscriptions').where({ user_id: me.userId });
      expect(rows.map((r) => [r.id, r.status, r.plan_id])).toEqual([[localId, 'active', MONTHLY]]);
      expect((await history(me)).filter((r) => r.kind === 'charge')).toHaveLength(1);
      // the retried subscribe call is the same provider call (same idempotency key inputs) or finds it live: never a second charge
      const retried = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      expect(retried.status).toBe(409);
      expect((await history(me)).filter((r) => r.kind === 'charge')).toHaveLength(1);
    });

    it('records a refund from charge.refunded with the card that paid', async () => {
      const { me, sub } = await paidAdvisor();
      const providerSub = (await db()('subscriptions').where({ id: sub.id }).first())
        .provider_subscription_id as string;
      const paid = latest('invoice.paid', providerSub);
      provider.sim.refundInvoice(paid.data.object.id, `refund-${paid.id}`);
      await provider.flush();
      const refund = (await history(me)).find((r) => r.kind === 'refund');
      expect(refund).toMatchObject({ amount: 4900, currency: 'SGD', card_brand: 'visa', card_last4: '4242' });
    });
  });

  it("when the provider's retries run out first, its cancellation (payment_failed) expires the subscription", async () => {
    const { me, sub } = await paidAdvisor();
    await addCard(me, { ...FAILS_CHARGES, make_default: true });
    await provider.advanceClock(new Date(Date.parse(sub.current_period_end) + 60_000));
    await provider.flush();
    await eventually(async () => (await db()('subscriptions').where({ id: sub.id }).first()).status === 'past_due');
    // Stripe retries over the next days; every retry fails; then it cancels the subscription
    await provider.advanceClock(new Date(Date.parse(sub.current_period_end) + 10 * DAY));
    await provider.flush();
    const row = await eventually(async () => {
      const r = await db()('subscriptions').where({ id: sub.id }).first();
      return r.status === 'expired' ? r : null;
    });
    expect(row.ends_at).toEqual(expect.anything());
    const failures = (await history(me)).filter((r) => r.kind === 'failure');
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(new Set(failures.map((f) => f.description)).size).toBe(failures.length);
    await eventually(() => membership(me.userId).at(-1) === 'none' || membership(me.userId).at(-1) === 'expired');
    expect(await sweepSubscriptions(b, new Date(Date.parse(sub.current_period_end) + 30 * DAY))).toBe(0);
  });

  describe('admin reminders', () => {
    it('mails an advisor a reminder at most once a day per kind; admins only', async () => {
      const me = testIdentity('advisor');
      await t.ports.bus.publish([registeredEvent(me.userId, new Date().toISOString())]);
      await eventually(async () => (await db()('billing_contacts').where({ user_id: me.userId })).length === 1);
      const email = (await db()('billing_contacts').where({ user_id: me.userId }).first()).email as string;

      const first = await t.call('POST', 'admin/notify-user-for-subscription', {
        as: admin,
        body: { user_id: me.userId },
      });
      expect(first.status).toBe(200);
      expect(first.body.message).toBe(`Reminder sent to ${email}`);
      const again = await t.call('POST', 'admin/notify-user-for-subscription', {
        as: admin,
        body: { user_id: me.userId },
      });
      expect(again.status).toBe(429);
      const other = await t.call('POST', 'admin/notify-user-for-registration', {
        as: admin,
        body: { user_id: me.userId },
      });
      expect(other.status).toBe(200);
      const mails = t.ports.offline?.mail.list(email) ?? [];
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Choose your Kinfolio plan',
        'Finish setting up your Kinfolio account',
      ]);

      expect(
        (await t.call('POST', 'admin/notify-user-for-subscription', { as: admin, body: { user_id: randomUUID() } }))
          .status,
      ).toBe(404);
      expect(
        (await t.call('POST', 'admin/notify-user-for-subscription', { as: me, body: { user_id: me.userId } })).status,
      ).toBe(403);
      await addCard(me, VISA);
      await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
      await db()('reminders').where({ user_id: me.userId }).delete();
      expect(
        (await t.call('POST', 'admin/notify-user-for-subscription', { as: admin, body: { user_id: me.userId } }))
          .status,
      ).toBe(409);
    });
  });

  it('trial → paid → renewal → failed renewal → grace → expired → resubscribed, each step announced', async () => {
    const me = testIdentity('advisor');
    // the trial ended yesterday: without a subscription the advisor is expired
    await t.ports.bus.publish([registeredEvent(me.userId, new Date(Date.now() - 15 * DAY).toISOString())]);
    await eventually(async () => (await db()('trials').where({ user_id: me.userId })).length === 1);
    await addCard(me, VISA);
    const first = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD' });
    expect(first.status).toBe(201);
    const sub = first.body.data as billing.Subscription;
    await eventually(() => membership(me.userId).at(-1) === 'active');

    // renewal at the period's end, charged to the default card
    await provider.advanceClock(new Date(Date.parse(sub.current_period_end) + 60_000));
    await provider.flush();
    const renewed = await eventually(async () => {
      const r = await db()('subscriptions').where({ id: sub.id }).first();
      return new Date(r.current_period_start).toISOString() === sub.current_period_end ? r : null;
    });
    expect(renewed.status).toBe('active');
    expect((await history(me)).filter((r) => r.kind === 'charge').map((r) => r.amount)).toEqual([4900, 4900]);

    // the card now fails: the next renewal fails, the subscription is past due, the membership still active (grace)
    const failing = (await addCard(me, { ...FAILS_CHARGES, make_default: true })).body.data as billing.Card;
    expect(failing.is_default).toBe(true);
    await provider.advanceClock(new Date(new Date(renewed.current_period_end).getTime() + 60_000));
    await provider.flush();
    const pastDue = await eventually(async () => {
      const r = await db()('subscriptions').where({ id: sub.id }).first();
      return r.status === 'past_due' ? r : null;
    });
    expect(pastDue.past_due_since).toEqual(expect.anything());
    const failures = (await history(me)).filter((r) => r.kind === 'failure');
    expect(failures.map((f) => [f.amount, f.card_last4])).toEqual([[4900, '0341']]);
    const view = (await t.call('GET', `membership/${me.userId}`, { as: me })).body.data[0];
    expect(view).toMatchObject({ status: 'activated', subscription: { status: 'past_due' } });
    expect(view.subscription.grace_ends_at).toBe(
      new Date(new Date(pastDue.past_due_since).getTime() + 3 * DAY).toISOString(),
    );

    // the grace period runs out: expired, cancelled at the provider, announced
    const graceEnd = new Date(new Date(pastDue.past_due_since).getTime() + 3 * DAY + 1000);
    expect(await sweepSubscriptions(b, new Date(graceEnd.getTime() - 2000))).toBe(0);
    expect(await sweepSubscriptions(b, graceEnd)).toBe(1);
    expect((await db()('subscriptions').where({ id: sub.id }).first()).status).toBe('expired');
    expect(provider.sim.subscriptions.get(renewed.provider_subscription_id)?.status).toBe('canceled');
    await eventually(() => membership(me.userId).at(-1) === 'expired');
    await provider.flush();
    // the provider's own cancellation event arrives after: it changes nothing
    expect((await db()('subscriptions').where({ id: sub.id }).first()).status).toBe('expired');
    expect(await sweepSubscriptions(b, graceEnd)).toBe(0);

    // back with a working card
    const good = (await t.call('GET', 'auth/card', { as: me })).body.data.find((c: billing.Card) => c.last4 === '4242');
    const back = await subscribe(me, { plan_id: MONTHLY, currency: 'SGD', card_id: good.id });
    expect(back.status).toBe(201);
    await eventually(() => membership(me.userId).at(-1) === 'active');
    const admin = await t.call('GET', `admin/subscribers-list?status=expired&page_size=200`, {
      as: testIdentity('admin'),
    });
    expect((admin.body.data.rows as billing.Subscription[]).map((s) => s.id)).toContain(sub.id);
    const all = await t.call('GET', `admin/subscription-transactions-list?user_id=${me.userId}`, {
      as: testIdentity('admin'),
    });
    expect((all.body.data.rows as billing.SubscriptionTransaction[]).map((r) => r.kind).sort()).toEqual([
      'charge',
      'charge',
      'charge',
      'failure',
    ]);
    expect((await t.call('GET', 'admin/subscribers-list', { as: me })).status).toBe(403);
  });
});
