import { scenarios as S } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { advisorOnly, answer, readers } from '../reply';
import {
  compareScenarios,
  createNamedScenario,
  deleteNamedScenario,
  listNamedScenarios,
  updateNamedScenario,
} from './named';
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

  // named scenarios (issue 36): the advisor writes, the household's customer reads the recommended and shared ones
  const scenarioId = (req: Request) => uuidParam(req, 'scenarioId');
  app.get(
    '/api/v1/customer/:id/named-scenarios',
    readers,
    answer((req) => listNamedScenarios(ctx, id(req))),
  );
  app.post(
    '/api/v1/customer/:id/named-scenarios/compare',
    readers,
    answer((req) => compareScenarios(ctx, id(req), parse(S.CompareScenariosBody, req.body))),
  );
  app.post(
    '/api/v1/customer/:id/named-scenarios',
    advisorOnly,
    answer((req) => createNamedScenario(ctx, id(req), parse(S.NamedScenarioBody, req.body)), { ...saved, status: 201 }),
  );
  app.patch(
    '/api/v1/customer/:id/named-scenarios/:scenarioId',
    advisorOnly,
    answer((req) => updateNamedScenario(ctx, id(req), scenarioId(req), parse(S.NamedScenarioPatch, req.body)), saved),
  );
  app.delete(
    '/api/v1/customer/:id/named-scenarios/:scenarioId',
    advisorOnly,
    answer((req) => deleteNamedScenario(ctx, id(req), scenarioId(req)), { message: 'Deleted' }),
  );
}
