import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import {
  cookieToken,
  countRows,
  freshIp,
  GOOD_PASSWORD,
  lastCode,
  outboxTypes,
  seedUser,
  uniqueEmail,
} from './helpers';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-auth sign-up and sessions (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const signUpBody = (email: string) => ({
    name: 'Aisha Tan',
    email,
    password: GOOD_PASSWORD,
    bio: 'Independent adviser in Singapore',
    contact_number: '91234567',
    country_code: '+65',
  });

  test('only the verification that completes sign-up opens a session; the first code alone opens none', async () => {
    const email = uniqueEmail('adv2');
    const reg = await t.call('POST', 'register', {
      body: { ...signUpBody(email), contact_number: '91234568' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(reg.status).toBe(201);
    const userId: string = reg.body.data.user_id;
    const sessions = async () => (await t.svc.ctx.db('sessions').where({ user_id: userId })).length;
    // E-mail first: not complete yet, so no session.
    const v1 = await t.call('POST', 'auth/verify-otp', { body: { email, otp: lastCode(t, 'mail', email) } });
    expect(v1.body.data).toEqual({ email_verified: true, mobile_verified: false });
    expect(v1.headers.get('set-cookie')).toBeNull();
    expect(await sessions()).toBe(0);
    const v2 = await t.call('POST', 'auth/verify-mobile-otp', {
      body: { email, contact_otp: lastCode(t, 'sms', '+6591234568') },
    });
    expect(cookieToken(v2)).toEqual(expect.any(String));
    expect(v2.body.data.token).toBeUndefined();
    expect(await sessions()).toBe(1);
  });

  test('an advisor signs up, verifies both codes, signs in, reads users/me, logs out, and the old token is refused', async () => {
    const email = uniqueEmail('adv');
    const ip = freshIp();
    const reg = await t.call('POST', 'register', { body: signUpBody(email), headers: { 'x-forwarded-for': ip } });
    expect(reg.status).toBe(201);
    expect(reg.body.data).toEqual({ user_id: expect.any(String), email });
    const userId: string = reg.body.data.user_id;
    expect(await outboxTypes(t, userId)).toEqual(['auth.advisor.registered.v1']);

    // Stored unverified, gender defaulted, password hashed with argon2id.
    const row = await t.svc.ctx.db('users').where({ id: userId }).first();
    expect(row).toMatchObject({
      type: 'advisor',
      email_verified: false,
      mobile_verified: false,
      gender: 'male',
      country_code: '+65',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const otpRows = await t.svc.ctx.db('otps').where({ user_id: userId });
    expect(otpRows).toHaveLength(2);
    for (const o of otpRows) expect(o.code_hash).not.toMatch(/^\d{6}$/);

    // Sign-in is refused until both codes are verified.
    const early = await t.call('POST', 'auth/login', {
      body: { email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': ip },
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Please verify your e-mail address and mobile number before signing in.');

    const mailCode = lastCode(t, 'mail', email);
    const smsCode = lastCode(t, 'sms', '+6591234567');
    const v1 = await t.call('POST', 'auth/verify-otp', { body: { email, otp: mailCode } });
    expect(v1.status).toBe(200);
    expect(v1.body.data).toEqual({ email_verified: true, mobile_verified: false });
    const reuse = await t.call('POST', 'auth/verify-otp', { body: { email, otp: mailCode } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errors).toEqual([{ otp: ['Invalid or expired code'] }]);
    const v2 = await t.call('POST', 'auth/verify-mobile-otp', { body: { email, contact_otp: smsCode } });
    expect(v2.status).toBe(200);
    // The call that completes verification signs the advisor in (issue 10 item 16): a session, its cookie, the user.
    // issue 10 item 11: the token is in the HttpOnly cookie only, never in the JSON page scripts can read
    expect(v2.body.data).toMatchObject({ email_verified: true, mobile_verified: true });
    expect(v2.body.data.token).toBeUndefined();
    expect(v2.body.data.user).toMatchObject({ id: userId, type: 'advisor', email });
    expect(v2.headers.get('set-cookie') ?? '').toMatch(/kf_session=[^;]+;.*HttpOnly/i);
    const verifiedSession = await t.call('POST', '/internal/sessions/verify', { body: { token: cookieToken(v2) } });
    expect(verifiedSession.status).toBe(200);
    expect(verifiedSession.body.data).toMatchObject({ user_id: userId, type: 'advisor' });
    await t.svc.ctx.db('sessions').where({ user_id: userId }).delete(); // the sign-in below is checked on its own

    const login = await t.call('POST', 'auth/login', {
      body: { email: email.toUpperCase(), password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': ip },
    });
    expect(login.status).toBe(200);
    const token = cookieToken(login);
    expect(login.body.data.token).toBeUndefined();
    expect(JSON.stringify(login.body)).not.toContain(token);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(login.body.data.user).toMatchObject({ id: userId, type: 'advisor', email, name: 'Aisha Tan' });
    expect(login.body.data.user.password_hash).toBeUndefined();
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`kf_session=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http://localhost in tests

    // Only the hash of the token is stored; the gateway's cache entry is written through.
    const sessions = await t.svc.ctx.db('sessions').where({ user_id: userId });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toBe(token);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    expect(sessions[0].token_hash).toBe(hash);
    const cached = JSON.parse((await t.ports.cache.get(`session:${hash}`)) ?? 'null');
    expect(cached).toMatchObject({
      user_id: userId,
      type: 'advisor',
      status: 'active',
      session_id: sessions[0].id,
      membership_status: 'none',
    });

    const v = await t.call('POST', '/internal/sessions/verify', { body: { token } });
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual(cached);
    const as = { userId, type: 'advisor' as const, sessionId: v.body.data.session_id };

    const me = await t.call('GET', 'users/me', { as });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: userId,
      email_verified: true,
      mobile_verified: true,
      referral_id: expect.stringMatching(/^[a-z0-9]{10}$/),
    });

    const out = await t.call('GET', 'auth/logout', { as });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie') ?? '').toMatch(/kf_session=;/);
    expect(await t.ports.cache.get(`session:${hash}`)).toBeNull();
    const after = await t.call('POST', '/internal/sessions/verify', { body: { token } });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Invalid token');
    const meAfter = await t.call('GET', 'users/me', { as });
    expect(meAfter.status).toBe(401);
    expect(meAfter.body.message).toBe('Invalid token');
  });

  test('every sign-in issues a new token; the token the browser held before is revoked, other devices keep theirs', async () => {
    const a = await seedUser(t, 'advisor');
    const ip = freshIp();
    const login = (headers: Record<string, string> = {}) =>
      t.call('POST', 'auth/login', {
        body: { email: a.user.email, password: GOOD_PASSWORD },
        headers: { 'x-forwarded-for': ip, ...headers },
      });
    const first = await login({ cookie: `kf_session=${a.token}` });
    expect(first.status).toBe(200);
    const second = await login({ authorization: `Bearer ${cookieToken(first)}` });
    const third = await login();
    const tokens = [a.token, cookieToken(first), cookieToken(second), cookieToken(third)];
    expect(new Set(tokens).size).toBe(4);
    const statuses = await Promise.all(
      tokens.map(async (token) => (await t.call('POST', '/internal/sessions/verify', { body: { token } })).status),
    );
    expect(statuses).toEqual([401, 401, 200, 200]);
  });

  test('verify refuses unknown, malformed and deactivated-user tokens; a session idle for 30 days has expired', async () => {
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: 'x'.repeat(43) } })).status).toBe(401);
    expect((await t.call('POST', '/internal/sessions/verify', { body: {} })).status).toBe(400);
    const a = await seedUser(t, 'advisor');
    await t.svc.ctx
      .db('sessions')
      .where({ user_id: a.user.id })
      .update({ last_seen_at: new Date(Date.now() - 31 * 86_400_000) });
    const idle = await t.call('POST', '/internal/sessions/verify', { body: { token: a.token } });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('Invalid token');
    const b = await seedUser(t, 'advisor');
    await t.svc.ctx.db('users').where({ id: b.user.id }).update({ status: 'deactivated' });
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: b.token } })).status).toBe(401);
    // Internal endpoints refuse unsigned callers.
    const res = await fetch(`${t.svc.url}/internal/sessions/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: b.token }),
    });
    expect(res.status).toBe(403);
  });

  test('sign-in refuses a wrong password, the wrong door, and a deactivated account', async () => {
    const ip = freshIp();
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const admin = await seedUser(t, 'admin');
    const call = (path: string, email: string, password = GOOD_PASSWORD) =>
      t.call('POST', path, { body: { email, password }, headers: { 'x-forwarded-for': ip } });
    const wrong = await call('auth/login', adv.user.email, 'Not-The-Password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect((await call('auth/login', uniqueEmail('nobody'))).body.message).toBe('Invalid email or password');
    expect((await call('auth/login', cust.user.email)).status).toBe(401);
    expect((await call('customer/auth/login', adv.user.email)).status).toBe(401);
    expect((await call('customer/auth/login', admin.user.email)).status).toBe(401);
    expect((await call('auth/login', admin.user.email)).status).toBe(200);
    const c = await call('customer/auth/login', cust.user.email);
    expect(c.status).toBe(200);
    expect(c.body.data.user.type).toBe('customer');
    await t.svc.ctx.db('users').where({ id: adv.user.id }).update({ status: 'deactivated' });
    const off = await call('auth/login', adv.user.email);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('Your account has been deactivated. Please contact support.');
  });

  test('sign-up refuses common passwords (any case) and a registered e-mail; an unverified sign-up may be repeated', async () => {
    const ip = freshIp();
    const headers = { 'x-forwarded-for': ip };
    for (const password of ['Password123', 'QWERTYUIOP', 'iloveyou1']) {
      const r = await t.call('POST', 'register', { body: { ...signUpBody(uniqueEmail()), password }, headers });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ password: ['This password is too common. Choose a less common password.'] }]);
    }
    const short = await t.call('POST', 'register', {
      body: { ...signUpBody(uniqueEmail()), password: 'Ab1!xyz' },
      headers,
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toEqual({ password: ['Password must be at least 8 characters'] });
    const long = await t.call('POST', 'register', {
      body: { ...signUpBody(uniqueEmail()), password: 'a'.repeat(129) },
      headers,
    });
    expect(long.body.errors[0]).toEqual({ password: ['Password must be at most 128 characters'] });

    const taken = await seedUser(t, 'advisor');
    const dup = await t.call('POST', 'register', { body: signUpBody(taken.user.email), headers });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ email: ['This email is already registered'] }]);

    const email = uniqueEmail('again');
    const first = await t.call('POST', 'trial/register', { body: signUpBody(email), headers });
    expect(first.status).toBe(201);
    const again = await t.call('POST', 'trial/register', {
      body: { ...signUpBody(email), name: 'Aisha Binte Tan' },
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.body.data.user_id).toBe(first.body.data.user_id);
    expect(await outboxTypes(t, first.body.data.user_id)).toEqual(['auth.advisor.registered.v1']);
    expect(t.ports.offline!.mail.list(email)).toHaveLength(2);
  });

  test('verify-email sends new codes only while unverified; OTPs lock after 5 wrong tries', async () => {
    const email = uniqueEmail('otp');
    const reg = await t.call('POST', 'register', {
      body: { ...signUpBody(email), contact_number: '81234567', country_code: '60' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(reg.status).toBe(201);
    expect(t.ports.offline!.sms.list('+6081234567')).toHaveLength(1);
    const before = lastCode(t, 'mail', email);
    const resend = await t.call('POST', 'auth/verify-email', { body: { email } });
    expect(resend.status).toBe(200);
    expect(t.ports.offline!.mail.list(email)).toHaveLength(2);
    const code = lastCode(t, 'mail', email);
    // The old code no longer works once a new one is sent (unless both happen to be equal).
    if (before !== code)
      expect((await t.call('POST', 'auth/verify-otp', { body: { email, otp: before } })).status).toBe(400);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push((await t.call('POST', 'auth/verify-otp', { body: { email, otp: wrong } })).body.message);
    expect(tries.at(-1)).toBe('Too many incorrect attempts. Request a new code.');
    const locked = await t.call('POST', 'auth/verify-otp', { body: { email, otp: code } });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Too many incorrect attempts. Request a new code.');
    // Unknown e-mails get the same replies as known ones.
    expect((await t.call('POST', 'auth/verify-email', { body: { email: uniqueEmail('ghost') } })).status).toBe(200);
    expect(
      (await t.call('POST', 'auth/verify-otp', { body: { email: uniqueEmail('ghost'), otp: '123456' } })).body.message,
    ).toBe('Invalid or expired code');
    expect(await countRows(t, 'users')).toBeGreaterThan(0);
  });

  test('an expired code is refused', async () => {
    const email = uniqueEmail('exp');
    const reg = await t.call('POST', 'register', {
      body: signUpBody(email),
      headers: { 'x-forwarded-for': freshIp() },
    });
    const code = lastCode(t, 'mail', email);
    await t.svc.ctx
      .db('otps')
      .where({ user_id: reg.body.data.user_id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const r = await t.call('POST', 'auth/verify-otp', { body: { email, otp: code } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Invalid or expired code');
  });
});
