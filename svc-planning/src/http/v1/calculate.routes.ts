import type { Express } from 'express';
import { households, planning } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { AppError, allow, badRequest, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import { engineHousehold } from '../../households/engine-household';
import { householdFor } from '../../records/access';
import {
  CalculationInputError,
  calculateDataTables,
  calculateDebt,
  calculateFinance,
  calculateScenarioModelling,
  netWorthByYear,
} from '../../domain/calculations';

/** Runs an engine call; input the engine cannot use becomes a 400 naming the field (never a 5xx). */
function run<T>(fn: () => T): T {
  let out: T;
  try {
    out = fn();
  } catch (e) {
    if (e instanceof CalculationInputError) throw badRequest(e.message, e.field);
    if (e instanceof UnknownCurrencyError) throw badRequest(e.message, 'currency');
    if (e instanceof RangeError) throw badRequest(e.message, 'household');
    throw e;
  }
  assertFinite(out, 'data');
  return out;
}

/** No NaN or Infinity ever leaves the service. */
function assertFinite(v: unknown, path: string): void {
  if (typeof v === 'number') {
    if (!Number.isFinite(v))
      throw new AppError(400, 'The inputs give no finite result', {
        errors: [{ household: [`${path} is not finite`] }],
      });
  } else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) assertFinite(v[i], path);
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) assertFinite((v as Record<string, unknown>)[k], path);
}

/**
 * POST customer/calculate/{debt,finance,data-tables,scenario-modelling} with a household posted inline, or with
 * `{household_id, as_of?}` to calculate a stored household (the advisor's own, or the customer's own); GET
 * customer/{id}/net-worth projects the stored household `id`.
 */
export function calculateRoutes(app: Express, ctx: ServiceContext): void {
  const guard = allow('advisor', 'customer');
  const isStored = (body: unknown) =>
    !!body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'household_id');
  const stored = async (id: string, asOf?: string) => {
    const hh = await householdFor(ctx.db, id, identity(), 'read');
    return parse(planning.Household, await engineHousehold(ctx.db, hh, asOf));
  };
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
    const h = await household(req.body);
    res.json({ data: run(() => calculateDataTables(h)) });
  });
  app.post('/api/v1/customer/calculate/scenario-modelling', guard, async (req, res) => {
    let h: planning.Household;
    let scenario: planning.ScenarioRequest['scenario'];
    if (isStored(req.body)) {
      const b = parse(households.StoredScenarioBody, req.body);
      h = await stored(b.household_id, b.as_of);
      scenario = b.scenario;
    } else ({ scenario, ...h } = parse(planning.ScenarioRequest, req.body));
    res.json({ data: run(() => calculateScenarioModelling(h, scenario ?? {})) });
  });
  app.get('/api/v1/customer/:id/net-worth', guard, async (req, res) => {
    const h = await stored(uuidParam(req));
    const years = run(() => netWorthByYear(h));
    res.json({
      data: {
        customer_id: h.customer_id,
        currency: (h.currency ?? 'SGD').toUpperCase(),
        computed_at: new Date().toISOString(),
        years,
      },
    });
  });
}
