import { randomBytes } from 'node:crypto';

/**
 * An in-memory payment processor that behaves like Stripe's test mode for the subset Kinfolio uses: customers,
 * cards by Stripe's documented test numbers (and their `pm_card_*` test payment methods), SetupIntents, prices,
 * subscriptions with periods, proration on a price change, cancel at period end, invoices, renewals and payment
 * retries driven by a clock, refunds. Objects and events have Stripe's shapes (API 2025+: the period is on the
 * subscription item, the invoice's subscription is under `parent.subscription_details`).
 *
 * It is the engine of the offline test-mode provider (npm start, tests) and, behind an HTTP front, of the test
 * server the Stripe adapter's tests talk to. Every call that creates something honours an idempotency key: the same
 * key returns the first result (or throws the first error) again.
 */

export type Obj = Record<string, unknown> & { id: string };

export interface SimEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Obj; previous_attributes?: Record<string, unknown> };
}

/** A Stripe-style error: `type`, `code`, `decline_code`, `param`, HTTP status. */
export class SimError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: 'card_error' | 'invalid_request_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly declineCode?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        code: this.code,
        decline_code: this.declineCode,
        param: this.param,
      },
    };
  }
}

/**
 * What a test card does: set up fine, decline, need authentication on setup, attach fine and fail every charge, or
 * need authentication on setup and on every charge (so every off-session charge is refused: authentication_required).
 */
type CardBehaviour = 'ok' | 'decline' | 'auth_on_setup' | 'fail_charges' | 'auth_always';
interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  /** Stripe's ready-made test payment method for this number. */
  token: string;
}
/** Stripe's documented test cards (docs.stripe.com/testing). */
export const SIM_TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'ok', token: 'pm_card_visa' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'ok', token: 'pm_card_mastercard' },
  { number: '378282246310005', brand: 'amex', behaviour: 'ok', token: 'pm_card_amex' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'decline', token: 'pm_card_visa_chargeDeclined' },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'auth_on_setup',
    token: 'pm_card_authenticationRequiredOnSetup',
  },
  { number: '4000000000000341', brand: 'visa', behaviour: 'fail_charges', token: 'pm_card_chargeCustomerFail' },
  { number: '4000002760003184', brand: 'visa', behaviour: 'auth_always', token: 'pm_card_authenticationRequired' },
];

const DAY = 86_400;
/** Automatic retries of a failed renewal: days after the first failure. After the last one fails, the subscription is cancelled. */
export const RETRY_DAYS = [1, 2, 3] as const;
export const API_VERSION = '2026-10-28.endive';

const declined = () => new SimError(402, 'card_error', 'Your card was declined.', 'card_declined', 'generic_decline');
/** An off-session charge to a card whose bank asks for authentication on every payment. */
const authenticationRequired = () =>
  new SimError(
    402,
    'card_error',
    'Your card was declined. This transaction requires authentication.',
    'authentication_required',
    'authentication_required',
  );

/** Why a charge to this card is refused (off session, as every subscription charge here is), or null. */
function chargeRefusal(pm: { _behaviour: CardBehaviour } | null): SimError | null {
  if (!pm || pm._behaviour === 'decline' || pm._behaviour === 'fail_charges') return declined();
  if (pm._behaviour === 'auth_always') return authenticationRequired();
  return null;
}

