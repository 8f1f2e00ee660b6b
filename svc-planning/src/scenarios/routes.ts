import { scenarios as S } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { householdFor } from '../records/access';
import { ownHousehold } from '../records/routes';
import { readSellSequence, saveSellSequence } from './sell-sequence';
import { readScenarioSettings, saveScenarioSettings } from './settings';

/**
 * Scenario modelling's stored inputs (issue 14): GET customer/{id}/saved-filters, POST customer/saved-filters,
 * PATCH and DELETE customer/saved-filters/{recordId}; GET customer/{id}/locked-assets, POST customer/locked-assets,
 * DELETE customer/locked-assets/{recordId}; GET customer/{id}/scenario-sell-sequence and POST
 * customer/scenario-sell-sequence; GET customer/{id}/scenario-settings and POST customer/scenario-settings (the
 * scenario's retirement ages, income and expense changes and trials). The advisor's own households (another tenant's is 404); the customer reads
 * their own.
 */
export function scenarioRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/customer/:id/scenario-sell-sequence', allow('advisor', 'customer'), async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    res.json({ data: await readSellSequence(ctx.db, hh) });
  });
  app.post('/api/v1/customer/scenario-sell-sequence', allow('advisor'), async (req, res) => {
    const body = parse(S.SellSequenceBody, req.body);
    const hh = await ownHousehold(ctx, body.lead_id);
    res.json({ message: 'Saved', data: await saveSellSequence(ctx.db, hh, body.asset_ids) });
  });
  app.get('/api/v1/customer/:id/scenario-settings', allow('advisor', 'customer'), async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    res.json({ data: await readScenarioSettings(ctx.db, hh) });
  });
  app.post('/api/v1/customer/scenario-settings', allow('advisor'), async (req, res) => {
    const { lead_id, ...settings } = parse(S.ScenarioSettingsBody, req.body);
    const hh = await ownHousehold(ctx, lead_id);
    res.json({ message: 'Saved', data: await saveScenarioSettings(ctx.db, hh, settings) });
  });
}
