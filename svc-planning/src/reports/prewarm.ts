import type { Knex, ServiceContext } from '@kinfolio/service-kit';
import { z } from 'zod';

/**
 * Reports made ahead of the read (issue 37): after a write of a household whose report this instance has served
 * lately (its entry is in the report cache's LRU: someone has it open, and the live household event is about to make
 * their screen read it again), the report of the new version is computed once the write commits and put in the
 * cache, local and shared. The read that follows is a hit instead of the one computation per write a cache keyed by
 * version otherwise costs. A household nobody looked at lately is not computed (a bulk import costs nothing more);
 * a burst of writes of one household is computed once, after it (DEBOUNCE_MS); at most MAX_RUNNING run at once and a
 * household waiting is not queued twice. It is bounded so it never competes with the requests it serves: one
 * computation at a time, at most PER_SECOND a second per instance, at most MAX_WAITING households waiting — a burst of
 * writes beyond that is left to the reads (a screen's reload computes, as it would without this). Its computations are counted as `prewarmed`, never as hits or misses of a
 * read. Turned on by PREWARM_REPORTS=on (start:distributed, the k8s Deployment, bench:scale); off by default so the
 * tests that count computations see only their own.
 */
export const PrewarmConfig = z.object({ PREWARM_REPORTS: z.enum(['on', 'off']).default('off') });
const DEBOUNCE_MS = 150;
/** One computation at a time, at most PER_SECOND a second: the reports made ahead take at most a fraction of a core. */
const MAX_RUNNING = 1;
const PER_SECOND = 10;
/** Households waiting beyond this are not made ahead (their next read computes, as without prewarming). */
const MAX_WAITING = 16;

interface Target {
  id: string;
  advisor_id: string;
}
export interface PrewarmWork {
  /** Whether this instance served the household's report lately. */
  looked(ctx: ServiceContext, householdId: string): boolean;
  /** Computes and caches the household's current report (not counted as a read). */
  warm(ctx: ServiceContext, hh: Target): Promise<void>;
}

class Prewarmer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly waiting = new Map<string, Target>();
  private running = 0;
  private stopped = false;
  /** Start times of the computations of the last second (the rate bound). */
  private started: number[] = [];
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly work: PrewarmWork,
  ) {}

  /** `db` wrote the household's data: schedules its report once the outermost transaction has committed. */
  wrote(db: Knex, hh: Target): void {
    if (this.stopped || !this.work.looked(this.ctx, hh.id)) return;
    let trx = db.isTransaction ? (db as Knex.Transaction) : null;
    while (trx?.parentTransaction) trx = trx.parentTransaction;
    const target = { id: hh.id, advisor_id: hh.advisor_id };
    if (trx)
      trx.executionPromise.then(
        () => this.schedule(target),
        () => undefined,
      );
    else this.schedule(target);
  }

  private schedule(hh: Target): void {
    clearTimeout(this.timers.get(hh.id));
    const timer = setTimeout(() => {
      this.timers.delete(hh.id);
      if (this.waiting.size < MAX_WAITING) this.waiting.set(hh.id, hh);
      this.next();
    }, DEBOUNCE_MS);
    timer.unref();
    this.timers.set(hh.id, timer);
  }

  private next(): void {
    const now = Date.now();
    this.started = this.started.filter((t) => now - t < 1000);
    if (this.started.length >= PER_SECOND && this.waiting.size && !this.stopped) {
      // over the rate: try again when the oldest start leaves the window
      const wait = 1000 - (now - (this.started[0] as number));
      if (!this.retry) {
        this.retry = setTimeout(() => {
          this.retry = null;
          this.next();
        }, wait);
        this.retry.unref();
      }
      return;
    }
    while (!this.stopped && this.running < MAX_RUNNING && this.waiting.size && this.started.length < PER_SECOND) {
      this.started.push(Date.now());
      const [id, hh] = this.waiting.entries().next().value as [string, Target];
      this.waiting.delete(id);
      this.running++;
      this.work
        .warm(this.ctx, hh)
        .catch((err: unknown) => this.ctx.logger.debug({ err, householdId: id }, 'report prewarm failed'))
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.waiting.clear();
  }
}

/** One prewarmer per service instance, found from any knex of it (a transaction's knex shares its config object). */
const prewarmers = new WeakMap<object, Prewarmer>();

/** Turns prewarming on for this instance when PREWARM_REPORTS=on (svc-planning's onStart). */
export function startPrewarm(ctx: ServiceContext, env: NodeJS.ProcessEnv, work: PrewarmWork): void {
  if (PrewarmConfig.parse(env).PREWARM_REPORTS !== 'on') return;
  prewarmers.set(ctx.db.client.config as object, new Prewarmer(ctx, work));
}

export function stopPrewarm(ctx: ServiceContext): void {
  const config = ctx.db.client.config as object;
  prewarmers.get(config)?.stop();
  prewarmers.delete(config);
}

/** Called by every write of a household's data (households/changes.ts, the record insert). */
export function householdPrewarm(db: Knex, hh: Target): void {
  prewarmers.get(db.client.config as object)?.wrote(db, hh);
}
