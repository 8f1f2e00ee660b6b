import { randomUUID } from 'node:crypto';
import { scenarios as S } from '@kinfolio/contracts';
import { badRequest, conflict, identity, type Knex, notFound, parse, type ServiceContext } from '@kinfolio/service-kit';
import { householdChanged, inTransaction } from '../households/changes';
import { type HouseholdRow, readableHousehold, writableHousehold } from '../records/access';
import { kinds } from '../records/kinds';
import { allRecords } from '../records/repository';
import { storedHousehold } from '../reports/projection';
import { runStoredScenario } from './run';
import { readScenarioSettings } from './settings';

/**
 * Named scenarios (issue 36): any number of a household's scenarios ("Retire at 60", "Sell the condo in 2035"), each
 * its own `inputs` (contracts ScenarioInputs), at most one recommended. The advisor of the household reads and writes
 * them; the household's customer reads the recommended one and those shared (any other is 404 to them). Every write
 * touches the household and writes planning.household.changed.v1 (section `named-scenarios`) in its transaction.
 */
export const NAMED_SCENARIOS_MAX = 50;
const SECTION = 'named-scenarios';
export const NAME_TAKEN = 'A scenario with this name exists';

interface Row {
  id: string;
  advisor_id: string;
  household_id: string;
  name: string;
  description: string | null;
  inputs: unknown;
  shared: boolean;
  recommended: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const EMPTY_INPUTS: S.ScenarioInputs = {
  retirement_age: {},
  income_change_percent: {},
  expense_change_percent: {},
  property_sale_year: {},
};

const toScenario = (r: Row): S.NamedScenario => ({
  id: r.id,
  lead_id: r.household_id,
  name: r.name,
  description: r.description,
  inputs: { ...EMPTY_INPUTS, ...((typeof r.inputs === 'string' ? JSON.parse(r.inputs) : r.inputs) as object) },
  shared: r.shared,
  recommended: r.recommended,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const isCustomer = () => identity().type === 'customer';
/** The household's scenarios query (its advisor's and its own: every query filters by both). */
const rowsOf = (db: Knex, hh: HouseholdRow) =>
  db<Row>('named_scenarios').where({ advisor_id: hh.advisor_id, household_id: hh.id });
/** What a customer may see of their household's scenarios: the recommended one and those shared. */
const visibleToCustomer = (r: Pick<Row, 'shared' | 'recommended'>) => r.shared || r.recommended;

/** The household's named scenarios the caller may see, oldest first. */
export async function listNamedScenarios(ctx: ServiceContext, id: string): Promise<S.NamedScenario[]> {
  const hh = await readableHousehold(ctx, id);
  const q = rowsOf(ctx.db, hh).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (isCustomer()) q.andWhere((w) => w.where({ shared: true }).orWhere({ recommended: true }));
  return (await q).map(toScenario);
}

/**
 * Every id the inputs name must be the household's own, as the engine knows it (the household's engine record, so
 * the ids are the ones the scenario runs on): a member me or spouse for a retirement age, an income for an income
 * change, an expense or living expense for an expense change, a property for a selling year, a cash account,
 * investment, pension or property for the sell sequence and the locked assets, any member for a life event.
 * Else a 400 naming `inputs.<key>.<id>`.
 */
async function checkInputs(ctx: ServiceContext, hh: HouseholdRow, inputs: S.ScenarioInputs): Promise<void> {
  const h = await storedHousehold(ctx, hh);
  const ids = (xs: Array<{ id?: string }> | undefined) => new Set((xs ?? []).map((x) => x.id));
  const assets = new Set([...ids(h.cash_accounts), ...ids(h.investments), ...ids(h.pensions), ...ids(h.properties)]);
  const known: Record<string, Set<string | undefined>> = {
    retirement_age: new Set(h.members.filter((m) => m.relation === 'me' || m.relation === 'spouse').map((m) => m.id)),
    income_change_percent: ids(h.incomes),
    expense_change_percent: ids(h.expenses),
    property_sale_year: ids(h.properties),
    sell_sequence: assets,
    locked_assets: assets,
  };
  const what: Record<string, string> = {
    retirement_age: 'No such member (me or spouse) in this household',
    income_change_percent: 'No such income in this household',
    expense_change_percent: 'No such expense in this household',
    property_sale_year: 'No such property in this household',
    sell_sequence: 'No such asset in this household',
    locked_assets: 'No such asset in this household',
  };
  for (const key of [
    'retirement_age',
    'income_change_percent',
    'expense_change_percent',
    'property_sale_year',
  ] as const)
    for (const id of Object.keys(inputs[key]))
      if (!known[key]?.has(id)) throw badRequest(what[key] as string, `inputs.${key}.${id}`);
  for (const key of ['sell_sequence', 'locked_assets'] as const)
    for (const id of inputs[key] ?? [])
      if (!known[key]?.has(id)) throw badRequest(what[key] as string, `inputs.${key}.${id}`);
  const members = ids(h.members);
  for (const [k, e] of (inputs.events ?? []).entries())
    if (!members.has(e.member_id)) throw badRequest('No such member in this household', `inputs.events.${k}.member_id`);
}

/** Touches the household and writes its changed event, in `trx`. */
async function changed(trx: Knex, hh: HouseholdRow, change: 'created' | 'updated' | 'deleted', now: Date) {
  await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).update({ updated_at: now });
  await householdChanged(trx, hh, SECTION, change);
}

/** The household row locked for this write (named-scenario writes of one household one at a time: the limit). */
const lockHousehold = (trx: Knex, hh: HouseholdRow) =>
  trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).forUpdate().first('id');

async function checkName(trx: Knex, hh: HouseholdRow, name: string, except?: string): Promise<void> {
  const q = rowsOf(trx, hh).whereRaw('lower(name) = lower(?)', [name]);
  if (except) q.andWhereNot({ id: except });
  if (await q.first('id')) throw conflict(NAME_TAKEN, 'name');
}

/** A unique violation of the name's index (two writes at once) answered as the name check answers. */
async function nameUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && `${err.constraint ?? ''}${err.message ?? ''}`.includes('named_scenarios_name_unique'))
      throw conflict(NAME_TAKEN, 'name');
    throw e;
  }
}

