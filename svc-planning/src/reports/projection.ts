import { planning } from '@kinfolio/contracts';
import { UnknownCurrencyError } from '@kinfolio/money';
import { badRequest, parse, type ServiceContext } from '@kinfolio/service-kit';
import {
  CalculationInputError,
  type calculateDataTables,
  calculateDebt,
  type calculateFinance,
  dataTablesOf,
  financeOf,
  type netWorthByYear,
  type PlanSettings,
  planProjection,
} from '../domain/calculations';
import { finiteTree } from '../domain/calculations/errors';
import type { Explainer } from '../domain/calculations/explain';
import { storedScenarioInputs } from '../scenarios/sell-sequence';
import { engineHousehold } from '../households/engine-household';
import type { HouseholdRow } from '../records/access';
import { readerFor } from '../read-db';
import { householdStamp, type Stamp, StampedCache } from './cache';
import { structuredCodec } from './shared-cache';

/**
 * The engine's figures for one stored household: the seam the financial report, the data table and the exports
 * read. Signature is fixed (reports and exports both depend on it); what is inside (a cache invalidated by
 * planning.household.changed.v1) is the reports module's to change.
 */
export interface HouseholdProjection {
  household: planning.Household;
  finance: ReturnType<typeof calculateFinance>;
  dataTables: ReturnType<typeof calculateDataTables>;
  netWorth: ReturnType<typeof netWorthByYear>;
  debt: ReturnType<typeof calculateDebt>;
  computedAt: string;
}

/**
 * Computed once per version of the household (./cache.ts): every write changes the stamp the entry is kept under.
 * Shared by the replicas: the data table, the exports and a report's cold build read it.
 */
export const projectionCache = new StampedCache<HouseholdProjection>('projection', { codec: structuredCodec() });

/** Input the engine cannot use is a 400 naming the field, as in calculate.routes.ts (never a 5xx). */
function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CalculationInputError) throw badRequest(e.message, e.field);
    if (e instanceof UnknownCurrencyError) throw badRequest(e.message, 'currency');
    if (e instanceof RangeError) throw badRequest(e.message, 'household');
    throw e;
  }
}

/**
 * calculateDebt over the household's loans, each loan's figures kept per version of the loan (its input, the as-of
 * day, the currency and rates): a change elsewhere in the household does not recompute every loan's schedule.
 * calculateDebt reads only as_of, currency, rates and loans, and treats each loan on its own; its totals are sums
 * of the per-loan figures in cents. So the sums of single-loan runs, added here in cents, are the same totals.
 */
const loanRuns = new Map<string, ReturnType<typeof calculateDebt>>();
function debtOf(h: planning.Household): ReturnType<typeof calculateDebt> {
  type In = Parameters<typeof calculateDebt>[0];
  const frame = { members: [], as_of: h.as_of, currency: h.currency, rates: h.rates };
  const base = calculateDebt({ ...frame, loans: [] } as unknown as In);
  let outstanding = 0;
  let monthly = 0;
  let running = 0;
  const loans: ReturnType<typeof calculateDebt>['loans'] = [];
  for (const loan of h.loans ?? []) {
    const key = JSON.stringify([base.as_of, base.currency, h.rates ?? null, loan]);
    let one = loanRuns.get(key);
    if (!one) {
      one = calculateDebt({ ...frame, loans: [loan] } as unknown as In);
      loanRuns.set(key, one);
      if (loanRuns.size > 20_000) loanRuns.delete(loanRuns.keys().next().value as string);
    }
    outstanding += Math.round(one.total_outstanding * 100);
    monthly += Math.round(one.total_monthly_repayment * 100);
    running += Math.round(one.total_monthly_running_costs * 100);
    loans.push(...one.loans);
  }
  return {
    ...base,
    total_outstanding: outstanding / 100,
    total_monthly_repayment: monthly / 100,
    total_monthly_running_costs: running / 100,
    loans,
  };
}

/**
 * The stored household as the engine reads it (its rows gathered and checked against the contract), kept per version
 * like the projection: a scenario run or a Monte Carlo run of an unchanged household reads one small stamp query
 * instead of every record kind, and the event loop stays free for other requests (issue 14). Callers never change
 * the value they get (it is shared): they copy what they vary.
 */
export const householdCache = new StampedCache<planning.Household>('household', { codec: structuredCodec() });

/** The engine household of a stored household at a version already read. */
export function storedHouseholdAt(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf: string | undefined,
  stamp: Stamp,
): Promise<planning.Household> {
  // read from the replica when it has replayed the household's last write (../read-db.ts)
  return householdCache.get(ctx, hh, asOf, stamp, async () =>
    parse(planning.Household, await engineHousehold(await readerFor(ctx, hh), hh, asOf)),
  );
}

/** The engine household of a stored household, as it stands now (cached per version). */
export async function storedHousehold(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf?: string,
): Promise<planning.Household> {
  return storedHouseholdAt(ctx, hh, asOf, await householdStamp(ctx.db, hh));
}

/**
 * The household's saved plan settings (its scenario settings' locked assets and sell sequence), per version. Not
 * shared: read only when a projection is computed, and one small read of the database costs what a Redis read does.
 */
const planSettingsCache = new StampedCache<PlanSettings>('plan-settings');
export function planSettingsAt(ctx: ServiceContext, hh: HouseholdRow, stamp: Stamp): Promise<PlanSettings> {
  return planSettingsCache.get(ctx, hh, undefined, stamp, async () => {
    const s = await storedScenarioInputs(await readerFor(ctx, hh), hh);
    return { sell_sequence: s.sell_sequence, locked_assets: s.locked_assets };
  });
}

async function compute(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf: string | undefined,
  stamp: Stamp,
): Promise<HouseholdProjection> {
  const [household, plan] = await Promise.all([
    storedHouseholdAt(ctx, hh, asOf, stamp),
    planSettingsAt(ctx, hh, stamp),
  ]);
  return engine(() => projectHousehold(household, plan));
}

/**
 * The projection of an engine household with its saved plan settings (no I/O; throws the engine's errors): the plan
 * (docs/planning-model.md "Terms of the plan"), one projection read by every tab, the data table and the exports;
 * scenario modelling's current plan is the same call.
 */
export function projectHousehold(
  household: planning.Household,
  plan: PlanSettings = {},
  ex: Explainer | null = null,
): HouseholdProjection {
  {
    finiteTree(household, '');
    const projection = planProjection(household, plan, ex ?? undefined);
    const dataTables = dataTablesOf(projection);
    const netWorth = dataTables.rows.map((r) => ({
      year: r.year,
      total_assets: r.total_assets,
      total_liabilities: r.total_liabilities,
      net_worth: r.net_worth,
    }));
    return {
      household,
      finance: financeOf(household, projection, ex),
      dataTables,
      netWorth,
      // explaining: the debt figures recorded from one run (no per-loan cache: its runs recorded nothing)
      debt: ex ? calculateDebt(household as unknown as Parameters<typeof calculateDebt>[0], ex) : debtOf(household),
      computedAt: new Date().toISOString(),
    };
  }
}

/** The projection of a household at a version already read (the report reads the stamp once for both caches). */
export function projectionAt(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf: string | undefined,
  stamp: Stamp,
): Promise<HouseholdProjection> {
  return projectionCache.get(ctx, hh, asOf, stamp, () => compute(ctx, hh, asOf, stamp));
}

export async function householdProjection(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf?: string,
): Promise<HouseholdProjection> {
  return projectionAt(ctx, hh, asOf, await householdStamp(ctx.db, hh));
}
