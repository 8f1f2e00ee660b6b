import { createHash } from 'node:crypto';
import type { planning, scenarios } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { AppError, badRequest, parse, type ServiceContext } from '@kinfolio/service-kit';
import {
  CalculationInputError,
  calculateScenarioModelling,
  type RunOptions,
  type ScenarioInput,
  scenarioPool,
} from '../domain/calculations';
import { todayIso } from '../balance-sheet/rules';
import type { HouseholdRow } from '../records/access';
import { householdStamp, StampedCache } from '../reports/cache';
import { storedHouseholdAt } from '../reports/projection';
import { readContext } from '../read-db';
import { structuredCodec } from '../reports/shared-cache';
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

/**
 * The stored sell sequence, locked assets and scenario changes of a household, per version of the household. Not
 * shared: read only when a run is computed, and its small reads of the database cost what a Redis read does.
 */
const scenarioInputsCache = new StampedCache<Awaited<ReturnType<typeof storedScenarioInputs>>>('scenario-inputs');

type ScenarioRun = ReturnType<typeof calculateScenarioModelling>;

/**
 * The stored scenario runs (issue 36, the meeting's what-if): one entry per household, version of the household and
 * body (the household id left out, so a customer asking by their own user id shares the advisor's entry), at most
 * WHAT_IF_ENTRIES (LRU). Concurrent identical calls share one computation (the entry is its promise); a failed one is
 * dropped. The reply depends on nothing of the caller's (the same household, the same body, the same figures: Monte
 * Carlo's default seed is fixed), so the advisor and the customer share entries. Shared by the replicas too
 * (reports/shared-cache.ts): a meeting's screens answered by different replicas cost one computation.
 */
export const WHAT_IF_ENTRIES = 500;
const whatIfCache = new StampedCache<ScenarioRun>('what-if', { limit: WHAT_IF_ENTRIES, codec: structuredCodec() });
/** How many stored scenario runs were computed (not answered from the cache): what the tests count. */
export const storedScenarioRuns = { computed: 0 };
/** Forgets every cached run (tests). */
export const clearStoredScenarioRuns = () => whatIfCache.clear();

/** A stable JSON of `v`: object keys sorted, so two bodies equal as values give one key. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The cache key of a run body (without its household id; the day when it has no as-of date). */
export const runKey = (b: scenarios.StoredScenarioRunBody): string => {
  const { household_id: _id, as_of, ...rest } = b;
  const hash = createHash('sha256').update(stableJson(rest)).digest('base64url');
  return `${as_of ?? `today:${todayIso()}`}|${hash}`;
};

/**
 * A stored household's scenario (POST customer/calculate/scenario-modelling with household_id, the scenario export,
 * a named scenarios' comparison): the stored sell sequence, locked assets and scenario changes apply unless the call
 * posts its own; expense changes and property selling years are the scenario's only (the current plan keeps the
 * stored amounts and years). Answered from the what-if cache when the household has not changed since.
 */
export async function runStoredScenario(
  ctx: ServiceContext,
  hh: HouseholdRow,
  b: scenarios.StoredScenarioRunBody,
): Promise<ScenarioRun> {
  const stamp = await householdStamp(ctx.db, hh);
  return whatIfCache.get(ctx, hh, runKey(b), stamp, async () => {
    storedScenarioRuns.computed++;
    // its reads from the replica when it has replayed the household's last write (../read-db.ts)
    return computeStoredScenario(await readContext(ctx, hh), hh, b, stamp);
  });
}

/**
 * The same run as runStoredScenario, made afresh with the pool's options (issue 37: a Monte Carlo job reports its
 * trials and can be cancelled; the jobs table keeps its result, so the what-if cache is not filled).
 */
export const computeStoredScenarioRun = (
  ctx: ServiceContext,
  hh: HouseholdRow,
  b: scenarios.StoredScenarioRunBody,
  stamp: string,
  o: RunOptions,
): Promise<ScenarioRun> => computeStoredScenario(ctx, hh, b, stamp, o);

