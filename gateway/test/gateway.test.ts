import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { auth, routes } from '@kinfolio/contracts';
import { CSRF, call, FakeService, gatewayBeside, type Harness, startHarness } from './helpers';

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
      ['GET', '/api/v1/membership/42', 'svc-billing', adv.token],
      ['GET', '/api/v1/leads/lead', 'svc-planning', adv.token],
      ['GET', '/api/v1/admin/query-tickets?have_pending_tickets=true', 'svc-support', admin.token],
      ['GET', '/api/v1/currency-rates', 'svc-planning', undefined],
      ['GET', '/api/v1/admin/users-stats', 'svc-auth', admin.token],
      ['GET', '/api/v1/user/permissions', 'svc-auth', adv.token],
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
    const anon = await call(h.url, 'GET', '/api/v1/currency-rates', { headers: spoof });
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
    const r = await call(h.url, 'GET', '/api/v1/currency-rates', { token: 'junk' });
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
    expect((await call(h.url, 'GET', '/api/v1/membership/42', { token })).status).toBe(200);
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

  it('refuses state-changing calls without x-requested-with: kinfolio', async () => {
    const { token } = await h.session();
    const r = await call(h.url, 'PATCH', '/api/v1/user/update', { token, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('x-requested-with');
    expect((await call(h.url, 'PATCH', '/api/v1/user/update', { token, body: {}, headers: CSRF })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/auth/login', { body: {} })).status).toBe(403);
    // the signed-upload target takes plain PUTs (as S3 does), with a session
    const put = await call(h.url, 'PUT', '/api/v1/files/blob/storage/user/media/1/2.png?sig=x', {
      token,
      rawBody: 'PNG',
      headers: { 'content-type': 'image/png' },
    });
    expect(put.body.data).toMatchObject({ service: 'svc-support', method: 'PUT' });
  });

  // issue 10 item 9: signing out is a GET (the spec's method) but it revokes the session: a page of another site
  // must not trigger it with the user's cookie alone
  it('refuses GET auth/logout, customer/auth/logout and auth/card/{id}/default without x-requested-with: kinfolio', async () => {
    for (const [path, type] of [
      ['auth/logout', 'advisor'],
      ['customer/auth/logout', 'customer'],
      [`auth/card/${randomUUID()}/default`, 'advisor'],
    ] as const) {
      const { token } = await h.session({ type });
      const service = path.startsWith('auth/card/') ? 'svc-billing' : 'svc-auth';
      const hits = h.services[service].hits;
      const forged = await call(h.url, 'GET', `/api/v1/${path}`, { token });
      expect([forged.status, forged.body.message]).toEqual([403, expect.stringContaining('x-requested-with')]);
      expect(h.services[service].hits).toBe(hits);
      const own = await call(h.url, 'GET', `/api/v1/${path}`, { token, headers: CSRF });
      expect([own.status, own.body.data.url]).toEqual([200, `/api/v1/${path}`]);
    }
  });

  // issue 10 item 11: replies carry session data (users/me, sign-in): no browser or shared cache may keep them
  it('marks every API reply Cache-Control: no-store, proxied, refused and not found alike', async () => {
    const { token } = await h.session();
    const replies = [
      await call(h.url, 'GET', '/api/v1/users/me', { token }),
      await call(h.url, 'POST', '/api/v1/auth/login', { headers: CSRF, body: { email: 'a@x.test', password: 'x' } }),
      await call(h.url, 'GET', '/api/v1/users/me'),
      await call(h.url, 'GET', '/api/v1/no-such-route'),
    ];
    expect(replies.map((r) => [r.status, r.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
    // the gateway's API headers and correlation id go out on proxied and refused replies alike, once each
    for (const r of replies) {
      expect([r.status, r.headers['content-security-policy']]).toEqual([
        r.status,
        "default-src 'none'; frame-ancestors 'none'",
      ]);
      expect([r.status, r.headers['x-content-type-options'], r.headers['referrer-policy']]).toEqual([
        r.status,
        'nosniff',
        'no-referrer',
      ]);
      expect(r.headers['x-correlation-id']).toMatch(/^[\w-]{8,64}$/);
      expect(r.headers['x-correlation-id']).toBe(r.body.correlationId ?? r.headers['x-correlation-id']);
    }
    // a header the replica sets itself is sent with the replica's value, not twice
    const proxied = replies[0] as (typeof replies)[number];
    expect(proxied.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('never answers 5xx to bad paths, tokens or headers: NUL, control characters, lone surrogates, nesting', async () => {
    const odd = ['%00', '%01%1F%7F', '%ED%A0%80', '%ZZ', '%C0%AF', '..%2F..%2Fetc', 'a/'.repeat(300), 'x'.repeat(9000)];
    for (const bit of odd) {
      const paths = [`/api/v1/${bit}`, `/api/v1/users/${bit}`, `/api/v1/customers/${bit}/x?q=${bit}`];
      for (const path of paths) {
        const r = await call(h.url, 'GET', path);
        expect([path.slice(0, 50), r.status < 500]).toEqual([path.slice(0, 50), true]);
      }
      const token = await call(h.url, 'GET', '/api/v1/users/me', { headers: { cookie: `kf_session=${bit}` } });
      // 401, or 431 where the headers are over node's size limit
      expect([bit.slice(0, 20), token.status]).toEqual([
        bit.slice(0, 20),
        bit.length > 8000 ? expect.any(Number) : 401,
      ]);
      expect([401, 431]).toContain(token.status);
      const type = await call(h.url, 'GET', '/api/v1/users/me', {
        bearer: bit,
        headers: { 'authorization-type': bit },
      });
      expect([bit.slice(0, 20), type.status]).toEqual([bit.slice(0, 20), bit.length > 8000 ? expect.any(Number) : 401]);
      expect([401, 431]).toContain(type.status);
    }
    const { token } = await h.session();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const nested = await call(h.url, 'POST', '/api/v1/user/form-steps-draft/create', {
      token,
      headers: CSRF,
      rawBody: deep,
    });
    expect(nested.status).toBeLessThan(500);
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

  it('forwards a chunked body sent with Expect: 100-continue, and every Set-Cookie of the reply', async () => {
    const { token } = await h.session();
    const port = new URL(h.url).port;
    const reply = await new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/user/query-ticket?cookies=1',
          headers: {
            ...CSRF,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            expect: '100-continue',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write('{"note":');
        req.end('"chunked"}');
      });
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).data.body).toEqual({ note: 'chunked' });
    expect(reply.cookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('sets security headers and a correlation id (kept when sane, replaced when not)', async () => {
    const r = await call(h.url, 'GET', '/healthz', { headers: { 'x-correlation-id': 'abc12345-corr' } });
    expect(r.status).toBe(200);
    expect(r.headers['x-correlation-id']).toBe('abc12345-corr');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(r.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const bad = await call(h.url, 'GET', '/api/v1/currency-rates', {
      headers: { 'x-correlation-id': 'bad id <script>' },
    });
    expect(bad.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
  });

  it('forwards the client address in x-forwarded-for and ignores a spoofed one', async () => {
    const r = await call(h.url, 'GET', '/api/v1/currency-rates', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(r.body.data.forwardedFor).toBe('127.0.0.1');
    // issue 10 item 6: the service's rate-limit address is the one the gateway signed, not the caller's header
    expect(r.body.data.clientIp).toBe('127.0.0.1');
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
    // only explicit, served routes (issue 10 item 13): no catch-all paths under a prefix
    expect(Object.keys(r.body.paths).filter((p) => p.includes('{rest}'))).toEqual([]);
    expect(Object.keys(r.body.paths).length).toBe(new Set(routes.map((x) => x.path)).size);
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
    expect((await call(h.url, 'GET', '/api/v1/membership/42', { token })).status).toBe(200);
    const port = billing.port;
    await billing.kill();
    for (let i = 0; i < 3; i++) {
      const r = await call(h.url, 'GET', '/api/v1/membership/42', { token });
      expect(r.status).toBe(503);
      expect(r.body.message).toMatch(/^Service unavailable: svc-billing/);
      expect(r.ms).toBeLessThan(1000);
    }
    const post = await call(h.url, 'PATCH', '/api/v1/trial/42/update', { token, headers: CSRF, body: { x: 1 } });
    expect(post.status).toBe(503);
    await billing.start(port);
    const back = await call(h.url, 'GET', '/api/v1/membership/42', { token });
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
    const r = await call(h.url, 'GET', '/api/v1/earning-member', { token });
    planning.delayMs = 0;
    expect(r.status).toBe(504);
    expect(r.body.message).toMatch(/svc-planning/);
  });
});

// issue 10 item 7: a stopped (not dead) service accepts connections and never answers; the gateway must not make
// every caller wait out a time limit once its health probe knows, and must notice by itself when it answers again
describe('gateway: a hung service', () => {
  let h: Harness;
  let hung: net.Server;
  const held = new Set<net.Socket>();
  beforeAll(async () => {
    h = await startHarness({ env: { PROXY_TIMEOUT_MS: '400' } });
    hung = net.createServer((socket) => {
      held.add(socket); // accepted, read, never answered: like a SIGSTOPped process
      socket.on('close', () => held.delete(socket));
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    await h.stop();
    for (const s of held) s.destroy();
    if (hung.listening) await new Promise((r) => hung.close(r));
  });

  it('answers 504 after the route limit, then 503 at once while it hangs, and 200 again when it answers', async () => {
    const port = (hung.address() as AddressInfo).port;
    const { gw, url } = await gatewayBeside(
      h,
      { 'svc-planning': [`http://127.0.0.1:${port}`] },
      { PROXY_TIMEOUT_MS: 400 },
    );
    let revived: FakeService | undefined;
    try {
      const { token } = await h.session();
      const first = await call(url, 'GET', '/api/v1/earning-member', { token });
      expect([first.status, first.body.message]).toEqual([504, expect.stringMatching(/svc-planning/)]);
      expect(first.ms).toBeGreaterThanOrEqual(350);
      expect(first.ms).toBeLessThan(1500);
      // the probe asks /healthz every second and gives it a second: known within about two
      await new Promise((r) => setTimeout(r, 2500));
      expect((await call(url, 'GET', '/readyz')).body.services['svc-planning'].status).toBe('down');
      for (const method of ['GET', 'POST'] as const) {
        const r = await call(
          url,
          method,
          method === 'GET' ? '/api/v1/earning-member' : '/api/v1/user/form-steps-draft/create',
          {
            token,
            headers: CSRF,
            body: method === 'POST' ? { x: 1 } : undefined,
          },
        );
        expect([r.status, r.body.message]).toEqual([503, expect.stringMatching(/^Service unavailable: svc-planning/)]);
        expect(r.ms).toBeLessThan(200);
      }
      // the same port answers again: no restart of the gateway, no request needed to find out
      for (const s of held) s.destroy();
      await new Promise((r) => hung.close(r));
      revived = await new FakeService('svc-planning', h.secret).start(port);
      const since = Date.now();
      let status = 0;
      while (Date.now() - since < 4000 && status !== 200) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await call(url, 'GET', '/api/v1/earning-member', { token })).status;
      }
      expect(status).toBe(200);
      expect(Date.now() - since).toBeLessThan(2500);
    } finally {
      await gw.close();
      if (revived?.server.listening) await revived.kill();
    }
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
    const { gw, url } = await gatewayBeside(h, { 'svc-planning': [h.services['svc-planning'].url, r2.url] });
    try {
      const { token } = await h.session();
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++)
        seen.add((await call(url, 'GET', '/api/v1/earning-member', { token })).body.data.replica);
      expect([...seen].sort()).toEqual(['r1', 'r2']);
      await h.services['svc-planning'].kill();
      for (let i = 0; i < 6; i++) {
        const r = await call(url, 'POST', '/api/v1/user/form-steps-draft/create', {
          token,
          headers: CSRF,
          body: { i },
        });
        expect([r.status, r.body.data?.replica, r.body.data?.body]).toEqual([200, 'r2', { i }]);
        expect(r.ms).toBeLessThan(1000);
      }
    } finally {
      await gw.close();
    }
  });
});
