import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { cookieToken, freshIp, GOOD_PASSWORD, lastCode, outboxTypes, seedUser, uniqueEmail } from './helpers';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-auth customers and passwords (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('a customer created by an advisor gets a create-password code, confirms it, sets a password, signs in and out', async () => {
    const adv = await seedUser(t, 'advisor');
    const email = uniqueEmail('cust');
    const created = await t.call('POST', '/internal/customers', {
      body: { advisor_id: adv.user.id, name: 'Wei Ling', email },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'customer',
      email,
      advisor_id: adv.user.id,
      gender: 'male',
      email_verified: false,
    });
    const customerId: string = created.body.data.id;
    expect(await outboxTypes(t, customerId)).toEqual(['auth.customer.created.v1']);
    const dup = await t.call('POST', '/internal/customers', {
      body: { advisor_id: adv.user.id, name: 'Wei Ling', email },
    });
    expect(dup.status).toBe(409);
    const noAdvisor = await t.call('POST', '/internal/customers', {
      body: { advisor_id: customerId, name: 'X', email: uniqueEmail() },
    });
    expect(noAdvisor.status).toBe(404);

    // No password yet: sign-in fails like any wrong password.
    const ip = freshIp();
    expect(
      (
        await t.call('POST', 'customer/auth/login', {
          body: { email, password: GOOD_PASSWORD },
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(401);

    const code = lastCode(t, 'mail', email);
    const confirm = await t.call('POST', 'customer/auth/verify-otp', { body: { email, otp: code } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toEqual({ email_verified: true, mobile_verified: false });
    // The advisors' door does not serve customers.
    expect(
      (await t.call('PATCH', 'create/password', { body: { email, otp: code, password: GOOD_PASSWORD } })).status,
    ).toBe(400);
    const weak = await t.call('PATCH', 'customer/create/password', {
      body: { email, otp: code, password: 'sunshine2024' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ password: ['This password is too common. Choose a less common password.'] }]);
    const set = await t.call('PATCH', 'customer/create/password', {
      body: { email, otp: code, password: GOOD_PASSWORD },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Your password has been created. Please sign in.');
    expect(
      (await t.call('PATCH', 'customer/create/password', { body: { email, otp: code, password: GOOD_PASSWORD } }))
        .status,
    ).toBe(400);

    const login = await t.call('POST', 'customer/auth/login', {
      body: { email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': ip },
    });
    expect(login.status).toBe(200);
    const v = await t.call('POST', '/internal/sessions/verify', { body: { token: cookieToken(login) } });
    const as = { userId: customerId, type: 'customer' as const, sessionId: v.body.data.session_id };
    expect((await t.call('GET', 'users/me', { as })).body.data).toMatchObject({
      id: customerId,
      advisor_id: adv.user.id,
    });
    const mobile = await t.call('POST', 'customer/auth/verify-mobile-otp', { body: { email, contact_otp: '123456' } });
    expect(mobile.status).toBe(400);
    const out = await t.call('GET', 'customer/auth/logout', { as });
    expect(out.status).toBe(200);
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: cookieToken(login) } })).status).toBe(
      401,
    );
  });

  test('forgot password mails a code; reset sets the password and revokes every session', async () => {
    const adv = await seedUser(t, 'advisor');
    const email = adv.user.email;
    const forgot = await t.call('PATCH', 'forget/password', {
      body: { email },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(
      'If an account exists for this e-mail, we have sent a code to reset the password.',
    );
    const ghost = await t.call('PATCH', 'forget/password', { body: { email: uniqueEmail('ghost') } });
    expect(ghost.status).toBe(200);
    expect(ghost.body.message).toBe(forgot.body.message);
    const code = lastCode(t, 'mail', email);
    const newPassword = 'Quiet-Lantern-4821';
    const reset = await t.call('PATCH', 'reset/password', { body: { email, otp: code, password: newPassword } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. Please sign in.');
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: adv.token } })).status).toBe(401);
    expect((await t.call('GET', 'users/me', { as: adv.as })).status).toBe(401);
    const ip = freshIp();
    expect(
      (
        await t.call('POST', 'auth/login', {
          body: { email, password: GOOD_PASSWORD },
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.call('POST', 'auth/login', {
          body: { email, password: newPassword },
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(200);
  });

  test('customer forgot and reset password work on the customer door only', async () => {
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    await t.call('PATCH', 'forget/password', { body: { email: cust.user.email } });
    expect(t.ports.offline!.mail.list(cust.user.email)).toHaveLength(0);
    await t.call('PATCH', 'customer/auth/forgot-password', { body: { email: cust.user.email } });
    const code = lastCode(t, 'mail', cust.user.email);
    const r = await t.call('PATCH', 'customer/auth/reset-password', {
      body: { email: cust.user.email, otp: code, password: 'Velvet-Orchard-993' },
    });
    expect(r.status).toBe(200);
    expect((await t.call('GET', 'users/me', { as: cust.as })).status).toBe(401);
  });
});
