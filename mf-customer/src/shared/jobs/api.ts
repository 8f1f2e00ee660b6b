import type { exportsContract, jobs } from '@kinfolio/contracts';
import { api, fetchFile, isJobFinished } from '@kinfolio/ui-kit';
import type { ScenarioResult, StoredScenarioRunBody } from '../household/api';

/**
 * Long work as jobs (issue 37): the calls of a job, typed by the contracts (types only: no zod in this bundle). A job
 * runs on svc-planning's workers; its progress comes as `job:progress` on the live socket and, when the socket missed
 * one, from these GETs.
 */
export type Job = jobs.Job;
export type JobStatus = jobs.JobStatus;

/** Statuses a job never leaves (contracts JOB_FINISHED; ui-kit's, so the bundle stays free of zod). */
export const isFinished: (status: JobStatus) => boolean = isJobFinished;

const enc = encodeURIComponent;

export const jobsApi = {
  get: (jobId: string, signal?: AbortSignal) => api.get<Job>(`jobs/${enc(jobId)}`, { signal }),
  cancel: (jobId: string) => api.post<Job>(`jobs/${enc(jobId)}/cancel`, {}),
};

/** A scenario's Monte Carlo run as a job (POST → 202 with the queued job; the result is the scenario call's reply). */
export const monteCarloApi = {
  start: (body: StoredScenarioRunBody) => api.post<Job>(`customer/${enc(body.household_id)}/monte-carlo-jobs`, body),
  get: (householdId: string, jobId: string, signal?: AbortSignal) =>
    api.get<Job>(`customer/${enc(householdId)}/monte-carlo-jobs/${enc(jobId)}`, { signal }),
  result: (householdId: string, jobId: string, signal?: AbortSignal) =>
    api.get<ScenarioResult>(`customer/${enc(householdId)}/monte-carlo-jobs/${enc(jobId)}/result`, { signal }),
};

/** An export made as a job (issue 35's export jobs; issue 37: its id is a job's, its progress comes as job:progress). */
export type ExportJob = exportsContract.ExportJob;

export const exportJobsApi = {
  start: (householdId: string, body: object) => api.post<ExportJob>(`customer/${enc(householdId)}/export-jobs`, body),
  get: (householdId: string, jobId: string, signal?: AbortSignal) =>
    api.get<ExportJob>(`customer/${enc(householdId)}/export-jobs/${enc(jobId)}`, { signal }),
  /** The finished job's file (named by the server; else its file name, else `fallback`). */
  download: (job: ExportJob, fallback = `export.${job.format}`) =>
    fetchFile(job.download_path ?? `customer/${enc(job.lead_id)}/export-jobs/${enc(job.id)}/download`, {
      fallbackName: job.file_name ?? fallback,
    }),
};

/** An export job's row as the Job its progress is told as. */
export const exportAsJob = (e: ExportJob): Job => ({
  id: e.id,
  kind: 'export',
  household_id: e.lead_id,
  status: e.status as JobStatus,
  progress: e.progress,
  stage: e.stage,
  ahead: null,
  created_at: e.created_at,
  started_at: null,
  finished_at: e.finished_at,
  result_path: e.download_path,
});
