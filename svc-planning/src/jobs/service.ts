import { randomUUID } from 'node:crypto';
import { type EventEnvelope, Events, jobs as J } from '@kinfolio/contracts';

type Job = J.Job;
import {
  correlationId,
  enqueueEvent,
  type Identity,
  type Knex,
  notFound,
  type ServiceContext,
} from '@kinfolio/service-kit';
import { iso } from '../records/access';
import {
  cancelQueued,
  markLost,
  countAhead,
  customerTenants,
  findJob,
  finishJob,
  insertJob,
  type JobKey,
  type JobRow,
  jobOfUser,
  PLATFORM_TENANT,
  requestCancel,
} from './repository';

/**
 * Jobs (issue 37, packages/contracts/src/jobs.ts): a row and its message on the jobs queue written in one
 * transaction, the progress events, reading and cancelling a job. The workers' side is runner.ts.
 */

/** A running job's worker writes its heartbeat this often. */
export const HEARTBEAT_MS = 1000;
/** A running job whose heartbeat is older than this has lost its worker (another may take it). */
export const STALE_MS = 4000;
/** A running job whose heartbeat is older than this has lost its message too (nobody took it): it is sent again. */
export const LOST_MS = 2 * STALE_MS;

/** Where a finished job's result is read. */
function resultPath(r: JobRow): string | null {
  if (r.status !== 'done') return null;
  if (r.kind === 'monte_carlo') return `customer/${r.household_id}/monte-carlo-jobs/${r.id}/result`;
  if (r.kind === 'export') return `customer/${r.household_id}/export-jobs/${r.id}/download`;
  return 'scraping-funds-status';
}

export const toJob = (r: JobRow, ahead: number | null = null): Job => ({
  id: r.id,
  kind: r.kind,
  household_id: r.household_id,
  status: r.status,
  progress: r.progress,
  stage: r.stage,
  ahead: r.status === 'queued' ? ahead : null,
  created_at: iso(r.created_at) as string,
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
  result_path: resultPath(r),
});

/** The Job of a row, with how many are ahead of it while it is queued. */
export const jobWithAhead = async (db: Knex, r: JobRow): Promise<Job> =>
  toJob(r, r.status === 'queued' ? await countAhead(db, r.created_at) : null);

/** The progress event of a job: to its requester, and to admins for the fund import. */
export const progressPayload = (job: Job, r: JobRow) => ({
  job,
  user_ids: r.user_id ? [r.user_id] : [],
  admins: r.kind === 'fund_import',
});

/** Writes a job's progress event to the outbox in `trx` (the first and the last: never lost). */
export const enqueueProgress = async (trx: Knex.Transaction, r: JobRow, job: Job) =>
  enqueueEvent(trx, 'planning.job.progress.v1', progressPayload(job, r));

/** Publishes a job's progress event straight on the bus (the ones in between: a lost one is made good by the next). */
export async function publishProgress(ctx: ServiceContext, r: JobRow, job: Job): Promise<void> {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: 'planning.job.progress.v1',
    occurredAt: new Date().toISOString(),
    correlationId: correlationId(),
    payload: Events['planning.job.progress.v1'].parse(progressPayload(job, r)),
  };
  await ctx.ports.bus.publish([envelope]).catch((err: unknown) => ctx.logger.debug({ err }, 'job progress not sent'));
}

export interface NewJob {
  advisorId: string;
  householdId: string | null;
  who: Identity | null;
  kind: J.JobKind;
  payload: unknown;
  reuseKey?: string | null;
  stage?: string;
  /** More writes of the same transaction (the fund import's run record). */
  also?: (trx: Knex.Transaction, id: string) => Promise<void>;
}

/** The row of a new job: its tenant, requester, kind, payload and reuse key, as `n` says. */
const newRow = (n: NewJob) => ({
  advisor_id: n.advisorId,
  id: randomUUID(),
  household_id: n.householdId,
  user_id: n.who?.userId ?? null,
  user_type: n.who?.type ?? null,
  kind: n.kind,
  payload: n.payload,
  reuse_key: n.reuseKey ?? null,
  correlation_id: correlationId(),
});

/**
 * Makes a job: its row, its message on the jobs queue and its first progress event (queued, with how many are
 * ahead), in one transaction. Answers the row and its Job.
 */
export async function enqueueJob(ctx: ServiceContext, n: NewJob): Promise<{ row: JobRow; job: Job }> {
  return ctx.tx(async (trx) => {
    const row = await insertJob(trx, {
      ...newRow(n),
      status: 'queued',
      progress: 0,
      stage: n.stage ?? 'Waiting to start',
    });
    await n.also?.(trx, row.id);
    const ahead = await countAhead(trx, row.created_at);
    const job = toJob(row, ahead);
    if (ahead) job.stage = `Queued: ${ahead} ahead`;
    await enqueueEvent(trx, 'planning.job.requested.v1', {
      job_id: row.id,
      kind: row.kind,
      advisor_id: row.advisor_id,
      household_id: row.household_id,
    });
    await enqueueProgress(trx, row, job);
    return { row, job };
  });
}

