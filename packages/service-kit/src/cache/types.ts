/** The Cache port: sessions cache, rate-limit counters. Values are strings; TTLs in seconds. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Fixed-window counter: increments and, on the first hit of a window, sets its TTL. */
  incr(key: string, ttlSec: number): Promise<{ count: number; ttlSec: number }>;
  isReady(): boolean;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSec: number;
}

/** Fixed-window rate limiter over any Cache (Redis when distributed, so every replica shares the counts). */
export class RateLimiter {
  constructor(private readonly cache: Cache) {}

  async hit(key: string, limit: number, windowSec: number): Promise<RateLimitResult> {
    const { count, ttlSec } = await this.cache.incr(`rl:${key}`, windowSec);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSec: Math.max(1, ttlSec) };
  }

  async reset(key: string): Promise<void> {
    await this.cache.del(`rl:${key}`);
  }
}
