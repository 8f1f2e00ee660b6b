import { randomUUID } from 'node:crypto';
import { exportsContract as X } from '@kinfolio/contracts';
import {
  AppError,
  correlationId,
  type Identity,
  type Knex,
  notFound,
  runWithContext,
  type ServiceContext,
} from '@kinfolio/service-kit';
import { type HouseholdRow, iso } from '../records/access';
import { assertShareable, type ExportFile, makeExport, shareFile } from './service';

/**
 * Exports made in the background (issue 35): POST customer/{id}/export-jobs stores a job and answers 202 at once;
 * one job at a time is made (rendering is CPU work: two would only halve each other's speed and slow every other
 * call), its progress and stage written as it goes, the file put in the blob store. A job still queued or running
 * when the service stops (a deploy, a crash) is run again from the start when it starts: nothing asked for is lost.
 * Jobs and their files are kept for a day.
 */
export interface JobRow {
  id: string;
  household_id: string;
  advisor_id: string;
  requested_by: string;
  requested_by_type: string;
  body: X.ExportBody;
  report: X.ExportReport;
  format: X.ExportFormat;
  status: (typeof X.EXPORT_JOB_STATUSES)[number];
  progress: number;
  stage: string;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
  blob_key: string | null;
  correlation_id: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const KEEP_MS = 24 * 3600 * 1000;
/** A caller may have this many jobs waiting or running at once (a double click, not a flood). */
const MAX_OPEN_PER_USER = 3;

export const toJob = (r: JobRow): X.ExportJob => ({
  id: r.id,
  lead_id: r.household_id,
  report: r.report,
  format: r.format,
  status: r.status,
  progress: r.progress,
  stage: r.stage,
  file_name: r.file_name,
  size: r.size === null ? null : Number(r.size),
  created_at: iso(r.created_at) as string,
  finished_at: iso(r.finished_at),
  download_path: r.status === 'done' ? `customer/${r.household_id}/export-jobs/${r.id}/download` : null,
});

/** A job's key: its advisor (the distribution key) and its id. */
type JobKey = Pick<JobRow, 'advisor_id' | 'id'>;

/** The job runner of one service context: a queue of jobs, worked one at a time. */
class Runner {
  private queue: JobKey[] = [];
  private working: Promise<void> | null = null;
  private stopping = false;
  constructor(private readonly ctx: ServiceContext) {}

  add(job: JobKey): void {
    if (this.stopping || this.queue.some((q) => q.id === job.id)) return;
    this.queue.push({ advisor_id: job.advisor_id, id: job.id });
    this.working ??= this.work().finally(() => {
      this.working = null;
    });
  }

  private async work(): Promise<void> {
    for (let job = this.queue.shift(); job && !this.stopping; job = this.queue.shift()) await runJob(this.ctx, job);
  }

