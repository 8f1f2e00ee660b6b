import { KitConfig, loadConfig, runServiceProcess, type ServiceModule } from '@kinfolio/service-kit';
import { z } from 'zod';
import { migrations } from '../migrations';
import { lowerProcessPriority } from './domain/calculations/montecarlo.worker';
import { startJobWorker, stopJobWorker } from './jobs/host';
import { closeScenarioPool } from './domain/calculations/montecarlo';
import { closeRenderProcess } from './exports/render-process';
import { loadRateTables } from './rate-tables/service';
import { kinds } from './records/kinds';
import { syncRecordKinds } from './records/schema';
import { FundImportConfig } from './reference/investment/config';

/**
 * svc-planning's worker process (issue 37): the jobs queue's consumer — Monte Carlo runs, exports, the fund price
 * import — apart from the API, scaled on its own (its Deployment in infra/k8s, SVC_PLANNING_WORKERS processes in
 * `start:distributed`), below the API's priority (nice KF_WORKER_NICE, default 10, on every thread). It shares
 * svc-planning's database schema and blob store, takes one job at a time, and answers /healthz and /readyz on
 * WORKER_PORT for the probes. On SIGTERM it stops taking jobs; the running one stops at its next step and goes back
 * to the queue for another worker (jobs/runner.ts).
 */
const config = loadConfig(
  KitConfig.and(
    z.object({
      WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
      KF_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
    }),
  ),
  process.env,
  'svc-planning-worker',
);
loadConfig(FundImportConfig, process.env, 'svc-planning-worker');
lowerProcessPriority(config.KF_WORKER_NICE);
// one job at a time: one scenario process is enough (it is niced too)
process.env.KF_SCENARIO_THREADS ??= '1';

const workerModule: ServiceModule = {
  name: 'svc-planning',
  migrations,
  routes() {
    // no API: /healthz and /readyz only
  },
  onStart: async (ctx) => {
    await syncRecordKinds(ctx.db, kinds);
    await loadRateTables(ctx);
    await startJobWorker(ctx);
  },
  onStop: async (ctx) => {
    await stopJobWorker(ctx);
    await closeRenderProcess();
    await closeScenarioPool();
  },
};

runServiceProcess('svc-planning-worker', config, workerModule, { port: config.WORKER_PORT });
