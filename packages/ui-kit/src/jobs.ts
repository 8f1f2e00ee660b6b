import type { jobs } from '@kinfolio/contracts';

/**
 * Long work as jobs (issue 37), for every screen that shows a job's progress (mf-customer's runs and exports,
 * mf-admin's fund import): free of zod (contracts' types only), so a first load stays small.
 */
export type Job = jobs.Job;

/** Statuses a job never leaves (contracts JOB_FINISHED). */
export const isJobFinished = (status: string): boolean =>
  status === 'done' || status === 'failed' || status === 'cancelled';

/** What ordering news needs of a job (a Job, or an export job's row). */
export type JobNews = { id: string; status: string; progress: number; stage: string };
const rank = (j: JobNews) => (isJobFinished(j.status) ? 2 : j.status === 'running' ? 1 : 0);

/**
 * Whether `next` is news after `cur`: messages can come out of order and twice (the socket and a poll). A finished
 * job stays finished; a step back (running → queued, less progress) is ignored; the same progress with new words
 * ("Queued: 1 ahead") is news.
 */
export function jobNewer(cur: JobNews | null, next: JobNews): boolean {
  if (!cur || cur.id !== next.id) return true;
  if (rank(cur) === 2) return false;
  if (rank(next) !== rank(cur)) return rank(next) > rank(cur);
  return next.progress > cur.progress || (next.progress === cur.progress && next.stage !== cur.stage);
}

/** With no `job:progress` for this long, a screen reads the job's row (a socket can miss a message, or be down). */
export const JOB_POLL_AFTER_MS = 3000;
