import type { Logger, RedisCache } from '@kinfolio/service-kit';

type RedisClient = RedisCache['client'];

const INVALIDATE = '__redis__:invalidate';
/** A mirrored session is dropped after this long even without a message, so a lazily expired key is not kept. */
const MAX_AGE_MS = 5000;
const MAX_ENTRIES = 20_000;
const RETRY_MS = 1000;

/**
 * An in-process copy of the session keys the gateway read from Redis, kept exact by Redis itself: CLIENT TRACKING
 * in broadcast mode for the `session:` prefix sends every change of such a key (set, delete, expiry) to our
 * subscriber, which drops it here, so a revoked session is refused as soon as svc-auth deletes it. It saves the
 * Redis round trip that was the largest share of the gateway's CPU per request (docs/decisions/gateway.md).
 *
 * Nothing is served from the mirror unless the tracking is known to be live: when either connection drops, the
 * mirror is emptied and bypassed until both are back. A value read while any invalidation arrived is not kept.
 */
export class SessionMirror {
  private readonly local = new Map<string, { value: string; until: number }>();
  private live = false;
  private stopped = false;
  private generation = 0;
  private connections: RedisClient[] = [];
  private retry?: NodeJS.Timeout;
  /** Bumped by every invalidation: a read that saw it change may be stale and is not kept. */
  seq = 0;

  /** The keys tracked, with the cache's prefix: `<prefix>session:`. */
  private readonly tracked: string;

  constructor(
    private readonly client: RedisClient,
    /** The cache's key prefix (RedisCache.prefix): the mirror's keys are the cache's keys, without it. */
    private readonly cachePrefix: string,
    private readonly logger: Logger,
  ) {
    this.tracked = `${cachePrefix}session:`;
    void this.connect();
  }

  /** The mirrored value of a session key (`session:<hash>`, as given to the cache), or undefined: ask Redis. */
  get(key: string): string | undefined {
    if (!this.live || !key.startsWith('session:')) return undefined;
    const hit = this.local.get(this.cachePrefix + key);
    if (!hit) return undefined;
    if (hit.until > Date.now()) return hit.value;
    this.local.delete(this.cachePrefix + key);
    return undefined;
  }

  /** Keeps a value read from Redis, unless an invalidation arrived since `seqBefore` (taken before the read). */
  put(key: string, value: string, seqBefore: number): void {
    if (!this.live || this.seq !== seqBefore || !key.startsWith('session:')) return;
    if (this.local.size >= MAX_ENTRIES) this.local.clear();
    this.local.set(this.cachePrefix + key, { value, until: Date.now() + MAX_AGE_MS });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.down();
  }

  private invalidate(keys: unknown): void {
    this.seq++;
    if (Array.isArray(keys)) for (const k of keys) this.local.delete(String(k));
    else if (Buffer.isBuffer(keys)) this.local.delete(String(keys));
    else this.local.clear(); // null: Redis flushed or lost track of everything
  }

  private down(): void {
    this.live = false;
    this.seq++;
    this.local.clear();
    for (const c of this.connections) c.disconnect();
    this.connections = [];
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    // RESP2 on the subscriber: Redis then sends invalidations as messages of the __redis__:invalidate channel
    // (under RESP3 they are `invalidate` pushes, which ioredis drops)
    const sub = this.client.duplicate({ retryStrategy: () => null, maxRetriesPerRequest: 1, protocol: 2 });
    const tracker = this.client.duplicate({ retryStrategy: () => null, maxRetriesPerRequest: 1 });
    this.connections = [sub, tracker];
    const lost = () => {
      if (generation !== this.generation || this.stopped) return;
      this.generation++;
      if (this.live) this.logger.warn('session mirror lost its Redis connection: reading Redis until it is back');
      this.down();
      this.retry = setTimeout(() => void this.connect(), RETRY_MS);
      this.retry.unref();
    };
    for (const c of this.connections) {
      c.on('error', () => undefined);
      c.on('close', lost);
    }
    // the raw payload: an array of keys, or null when Redis flushed (the string event would join the keys)
    sub.on('messageBuffer', (channel: Buffer, message: unknown) => {
      if (String(channel) === INVALIDATE) this.invalidate(message);
    });
    try {
      const id = await sub.client('ID');
      await sub.subscribe(INVALIDATE);
      await tracker.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', 'PREFIX', this.tracked);
      if (generation !== this.generation || this.stopped) return;
      this.seq++;
      this.live = true;
    } catch (err) {
      if (generation === this.generation && !this.stopped) {
        this.logger.warn({ err }, 'session mirror unavailable: reading Redis for every request');
        lost();
      }
    }
  }
}
