import { createHash } from 'node:crypto';
import { type jobs as J, scenarios } from '@kinfolio/contracts';
import { AppError, badRequest, type Identity, notFound, parse, type ServiceContext } from '@kinfolio/service-kit';
import { householdFor, type HouseholdRow } from '../records/access';
import { householdRecordIssues, withIssues } from '../records/issues';
import { householdStamp } from '../reports/cache';
import { computeStoredScenarioRun, runKey } from '../scenarios/run';
import {
  deleteJobs,
  fromJson,
  oldJobs,
  householdOfJob,
  type JobRow,
  jobOfUser,
  openJobsOfUser,
  reusableJob,
} from './repository';
import { JobFailure, type JobWork } from './runner';
import { enqueueJob, finishedJob, jobWithAhead, resendIfLost, toJob } from './service';

/**
 * A scenario's Monte Carlo run as a job (issue 37): POST customer/{id}/monte-carlo-jobs with the scenario call's
 * stored body. The worker runs the same stored scenario as POST customer/calculate/scenario-modelling (the same
 * household version, body and seed: the same figures), its trials in chunks so that it reports them and stops when
 * cancelled; the result is the scenario call's reply. An identical request (same household version, same body) is
 * answered by the finished result of an earlier one. An open one is not shared: two screens or tabs of one user asking
 * for the same run while it is open get a job each, so a cancel (or a screen left) of one never ends the other's
 * (a double click is one request: the web client sends one per action, with its idempotency key).
 */

/** A requester's open Monte Carlo jobs at once (a meeting's screens and a few tabs, not a flood). */
const MAX_OPEN_PER_USER = 20;
const fmt = (n: number) => n.toLocaleString('en-US');

/** A finished run is kept (and reused) for a day. */
const KEEP_MS = 24 * 3600 * 1000;
async function sweepOld(ctx: ServiceContext, advisorId: string): Promise<void> {
  const old = await oldJobs(ctx.db, advisorId, 'monte_carlo', KEEP_MS);
  if (old.length)
    await deleteJobs(
      ctx.db,
      advisorId,
      old.map((r) => r.id),
    );
}

/** The household version and body of a run, hashed: identical requests share it. */
async function reuseKey(ctx: ServiceContext, hh: HouseholdRow, b: scenarios.StoredScenarioRunBody): Promise<string> {
  const stamp = await householdStamp(ctx.db, hh);
  return createHash('sha256')
    .update(`${stamp}\n${runKey(b)}`)
    .digest('base64url');
}

/** The body of a job for household `hh`: the path's household, Monte Carlo enabled (400 naming the field otherwise). */
function jobBody(hh: HouseholdRow, pathId: string, body: unknown): scenarios.StoredScenarioRunBody {
  const given = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const b = parse(scenarios.StoredScenarioRunBody, { household_id: hh.id, ...given });
  if (b.household_id !== hh.id && b.household_id !== pathId)
    throw badRequest('Not the household of the path', 'household_id');
  if (!b.scenario?.monte_carlo?.enabled)
    throw badRequest('A Monte Carlo job needs Monte Carlo enabled', 'scenario.monte_carlo.enabled');
  return { ...b, household_id: hh.id };
}

export async function startMonteCarloJob(
  ctx: ServiceContext,
  pathId: string,
  body: unknown,
  who: Identity,
): Promise<J.Job> {
  const hh = await householdFor(ctx.db, pathId, who, 'read');
  await sweepOld(ctx, hh.advisor_id);
  const b = jobBody(hh, pathId, body);
  const key = await reuseKey(ctx, hh, b);
  const done = await reusableJob(ctx.db, hh.advisor_id, hh.id, 'monte_carlo', key);
  const n = {
    advisorId: hh.advisor_id,
    householdId: hh.id,
    who,
    kind: 'monte_carlo' as const,
    payload: b,
    reuseKey: key,
  };
  if (done) return finishedJob(ctx, { ...n, stage: 'Ready (the same run as before)' }, fromJson(done.result));
  if ((await openJobsOfUser(ctx.db, hh.advisor_id, who.userId, 'monte_carlo')) >= MAX_OPEN_PER_USER)
    throw new AppError(429, 'Wait for your Monte Carlo runs in progress to finish before starting another', {
      errors: [{ scenario: [`At most ${MAX_OPEN_PER_USER} runs at a time`] }],
    });
  return (await enqueueJob(ctx, n)).job;
}

/** The caller's Monte Carlo job of the household (another's is 404). */
async function monteCarloJob(ctx: ServiceContext, pathId: string, jobId: string, who: Identity): Promise<JobRow> {
  const hh = await householdFor(ctx.db, pathId, who, 'read');
  const row = await jobOfUser(ctx.db, [hh.advisor_id], jobId, who.userId, { household_id: hh.id, kind: 'monte_carlo' });
  if (!row) throw notFound('No such Monte Carlo run');
  await resendIfLost(ctx, row);
  return row;
}

export const getMonteCarloJob = async (ctx: ServiceContext, pathId: string, jobId: string, who: Identity) =>
  jobWithAhead(ctx.db, await monteCarloJob(ctx, pathId, jobId, who));

/** A finished job's scenario, as the scenario call answers it; 409 while it is not done. */
export async function monteCarloResult(ctx: ServiceContext, pathId: string, jobId: string, who: Identity) {
  const row = await monteCarloJob(ctx, pathId, jobId, who);
  if (row.status !== 'done') {
    const job = toJob(row);
    const message =
      row.status === 'queued' || row.status === 'running'
        ? 'The Monte Carlo run is not finished yet'
        : row.status === 'cancelled'
          ? 'The Monte Carlo run was cancelled'
          : 'The Monte Carlo run failed';
    throw new AppError(409, message, { errors: [{ status: [`${job.status}: ${job.stage} (${job.progress}%)`] }] });
  }
  return fromJson<Record<string, unknown>>(row.result);
}

/** The worker's side: the stored scenario with its trials reported as they run. */
export const runMonteCarloJob: JobWork = async (ctx, control) => {
  const { row } = control;
  const b = parse(scenarios.StoredScenarioRunBody, fromJson(row.payload));
  const hh = await householdOfJob(ctx.db, row.advisor_id, row.household_id);
  if (!hh) throw new JobFailure('The household was deleted');
  await control.step(1, 'Projecting the plan');
  const stamp = await householdStamp(ctx.db, hh);
  const [value, issues] = await Promise.all([
    computeStoredScenarioRun(ctx, hh, b, stamp, {
      signal: control.signal,
      onTrials: (done, total) =>
        control.report(2 + (96 * done) / total, `Running ${fmt(done)} of ${fmt(total)} trials`),
    }),
    householdRecordIssues(ctx.db, hh),
  ]);
  return { result: withIssues(value, issues), stage: 'Ready' };
};
