import { households, planning, scenarios } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { calculateDataTables, calculateDebt, calculateFinance } from '../../domain/calculations';
import { householdFor } from '../../records/access';
import { householdProjection, storedHousehold } from '../../reports/projection';
import { run, runScenario, runStoredScenario } from '../../scenarios/run';

/**
 * POST customer/calculate/{debt,finance,data-tables,scenario-modelling} with a household posted inline, or with
 * `{household_id, as_of?}` to calculate a stored household (the advisor's own, or the customer's own); GET
 * customer/{id}/net-worth projects the stored household `id`.
 */
export function calculateRoutes(app: Express, ctx: ServiceContext): void {
  const guard = allow('advisor', 'customer');
  const isStored = (body: unknown) =>
    !!body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'household_id');
  // the parsed household per version (reports/projection.ts), shared with the report and scenario runs
  const stored = async (id: string, asOf?: string) =>
    storedHousehold(ctx, await householdFor(ctx.db, id, identity(), 'read'), asOf);
  const household = async (body: unknown): Promise<planning.Household> => {
    if (!isStored(body)) return parse(planning.Household, body);
    const b = parse(households.StoredCalculationBody, body);
    return stored(b.household_id, b.as_of);
  };

  app.post('/api/v1/customer/calculate/debt', guard, async (req, res) => {
    const h = await household(req.body);
    res.json({ data: run(() => calculateDebt(h)) });
  });
  app.post('/api/v1/customer/calculate/finance', guard, async (req, res) => {
    const h = await household(req.body);
    res.json({ data: run(() => calculateFinance(h)) });
  });
  app.post('/api/v1/customer/calculate/data-tables', guard, async (req, res) => {
    if (isStored(req.body)) {
      // a stored household's rows come from the projection cache (svc-planning/src/reports/projection.ts)
      const b = parse(households.StoredCalculationBody, req.body);
      const p = await householdProjection(ctx, await householdFor(ctx.db, b.household_id, identity(), 'read'), b.as_of);
      res.json({ data: run(() => p.dataTables) });
      return;
    }
    const h = await household(req.body);
    res.json({ data: run(() => calculateDataTables(h)) });
  });
  app.post('/api/v1/customer/calculate/scenario-modelling', guard, async (req, res) => {
    if (isStored(req.body)) {
      const b = parse(scenarios.StoredScenarioRunBody, req.body);
      const hh = await householdFor(ctx.db, b.household_id, identity(), 'read');
      res.json({ data: await runStoredScenario(ctx, hh, b) });
      return;
    }
    const { scenario, ...h } = parse(planning.ScenarioRequest, req.body);
    res.json({ data: await runScenario(h, scenario ?? {}) });
  });
  app.get('/api/v1/customer/:id/net-worth', guard, async (req, res) => {
    const p = await householdProjection(ctx, await householdFor(ctx.db, uuidParam(req), identity(), 'read'));
    const h = p.household;
    const years = run(() => p.netWorth);
    res.json({
      data: {
        customer_id: h.customer_id,
        currency: (h.currency ?? 'SGD').toUpperCase(),
        computed_at: p.computedAt,
        years,
      },
    });
  });
}