/** Stores a new named scenario of the advisor's household `id` (201). */
export async function createNamedScenario(
  ctx: ServiceContext,
  id: string,
  body: S.NamedScenarioBody & { inputs: S.ScenarioInputs; shared: boolean; recommended: boolean },
): Promise<S.NamedScenario> {
  const hh = await writableHousehold(ctx, id);
  await checkInputs(ctx, hh, body.inputs);
  const now = new Date();
  const row: Row = {
    id: randomUUID(),
    advisor_id: hh.advisor_id,
    household_id: hh.id,
    name: body.name,
    description: body.description ?? null,
    inputs: JSON.stringify(body.inputs),
    shared: body.shared,
    recommended: body.recommended,
    created_at: now,
    updated_at: now,
  };
  await nameUnique(() =>
    inTransaction(ctx.db, async (trx) => {
      await lockHousehold(trx, hh);
      const counted = (await rowsOf(trx, hh).count({ n: '*' })) as Array<{ n: string | number }>;
      if (Number(counted[0]?.n ?? 0) >= NAMED_SCENARIOS_MAX)
        throw conflict(`A household keeps at most ${NAMED_SCENARIOS_MAX} named scenarios: delete one first`);
      await checkName(trx, hh, body.name);
      if (body.recommended) await rowsOf(trx, hh).where({ recommended: true }).update({ recommended: false });
      await trx('named_scenarios').insert(row);
      await changed(trx, hh, 'created', now);
    }),
  );
  return toScenario({ ...row, inputs: body.inputs });
}

/** Changes a named scenario of the advisor's household `id`. */
export async function updateNamedScenario(
  ctx: ServiceContext,
  id: string,
  scenarioId: string,
  patch: Omit<S.NamedScenarioPatch, 'inputs'> & { inputs?: S.ScenarioInputs },
): Promise<S.NamedScenario> {
  const hh = await writableHousehold(ctx, id);
  if (patch.inputs) await checkInputs(ctx, hh, patch.inputs);
  const now = new Date();
  return nameUnique(() =>
    inTransaction(ctx.db, async (trx) => {
      await lockHousehold(trx, hh);
      const found = await rowsOf(trx, hh).where({ id: scenarioId }).first();
      if (!found) throw notFound('No such scenario');
      if (patch.name !== undefined) await checkName(trx, hh, patch.name, scenarioId);
      if (patch.recommended)
        await rowsOf(trx, hh)
          .where({ recommended: true })
          .andWhereNot({ id: scenarioId })
          .update({ recommended: false });
      const set: Partial<Row> = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.inputs === undefined ? {} : { inputs: JSON.stringify(patch.inputs) }),
        ...(patch.shared === undefined ? {} : { shared: patch.shared }),
        ...(patch.recommended === undefined ? {} : { recommended: patch.recommended }),
        updated_at: now,
      };
      await rowsOf(trx, hh).where({ id: scenarioId }).update(set);
      await changed(trx, hh, 'updated', now);
      return toScenario({ ...found, ...set, ...(patch.inputs ? { inputs: patch.inputs } : {}) });
    }),
  );
}

