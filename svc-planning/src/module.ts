import type { ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { calculateRoutes } from './http/v1/calculate.routes';
import { currencyRatesRoutes } from './http/v1/currency-rates.routes';

/** svc-planning: reference data, calculations and projections (records come with a later issue). */
export const planningModule: ServiceModule = {
  name: 'svc-planning',
  migrations,
  routes(app, ctx) {
    currencyRatesRoutes(app, ctx);
    calculateRoutes(app, ctx);
  },
};
