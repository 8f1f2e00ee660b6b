import type { jobs } from '@kinfolio/contracts';
import { api, isJobFinished } from '@kinfolio/ui-kit';
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