function addInterval(at: number, interval: string): number {
  const d = new Date(at * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export interface SimulatorOptions {
  /** Start of the clock (epoch seconds); default now. */
  now?: number;
  /** Called with every event, in order. */
  onEvent?: (event: SimEvent) => void;
}

export class PaymentSimulator {
  private clock: number;
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj & { _behaviour: CardBehaviour }>();
  readonly setupIntents = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly events: SimEvent[] = [];
  /** Customer credit from downgrades (minor units, per customer), applied to the next invoice. */
  private readonly credit = new Map<string, number>();
  private readonly idempotent = new Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>();
  private requestKey: string | null = null;
  onEvent?: (event: SimEvent) => void;

  constructor(opts: SimulatorOptions = {}) {
    this.clock = opts.now ?? Math.floor(Date.now() / 1000);
    this.onEvent = opts.onEvent;
  }

  now(): number {
    return this.clock;
  }

  /** Everything it holds, as JSON (the offline provider keeps it on disk so `npm start` survives a restart). */
  snapshot(): string {
    const ok = [...this.idempotent].filter(([, v]) => v.ok);
    return JSON.stringify({
      clock: this.clock,
      customers: [...this.customers],
      paymentMethods: [...this.paymentMethods],
      setupIntents: [...this.setupIntents],
      prices: [...this.prices],
      subscriptions: [...this.subscriptions],
      invoices: [...this.invoices],
      credit: [...this.credit],
      idempotent: ok,
    });
  }

  restore(json: string): void {
    const state = JSON.parse(json) as Record<string, Array<[string, never]>> & { clock: number };
    this.clock = Math.max(this.clock, state.clock);
    const fill = <T>(map: Map<string, T>, entries: Array<[string, T]> | undefined) => {
      map.clear();
      for (const [k, v] of entries ?? []) map.set(k, v);
    };
    fill(this.customers, state.customers);
    fill(this.paymentMethods, state.paymentMethods);
    fill(this.setupIntents, state.setupIntents);
    fill(this.prices, state.prices);
    fill(this.subscriptions, state.subscriptions);
    fill(this.invoices, state.invoices);
    fill(this.credit, state.credit);
    fill(this.idempotent, state.idempotent);
  }

  private id(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  /** Runs `fn` once per idempotency key: a repeated key returns the stored result or throws the stored error. */
  once<T>(key: string | undefined, scope: string, fn: () => T): T {
    if (!key) return fn();
    const k = `${scope}:${key}`;
    const seen = this.idempotent.get(k);
    if (seen) {
      if (seen.ok) return seen.value as T;
      throw seen.error;
    }
    this.requestKey = key;
    try {
      const value = fn();
      this.idempotent.set(k, { ok: true, value });
      return value;
    } catch (error) {
      this.idempotent.set(k, { ok: false, error });
      throw error;
    } finally {
      this.requestKey = null;
    }
  }

  private emit(type: string, object: Obj, previous?: Record<string, unknown>): void {
    const event: SimEvent = {
      id: this.id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.clock,
      livemode: false,
      pending_webhooks: 1,
      request: { id: this.requestKey ? this.id('req') : null, idempotency_key: this.requestKey },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    this.events.push(event);
    this.onEvent?.(event);
  }

  private need<T>(map: Map<string, T>, id: string, what: string, param: string): T {
    const found = map.get(id);
    if (!found)
      throw new SimError(
        404,
        'invalid_request_error',
        `No such ${what}: '${id}'`,
        'resource_missing',
        undefined,
        param,
      );
    return found;
  }

  // ---- customers --------------------------------------------------------------------------------------------
  createCustomer(params: { email?: string; name?: string; metadata?: Record<string, string> }, key?: string): Obj {
    return this.once(key, 'customers', () => {
      const customer: Obj = {
        id: this.id('cus'),
        object: 'customer',
        created: this.clock,
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        balance: 0,
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      this.emit('customer.created', customer);
      return structuredClone(customer);
    });
  }

  retrieveCustomer(id: string): Obj {
    return structuredClone(this.need(this.customers, id, 'customer', 'id'));
  }

  updateCustomer(id: string, params: { invoice_settings?: { default_payment_method?: string } }, key?: string): Obj {
    return this.once(key, `customer-update:${id}`, () => {
      const customer = this.need(this.customers, id, 'customer', 'id');
      const pm = params.invoice_settings?.default_payment_method;
      if (pm !== undefined) {
        const method = this.need(this.paymentMethods, pm, 'payment_method', 'invoice_settings[default_payment_method]');
        if (method.customer !== id)
          throw new SimError(
            400,
            'invalid_request_error',
            `The payment method ${pm} does not belong to ${id}`,
            'resource_missing',
            undefined,
            'invoice_settings[default_payment_method]',
          );
        customer.invoice_settings = { default_payment_method: pm };
        this.emit('customer.updated', customer);
      }
      return structuredClone(customer);
    });
  }

  // ---- payment methods and setup intents ---------------------------------------------------------------------
  /** A payment method from a test card number (what Stripe Elements does in the browser), or a `pm_card_*` token. */
  createPaymentMethod(card: { number: string; exp_month: number; exp_year: number; cvc?: string }): Obj {
    const number = card.number.replace(/\s+/g, '');
    const test = SIM_TEST_CARDS.find((c) => c.number === number);
    if (!test)
      throw new SimError(
        402,
        'card_error',
        'Your card number is not a test card. Use a test card number in test mode.',
        'incorrect_number',
        undefined,
        'card[number]',
      );
    const current = new Date(this.clock * 1000);
    if (
      card.exp_year < current.getUTCFullYear() ||
      (card.exp_year === current.getUTCFullYear() && card.exp_month < current.getUTCMonth() + 1)
    )
      throw new SimError(
        402,
        'card_error',
        "Your card's expiration date is in the past.",
        'expired_card',
        undefined,
        'card[exp_year]',
      );
    return this.storePaymentMethod(test, card.exp_month, card.exp_year);
  }

  private storePaymentMethod(test: TestCard, exp_month: number, exp_year: number): Obj {
    const pm = {
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      created: this.clock,
      customer: null,
      card: { brand: test.brand, last4: test.number.slice(-4), exp_month, exp_year, funding: 'credit', country: 'US' },
      billing_details: { email: null, name: null },
      livemode: false,
      _behaviour: test.behaviour,
    };
    this.paymentMethods.set(pm.id, pm);
    return this.publicPm(pm);
  }

  private publicPm(pm: Obj): Obj {
    const { _behaviour: _b, ...rest } = pm as Obj & { _behaviour?: unknown };
    return structuredClone(rest) as Obj;
  }

  /** Resolves Stripe's ready-made test tokens (`pm_card_visa`, …) to a fresh payment method, as Stripe does. */
  private resolvePm(id: string, param: string): Obj & { _behaviour: CardBehaviour } {
    const token = SIM_TEST_CARDS.find((c) => c.token === id);
    if (token) {
      const created = this.storePaymentMethod(token, 12, new Date(this.clock * 1000).getUTCFullYear() + 3);
      return this.paymentMethods.get(created.id) as Obj & { _behaviour: CardBehaviour };
    }
    return this.need(this.paymentMethods, id, 'payment_method', param);
  }

  retrievePaymentMethod(id: string): Obj {
    return this.publicPm(this.need(this.paymentMethods, id, 'payment_method', 'id'));
  }

  detachPaymentMethod(id: string, key?: string): Obj {
    return this.once(key, `detach:${id}`, () => {
      const pm = this.need(this.paymentMethods, id, 'payment_method', 'id');
      if (!pm.customer)
        throw new SimError(
          400,
          'invalid_request_error',
          `The payment method ${id} is not attached to a customer`,
          undefined,
          undefined,
          'id',
        );
      const customer = this.customers.get(pm.customer as string);
      if (
        customer &&
        (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method === id
      )
        customer.invoice_settings = { default_payment_method: null };
      pm.customer = null;
      this.emit('payment_method.detached', this.publicPm(pm));
      return this.publicPm(pm);
    });
  }

  /** POST /v1/setup_intents with confirm=true: attaches the card to the customer for off-session use. */
  createSetupIntent(
    params: { customer: string; payment_method: string; confirm?: boolean; usage?: string },
    key?: string,
  ): Obj {
    return this.once(key, 'setup_intents', () => {
      this.need(this.customers, params.customer, 'customer', 'customer');
      const pm = this.resolvePm(params.payment_method, 'payment_method');
      const si: Obj = {
        id: this.id('seti'),
        object: 'setup_intent',
        created: this.clock,
        customer: params.customer,
        payment_method: pm.id,
        usage: params.usage ?? 'off_session',
        status: 'requires_confirmation',
        last_setup_error: null,
        latest_attempt: null,
        next_action: null,
        cancellation_reason: null,
        livemode: false,
      };
      si.client_secret = `${si.id}_secret_${randomBytes(8).toString('hex')}`;
      this.setupIntents.set(si.id, si);
      if (params.confirm) this.confirmSetup(si, pm);
      return structuredClone(si);
    });
  }

  /**
   * POST /v1/setup_intents/{id}/confirm: a new attempt (a new SetupAttempt) with the given payment method, or the
   * one it holds. Stripe accepts it while the intent needs a payment method or a confirmation, which is where a
   * failed authentication or a decline leaves it.
   */
  confirmSetupIntent(id: string, params: { payment_method?: string }, key?: string): Obj {
    return this.once(key, `setup-confirm:${id}`, () => {
      const si = this.need(this.setupIntents, id, 'setup_intent', 'id');
      if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation')
        throw new SimError(
          400,
          'invalid_request_error',
          `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
          'setup_intent_unexpected_state',
        );
      const pmId = params.payment_method ?? (si.payment_method as string | null);
      if (!pmId)
        throw new SimError(
          400,
          'invalid_request_error',
          'You cannot confirm this SetupIntent because it is missing a payment method.',
          'setup_intent_unexpected_state',
          undefined,
          'payment_method',
        );
      this.confirmSetup(si, this.resolvePm(pmId, 'payment_method'));
      return structuredClone(si);
    });
  }

  /** POST /v1/setup_intents/{id}/cancel: abandoned; any later operation on it fails. */
  cancelSetupIntent(id: string, key?: string): Obj {
    return this.once(key, `setup-cancel:${id}`, () => {
      const si = this.need(this.setupIntents, id, 'setup_intent', 'id');
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(si.status as string))
        throw new SimError(
          400,
          'invalid_request_error',
          `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
          'setup_intent_unexpected_state',
        );
      si.status = 'canceled';
      si.next_action = null;
      si.cancellation_reason = 'abandoned';
      this.emit('setup_intent.canceled', si);
      return structuredClone(si);
    });
  }

  /** A confirmation is a new attempt: it forgets the previous attempt's error (Stripe's `latest_attempt`). */
  private confirmSetup(si: Obj, pm: Obj & { _behaviour: CardBehaviour }): void {
    si.latest_attempt = this.id('setatt');
    si.payment_method = pm.id;
    si.last_setup_error = null;
    if (pm._behaviour === 'decline') {
      this.failSetup(si, pm, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      return;
    }
    if (pm._behaviour === 'auth_on_setup' || pm._behaviour === 'auth_always') {
      si.status = 'requires_action';
      si.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('setup_intent.requires_action', si);
      return;
    }
    this.succeedSetup(si, pm);
  }

  private succeedSetup(si: Obj, pm: Obj): void {
    si.status = 'succeeded';
    si.next_action = null;
    pm.customer = si.customer;
    this.emit('payment_method.attached', this.publicPm(pm));
    this.emit('setup_intent.succeeded', si);
  }

  retrieveSetupIntent(id: string): Obj {
    return structuredClone(this.need(this.setupIntents, id, 'setup_intent', 'id'));
  }

  /** What the card holder does on the authentication page (the browser's `handleNextAction` in Stripe). */
  authenticateSetup(id: string, succeed: boolean): Obj {
    const si = this.need(this.setupIntents, id, 'setup_intent', 'id');
    if (si.status !== 'requires_action') return structuredClone(si);
    const pm = this.need(this.paymentMethods, si.payment_method as string, 'payment_method', 'payment_method');
    if (succeed) this.succeedSetup(si, pm);
    else
      this.failSetup(si, pm, {
        type: 'card_error',
        code: 'setup_intent_authentication_failure',
        message: 'The card holder could not be authenticated.',
      });
    return structuredClone(si);
  }

  /**
   * As Stripe: the intent goes back to `requires_payment_method`, the attempt's error (naming the payment method) in
   * `last_setup_error`, and holds no payment method until the next confirmation gives it one.
   */
  private failSetup(si: Obj, pm: Obj, error: Record<string, unknown>): void {
    si.status = 'requires_payment_method';
    si.next_action = null;
    si.payment_method = null;
    si.last_setup_error = { ...error, payment_method: this.publicPm(pm) };
    this.emit('setup_intent.setup_failed', si);
  }

  // ---- prices -----------------------------------------------------------------------------------------------
  createPrice(
    params: {
      currency: string;
      unit_amount: number;
      recurring: { interval: string };
      product_data: { name: string };
      metadata?: Record<string, string>;
    },
    key?: string,
  ): Obj {
    return this.once(key, 'prices', () => {
      if (!['month', 'year'].includes(params.recurring.interval))
        throw new SimError(
          400,
          'invalid_request_error',
          'Invalid recurring[interval]',
          'parameter_invalid',
          undefined,
          'recurring[interval]',
        );
      const price: Obj = {
        id: this.id('price'),
        object: 'price',
        created: this.clock,
        active: true,
        currency: params.currency,
        unit_amount: params.unit_amount,
        recurring: { interval: params.recurring.interval, interval_count: 1, usage_type: 'licensed' },
        product: this.id('prod'),
        metadata: params.metadata ?? {},
        type: 'recurring',
        livemode: false,
      };
      this.prices.set(price.id, price);
      return structuredClone(price);
    });
  }

  // ---- subscriptions and invoices -----------------------------------------------------------------------------
  private item(sub: Obj): Obj {
    return (sub.items as { data: Obj[] }).data[0] as Obj;
  }

  private priceOf(sub: Obj): Obj {
    return this.item(sub).price as Obj;
  }

  private defaultPm(customerId: string): (Obj & { _behaviour: CardBehaviour }) | null {
    const customer = this.customers.get(customerId);
    const id = (customer?.invoice_settings as { default_payment_method: string | null } | undefined)
      ?.default_payment_method;
    return id ? (this.paymentMethods.get(id) ?? null) : null;
  }

  /** Makes an invoice and tries to pay it with the customer's default card. */
  private invoice(
    sub: Obj,
    amount: number,
    reason: string,
    description: string,
    period: { start: number; end: number },
  ): Obj {
    const customerId = sub.customer as string;
    const credit = this.credit.get(customerId) ?? 0;
    const applied = Math.min(credit, amount);
    if (applied) this.credit.set(customerId, credit - applied);
    const due = amount - applied;
    const price = this.priceOf(sub);
    const inv: Obj = {
      id: this.id('in'),
      object: 'invoice',
      created: this.clock,
      customer: customerId,
      currency: price.currency,
      billing_reason: reason,
      status: 'open',
      subtotal: amount,
      total: amount,
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      starting_balance: -credit,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      period_start: period.start,
      period_end: period.end,
      lines: { object: 'list', data: [{ object: 'line_item', amount, currency: price.currency, description, period }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      hosted_invoice_url: null,
      invoice_pdf: null,
      livemode: false,
    };
    this.invoices.set(inv.id, inv);
    this.emit('invoice.created', inv);
    this.emit('invoice.finalized', inv);
    this.attempt(inv);
    return inv;
  }

  /** One payment attempt on an open invoice. */
  private attempt(inv: Obj): boolean {
    inv.attempt_count = (inv.attempt_count as number) + 1;
    inv.attempted = true;
    const due = inv.amount_due as number;
    const pm = this.defaultPm(inv.customer as string);
    const fails = due > 0 && chargeRefusal(pm) !== null;
    if (!fails) {
      inv.status = 'paid';
      inv.amount_paid = due;
      inv.amount_remaining = 0;
      inv.next_payment_attempt = null;
      inv.status_transitions = { paid_at: this.clock };
      inv._card = pm ? structuredClone(pm.card as Obj) : null;
      this.emit('invoice.paid', this.publicInvoice(inv));
      this.emit('invoice.payment_succeeded', this.publicInvoice(inv));
      return true;
    }
    const retryIndex = (inv.attempt_count as number) - 1;
    const nextDay = RETRY_DAYS[retryIndex];
    const first = (inv._first_failure as number | undefined) ?? this.clock;
    inv._first_failure = first;
    inv.next_payment_attempt = nextDay === undefined ? null : first + nextDay * DAY;
    this.emit('invoice.payment_failed', this.publicInvoice(inv));
    return false;
  }

  private publicInvoice(inv: Obj): Obj {
    const { _first_failure: _f, _card: _c, ...rest } = inv as Obj & { _first_failure?: unknown; _card?: unknown };
    return structuredClone(rest) as Obj;
  }

  /** The card that paid an invoice (what the charge's payment_method_details.card would say). */
  cardOfInvoice(id: string): { brand: string; last4: string } | null {
    const card = (this.invoices.get(id) as (Obj & { _card?: { brand: string; last4: string } | null }) | undefined)
      ?._card;
    return card ? { brand: card.brand, last4: card.last4 } : null;
  }

  private setStatus(sub: Obj, status: string): void {
    if (sub.status === status) return;
    const previous = { status: sub.status };
    sub.status = status;
    this.emit('customer.subscription.updated', sub, previous);
  }

  createSubscription(
    params: {
      customer: string;
      items: Array<{ price: string }>;
      payment_behavior?: string;
      metadata?: Record<string, string>;
    },
    key?: string,
  ): Obj {
    return this.once(key, 'subscriptions', () => {
      this.need(this.customers, params.customer, 'customer', 'customer');
      const price = this.need(this.prices, params.items[0]?.price ?? '', 'price', 'items[0][price]');
      const pm = this.defaultPm(params.customer);
      // payment_behavior=error_if_incomplete: a first invoice that cannot be paid fails the call, nothing is left behind
      if (!pm)
        throw new SimError(
          400,
          'invalid_request_error',
          'This customer has no attached payment source or default payment method.',
          'resource_missing',
          undefined,
          'customer',
        );
      const refused = chargeRefusal(pm);
      if (refused) throw refused;
      const start = this.clock;
      const end = addInterval(start, (price.recurring as { interval: string }).interval);
      const sub: Obj = {
        id: this.id('sub'),
        object: 'subscription',
        created: start,
        start_date: start,
        customer: params.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        default_payment_method: null,
        metadata: params.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: this.id('si'),
              object: 'subscription_item',
              price: structuredClone(price),
              quantity: 1,
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
        latest_invoice: null,
        livemode: false,
      };
      this.subscriptions.set(sub.id, sub);
      this.emit('customer.subscription.created', sub);
      const inv = this.invoice(sub, price.unit_amount as number, 'subscription_create', `1 × subscription`, {
        start,
        end,
      });
      sub.latest_invoice = inv.id;
      return this.expand(sub);
    });
  }

  /** The subscription with latest_invoice expanded (what the adapter asks Stripe for). */
  expand(sub: Obj): Obj {
    const copy = structuredClone(sub);
    if (typeof sub.latest_invoice === 'string')
      copy.latest_invoice = this.publicInvoice(this.invoices.get(sub.latest_invoice) as Obj);
    return copy;
  }

  retrieveSubscription(id: string): Obj {
    return this.expand(this.need(this.subscriptions, id, 'subscription', 'id'));
  }

  updateSubscription(
    id: string,
    params: {
      cancel_at_period_end?: boolean;
      items?: Array<{ id: string; price: string }>;
      proration_behavior?: string;
      metadata?: Record<string, string>;
    },
    key?: string,
  ): Obj {
    return this.once(key, `subscription-update:${id}`, () => {
      const sub = this.need(this.subscriptions, id, 'subscription', 'id');
      if (sub.status === 'canceled')
        throw new SimError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
          undefined,
          undefined,
          'id',
        );
      const previous: Record<string, unknown> = {};
      if (params.metadata) sub.metadata = { ...(sub.metadata as object), ...params.metadata };
      if (params.cancel_at_period_end !== undefined && params.cancel_at_period_end !== sub.cancel_at_period_end) {
        previous.cancel_at_period_end = sub.cancel_at_period_end;
        sub.cancel_at_period_end = params.cancel_at_period_end;
        sub.cancel_at = params.cancel_at_period_end ? this.item(sub).current_period_end : null;
        sub.canceled_at = params.cancel_at_period_end ? this.clock : null;
        sub.cancellation_details = {
          comment: null,
          feedback: null,
          reason: params.cancel_at_period_end ? 'cancellation_requested' : null,
        };
      }
      const change = params.items?.[0];
      if (change) {
        const item = this.item(sub);
        if (change.id !== item.id)
          throw new SimError(
            400,
            'invalid_request_error',
            `No such subscription item: '${change.id}'`,
            'resource_missing',
            undefined,
            'items[0][id]',
          );
        const next = this.need(this.prices, change.price, 'price', 'items[0][price]');
        const old = item.price as Obj;
        // payment_behavior=error_if_incomplete: a prorated charge the card refuses leaves the subscription as it was
        const pm = this.defaultPm(sub.customer as string);
        const refused = chargeRefusal(pm);
        if (
          params.proration_behavior !== 'none' &&
          refused &&
          (next.unit_amount as number) > (old.unit_amount as number)
        )
          throw refused;
        if (next.currency !== old.currency)
          throw new SimError(
            400,
            'invalid_request_error',
            'The price currency must match the subscription currency.',
            undefined,
            undefined,
            'items[0][price]',
          );
        previous.items = structuredClone(sub.items);
        item.price = structuredClone(next);
        const oldInterval = (old.recurring as { interval: string }).interval;
        const newInterval = (next.recurring as { interval: string }).interval;
        const start = item.current_period_start as number;
        const end = item.current_period_end as number;
        const unused = Math.round(
          ((old.unit_amount as number) * Math.max(0, end - this.clock)) / Math.max(1, end - start),
        );
        const prorate = params.proration_behavior !== 'none';
        if (oldInterval !== newInterval) {
          // a new interval resets the billing cycle to now: the full new price less the unused time of the old one
          item.current_period_start = this.clock;
          item.current_period_end = addInterval(this.clock, newInterval);
          if (prorate) this.credit.set(sub.customer as string, (this.credit.get(sub.customer as string) ?? 0) + unused);
          this.emit('customer.subscription.updated', sub, previous);
          const inv = this.invoice(sub, next.unit_amount as number, 'subscription_update', 'New plan', {
            start: item.current_period_start as number,
            end: item.current_period_end as number,
          });
          sub.latest_invoice = inv.id;
        } else {
          this.emit('customer.subscription.updated', sub, previous);
          if (prorate) {
            const remaining = Math.round(
              ((next.unit_amount as number) * Math.max(0, end - this.clock)) / Math.max(1, end - start),
            );
            const diff = remaining - unused;
            if (diff > 0) {
              const inv = this.invoice(
                sub,
                diff,
                'subscription_update',
                'Remaining time on the new plan less unused time on the old one',
                { start: this.clock, end },
              );
              sub.latest_invoice = inv.id;
            } else if (diff < 0)
              this.credit.set(sub.customer as string, (this.credit.get(sub.customer as string) ?? 0) - diff);
          }
        }
        return this.expand(sub);
      }
      if (Object.keys(previous).length) this.emit('customer.subscription.updated', sub, previous);
      return this.expand(sub);
    });
  }

  cancelSubscription(id: string, reason = 'cancellation_requested', key?: string): Obj {
    return this.once(key, `subscription-cancel:${id}`, () => {
      const sub = this.need(this.subscriptions, id, 'subscription', 'id');
      if (sub.status !== 'canceled') this.end(sub, reason);
      return this.expand(sub);
    });
  }

  private end(sub: Obj, reason: string): void {
    sub.status = 'canceled';
    sub.ended_at = this.clock;
    sub.canceled_at = (sub.canceled_at as number | null) ?? this.clock;
    sub.cancellation_details = { comment: null, feedback: null, reason };
    this.emit('customer.subscription.deleted', sub);
  }

  /** Customer credit (minor units) waiting for the next invoice. */
  creditOf(customerId: string): number {
    return this.credit.get(customerId) ?? 0;
  }

  /** Refunds a paid invoice in full (as from the dashboard): `charge.refunded`. */
  refundInvoice(invoiceId: string, key?: string): Obj {
    return this.once(key, `refund:${invoiceId}`, () => {
      const inv = this.need(this.invoices, invoiceId, 'invoice', 'invoice');
      if (inv.status !== 'paid' || !(inv.amount_paid as number))
        throw new SimError(
          400,
          'invalid_request_error',
          'This invoice has no charge to refund.',
          'charge_already_refunded',
          undefined,
          'invoice',
        );
      const card = this.cardOfInvoice(invoiceId);
      const charge: Obj = {
        id: this.id('ch'),
        object: 'charge',
        created: this.clock,
        customer: inv.customer,
        amount: inv.amount_paid,
        amount_refunded: inv.amount_paid,
        currency: inv.currency,
        refunded: true,
        paid: true,
        status: 'succeeded',
        receipt_url: null,
        payment_method_details: { type: 'card', card: { brand: card?.brand ?? null, last4: card?.last4 ?? null } },
        metadata: { invoice: invoiceId },
        livemode: false,
      };
      this.emit('charge.refunded', charge);
      return charge;
    });
  }

  /**
   * Moves the clock to `to` (epoch seconds), doing what falls due on the way, in time order: renewals at each
   * period's end (or the end of a subscription set to cancel at period end), and retries of failed renewals; after
   * the last retry fails the subscription is cancelled (reason payment_failed).
   */
  advance(to: number): void {
    for (;;) {
      let nextAt = Number.POSITIVE_INFINITY;
      let action: (() => void) | null = null;
      for (const sub of this.subscriptions.values()) {
        if (sub.status === 'canceled') continue;
        const item = this.item(sub);
        const end = item.current_period_end as number;
        const open = typeof sub.latest_invoice === 'string' ? this.invoices.get(sub.latest_invoice) : undefined;
        const retryAt = open && open.status === 'open' ? (open.next_payment_attempt as number | null) : null;
        const giveUpAt =
          open && open.status === 'open' && retryAt === null
            ? (open._first_failure as number) + (RETRY_DAYS.at(-1) as number) * DAY
            : null;
        const candidates: Array<[number, () => void]> = [];
        if (retryAt !== null) candidates.push([retryAt, () => this.retry(sub, open as Obj)]);
        else if (giveUpAt !== null) candidates.push([giveUpAt, () => this.end(sub, 'payment_failed')]);
        else candidates.push([end, () => this.renew(sub)]);
        for (const [at, fn] of candidates)
          if (at <= to && at < nextAt) {
            nextAt = at;
            action = fn;
          }
      }
      if (!action) break;
      this.clock = Math.max(this.clock, nextAt);
      action();
    }
    this.clock = Math.max(this.clock, to);
  }

  private renew(sub: Obj): void {
    const item = this.item(sub);
    if (sub.cancel_at_period_end) {
      this.end(sub, 'cancellation_requested');
      return;
    }
    const price = item.price as Obj;
    const previous = { items: structuredClone(sub.items) };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(
      item.current_period_start as number,
      (price.recurring as { interval: string }).interval,
    );
    this.emit('customer.subscription.updated', sub, previous);
    const inv = this.invoice(sub, price.unit_amount as number, 'subscription_cycle', '1 × subscription', {
      start: item.current_period_start as number,
      end: item.current_period_end as number,
    });
    sub.latest_invoice = inv.id;
    if (inv.status !== 'paid') this.setStatus(sub, 'past_due');
  }

  private retry(sub: Obj, inv: Obj): void {
    if (this.attempt(inv)) this.setStatus(sub, 'active');
  }
}
