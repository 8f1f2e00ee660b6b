import { allow, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { dataTables, debtFigures, financeFigures, netWorth, scenarioModelling } from './service';

/**
 * POST customer/calculate/{debt,finance,data-tables,scenario-modelling} with a household posted inline, or with
 * `{household_id, as_of?}` to calculate a stored household (the advisor's own, or the customer's own); GET
 * customer/{id}/net-worth projects the stored household `id`. The body is parsed by the use case (calculate/service.ts):
 * which schema applies depends on whether it names a stored household.
 */
export function calculateRoutes(app: Express, ctx: ServiceContext): void {
  const guard = allow('advisor', 'customer');
  app.post('/api/v1/customer/calculate/debt', guard, async (req, res) => {
    res.json({ data: await debtFigures(ctx, req.body) });
  });
  app.post('/api/v1/customer/calculate/finance', guard, async (req, res) => {
    res.json({ data: await financeFigures(ctx, req.body) });
  });
  app.post('/api/v1/customer/calculate/data-tables', guard, async (req, res) => {
    res.json({ data: await dataTables(ctx, req.body) });
  });
  app.post('/api/v1/customer/calculate/scenario-modelling', guard, async (req, res) => {
    res.json({ data: await scenarioModelling(ctx, req.body) });
  });
  app.get('/api/v1/customer/:id/net-worth', guard, async (req, res) => {
    res.json({ data: await netWorth(ctx, uuidParam(req)) });
  });
}
