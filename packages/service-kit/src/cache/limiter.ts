import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { RedisCache } from './redis';
import type { Cache } from './types';

export { RateLimiterRes };

/** One named limit: `points` per `duration` seconds; `blockDuration` (seconds) blocks a key once it is over. */
export interface LimitOptions {
  name: string;
  points: number;
  duration: number;
  blockDuration?: number;
}

/** What the services use of a rate-limiter-flexible limiter (RateLimiterRedis or RateLimiterMemory). */
export interface Limit {
  readonly points: number;
  readonly duration: number;
  /** Counts `points`; rejects with a RateLimiterRes (never an Error) once the key is over its points. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  /** Counts without ever rejecting (the documented way to record a failed login). */
  penalty(key: string, points?: number): Promise<RateLimiterRes>;
  /** Takes back counted points (an attempt that turned out to be allowed). */
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  /** Reads without counting; null when the key has no record. */
  get(key: string): Promise<RateLimiterRes | null>;
  block(key: string, secDuration: number): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSec: number;
}

type Store = { kind: 'memory' } | { kind: 'redis'; client: Redis; prefix: string };

/**
 * The rate-limit port: rate-limiter-flexible limiters over the store the cache port chose. Distributed (RedisCache):
 * RateLimiterRedis on the cache's ioredis client under the cache's key prefix, so every replica shares the counts,
 * with a RateLimiterMemory insurance limiter that takes over while Redis is unreachable. Embedded (MemoryCache):
 * RateLimiterMemory. No counters of our own.
 */
export class RateLimiter {
  private readonly limits = new Map<string, { opts: LimitOptions; limit: Limit }>();

  constructor(private readonly store: Store = { kind: 'memory' }) {}

  static over(cache: Cache): RateLimiter {
    return new RateLimiter(
      cache instanceof RedisCache ? { kind: 'redis', client: cache.client, prefix: cache.prefix } : { kind: 'memory' },
    );
  }

  /** The limiter called `name` (made once; asking again with other options is a programming error). */
  create(opts: LimitOptions): Limit {
    const made = this.limits.get(opts.name);
    if (made) {
      const same =
        made.opts.points === opts.points &&
        made.opts.duration === opts.duration &&
        made.opts.blockDuration === opts.blockDuration;
      if (!same) throw new Error(`rate limit ${opts.name} already exists with other options`);
      return made.limit;
    }
    const base = { points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 };
    const limit: Limit =
      this.store.kind === 'redis'
        ? new RateLimiterRedis({
            ...base,
            storeClient: this.store.client,
            keyPrefix: `${this.store.prefix}rl:${opts.name}`,
            insuranceLimiter: new RateLimiterMemory({ ...base, keyPrefix: `rl:${opts.name}` }),
          })
        : new RateLimiterMemory({ ...base, keyPrefix: `rl:${opts.name}` });
    this.limits.set(opts.name, { opts, limit });
    return limit;
  }

  /** Fixed-window shorthand: counts one hit of `key` against `limit` per `windowSec`. */
  async hit(key: string, limit: number, windowSec: number): Promise<RateLimitResult> {
    try {
      const res = await this.create({ name: `hit:${limit}:${windowSec}`, points: limit, duration: windowSec }).consume(
        key,
      );
      return { allowed: true, remaining: res.remainingPoints, retryAfterSec: retryAfterSec(res) };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { allowed: false, remaining: 0, retryAfterSec: retryAfterSec(err) };
      throw err;
    }
  }

  /** Forgets `key` in every shorthand window. */
  async reset(key: string): Promise<void> {
    for (const [name, { limit }] of this.limits) if (name.startsWith('hit:')) await limit.delete(key);
  }
}

/** Whole seconds until a limiter's key frees up (at least 1: a Retry-After of 0 invites an immediate retry). */
export const retryAfterSec = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
