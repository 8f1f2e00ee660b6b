import type { Knex, ServiceContext } from '@kinfolio/service-kit';
import { todayIso } from '../balance-sheet/rules';
import type { HouseholdRow } from '../records/access';
import { RATE_TABLES_STAMP_SQL } from '../rate-tables/repository';
import { syncRateTables } from '../rate-tables/service';
import { type Codec, type Counters, sharedLevel, zeroCounters } from './shared-cache';

/**
 * The household projection cache (docs/decisions/reports.md). A household's figures are computed once per change:
 * every entry is stamped with the household's version and a read whose stamp differs computes again.
 *
 * The version is read from the database on every read, in one small query, so it is the same on every replica and
 * a read right after a committed write (on this replica or another) never sees stale figures. Every write to a
 * household's data writes planning.household.changed.v1 to the outbox and touches `households.updated_at` in the
 * same transaction (records/repository.ts touchHousehold, insertRecord); members, the household's own fields and
 * the stored currency rates are hashed in too (member edits and rate changes do not touch the household row).
 * The planning thresholds the report's checks use (issue 15) are hashed in as well, every stored row with its value
 * and updated_at: an admin's change, and a reset (a deleted row, which a latest updated_at alone would miss), show
 * in the next report.
 * The rate-table versions admins added (issue 32, rate-tables/repository.ts) are hashed in too: a version added on any
 * replica changes every household's stamp, and a replica whose installed tables are older reloads them here, before
 * anything is computed with them (rate-tables/service.ts syncRateTables).
 *
 * Two levels (issue 37, docs/decisions/scale-h5.md): each service instance's LRU in front of a level shared by every
 * replica (Redis in distributed mode, ./shared-cache.ts), whose keys carry a digest of the stamp: a write or a new
 * rate table makes new keys, so nothing is ever invalidated.
 */

export type Stamp = string;

/** The household's version: its updated_at and engine fields, a hash of its members and of the stored rates. */
export async function householdStamp(db: Knex, hh: HouseholdRow): Promise<Stamp> {
  const res = await db.raw(
    `SELECT
       (SELECT md5(coalesce(string_agg(m::text, '|' ORDER BY m.id), '')) FROM members m WHERE m.advisor_id = ? AND m.household_id = ?) AS members,
       (SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r.code), '')) FROM currency_rates r) AS rates,
       (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.key), '')) FROM planning_thresholds t) AS thresholds,
       ${RATE_TABLES_STAMP_SQL} AS rate_tables`,
    [hh.advisor_id, hh.id],
  );
  const row = (res.rows?.[0] ?? {}) as { members?: string; rates?: string; thresholds?: string; rate_tables?: string };
  await syncRateTables(db, row.rate_tables ?? '');
  const children = typeof hh.children === 'string' ? hh.children : JSON.stringify(hh.children ?? null);
  return [
    new Date(hh.updated_at).toISOString(),
    hh.currency,
    String(hh.inflation_rate ?? ''),
    children,
    row.members ?? '',
    row.rates ?? '',
    row.thresholds ?? '',
    row.rate_tables ?? '',
  ].join('|');
}

interface Entry<T> {
  stamp: Stamp;
  value: Promise<T>;
}

/** Entries kept per kind (LRU); a household with a few as-of dates fits many times over. */
const LIMIT = 512;

/** One service instance's level of one cache: its LRU and its counters (GET /internal/cache-stats). */
interface Local<T> {
  entries: Map<string, Entry<T>>;
  counters: Counters;
}

/** Every cache by name: what GET /internal/cache-stats lists. */
const registry = new Map<string, StampedCache<unknown>>();

export interface StampedCacheOptions<T> {
  /** Entries kept in each instance's LRU. */
  limit?: number;
  /** Shared by the replicas (distributed mode) with this codec; absent: this instance's LRU only. */
  codec?: Codec<T>;
}

/**
 * One cache of one kind of value (projection, report, …): key household|as_of, value the stamp and the promise of
 * the figures (concurrent reads of the same version share one computation). A failed computation is dropped.
 *
 * Each service instance (its ServiceContext: two instances in one test process keep apart, as two replicas do) has
 * its own LRU; a cache with a codec puts a miss of its LRU to the shared level first (./shared-cache.ts), and only a
 * miss there computes.
 */
