import type { Express } from 'express';
import { planning } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { AppError, allow, badRequest, identity, notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import { findLastHousehold, saveLastHousehold } from '../../data/last-household.repository';
import { CalculationInputError, calculateDataTables, calculateDebt, calculateFinance, calculateScenarioModelling, netWorthByYear } from '../../domain/calculations';

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
    if (!Number.isFinite(v)) throw new AppError(400, 'The inputs give no finite result', { errors: [{ household: [`${path} is not finite`] }] });
  } else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) assertFinite(v[i], path);
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) assertFinite((v as Record<string, unknown>)[k], path);
}

/**
 * POST customer/calculate/{debt,finance,data-tables,scenario-modelling} and GET customer/{id}/net-worth.
 * A payload with customer_id is remembered for that customer and caller; net-worth projects the last one.
 */
export function calculateRoutes(app: Express, ctx: ServiceContext): void {
  const guard = allow('advisor', 'customer');
  const remember = async (h: planning.Household) => {
    if (h.customer_id) await saveLastHousehold(ctx.db, h.customer_id, identity().userId, h);
  };

  app.post('/api/v1/customer/calculate/debt', guard, async (req, res) => {
    const h = parse(planning.Household, req.body);
    const data = run(() => calculateDebt(h));
    await remember(h);
    res.json({ data });
  });
  app.post('/api/v1/customer/calculate/finance', guard, async (req, res) => {
    const h = parse(planning.Household, req.body);
    const data = run(() => calculateFinance(h));
    await remember(h);
    res.json({ data });
  });
  app.post('/api/v1/customer/calculate/data-tables', guard, async (req, res) => {
    const h = parse(planning.Household, req.body);
    const data = run(() => calculateDataTables(h));
    await remember(h);
    res.json({ data });
  });
  app.post('/api/v1/customer/calculate/scenario-modelling', guard, async (req, res) => {
    const { scenario, ...h } = parse(planning.ScenarioRequest, req.body);
    const data = run(() => calculateScenarioModelling(h, scenario ?? {}));
    await remember(h);
    res.json({ data });
  });
  app.get('/api/v1/customer/:id/net-worth', guard, async (req, res) => {
    const id = uuidParam(req);
    const me = identity();
    const row = await findLastHousehold(ctx.db, id, me.userId);
    if (!row) throw notFound('No household has been calculated for this customer yet');
    const h = parse(planning.Household, row.household);
    const years = run(() => netWorthByYear(h));
    res.json({ data: { customer_id: id, currency: (h.currency ?? 'SGD').toUpperCase(), computed_at: row.updated_at, years } });
  });
}
