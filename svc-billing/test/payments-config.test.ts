import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { createBillingModule, providerFromEnv } from '../src/module';
import { OfflineProvider } from '../src/payments/offline';

jest.setTimeout(60_000);

/** GET payments/config: the browser's card form learns from it whether it runs in test mode or with Stripe. */
describe.each(testInfras())('svc-billing payments/config (%s)', (infra) => {
  it('says test mode, with no key, for the offline provider', async () => {
    const provider = new OfflineProvider();
    const t: TestService = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
    try {
      const res = await t.call('GET', 'payments/config', { as: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { mode: 'test', publishable_key: null } });
    } finally {
      await provider.close();
      await t.stop();
    }
  });

  it('gives the publishable key, never the secret, with Stripe', async () => {
    const provider = providerFromEnv({
      STRIPE_SECRET_KEY: `sk_test_${randomUUID().replace(/-/g, '')}`,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kinfolio',
      STRIPE_WEBHOOK_SECRET: `whsec_${randomUUID().replace(/-/g, '')}`,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '9',
      STRIPE_API_PROTOCOL: 'http',
    });
    const t: TestService = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
    try {
      const res = await t.call('GET', 'payments/config', { as: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { mode: 'stripe', publishable_key: 'pk_test_kinfolio' } });
      expect(JSON.stringify(res.body)).not.toContain('sk_test_');
    } finally {
      await t.stop();
    }
  });
});
