import { randomBytes } from 'node:crypto';
import { RedisCache, TEST_REDIS_URL } from '@kinfolio/service-kit';
import { hashToken, sessionCacheKey } from '../src/session';
import { call, type Harness, identityOf, startHarness } from './helpers';

describe('gateway with the real Redis cache (distributed sessions)', () => {
  const prefix = `t:gw:${randomBytes(4).toString('hex')}:`;
  let cache: RedisCache;
  let h: Harness;
  beforeAll(async () => {
    cache = new RedisCache(TEST_REDIS_URL, prefix);
    h = await startHarness({ cache });
  });
  afterAll(async () => {
    await h.stop();
    const keys = await cache.client.keys(`${prefix}*`);
    if (keys.length) await cache.client.del(...keys);
    await cache.close();
  });

  it('reads sessions svc-auth wrote to Redis, and forgets them once svc-auth deletes the key', async () => {
    const token = randomBytes(24).toString('base64url');
    const identity = identityOf({ type: 'admin' });
    await cache.set(sessionCacheKey(hashToken(token)), JSON.stringify(identity), 60);
    const r = await call(h.url, 'GET', '/api/v1/admin/users-stats', { token });
    expect(r.status).toBe(200);
    expect(r.body.data.identity.userId).toBe(identity.user_id);
    await cache.del(sessionCacheKey(hashToken(token)));
    expect((await call(h.url, 'GET', '/api/v1/admin/users-stats', { token })).status).toBe(401);
  });

  // issue 10 item 21: the Redis round trip was the largest share of the gateway's CPU per request
  it('serves a session from its in-process mirror, and sees a change or deletion by svc-auth at once', async () => {
    const token = randomBytes(24).toString('base64url');
    const identity = identityOf();
    const key = sessionCacheKey(hashToken(token));
    await cache.set(key, JSON.stringify(identity), 60);
    await new Promise((r) => setTimeout(r, 300)); // the mirror's tracking connection is up
    expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
    const get = jest.spyOn(cache, 'get');
    try {
      for (let i = 0; i < 5; i++) expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
      expect(get).not.toHaveBeenCalled();
      // svc-auth deactivates the user: it rewrites the session
      await cache.set(key, JSON.stringify({ ...identity, status: 'deactivated' }), 60);
      expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
      await cache.set(key, JSON.stringify(identity), 60);
      expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
      // sign-out: svc-auth deletes it
      await cache.del(key);
      expect((await call(h.url, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
    } finally {
      get.mockRestore();
    }
  });

  it('caches a session verified by svc-auth in Redis for 30 seconds', async () => {
    const identity = identityOf();
    h.services['svc-auth'].sessions.set('redis-verified-token', identity);
    expect((await call(h.url, 'GET', '/api/v1/users/me', { token: 'redis-verified-token' })).status).toBe(200);
    const key = `${prefix}${sessionCacheKey(hashToken('redis-verified-token'))}`;
    expect(JSON.parse((await cache.client.get(key)) ?? '{}')).toEqual(identity);
    const ttl = await cache.client.ttl(key);
    expect(ttl).toBeGreaterThan(20);
    expect(ttl).toBeLessThanOrEqual(30);
  });
});

describe('gateway when Redis is down', () => {
  let cache: RedisCache;
  let h: Harness;
  beforeAll(async () => {
    cache = new RedisCache('redis://127.0.0.1:1', 't:gw-down:');
    h = await startHarness({ cache });
  });
  afterAll(async () => {
    await h.stop();
    cache.client.disconnect();
  });

  it('never hangs: sessions are verified by svc-auth instead', async () => {
    const identity = identityOf({ type: 'customer' });
    h.services['svc-auth'].sessions.set('token-while-redis-is-down', identity);
    for (let i = 0; i < 3; i++) {
      const r = await call(h.url, 'GET', '/api/v1/users/me', { token: 'token-while-redis-is-down' });
      expect([r.status, r.body.data?.identity?.userId]).toEqual([200, identity.user_id]);
      expect(r.ms).toBeLessThan(1000);
    }
    const bad = await call(h.url, 'GET', '/api/v1/users/me', { token: 'unknown' });
    expect([bad.status, bad.body.message]).toEqual([401, 'Invalid token']);
  });
});
