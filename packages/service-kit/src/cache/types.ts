/** The Cache port: sessions cache, counters (rate limits live in ./limiter on the same store). Values are strings; TTLs in seconds. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Fixed-window counter: increments and, on the first hit of a window, sets its TTL. */
  incr(key: string, ttlSec: number): Promise<{ count: number; ttlSec: number }>;
  /** Binary values (a shared cache's encoded entries): read as stored, byte for byte; null when absent. */
  getBuffer(key: string): Promise<Buffer | null>;
  setBuffer(key: string, value: Buffer, ttlSec?: number): Promise<void>;
  /** SET NX: stores `value` only when `key` has no value; true when it did (a short lock). */
  setIfAbsent(key: string, value: string, ttlSec: number): Promise<boolean>;
  isReady(): boolean;
  close(): Promise<void>;
}
