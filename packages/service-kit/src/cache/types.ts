/** The Cache port: sessions cache, counters (rate limits live in ./limiter on the same store). Values are strings; TTLs in seconds. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Fixed-window counter: increments and, on the first hit of a window, sets its TTL. */
  incr(key: string, ttlSec: number): Promise<{ count: number; ttlSec: number }>;
  isReady(): boolean;
  close(): Promise<void>;
}
