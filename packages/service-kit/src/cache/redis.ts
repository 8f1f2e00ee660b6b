import { Redis } from 'ioredis';
import type { Cache } from './types';

/** Redis adapter (distributed mode). Keys are namespaced by `prefix` so tests and tenants never collide. */
export class RedisCache implements Cache {
  readonly client: Redis;

  constructor(
    url: string,
    readonly prefix = 'kf:',
  ) {
    this.client = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
      // disconnect() ends the socket and arms a timer to destroy it if it is still open after this long; for a
      // socket that never connected the timer is never cleared and held the process for ioredis's default 2 s
      // (it made jest force-exit a component worker). Its copies (duplicate()) inherit it.
      disconnectTimeout: 200,
    });
    this.client.on('error', () => undefined); // reconnects by itself; callers see failed commands
  }

  async get(key: string) {
    return this.client.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlSec?: number) {
    if (ttlSec) await this.client.set(this.prefix + key, value, 'EX', ttlSec);
    else await this.client.set(this.prefix + key, value);
  }

  async del(...keys: string[]) {
    if (keys.length) await this.client.del(...keys.map((k) => this.prefix + k));
  }

  async incr(key: string, ttlSec: number) {
    const k = this.prefix + key;
    const res = await this.client.multi().incr(k).expire(k, ttlSec, 'NX').ttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? ttlSec);
    return { count, ttlSec: ttl > 0 ? ttl : ttlSec };
  }

  async getBuffer(key: string) {
    return this.client.getBuffer(this.prefix + key);
  }

  async setBuffer(key: string, value: Buffer, ttlSec?: number) {
    if (ttlSec) await this.client.set(this.prefix + key, value, 'EX', ttlSec);
    else await this.client.set(this.prefix + key, value);
  }

  async setIfAbsent(key: string, value: string, ttlSec: number) {
    return (await this.client.set(this.prefix + key, value, 'EX', ttlSec, 'NX')) === 'OK';
  }

  isReady() {
    return this.client.status === 'ready';
  }

  async close() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
