import { randomBytes } from 'node:crypto';
import { type Cache, MemoryCache, RedisCache, TEST_REDIS_URL } from '../src';
import { eventually, sleep } from './support';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

/** The Cache port's contract, for the in-memory cache and Redis (the rate limiter's is limiter.contract.test.ts). */
interface CacheAdapter {
  name: string;
  /** A fresh cache in its own namespace (a new prefix for Redis). */
  open(): Promise<Cache>;
  cleanup(): Promise<void>;
}

function memoryAdapter(): CacheAdapter {
  const opened: Cache[] = [];
  return {
    name: 'MemoryCache',
    async open() {
      const c = new MemoryCache();
      opened.push(c);
      return c;
    },
    async cleanup() {
      for (const c of opened) await c.close();
    },
  };
}

function redisAdapter(): CacheAdapter {
  const opened: Array<{ cache: RedisCache; prefix: string }> = [];
  return {
    name: 'RedisCache',
    async open() {
      const prefix = `ct:${randomBytes(4).toString('hex')}:`;
      const cache = new RedisCache(TEST_REDIS_URL, prefix);
      opened.push({ cache, prefix });
      await eventually(() => cache.isReady(), 5000);
      return cache;
    },
    async cleanup() {
      for (const { cache, prefix } of opened) {
        const keys = await cache.client.keys(`${prefix}*`);
        if (keys.length) await cache.client.del(...keys);
        await cache.close();
      }
    },
  };
}

describe.each([
  ['MemoryCache', memoryAdapter],
  ['RedisCache', redisAdapter],
] as const)('Cache contract: %s', (_name, makeAdapter) => {
  let adapter: CacheAdapter;
  let cache: Cache;
  beforeAll(async () => {
    adapter = makeAdapter();
    cache = await adapter.open();
  });
  afterAll(() => adapter.cleanup());

  it('is ready once open', () => {
    expect(cache.isReady()).toBe(true);
  });

  it('stores, reads, overwrites and deletes string values', async () => {
    expect(await cache.get('missing')).toBeNull();
    await cache.set('k1', 'v1');
    expect(await cache.get('k1')).toBe('v1');
    await cache.set('k1', 'ünïcödé ✓ {"json":true}');
    expect(await cache.get('k1')).toBe('ünïcödé ✓ {"json":true}');
    await cache.set('k2', 'v2');
    await cache.del('k1', 'k2', 'never-set');
    expect(await cache.get('k1')).toBeNull();
    expect(await cache.get('k2')).toBeNull();
    await expect(cache.del()).resolves.toBeUndefined();
  });

  it('forgets a value after its TTL, and keeps one without TTL', async () => {
    await cache.set('short', 'x', 1);
    await cache.set('forever', 'y');
    expect(await cache.get('short')).toBe('x');
    await sleep(1150);
    expect(await cache.get('short')).toBeNull();
    expect(await cache.get('forever')).toBe('y');
  });

  it('counts hits in a fixed window that starts at the first hit and resets after it', async () => {
    const first = await cache.incr('counter', 1);
    expect(first).toEqual({ count: 1, ttlSec: 1 });
    const second = await cache.incr('counter', 1);
    expect(second.count).toBe(2);
    expect(second.ttlSec).toBeGreaterThanOrEqual(1);
    expect(second.ttlSec).toBeLessThanOrEqual(1);
    expect((await cache.incr('counter', 1)).count).toBe(3);
    expect(await cache.get('counter')).toBe('3');
    await sleep(1150);
    expect((await cache.incr('counter', 1)).count).toBe(1);
  });

  it('does not extend a window on later hits', async () => {
    await cache.incr('window', 2);
    await sleep(1100);
    const later = await cache.incr('window', 2);
    expect(later.count).toBe(2);
    expect(later.ttlSec).toBeLessThanOrEqual(1);
  });

  it('stores binary values byte for byte, with a TTL', async () => {
    const bytes = Buffer.from([0, 255, 1, 128, 0xc3, 0x28, 10, 0]);
    expect(await cache.getBuffer('bin')).toBeNull();
    await cache.setBuffer('bin', bytes, 1);
    expect(await cache.getBuffer('bin')).toEqual(bytes);
    await sleep(1150);
    expect(await cache.getBuffer('bin')).toBeNull();
  });

  it('sets a value only when the key has none (SET NX), until its TTL ends', async () => {
    expect(await cache.setIfAbsent('lock', 'a', 1)).toBe(true);
    expect(await cache.setIfAbsent('lock', 'b', 1)).toBe(false);
    expect(await cache.get('lock')).toBe('a');
    await sleep(1150);
    expect(await cache.setIfAbsent('lock', 'c', 1)).toBe(true);
    expect(await cache.get('lock')).toBe('c');
  });

  it('keeps caches of different namespaces apart', async () => {
    const other = await adapter.open();
    await cache.set('shared-name', 'mine');
    expect(await other.get('shared-name')).toBeNull();
    await other.set('shared-name', 'theirs');
    expect(await cache.get('shared-name')).toBe('mine');
  });
});