/** A job made finished at once with a result (an identical Monte Carlo run reused). */
export async function finishedJob(ctx: ServiceContext, n: NewJob, result: unknown): Promise<Job> {
  return ctx.tx(async (trx) => {
    const row = await insertJob(trx, {
      ...newRow(n),
      status: 'done',
      progress: 100,
      stage: n.stage ?? 'Ready',
      result,
      finished_at: new Date(),
      started_at: new Date(),
    });
    const job = toJob(row);
    await enqueueProgress(trx, row, job);
    return job;
  });
}

/** Ends an open job (any holder) with its final event, in one transaction; nothing when it had finished already. */
export async function endOpenJob(
  ctx: ServiceContext,
  key: JobKey,
  status: 'failed' | 'cancelled',
  stage: string,
): Promise<JobRow | undefined> {
  return ctx.tx(async (trx) => {
    const row = await finishJob(trx, key, null, { status, stage, error: status === 'failed' ? stage : null });
    if (row) await enqueueProgress(trx, row, toJob(row));
    return row;
  });
}

/**
 * The tenants whose jobs the caller may see: an advisor's own, a customer's households' advisors, an admin's the
 * platform's (the fund import). A job is then the caller's own (user_id).
 */
async function tenantsOf(ctx: ServiceContext, who: Identity): Promise<string[]> {
  if (who.type === 'advisor') return [who.userId];
  if (who.type === 'admin') return [PLATFORM_TENANT];
  if (who.type === 'customer') return customerTenants(ctx.db, who.userId);
  return [];
}

/** The caller's job `id` (another's is 404; admins see the fund import's). */
export async function callerJob(ctx: ServiceContext, who: Identity, id: string): Promise<JobRow> {
  const tenants = await tenantsOf(ctx, who);
  const row = tenants.length
    ? who.type === 'admin'
      ? await findJob(ctx.db, { advisor_id: PLATFORM_TENANT, id })
      : await jobOfUser(ctx.db, tenants, id, who.userId)
    : undefined;
  if (!row) throw notFound('No such job');
  await resendIfLost(ctx, row);
  return row;
}

export const getJob = async (ctx: ServiceContext, who: Identity, id: string): Promise<Job> =>
  jobWithAhead(ctx.db, await callerJob(ctx, who, id));

/**
 * Cancels the caller's job: a queued one ends cancelled at once (its message is acknowledged without work); a
 * running one is asked to stop and ends cancelled at its worker's next step; a finished one is answered as it is.
 */
export async function cancelJob(
  ctx: ServiceContext,
  who: Identity,
  id: string,
): Promise<{ job: Job; message: string }> {
  const row = await callerJob(ctx, who, id);
  const key = { advisor_id: row.advisor_id, id: row.id };
  if (J.JOB_FINISHED.includes(row.status)) return { job: toJob(row), message: 'The job had already finished' };
  const queued = await endOpenJobIfQueued(ctx, key);
  if (queued) return { job: toJob(queued), message: 'Cancelled' };
  const asked = await requestCancel(ctx.db, key);
  if (asked) return { job: toJob(asked), message: 'Stopping' };
  // it finished meanwhile
  return { job: toJob((await findJob(ctx.db, key)) as JobRow), message: 'The job had already finished' };
}

async function endOpenJobIfQueued(ctx: ServiceContext, key: JobKey): Promise<JobRow | undefined> {
  return ctx.tx(async (trx) => {
    const row = await cancelQueued(trx, key);
    if (row) await enqueueProgress(trx, row, toJob(row));
    return row;
  });
}

/**
 * A running job nobody works on any more (its heartbeat older than LOST_MS: its worker died and its message was lost
 * too, or dead-lettered after the database failed it five times) has its message sent again, by the one caller whose
 * UPDATE marks it (the heartbeat set to now, so the next is sent only after another LOST_MS). Called where a job is
 * read (the browser's fallback poll) and by the fund import's schedule: tenant-bounded, no sweep of every tenant.
 */
export async function resendIfLost(ctx: ServiceContext, r: JobRow): Promise<void> {
  if (r.status !== 'running') return;
  const marked = await markLost(ctx.db, { advisor_id: r.advisor_id, id: r.id }, LOST_MS);
  if (!marked) return;
  ctx.logger.warn({ jobId: r.id, kind: r.kind }, 'job without a worker: its message is sent again');
  await resendJob(ctx, marked);
}

/** Sends an open job's message again. */
async function resendJob(ctx: ServiceContext, r: JobRow): Promise<void> {
  await ctx.tx((trx) =>
    enqueueEvent(trx, 'planning.job.requested.v1', {
      job_id: r.id,
      kind: r.kind,
      advisor_id: r.advisor_id,
      household_id: r.household_id,
    }),
  );
}
