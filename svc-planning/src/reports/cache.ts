import type { Knex } from '@kinfolio/service-kit';
import { todayIso } from '../balance-sheet/rules';
import type { HouseholdRow } from '../records/access';
import { RATE_TABLES_STAMP_SQL } from '../rate-tables/repository';
import { syncRateTables } from '../rate-tables/service';

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

/**
 * One LRU map per kind of cached value (projection, report): key household|as_of, value the stamp and the promise
 * of the figures (concurrent reads of the same version share one computation). A failed computation is dropped.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  hits = 0;
  misses = 0;

  constructor(private readonly limit = LIMIT) {}

  get(hh: Pick<HouseholdRow, 'id'>, asOf: string | undefined, stamp: Stamp, compute: () => Promise<T>): Promise<T> {
    const key = `${hh.id}|${asOf ?? `today:${todayIso()}`}`;
    const found = this.entries.get(key);
    if (found && found.stamp === stamp) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    this.misses++;
    const value = compute();
    const entry = { stamp, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Drops a household's entries (every as-of date). */
  forget(householdId: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${householdId}|`)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
