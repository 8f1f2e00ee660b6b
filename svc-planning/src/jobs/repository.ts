import type { jobs as J } from '@kinfolio/contracts';

type JobKind = J.JobKind;
type JobStatus = J.JobStatus;
import type { Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from '../records/access';

/**
 * The jobs table (migrations/023_jobs.ts), knex only. Every query names the tenant (advisor_id, the distribution
 * key) but one: how many jobs are queued ahead of a new one, a count over the one queue every tenant shares.
 */
export interface JobRow {
  advisor_id: string;
  id: string;
  household_id: string | null;
  user_id: string | null;
  user_type: string | null;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  stage: string;
  attempts: number;
  payload: unknown;
  result: unknown;
  reuse_key: string | null;
  error: string | null;
  cancel_requested: boolean;
  correlation_id: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  heartbeat_at: Date | string | null;
}
export interface JobKey {
  advisor_id: string;
  id: string;
}
/** The platform's own tenant: the fund import's jobs. */
export const PLATFORM_TENANT = '00000000-0000-0000-0000-000000000000';
const OPEN: JobStatus[] = ['queued', 'running'];

/** A jsonb column as stored (PostgreSQL answers objects; a text answer is parsed). */
export const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const msAgo = (db: Knex, ms: number) => db.raw("now() - (? * interval '1 millisecond')", [ms]);

export async function insertJob(
  trx: Knex,
  row: Omit<
    JobRow,
    'created_at' | 'started_at' | 'finished_at' | 'heartbeat_at' | 'attempts' | 'cancel_requested' | 'result' | 'error'
  > &
    Partial<JobRow>,
): Promise<JobRow> {
  const [saved] = await trx<JobRow>('jobs')
    .insert({
      ...row,
      payload: JSON.stringify(row.payload),
      result: row.result === undefined || row.result === null ? null : JSON.stringify(row.result),
    } as never)
    .returning('*');
  return saved as JobRow;
}

export const findJob = (db: Knex, key: JobKey): Promise<JobRow | undefined> =>
  db<JobRow>('jobs').where({ advisor_id: key.advisor_id, id: key.id }).first();

/** A job of one of `tenants` asked for by `userId` (`kind` when given). */
export function jobOfUser(
  db: Knex,
  tenants: string[],
  id: string,
  userId: string,
  more: { household_id?: string; kind?: JobKind } = {},
): Promise<JobRow | undefined> {
  return db<JobRow>('jobs')
    .whereIn('advisor_id', tenants)
    .where({ id, user_id: userId, ...more })
    .first();
}

/** How many jobs are queued before `createdAt` (all tenants: they share the queue). */
export async function countAhead(db: Knex, createdAt: Date | string): Promise<number> {
  const [row] = await db('jobs')
    .where({ status: 'queued' })
    .andWhere('created_at', '<', new Date(createdAt))
    .count<{ n: string | number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** The requester's open jobs of a kind. */
export async function openJobsOfUser(db: Knex, advisorId: string, userId: string, kind: JobKind): Promise<number> {
  const [row] = await db('jobs')
    .where({ advisor_id: advisorId, user_id: userId, kind })
    .whereIn('status', OPEN)
    .count<{ n: string | number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** The newest finished job of the household with the same reuse key (a Monte Carlo run of the same version and body). */
export const reusableJob = (db: Knex, advisorId: string, householdId: string, kind: JobKind, reuseKey: string) =>
  db<JobRow>('jobs')
    .where({ advisor_id: advisorId, household_id: householdId, kind, reuse_key: reuseKey, status: 'done' })
    .orderBy('finished_at', 'desc')
    .first();

/** The tenant's open job of a kind (the fund import: at most one). */
export const openJobOfKind = (db: Knex, advisorId: string, kind: JobKind) =>
  db<JobRow>('jobs').where({ advisor_id: advisorId, kind }).whereIn('status', OPEN).first();

/**
 * A worker takes the job: queued, or running with a heartbeat older than `staleMs` (its worker died, or stopped and
 * gave it back), becomes running with one more attempt. Answers the row as taken, or nothing when it is not to be
 * taken (finished, cancel asked, or running on a live worker).
 */
export async function claimJob(db: Knex, key: JobKey, staleMs: number): Promise<JobRow | undefined> {
  const [row] = await db<JobRow>('jobs')
    .where({ advisor_id: key.advisor_id, id: key.id, cancel_requested: false })
    .andWhere((w) =>
      w
        .where({ status: 'queued' })
        .orWhere((r) =>
          r
            .where({ status: 'running' })
            .andWhere((h) => h.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', msAgo(db, staleMs))),
        ),
    )
    .update({
      status: 'running',
      stage: 'Starting',
      attempts: db.raw('attempts + 1'),
      started_at: db.raw('coalesce(started_at, now())'),
      heartbeat_at: db.fn.now(),
    } as never)
    .returning('*');
  return row as JobRow | undefined;
}

/**
 * The running job's progress and heartbeat, only while `attempt` is still its own: answers whether a cancel was
 * asked for, or null when the job is no longer this attempt's.
 */
export async function touchJob(
  db: Knex,
  key: JobKey,
  attempt: number,
  patch: { progress?: number; stage?: string } = {},
): Promise<boolean | null> {
  const [row] = await db<JobRow>('jobs')
    .where({ advisor_id: key.advisor_id, id: key.id, attempts: attempt, status: 'running' })
    .update({ ...patch, heartbeat_at: db.fn.now() } as never)
    .returning(['cancel_requested']);
  return row ? Boolean((row as { cancel_requested: boolean }).cancel_requested) : null;
}

/**
 * Finishes a job in the caller's transaction: done, failed or cancelled. `attempt` guards a running job (only the
 * worker that holds it finishes it); without it an open job is finished whoever holds it (a queued cancel, a job
 * given up). Answers the finished row, or nothing when it was not this caller's to finish.
 */
export async function finishJob(
  trx: Knex,
  key: JobKey,
  attempt: number | null,
  patch: { status: JobStatus; progress?: number; stage: string; result?: unknown; error?: string | null },
): Promise<JobRow | undefined> {
  const q = trx<JobRow>('jobs').where({ advisor_id: key.advisor_id, id: key.id });
  if (attempt === null) q.whereIn('status', OPEN);
  else q.where({ attempts: attempt, status: 'running' });
  const [row] = await q
    .update({
      ...patch,
      result: patch.result === undefined ? undefined : JSON.stringify(patch.result),
      finished_at: trx.fn.now(),
    } as never)
    .returning('*');
  return row as JobRow | undefined;
}

/** Asks a running job to stop (its worker sees it at its next step); answers the row, or nothing when not running. */
export async function requestCancel(db: Knex, key: JobKey): Promise<JobRow | undefined> {
  const [row] = await db<JobRow>('jobs')
    .where({ advisor_id: key.advisor_id, id: key.id, status: 'running' })
    .update({ cancel_requested: true } as never)
    .returning('*');
  return row as JobRow | undefined;
}

/** The jobs left open (the one process of embedded mode remakes them at its start), oldest first. */
export const openJobs = (db: Knex): Promise<Pick<JobRow, 'advisor_id' | 'id'>[]> =>
  db<JobRow>('jobs').whereIn('status', OPEN).orderBy('created_at').select('advisor_id', 'id');

/** The tenant's finished jobs of a kind older than `ms` (to remove with their files). */
export const oldJobs = (db: Knex, advisorId: string, kind: JobKind, ms: number): Promise<JobRow[]> =>
  db<JobRow>('jobs')
    .where({ advisor_id: advisorId, kind })
    .whereNotIn('status', OPEN)
    .andWhere('created_at', '<', new Date(Date.now() - ms))
    .limit(200);

export const deleteJobs = (db: Knex, advisorId: string, ids: string[]) =>
  db('jobs').where({ advisor_id: advisorId }).whereIn('id', ids).delete();

/** A queued job ends cancelled (never taken by a worker); nothing when it is no longer queued. */
export async function cancelQueued(trx: Knex, key: JobKey): Promise<JobRow | undefined> {
  const [row] = await trx<JobRow>('jobs')
    .where({ advisor_id: key.advisor_id, id: key.id, status: 'queued' })
    .update({ status: 'cancelled', stage: 'Cancelled', finished_at: trx.fn.now() } as never)
    .returning('*');
  return row as JobRow | undefined;
}

/** The advisors of the households linked to a customer's login (the tenants of the customer's jobs). */
export const customerTenants = (db: Knex, userId: string): Promise<string[]> =>
  db('households').where({ customer_user_id: userId }).distinct().pluck('advisor_id');

/** The household a job is for, by its tenant and id (gone when it was deleted since). */
export const householdOfJob = (
  db: Knex,
  advisorId: string,
  householdId: string | null,
): Promise<HouseholdRow | undefined> =>
  db<HouseholdRow>('households')
    .where({ advisor_id: advisorId, id: householdId ?? PLATFORM_TENANT })
    .first();

/** Marks a running job whose heartbeat is older than `ms` as seen now; answers it when this call marked it. */
export async function markLost(db: Knex, key: JobKey, ms: number): Promise<JobRow | undefined> {
  const [row] = await db<JobRow>('jobs')
    .where({ advisor_id: key.advisor_id, id: key.id, status: 'running' })
    .andWhere('heartbeat_at', '<', msAgo(db, ms))
    .update({ heartbeat_at: db.fn.now() } as never)
    .returning('*');
  return row as JobRow | undefined;
}
