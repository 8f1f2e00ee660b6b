import { randomBytes } from 'node:crypto';
import { Events } from '@kinfolio/contracts';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { seedDemo } from '../src/domain/seed';
import { authModule } from '../src/module';
import { freshIp, GOOD_PASSWORD, seedUser, uniqueEmail } from './helpers';

jest.setTimeout(60_000);

/**
 * Issue 35: the client plan's cover shows the advisor's contact details, which svc-planning learns from svc-auth's
 * events. The advisor's events carry them; a customer's update carries none.
 */
describe.each(testInfras())('svc-auth advisor contact in events (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** The payloads of `type` in the outbox for `userId`, oldest first, each checked against its contract. */
  const payloads = async <T extends 'auth.user.updated.v1' | 'auth.advisor.registered.v1'>(type: T, userId: string) =>
    (await t.svc.ctx.db('outbox').where({ type }).orderBy('seq').select('payload'))
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload))
      .filter((p) => p.user_id === userId)
      .map((p) => Events[type].parse(p));
  const keyOf = (owner: string) => `storage/user/media/${owner}/${randomBytes(16).toString('hex')}.png`;

  test('the registration event carries the mobile with its country code and the photo', async () => {
    const email = uniqueEmail('adv');
    const reg = await t.call('POST', 'register', {
      body: {
        name: 'Aisha Tan',
        email,
        password: GOOD_PASSWORD,
        contact_number: '91234567',
        country_code: '+65',
        profile_image: 'storage/user/media/shared/photo.png',
      },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(reg.status).toBe(201);
    const [registered, ...more] = await payloads('auth.advisor.registered.v1', reg.body.data.user_id);
    expect(more).toEqual([]);
    expect(registered).toMatchObject({
      email,
      name: 'Aisha Tan',
      contact_number: '+65 91234567',
      profile_image: 'storage/user/media/shared/photo.png',
    });
  });

  test("an advisor's profile update carries the business e-mail and phone, the mobile and the photo; cleared ones are null", async () => {
    const adv = await seedUser(t, 'advisor', { contact_number: '123456789', country_code: '+60' });
    const photo = keyOf(adv.user.id);
    const upd = (body: Record<string, unknown>) =>
      t.call('PATCH', 'user/update', { as: adv.as, body: { user_id: adv.user.id, ...body } });
    expect(
      (
        await upd({
          designation: 'Chartered Financial Planner',
          business_email: 'Jane@Advice.SG',
          business_phone: '+65 6123 4567',
          profile_image: photo,
        })
      ).status,
    ).toBe(200);
    expect((await upd({ business_phone: '', profile_image: '' })).status).toBe(200);
    const events = await payloads('auth.user.updated.v1', adv.user.id);
    expect(events).toEqual([
      {
        user_id: adv.user.id,
        type: 'advisor',
        name: adv.user.name,
        email: adv.user.email,
        username: null,
        designation: 'Chartered Financial Planner',
        business_email: 'jane@advice.sg',
        business_phone: '+65 6123 4567',
        contact_number: '+60 123456789',
        profile_image: photo,
      },
      expect.objectContaining({
        business_email: 'jane@advice.sg',
        business_phone: null,
        contact_number: '+60 123456789',
        profile_image: null,
      }),
    ]);
  });

  test("a customer's update carries no contact details", async () => {
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', {
      advisor_id: adv.user.id,
      contact_number: '91234567',
      country_code: '+65',
      business_email: 'someone@example.com',
    });
    const res = await t.call('PATCH', 'user/update', {
      as: cust.as,
      body: { user_id: cust.user.id, name: 'Renamed Customer' },
    });
    expect(res.status).toBe(200);
    const [event] = await payloads('auth.user.updated.v1', cust.user.id);
    expect(event).toEqual({
      user_id: cust.user.id,
      type: 'customer',
      name: 'Renamed Customer',
      email: cust.user.email,
      username: null,
      designation: null,
    });
  });

  test("the demo advisor's registration event carries the demo mobile", async () => {
    await seedDemo(t.svc.ctx);
    const demo = await t.svc.ctx.db('users').where({ email: 'advisor@kinfolio.test' }).first('id');
    const [registered] = await payloads('auth.advisor.registered.v1', demo.id);
    expect(registered).toMatchObject({ contact_number: '+65 91234567', profile_image: null });
  });
});
