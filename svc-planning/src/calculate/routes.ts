import { type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { answer, readers } from '../reply';
import { dataTables, debtFigures, financeFigures, netWorth, scenarioModelling } from './service';

/**
 * POST customer/calculate/{debt,finance,data-tables,scenario-modelling} with a household posted inline, or with
 * `{household_id, as_of?}` to calculate a stored household (the advisor's own, or the customer's own); GET
 * customer/{id}/net-worth projects the stored household `id`. The body is parsed by the use case (calculate/service.ts):
 * which schema applies depends on whether it names a stored household.
 */
export function calculateRoutes(app: Express, ctx: ServiceContext): void {
  for (const [path, calculate] of [
    ['debt', debtFigures],
    ['finance', financeFigures],
    ['data-tables', dataTables],
    ['scenario-modelling', scenarioModelling],
  ] as const)
    app.post(
      `/api/v1/customer/calculate/${path}`,
      readers,
      answer((req) => calculate(ctx, req.body)),
    );
  app.get(
    '/api/v1/customer/:id/net-worth',
    readers,
    answer((req) => netWorth(ctx, uuidParam(req))),
  );
}
