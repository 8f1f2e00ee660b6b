import { randomUUID } from 'node:crypto';
import type { investmentReference as IR } from '@kinfolio/contracts';
import { type Identity, isUniqueViolation, type Knex, type ServiceContext } from '@kinfolio/service-kit';
import Decimal from 'decimal.js';
import { type FundImportConfig, fundImportConfig } from './config';
import { checkEntry, entryKey, type FeedEntry, type FeedFund, parseFeed } from './feed';
import { fundColumns } from './repository';
import { SAMPLE_FEED_SOURCE, SAMPLE_FUND_COUNT, sampleCode, sampleFeedCsv } from './sample-feed';
import { fromJson, openJobOfKind, PLATFORM_TENANT } from '../../jobs/repository';
import { type JobControl, JobFailure, type JobWork } from '../../jobs/runner';
import { enqueueJob, resendIfLost } from '../../jobs/service';

/** A fund import job's payload: the run it makes (made with the job) or resumes. */
interface FundImportJob {
  run_id: string;
  resume?: boolean;
}

interface RunRow {
  id: string;
  state: 'running' | 'done' | 'failed';
  trigger: 'demand' | 'schedule';
  source: string;
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  failures: IR.FundImportFailure[] | string;
  resumed: number;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

class LostLease extends Error {}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const dec = (v: unknown, places: number) => new Decimal(String(v)).toFixed(places);
/** The most failures the status lists (the count is always whole). */
const LISTED_FAILURES = 500;

/** Counts of one batch's writes. */
export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes one batch of checked feed funds: one read of the stored funds the batch names, then one multi-row upsert
 * (by the stable feed code) of only the new and the changed ones, so that a rerun of the same feed writes nothing.
 * A fund an admin deleted is not brought back (counted unchanged). The feed sets name, currency, price and price
 * date; company, risk level and split only when the feed gives them.
 */
export async function upsertFunds(trx: Knex, funds: FeedFund[], sample = false): Promise<BatchCounts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (!funds.length) return counts;
  await addFundHouses(trx, funds);
  const stored = await trx('investment_funds')
    .whereIn(
      'code',
      funds.map((f) => f.code),
    )
    .select(...fundColumns(trx), 'deleted_at');
  const byCode = new Map(stored.map((s) => [s.code as string, s]));
  const now = new Date();
  const writes: Record<string, unknown>[] = [];
  for (const f of funds) {
    const s = byCode.get(f.code);
    if (s?.deleted_at) {
      counts.unchanged++;
      continue;
    }
    const next = {
      name: f.name,
      company: f.company ?? s?.company ?? '',
      currency: f.currency,
      risk_level: f.risk_level ?? s?.risk_level ?? 'medium',
      equity: f.split?.equity ?? (s ? dec(s.equity, 3) : '0.000'),
      bond: f.split?.bond ?? (s ? dec(s.bond, 3) : '0.000'),
      others: f.split?.others ?? (s ? dec(s.others, 3) : '100.000'),
      price: f.price,
      price_date: f.price_date,
      sample,
    };
    if (s) {
      const same =
        s.name === next.name &&
        s.company === next.company &&
        s.currency === next.currency &&
        s.risk_level === next.risk_level &&
        dec(s.equity, 3) === next.equity &&
        dec(s.bond, 3) === next.bond &&
        dec(s.others, 3) === next.others &&
        s.price !== null &&
        dec(s.price, 6) === next.price &&
        s.price_date === next.price_date &&
        Boolean(s.sample) === sample;
      if (same) {
        counts.unchanged++;
        continue;
      }
      counts.updated++;
      writes.push({ id: s.id, code: f.code, ...next, updated_at: now });
    } else {
      counts.created++;
      writes.push({ id: randomUUID(), code: f.code, ...next, created_at: now, updated_at: now });
    }
  }
  if (writes.length) {
    // one row shape for the whole statement (created rows name created_at; updated ones keep theirs)
    const rows = writes.map((w) => ({ created_at: now, ...w }));
    await trx('investment_funds')
      .insert(rows)
      .onConflict('code')
      .merge([
        'name',
        'company',
        'currency',
        'risk_level',
        'equity',
        'bond',
        'others',
        'price',
        'price_date',
        'sample',
        'updated_at',
      ]);
  }
  return counts;
}

/**
 * The fund houses a batch names join the admin's Investment › Company list (issue 31 item 8), once each: a house
 * already listed (in any case) is left as it is.
 */
