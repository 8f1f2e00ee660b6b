import { z } from 'zod';
import { Timestamp } from './common';

/**
 * Long work as jobs (issue 37): Monte Carlo runs, exports and the fund price import run on svc-planning's worker
 * processes (`svc-planning/src/worker.ts`, their own Deployment, their own process in `start:distributed`, inside the
 * one process in embedded mode), fed through RabbitMQ, apart from the API and at a lower priority.
 *
 * - A job is a row of svc-planning's `jobs` table (the truth: status, progress, stage, result) plus one message on the
 *   jobs queue (`planning.job.requested.v1`, written to the outbox in the row's transaction, so nothing is lost).
 * - A worker takes one message at a time and acknowledges it only once the job's row says done, failed or
 *   cancelled: a worker that dies leaves the message unacknowledged, RabbitMQ hands it to another worker, which
 *   starts the job again (a job is done once: the row's status is moved from queued/running to done in the same
 *   transaction that stores its result, and a message for a finished job is acknowledged without work).
 * - Every change of a job's status, progress or stage is published as `planning.job.progress.v1`; svc-support sends
 *   it as `job:progress` to the socket rooms of the user who asked for the job (and to admins for the fund import).
 *   The first message (`queued`, with how many jobs are ahead) is sent when the job is created, so the browser shows
 *   progress at once; the job's row is the fallback (GET) when a socket missed a message.
 * - `POST jobs/{jobId}/cancel` asks a queued or running job to stop: a queued job is cancelled at once; a running one
 *   stops at its next progress step (at most about a second of work) and ends `cancelled`.
 */
export const JOB_KINDS = ['monte_carlo', 'export', 'fund_import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** Statuses a job never leaves. */
export const JOB_FINISHED: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

export const Job = z.object({
  id: z.string().uuid(),
  kind: z.enum(JOB_KINDS),
  /** The household the job is for; null for the fund import. */
  household_id: z.string().uuid().nullable(),
  status: z.enum(JOB_STATUSES),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** What the job is doing now, in words ("Queued: 3 ahead", "Running 4,000 of 10,000 trials"), or why it failed. */
  stage: z.string(),
  /** While queued: how many jobs of the same queue are ahead of it; null otherwise. */
  ahead: z.number().int().min(0).nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  /** Where the result is read once done (a GET path under /api/v1/, no leading slash); null before and for none. */
  result_path: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;
export const JobReply = z.object({ message: z.string().optional(), data: Job });
export type JobReply = z.infer<typeof JobReply>;

/** The socket message `job:progress` (server → client), to the job's requester's user room (and admins: fund import). */
export interface JobProgressMessage {
  job: Job;
}

/** A job was made: the jobs queue's message (outbox, in the job row's transaction). */
export const JobRequestedV1 = z.object({
  job_id: z.string().uuid(),
  kind: z.enum(JOB_KINDS),
  advisor_id: z.string().uuid().nullable(),
  household_id: z.string().uuid().nullable(),
});
/** A job's status, progress or stage changed: svc-support pushes it to these users' sockets (and admins'). */
export const JobProgressV1 = z.object({
  job: Job,
  user_ids: z.array(z.string().uuid()),
  admins: z.boolean(),
});
