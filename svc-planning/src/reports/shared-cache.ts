import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { Cache, ServiceContext } from '@kinfolio/service-kit';
import { rateTables } from '../domain/calculations/tables/registry';

/**
 * The level of the projection caches the replicas of svc-planning share (issue 37, docs/decisions/scale-h5.md): Redis
 * in distributed mode (the ServiceContext's cache port). Embedded mode has one process: no shared level.
 *
 * - Keys: `pc:<cache>:<advisor>:<household>:<as-of>:<digest>`, the digest a sha256 of the household's stamp (reports/cache.ts
 *   householdStamp: its version, members, rates, thresholds, stored rate-table versions), the rate tables this process
 *   has installed, the codec's format and V8's version. A write or a new rate table makes new keys: nothing is ever
 *   invalidated, old entries expire (TTL 24 h).
 * - Values: the codec's bytes (V8's structured serialisation: Maps, Dates, typed arrays, undefined, -0, NaN round-trip
 *   exactly; a value over 8 KiB is compressed with brotli at quality 1: a report of 40 records a kind, 220 KiB, is
 *   stored in 38 KiB for 0.9 ms), at most MAX_BYTES (a bigger one is not stored).
 * - A cold key: the first replica to miss takes a short lock (SET NX); the others poll for its value for at most 1.5
 *   times as long as this cache's computations take here, then compute themselves.
 * - Redis down or slow: every shared read or write gives up after SHARED_TIMEOUT_MS, the read computes locally, and
 *   the failure is counted (shared_errors) with one warning per outage.
 */

/** Bump when a cached value's shape or the engine's figures change: old entries are then never read. */
export const SHARED_FORMAT = 1;
export const SHARED_TTL_SEC = 24 * 60 * 60;
/** The largest encoded value stored (a 40-records-a-kind household's report is 38 KiB compressed: scale-h5.md). */
export const MAX_BYTES = 4 * 1024 * 1024;
/** A shared read or write that takes longer is given up (the value is computed or kept locally). */
export const SHARED_TIMEOUT_MS = 250;
/** Values larger than this are compressed (brotli, quality 1) before they are stored. */
const COMPRESS_OVER = 8 * 1024;
/** How long a cold key's lock lives: a replica that dies while computing frees it within this. */
const LOCK_TTL_SEC = 5;
/**
 * A replica waiting for another's value polls (5 ms, doubling to 25 ms) for at most 1.5 times its own computations of
 * that cache take (DEFAULT_COMPUTE_MS before it has computed one), capped at MAX_WAIT_MS; then it computes itself.
 */
const DEFAULT_COMPUTE_MS = 300;
const MAX_WAIT_MS = 1500;

/** Per cache and per service instance (GET /internal/cache-stats). */
export interface Counters {
  local_hits: number;
  shared_hits: number;
  misses: number;
  shared_errors: number;
  bytes_written: number;
  /** Values not stored because their encoding was over MAX_BYTES. */
  too_large: number;
  /** Shared hits that waited for another replica's computation of a cold key (included in shared_hits). */
  waited_hits: number;
  /** Computations made ahead of a read, after a write of a household being looked at (./prewarm.ts): not misses. */
  prewarmed: number;
}

export const zeroCounters = (): Counters => ({
  local_hits: 0,
  shared_hits: 0,
  misses: 0,
  shared_errors: 0,
  bytes_written: 0,
  too_large: 0,
  waited_hits: 0,
  prewarmed: 0,
});

/** How a cache's value becomes bytes and back; decode(encode(x)) deep-equals x (unit-tested on real households). */
export interface Codec<T> {
  encode(value: T): Buffer;
  decode(bytes: Buffer): T;
}

const RAW = 0;
const BROTLI = 2;
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

/**
 * V8's structured serialisation of `keep(value)` (what is derived from it, such as functions or per-currency views,
 * left out) and `revive` on the way back. Class instances would come back as plain objects: the values cached are
 * plain data (the round-trip test checks it with toStrictEqual, which compares prototypes).
 */
export function structuredCodec<T>(
  keep: (v: T) => unknown = (v) => v,
  revive: (v: unknown) => T = (v) => v as T,
): Codec<T> {
  return {
    encode(value) {
      const raw = serialize(keep(value));
      if (raw.length <= COMPRESS_OVER) return Buffer.concat([Buffer.of(RAW), raw]);
      return Buffer.concat([Buffer.of(BROTLI), brotliCompressSync(raw, BROTLI_FAST)]);
    },
    decode(bytes) {
      const body = bytes.subarray(1);
      if (bytes[0] === RAW) return revive(deserialize(body));
      if (bytes[0] === BROTLI) return revive(deserialize(brotliDecompressSync(body)));
      throw new Error(`unknown cache value format ${bytes[0]}`);
    },
  };
}

/** A digest of the rate tables installed in this process (kept per installed set). */
const tablesDigests = new WeakMap<object, string>();
function installedTablesDigest(): string {
  const tables = rateTables();
  let d = tablesDigests.get(tables);
  if (d === undefined) {
    d = createHash('sha256').update(JSON.stringify(tables)).digest('base64url');
    tablesDigests.set(tables, d);
  }
  return d;
}

/** A household and its advisor (the tenant: every shared key names both, so a tenant's entries can be found). */
export interface Owned {
  id: string;
  advisor_id: string;
}

