import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { ACCOUNT_DELAY, LIMITS } from '../src/http/rate-limit';
import { authModule } from '../src/module';
import { cookieToken, freshIp, GOOD_PASSWORD, lastCode, seedUser, uniqueEmail } from './helpers';

jest.setTimeout(120_000);

const WRONG = 'Wrong-Password-9';
const TOO_MANY_SIGN_INS = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;

/**
 * Issue 10 item 10 (nobody can lock an advisor out) and item 22 (rate-limiter-flexible's login protection): refusals
 * are keyed by account and address or by address; an account's own failures only slow its sign-in down.
 */
describe.each(testInfras())('svc-auth throttling without lock-out (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = async (email: string, password: string, ip: string, path = 'auth/login') => {
    const started = Date.now();
    const res = await t.call('POST', path, { body: { email, password }, headers: from(ip) });
    return { ...res, ms: Date.now() - started };
  };

  test('item 10: ten wrong passwords from one address block that address, and the owner signs in from another', async () => {
    const adv = await seedUser(t, 'advisor');
    const attacker = freshIp();
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) guesses.push((await login(adv.user.email, WRONG, attacker)).status);
    expect(guesses).toEqual(Array(10).fill(401));

    const blocked = await login(adv.user.email, WRONG, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY_SIGN_INS);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(LIMITS.loginFailPair.blockDuration - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginFailPair.blockDuration);
    // The attacker's address stays blocked even when it finally has the right password.
    expect((await login(adv.user.email, GOOD_PASSWORD, attacker)).status).toBe(429);

    // The owner, elsewhere, gets in: slowed down by the account's recent failures, never refused.
    const owner = await login(adv.user.email, GOOD_PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(cookieToken(owner)).toEqual(expect.any(String));
    expect(owner.ms).toBeGreaterThanOrEqual(ACCOUNT_DELAY.maxMs);
    // The success cleared the account's delay; the attacker's address is still blocked.
    const again = await login(adv.user.email, GOOD_PASSWORD, freshIp());
    expect(again.status).toBe(200);
    expect(again.ms).toBeLessThan(ACCOUNT_DELAY.maxMs - 500);
    expect((await login(adv.user.email, GOOD_PASSWORD, attacker)).status).toBe(429);
  });

  test('failures spread over many addresses never refuse the account: they slow it down more and more', async () => {
    const adv = await seedUser(t, 'customer');
    const path = 'customer/auth/login';
    const spread: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < 11; i++) spread.push(await login(adv.user.email, WRONG, freshIp(), path));
    expect(spread.map((r) => r.status)).toEqual(Array(11).fill(401));
    // No delay for the first five failures, then growing ones (250 ms doubling, at most 4 s).
    expect(spread[8]!.ms).toBeGreaterThanOrEqual(2_000);
    expect(spread[9]!.ms).toBeGreaterThanOrEqual(4_000);
    const owner = await login(adv.user.email, GOOD_PASSWORD, freshIp(), path);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(ACCOUNT_DELAY.maxMs);
  });

  test("the owner's own typos do not add up: a success resets the count of the account and address", async () => {
    const adv = await seedUser(t, 'advisor');
    const ip = freshIp();
    for (let i = 0; i < 9; i++) expect((await login(adv.user.email, WRONG, ip)).status).toBe(401);
    expect((await login(adv.user.email, GOOD_PASSWORD, ip)).status).toBe(200);
    // Without the reset the next failure would be the tenth and block the address.
    expect((await login(adv.user.email, WRONG, ip)).status).toBe(401);
    expect((await login(adv.user.email, WRONG, ip)).status).toBe(401);
    expect((await login(adv.user.email, GOOD_PASSWORD, ip)).status).toBe(200);
  });

  test('a burst of parallel guesses from one address gets no more tries at an account than one by one', async () => {
    const adv = await seedUser(t, 'advisor');
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(adv.user.email, WRONG, ip)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(LIMITS.loginFailPair.points).fill(401),
      ...Array(20 - LIMITS.loginFailPair.points).fill(429),
    ]);
  });

  test('one address spraying many accounts is refused after 50 attempts in 15 minutes', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginIp.points + 1; i++)
      statuses.push((await login(uniqueEmail('spray'), WRONG, ip)).status);
    expect(statuses.slice(0, LIMITS.loginIp.points)).toEqual(Array(LIMITS.loginIp.points).fill(401));
    const last = await login(uniqueEmail('spray'), WRONG, ip);
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(TOO_MANY_SIGN_INS);
    // Another address is not affected.
    expect((await login(uniqueEmail('spray'), WRONG, freshIp())).status).toBe(401);
  });

  test('slow brute force: the 100th failure of an address in a day blocks it for a day, whatever the account', async () => {
    const ip = freshIp();
    const adv = await seedUser(t, 'advisor');
    // 99 failures earlier in the day (recorded through the service's own limiter, as its sign-ins would).
    await t.svc.ctx.limiter.create({ name: 'auth:loginFailIpDay', ...LIMITS.loginFailIpDay }).penalty(ip, 99);
    // A success from the address is no failure: it does not use up the last one.
    expect((await login(adv.user.email, GOOD_PASSWORD, ip)).status).toBe(200);
    expect((await login(uniqueEmail('slow'), WRONG, ip)).status).toBe(401);
    const blocked = await login(adv.user.email, GOOD_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(LIMITS.loginFailIpDay.blockDuration - 60);
    expect((await login(adv.user.email, GOOD_PASSWORD, freshIp())).status).toBe(200);
  });

  test('code checks are limited per account and address and per address, never per account alone', async () => {
    const email = uniqueEmail('otp');
    const ip = freshIp();
    const pair: number[] = [];
    for (let i = 0; i <= LIMITS.otpPair.points; i++) {
      pair.push(
        (await t.call('POST', 'auth/verify-otp', { body: { email, otp: '000000' }, headers: from(ip) })).status,
      );
    }
    expect(pair.slice(0, -1)).toEqual(Array(LIMITS.otpPair.points).fill(400));
    expect(pair.at(-1)).toBe(429);
    // The same account from another address is still answered.
    expect(
      (
        await t.call('POST', 'auth/verify-mobile-otp', {
          body: { email, contact_otp: '000000' },
          headers: from(freshIp()),
        })
      ).status,
    ).toBe(400);

    const sprayer = freshIp();
    const perIp: number[] = [];
    for (let i = 0; i <= LIMITS.otpIp.points; i++) {
      perIp.push(
        (
          await t.call('POST', 'customer/auth/verify-otp', {
            body: { email: uniqueEmail(), otp: '000000' },
            headers: from(sprayer),
          })
        ).status,
      );
    }
    expect(perIp.indexOf(429)).toBe(LIMITS.otpIp.points);
  });

  test('password reset: refused per account and address and per address; an account gets at most 3 mails in 10 minutes, and the newest still works', async () => {
    const adv = await seedUser(t, 'advisor');
    const email = adv.user.email;
    const ip = freshIp();
    const forgot: number[] = [];
    let last: Awaited<ReturnType<TestService['call']>> | undefined;
    for (let i = 0; i <= LIMITS.passwordPair.points; i++) {
      last = await t.call('PATCH', 'forget/password', { body: { email }, headers: from(ip) });
      forgot.push(last.status);
    }
    expect(forgot).toEqual([...Array(LIMITS.passwordPair.points).fill(200), 429]);
    expect(last!.body.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);

    // From other addresses the account is always answered as usual, but no more mails go out.
    for (let i = 0; i < 3; i++) {
      const other = await t.call('PATCH', 'forget/password', { body: { email }, headers: from(freshIp()) });
      expect(other.status).toBe(200);
      expect(other.body.message).toBe(
        'If an account exists for this e-mail, we have sent a code to reset the password.',
      );
    }
    expect(t.ports.offline!.mail.list(email)).toHaveLength(LIMITS.mailAccount.points);
    // The owner uses the newest mailed code: wrong codes from the blocked address are refused before they count.
    expect(
      (
        await t.call('PATCH', 'reset/password', {
          body: { email, otp: '000000', password: GOOD_PASSWORD },
          headers: from(ip),
        })
      ).status,
    ).toBe(429);
    const reset = await t.call('PATCH', 'reset/password', {
      body: { email, otp: lastCode(t, 'mail', email), password: 'Quiet-Lantern-4821' },
      headers: from(freshIp()),
    });
    expect(reset.status).toBe(200);

    const sprayer = freshIp();
    const perIp: number[] = [];
    for (let i = 0; i <= LIMITS.passwordIp.points; i++) {
      perIp.push(
        (
          await t.call('PATCH', 'customer/auth/forgot-password', {
            body: { email: uniqueEmail() },
            headers: from(sprayer),
          })
        ).status,
      );
    }
    expect(perIp.indexOf(429)).toBe(LIMITS.passwordIp.points);
  });

  test('verification re-sends and sign-ups are limited per account and address and per address', async () => {
    const email = uniqueEmail('resend');
    const ip = freshIp();
    const resend: number[] = [];
    for (let i = 0; i <= LIMITS.resendPair.points; i++)
      resend.push((await t.call('POST', 'auth/verify-email', { body: { email }, headers: from(ip) })).status);
    expect(resend).toEqual([...Array(LIMITS.resendPair.points).fill(200), 429]);
    expect((await t.call('POST', 'auth/verify-email', { body: { email }, headers: from(freshIp()) })).status).toBe(200);

    const body = (e: string) => ({
      name: 'Aisha Tan',
      email: e,
      password: GOOD_PASSWORD,
      contact_number: '91234567',
      country_code: '+65',
    });
    const signUp = uniqueEmail('signup');
    const sameIp = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.registerPair.points; i++)
      statuses.push((await t.call('POST', 'register', { body: body(signUp), headers: from(sameIp) })).status);
    expect(statuses).toEqual([...Array(LIMITS.registerPair.points).fill(201), 429]);
    const retry = await t.call('POST', 'trial/register', { body: body(signUp), headers: from(sameIp) });
    expect(retry.body.message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);
  });
});
