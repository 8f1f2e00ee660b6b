import type { ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { balanceSheetRoutes } from './balance-sheet/routes';
import { calculateRoutes } from './calculate/routes';
import { currencyRatesRoutes } from './currency/routes';
import { closeScenarioPool } from './domain/calculations/montecarlo';
import { closeRenderProcess } from './exports/render-process';
import { exportRoutes } from './exports/routes';
import { leadsRoutes } from './households/leads.routes';
import { onBoardingRoutes } from './households/onboarding.routes';
import { planRoutes } from './households/plan.routes';
import { insuranceRoutes } from './insurance/routes';
import { startInProcessJobs, stopJobWorker } from './jobs/host';
import { jobRoutes } from './jobs/routes';
import { meetingRoutes } from './meetings/routes';
import { demoHouseholdConsumer } from './messaging/demo-household';
import { advisorEventsConsumer } from './messaging/on-advisor-events';
import { authEventsConsumer } from './messaging/on-auth-events';
import { leadMagnetEventsConsumer } from './messaging/on-lead-magnet-events';
import { loadRateTables } from './rate-tables/service';
import { rateTableRoutes } from './rate-tables/routes';
import { readStatsRoutes, startReadRouting } from './read-db';
import { kinds } from './records/kinds';
import { recordsRoutes } from './records/routes';
import { syncRecordKinds } from './records/schema';
import { insuranceReferenceRoutes } from './reference/insurance/routes';
import { startFundImports, stopFundImports } from './reference/investment/importer';
import { investmentReferenceRoutes } from './reference/investment/routes';
import { thresholdRoutes } from './reference/thresholds/routes';
import { cacheStatsRoutes } from './reports/cache-stats.routes';
import { reportRoutes } from './reports/routes';
import { startPrewarm, stopPrewarm } from './reports/prewarm';
import { reportPrewarm } from './reports/read';
import { scenarioRoutes } from './scenarios/routes';

/** svc-planning: reference data, stored households and their records, calculations and projections. */
export const planningModule: ServiceModule = {
  name: 'svc-planning',
  migrations,
  routes(app, ctx) {
    cacheStatsRoutes(app, ctx);
    currencyRatesRoutes(app, ctx);
    calculateRoutes(app, ctx);
    leadsRoutes(app, ctx);
    planRoutes(app, ctx);
    onBoardingRoutes(app, ctx);
    recordsRoutes(app, ctx);
    insuranceRoutes(app, ctx);
    insuranceReferenceRoutes(app, ctx);
    thresholdRoutes(app, ctx);
    rateTableRoutes(app, ctx);
    balanceSheetRoutes(app, ctx);
    investmentReferenceRoutes(app, ctx);
    scenarioRoutes(app, ctx);
    meetingRoutes(app, ctx);
    exportRoutes(app, ctx);
    reportRoutes(app, ctx);
    readStatsRoutes(app, ctx);
    jobRoutes(app, ctx);
  },
  consumers: (ctx) => [
    authEventsConsumer(ctx),
    advisorEventsConsumer(ctx),
    demoHouseholdConsumer(ctx),
    leadMagnetEventsConsumer(ctx),
  ],
  // the scenario calculations' processes (Monte Carlo off the event loop) end with the service
  // the fund price import (issue 15): resumes a run left behind and keeps its schedule; stops between batches
  // the rate tables (issue 32): built-in + stored versions, validated, installed before the first request
  // the record kinds' tables, indexes and cascades, when the declarations changed since the last start (issue 33)
  // reads that can lag go to the read replica when there is one (issue 37, read-db.ts)
  onStart: async (ctx) => {
    startReadRouting(ctx);
    // reports made ahead of the read after a write of a household someone has open (PREWARM_REPORTS=on)
    startPrewarm(ctx, process.env, reportPrewarm);
    const created = await syncRecordKinds(ctx.db, kinds);
    if (created.length) ctx.logger.info({ created }, 'record kind tables created');
    await loadRateTables(ctx);
    await startFundImports(ctx);
    // long work as jobs (issue 37): consumed here too unless the worker processes take them all (jobs/host.ts)
    await startInProcessJobs(ctx, process.env);
  },
  onStop: async (ctx) => {
    stopPrewarm(ctx);
    await stopJobWorker(ctx);
    await closeRenderProcess();
    await stopFundImports(ctx);
    await closeScenarioPool();
  },
};
