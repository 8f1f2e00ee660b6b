import { scenarios as S } from '@kinfolio/contracts';
import { parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { advisorOnly, answer, readers } from '../reply';
import { changeScenarioSettings, changeSellSequence, scenarioSettings, sellSequence } from './service';

/**
 * Scenario modelling's stored inputs (issue 14): GET customer/{id}/saved-filters, POST customer/saved-filters,
 * PATCH and DELETE customer/saved-filters/{recordId}; GET customer/{id}/locked-assets, POST customer/locked-assets,
 * DELETE customer/locked-assets/{recordId}; GET customer/{id}/scenario-sell-sequence and POST
 * customer/scenario-sell-sequence; GET customer/{id}/scenario-settings and POST customer/scenario-settings (the
 * scenario's retirement ages, income and expense changes and trials). The advisor's own households (another tenant's is 404); the customer reads
 * their own.
 */
export function scenarioRoutes(app: Express, ctx: ServiceContext): void {
  const id = (req: Request) => String(req.params.id);
  const saved = { message: 'Saved' };
  app.get(
    '/api/v1/customer/:id/scenario-sell-sequence',
    readers,
    answer((req) => sellSequence(ctx, id(req))),
  );
  app.get(
    '/api/v1/customer/:id/scenario-settings',
    readers,
    answer((req) => scenarioSettings(ctx, id(req))),
  );
  const sellSequenceBody = (req: Request) => parse(S.SellSequenceBody, req.body);
  const settingsBody = (req: Request) => parse(S.ScenarioSettingsBody, req.body);
  app.post(
    '/api/v1/customer/scenario-sell-sequence',
    advisorOnly,
    answer((req) => changeSellSequence(ctx, sellSequenceBody(req)), saved),
  );
  app.post(
    '/api/v1/customer/scenario-settings',
    advisorOnly,
    answer((req) => changeScenarioSettings(ctx, settingsBody(req)), saved),
  );
}
