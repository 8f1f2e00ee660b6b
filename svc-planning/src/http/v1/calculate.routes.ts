import { households, planning, type RecordIssue, scenarios } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { calculateDataTables, calculateDebt, calculateFinance } from '../../domain/calculations';
import { syncRateTables } from '../../rate-tables/service';
import { householdFor } from '../../records/access';
import { householdRecordIssues, withIssues } from '../../records/issues';
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
  // the parsed household per version (reports/projection.ts), shared with the report and scenario runs, and the
  // records it left out (records/issues.ts: a stored record its contract refuses never fails the read)
  const stored = async (id: string, asOf?: string) => {
    const hh = await householdFor(ctx.db, id, identity(), 'read');
    const [h, issues] = await Promise.all([storedHousehold(ctx, hh, asOf), householdRecordIssues(ctx.db, hh)]);
    return { h, issues };
  };
  const household = async (body: unknown): Promise<{ h: planning.Household; issues: RecordIssue[] }> => {
    if (!isStored(body)) {
      // a posted household has no stamp: the rate tables' own (one small query) tells whether to reload them
      await syncRateTables(ctx.db);
      return { h: parse(planning.Household, body), issues: [] };
    }
    const b = parse(households.StoredCalculationBody, body);
    return stored(b.household_id, b.as_of);
  };

  app.post('/api/v1/customer/calculate/debt', guard, async (req, res) => {
    const { h, issues } = await household(req.body);
    res.json({
      data: withIssues(
        run(() => calculateDebt(h)),
        issues,
      ),
    });
  });
  app.post('/api/v1/customer/calculate/finance', guard, async (req, res) => {
    if (isStored(req.body)) {
      // a stored household's figures are the plan's (its saved plan settings), from the projection cache
      const b = parse(households.StoredCalculationBody, req.body);
      const hh = await householdFor(ctx.db, b.household_id, identity(), 'read');
      const [p, issues] = await Promise.all([householdProjection(ctx, hh, b.as_of), householdRecordIssues(ctx.db, hh)]);
      res.json({ data: withIssues(p.finance, issues) });
      return;
    }
    const { h, issues } = await household(req.body);
    res.json({
      data: withIssues(
        run(() => calculateFinance(h)),
        issues,
      ),
    });
  });
  app.post('/api/v1/customer/calculate/data-tables', guard, async (req, res) => {
    if (isStored(req.body)) {
      // a stored household's rows come from the projection cache (svc-planning/src/reports/projection.ts)
      const b = parse(households.StoredCalculationBody, req.body);
      const hh = await householdFor(ctx.db, b.household_id, identity(), 'read');
      const [p, issues] = await Promise.all([householdProjection(ctx, hh, b.as_of), householdRecordIssues(ctx.db, hh)]);
      res.json({
        data: withIssues(
          run(() => p.dataTables),
          issues,
        ),
      });
      return;
    }
    const { h } = await household(req.body);
    res.json({ data: run(() => calculateDataTables(h)) });
  });
  app.post('/api/v1/customer/calculate/scenario-modelling', guard, async (req, res) => {
    if (isStored(req.body)) {
      const b = parse(scenarios.StoredScenarioRunBody, req.body);
      const hh = await householdFor(ctx.db, b.household_id, identity(), 'read');
      const [data, issues] = await Promise.all([runStoredScenario(ctx, hh, b), householdRecordIssues(ctx.db, hh)]);
      res.json({ data: withIssues(data, issues) });
      return;
    }
    await syncRateTables(ctx.db);
    const { scenario, ...h } = parse(planning.ScenarioRequest, req.body);
    res.json({ data: await runScenario(h, scenario ?? {}) });
  });
  app.get('/api/v1/customer/:id/net-worth', guard, async (req, res) => {
    const hh = await householdFor(ctx.db, uuidParam(req), identity(), 'read');
    const [p, issues] = await Promise.all([householdProjection(ctx, hh), householdRecordIssues(ctx.db, hh)]);
    const h = p.household;
    const years = run(() => p.netWorth);
    res.json({
      data: {
        customer_id: h.customer_id,
        currency: (h.currency ?? 'SGD').toUpperCase(),
        computed_at: p.computedAt,
        years,
        tables: p.dataTables.tables,
        ...(issues.length ? { record_issues: issues } : {}),
      },
    });
  });
}
