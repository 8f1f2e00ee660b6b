import type { Express } from 'express';
import {
  internalOnly,
  type Knex,
  lsnKey,
  type ReadReplica,
  RedisCache,
  type ServiceContext,
} from '@kinfolio/service-kit';

/**
 * Issue 37: reads that can lag (the report and projection, the scenario run's stored household, the exports) go to the
 * read replica (ctx.replica, a hot standby of the primary), with read-your-writes across every replica of
 * svc-planning (docs/decisions/scale-h2.md):
 *
 * - a write to a household's data marks the household in Redis inside its transaction (`p`, writes in flight) and,
 *   once it committed, stores the primary's WAL position read after the commit (`l`, kept as the highest ever
 *   stored) and ends its mark; the entry lives 60 s after the last write;
 * - a read of that household goes to the primary while a write is in flight or while the replica has not replayed
 *   `l`, else to the replica. Writes to what every report reads (planning thresholds, rate tables) mark one global
 *   entry the same way, so a report never computes with the replica's older thresholds under the primary's new stamp.
 *
 * The report cache's stamp is still read on the primary (reports/cache.ts): the entry is then never older than the
 * stamp it is kept under. Without a replica (embedded mode, none configured, or down) every read uses ctx.db.
 */

const TTL_SEC = 60;
const GLOBAL = 'global';
const keyOf = (id: string) => `ryw:${id}`;

/** Where a read went: the replica, the primary (no replica answering), the primary for read-your-writes. */
export interface ReadStats {
  replica: number;
  primary: number;
  ryw_primary: number;
}

/** A household's read-your-writes entry: writes in flight and the highest WAL position stored (lsnKey form). */
export interface WriteMark {
  pending: number;
  lsn: string | null;
}

/**
 * The routing decision (no I/O): the primary while a write is in flight; the primary while the replica (its replay
 * position, null when it does not answer) is behind the last write's position; else the replica.
 */
export function route(marks: WriteMark[], replayedTo: string | null): keyof ReadStats {
  if (replayedTo === null) return 'primary';
  if (marks.some((m) => m.pending > 0)) return 'ryw_primary';
  const needed = marks.reduce<string | null>((a, m) => (m.lsn && (!a || m.lsn > a) ? m.lsn : a), null);
  return needed && replayedTo < needed ? 'ryw_primary' : 'replica';
}

/** The entries, in Redis when the service has it (shared by every replica of svc-planning), else in this process. */
interface MarkStore {
  begin(keys: string[]): Promise<void>;
  end(keys: string[], lsn: string | null): Promise<void>;
  read(keys: string[]): Promise<WriteMark[]>;
}

// ends a write's mark and keeps the highest position (fixed-width hex strings compare as strings)
const END_SCRIPT = `for _, k in ipairs(KEYS) do
  redis.call('HINCRBY', k, 'p', -1)
  if ARGV[1] ~= '' then
    local cur = redis.call('HGET', k, 'l')
    if (not cur) or cur < ARGV[1] then redis.call('HSET', k, 'l', ARGV[1]) end
  end
  redis.call('EXPIRE', k, tonumber(ARGV[2]))
end
return 1`;

function redisMarks(cache: RedisCache): MarkStore {
  const k = (key: string) => cache.prefix + key;
  return {
    async begin(keys) {
      const m = cache.client.multi();
      for (const key of keys) m.hincrby(k(key), 'p', 1).expire(k(key), TTL_SEC);
      await m.exec();
    },
    async end(keys, lsn) {
      await cache.client.eval(END_SCRIPT, keys.length, ...keys.map(k), lsn ?? '', String(TTL_SEC));
    },
    async read(keys) {
      const p = cache.client.pipeline();
      for (const key of keys) p.hmget(k(key), 'p', 'l');
      const res = (await p.exec()) ?? [];
      return res.map(([err, v]) => {
        if (err) throw err;
        const [pending, lsn] = v as [string | null, string | null];
        return { pending: Number(pending ?? 0), lsn };
      });
    },
  };
}

