import { randomBytes } from 'node:crypto';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { seedUser } from './helpers';

jest.setTimeout(60_000);

/** POST admin/get-filtered-users with `pending`: the admin's pending registrations (issue 16, Subscriptions). */
describe.each(testInfras())('svc-auth pending registrations filter (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('unverified, verified without a paid plan, either; admins only; a bad value is a 400 naming the field', async () => {
    const tag = `pend${randomBytes(3).toString('hex')}`;
    const named = (n: string) => ({ name: `${tag} ${n}` });
    const noEmail = await seedUser(t, 'advisor', { ...named('no email'), email_verified: false });
    const noMobile = await seedUser(t, 'advisor', { ...named('no mobile'), mobile_verified: false });
    const trial = await seedUser(t, 'advisor', { ...named('trial'), membership_status: 'trial' });
    const expired = await seedUser(t, 'advisor', { ...named('expired'), membership_status: 'expired' });
    const none = await seedUser(t, 'advisor', { ...named('none'), membership_status: 'none' });
    const paying = await seedUser(t, 'advisor', { ...named('paying'), membership_status: 'active' });
    await seedUser(t, 'customer', { ...named('customer'), email_verified: false });
    const admin = await seedUser(t, 'admin');

    const ids = async (pending: string) => {
      const r = await t.call('POST', 'admin/get-filtered-users', {
        as: admin.as,
        body: { type: 'advisor', search: tag, pending, page_size: 50 },
      });
      expect(r.status).toBe(200);
      return new Set((r.body.data.rows as Array<{ id: string }>).map((u) => u.id));
    };
    expect(await ids('unverified')).toEqual(new Set([noEmail.user.id, noMobile.user.id]));
    expect(await ids('no_plan')).toEqual(new Set([trial.user.id, expired.user.id, none.user.id]));
    const any = await ids('any');
    expect(any).toEqual(new Set([noEmail.user.id, noMobile.user.id, trial.user.id, expired.user.id, none.user.id]));
    expect(any.has(paying.user.id)).toBe(false);

    const bad = await t.call('POST', 'admin/get-filtered-users', { as: admin.as, body: { pending: 'soon' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors[0])).toEqual(['pending']);
    const advisor = await t.call('POST', 'admin/get-filtered-users', { as: paying.as, body: { pending: 'any' } });
    expect(advisor.status).toBe(403);
  });
});