/** Deletes a named scenario of the advisor's household `id`. */
export async function deleteNamedScenario(ctx: ServiceContext, id: string, scenarioId: string): Promise<void> {
  const hh = await writableHousehold(ctx, id);
  await inTransaction(ctx.db, async (trx) => {
    const gone = await rowsOf(trx, hh).where({ id: scenarioId }).delete().returning('id');
    if (gone.length === 0) throw notFound('No such scenario');
    await changed(trx, hh, 'deleted', new Date());
  });
}

/** A scenario of the comparison: a named one the caller may see, or the household's working scenario. */
async function side(
  ctx: ServiceContext,
  hh: HouseholdRow,
  ref: string,
  field: 'a' | 'b',
): Promise<{ ref: string; name: string; inputs: S.ScenarioInputs; run: S.ScenarioInputs | null }> {
  if (ref === 'working') {
    // the working scenario is what runStoredScenario applies when a body names no changes (scenarioRunBody with null):
    // the stored scenario settings (those whose records still exist), the stored sell sequence and locked assets
    const s = await readScenarioSettings(ctx.db, hh);
    const inputs: S.ScenarioInputs = {
      ...EMPTY_INPUTS,
      retirement_age: s.retirement_age,
      income_change_percent: s.income_change_percent,
      expense_change_percent: s.expense_change_percent,
      ...(s.trials === undefined ? {} : { trials: s.trials }),
    };
    return { ref, name: 'Working scenario', inputs, run: null };
  }
  const row = await rowsOf(ctx.db, hh).where({ id: ref.toLowerCase() }).first();
  if (!row || (isCustomer() && !visibleToCustomer(row))) {
    const e = notFound('No such scenario');
    Object.assign(e.details, { errors: [{ [field]: ['No such scenario'] }] });
    throw e;
  }
  const s = toScenario(row);
  return { ref: s.id, name: s.name, inputs: s.inputs, run: s.inputs };
}

/**
 * Two scenarios side by side, each run as POST calculate/scenario-modelling runs `scenarioRunBody(household, inputs)`
 * (so the figures are the ones each screen shows, and a run either screen already asked for comes from the cache),
 * with Monte Carlo when asked, the same seed for both (1 unless given).
 */
export async function compareScenarios(
  ctx: ServiceContext,
  id: string,
  body: { a: string; b: string; monte_carlo?: { trials?: number; seed?: number } },
): Promise<{ a: S.CompareSide; b: S.CompareSide }> {
  const hh = await readableHousehold(ctx, id);
  const [a, b] = await Promise.all([side(ctx, hh, body.a, 'a'), side(ctx, hh, body.b, 'b')]);
  const mc = body.monte_carlo
    ? {
        enabled: true,
        seed: body.monte_carlo.seed ?? 1,
        ...(body.monte_carlo.trials === undefined ? {} : { trials: body.monte_carlo.trials }),
      }
    : { enabled: false };
  // the household's recorded life events apply where a side names none, as the Scenario page runs every scenario
  // (mf-customer features/scenarios/model.ts runBody): the engine takes events only when posted
  const events = await recordedLifeEvents(ctx.db, hh);
  const bodyOf = (x: typeof a) => {
    const body = S.scenarioRunBody(hh.id, x.run && { ...x.run, events: x.run.events ?? events }, mc);
    return x.run || events.length === 0 ? body : { ...body, scenario: { ...body.scenario, events } };
  };
  // parsed as the route parses it, so the run's cache entry is the screens' own
  const run = (x: typeof a) => runStoredScenario(ctx, hh, parse(S.StoredScenarioRunBody, bodyOf(x)));
  const [ra, rb] = await Promise.all([run(a), run(b)]);
  const out = (x: typeof a, result: unknown): S.CompareSide => ({
    ref: x.ref,
    name: x.name,
    inputs: x.inputs,
    result: result as S.CompareSide['result'],
  });
  return { a: out(a, ra), b: out(b, rb) };
}

/** The household's recorded life events (life-uncertainty records with a year) as a scenario posts them. */
async function recordedLifeEvents(db: Knex, hh: HouseholdRow): Promise<NonNullable<S.ScenarioInputs['events']>> {
  const rows = await allRecords(db, kinds.lifeUncertainty, hh);
  return rows
    .filter((r) => typeof r.year === 'number' && typeof r.member_id === 'string')
    .slice(0, 20)
    .map((r) => ({
      member_id: String(r.member_id),
      type: r.event as 'death' | 'disability' | 'critical_illness',
      year: r.year as number,
    }));
}
