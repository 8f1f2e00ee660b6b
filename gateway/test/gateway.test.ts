import { auth, prefixRoutes, routes } from '@kinfolio/contracts';
import { CSRF, call, FakeService, type Harness, startHarness } from './helpers';

describe('gateway: routing, sessions and access', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('routes each path of the route table to its owning service, path and query unchanged', async () => {
    const admin = await h.session({ type: 'admin' });
    const adv = await h.session();
    const cases: Array<[string, string, string, string | undefined]> = [
      ['GET', '/api/v1/users/me?x=1', 'svc-auth', adv.token],
      ['GET', '/api/v1/membership-plans', 'svc-billing', undefined],
      ['GET', '/api/v1/leads/lead', 'svc-planning', adv.token],
      ['GET', '/api/v1/leads', 'svc-planning', adv.token],
      ['GET', '/api/v1/admin/query-tickets?have_pending_tickets=true', 'svc-support', admin.token],
      ['GET', '/api/v1/currency-rates', 'svc-planning', undefined],
      ['GET', '/api/v1/admin/advisor-meta', 'svc-auth', admin.token],
      ['GET', '/api/v1/customer/review-and-ratings', 'svc-auth', adv.token],
      ['GET', '/api/v1/files/blob/storage/user/media/1/2.png', 'svc-support', undefined],
    ];
    for (const [method, path, service, token] of cases) {
      const r = await call(h.url, method, path, { token });
      expect({ path, status: r.status, service: r.body?.data?.service, url: r.body?.data?.url }).toEqual({
        path,
        status: 200,
        service,
        url: path,
      });
    }
    const patch = await call(h.url, 'PATCH', '/api/v1/trial/123/update', {
      token: adv.token,
      headers: CSRF,
      body: { a: 1 },
    });
    expect(patch.body.data).toMatchObject({ service: 'svc-billing', method: 'PATCH', body: { a: 1 } });
  });

  it("answers unknown /api paths and wrong methods with 404 { message: 'Not found' }", async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['GET', '/api/v2/users/me'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/users/me'],
      ['GET', '/api/v1/register'],
    ] as const) {
      const r = await call(h.url, method, path, { headers: CSRF });
      expect([path, r.status, r.body.message]).toEqual([path, 404, 'Not found']);
    }
    expect(h.services['svc-auth'].hits).toBeGreaterThan(0);
  });

  it('forwards the verified identity as signed headers and strips spoofed x-kf-* headers', async () => {
    const { token, identity } = await h.session({ type: 'customer' });
    const spoof = {
      'x-kf-user-id': '00000000-0000-4000-8000-000000000000',
      'x-kf-user-type': 'admin',
      'x-kf-identity-sig': 'forged',
      'x-kf-identity-ts': String(Date.now()),
    };
    const r = await call(h.url, 'GET', '/api/v1/users/me', { token, headers: spoof });
    expect(r.status).toBe(200);
    expect(r.body.data.trusted).toBe(true);
    expect(r.body.data.identity).toEqual({
      userId: identity.user_id,
      type: 'customer',
      sessionId: identity.session_id,
    });
    const anon = await call(h.url, 'GET', '/api/v1/membership-plans', { headers: spoof });
    expect(anon.body.data).toMatchObject({ trusted: true, identity: null });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const { token, identity } = await h.session();
    const r = await call(h.url, 'GET', '/api/v1/users/me', { bearer: token });
    expect(r.body.data.identity.userId).toBe(identity.user_id);
  });

  it("answers 401 'Invalid token' without a session, with a bad token, and with a deactivated user's", async () => {
    expect((await call(h.url, 'GET', '/api/v1/users/me')).body).toMatchObject({ message: 'Invalid token' });
    const bad = await call(h.url, 'GET', '/api/v1/users/me', { token: 'not-a-session' });
    expect([bad.status, bad.body.message]).toEqual([401, 'Invalid token']);
    const { token } = await h.session({ status: 'deactivated' });
    expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
  });

  it('goes on anonymously on public routes with a bad token', async () => {
    const r = await call(h.url, 'GET', '/api/v1/membership-plans', { token: 'junk' });
    expect(r.status).toBe(200);
    expect(r.body.data.identity).toBeNull();
  });

  it('verifies an unknown token with svc-auth once, then serves it from the cache', async () => {
    const authSvc = h.services['svc-auth'];
    const identity = { ...(await h.session()).identity, session_id: 'verified-1' };
    authSvc.sessions.set('tok-from-svc-auth', identity);
    const before = authSvc.verifyCalls;
    const a = await call(h.url, 'GET', '/api/v1/users/me', { token: 'tok-from-svc-auth' });
    const b = await call(h.url, 'GET', '/api/v1/users/me', { token: 'tok-from-svc-auth' });
    expect(a.body.data.identity.sessionId).toBe('verified-1');
    expect(b.body.data.identity.sessionId).toBe('verified-1');
    expect(authSvc.verifyCalls - before).toBe(1);
  });

  it('answers 403 to the wrong kind of user', async () => {
    const { token } = await h.session({ type: 'advisor' });
    const r = await call(h.url, 'GET', '/api/v1/admin/users-stats', { token });
    expect(r.status).toBe(403);
    expect(r.body.message).toEqual(expect.any(String));
    const cust = await h.session({ type: 'customer' });
    expect((await call(h.url, 'GET', '/api/v1/leads/lead', { token: cust.token })).status).toBe(403);
  });

  it('lets only admins edit or remove an investment fund; reading funds stays open to any session', async () => {
    const adv = await h.session({ type: 'advisor' });
    const admin = await h.session({ type: 'admin' });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const refused = await call(h.url, method, '/api/v1/investment-funds/42', {
        token: adv.token,
        headers: CSRF,
        body: {},
      });
      expect([method, refused.status]).toEqual([method, 403]);
      const done = await call(h.url, method, '/api/v1/investment-funds/42', {
        token: admin.token,
        headers: CSRF,
        body: {},
      });
      expect([method, done.status, done.body.data.service]).toEqual([method, 200, 'svc-planning']);
    }
    const read = await call(h.url, 'GET', '/api/v1/investment-funds/42', { token: adv.token });
    expect([read.status, read.body.data.service]).toEqual([200, 'svc-planning']);
  });

  it('sends an advisor without a live trial or subscription to /subscription, except on withoutMembership routes', async () => {
    const { token } = await h.session({
      membership_status: 'expired',
      trial_ends_at: new Date(Date.now() - 1000).toISOString(),
    });
    const r = await call(h.url, 'GET', '/api/v1/leads/lead', { token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      message: auth.SUBSCRIPTION_REQUIRED_MESSAGE,
      action: 'redirect',
      route: '/subscription',
    });
    expect(r.body.message).toContain('subscription');
    expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
    expect((await call(h.url, 'GET', '/api/v1/auth/card', { token })).status).toBe(200);
    const active = await h.session({ membership_status: 'active', trial_ends_at: null });
    expect((await call(h.url, 'GET', '/api/v1/leads/lead', { token: active.token })).status).toBe(200);
  });

  it("refuses an Authorization-Type that does not match the session with 401 'Invalid token'", async () => {
    const { token } = await h.session({ type: 'customer' });
    const wrong = await call(h.url, 'GET', '/api/v1/users/me', { token, headers: { 'Authorization-Type': 'advisor' } });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid token']);
    const right = await call(h.url, 'GET', '/api/v1/users/me', {
      token,
      headers: { 'Authorization-Type': 'customer' },
    });
    expect(right.status).toBe(200);
  });

  it('refuses state-changing calls without x-requested-with: kinfolio, except the Stripe webhook', async () => {
    const { token } = await h.session();
    const r = await call(h.url, 'PATCH', '/api/v1/user/update', { token, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('x-requested-with');
    expect((await call(h.url, 'PATCH', '/api/v1/user/update', { token, body: {}, headers: CSRF })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/auth/login', { body: {} })).status).toBe(403);
    const hook = await call(h.url, 'POST', '/api/v1/webhooks/stripe', {
      rawBody: '{"id":"evt_1"}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.status).toBe(200);
    expect(hook.body.data.body).toEqual({ id: 'evt_1' });
    // the signed-upload target takes plain PUTs (as S3 does), with a session
    const put = await call(h.url, 'PUT', '/api/v1/files/blob/storage/user/media/1/2.png?sig=x', {
      token,
      rawBody: 'PNG',
      headers: { 'content-type': 'image/png' },
    });
    expect(put.body.data).toMatchObject({ service: 'svc-support', method: 'PUT' });
  });

  it('takes the tenant from the sub-domain of the host', async () => {
    const cases: Array<[string, string | null]> = [
      ['jane.kinfolio.app', 'jane'],
      ['jane.localhost:8080', 'jane'],
      ['kinfolio.app', null],
      ['www.kinfolio.app', null],
      ['dev.kinfolio.app', null],
      ['localhost:8080', null],
    ];
    for (const [host, tenant] of cases) {
      const r = await call(h.url, 'GET', '/api/v1/advisor/public', { headers: { host } });
      expect([host, r.body.data.tenant]).toEqual([host, tenant]);
    }
  });

  it('passes request bodies through byte for byte and refuses bodies over the limit with 413', async () => {
    const { token } = await h.session();
    const body = { note: 'ünïcødé ✓', n: [1, 2, 3] };
    const r = await call(h.url, 'POST', '/api/v1/user/query-ticket', { token, headers: CSRF, body });
    expect(r.body.data.body).toEqual(body);
    const big = Buffer.alloc(16 * 1024 * 1024, 'a');
    const tooBig = await call(h.url, 'POST', '/api/v1/log-error', {
      headers: { ...CSRF, 'content-type': 'text/plain' },
      rawBody: big,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/too large/);
  });

  it('sets security headers and a correlation id (kept when sane, replaced when not)', async () => {
    const r = await call(h.url, 'GET', '/healthz', { headers: { 'x-correlation-id': 'abc12345-corr' } });
    expect(r.status).toBe(200);
    expect(r.headers['x-correlation-id']).toBe('abc12345-corr');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(r.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const bad = await call(h.url, 'GET', '/api/v1/membership-plans', {
      headers: { 'x-correlation-id': 'bad id <script>' },
    });
    expect(bad.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
  });

  it('forwards the client address in x-forwarded-for and ignores a spoofed one', async () => {
    const r = await call(h.url, 'GET', '/api/v1/membership-plans', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(r.body.data.forwardedFor).toBe('127.0.0.1');
  });

  it('serves the OpenAPI document with a path for every route, and a reference page', async () => {
    const r = await call(h.url, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const route of routes) {
      const p = `/api/v1/${route.path}`.replace(/[:*](\w+)/g, '{$1}');
      expect([p, Object.keys(r.body.paths[p] ?? {})]).toEqual([
        p,
        expect.arrayContaining([route.method.toLowerCase()]),
      ]);
    }
    for (const p of prefixRoutes) expect(r.body.paths[`/api/v1/${p.prefix}/{rest}`]).toBeDefined();
    expect(
      r.body.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
    expect(r.body.paths['/api/v1/users/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(r.body.components.securitySchemes.cookieAuth).toMatchObject({ in: 'cookie', name: 'kf_session' });
    const docs = await call(h.url, 'GET', '/api/docs');
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.text).toContain('/api/v1/auth/login');
    expect(docs.text).not.toContain('<script');
  });

  it('reports readiness per service', async () => {
    const r = await call(h.url, 'GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body.services['svc-auth'].status).toBe('ready');
    expect(Object.keys(r.body.services).sort()).toEqual(['svc-auth', 'svc-billing', 'svc-planning', 'svc-support']);
  });

  it('has no /dev/mailbox unless the offline outbox is kept', async () => {
    expect((await call(h.url, 'GET', '/dev/mailbox.json?kind=mail')).status).toBe(404);
  });
});

describe('gateway: services down, slow, or with several replicas', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { PROXY_TIMEOUT_MS: '400' } });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('answers 503 in the error shape within a second when a service is killed, and recovers when it is back', async () => {
    const { token } = await h.session();
    const billing = h.services['svc-billing'];
    expect((await call(h.url, 'GET', '/api/v1/auth/card', { token })).status).toBe(200);
    const port = billing.port;
    await billing.kill();
    for (let i = 0; i < 3; i++) {
      const r = await call(h.url, 'GET', '/api/v1/auth/card', { token });
      expect(r.status).toBe(503);
      expect(r.body.message).toMatch(/^Service unavailable: svc-billing/);
      expect(r.ms).toBeLessThan(1000);
    }
    const post = await call(h.url, 'POST', '/api/v1/auth/card', { token, headers: CSRF, body: { x: 1 } });
    expect(post.status).toBe(503);
    await billing.start(port);
    const back = await call(h.url, 'GET', '/api/v1/auth/card', { token });
    expect(back.status).toBe(200);
    const ready = await call(h.url, 'GET', '/readyz');
    expect(ready.body.services['svc-billing'].status).toBe('ready');
  });

  it('reports a killed service in /readyz', async () => {
    const support = h.services['svc-support'];
    const port = support.port;
    await support.kill();
    const r = await call(h.url, 'GET', '/readyz');
    expect(r.status).toBe(503);
    expect(r.body.services['svc-support'].status).toBe('down');
    expect(r.body.services['svc-auth'].status).toBe('ready');
    await support.start(port);
  });

  it('answers 503 (not 401) on protected routes when svc-auth cannot verify a session', async () => {
    const authSvc = h.services['svc-auth'];
    const port = authSvc.port;
    await authSvc.kill();
    const r = await call(h.url, 'GET', '/api/v1/leads/lead', { token: 'unknown-token-while-auth-is-down' });
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/svc-auth/);
    const cached = await h.session();
    expect((await call(h.url, 'GET', '/api/v1/leads/lead', { token: cached.token })).status).toBe(200);
    await authSvc.start(port);
  });

  it('answers 504 when a service does not answer in time', async () => {
    const { token } = await h.session();
    const planning = h.services['svc-planning'];
    planning.delayMs = 1500;
    const r = await call(h.url, 'GET', '/api/v1/user/threshold', { token });
    planning.delayMs = 0;
    expect(r.status).toBe(504);
    expect(r.body.message).toMatch(/svc-planning/);
  });
});

describe('gateway: replicas', () => {
  let h: Harness;
  let r2: FakeService;
  beforeAll(async () => {
    // the second replica must share the harness's secret: start it after, then point a new gateway at both
    h = await startHarness();
    r2 = await new FakeService('svc-planning', h.secret, 'r2').start();
  });
  afterAll(async () => {
    await h.stop();
    if (r2.server.listening) await r2.kill();
  });

  it('spreads calls over replicas round-robin and fails over to the next one when a replica is down', async () => {
    const { createGateway } = await import('../src/gateway');
    const { KitConfig, loadConfig, createLogger } = await import('@kinfolio/service-kit');
    const config = loadConfig(KitConfig, { INTERNAL_SECRET: h.secret, LOG_LEVEL: 'silent' });
    const gw = await createGateway({
      config,
      cache: h.cache,
      logger: createLogger('t', 'silent'),
      services: {
        'svc-auth': [h.services['svc-auth'].url],
        'svc-planning': [h.services['svc-planning'].url, r2.url],
        'svc-billing': [h.services['svc-billing'].url],
        'svc-support': [h.services['svc-support'].url],
      },
    });
    const port = await gw.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    try {
      const { token } = await h.session();
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++)
        seen.add((await call(url, 'GET', '/api/v1/user/threshold', { token })).body.data.replica);
      expect([...seen].sort()).toEqual(['r1', 'r2']);
      await h.services['svc-planning'].kill();
      for (let i = 0; i < 6; i++) {
        const r = await call(url, 'POST', '/api/v1/share-document', { token, headers: CSRF, body: { i } });
        expect([r.status, r.body.data?.replica, r.body.data?.body]).toEqual([200, 'r2', { i }]);
        expect(r.ms).toBeLessThan(1000);
      }
    } finally {
      await gw.close();
    }
  });
});
