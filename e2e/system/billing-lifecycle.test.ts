import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth } from '@kinfolio/contracts';
import { signIdentityHeaders } from '@kinfolio/service-kit';
import { ApiClient, signUpAndSignIn } from '../support/api';
import { Distributed, eventually } from '../support/distributed';

const MONTHLY = '6f1c2a0e-7d4b-4c55-9f3e-2b1a00000001'; // seeded (svc-billing/migrations/002_payments.ts)
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  card_number: number,
  exp_month: 12,
  exp_year: 2034,
  cvc: '123',
  ...extra,
});

/**
 * Issue 16: an advisor's subscription through its whole life, with the services as processes behind the gateway.
 * svc-billing runs the offline test-mode provider; the test moves the provider's clock (and runs billing's sweep as
 * of that time) through svc-billing's test-only `POST /internal/test-clock` (BILLING_TEST_CLOCK=true, signed
 * internal call). Membership reaches the gateway as in production: billing.membership.changed.v1 → svc-auth.
 */
describe('subscription lifecycle through the gateway (distributed)', () => {
  let sys: Distributed;
  // the offline provider keeps its state (and its clock) under DATA_DIR: this run's own, never the repository's .data
  const dataDir = mkdtempSync(join(tmpdir(), 'kf-billing-lifecycle-'));

  beforeAll(async () => {
    // no timed sweep: the test's clock calls are the only ones that move billing time
    sys = new Distributed({ env: { BILLING_TEST_CLOCK: 'true', TRIAL_SWEEP_MS: '0', DATA_DIR: dataDir } });
    await sys.start();
  }, 120_000);

  afterAll(async () => {
    await sys?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function clockTo(at: number): Promise<void> {
    const billing = sys.find('svc-billing');
    const res = await fetch(`http://127.0.0.1:${billing.port}/internal/test-clock`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signIdentityHeaders(sys.secret, null, undefined, randomUUID()),
      },
      body: JSON.stringify({ to: new Date(at).toISOString() }),
    });
    if (res.status !== 200) throw new Error(`test-clock: ${res.status} ${await res.text()}`);
  }

  it('trial → subscribed with 4242 → renewed → payment fails → grace → expired and refused → resubscribed and let in', async () => {
    const api = new ApiClient(sys.gatewayUrl);
    const { user } = await signUpAndSignIn(api, 'lifecycle');
    const meStatus = async () => (await api.call('GET', 'users/me')).body?.data?.membership_status as string;
    const gated = () => api.call('GET', 'advisor/profile-meta-data'); // an advisor route that needs a membership
    await eventually(async () => (await meStatus()) === 'trial', 40_000);

    // the test-clock hook answers signed internal calls only
    const billing = sys.find('svc-billing');
    const unsigned = await fetch(`http://127.0.0.1:${billing.port}/internal/test-clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: new Date().toISOString() }),
    });
    expect(unsigned.status).toBe(403);

    // subscribe from the trial with Stripe's 4242 test card
    expect((await gated()).status).toBe(200); // on the trial
    const visa = await api.call('POST', 'trial/card', card('4242424242424242'));
    expect(visa.status).toBe(201);
    const first = await api.call('POST', 'trial/membership-plans', { plan_id: MONTHLY, currency: 'SGD' });
    expect(first.status).toBe(201);
    const periodEnd = Date.parse(first.body.data.current_period_end);
    await eventually(async () => (await meStatus()) === 'active', 20_000);

    // renewal at the period's end, charged to the card
    await clockTo(periodEnd + 60_000);
    const renewed = await eventually(async () => {
      const got = await api.call('GET', 'subscription-transactions');
      const rows = got.body?.data?.rows ?? [];
      return rows.filter((r: { kind: string }) => r.kind === 'charge').length === 2 ? rows : undefined;
    });
    expect(
      renewed.every((r: { amount: number; card_last4: string }) => r.amount === 4900 && r.card_last4 === '4242'),
    ).toBe(true);
    const afterRenewal = (await api.call('GET', `membership/${user.id}`)).body.data[0].subscription;
    const nextEnd = Date.parse(afterRenewal.current_period_end);
    expect(nextEnd).toBeGreaterThan(periodEnd);

    // the card that attaches but fails every charge becomes the default: the next renewal fails → past due (grace)
    const failing = await api.call('POST', 'auth/card', card('4000000000000341', { make_default: true }));
    expect(failing.status).toBe(201);
    await clockTo(nextEnd + 60_000);
    const pastDue = await eventually(async () => {
      const sub = (await api.call('GET', `membership/${user.id}`)).body?.data?.[0]?.subscription;
      return sub?.status === 'past_due' ? sub : undefined;
    });
    expect(pastDue.grace_ends_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(await meStatus()).toBe('active'); // grace: still let in
    expect((await gated()).status).toBe(200);

    // the grace period runs out: expired, and the gateway refuses the advisor with the 'subscription' message
    await clockTo(Date.parse(pastDue.grace_ends_at) + 1000);
    await eventually(async () => (await meStatus()) === 'expired', 20_000);
    const refused = await eventually(async () => {
      const r = await gated();
      return r.status === 403 ? r : undefined;
    });
    expect(refused.body).toMatchObject({
      message: auth.SUBSCRIPTION_REQUIRED_MESSAGE,
      action: 'redirect',
      route: '/subscription',
    });
    const history = (await api.call('GET', 'subscription-transactions')).body.data.rows as Array<{ kind: string }>;
    expect(history.some((r) => r.kind === 'failure')).toBe(true);

    // back with the working card: let in again
    const cards = (await api.call('GET', 'auth/card')).body.data as Array<{ id: string; last4: string }>;
    const good = cards.find((c) => c.last4 === '4242');
    const back = await api.call('POST', 'trial/membership-plans', {
      plan_id: MONTHLY,
      currency: 'SGD',
      card_id: good?.id,
    });
    expect(back.status).toBe(201);
    await eventually(async () => (await meStatus()) === 'active', 20_000);
    await eventually(async () => (await gated()).status === 200);
    expect((await api.call('GET', `membership/${user.id}`)).body.data[0].subscription.status).toBe('active');
  }, 90_000);
});
