import { explanations, reports } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { answer, readers } from '../reply';
import { explainFigure } from './explain';
import { householdReport } from './service';

/**
 * GET customer/{id}/financial-report?currency=SGD|RM&as_of=YYYY-MM-DD: the advisor's own household or the
 * customer's own (read only); another tenant's is a 404, a bad currency or date a 400 naming the field.
 */
export function reportRoutes(app: Express, ctx: ServiceContext): void {
  app.get(
    '/api/v1/customer/:id/financial-report',
    readers,
    answer((req) => {
      const id = uuidParam(req);
      return householdReport(ctx, id, parse(reports.FinancialReportQuery, req.query));
    }),
  );
  // GET customer/{id}/financial-report/explain?figure=<id>: how one figure was reached (issue 34); an unknown figure
  // is a 404, a malformed one a 400 naming `figure`
  app.get(
    '/api/v1/customer/:id/financial-report/explain',
    readers,
    answer((req) => explainFigure(ctx, uuidParam(req), parse(explanations.ExplanationQuery, req.query))),
  );
}