/**
 * The shared key of a cache's entry: the advisor, the household, the as-of part and a digest of everything the value
 * depends on.
 */
export function sharedKey(cache: string, hh: Owned, part: string, stamp: string): string {
  const digest = createHash('sha256')
    .update(`${SHARED_FORMAT}\n${process.versions.v8}\n${installedTablesDigest()}\n${stamp}`)
    .digest('base64url');
  return `pc:${cache}:${hh.advisor_id}:${hh.id}:${part}:${digest}`;
}

type Logger = ServiceContext['logger'];

class TimedOut extends Error {}
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer from the shared cache within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shared level over one cache port (one per process and port: its outage state and timings are the process's). */
export class SharedLevel {
  private down = false;
  /** Each cache's computation time here (moving average, ms): how long a replica waits for another's. */
  private readonly computeMs = new Map<string, number>();

  constructor(
    private readonly store: Cache,
    private readonly logger: Logger,
  ) {}

  private failed(c: Counters, err: unknown): void {
    c.shared_errors++;
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'shared projection cache unavailable: reads compute on this replica until it is back',
    );
  }

  private answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.info('shared projection cache is back');
  }

  /** The shared value, undefined when absent or unreadable (then counted). */
  private async read<T>(codec: Codec<T>, c: Counters, key: string): Promise<T | undefined> {
    if (!this.store.isReady()) {
      this.failed(c, new Error('not connected'));
      return undefined;
    }
    let bytes: Buffer | null;
    try {
      bytes = await within(this.store.getBuffer(key), SHARED_TIMEOUT_MS);
      this.answered();
    } catch (err) {
      this.failed(c, err);
      return undefined;
    }
    if (bytes === null) return undefined;
    try {
      return codec.decode(bytes);
    } catch (err) {
      // a value this code cannot read (a corrupt entry): computed again and overwritten
      c.shared_errors++;
      this.logger.warn({ key, err: err instanceof Error ? err.message : String(err) }, 'unreadable shared cache entry');
      return undefined;
    }
  }

  private async write<T>(codec: Codec<T>, c: Counters, key: string, value: T): Promise<void> {
    if (!this.store.isReady()) return;
    let bytes: Buffer;
    try {
      bytes = codec.encode(value);
    } catch (err) {
      c.shared_errors++;
      this.logger.warn(
        { key, err: err instanceof Error ? err.message : String(err) },
        'a cache value could not be encoded',
      );
      return;
    }
    if (bytes.length > MAX_BYTES) {
      c.too_large++;
      return;
    }
    try {
      await within(this.store.setBuffer(key, bytes, SHARED_TTL_SEC), SHARED_TIMEOUT_MS);
      c.bytes_written += bytes.length;
      this.answered();
    } catch (err) {
      this.failed(c, err);
    }
  }

  /** Takes the cold key's lock; true when this replica should compute (it holds the lock, or the lock is unusable). */
  private async lock(key: string): Promise<boolean> {
    try {
      return await within(this.store.setIfAbsent(`${key}:lock`, '1', LOCK_TTL_SEC), SHARED_TIMEOUT_MS);
    } catch {
      return true;
    }
  }

  /**
   * The value of a shared key: read from the shared level, else (after waiting briefly for a replica that is already
   * computing it) computed here and stored.
   */
  async load<T>(
    cache: string,
    codec: Codec<T>,
    c: Counters,
    [hh, part, stamp]: [Owned, string, string],
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = sharedKey(cache, hh, part, stamp);
    const found = await this.read(codec, c, key);
    if (found !== undefined) {
      c.shared_hits++;
      return found;
    }
    const mine = this.down || (await this.lock(key));
    if (!mine) {
      const until = performance.now() + Math.min(1.5 * (this.computeMs.get(cache) ?? DEFAULT_COMPUTE_MS), MAX_WAIT_MS);
      for (let poll = 5; performance.now() < until; poll = Math.min(poll * 2, 25)) {
        await sleep(poll);
        const v = await this.read(codec, c, key);
        if (v !== undefined) {
          c.shared_hits++;
          c.waited_hits++;
          return v;
        }
        if (this.down) break;
      }
    }
    c.misses++;
    const t0 = performance.now();
    let value: T;
    try {
      value = await compute();
    } catch (err) {
      if (mine && !this.down) await within(this.store.del(`${key}:lock`), SHARED_TIMEOUT_MS).catch(() => undefined);
      throw err;
    }
    const ms = performance.now() - t0;
    const was = this.computeMs.get(cache);
    this.computeMs.set(cache, was === undefined ? ms : was * 0.8 + ms * 0.2);
    await this.write(codec, c, key, value);
    if (mine && !this.down) await within(this.store.del(`${key}:lock`), SHARED_TIMEOUT_MS).catch(() => undefined);
    return value;
  }
}

const levels = new WeakMap<Cache, SharedLevel>();

/** The shared level of a service instance: its cache port in distributed mode; none in embedded mode. */
export function sharedLevel(ctx: ServiceContext): SharedLevel | null {
  if (ctx.config.MODE !== 'distributed') return null;
  const store = ctx.ports.cache;
  let level = levels.get(store);
  if (!level) {
    level = new SharedLevel(store, ctx.logger);
    levels.set(store, level);
  }
  return level;
}