export class StampedCache<T> {
  private readonly locals = new WeakMap<object, Local<T>>();
  private readonly all = new Set<WeakRef<Local<T>>>();
  private readonly limit: number;
  readonly codec: Codec<T> | undefined;

  constructor(
    readonly name: string,
    opts: StampedCacheOptions<T> = {},
  ) {
    this.limit = opts.limit ?? LIMIT;
    this.codec = opts.codec;
    if (registry.has(name)) throw new Error(`two caches are named ${name}`);
    registry.set(name, this as StampedCache<unknown>);
  }

  private local(ctx: ServiceContext): Local<T> {
    let l = this.locals.get(ctx);
    if (!l) {
      l = { entries: new Map(), counters: zeroCounters() };
      this.locals.set(ctx, l);
      this.all.add(new WeakRef(l));
    }
    return l;
  }

  private *live(): Generator<Local<T>> {
    for (const ref of this.all) {
      const l = ref.deref();
      if (l) yield l;
      else this.all.delete(ref);
    }
  }

  get(
    ctx: ServiceContext,
    hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
    asOf: string | undefined,
    stamp: Stamp,
    compute: () => Promise<T>,
    /** A computation ahead of a read (./prewarm.ts): counted as `prewarmed`, not as a hit or a miss of a read. */
    prewarm = false,
  ): Promise<T> {
    const l = this.local(ctx);
    const part = asOf ?? `today:${todayIso()}`;
    const key = `${hh.id}|${part}`;
    const found = l.entries.get(key);
    if (found && found.stamp === stamp) {
      if (!prewarm) l.counters.local_hits++;
      l.entries.delete(key);
      l.entries.set(key, found);
      return found.value;
    }
    const shared = this.codec ? sharedLevel(ctx) : null;
    // a prewarm counts into a scratch record: only whether it computed is kept
    const counters = prewarm ? zeroCounters() : l.counters;
    const value = shared
      ? shared.load(this.name, this.codec as Codec<T>, counters, [hh, part, stamp], compute)
      : (() => {
          counters.misses++;
          return compute();
        })();
    if (prewarm)
      void value.then(
        () => {
          l.counters.prewarmed += counters.misses;
          l.counters.bytes_written += counters.bytes_written;
          l.counters.shared_errors += counters.shared_errors;
        },
        () => undefined,
      );
    const entry = { stamp, value };
    l.entries.delete(key);
    l.entries.set(key, entry);
    value.catch(() => {
      if (l.entries.get(key) === entry) l.entries.delete(key);
    });
    while (l.entries.size > this.limit) {
      const oldest = l.entries.keys().next().value as string;
      l.entries.delete(oldest);
    }
    return value;
  }

  /** Local and shared hits of every instance of this process (tests). */
  get hits(): number {
    let n = 0;
    for (const l of this.live()) n += l.counters.local_hits + l.counters.shared_hits;
    return n;
  }

  /** Computations of every instance of this process (tests). */
  get misses(): number {
    let n = 0;
    for (const l of this.live()) n += l.counters.misses;
    return n;
  }

  /** One instance's counters. */
  counters(ctx: ServiceContext): Counters {
    return { ...(this.locals.get(ctx)?.counters ?? zeroCounters()) };
  }

  /** Whether this instance holds an entry of the household (any as-of date, any version): it was read lately. */
  holds(ctx: ServiceContext, householdId: string): boolean {
    const l = this.locals.get(ctx);
    if (!l) return false;
    for (const key of l.entries.keys()) if (key.startsWith(`${householdId}|`)) return true;
    return false;
  }

  /** Drops a household's entries (every as-of date) from every instance's LRU. */
  forget(householdId: string): void {
    for (const l of this.live())
      for (const key of [...l.entries.keys()]) if (key.startsWith(`${householdId}|`)) l.entries.delete(key);
  }

  /** Empties every instance's LRU (the shared level keeps its entries: they are keyed by version). */
  clear(): void {
    for (const l of this.live()) l.entries.clear();
  }

  get size(): number {
    let n = 0;
    for (const l of this.live()) n += l.entries.size;
    return n;
  }
}

/** GET /internal/cache-stats: every cache's counters in this service instance. */
export function cacheStats(ctx: ServiceContext): { caches: Record<string, Counters> } {
  return { caches: Object.fromEntries([...registry].map(([name, c]) => [name, c.counters(ctx)])) };
}
