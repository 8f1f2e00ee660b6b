import { randomUUID } from 'node:crypto';
import { type EventEnvelope, eventPayload, JOBS_QUEUE, jobs as J } from '@kinfolio/contracts';
import {
  AppError,
  assertInTopology,
  MemoryBus,
  Requeue,
  runWithContext,
  type ServiceContext,
} from '@kinfolio/service-kit';
import { claimJob, findJob, finishJob, type JobKey, type JobRow, openJobs, touchJob } from './repository';
import { endOpenJob, enqueueProgress, HEARTBEAT_MS, publishProgress, STALE_MS, toJob } from './service';

/**
 * The workers' side of jobs (issue 37). A worker consumes the jobs queue one message at a time and acknowledges it
 * once the job's row is finished; done once:
 * - it takes the job with one UPDATE (queued, or running with a stale heartbeat → running, attempts + 1): a message
 *   for a finished job, or for one a live worker holds, is acknowledged without work (a redelivery after a worker's
 *   death waits for that worker's heartbeat to go stale, a few seconds, then takes it);
 * - it writes the result and the status in one transaction guarded by its attempt, with the final progress event
 *   in the outbox;
 * - while it runs it beats (heartbeat_at) and reads cancel_requested every second; progress is written to the row
 *   and published straight on the bus, at most five times a second.
 * A job taken more than MAX_JOB_ATTEMPTS times (workers dying on it) is failed.
 */

/** What a kind's work sees of its job: its progress, and the signal that it must stop. */
export interface JobControl {
  readonly row: JobRow;
  /** Aborted when a cancel is asked (the job ends cancelled) or the worker stops (the job goes back to the queue). */
  readonly signal: AbortSignal;
  /** The signal was aborted by a cancel (not by the worker stopping). */
  readonly cancelled: boolean;
  /** Reports progress (0-100) and stage; throws the abort's reason once stopped. Never more than ~5 writes a second. */
  step(progress: number, stage: string): Promise<void>;
  /** The same, not awaited (from a synchronous callback). */
  report(progress: number, stage: string): void;
}
/** A kind's work: answers the job's result (stored as the row's result) and its final stage. */
export type JobWork = (ctx: ServiceContext, control: JobControl) => Promise<{ result: unknown; stage?: string }>;
export type JobKinds = Record<J.JobKind, JobWork>;

/** A failure of the job itself, told to the user as it is (a deleted household, a bad input). */
export class JobFailure extends Error {}

export const MAX_JOB_ATTEMPTS = 5;
const PROGRESS_EVERY_MS = 200;

class Cancelled extends Error {}
class Stopping extends Error {}

class Control implements JobControl {
  private readonly abort = new AbortController();
  readonly signal = this.abort.signal;
  private readonly beat: NodeJS.Timeout;
  private lastSent = 0;
  private pending: { progress: number; stage: string } | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private progress = 0;

  constructor(
    private readonly ctx: ServiceContext,
    readonly row: JobRow,
  ) {
    this.progress = row.progress;
    this.beat = setInterval(() => void this.touch({}), HEARTBEAT_MS);
    this.beat.unref();
  }

  get key(): JobKey {
    return { advisor_id: this.row.advisor_id, id: this.row.id };
  }
  get cancelled(): boolean {
    return this.signal.aborted && this.signal.reason instanceof Cancelled;
  }

  stop(reason: 'cancel' | 'stop'): void {
    if (!this.signal.aborted)
      this.abort.abort(reason === 'cancel' ? new Cancelled('cancelled') : new Stopping('stopping'));
  }

  /** One row write (progress and heartbeat); a cancel asked stops the work. Writes are made one after another. */
  private touch(patch: { progress?: number; stage?: string }): Promise<void> {
    this.writing = this.writing.then(async () => {
      const asked = await touchJob(this.ctx.db, this.key, this.row.attempts, patch).catch(() => false);
      if (asked === true) this.stop('cancel');
      // no longer this attempt's (given up, or taken by another worker after this one looked dead): stop
      if (asked === null) this.stop('stop');
    });
    return this.writing;
  }

  report(progress: number, stage: string): void {
    void this.step(progress, stage).catch(() => undefined);
  }

  async step(progress: number, stage: string): Promise<void> {
    if (this.signal.aborted) throw this.signal.reason;
    const p = Math.max(this.progress, Math.min(99, Math.round(progress)));
    this.progress = p;
    this.pending = { progress: p, stage: stage.slice(0, 300) };
    const wait = this.lastSent + PROGRESS_EVERY_MS - Date.now();
    if (wait <= 0) await this.flush();
    else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), wait);
      this.flushTimer.unref();
    }
    if (this.signal.aborted) throw this.signal.reason;
  }

  private async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const next = this.pending;
    this.pending = null;
    if (!next || this.signal.aborted) return;
    this.lastSent = Date.now();
    await this.touch(next);
    const row = { ...this.row, status: 'running' as const, ...next };
    await publishProgress(this.ctx, row, toJob(row));
  }

  /** Ends the heartbeat; `flush` sends the last progress still held back by the throttle (the work succeeded). */
  async close(flush = false): Promise<void> {
    clearInterval(this.beat);
    if (flush && this.pending) await this.flush();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.pending = null;
    await this.writing;
  }
}

