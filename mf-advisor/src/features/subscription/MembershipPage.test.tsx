/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { nameMismatches } from '../../../../packages/ui-kit/test/names';
import App from '../../App';
import { formatAmount } from './billing';
import { TEST_MODE_TEXT } from './CardForm';
import { daysLeft, summarise } from './membership';
import { STRIPE_LOAD_FAILED_TEXT } from './StripeCardForm';

const ME = '00000000-0000-4000-8000-0000000000a1';
const MONTHLY = '00000000-0000-4000-8000-00000000b001';
const YEARLY = '00000000-0000-4000-8000-00000000b002';
const CARD = '00000000-0000-4000-8000-00000000c001';

type Call = { method: string; path: string; body?: unknown; query?: unknown };
const calls: Call[] = [];
type Handler = (call: Call) => unknown;
let handlers: Record<string, Handler> = {};

class FakeApiError extends Error {
  status: number;
  body: unknown;
  constructor(status: number, body: { message: string; errors?: unknown }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
  get errors() {
    return (this.body as { errors?: unknown }).errors;
  }
}

function respond(method: string, path: string, body?: unknown, opts?: { query?: unknown }) {
  const call = { method, path, body, query: opts?.query };
  calls.push(call);
  const h = handlers[`${method} ${path}`];
  if (!h) return Promise.reject(new Error(`unexpected ${method} ${path}`));
  try {
    return Promise.resolve(h(call));
  } catch (e) {
    return Promise.reject(e);
  }
}

jest.mock('@kinfolio/ui-kit', () => {
  const actual = jest.requireActual('@kinfolio/ui-kit');
  return {
    ...actual,
    api: {
      get: (path: string, a?: { query?: unknown }, b?: { query?: unknown }) => respond('GET', path, undefined, b ?? a),
      post: (path: string, body?: unknown) => respond('POST', path, body),
      patch: (path: string, body?: unknown) => respond('PATCH', path, body),
      del: (path: string) => respond('DELETE', path),
    },
    fieldErrors: (e: unknown) => {
      const out: Record<string, string> = {};
      const errors = (e as { errors?: Array<Record<string, string[]>> }).errors;
      for (const entry of errors ?? []) for (const [k, v] of Object.entries(entry)) out[k] = v[0] ?? '';
      return out;
    },
    errorMessage: (e: unknown) => (e instanceof FakeApiError ? e.message : 'Something went wrong'),
    useSession: () => ({ user: { id: ME, type: 'advisor', name: 'Dana' }, status: 'loaded', setUser: jest.fn() }),
  };
});

// Stripe.js and its React bindings, faked: the Elements form talks to `mockStripe`; CardElement is a plain input.
const mockStripe = {
  createPaymentMethod: jest.fn(),
  handleNextAction: jest.fn(),
};
const mockCardElement = { clear: jest.fn() };
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js', () => ({ loadStripe: (...a: unknown[]) => mockLoadStripe(...a) }));
jest.mock('@stripe/react-stripe-js', () => {
  const React = jest.requireActual('react');
  return {
    Elements: ({ stripe, children }: { stripe: unknown; children: unknown }) =>
      React.createElement('div', { 'data-testid': 'stripe-elements', 'data-has-stripe': String(!!stripe) }, children),
    CardElement: () => React.createElement('input', { 'aria-label': 'Stripe card element' }),
    useStripe: () => mockStripe,
    useElements: () => ({ getElement: () => mockCardElement }),
  };
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const PLANS = [
  {
    id: MONTHLY,
    name: 'Monthly',
    interval: 'monthly',
    price_sgd: 4900,
    price_rm: 16900,
    features: ['Unlimited customers'],
    active: true,
  },
  { id: YEARLY, name: 'Yearly', interval: 'yearly', price_sgd: 49000, price_rm: 169000, features: [], active: true },
];
const VISA = { id: CARD, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true };
const trialRecords = () => [
  { id: 'm1', kind: 'trial', status: 'activated', starts_at: inDays(-4), ends_at: inDays(10) },
];
const subscription = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  user_id: ME,
  plan_id: MONTHLY,
  plan_name: 'Monthly',
  interval: 'monthly',
  currency: 'SGD',
  amount: 4900,
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: inDays(0),
  current_period_end: inDays(30),
  next_charge_at: inDays(30),
  past_due_since: null,
  grace_ends_at: null,
  card: { id: CARD, brand: 'visa', last4: '4242' },
  starts_at: inDays(0),
  ends_at: null,
  ...over,
});
const subRecords = (over: Record<string, unknown> = {}) => [
  {
    id: 's1',
    kind: 'subscription',
    status: 'activated',
    starts_at: inDays(0),
    ends_at: null,
    subscription: subscription(over),
  },
  ...trialRecords(),
];

function base(records: () => unknown, cards: unknown[] = [], mode: 'test' | 'stripe' = 'test') {
  handlers = {
    [`GET membership/${ME}`]: records,
    'GET membership-plans': () => PLANS,
    'GET auth/card': () => cards,
    'GET payments/config': () => ({ mode, publishable_key: mode === 'stripe' ? 'pk_test_x' : null }),
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/*" element={<App />} />
        <Route path="/subscription" element={<p>subscription page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  calls.length = 0;
});

describe('membership summary', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('counts as activated when any record is activated and rounds days left up', () => {
    const s = summarise(
      [
        { kind: 'trial', status: 'expired', starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-15T00:00:00Z' },
        { kind: 'trial', status: 'activated', starts_at: '2026-02-20T12:00:00Z', ends_at: '2026-03-06T00:00:00Z' },
      ],
      now,
    );
    expect(s.activated).toBe(true);
    expect(s.daysLeft).toBe(5);
    expect(summarise([{ kind: 'trial', status: 'expired', starts_at: 'x', ends_at: null }], now).activated).toBe(false);
  });
  it('never goes below zero and has no count for open-ended records', () => {
    expect(daysLeft('2026-02-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
  it('formats minor units with the currency and 2 decimals', () => {
    expect(formatAmount(4900, 'SGD')).toBe('SGD 49.00');
    expect(formatAmount(169000, 'RM')).toBe('RM 1,690.00');
    expect(formatAmount(5, 'RM')).toBe('RM 0.05');
  });
});

describe('Subscription & Settings', () => {
  it('shows the trial, its days left, and the plans in SGD and RM to choose from', async () => {
    base(trialRecords);
    renderAt('/advisor/account-settings/my-subscription');
    expect(screen.getByRole('heading', { name: 'Subscription & Settings' })).toBeTruthy();
    expect(await screen.findByText('Free trial: Active')).toBeTruthy();
    expect(screen.getByText(/^10 days left/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose a plan' })).toBeInstanceOf(Element);
    expect(screen.getByText('SGD 49.00 per month')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('radio', { name: 'RM' }));
    expect(screen.getByText('RM 169.00 per month')).toBeInstanceOf(Element);
    expect(screen.getByText('RM 1,690.00 per year')).toBeInstanceOf(Element);
    expect(screen.getByText(TEST_MODE_TEXT)).toBeInstanceOf(Element);
  });

  it('adds a test card during the trial and subscribes with it, showing progress while it pays', async () => {
    base(trialRecords);
    handlers['POST trial/card'] = () => VISA;
    let finish: (v: unknown) => void = () => {};
    handlers['POST trial/membership-plans'] = () => new Promise((r) => (finish = r));
    renderAt('/advisor/account-settings/my-subscription');
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Expiry year'), { target: { value: '2034' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    expect(calls.find((c) => c.path === 'trial/card')?.body).toEqual({
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByText(/^Subscribing…/)).getAttribute('role')).toBe('status');
    expect(calls.find((c) => c.path === 'trial/membership-plans')?.body).toEqual({
      plan_id: MONTHLY,
      currency: 'SGD',
      card_id: CARD,
    });
    handlers[`GET membership/${ME}`] = () => subRecords();
    handlers['GET auth/card'] = () => [VISA];
    finish(subscription());
    expect(await screen.findByText('Monthly: Active')).toBeInstanceOf(Element);
    expect(screen.getByText(/SGD 49.00 per month\. Next charge on .* to Visa •••• 4242\./)).toBeInstanceOf(Element);
  });

  it('shows a decline at the card number field', async () => {
    base(trialRecords);
    handlers['POST trial/card'] = () => {
      throw new FakeApiError(400, {
        message: 'Your card was declined.',
        errors: [{ card_number: ['Your card was declined.'] }],
      });
    };
    renderAt('/advisor/account-settings/my-subscription');
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4000000000000002' } });
    fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Expiry year'), { target: { value: '2034' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const tip = await screen.findByText('Your card was declined.');
    expect(tip.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to complete or fail the test authentication of a card that needs it', async () => {
    base(trialRecords);
    handlers['POST trial/card'] = (c) =>
      (c.body as { setup_intent_id?: string }).setup_intent_id
        ? VISA
        : { status: 'requires_action', setup_intent_id: 'seti_1', client_secret: 'seti_1_secret' };
    renderAt('/advisor/account-settings/my-subscription');
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4000002500003155' } });
    fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Expiry year'), { target: { value: '2035' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    expect(calls.filter((c) => c.path === 'trial/card').map((c) => c.body)).toEqual([
      { card_number: '4000002500003155', exp_month: 1, exp_year: 2035, cvc: '999' },
      { setup_intent_id: 'seti_1', test_authentication: 'succeed' },
    ]);
  });

  it('shows the subscribe decline (400 naming card_id) at the card choice', async () => {
    base(trialRecords, [VISA]);
    handlers['POST trial/membership-plans'] = () => {
      throw new FakeApiError(400, {
        message: 'Your card was declined.',
        errors: [{ card_id: ['Your card was declined.'] }],
      });
    };
    renderAt('/advisor/account-settings/my-subscription');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const tip = await screen.findByText('Your card was declined.');
    expect(tip.id).toBe('card-choice-error');
    expect(screen.getByRole('group', { name: 'Pay with' }).getAttribute('aria-describedby')).toBe('card-choice-error');
  });

  it('preselects the plan and currency chosen on /subscription', async () => {
    base(trialRecords, [VISA]);
    renderAt(`/advisor/account-settings/my-subscription?plan=${YEARLY}&currency=RM`);
    expect(((await screen.findByRole('radio', { name: /Yearly/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'RM' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/You pay RM 1,690.00 per year with Visa •••• 4242/)).toBeInstanceOf(Element);
  });

  it('changes plan with the proration stated, and cancels at period end after confirming', async () => {
    base(() => subRecords(), [VISA]);
    handlers['PATCH change-subscription-plan'] = () => subscription({ plan_id: YEARLY, plan_name: 'Yearly' });
    handlers['PATCH cancel-membership-plan'] = () => subscription({ cancel_at_period_end: true });
    renderAt('/advisor/account-settings/my-subscription');
    expect(await screen.findByText('Monthly: Active')).toBeInstanceOf(Element);
    expect(screen.queryByRole('heading', { name: 'Choose a plan' })).toBeNull();
    expect(
      screen.getByText(/A new yearly period starts today: you are charged SGD 490.00 less the unused part/),
    ).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'change-subscription-plan')).toBe(true));
    expect(calls.find((c) => c.path === 'change-subscription-plan')?.body).toEqual({ plan_id: YEARLY });
    expect(await screen.findByText('Your plan is now Yearly.')).toBeInstanceOf(Element);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toMatch(/stays active until .* and then ends/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'cancel-membership-plan')).toBe(true));
  });

  it('states cancelling, past due with the grace end, and expired; resubscribes a cancelling plan', async () => {
    base(() => subRecords({ cancel_at_period_end: true, next_charge_at: null }), [VISA]);
    handlers['POST trial/membership-plans'] = () => subscription();
    const { unmount } = renderAt('/advisor/account-settings/my-subscription');
    expect(await screen.findByText('Monthly: Cancelling')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Resubscribe' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'trial/membership-plans')?.body).toEqual({
        plan_id: MONTHLY,
        currency: 'SGD',
      }),
    );
    unmount();

    base(() => subRecords({ status: 'past_due', past_due_since: inDays(-1), grace_ends_at: inDays(2) }), [VISA]);
    const second = renderAt('/advisor/account-settings/my-subscription');
    expect(await screen.findByText('Monthly: Payment failed')).toBeInstanceOf(Element);
    expect(screen.getByText(/Your membership stays active until/)).toBeInstanceOf(Element);
    second.unmount();

    base(
      () => [
        {
          id: 's1',
          kind: 'subscription',
          status: 'expired',
          starts_at: inDays(-40),
          ends_at: inDays(-3),
          subscription: subscription({ status: 'expired', ends_at: inDays(-3) }),
        },
      ],
      [VISA],
    );
    renderAt('/advisor/account-settings/my-subscription');
    expect(await screen.findByText('No active membership')).toBeTruthy();
    expect(screen.getByText(/expired on .* after a payment failed/)).toBeInstanceOf(Element);
    expect(screen.getByRole('heading', { name: 'Resubscribe' })).toBeInstanceOf(Element);
  });

  it('makes a card the default and deletes one only after confirming', async () => {
    const master = {
      id: '00000000-0000-4000-8000-00000000c002',
      brand: 'mastercard',
      last4: '4444',
      exp_month: 6,
      exp_year: 2033,
      is_default: false,
    };
    base(trialRecords, [VISA, master]);
    handlers[`GET auth/card/${master.id}/default`] = () => ({ ...master, is_default: true });
    handlers[`DELETE auth/card/${master.id}`] = () => [VISA];
    renderAt('/advisor/account-settings/my-subscription');
    const makeDefault = await screen.findByRole('button', { name: 'Make default: Mastercard •••• 4444' });
    // each button's name contains what it shows (issue 30 item 11: "Make default" was "Make … the default")
    expect(nameMismatches()).toEqual([]);
    fireEvent.click(makeDefault);
    expect(await screen.findByText('Mastercard •••• 4444 is now the default.')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mastercard •••• 4444' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `auth/card/${master.id}`)).toBe(true),
    );
  });

  describe('Stripe mode', () => {
    beforeEach(() => {
      mockStripe.createPaymentMethod.mockReset();
      mockStripe.handleNextAction.mockReset();
      mockLoadStripe.mockReset().mockResolvedValue(mockStripe);
    });

    it('renders the Elements card form (not the test-mode form) once payments/config says stripe', async () => {
      base(trialRecords, [], 'stripe');
      renderAt('/advisor/account-settings/my-subscription');
      expect(await screen.findByTestId('stripe-elements')).toBeInstanceOf(Element);
      expect(screen.getByLabelText('Stripe card element')).toBeInstanceOf(Element);
      expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_x');
      expect(screen.queryByLabelText('Card number')).toBeNull();
      expect(screen.queryByText(TEST_MODE_TEXT)).toBeNull();
    });

    it('creates a payment method and posts its id to trial/card', async () => {
      base(trialRecords, [], 'stripe');
      mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
      handlers['POST trial/card'] = () => VISA;
      renderAt('/advisor/account-settings/my-subscription');
      await screen.findByTestId('stripe-elements');
      fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
      await screen.findByRole('radio', { name: /Visa •••• 4242/ });
      expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: mockCardElement });
      expect(calls.filter((c) => c.path === 'trial/card').map((c) => c.body)).toEqual([
        { payment_method_id: 'pm_123' },
      ]);
    });

    it('on a 202 runs handleNextAction, then posts the setup_intent_id', async () => {
      base(trialRecords, [], 'stripe');
      mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_3ds' } });
      mockStripe.handleNextAction.mockResolvedValue({ setupIntent: { id: 'seti_1' } });
      handlers['POST trial/card'] = (c) =>
        (c.body as { setup_intent_id?: string }).setup_intent_id
          ? VISA
          : { status: 'requires_action', setup_intent_id: 'seti_1', client_secret: 'seti_1_secret' };
      renderAt('/advisor/account-settings/my-subscription');
      await screen.findByTestId('stripe-elements');
      fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
      await screen.findByRole('radio', { name: /Visa •••• 4242/ });
      expect(mockStripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret' });
      expect(calls.filter((c) => c.path === 'trial/card').map((c) => c.body)).toEqual([
        { payment_method_id: 'pm_3ds' },
        { setup_intent_id: 'seti_1' },
      ]);
    });

    it("shows Stripe's error at the card field and posts nothing", async () => {
      base(trialRecords, [], 'stripe');
      mockStripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
      renderAt('/advisor/account-settings/my-subscription');
      await screen.findByTestId('stripe-elements');
      fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
      const alert = await screen.findByText('Your card number is incomplete.');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.id).toBe('stripe-card-error');
      expect(calls.some((c) => c.path === 'trial/card')).toBe(false);
    });

    it('says plainly when Stripe.js cannot load and retries', async () => {
      base(trialRecords, [], 'stripe');
      handlers['GET payments/config'] = () => ({ mode: 'stripe', publishable_key: 'pk_test_offline' });
      mockLoadStripe.mockRejectedValueOnce(new Error('offline'));
      renderAt('/advisor/account-settings/my-subscription');
      expect(await screen.findByText(STRIPE_LOAD_FAILED_TEXT)).toBeInstanceOf(Element);
      expect(screen.queryByLabelText('Card number')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByTestId('stripe-elements')).toBeInstanceOf(Element);
      expect(mockLoadStripe).toHaveBeenCalledTimes(2);
    });
  });

  it('shows the API error as an alert', async () => {
    base(() => {
      throw new Error('network down');
    });
    renderAt('/advisor/account-settings/my-subscription');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

describe('Billing History', () => {
  const row = (i: number, over: Record<string, unknown> = {}) => ({
    id: `t${i}`,
    user_id: ME,
    kind: 'charge',
    amount: 4900,
    currency: 'SGD',
    description: 'Monthly plan',
    plan_name: 'Monthly',
    card_brand: 'visa',
    card_last4: '4242',
    receipt_url: null,
    occurred_at: '2026-03-01T10:00:00Z',
    ...over,
  });

  it('lists transactions with amount, card and receipt, and pages', async () => {
    handlers = {
      'GET subscription-transactions': (c) => {
        const q = c.query as { page: number; kind?: string };
        if (q.page === 2)
          return {
            rows: [row(11, { kind: 'refund', amount: 1000, currency: 'RM' })],
            total: 11,
            page: 2,
            page_size: 10,
          };
        return {
          rows: [
            row(1, { receipt_url: 'https://pay.example/receipt/1' }),
            ...Array.from({ length: 9 }, (_, i) => row(i + 2)),
          ],
          total: 11,
          page: 1,
          page_size: 10,
        };
      },
    };
    renderAt('/advisor/account-settings/billing-history');
    expect(screen.getByRole('heading', { name: 'Billing History' })).toBeTruthy();
    expect(screen.getByTestId('history-skeleton')).toBeInstanceOf(Element);
    const rows = await screen.findAllByRole('row');
    expect(rows[0]?.textContent).toBe('DateTypeDescriptionCardAmountReceipt');
    expect(rows[1]?.textContent).toContain('Visa •••• 4242');
    expect(rows[1]?.textContent).toContain('SGD 49.00');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://pay.example/receipt/1');
    expect(rows[2]?.textContent).toContain('—');
    expect(screen.getByText(/Page 1 of 2 · 11 transactions/)).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 2/)).toBeInstanceOf(Element);
    expect(screen.getByText('−RM 10.00')).toBeInstanceOf(Element);
    expect(calls.map((c) => c.query)).toEqual([
      { page: 1, page_size: 10, kind: undefined },
      { page: 2, page_size: 10, kind: undefined },
    ]);
  });

  it('filters by kind and shows an empty state', async () => {
    handlers = { 'GET subscription-transactions': () => ({ rows: [], total: 0, page: 1, page_size: 10 }) };
    renderAt('/advisor/account-settings/billing-history');
    expect(await screen.findByText('No billing history yet')).toBeInstanceOf(Element);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'failure' } });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: 1, page_size: 10, kind: 'failure' }));
  });

  it('shows the API error as an alert', async () => {
    handlers = {
      'GET subscription-transactions': () => {
        throw new Error('network down');
      },
    };
    renderAt('/advisor/account-settings/billing-history');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