function memoryMarks(): MarkStore {
  const marks = new Map<string, WriteMark & { until: number }>();
  const get = (key: string) => {
    const m = marks.get(key);
    return m && m.until > Date.now() ? m : { pending: 0, lsn: null, until: 0 };
  };
  const put = (key: string, m: WriteMark) => marks.set(key, { ...m, until: Date.now() + TTL_SEC * 1000 });
  return {
    async begin(keys) {
      for (const key of keys) put(key, { ...get(key), pending: get(key).pending + 1 });
    },
    async end(keys, lsn) {
      for (const key of keys) {
        const m = get(key);
        put(key, { pending: m.pending - 1, lsn: lsn && (!m.lsn || lsn > m.lsn) ? lsn : m.lsn });
      }
    },
    async read(keys) {
      return keys.map((key) => {
        const { pending, lsn } = get(key);
        return { pending, lsn };
      });
    },
  };
}

class ReadRouter {
  readonly stats: ReadStats = { replica: 0, primary: 0, ryw_primary: 0 };
  private readonly marks: MarkStore;
  /** Until then, a write could not be marked: this process reads the primary (a write never fails for a mark). */
  private unmarkedUntil = 0;
  /** Redis did not answer the last read of the marks (warned once per outage). */
  private marksUnreadable = false;
  /** The keys each open transaction marked (its end runs once, after it commits or rolls back). */
  private readonly open = new WeakMap<object, Set<string>>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly replica: ReadReplica,
  ) {
    const cache = ctx.ports.cache;
    this.marks = cache instanceof RedisCache ? redisMarks(cache) : memoryMarks();
  }

  async readerFor(householdId: string): Promise<Knex> {
    let where: keyof ReadStats = 'primary';
    try {
      if (Date.now() < this.unmarkedUntil) where = 'ryw_primary';
      else if (this.replica.available) {
        const [marks, replayedTo] = await Promise.all([
          this.marks.read([keyOf(householdId), keyOf(GLOBAL)]),
          this.replica.replayPosition(),
        ]);
        where = route(marks, replayedTo);
        this.marksUnreadable = false;
      }
    } catch (err) {
      // Redis did not answer: the primary is always right
      if (!this.marksUnreadable)
        this.ctx.logger.warn({ err: (err as Error).message }, 'read-your-writes marks unreadable: reading the primary');
      this.marksUnreadable = true;
      where = 'ryw_primary';
    }
    this.stats[where]++;
    return where === 'replica' ? this.replica.db : this.ctx.db;
  }

  /** `db` writes the data of `id` (a household, or GLOBAL): marks it now, stores the WAL position after commit. */
  async wrote(db: Knex, id: string): Promise<void> {
    const key = keyOf(id);
    // a savepoint's own end is not the commit: the position is read once the outermost transaction committed
    let trx = db.isTransaction ? (db as Knex.Transaction) : null;
    while (trx?.parentTransaction) trx = trx.parentTransaction;
    const seen = trx ? this.open.get(trx) : undefined;
    if (seen?.has(key)) return;
    if (!(await this.begin(key))) return;
    if (!trx) {
      // not in a transaction: what it wrote is committed already
      await this.end([key], true);
      return;
    }
    if (seen) seen.add(key);
    else {
      const keys = new Set([key]);
      this.open.set(trx, keys);
      trx.executionPromise.then(
        () => this.end([...keys], true),
        () => this.end([...keys], false),
      );
    }
  }

  /** `work` writes the data of `id` outside a transaction: marked before it runs, its position stored after it. */
  async writing<T>(db: Knex, id: string, work: () => Promise<T>): Promise<T> {
    if (db.isTransaction) {
      await this.wrote(db, id);
      return work();
    }
    const key = keyOf(id);
    const marked = await this.begin(key);
    let done = false;
    try {
      const result = await work();
      done = true;
      return result;
    } finally {
      if (marked) await this.end([key], done);
    }
  }

  /** Marks a write in flight; false when Redis did not answer (the write goes on, this process reads the primary). */
  private async begin(key: string): Promise<boolean> {
    try {
      await this.marks.begin([key]);
      return true;
    } catch (err) {
      // the other replicas of svc-planning read the primary too while Redis does not answer them either
      this.unmarkedUntil = Date.now() + TTL_SEC * 1000;
      this.ctx.logger.warn({ err: (err as Error).message }, 'read-your-writes mark not written: reading the primary');
      return false;
    }
  }

  private async end(keys: string[], committed: boolean): Promise<void> {
    try {
      let lsn: string | null = null;
      if (committed) {
        const res = await this.ctx.db.raw('SELECT pg_current_wal_lsn()::text AS lsn');
        lsn = lsnKey((res.rows[0] as { lsn: string }).lsn);
      }
      await this.marks.end(keys, lsn);
    } catch (err) {
      // the mark stays until its TTL: reads of the household go to the primary until then (safe)
      this.ctx.logger.warn({ err: (err as Error).message }, 'read-your-writes mark not ended');
    }
  }
}

