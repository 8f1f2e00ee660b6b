import { households, planning, scenarios } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { AppError, allow, badRequest, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import {
  CalculationInputError,
  calculateDataTables,
  calculateDebt,
  calculateFinance,
  calculateScenarioModelling,
  netWorthByYear,
  type ScenarioInput,
  scenarioPool,
} from '../../domain/calculations';
import { engineHousehold } from '../../households/engine-household';
import { householdFor } from '../../records/access';
import { storedScenarioInputs } from '../../scenarios/sell-sequence';

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

/** Runs a scenario: with Monte Carlo on a thread of the scenario pool (never on the event loop), else inline. */
async function runScenario(h: planning.Household, s: ScenarioInput) {
  if (!s.monte_carlo?.enabled) return run(() => calculateScenarioModelling(h, s));
  let out: ReturnType<typeof calculateScenarioModelling>;
  try {
    out = await scenarioPool().run<ReturnType<typeof calculateScenarioModelling>>(h, s);
  } catch (e) {
    return run(() => {
      throw e;
    });
  }
  return run(() => out);
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
    if (isStored(req.body)) {
      const b = parse(scenarios.StoredScenarioRunBody, req.body);
      const hh = await householdFor(ctx.db, b.household_id, identity(), 'read');
      const [household, inputs] = await Promise.all([
        engineHousehold(ctx.db, hh, b.as_of).then((x) => parse(planning.Household, x)),
        storedScenarioInputs(ctx.db, hh),
      ]);
      // the household's stored sell sequence and locked assets apply unless the call posts its own
      const s: ScenarioInput = {
        ...b.scenario,
        sell_sequence: b.scenario?.sell_sequence ?? inputs.sell_sequence,
        locked_assets: b.scenario?.locked_assets ?? inputs.locked_assets,
      };
      const changes = Object.entries(b.expense_change_percent ?? {});
      if (changes.length === 0) {
        res.json({ data: await runScenario(household, s) });
        return;
      }
      // expense changes are the scenario's only: the current plan is the stored household's
      const known = new Set((household.expenses ?? []).map((e) => e.id));
      for (const [id] of changes)
        if (!known.has(id)) throw badRequest('No such expense in this household', `expense_change_percent.${id}`);
      const pct = new Map(changes);
      const changed: planning.Household = {
        ...household,
        expenses: (household.expenses ?? []).map((e) =>
          e.id !== undefined && pct.has(e.id) ? { ...e, amount: e.amount * (1 + (pct.get(e.id) as number) / 100) } : e,
        ),
      };
      const current = run(() =>
        calculateScenarioModelling(household, { sell_sequence: s.sell_sequence, locked_assets: s.locked_assets }),
      );
      const out = await runScenario(changed, s);
      res.json({ data: { ...out, base: current.base } });
      return;
    }
    const { scenario, ...h } = parse(planning.ScenarioRequest, req.body);
    res.json({ data: await runScenario(h, scenario ?? {}) });
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
