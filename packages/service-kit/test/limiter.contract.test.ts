import { randomBytes } from 'node:crypto';
import { MemoryCache, RateLimiter, RateLimiterRes, RedisCache, TEST_REDIS_URL } from '../src';
import { eventually, sleep } from './support';

jest.setTimeout(30_000);

/** The rate-limit port's contract (rate-limiter-flexible over the cache port's store), in memory and on Redis. */
interface LimiterAdapter {
  /** A port over a fresh store namespace; `same` opens another port over the namespace of the previous call. */
  open(same?: boolean): Promise<RateLimiter>;
  cleanup(): Promise<void>;
}

function memoryAdapter(): LimiterAdapter {
  const caches: MemoryCache[] = [];
  return {
    async open() {
      const cache = new MemoryCache();
      caches.push(cache);
      return RateLimiter.over(cache);
    },
    async cleanup() {
      for (const c of caches) await c.close();
    },
  };
}

function redisAdapter(): LimiterAdapter {
  const opened: RedisCache[] = [];
  let prefix = '';
  return {
    async open(same = false) {
      if (!same) prefix = `lt:${randomBytes(4).toString('hex')}:`;
      const cache = new RedisCache(TEST_REDIS_URL, prefix);
      opened.push(cache);
      await eventually(() => cache.isReady(), 5000);
      return RateLimiter.over(cache);
    },
    async cleanup() {
      for (const cache of opened) {
        const keys = await cache.client.keys(`${cache.prefix}*`);
        if (keys.length) await cache.client.del(...keys);
        await cache.close();
      }
    },
  };
}

/** Settles a consume into what it said: a RateLimiterRes either way, tagged allowed or refused. */
const attempt = (p: Promise<RateLimiterRes>) =>
  p.then(
    (res) => ({ allowed: true, res }),
    (err: unknown) => {
      if (!(err instanceof RateLimiterRes)) throw err;
      return { allowed: false, res: err };
    },
  );

describe.each([
  ['RateLimiterMemory', memoryAdapter],
  ['RateLimiterRedis', redisAdapter],
] as const)('Rate-limit port contract: %s', (_name, makeAdapter) => {
  let adapter: LimiterAdapter;
  let port: RateLimiter;
  beforeAll(async () => {
    adapter = makeAdapter();
    port = await adapter.open();
  });
  afterAll(() => adapter.cleanup());

  it('allows `points` per key in a window, then refuses with the time left; other keys are apart', async () => {
    const limit = port.create({ name: 'basic', points: 3, duration: 60 });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await attempt(limit.consume('a@example.com')));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.res.remainingPoints)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.res.msBeforeNext).toBeGreaterThan(55_000);
    expect(results[3]!.res.msBeforeNext).toBeLessThanOrEqual(60_000);
    expect((await attempt(limit.consume('b@example.com'))).allowed).toBe(true);
  });

  it('reads without counting, records penalties without refusing, takes points back, and forgets a key on delete', async () => {
    const limit = port.create({ name: 'read', points: 2, duration: 60 });
    expect(await limit.get('k')).toBeNull();
    for (let i = 0; i < 3; i++) await limit.penalty('k');
    expect((await limit.get('k'))?.consumedPoints).toBe(3);
    expect((await limit.get('k'))?.consumedPoints).toBe(3);
    expect((await limit.reward('k')).consumedPoints).toBe(2);
    expect(await limit.delete('k')).toBe(true);
    expect(await limit.get('k')).toBeNull();
    expect((await attempt(limit.consume('k'))).allowed).toBe(true);
  });

  it('blocks a key for blockDuration once it is over its points, and block() blocks on demand', async () => {
    const limit = port.create({ name: 'block', points: 1, duration: 2, blockDuration: 120 });
    await limit.consume('k');
    const over = await attempt(limit.consume('k'));
    expect(over.allowed).toBe(false);
    expect(over.res.msBeforeNext).toBeGreaterThan(100_000);
    const blocked = await limit.block('other', 300);
    expect(blocked.msBeforeNext).toBe(300_000);
    const read = await limit.get('other');
    expect(read!.consumedPoints).toBeGreaterThan(limit.points);
    expect(read!.msBeforeNext).toBeGreaterThan(290_000);
  });

  it('starts a fresh window after `duration`', async () => {
    const limit = port.create({ name: 'window', points: 1, duration: 1 });
    await limit.consume('k');
    expect((await attempt(limit.consume('k'))).allowed).toBe(false);
    await sleep(1150);
    expect((await attempt(limit.consume('k'))).allowed).toBe(true);
  });

  it('counts concurrent consumes exactly (no lost updates)', async () => {
    const limit = port.create({ name: 'burst', points: 5, duration: 60 });
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(limit.consume('k'))));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('hands out one limiter per name, and refuses the same name with other options', () => {
    const a = port.create({ name: 'same', points: 2, duration: 60 });
    expect(port.create({ name: 'same', points: 2, duration: 60 })).toBe(a);
    expect(() => port.create({ name: 'same', points: 3, duration: 60 })).toThrow(/already exists/);
  });

  it('keeps the counts of another store namespace apart', async () => {
    const opts = { name: 'apart', points: 2, duration: 60 };
    await port.create(opts).consume('k');
    const other = await adapter.open();
    expect(await other.create(opts).get('k')).toBeNull();
    expect((await port.create(opts).get('k'))?.consumedPoints).toBe(1);
  });

  it('fixed-window shorthand: allows up to the limit, then refuses with a retry-after, and resets', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await port.hit('login:a@example.com', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterSec).toBeGreaterThanOrEqual(59);
    expect(results[3]?.retryAfterSec).toBeLessThanOrEqual(60);
    expect((await port.hit('login:b@example.com', 3, 60)).allowed).toBe(true);
    await port.reset('login:a@example.com');
    expect((await port.hit('login:a@example.com', 3, 60)).allowed).toBe(true);
  });
});

describe('Rate-limit port on Redis', () => {
  const adapter = redisAdapter();
  afterAll(() => adapter.cleanup());

  it('shares counts between replicas: two processes over one prefix see one count', async () => {
    const opts = { name: 'replicas', points: 3, duration: 60 };
    const one = (await adapter.open()).create(opts);
    const two = (await adapter.open(true)).create(opts);
    await one.consume('k');
    await two.consume('k');
    await one.consume('k');
    expect((await attempt(two.consume('k'))).allowed).toBe(false);
  });

  it('keeps its keys under the cache prefix (so a namespace is removed with its cache)', async () => {
    const prefix = `lt:${randomBytes(4).toString('hex')}:`;
    const cache = new RedisCache(TEST_REDIS_URL, prefix);
    try {
      await eventually(() => cache.isReady(), 5000);
      await RateLimiter.over(cache).create({ name: 'prefixed', points: 1, duration: 60 }).consume('k');
      expect(await cache.client.keys(`${prefix}*`)).toEqual([`${prefix}rl:prefixed:k`]);
      await cache.client.del(`${prefix}rl:prefixed:k`);
    } finally {
      await cache.close();
    }
  });

  it('keeps limiting in process memory while Redis is unreachable (insurance limiter), instead of failing', async () => {
    const cache = new RedisCache('redis://127.0.0.1:1', 'down:');
    try {
      const limit = RateLimiter.over(cache).create({ name: 'insured', points: 2, duration: 60 });
      const results = [];
      for (let i = 0; i < 3; i++) results.push((await attempt(limit.consume('k'))).allowed);
      expect(results).toEqual([true, true, false]);
    } finally {
      await cache.close();
    }
  });
});