async function computeStoredScenario(
  ctx: ServiceContext,
  hh: HouseholdRow,
  b: scenarios.StoredScenarioRunBody,
  stamp: string,
  o: RunOptions = {},
): Promise<ScenarioRun> {
  // the parsed household and its stored scenario inputs, per version of the household (reports/cache.ts: every
  // write to them touches households.updated_at): one stamp query on the event loop instead of every record kind
  // and three more reads (issue 14). Never changed here, only copied.
  const [household, inputs] = await Promise.all([
    storedHouseholdAt(ctx, hh, b.as_of, stamp),
    scenarioInputsCache.get(ctx, hh, undefined, stamp, () => storedScenarioInputs(ctx.db, hh)),
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
  const sales = Object.entries(b.property_sale_year ?? {});
  // the household is the cache's object for this version, never changed: the pool's processes keep a copy of it
  if (changes.length === 0 && sales.length === 0 && samePlan) return runScenario(household, s, { ...o, keep: true });
  // expense changes are the scenario's only: the current plan is the stored household's
  const known = new Set((household.expenses ?? []).map((e) => e.id));
  for (const [id] of changes)
    if (!known.has(id)) throw badRequest('No such expense in this household', `expense_change_percent.${id}`);
  const pct = new Map(changes);
  const withExpenses: planning.Household =
    changes.length === 0
      ? household
      : {
          ...household,
          expenses: (household.expenses ?? []).map((e) =>
            e.id !== undefined && pct.has(e.id)
              ? { ...e, amount: e.amount * (1 + (pct.get(e.id) as number) / 100) }
              : e,
          ),
        };
  const changed = withSaleYears(withExpenses, sales, b.as_of);
  const current = run(() => calculateScenarioModelling(household, plan));
  const out = await runScenario(changed, s, changed === household ? { ...o, keep: true } : o);
  return { ...out, base: current.base };
}

/**
 * The household with the scenario's selling years (issue 36, `property_sale_year`): a year sells the property on 31
 * December of that year, null keeps it to the end of the plan. A year other than the stored one drops the advisor's
 * selling price and outstanding loan, figures for their own selling year (as a sale the sell sequence makes, sale.ts
 * saleInYear; docs/decisions/meetings-h1.md): the price is the value grown to the end of the new year, the loan the
 * linked loan's balance then. An id that is not one of the household's properties, or a year before the plan's first
 * year or the purchase, is a 400 naming `property_sale_year.<id>`.
 */
export function withSaleYears(
  h: planning.Household,
  sales: Array<[string, number | null]>,
  asOf: string | undefined,
): planning.Household {
  if (sales.length === 0) return h;
  const props = new Map((h.properties ?? []).map((p) => [p.id, p]));
  const first = Number((asOf ?? todayIso()).slice(0, 4));
  for (const [id, year] of sales) {
    const p = props.get(id);
    const field = `property_sale_year.${id}`;
    if (!p) throw badRequest('No such property in this household', field);
    if (year !== null && year < first) throw badRequest(`The selling year is before ${first}`, field);
    if (year !== null && year < p.purchase_year) throw badRequest('The selling year is before the purchase', field);
  }
  const to = new Map(sales);
  return {
    ...h,
    properties: (h.properties ?? []).map((p) => {
      if (p.id === undefined || !to.has(p.id)) return p;
      const year = to.get(p.id) ?? null;
      if ((year ?? undefined) === p.future_selling_year) return p;
      const { future_selling_year: _y, future_selling_price: _p, future_outstanding_loan: _l, ...rest } = p;
      return year === null ? rest : { ...rest, future_selling_year: year };
    }),
  };
}

/** Whether two id lists are the same list (undefined is the empty list). */
const same = (a: string[] | undefined, b: string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === (b ?? [])[i]);
