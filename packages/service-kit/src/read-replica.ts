import knexFactory, { type Knex } from 'knex';
import type { Logger } from './logger';

/**
 * A PostgreSQL LSN ('16/B374D848') as a fixed-width hex string ('00000016B374D848'): two positions compare as
 * strings, in JavaScript and in Redis alike.
 */
export function lsnKey(lsn: string): string {
  const [hi = '0', lo = '0'] = lsn.trim().toUpperCase().split('/');
  return hi.padStart(8, '0') + lo.padStart(8, '0');
}

export interface ReadReplicaOptions {
  /** After a failure, the replica is left alone this long before it is tried again. */
  retryMs?: number;
  /** The replica's replay position is asked at most this often (reads in between use the last answer). */
  replayCacheMs?: number;
  /** A probe of the replica that takes longer than this counts as a failure. */
  probeTimeoutMs?: number;
  /**
   * A replica further behind than this counts as down (read-your-writes marks live 60 s: it must not lag as long):
   * seconds since the last transaction it replayed, taken only while it holds 16 MB or more of received WAL not yet
   * replayed (on a quiet primary that age says nothing: one new write after an idle hour is not an hour of lag).
   */
  maxLagSec?: number;
  poolMax?: number;
}

/**
 * The read replica of a service's database (READ_DATABASE_URL): a second knex over the same schema with a small pool,
 * and what the service knows of it: whether it answers and how far it has replayed the primary's WAL. It never
 * makes a request fail: while it does not answer, `replayed` says no and reads go to the primary; it is tried again
 * after `retryMs`, and each outage is logged once.
 */
export class ReadReplica {
  readonly db: Knex;
  private downUntil = 0;
  private outage = false;
  private replay: { at: number; lsn: Promise<string | null> } | null = null;
  private readonly retryMs: number;
  private readonly replayCacheMs: number;
  private readonly probeTimeoutMs: number;
  private readonly maxLagSec: number;

  constructor(
    url: string,
    schema: string,
    private readonly logger: Logger,
    opts: ReadReplicaOptions = {},
  ) {
    this.retryMs = opts.retryMs ?? 3000;
    this.replayCacheMs = opts.replayCacheMs ?? 20;
    this.probeTimeoutMs = opts.probeTimeoutMs ?? 1000;
    this.maxLagSec = opts.maxLagSec ?? 30;
    // no CREATE SCHEMA here (a standby is read-only): the schema arrives with the primary's WAL
    this.db = knexFactory({
      client: 'pg',
      connection: url,
      searchPath: [schema, 'public'],
      pool: { min: 0, max: opts.poolMax ?? 4 },
      acquireConnectionTimeout: 2000,
      // knex's own lines about a replica it cannot reach (the warning above says it once per outage)
      log: {
        warn: (m: unknown) => logger.debug({ knex: String(m) }, 'read replica'),
        error: (m: unknown) => logger.debug({ knex: String(m) }, 'read replica'),
        debug: () => undefined,
        deprecate: () => undefined,
      },
    });
  }

  /** False while a failure is fresh (reads go to the primary without trying the replica). */
  get available(): boolean {
    return Date.now() >= this.downUntil;
  }

  /**
   * The replica's replay position (lsnKey form), asked at most every `replayCacheMs`; null while it is down or is not
   * a standby (a promoted or plain server replays nothing: reads of a recent write then stay on the primary).
   */
  replayPosition(): Promise<string | null> {
    if (!this.available) return Promise.resolve(null);
    const now = Date.now();
    if (this.replay && now - this.replay.at < this.replayCacheMs) return this.replay.lsn;
    const lsn = this.probe();
    this.replay = { at: now, lsn };
    return lsn;
  }

  /** True when the replica answers and has replayed the primary's WAL up to `lsn` (lsnKey form). */
  async replayed(lsn: string): Promise<boolean> {
    const at = await this.replayPosition();
    return at !== null && at >= lsn;
  }

  private async probe(): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const res = await Promise.race([
        this.db.raw(
          `SELECT pg_last_wal_replay_lsn()::text AS lsn,
                  CASE WHEN pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn()) < 16777216 THEN 0
                       ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END AS lag`,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${this.probeTimeoutMs} ms`)), this.probeTimeoutMs);
        }),
      ]);
      const row = res.rows?.[0] as { lsn?: string | null; lag?: number | string | null } | undefined;
      if (Number(row?.lag ?? 0) > this.maxLagSec) throw new Error(`the replica lags ${Number(row?.lag)} s behind`);
      if (this.outage) this.logger.info('the read replica answers again: lag-tolerant reads go to it');
      this.outage = false;
      return row?.lsn ? lsnKey(row.lsn) : null;
    } catch (err) {
      this.failed(err);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A query on the replica failed: reads go to the primary for `retryMs` (logged once per outage). */
  failed(err: unknown): void {
    this.downUntil = Date.now() + this.retryMs;
    this.replay = null;
    if (!this.outage)
      this.logger.warn(
        { err: (err as Error)?.message, retryInMs: this.retryMs },
        'the read replica does not answer: reads go to the primary',
      );
    this.outage = true;
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
