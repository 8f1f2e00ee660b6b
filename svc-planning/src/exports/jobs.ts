import { exportsContract as X } from '@kinfolio/contracts';
import { AppError, type Identity, notFound, parse, type ServiceContext } from '@kinfolio/service-kit';
import {
  deleteJobs,
  fromJson,
  householdOfJob,
  type JobRow,
  jobOfUser,
  oldJobs,
  openJobsOfUser,
} from '../jobs/repository';
import { JobFailure, type JobWork } from '../jobs/runner';
import { enqueueJob, resendIfLost } from '../jobs/service';
import { type HouseholdRow, iso } from '../records/access';
import { assertShareable, type ExportFile, makeExport, shareFile } from './service';

/**
 * Exports made in the background (issue 35), since issue 37 jobs of svc-planning's worker processes (jobs/): POST
 * customer/{id}/export-jobs makes a `jobs` row of kind export and answers 202 at once; a worker makes the file with
 * its progress and stage, puts it in the blob store and stores where (the job's result). A job whose worker stopped
 * or died is made again by another; it can be cancelled (POST jobs/{id}/cancel). Jobs and their files are kept for a
 * day. The ExportJob contract is the job seen as an export.
 */
/** A finished export's file, the job's result. */
interface ExportResult {
  file_name: string;
  content_type: string;
  size: number;
  blob_key: string;
}

const KEEP_MS = 24 * 3600 * 1000;
/** A caller may have this many jobs waiting or running at once (a double click, not a flood). */
const MAX_OPEN_PER_USER = 3;

const bodyOf = (r: JobRow) => fromJson<X.ExportBody>(r.payload);
const fileOf = (r: JobRow) => (r.result ? fromJson<ExportResult>(r.result) : null);

export const toJob = (r: JobRow): X.ExportJob => {
  const body = bodyOf(r);
  const file = r.status === 'done' ? fileOf(r) : null;
  return {
    id: r.id,
    lead_id: r.household_id as string,
    report: body.report,
    format: body.format,
    status: r.status,
    progress: r.progress,
    stage: r.stage,
    file_name: file?.file_name ?? null,
    size: file ? Number(file.size) : null,
    created_at: iso(r.created_at) as string,
    finished_at: iso(r.finished_at),
    download_path: r.status === 'done' ? `customer/${r.household_id}/export-jobs/${r.id}/download` : null,
  };
};

/** The worker's side: makes the file with its progress (a cancel stops it at its next step), stores it. */
export const runExportJob: JobWork = async (ctx, control) => {
  const { row } = control;
  const body = parse(X.ExportBody, bodyOf(row));
  const hh = await householdOfJob(ctx.db, row.advisor_id, row.household_id);
  if (!hh) throw new JobFailure('The household was deleted');
  await control.step(2, 'Starting');
  const file = await makeExport(ctx, hh, body, (progress, stage) => control.step(progress, stage));
  await control.step(95, 'Storing the file');
  const key = `planning/export-jobs/${hh.id}/${row.id}.${body.format}`;
  await ctx.ports.blobs.put(key, file.body, file.contentType);
  ctx.logger.info({ size: file.body.length, format: body.format, report: body.report }, 'export job done');
  const result: ExportResult = {
    file_name: file.fileName,
    content_type: file.contentType,
    size: file.body.length,
    blob_key: key,
  };
  return { result, stage: 'Ready' };
};

/** Removes the tenant's export jobs older than a day, and their files. */
async function sweep(ctx: ServiceContext, advisorId: string): Promise<void> {
  const old = await oldJobs(ctx.db, advisorId, 'export', KEEP_MS);
  for (const r of old) {
    const key = fileOf(r)?.blob_key;
    if (key) await ctx.ports.blobs.delete(key).catch(() => undefined);
  }
  if (old.length)
    await deleteJobs(
      ctx.db,
      advisorId,
      old.map((r) => r.id),
    );
}

/** Starts an export of the household as a job for `who`. */
export async function startExportJob(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: X.ExportBody,
  who: Identity,
): Promise<X.ExportJob> {
  await sweep(ctx, hh.advisor_id);
  if ((await openJobsOfUser(ctx.db, hh.advisor_id, who.userId, 'export')) >= MAX_OPEN_PER_USER)
    throw new AppError(429, 'Wait for your exports in progress to finish before starting another', {
      errors: [{ report: [`At most ${MAX_OPEN_PER_USER} exports at a time`] }],
    });
  const { row } = await enqueueJob(ctx, {
    advisorId: hh.advisor_id,
    householdId: hh.id,
    who,
    kind: 'export',
    payload: body,
  });
  return toJob(row);
}

/** The caller's job `id` of the household (another's, or one of another household, is 404). */
async function jobOf(ctx: ServiceContext, hh: HouseholdRow, id: string, who: Identity): Promise<JobRow> {
  const row = await jobOfUser(ctx.db, [hh.advisor_id], id, who.userId, { household_id: hh.id, kind: 'export' });
  if (!row) throw notFound('No such export');
  await resendIfLost(ctx, row);
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
  const file = row.status === 'done' ? fileOf(row) : null;
  const blob = file ? await ctx.ports.blobs.get(file.blob_key) : null;
  if (!file || !blob) throw notFound('No such export');
  return { body: blob.body, contentType: file.content_type, fileName: file.file_name };
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
  const body = bodyOf(row);
  return shareFile(ctx, hh, file, { report: body.report, format: body.format, branding: body.branding }, note);
}