/** One router per service (its primary knex's config object: a transaction's knex shares it). */
const routers = new WeakMap<object, ReadRouter>();
const routerOf = (db: Knex): ReadRouter | undefined => routers.get(db.client.config as object);

/** Turns read routing on for a service that has a read replica (svc-planning's onStart). */
export function startReadRouting(ctx: ServiceContext): void {
  if (ctx.replica) routers.set(ctx.db.client.config as object, new ReadRouter(ctx, ctx.replica));
}

/**
 * The knex a lag-tolerant read of the household uses: the replica unless a write of the household (or of what every
 * report reads) is in flight or not yet replayed there, or the replica does not answer; else the primary (ctx.db).
 * Never inside a write transaction, never for a check that decides who may write.
 */
export function readerFor(ctx: ServiceContext, hh: { id: string }): Promise<Knex> {
  const router = routerOf(ctx.db);
  return router ? router.readerFor(hh.id) : Promise.resolve(ctx.db);
}

/** `ctx` with its reads on the household's reader (the report, projection and export reads take a context). */
export async function readContext(ctx: ServiceContext, hh: { id: string }): Promise<ServiceContext> {
  const db = await readerFor(ctx, hh);
  return db === ctx.db ? ctx : { ...ctx, db };
}

/** Called by every write of a household's data (households/changes.ts householdChanged, the record insert). */
export function householdWritten(db: Knex, hh: { id: string }): Promise<void> {
  return routerOf(db)?.wrote(db, hh.id) ?? Promise.resolve();
}

/**
 * Runs `work`, a write of the household's data in one statement outside a transaction (the record insert): marked
 * before it runs, so no reader anywhere reaches a replica without it; in a transaction, as householdWritten.
 */
export function householdWrite<T>(db: Knex, hh: { id: string }, work: () => Promise<T>): Promise<T> {
  const router = routerOf(db);
  return router ? router.writing(db, hh.id, work) : work();
}

/** Called by writes of what every household's report reads (planning thresholds, rate tables). */
export function sharedDataWritten(db: Knex): Promise<void> {
  return routerOf(db)?.wrote(db, GLOBAL) ?? Promise.resolve();
}

/** Where reads went, since the start (null: no replica, every read on the primary). */
export function readStats(ctx: ServiceContext): ReadStats | null {
  const router = routerOf(ctx.db);
  return router ? { ...router.stats } : null;
}

/** GET /internal/read-stats on svc-planning's own port: `{ replica, primary, ryw_primary }` (all 0 without a replica). */
export function readStatsRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/internal/read-stats', internalOnly, (_req, res) => {
    res.json(readStats(ctx) ?? { replica: 0, primary: 0, ryw_primary: 0 });
  });
}
