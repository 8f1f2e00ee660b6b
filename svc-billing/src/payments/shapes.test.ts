import { setupFromIntent, subscriptionOfInvoice, toInvoice, toSubscription } from './shapes';
import { PaymentSimulator, SimError } from './simulator';

describe('Stripe shapes', () => {
  it('reads the period from the subscription item (API 2025+) and from the subscription (older API)', () => {
    const now = {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ id: 'si_1', price: { id: 'price_1' }, current_period_start: 100, current_period_end: 200 }] },
    };
    expect(toSubscription(now)).toMatchObject({
      itemId: 'si_1',
      priceId: 'price_1',
      currentPeriodStart: new Date(100_000),
      currentPeriodEnd: new Date(200_000),
    });
    const old = {
      id: 'sub_2',
      customer: { id: 'cus_2' },
      status: 'past_due',
      cancel_at_period_end: true,
      current_period_start: 300,
      current_period_end: 400,
      items: { data: [{ id: 'si_2', price: 'price_2' }] },
    };
    expect(toSubscription(old)).toMatchObject({
      customerId: 'cus_2',
      priceId: 'price_2',
      status: 'past_due',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(400_000),
    });
  });

  it("finds an invoice's subscription under parent.subscription_details, or the older top-level field", () => {
    expect(
      subscriptionOfInvoice({
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_a' } },
      }),
    ).toBe('sub_a');
    expect(subscriptionOfInvoice({ subscription: { id: 'sub_b' } })).toBe('sub_b');
    expect(subscriptionOfInvoice({})).toBeNull();
    expect(toInvoice(null)).toBeNull();
    expect(
      toInvoice({
        id: 'in_1',
        status: 'paid',
        amount_paid: 4900,
        amount_due: 4900,
        currency: 'sgd',
        created: 10,
        hosted_invoice_url: 'https://x',
      }),
    ).toMatchObject({ amountPaid: 4900, receiptUrl: 'https://x' });
  });

  it('a setup that failed carries the reason', () => {
    expect(
      setupFromIntent(
        {
          id: 'seti_1',
          status: 'requires_payment_method',
          last_setup_error: { code: 'card_declined', message: 'Your card was declined.' },
        },
        null,
      ),
    ).toEqual({
      status: 'failed',
      setupIntentId: 'seti_1',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });
});

describe('PaymentSimulator', () => {
  it('replays the stored error for a repeated idempotency key (a decline is not retried under the same key)', () => {
    const sim = new PaymentSimulator({ now: 1_700_000_000 });
    const customer = sim.createCustomer({}, 'c');
    const setup = sim.createSetupIntent({
      customer: customer.id,
      payment_method: 'pm_card_chargeCustomerFail',
      confirm: true,
    });
    sim.updateCustomer(customer.id, { invoice_settings: { default_payment_method: String(setup.payment_method) } });
    const price = sim.createPrice({
      currency: 'sgd',
      unit_amount: 4900,
      recurring: { interval: 'month' },
      product_data: { name: 'P' },
    });
    const attempt = () => sim.createSubscription({ customer: customer.id, items: [{ price: price.id }] }, 'same');
    expect(attempt).toThrow(SimError);
    const ok = sim.createSetupIntent({ customer: customer.id, payment_method: 'pm_card_visa', confirm: true });
    sim.updateCustomer(customer.id, { invoice_settings: { default_payment_method: String(ok.payment_method) } });
    expect(attempt).toThrow('Your card was declined.');
    expect(sim.createSubscription({ customer: customer.id, items: [{ price: price.id }] }, 'new key').status).toBe(
      'active',
    );
  });

  it('credits a downgrade and takes the credit off the next invoice', () => {
    const start = 1_700_000_000;
    const sim = new PaymentSimulator({ now: start });
    const customer = sim.createCustomer({});
    const setup = sim.createSetupIntent({ customer: customer.id, payment_method: 'pm_card_visa', confirm: true });
    sim.updateCustomer(customer.id, { invoice_settings: { default_payment_method: String(setup.payment_method) } });
    const high = sim.createPrice({
      currency: 'sgd',
      unit_amount: 10_000,
      recurring: { interval: 'month' },
      product_data: { name: 'High' },
    });
    const low = sim.createPrice({
      currency: 'sgd',
      unit_amount: 4_000,
      recurring: { interval: 'month' },
      product_data: { name: 'Low' },
    });
    const sub = sim.createSubscription({ customer: customer.id, items: [{ price: high.id }] });
    const item = (sub.items as { data: Array<{ id: string; current_period_end: number }> }).data[0] as {
      id: string;
      current_period_end: number;
    };
    sim.advance(start + Math.floor((item.current_period_end - start) / 2));
    sim.updateSubscription(sub.id, { items: [{ id: item.id, price: low.id }], proration_behavior: 'always_invoice' });
    expect(Math.abs(sim.creditOf(customer.id) - 3_000)).toBeLessThanOrEqual(5);
    sim.advance(item.current_period_end + 1);
    const renewal = sim.retrieveSubscription(sub.id).latest_invoice as { amount_paid: number; billing_reason: string };
    expect(renewal.billing_reason).toBe('subscription_cycle');
    expect(Math.abs(renewal.amount_paid - 1_000)).toBeLessThanOrEqual(5);
    expect(sim.creditOf(customer.id)).toBe(0);
  });
});
