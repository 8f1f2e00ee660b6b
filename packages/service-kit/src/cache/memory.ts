import type { Cache } from './types';

/** In-process cache for embedded mode. Expired keys are dropped on read and swept once a minute. */
export class MemoryCache implements Cache {
  private readonly map = new Map<string, { value: string | Buffer; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string) {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    const value = this.live(key)?.value;
    return value === undefined ? null : value.toString();
  }

  async getBuffer(key: string) {
    const value = this.live(key)?.value;
    return value === undefined ? null : Buffer.from(value);
  }

  async setBuffer(key: string, value: Buffer, ttlSec?: number) {
    // a copy: the caller may reuse its buffer
    await this.set(key, Buffer.from(value), ttlSec);
  }

  async setIfAbsent(key: string, value: string, ttlSec: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlSec);
    return true;
  }

  async set(key: string, value: string | Buffer, ttlSec?: number) {
    this.map.set(key, { value, expiresAt: ttlSec ? this.now() + ttlSec * 1000 : Number.POSITIVE_INFINITY });
  }

  async del(...keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }

  async incr(key: string, ttlSec: number) {
    const entry = this.live(key);
    if (!entry) {
      this.map.set(key, { value: '1', expiresAt: this.now() + ttlSec * 1000 });
      return { count: 1, ttlSec };
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, ttlSec: Math.ceil((entry.expiresAt - this.now()) / 1000) };
  }

  private sweep() {
    const now = this.now();
    for (const [k, v] of this.map) if (v.expiresAt <= now) this.map.delete(k);
  }

  isReady() {
    return true;
  }

  async close() {
    clearInterval(this.sweeper);
    this.map.clear();
  }
}
