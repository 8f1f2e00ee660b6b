import { households, planning, type RecordIssue, scenarios } from '@kinfolio/contracts';
import { parse, type ServiceContext } from '@kinfolio/service-kit';
import { calculateDataTables, calculateDebt, calculateFinance } from '../domain/calculations';
import { syncRateTables } from '../rate-tables/service';
import { readableHousehold } from '../records/access';
import { householdRecordIssues, withIssues } from '../records/issues';
import { householdProjection, storedHousehold } from '../reports/projection';
import { run, runScenario, runStoredScenario } from '../scenarios/run';

/**
 * The calculations (POST customer/calculate/…, GET customer/{id}/net-worth). A body is either a household posted
 * inline or `{household_id, as_of?}`, a stored household the caller may read (the advisor's own, or the customer's
 * own); the stored ones list beside the figures the records their contract refuses (records/issues.ts).
 */
const isStored = (body: unknown) =>
  !!body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'household_id');

/** A stored household the caller may read, its issues read alongside `work` on it. */
async function onStored<T>(
  ctx: ServiceContext,
  id: string,
  work: (hh: Awaited<ReturnType<typeof readableHousehold>>) => Promise<T>,
): Promise<{ value: T; issues: RecordIssue[] }> {
  const hh = await readableHousehold(ctx, id);
  const [value, issues] = await Promise.all([work(hh), householdRecordIssues(ctx.db, hh)]);
  return { value, issues };
}

/** The parsed household (reports/projection.ts keeps one per version, shared with the report and scenario runs). */
async function household(
  ctx: ServiceContext,
  body: unknown,
): Promise<{ h: planning.Household; issues: RecordIssue[] }> {
  if (!isStored(body)) {
    // a posted household has no stamp: the rate tables' own (one small query) tells whether to reload them
    await syncRateTables(ctx.db);
    return { h: parse(planning.Household, body), issues: [] };
  }
  const b = parse(households.StoredCalculationBody, body);
  const { value, issues } = await onStored(ctx, b.household_id, (hh) => storedHousehold(ctx, hh, b.as_of));
  return { h: value, issues };
}

/** The stored household's projection from the projection cache (its saved plan settings). */
function storedProjection(ctx: ServiceContext, body: unknown) {
  const b = parse(households.StoredCalculationBody, body);
  return onStored(ctx, b.household_id, (hh) => householdProjection(ctx, hh, b.as_of));
}

/** An inline or stored household's figures from `calculate`, with the stored household's record issues. */
async function figures<T extends object>(ctx: ServiceContext, body: unknown, calculate: (h: planning.Household) => T) {
  const { h, issues } = await household(ctx, body);
  return withIssues(
    run(() => calculate(h)),
    issues,
  );
}

export const debtFigures = (ctx: ServiceContext, body: unknown) => figures(ctx, body, calculateDebt);

export async function financeFigures(ctx: ServiceContext, body: unknown) {
  if (!isStored(body)) return figures(ctx, body, calculateFinance);
  // a stored household's figures are the plan's (its saved plan settings), from the projection cache
  const { value: p, issues } = await storedProjection(ctx, body);
  return withIssues(p.finance, issues);
}

export async function dataTables(ctx: ServiceContext, body: unknown) {
  if (isStored(body)) {
    // a stored household's rows come from the projection cache (svc-planning/src/reports/projection.ts)
    const { value: p, issues } = await storedProjection(ctx, body);
    return withIssues(
      run(() => p.dataTables),
      issues,
    );
  }
  const { h } = await household(ctx, body);
  return run(() => calculateDataTables(h));
}

export async function scenarioModelling(ctx: ServiceContext, body: unknown) {
  if (isStored(body)) {
    const b = parse(scenarios.StoredScenarioRunBody, body);
    const { value, issues } = await onStored(ctx, b.household_id, (hh) => runStoredScenario(ctx, hh, b));
    return withIssues(value, issues);
  }
  await syncRateTables(ctx.db);
  const { scenario, ...h } = parse(planning.ScenarioRequest, body);
  return runScenario(h, scenario ?? {});
}

/** The stored household's net worth by year and its data tables (GET customer/{id}/net-worth). */
export async function netWorth(ctx: ServiceContext, id: string) {
  const { value: p, issues } = await onStored(ctx, id, (hh) => householdProjection(ctx, hh));
  const h = p.household;
  const years = run(() => p.netWorth);
  return {
    customer_id: h.customer_id,
    currency: (h.currency ?? 'SGD').toUpperCase(),
    computed_at: p.computedAt,
    years,
    tables: p.dataTables.tables,
    ...(issues.length ? { record_issues: issues } : {}),
  };
}