async function addFundHouses(trx: Knex, funds: FeedFund[]): Promise<void> {
  const houses = new Map<string, string>();
  for (const f of funds)
    if (f.company && !houses.has(f.company.toLowerCase())) houses.set(f.company.toLowerCase(), f.company);
  if (!houses.size) return;
  const listed = new Set(
    (
      await trx('investment_companies')
        .whereRaw('lower(name) = any(?)', [[...houses.keys()]])
        .pluck('name')
    ).map((n: string) => n.toLowerCase()),
  );
  const rows = [...houses].filter(([key]) => !listed.has(key)).map(([, name]) => ({ id: randomUUID(), name }));
  if (rows.length) await trx('investment_companies').insert(rows).onConflict().ignore();
}

/** The funds of the bundled sample feed that the list does not have yet (one query over its codes). */
export async function newSampleFunds(db: Knex): Promise<number> {
  const codes = Array.from({ length: SAMPLE_FUND_COUNT }, (_, k) => sampleCode(k + 1));
  const [row] = await db('investment_funds').whereIn('code', codes).count<{ n: string | number }[]>({ n: '*' });
  return SAMPLE_FUND_COUNT - Number(row?.n ?? 0);
}

/**
 * The fund price import (issue 15): reads the configured feed (an HTTP URL of CSV or JSON; embedded mode without one
 * reads the bundled sample), writes it in batches, and keeps a run record whose progress the status reports. One run
 * at a time across replicas: a lease row (fund_import_lease) is taken with a conditional update and renewed in every
 * batch's transaction, which works the same on PostgreSQL and PGlite (service-kit has no lock helper). A run whose
 * replica stopped or died stays `running` with its position; the next replica to find its lease free or expired
 * resumes it from there.
 *
 * Since issue 37 a run is a job (kind fund_import) of svc-planning's worker processes: the API (GET scrap-all-funds,
 * the schedule, a run left behind) makes the job and its run record in one transaction; one job at a time (a partial
 * unique index); the worker takes the lease, runs or resumes the run, reports done of total as the job's progress
 * (to admins) and stops between batches when the job is cancelled (the run fails "Cancelled") or the worker stops
 * (the run stays `running` for the job's next attempt to resume).
 */
export class FundImporter {
  readonly holder = randomUUID();
  readonly cfg: FundImportConfig;
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly startedAt = Date.now();

  constructor(private readonly ctx: ServiceContext) {
    this.cfg = fundImportConfig(process.env);
  }

  get configured(): boolean {
    return Boolean(this.cfg.FUND_FEED_URL) || this.ctx.config.MODE !== 'distributed';
  }
  get source(): string {
    return this.cfg.FUND_FEED_URL ?? SAMPLE_FEED_SOURCE;
  }
  /** The source is the bundled sample feed (made-up funds, marked as samples). */
  get sample(): boolean {
    return this.configured && !this.cfg.FUND_FEED_URL;
  }

  /** What a start would do, for the admin's confirmation: the source, and for the sample feed how many funds it adds. */
  async preview(): Promise<IR.FundImportPreview> {
    return {
      configured: this.configured,
      sample: this.sample,
      source: this.configured ? this.source : null,
      new_funds: this.sample ? await newSampleFunds(this.ctx.db) : null,
    };
  }

  /** Resumes a run left behind and starts the schedule. */
  start(): void {
    const every = Math.min(this.cfg.FUND_IMPORT_LEASE_MS, this.cfg.FUND_IMPORT_INTERVAL_MS || Number.POSITIVE_INFINITY);
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    void this.tick();
  }

  /** Stops the schedule (the runs are the workers' jobs: jobs/runner.ts stops them between batches). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.wake?.();
  }

  /** Idle work: resume a run whose replica is gone, or start the scheduled one when it is due. */
  async tick(): Promise<void> {
    if (this.stopping) return;
    try {
      const left = await this.ctx.db('fund_import_runs').where({ state: 'running' }).first('id');
      if (left) {
        await this.request('resume');
        return;
      }
      const every = this.cfg.FUND_IMPORT_INTERVAL_MS;
      if (!every || !this.configured) return;
      // the first scheduled run comes one interval after the start (a fresh install imports on demand first)
      const last = await this.ctx.db('fund_import_runs').orderBy('started_at', 'desc').first('started_at');
      const since = last ? new Date(last.started_at).getTime() : this.startedAt;
      if (Date.now() - since >= every) await this.request('schedule');
    } catch (err) {
      if (!this.stopping) this.ctx.logger.warn({ err }, 'fund import tick failed');
    }
  }

