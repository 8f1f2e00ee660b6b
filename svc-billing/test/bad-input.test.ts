import { randomUUID } from 'node:crypto';
import { routes } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { createBillingModule } from '../src/module';

jest.setTimeout(300_000);

/**
 * Issue 10 items 3 and 8 for svc-billing: every svc-billing route of the route table with a body schema, cases
 * generated from the schema (control characters, lone surrogates, 1 MB strings, 10,000-deep nesting, __proto__,
 * wrong types). Each must be a 4xx naming the field, never a 5xx, and nothing may be stored.
 */
describe.each(testInfras())('svc-billing bad-input sweep (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(createBillingModule({ trialSweepMs: 0 }), { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const admin = testIdentity('admin');
  const samples: Record<string, Record<string, unknown>> = {
    'PATCH trial/:id/update': { ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    'POST membership-plans': {
      name: 'Quarterly',
      interval: 'monthly',
      price_sgd: 1000,
      price_rm: 3000,
      features: ['Everything'],
    },
    'PATCH admin/membership-plans': { id: randomUUID(), name: 'Renamed', features: ['One'] },
    'POST auth/card': { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    'POST trial/card': { payment_method_id: 'pm_card_visa' },
    'POST trial/membership-plans': { plan_id: randomUUID(), currency: 'SGD', card_id: randomUUID() },
    'PATCH change-subscription-plan': { plan_id: randomUUID() },
    'PATCH cancel-membership-plan': { reason: 'Too expensive' },
    'POST admin/notify-user-for-subscription': { user_id: randomUUID() },
    'POST admin/notify-user-for-registration': { user_id: randomUUID() },
    'PUT admin/billing/seller': {
      business_name: 'Kinfolio Sdn. Bhd.',
      address: 'Level 12\n8 Jalan Sultan Ismail',
      registration_number: '202301012345',
      tax_registered: true,
      tax_number: 'W10-1808-31000000',
    },
  };
  const bodyRoutes = routes.filter((r) => r.service === 'svc-billing' && r.body);

  it('has a valid sample for every svc-billing route with a body schema', () => {
    expect(bodyRoutes.length).toBeGreaterThan(0);
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`).filter((k) => !samples[k])).toEqual([]);
  });

  it.each(bodyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: every bad input is a 4xx naming the field; nothing stored',
    async (key, route) => {
      const cases = badBodies(route.body as z.ZodType, samples[key]!);
      const before = await snapshotTables(t);
      const path = route.path.replace(':id', randomUUID());
      const failures = await sweep(t, { method: route.method, path, as: admin }, cases);
      expect(failures).toEqual([]);
      expect(await snapshotTables(t)).toBe(before);
    },
  );
});