/** Finishes the job as this attempt, with its final progress event in the same transaction. */
async function finish(
  ctx: ServiceContext,
  row: JobRow,
  patch: {
    status: 'done' | 'failed' | 'cancelled';
    stage: string;
    progress?: number;
    result?: unknown;
    error?: string | null;
  },
): Promise<boolean> {
  return ctx.tx(async (trx) => {
    const done = await finishJob(trx, { advisor_id: row.advisor_id, id: row.id }, row.attempts, patch);
    if (done) await enqueueProgress(trx, done, toJob(done));
    return Boolean(done);
  });
}

/** Waits while a live worker holds the job; answers the row once it can be taken or needs nothing. */
async function takeJob(ctx: ServiceContext, key: JobKey, stopping: () => boolean): Promise<JobRow | undefined> {
  for (;;) {
    const taken = await claimJob(ctx.db, key, STALE_MS);
    if (taken) return taken;
    const now = await findJob(ctx.db, key);
    if (!now || J.JOB_FINISHED.includes(now.status)) return undefined;
    if (now.cancel_requested) {
      // asked to stop while no worker ran it (its worker died): it ends here
      await endOpenJob(ctx, key, 'cancelled', 'Cancelled');
      return undefined;
    }
    if (stopping()) throw new Requeue('stopping');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Runs one job's message to its end (or gives it back when the worker stops). */
async function runJob(ctx: ServiceContext, kinds: JobKinds, key: JobKey, worker: JobWorker): Promise<void> {
  const row = await takeJob(ctx, key, () => worker.stopping);
  if (!row) return;
  const log = ctx.logger.child({ jobId: row.id, kind: row.kind, attempt: row.attempts });
  if (row.attempts > MAX_JOB_ATTEMPTS) {
    log.error('job given up: its workers kept stopping');
    await finish(ctx, row, {
      status: 'failed',
      stage: `The job stopped ${MAX_JOB_ATTEMPTS} times and was given up`,
      error: 'too many attempts',
    });
    return;
  }
  const control = new Control(ctx, row);
  worker.running.add(control);
  try {
    log.info('job started');
    await publishProgress(ctx, row, toJob(row));
    const { result, stage } = await kinds[row.kind](ctx, control);
    if (control.cancelled) throw control.signal.reason;
    await control.close(true);
    await finish(ctx, row, { status: 'done', progress: 100, stage: stage ?? 'Ready', result });
    log.info('job done');
  } catch (err) {
    await control.close();
    if (control.cancelled) {
      await finish(ctx, row, { status: 'cancelled', stage: 'Cancelled' });
      log.info('job cancelled');
    } else if (control.signal.aborted) {
      // the worker is stopping (or another took the job): the message goes back to the queue, the row stays running
      log.info('job given back');
      throw new Requeue('stopping');
    } else {
      const stage =
        err instanceof JobFailure || (err instanceof AppError && err.status < 500)
          ? err.message
          : 'The job could not be finished';
      log.error({ err }, 'job failed');
      await finish(ctx, row, {
        status: 'failed',
        stage: stage.slice(0, 300),
        error: (err as Error).message?.slice(0, 500) ?? null,
      });
    }
  } finally {
    worker.running.delete(control);
  }
}

/**
 * A consumer of the jobs queue. On RabbitMQ (worker processes; the API itself when PLANNING_JOBS=in-process) it takes
 * one message at a time and acknowledges it once the job is finished. On the in-memory bus (embedded mode) a message
 * is handed to a queue of this process, worked one at a time, so that the relay that delivered it is not held for the
 * job's length; what is left open when the process stops is remade from the jobs table at the next start.
 */
export class JobWorker {
  stopping = false;
  readonly running = new Set<Control>();
  private readonly local: JobKey[] = [];
  private working: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly kinds: JobKinds,
  ) {}

  private get inMemory(): boolean {
    return this.ctx.ports.bus instanceof MemoryBus;
  }

  async start(): Promise<void> {
    const bindings = ['planning.job.requested.v1'];
    assertInTopology(JOBS_QUEUE, bindings);
    if (this.inMemory) {
      for (const key of await openJobs(this.ctx.db)) this.add(key);
    }
    await this.ctx.ports.bus.subscribe(JOBS_QUEUE, bindings, (event) => this.handle(event), { prefetch: 1 });
  }

  private async handle(event: EventEnvelope): Promise<void> {
    const p = eventPayload('planning.job.requested.v1', event, this.ctx.logger);
    if (!p?.advisor_id) return;
    const key = { advisor_id: p.advisor_id, id: p.job_id };
    if (this.inMemory) return this.add(key);
    if (this.stopping) throw new Requeue('stopping');
    await runWithContext({ correlationId: event.correlationId || randomUUID() }, () =>
      runJob(this.ctx, this.kinds, key, this),
    );
  }

  private add(key: JobKey): void {
    if (this.stopping || this.local.some((k) => k.id === key.id)) return;
    this.local.push(key);
    this.working ??= this.drain().finally(() => {
      this.working = null;
    });
  }

  private async drain(): Promise<void> {
    for (let key = this.local.shift(); key && !this.stopping; key = this.local.shift()) {
      await runWithContext({ correlationId: randomUUID() }, () => runJob(this.ctx, this.kinds, key, this)).catch(
        (err: unknown) => {
          if (!(err instanceof Requeue)) this.ctx.logger.error({ err }, 'job run failed');
        },
      );
    }
  }

  /** Stops taking jobs; the running one stops at its next step and goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const c of this.running) c.stop('stop');
    await this.ctx.ports.bus.unsubscribe(JOBS_QUEUE);
    await this.working;
  }
}