  /**
   * Asks for a run as a job (or for the run left behind to be resumed). False when a run's job is open already: a
   * job whose worker is gone without its message (its heartbeat stale) has its message sent again (resendIfLost).
   */
  async request(trigger: 'demand' | 'schedule' | 'resume', who: Identity | null = null): Promise<boolean> {
    const { db } = this.ctx;
    const open = await openJobOfKind(db, PLATFORM_TENANT, 'fund_import');
    if (open) {
      await resendIfLost(this.ctx, open);
      return false;
    }
    const left: RunRow | undefined = await db('fund_import_runs')
      .where({ state: 'running' })
      .orderBy('started_at', 'desc')
      .first();
    if (!left && trigger === 'resume') return false;
    const runId = left?.id ?? randomUUID();
    const payload: FundImportJob = left ? { run_id: runId, resume: true } : { run_id: runId };
    try {
      await enqueueJob(this.ctx, {
        advisorId: PLATFORM_TENANT,
        householdId: null,
        who,
        kind: 'fund_import',
        payload,
        also: async (trx) => {
          if (!left)
            await trx('fund_import_runs').insert({ id: runId, state: 'running', trigger, source: this.source });
        },
      });
      return true;
    } catch (err) {
      // another replica made the job at the same moment (jobs_one_fund_import)
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** The worker's side of a fund import job: the lease, then the run made or resumed, its progress as the job's. */
  async runJob(control: JobControl): Promise<{ result: unknown; stage: string }> {
    const { db } = this.ctx;
    const p = fromJson<FundImportJob>(control.row.payload);
    const wake = () => this.wake?.();
    control.signal.addEventListener('abort', wake);
    try {
      // one run at a time across processes: a holder that died lets the lease go when it expires
      while (!(await this.acquire())) {
        if (control.signal.aborted) throw control.signal.reason;
        await this.pause(Math.min(500, this.cfg.FUND_IMPORT_LEASE_MS));
      }
      const run: RunRow | undefined = await db('fund_import_runs').where({ id: p.run_id }).first();
      if (!run || run.state !== 'running') {
        await this.release();
        return { result: { run_id: p.run_id }, stage: 'Nothing left to import' };
      }
      if (p.resume || control.row.attempts > 1) {
        await db('fund_import_runs')
          .where({ id: run.id })
          .update({ resumed: run.resumed + 1, heartbeat_at: db.fn.now() });
        run.resumed += 1;
        this.ctx.logger.info({ run: run.id, at: run.done }, 'fund import resumed');
      }
      await this.execute(run, control);
      const after: RunRow = await db('fund_import_runs').where({ id: run.id }).first();
      if (after.state === 'failed') throw new JobFailure(after.error ?? 'The fund price import failed');
      if (after.state === 'running')
        throw control.signal.aborted ? control.signal.reason : new Error('the import lease was lost');
      return { result: { run_id: run.id }, stage: `Imported ${after.done} of ${after.total} funds` };
    } finally {
      control.signal.removeEventListener('abort', wake);
    }
  }

  /** The latest run and whether one is under way. */
  async status(): Promise<IR.FundImportStatus> {
    const row: (RunRow & { failed: number | string }) | undefined = await this.ctx
      .db('fund_import_runs')
      .orderBy('started_at', 'desc')
      .first('*', this.ctx.db.raw('jsonb_array_length(failures) as failed'));
    return {
      configured: this.configured,
      sample: this.sample,
      running: row?.state === 'running',
      interval_ms: this.cfg.FUND_IMPORT_INTERVAL_MS,
      run: row ? toRun(row) : null,
    };
  }

  private async acquire(): Promise<boolean> {
    const taken = await this.ctx
      .db('fund_import_lease')
      .where({ id: 1 })
      .andWhere((w) => w.whereNull('holder').orWhere('expires_at', '<', this.ctx.db.fn.now()))
      .update({
        holder: this.holder,
        expires_at: this.ctx.db.raw("now() + (? * interval '1 millisecond')", [this.cfg.FUND_IMPORT_LEASE_MS]),
      });
    return taken === 1;
  }

  private async renew(trx: Knex): Promise<boolean> {
    const kept = await trx('fund_import_lease')
      .where({ id: 1, holder: this.holder })
      .update({ expires_at: trx.raw("now() + (? * interval '1 millisecond')", [this.cfg.FUND_IMPORT_LEASE_MS]) });
    return kept === 1;
  }

  private async release(): Promise<void> {
    await this.ctx
      .db('fund_import_lease')
      .where({ id: 1, holder: this.holder })
      .update({ holder: null, expires_at: null });
  }

  private async readFeed(): Promise<string> {
    const url = this.cfg.FUND_FEED_URL;
    if (!url) return sampleFeedCsv();
    const res = await fetch(url, {
      signal: AbortSignal.timeout(60_000),
      headers: { accept: 'text/csv, application/json' },
    });
    if (!res.ok || !res.body) throw new Error(`The fund price feed answered ${res.status}`);
    const max = this.cfg.FUND_FEED_MAX_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > max) throw new Error(`The fund price feed is larger than ${max} bytes`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private async pause(ms: number): Promise<void> {
    if (!ms || this.stopping) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.wake = null;
  }

  private async execute(run: RunRow, control: JobControl): Promise<void> {
    const { db, logger } = this.ctx;
    try {
      const entries: FeedEntry[] = parseFeed(await this.readFeed());
      const keyed = entries
        .map((e) => ({ e, key: entryKey(e) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const sorted = keyed.map((k) => k.e);
      const currencies = new Set<string>(await db('currency_rates').pluck('code'));
      if (!(await this.renew(db))) throw new LostLease('the import lease was lost');
      await db('fund_import_runs').where({ id: run.id }).update({ total: sorted.length });
      const size = this.cfg.FUND_IMPORT_BATCH_SIZE;
      for (let at = run.done; at < sorted.length; at += size) {
        control.report((100 * at) / Math.max(1, sorted.length), `Imported ${at} of ${sorted.length} funds`);
        if (control.cancelled) {
          await db('fund_import_runs')
            .where({ id: run.id })
            .update({ state: 'failed', error: 'Cancelled by an admin', finished_at: db.fn.now() });
          return;
        }
        // the worker is stopping: the run stays running where it is, for the job's next attempt
        if (this.stopping || control.signal.aborted) return;
        const funds: FeedFund[] = [];
        const failures: IR.FundImportFailure[] = [];
        sorted.slice(at, at + size).forEach((e, k) => {
          const prev = sorted[at + k - 1];
          if (e.fields.code && prev && prev.fields.code === e.fields.code) {
            failures.push({
              code: e.fields.code,
              name: e.fields.name || null,
              field: 'code',
              message: 'Listed twice in the feed',
            });
            return;
          }
          const checked = checkEntry(e, currencies);
          if ('fund' in checked) funds.push(checked.fund);
          else failures.push(checked.failure);
        });
        const done = Math.min(at + size, sorted.length);
        await db.transaction(async (trx) => {
          if (!(await this.renew(trx))) throw new LostLease('the import lease was lost');
          const c = await upsertFunds(trx, funds, run.source === SAMPLE_FEED_SOURCE);
          await trx('fund_import_runs')
            .where({ id: run.id })
            .update({
              done,
              created: trx.raw('created + ?', [c.created]),
              updated: trx.raw('updated + ?', [c.updated]),
              unchanged: trx.raw('unchanged + ?', [c.unchanged]),
              failures: failures.length
                ? trx.raw('failures || ?::jsonb', [JSON.stringify(failures)])
                : trx.raw('failures'),
              heartbeat_at: trx.fn.now(),
            });
        });
        if (done < sorted.length) await this.pause(this.cfg.FUND_IMPORT_BATCH_PAUSE_MS);
      }
      await db('fund_import_runs').where({ id: run.id }).update({ state: 'done', finished_at: db.fn.now() });
      logger.info({ run: run.id, total: sorted.length }, 'fund import done');
    } catch (err) {
      if (err instanceof LostLease) {
        logger.warn({ run: run.id }, 'fund import lease lost: another replica resumes the run');
        return;
      }
      logger.error({ err, run: run.id }, 'fund import failed');
      const message = err instanceof Error ? err.message : String(err);
      await db('fund_import_runs')
        .where({ id: run.id })
        .update({ state: 'failed', error: message.slice(0, 500), finished_at: db.fn.now() })
        .catch(() => undefined);
    } finally {
      await this.release().catch(() => undefined);
    }
  }
}

function toRun(row: RunRow & { failed: number | string }): IR.FundImportRun {
  const failures =
    typeof row.failures === 'string' ? (JSON.parse(row.failures) as IR.FundImportFailure[]) : row.failures;
  return {
    id: row.id,
    state: row.state,
    trigger: row.trigger,
    source: row.source,
    total: row.total,
    done: row.done,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: Number(row.failed),
    failures: failures.slice(0, LISTED_FAILURES),
    resumed: row.resumed,
    error: row.error,
    started_at: iso(row.started_at) as string,
    finished_at: iso(row.finished_at),
  };
}

const importers = new WeakMap<ServiceContext, FundImporter>();

/** The service's one importer (made on first use; its configuration is validated then). */
export function fundImporter(ctx: ServiceContext): FundImporter {
  let it = importers.get(ctx);
  if (!it) {
    it = new FundImporter(ctx);
    importers.set(ctx, it);
  }
  return it;
}
export const startFundImports = async (ctx: ServiceContext): Promise<void> => fundImporter(ctx).start();
export const stopFundImports = async (ctx: ServiceContext): Promise<void> => {
  await importers.get(ctx)?.stop();
};

/** The fund import job's work on a worker (jobs/kinds.ts). */
export const runFundImportJob: JobWork = (ctx, control) => fundImporter(ctx).runJob(control);