  /** Takes no new job and waits for the one being made (it is run again at the next start if this stops it). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue = [];
    await this.working;
  }
}
const runners = new WeakMap<ServiceContext, Runner>();
const runnerOf = (ctx: ServiceContext): Runner => {
  const known = runners.get(ctx);
  if (known) return known;
  const made = new Runner(ctx);
  runners.set(ctx, made);
  return made;
};

const update = (db: Knex, key: JobKey, patch: Partial<JobRow>) =>
  db('export_jobs').where({ advisor_id: key.advisor_id, id: key.id }).update(patch);

/** Makes one job's file: progress as it goes, the file stored, done; a failure is the job's (never the service's). */
export async function runJob(ctx: ServiceContext, queued: JobKey): Promise<void> {
  const { id } = queued;
  const job = await ctx.db<JobRow>('export_jobs').where({ advisor_id: queued.advisor_id, id }).first();
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const hh = await ctx
    .db<HouseholdRow>('households')
    .where({ advisor_id: job.advisor_id, id: job.household_id })
    .first();
  if (!hh)
    return void (await update(ctx.db, queued, {
      status: 'failed',
      stage: 'The household was deleted',
      finished_at: new Date(),
    }));
  await runWithContext({ correlationId: job.correlation_id ?? randomUUID() }, async () => {
    const log = ctx.logger.child({ jobId: id, householdId: hh.id, correlationId: correlationId() });
    let last = -1;
    const progress = async (progress: number, stage: string) => {
      if (progress === last) return;
      last = progress;
      await update(ctx.db, queued, { status: 'running', progress, stage });
    };
    try {
      await progress(2, 'Starting');
      const file = await makeExport(ctx, hh, job.body, progress);
      await progress(95, 'Storing the file');
      const key = `planning/export-jobs/${hh.id}/${id}.${job.format}`;
      await ctx.ports.blobs.put(key, file.body, file.contentType);
      await update(ctx.db, queued, {
        status: 'done',
        progress: 100,
        stage: 'Ready',
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.body.length,
        blob_key: key,
        finished_at: new Date(),
      });
      log.info({ size: file.body.length, format: job.format, report: job.report }, 'export job done');
    } catch (err) {
      const stage = err instanceof AppError && err.status < 500 ? err.message : 'The export could not be made';
      log.error({ err }, 'export job failed');
      await update(ctx.db, queued, { status: 'failed', stage: stage.slice(0, 300), finished_at: new Date() });
    }
  });
}

/** Removes the jobs older than a day, and their files. */
async function sweep(ctx: ServiceContext): Promise<void> {
  const old = await ctx
    .db<JobRow>('export_jobs')
    .where('created_at', '<', new Date(Date.now() - KEEP_MS))
    .select('advisor_id', 'id', 'blob_key');
  for (const r of old) if (r.blob_key) await ctx.ports.blobs.delete(r.blob_key).catch(() => undefined);
  if (old.length)
    await ctx
      .db('export_jobs')
      .whereIn(
        ['advisor_id', 'id'],
        old.map((r) => [r.advisor_id, r.id]),
      )
      .delete();
}

/** Starts an export of the household as a job for `who`, and puts it in the queue. */
export async function startExportJob(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: X.ExportBody,
  who: Identity,
): Promise<X.ExportJob> {
  await sweep(ctx);
  const open = await ctx
    .db('export_jobs')
    .where({ advisor_id: hh.advisor_id, requested_by: who.userId })
    .whereIn('status', ['queued', 'running'])
    .count<{ n: string }[]>({ n: '*' });
  if (Number(open[0]?.n ?? 0) >= MAX_OPEN_PER_USER)
    throw new AppError(429, 'Wait for your exports in progress to finish before starting another', {
      errors: [{ report: [`At most ${MAX_OPEN_PER_USER} exports at a time`] }],
    });
  const [row] = await ctx
    .db<JobRow>('export_jobs')
    .insert({
      id: randomUUID(),
      household_id: hh.id,
      advisor_id: hh.advisor_id,
      requested_by: who.userId,
      requested_by_type: who.type,
      body,
      report: body.report,
      format: body.format,
      status: 'queued',
      progress: 0,
      stage: 'Waiting to start',
      correlation_id: correlationId(),
    })
    .returning('*');
  const job = row as JobRow;
  runnerOf(ctx).add(job);
  return toJob(job);
}

/** The caller's job `id` of the household (another's, or one of another household, is 404). */
async function jobOf(ctx: ServiceContext, hh: HouseholdRow, id: string, who: Identity): Promise<JobRow> {
  const row = await ctx
    .db<JobRow>('export_jobs')
    .where({ advisor_id: hh.advisor_id, id, household_id: hh.id, requested_by: who.userId })
    .first();
  if (!row) throw notFound('No such export');
  return row;
}

export const exportJob = async (ctx: ServiceContext, hh: HouseholdRow, id: string, who: Identity) =>
  toJob(await jobOf(ctx, hh, id, who));

/** A finished job's file: 409 while it is being made, 404 when it failed or its file is gone. */
export async function exportJobFile(
  ctx: ServiceContext,
  hh: HouseholdRow,
  id: string,
  who: Identity,
): Promise<ExportFile> {
  const row = await jobOf(ctx, hh, id, who);
  if (row.status === 'queued' || row.status === 'running')
    throw new AppError(409, 'The export is still being made', { errors: [{ id: [`${row.progress}% done`] }] });
  const blob = row.blob_key ? await ctx.ports.blobs.get(row.blob_key) : null;
  if (row.status !== 'done' || !blob) throw notFound('No such export');
  return { body: blob.body, contentType: row.content_type as string, fileName: row.file_name as string };
}

/** Shares a finished job's file with the household's customer, as POST share-document shares a tab's export. */
export async function shareExportJob(
  ctx: ServiceContext,
  hh: HouseholdRow,
  id: string,
  who: Identity,
  note: string | undefined,
): Promise<X.SharedDocument> {
  assertShareable(hh);
  const row = await jobOf(ctx, hh, id, who);
  const file = await exportJobFile(ctx, hh, id, who);
  return shareFile(ctx, hh, file, { report: row.report, format: row.format, branding: row.body.branding }, note);
}

/** At the service's start: the jobs left queued or running go back in the queue, oldest first. */
export async function startExportJobs(ctx: ServiceContext): Promise<void> {
  const left = await ctx
    .db<JobRow>('export_jobs')
    .whereIn('status', ['queued', 'running'])
    .orderBy('created_at')
    .select('advisor_id', 'id');
  for (const r of left) runnerOf(ctx).add(r);
  if (left.length) ctx.logger.info({ jobs: left.length }, 'export jobs resumed');
}

export const stopExportJobs = async (ctx: ServiceContext): Promise<void> => runners.get(ctx)?.stop();
