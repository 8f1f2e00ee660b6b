import { scenarios as S } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { serveKind } from '../records/routes';
import { scenarioKinds } from './kinds';
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
  serveKind(app, ctx, scenarioKinds.savedFilter, { positions: false });
  serveKind(app, ctx, scenarioKinds.lockedAsset, { positions: false });
  app.get('/api/v1/customer/:id/scenario-sell-sequence', allow('advisor', 'customer'), async (req, res) => {
    res.json({ data: await sellSequence(ctx, String(req.params.id)) });
  });
  app.post('/api/v1/customer/scenario-sell-sequence', allow('advisor'), async (req, res) => {
    const body = parse(S.SellSequenceBody, req.body);
    res.json({ message: 'Saved', data: await changeSellSequence(ctx, body) });
  });
  app.get('/api/v1/customer/:id/scenario-settings', allow('advisor', 'customer'), async (req, res) => {
    res.json({ data: await scenarioSettings(ctx, String(req.params.id)) });
  });
  app.post('/api/v1/customer/scenario-settings', allow('advisor'), async (req, res) => {
    const body = parse(S.ScenarioSettingsBody, req.body);
    res.json({ message: 'Saved', data: await changeScenarioSettings(ctx, body) });
  });
}
