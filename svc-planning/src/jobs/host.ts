import type { ServiceContext } from '@kinfolio/service-kit';
import { z } from 'zod';
import { jobKinds } from './kinds';
import { JobWorker } from './runner';

/**
 * Where svc-planning's jobs run (issue 37). PLANNING_JOBS=workers: on the worker processes only (src/worker.ts; what
 * `start:distributed` and the Kubernetes manifests set for the API). in-process (the default, and always in embedded
 * mode): the service's own process consumes the jobs queue too, so one process does everything (`npm start`, the
 * component tests).
 */
export const JobsConfig = z.object({
  PLANNING_JOBS: z.enum(['in-process', 'workers']).default('in-process'),
});

const workers = new WeakMap<ServiceContext, JobWorker>();

/** Starts a consumer of the jobs queue for this context (a worker process's, or the service's own). */
export async function startJobWorker(ctx: ServiceContext): Promise<JobWorker> {
  const worker = new JobWorker(ctx, jobKinds);
  workers.set(ctx, worker);
  await worker.start();
  return worker;
}

/** The service's own consumer, unless its jobs are the worker processes' only. */
export async function startInProcessJobs(ctx: ServiceContext, env: Record<string, string | undefined>): Promise<void> {
  const cfg = JobsConfig.parse(env);
  if (ctx.config.MODE === 'embedded' || cfg.PLANNING_JOBS === 'in-process') await startJobWorker(ctx);
}

/** Stops this context's consumer: the running job stops at its next step and goes back to the queue. */
export async function stopJobWorker(ctx: ServiceContext): Promise<void> {
  await workers.get(ctx)?.stop();
  workers.delete(ctx);
}
