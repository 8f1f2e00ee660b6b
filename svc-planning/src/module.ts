import type { ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { balanceSheetRoutes } from './balance-sheet/routes';
import { closeScenarioPool } from './domain/calculations/montecarlo';
import { leadsRoutes } from './households/leads.routes';
import { onBoardingRoutes } from './households/onboarding.routes';
import { planRoutes } from './households/plan.routes';
import { calculateRoutes } from './http/v1/calculate.routes';
import { currencyRatesRoutes } from './http/v1/currency-rates.routes';
import { insuranceRoutes } from './insurance/routes';
import { demoHouseholdConsumer } from './messaging/demo-household';
import { authEventsConsumer } from './messaging/on-auth-events';
import { recordsRoutes } from './records/routes';
import { scenarioRoutes } from './scenarios/routes';

/** svc-planning: reference data, stored households and their records, calculations and projections. */
export const planningModule: ServiceModule = {
  name: 'svc-planning',
  migrations,
  routes(app, ctx) {
    currencyRatesRoutes(app, ctx);
    calculateRoutes(app, ctx);
    leadsRoutes(app, ctx);
    planRoutes(app, ctx);
    onBoardingRoutes(app, ctx);
    recordsRoutes(app, ctx);
    insuranceRoutes(app, ctx);
    balanceSheetRoutes(app, ctx);
    scenarioRoutes(app, ctx);
  },
  consumers: (ctx) => [authEventsConsumer(ctx), demoHouseholdConsumer(ctx)],
  // the scenario calculations' worker threads (Monte Carlo off the event loop) end with the service
  onStop: () => closeScenarioPool(),
};
