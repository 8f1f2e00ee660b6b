import { planning, type scenarios } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { AppError, badRequest, parse, type ServiceContext } from '@kinfolio/service-kit';
import {
  CalculationInputError,
  calculateScenarioModelling,
  type RunOptions,
  type ScenarioInput,
  scenarioPool,
} from '../domain/calculations';
import type { HouseholdRow } from '../records/access';
import { householdStamp, StampedCache } from '../reports/cache';
import { storedHouseholdAt } from '../reports/projection';
import { storedScenarioInputs } from './sell-sequence';

/** Runs an engine call; input the engine cannot use becomes a 400 naming the field (never a 5xx). */
export function run<T>(fn: () => T): T {
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
export async function runScenario(h: planning.Household, s: ScenarioInput, o: RunOptions = {}) {
  if (!s.monte_carlo?.enabled) return run(() => calculateScenarioModelling(h, s));
  // the reply explains its probability of success (issue 34: monte_carlo.probability_explanation)
  const explained: ScenarioInput = { ...s, monte_carlo: { ...s.monte_carlo, explain: true } };
  let out: ReturnType<typeof calculateScenarioModelling>;
  try {
    out = await scenarioPool().run<ReturnType<typeof calculateScenarioModelling>>(h, explained, o);
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

/** The stored sell sequence, locked assets and scenario changes of a household, per version of the household. */
const scenarioInputsCache = new StampedCache<Awaited<ReturnType<typeof storedScenarioInputs>>>();

/**
 * A stored household's scenario (POST customer/calculate/scenario-modelling with household_id, and the scenario
 * export): the stored sell sequence, locked assets and scenario changes apply unless the call posts its own; expense
 * changes are the scenario's only (the current plan keeps the stored amounts).
 */
export async function runStoredScenario(
  ctx: ServiceContext,
  hh: HouseholdRow,
  b: scenarios.StoredScenarioRunBody,
): Promise<ReturnType<typeof calculateScenarioModelling>> {
  // the parsed household and its stored scenario inputs, per version of the household (reports/cache.ts: every
  // write to them touches households.updated_at): one stamp query on the event loop instead of every record kind
  // and three more reads (issue 14). Never changed here, only copied.
  const stamp = await householdStamp(ctx.db, hh);
  const [household, inputs] = await Promise.all([
    storedHouseholdAt(ctx, hh, b.as_of, stamp),
    scenarioInputsCache.get(hh, undefined, stamp, () => storedScenarioInputs(ctx.db, hh)),
  ]);
  // the household's stored sell sequence, locked assets and scenario changes apply unless the call posts its own
  // stored changes name records that may since have gone: only the household's current ones apply
  const only = (o: Record<string, number>, ids: Array<string | undefined>) => {
    const keep = new Set(ids);
    return Object.fromEntries(Object.entries(o).filter(([k]) => keep.has(k)));
  };
  const stored = {
    retirement_age: only(
      inputs.settings.retirement_age,
      household.members.map((m) => m.id),
    ),
    income_change_percent: only(
      inputs.settings.income_change_percent,
      (household.incomes ?? []).map((i) => i.id),
    ),
    expense_change_percent: only(
      inputs.settings.expense_change_percent,
      (household.expenses ?? []).map((e) => e.id),
    ),
    trials: inputs.settings.trials,
  };
  const ov = b.scenario?.overrides ?? {};
  const mc = b.scenario?.monte_carlo;
  const s: ScenarioInput = {
    ...b.scenario,
    overrides: {
      ...ov,
      ...(ov.retirement_age === undefined && Object.keys(stored.retirement_age).length
        ? { retirement_age: stored.retirement_age }
        : {}),
      ...(ov.income_change_percent === undefined && Object.keys(stored.income_change_percent).length
        ? { income_change_percent: stored.income_change_percent }
        : {}),
    },
    ...(mc ? { monte_carlo: { ...mc, trials: mc.trials ?? stored.trials } } : {}),
    sell_sequence: b.scenario?.sell_sequence ?? inputs.sell_sequence,
    locked_assets: b.scenario?.locked_assets ?? inputs.locked_assets,
  };
  const changes = Object.entries(b.expense_change_percent ?? stored.expense_change_percent);
  // the current plan is the plan (the report's projection, reports/projection.ts): the stored household with its saved
  // sell sequence and locked assets, whatever the call posts for its scenario
  const plan = { sell_sequence: inputs.sell_sequence, locked_assets: inputs.locked_assets };
  const samePlan = same(s.sell_sequence, plan.sell_sequence) && same(s.locked_assets, plan.locked_assets);
  // the household is the cache's object for this version, never changed: the pool's processes keep a copy of it
  if (changes.length === 0 && samePlan) return runScenario(household, s, { keep: true });
  // expense changes are the scenario's only: the current plan is the stored household's
  const known = new Set((household.expenses ?? []).map((e) => e.id));
  for (const [id] of changes)
    if (!known.has(id)) throw badRequest('No such expense in this household', `expense_change_percent.${id}`);
  const pct = new Map(changes);
  const changed: planning.Household =
    changes.length === 0
      ? household
      : {
          ...household,
          expenses: (household.expenses ?? []).map((e) =>
            e.id !== undefined && pct.has(e.id) ? { ...e, amount: e.amount * (1 + (pct.get(e.id) as number) / 100) } : e,
          ),
        };
  const current = run(() => calculateScenarioModelling(household, plan));
  const out = await runScenario(changed, s, changes.length === 0 ? { keep: true } : {});
  return { ...out, base: current.base };
}

/** Whether two id lists are the same list (undefined is the empty list). */
const same = (a: string[] | undefined, b: string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === (b ?? [])[i]);
