import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@kinfolio/contracts';
import { INVALID_HOST_MESSAGE } from '../src/gateway';
import { call, type Harness, startHarness } from './helpers';

/**
 * Issue 30 item 8: the gateway reads the session cookie the request's scheme gives (`__Host-kf_session` over https,
 * `kf_session` over http), believes X-Forwarded-Proto only from a trusted proxy, tells the services the scheme, and
 * refuses a Host that is not a host name and an optional port.
 */
describe('gateway: scheme and Host', () => {
  let plain: Harness;
  let proxied: Harness;
  beforeAll(async () => {
    plain = await startHarness();
    proxied = await startHarness({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await plain?.stop();
    await proxied?.stop();
  });

  const me = (h: Harness, cookie: string, headers: Record<string, string> = {}) =>
    call(h.url, 'GET', '/api/v1/users/me', { headers: { cookie, ...headers } });

  it('behind a trusted proxy that says https: reads __Host-kf_session only, and tells the service https', async () => {
    const { token } = await proxied.session();
    const https = { 'x-forwarded-proto': 'https' };
    const hosted = await me(proxied, `${SECURE_SESSION_COOKIE}=${token}`, https);
    expect(hosted.status).toBe(200);
    expect(hosted.body.data.identity).not.toBeNull();
    expect(hosted.body.data.forwardedProto).toBe('https');
    // a plain kf_session (which a sub-domain or an http page could have planted) is no session over https
    expect((await me(proxied, `${SESSION_COOKIE}=${token}`, https)).status).toBe(401);
    // the same proxy saying http: the http cookie
    const overHttp = await me(proxied, `${SESSION_COOKIE}=${token}`, { 'x-forwarded-proto': 'http' });
    expect(overHttp.status).toBe(200);
    expect(overHttp.body.data.forwardedProto).toBe('http');
  });

  it("without a trusted proxy a client's X-Forwarded-Proto is not believed: its socket's scheme is", async () => {
    const { token } = await plain.session();
    const https = { 'x-forwarded-proto': 'https' };
    const r = await me(plain, `${SESSION_COOKIE}=${token}`, https);
    expect(r.status).toBe(200);
    expect(r.body.data.forwardedProto).toBe('http');
    expect((await me(plain, `${SECURE_SESSION_COOKIE}=${token}`, https)).status).toBe(401);
  });

  it('answers 400 to a Host that is not a host name and an optional port, and never forwards it', async () => {
    const before = plain.services['svc-auth'].hits;
    for (const host of [
      'demo-advisor.localhost:8080@evil.example',
      'demo-advisor.kinfolio.app@evil.example',
      'jane.kinfolio.app:99999',
      'jane.kinfolio.app/x',
    ]) {
      const r = await call(plain.url, 'GET', '/api/v1/advisor/public', { headers: { host } });
      expect([host, r.status, r.body?.message]).toEqual([host, 400, INVALID_HOST_MESSAGE]);
      const page = await call(plain.url, 'GET', '/', { headers: { host } });
      expect([host, page.status]).toEqual([host, 400]);
    }
    expect(plain.services['svc-auth'].hits).toBe(before);
    // a valid advisor host still names the tenant
    const ok = await call(plain.url, 'GET', '/api/v1/advisor/public', {
      headers: { host: 'demo-advisor.kinfolio.app' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.tenant).toBe('demo-advisor');
  });
});
