import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { freshIp, GOOD_PASSWORD, seedUser } from './helpers';

jest.setTimeout(60_000);

/**
 * Issue 30 item 8: the session cookie follows the scheme the gateway forwards (X-Forwarded-Proto on a call it
 * signed): over https it is `__Host-kf_session` with Secure, Path=/ and no Domain; over http `kf_session`. A caller
 * that bypasses the gateway cannot make it believe https.
 */
describe.each(testInfras())('svc-auth session cookie by scheme (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const login = async (email: string, headers: Record<string, string>, unsigned = false) =>
    t.call('POST', 'auth/login', {
      body: { email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': freshIp(), ...headers },
      unsigned,
    });

  test('over https (the gateway says so): __Host-kf_session, Secure, Path=/, no Domain', async () => {
    const a = await seedUser(t, 'advisor');
    const res = await login(a.user.email, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-kf_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);

    const out = await t.call('GET', 'auth/logout', {
      as: a.as,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie') ?? '').toMatch(/^__Host-kf_session=;.*Secure/);
  });

  test('over http: kf_session without Secure', async () => {
    const a = await seedUser(t, 'advisor');
    const res = await login(a.user.email, { 'x-forwarded-proto': 'http' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^kf_session=[^;]+;/);
    expect(cookie).not.toMatch(/Secure/);
  });

  test('an X-Forwarded-Proto the gateway did not sign is not believed', async () => {
    const a = await seedUser(t, 'advisor');
    const res = await login(a.user.email, { 'x-forwarded-proto': 'https', 'x-requested-with': 'kinfolio' }, true);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie') ?? '').toMatch(/^kf_session=[^;]+;/);
  });

  test('over https the next sign-in revokes the session of the __Host- cookie the browser held', async () => {
    const a = await seedUser(t, 'advisor');
    const res = await login(a.user.email, { 'x-forwarded-proto': 'https', cookie: `__Host-kf_session=${a.token}` });
    expect(res.status).toBe(200);
    const verify = await t.call('POST', '/internal/sessions/verify', { body: { token: a.token } });
    expect(verify.status).toBe(401);
  });
});
