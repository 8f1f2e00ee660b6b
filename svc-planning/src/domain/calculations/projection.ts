import * as moneyModule from '@kinfolio/money';
import type { DateInput } from './dates';
import * as datesModule from './dates';
import * as errorsModule from './errors';
import type { Explainer } from './explain';
import type { Benefit } from './insurance';
import * as insuranceModule from './insurance';
import * as loansModule from './loans';
import type { AssetContext, AssetSums, LiquidRecord, LoanRecord, PensionRecord, PropertyRecord, RefundIn } from './projection-assets';
import type { SaleFigures } from './sale';
import * as saleModule from './sale';
import * as projectionAssetsModule from './projection-assets';
import type { YearSales } from './projection-assets-explain';
import * as assetsExplainModule from './projection-assets-explain';
import * as projectionExplainModule from './projection-explain';
import * as pensionExplainModule from './pension-explain';
import type { ExpenseStream, GoalStream, IncomeStream, Timeline } from './projection-streams';
import * as projectionStreamsModule from './projection-streams';
import type { InflationInputs, PolicyInputs, YearlyInputs } from './projection-streams-explain';
import * as streamsExplainModule from './projection-streams-explain';
import type { ContributionTable } from './provident';
import * as providentModule from './provident';
import * as taxModule from './tax';
import type { TaxExplain } from './tax-explain';
import * as taxExplainModule from './tax-explain';
import * as taxMyModule from './tables/tax-my';
import * as taxSgModule from './tables/tax-sg';
import * as registryModule from './tables/registry';
import * as usedModule from './tables/used';
import * as versionedModule from './tables/versioned';
import type { AssetClass, HouseholdInput, PropertyInput, YearRow } from './types';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { rateBetween, SEED_RATES } = moneyModule;
const { dayNumber, today: todayDay, ymd } = datesModule;
const { CalculationInputError, count } = errorsModule;
const { INSURANCE_DEFAULTS } = insuranceModule;
const { annuityInstalment, flatInstalment, monthsToRepay, otherMonthlyCosts, tenureMonths } = loansModule;
const { ASSET_SUMS, closeLoan, cpfShares, lastYearAlive, liquidRecord, liquidYears, loanSchedule, partPower, runAssets } = projectionAssetsModule;
const { addExpenses, addGoals, addIncomes, addPolicy, Failures, premiumYears, SALE_STEP } = projectionStreamsModule;
const { keptScheduledSale, saleInYear } = saleModule;
const { recordYear } = projectionExplainModule;
const { explainExpenses, explainGoals, explainIncomes, PoliciesExplain, StreamsExplain } = streamsExplainModule;
const { noIncomeTax, TaxExplain: TaxExplainClass } = taxExplainModule;
const { describePensions } = pensionExplainModule;
const { forgetLiquidFrom, noteLiquid, noteLoan, noteProperty, recordAssetSeries, recordLiquidSale, recordLoanClosed, propertyInfoOf, recordLoopCash, recordPensionSale, recordPropertyShortfallSale, yearSales } = assetsExplainModule;
const { contributionRates, contributionTable, PENSION_DEFAULTS, schemeForCurrency } = providentModule;
const { incomeTaxCountry, myTaxPayable, sgTaxPayable } = taxModule;
const { myReliefs } = taxMyModule;
const { rateTables } = registryModule;
const { sgReliefs } = taxSgModule;
const { projectionTablesUsed } = usedModule;
const { inForce } = versionedModule;

/**
 * The household projection (docs/planning-model.md): year by year from the as-of year to the last member's maturity
 * age (default 100). Money is float64, rounded to cents only in the rows it returns (spec §9 "Rounding is to 2
 * decimals"); drift is tested against a decimal re-computation (projection.test.ts) and every output is pinned bit for
 * bit by golden.test.ts.
 *
 * How it stays fast (about 0.16 ms under tsx for two members and 40 records of every kind over 68 years):
 * - streams no cash shortfall can change (incomes, tax bases, expenses, goals, insurance) are computed record by
 *   record before the year loop (projection-streams.ts);
 * - the year loop keeps only what a shortfall sale can change (pensions, loans, properties, cash and investments);
 * - every per-year series (and each loan's balances) lives in one Float64Array, reused by the next run of the same
 *   shape;
 * - records are read into flat objects of numbers once; no Date, string parsing, closure or array method per year,
 *   and a field's path ('incomes.3.currency') is only built for an error message.
 */
export const PROJECTION_DEFAULTS = { maturity_age: 100, retirement_age: 55, inflation_rate: 3, growth_rate: 5, cash_growth_rate: 0, borrowing_rate: 8, currency: 'SGD' } as const;

export type LifeEvent = { member_id: string; type: 'death' | 'disability' | 'critical_illness'; year: number };
export interface ProjectionOptions {
  overrides?: {
    inflation_rate?: number;
    investment_return?: number;
    property_growth_rate?: number;
    income_growth_rate?: number;
    retirement_age?: Record<string, number>;
    income_change_percent?: Record<string, number>;
  };
  events?: LifeEvent[];
  /**
   * Runs every record one year at a time (the path a deficit beyond the cash accounts needs). The result is the same
   * either way (issue 31: the deficit rule no longer depends on it); bench:engine times the two paths against each other.
   */
  sell_on_shortfall?: boolean;
  sell_sequence?: string[];
  locked_assets?: string[];
  /**
   * Records how every figure was reached into this Explainer (issue 34, explain.ts): the same run, its steps kept
   * beside the computation. Without it nothing is recorded (bench:engine holds the run without it to ≥ 0.95 of the
   * engine before).
   */
  explain?: Explainer;
}
export interface ProjectionResult {
  currency: string;
  start_year: number;
  end_year: number;
  rows: YearRow[];
  money_runs_out_year: number | null;
  sold: Array<{ year: number; asset_id: string; amount: number }>;
  /** The rate-table versions the projection used (`<kind>@<fromYear>`, tables/used.ts), in kind and year order. */
  tables: string[];
}

/**
 * What a projection's shortfall sales of pensions and properties raised, by year (index t): money that came from
 * outside the liquid assets. Monte Carlo adds it to the year's cash flow (montecarlo.ts). Kept beside the result,
 * not in it: no reply or serialised projection carries it. Only a projection that sells has one.
 */
const illiquidSalesOf = new WeakMap<ProjectionResult, Float64Array>();
export function illiquidSales(p: ProjectionResult): Float64Array | undefined {
  return illiquidSalesOf.get(p);
}

/** One asset a deficit may draw on: a liquid record, a pension or a property, by its index among its kind. */
interface SellStep {
  kind: 'liquid' | 'pension' | 'property';
  idx: number;
  id: string;
}

/**
 * What Monte Carlo needs to replay a plan with other returns (montecarlo.ts): the liquid records as they open (value,
 * growth factor, yearly contribution until its year, lock, class), the order a deficit draws on them (`order`: a
 * liquid record's index, or −1 for a pension or property of the saved sequence), what each of those raised by year
 * (`illiquid`, null when it never sold), the first year's part and the household's deposit and borrowing factors.
 */
export interface PlanTrace {
  firstYearPart: number;
  liquids: Array<{ id: string; value: number; g: number; contrib: number; contribTo: number; locked: boolean; cash: boolean; asset_class: AssetClass }>;
  order: number[];
  illiquid: Array<Float64Array | null>;
  /** The year's net cash flow before it is rounded (the household cash the rows' shortfall comes from adds these). */
  flow: Float64Array;
  cashG: number;
  borrowG: number;
}
/** What project() keeps for the trace: references to its records and their opening values (cheap to keep). */
interface RawTrace {
  firstYearPart: number;
  liquids: readonly LiquidRecord[];
  value0: Float64Array;
  investments: HouseholdInput['investments'];
  cashAccounts: number;
  /** The draw order, or null for the unlocked liquid records in input order (no sequence, never year by year). */
  order: SellStep[] | null;
  illiquid: Array<Float64Array | null> | null;
  flow: Float64Array;
  cashG: number;
  borrowG: number;
}
const rawTraceOf = new WeakMap<ProjectionResult, RawTrace>();
const traceOf = new WeakMap<ProjectionResult, PlanTrace>();
/** The plan trace of a projection (kept beside it, never serialised); undefined for a result not made by project(). */
export function planTrace(p: ProjectionResult): PlanTrace | undefined {
  const built = traceOf.get(p);
  if (built) return built;
  const raw = rawTraceOf.get(p);
  if (!raw) return undefined;
  const liquids = raw.liquids.map((l, k) => ({
    id: l.id,
    value: raw.value0[k] as number,
    g: l.g,
    contrib: l.contrib,
    contribTo: l.contribTo,
    locked: l.locked,
    cash: l.cash,
    asset_class: (l.cash ? 'cash' : (raw.investments?.[k - raw.cashAccounts]?.asset_class ?? 'equity')) as AssetClass,
  }));
  const order = raw.order ? raw.order.map((a) => (a.kind === 'liquid' ? a.idx : -1)) : liquids.flatMap((l, k) => (l.locked ? [] : [k]));
  const illiquid = order.map((_, j) => raw.illiquid?.[j] ?? null);
  const trace = { firstYearPart: raw.firstYearPart, liquids, order, illiquid, flow: raw.flow, cashG: raw.cashG, borrowG: raw.borrowG };
  traceOf.set(p, trace);
  return trace;
}

/**
 * The order a deficit draws in: what the saved sequence lists, in its order (a pension or property only if listed),
 * then the unlocked cash accounts and investments it leaves out, in input order. Locked assets never.
 */
function sellOrderOf(seq: readonly string[], liquids: readonly LiquidRecord[], pensions: readonly PensionRecord[], properties: readonly PropertyRecord[]): SellStep[] {
  const rankOf = new Map<string, number>();
  for (let r = 0; r < seq.length; r++) if (!rankOf.has(seq[r] as string)) rankOf.set(seq[r] as string, r);
  const candidates: Array<SellStep & { n: number; r: number }> = [];
  for (let idx = 0; idx < liquids.length; idx++) {
    const l = liquids[idx] as LiquidRecord;
    if (!l.locked) candidates.push({ kind: 'liquid', idx, id: l.id, n: candidates.length, r: rankOf.get(l.id) ?? seq.length });
  }
  for (let idx = 0; idx < pensions.length; idx++) {
    const p = pensions[idx] as PensionRecord;
    const r = rankOf.get(p.id);
    if (!p.locked && r !== undefined) candidates.push({ kind: 'pension', idx, id: p.id, n: candidates.length, r });
  }
  for (let idx = 0; idx < properties.length; idx++) {
    const p = properties[idx] as PropertyRecord;
    const r = rankOf.get(p.id);
    if (!p.locked && r !== undefined) candidates.push({ kind: 'property', idx, id: p.id, n: candidates.length, r });
  }
  if (seq.length > 0) candidates.sort((x, y) => x.r - y.r || x.n - y.n);
  return candidates.map(({ kind, idx, id }) => ({ kind, idx, id }));
}

/** The oldest age the engine takes (the contracts' too): ages it matches year by year are whole years (`count`). */
const MAX_AGE = 120;

const EMPLOYMENT = new Set(['gross income', 'bonus', 'business income']);
/** Rounds to cents (half away from zero, past float noise), never −0 (`+ 0` makes it 0). Many row fields are 0 most years: no division. */
const r2 = (x: number) => (x === 0 ? 0 : Math.round((x + (x >= 0 ? 1e-9 : -1e-9)) * 100) / 100 + 0);

/** A 2-decimal amount in whole cents. */
const cents = (x: number) => Math.round(x * 100);

/** Rates by whole age 0-150 from a table (so the yearly loop does no band search). */
const rateCache = new WeakMap<ContributionTable, { employer: Float64Array; employee: Float64Array }>();
function ratesByAge(table: ContributionTable, key: 'employer' | 'employee'): Float64Array {
  let c = rateCache.get(table);
  if (!c) {
    c = { employer: new Float64Array(151), employee: new Float64Array(151) };
    for (let a = 0; a <= 150; a++) {
      const b = contributionRates(a, table);
      c.employer[a] = b.employer;
      c.employee[a] = b.employee;
    }
    rateCache.set(table, c);
  }
  return c[key];
}

/** Per-year series: the streams', the asset steps' sums, and employment income by member (member-major, i·n + t). */
interface Series extends AssetSums {
  income: Float64Array;
  expenses: Float64Array;
  goals: Float64Array;
  premiums: Float64Array;
  payouts: Float64Array;
  insurance: Float64Array;
  /** One policy's premiums by year, reused policy after policy. */
  premiumScratch: Float64Array;
  taxable: Float64Array;
  /** Premiums of policies with a death benefit by payer (MY life insurance relief), member-major. */
  lifeBy: Float64Array;
  /** The liquid sum before the cash accounts' own run added to it (what the year loop adds them to once they pay). */
  liquidBeforeCash: Float64Array;
}

type Arrays = { series: Series; loanBalances: Float64Array; rentDays: Float64Array; arena: Float64Array; n: number; members: number; loans: number };

/** The last run's arrays: a run of the same shape zeroes and reuses them (runs are synchronous and never nest). */
let lastArrays: Arrays | null = null;

/**
 * Every per-year array of a run, carved from one Float64Array (one allocation instead of one per record: typed
 * arrays this size live outside the JS heap and are costly to create one by one), zeroed. Consecutive runs of the
 * same shape (years, members, loans) reuse the last run's arrays: nothing of a run's result refers to them.
 */
function allocate(n: number, members: number, loans: number): Arrays {
  const last = lastArrays;
  if (last && last.n === n && last.members === members && last.loans === loans) {
    last.arena.fill(0);
    return last;
  }
  const arena = new Float64Array(n * (9 + ASSET_SUMS + 3 * members + loans));
  let at = 0;
  const take = (slots: number) => {
    const view = arena.subarray(at, at + slots * n);
    at += slots * n;
    return view;
  };
  const series: Series = {
    income: take(1),
    expenses: take(1),
    goals: take(1),
    premiums: take(1),
    payouts: take(1),
    insurance: take(1),
    premiumScratch: take(1),
    taxable: take(members),
    lifeBy: take(members),
    liquidBeforeCash: take(1),
    employee: take(1),
    employeeBy: take(members),
    pensionPayouts: take(1),
    postContributions: take(1),
    pensions: take(1),
    repayments: take(1),
    loans: take(1),
    properties: take(1),
    rent: take(1),
    propertyCosts: take(1),
    propertySales: take(1),
    contributions: take(1),
    liquid: take(1),
    cashAccounts: take(1),
  };
  lastArrays = { series, loanBalances: take(loans), rentDays: take(1), arena, n, members, loans };
  return lastArrays;
}

// Pension defaults, read once (records would otherwise read them through the module binding again and again).
const { contribution_growth_rate: CONTRIBUTION_GROWTH, retirement_age: PENSION_RETIREMENT_AGE, cpf_payout_age: CPF_PAYOUT_AGE } = PENSION_DEFAULTS;

/** A record's currency code in upper case, or the household's (already upper case: no new string per record). */
const codeOr = (code: string | undefined, household: string) => (code == null || code === household ? household : code.toUpperCase());

/** A record's field path ('incomes.3.currency'), built only for an error message (not once per record and field). */
const fieldAt = (section: string, k: number, key: string) => `${section}.${k}.${key}`;

/** dayNumber of a record's date, naming the field's full path if the date is bad. */
function dayAt(value: DateInput, section: string, k: number, key: string): number {
  try {
    return dayNumber(value, key);
  } catch {
    return dayNumber(value, fieldAt(section, k, key)); // throws again, with the full path
  }
}

/** Property k's rental entries as day ranges with yearly amounts (a bad date is named by its full path). */
function rentEntries(entries: PropertyInput['rental_incomes'], k: number, f: number): PropertyRecord['rent'] {
  if (!entries || entries.length === 0) return [];
  try {
    return entries.map((e) => ({ from: dayNumber(e.transaction_start_date), to: e.transaction_end_date ? dayNumber(e.transaction_end_date) : Number.POSITIVE_INFINITY, yearly: e.amount * 12 * f }));
  } catch (error) {
    // Read them again with their paths: the first bad date throws, named.
    for (const [j, e] of entries.entries()) {
      dayNumber(e.transaction_start_date, `properties.${k}.rental_incomes.${j}.transaction_start_date`);
      if (e.transaction_end_date) dayNumber(e.transaction_end_date, `properties.${k}.rental_incomes.${j}.transaction_end_date`);
    }
    throw error;
  }
}

/** Selling years in order; the sort is stable, so properties sold in the same year keep their input order. */
const bySellingYear = (x: RefundIn, y: RefundIn) => x.sell - y.sell;

/** A finite amount or rate that is not negative. */
const usual = (x: number) => Number.isFinite(x) && x >= 0;

/** What the yearly tax reads (a module function, not a closure: project()'s locals stay out of a closure context). */
interface TaxInputs {
  country: 'SG' | 'MY' | null;
  y0: number;
  n: number;
  m: number;
  /** Employment income, employee contributions (relief) and life premiums by member (member-major, i·n + t). */
  taxable: Float64Array;
  employeeBy: Float64Array;
  lifeBy: Float64Array;
  birth: Float64Array;
  deathYear: Float64Array;
  /** The member's spouse (relation me ↔ spouse), or −1. */
  partner: Int32Array;
  childBirth: readonly number[];
  /** Where the tax's steps are recorded when the projection explains (tax-explain.ts), else null. */
  rec: TaxExplain | null;
}

/**
 * The tax paid in year t (a whole year's amount): each member's employment income less the reliefs of the table in
 * force. Singapore assesses a year's income in the next year (YA = income year + 1): year t pays the tax on year
 * t − 1's income; the first year pays the previous year's, estimated as the first year's income. Malaysia: the same
 * year.
 */
function yearTax(tx: TaxInputs, t: number): number {
  const { taxable, employeeBy, lifeBy, birth, deathYear, partner, childBirth, y0, n: N, m: M, rec } = tx;
  const sg = tx.country === 'SG';
  const u = sg && t > 0 ? t - 1 : t; // the income year
  const incomeYear = y0 + u;
  // children claimed by the member earning most in the income year (the larger saving; first on a tie)
  let claimant = -1;
  if (childBirth.length > 0) {
    let best = 0;
    for (let i = 0; i < M; i++) {
      const x = taxable[i * N + u] as number;
      if (x > best) {
        best = x;
        claimant = i;
      }
    }
  }
  // the children the claimant claims: those born by the income year and not older than the table's age
  const claimed = (toAge: number): number => {
    let children = 0;
    if (claimant >= 0) for (const by of childBirth) if (incomeYear - by >= 0 && incomeYear - by <= toAge) children++;
    return children;
  };
  // the sum over the members earning in the income year of `taxOf` (their income, their spouse's while alive or null,
  // the children they claim)
  const summed = (kids: number, taxOf: (i: number, earned: number, spouseIncome: number | null, kids: number) => number): number => {
    let tax = 0;
    for (let i = 0; i < M; i++) {
      const earned = taxable[i * N + u] as number;
      if (!(earned > 0)) continue;
      const j = partner[i] as number;
      const spouseIncome = j >= 0 && incomeYear < (deathYear[j] as number) ? (taxable[j * N + u] as number) : null;
      tax += taxOf(i, earned, spouseIncome, i === claimant ? kids : 0);
    }
    return tax;
  };
  // (with an explanation asked for, `rec` is told each member, relief and tax as they are computed: tax-explain.ts)
  if (sg) {
    const v = inForce(rateTables().sgIncomeTax, y0 + t); // the Year of Assessment: the year the tax is paid
    const tax = summed(claimed(v.childToAge), (i, earned, spouseIncome, kids) => {
      if (rec !== null) rec.member(t, u, i, earned, employeeBy[i * N + u] as number, spouseIncome);
      const relief = sgReliefs(v, earned, incomeYear - (birth[i] as number), employeeBy[i * N + u] as number, spouseIncome, kids, rec);
      return sgTaxPayable(v, earned - relief, rec);
    });
    if (rec !== null) rec.total(t, tax);
    return tax;
  }
  const v = inForce(rateTables().myIncomeTax, incomeYear);
  const tax = summed(claimed(v.childToAge), (i, earned, spouseIncome, kids) => {
    if (rec !== null) rec.member(t, u, i, earned, employeeBy[i * N + u] as number, spouseIncome);
    const relief = myReliefs(v, employeeBy[i * N + u] as number, lifeBy[i * N + u] as number, spouseIncome, kids, rec);
    return myTaxPayable(v, earned - relief, spouseIncome !== null && spouseIncome <= 0, rec);
  });
  if (rec !== null) rec.total(t, tax);
  return tax;
}

/**
 * A row's ages by member id, in the persons' order. Object literals for up to four persons: keyed stores into an
 * empty object cost about 4% of a projection (bench:engine), a literal's keys a fraction of that. (A literal's key
 * '__proto__' given in brackets is an own property like any other, where a keyed store would have dropped it.)
 */
function agesAt(ids: readonly string[], birth: readonly number[], year: number): Record<string, number> {
  switch (ids.length) {
    case 1:
      return { [ids[0] as string]: year - (birth[0] as number) };
    case 2:
      return { [ids[0] as string]: year - (birth[0] as number), [ids[1] as string]: year - (birth[1] as number) };
    case 3:
      return { [ids[0] as string]: year - (birth[0] as number), [ids[1] as string]: year - (birth[1] as number), [ids[2] as string]: year - (birth[2] as number) };
    case 4:
      return { [ids[0] as string]: year - (birth[0] as number), [ids[1] as string]: year - (birth[1] as number), [ids[2] as string]: year - (birth[2] as number), [ids[3] as string]: year - (birth[3] as number) };
    default: {
      const ages: Record<string, number> = {};
      for (let k = 0; k < ids.length; k++) ages[ids[k] as string] = year - (birth[k] as number);
      return ages;
    }
  }
}

/** How an expense's or a goal's inflation was chosen, for its explanation (only when the projection explains). */
function inflationHow(h: HouseholdInput, ov: NonNullable<ProjectionOptions['overrides']>, own: boolean, f: number): InflationInputs {
  return {
    fx: f,
    inflation: ov.inflation_rate ?? h.inflation_rate ?? PROJECTION_DEFAULTS.inflation_rate,
    inflationFrom: ov.inflation_rate !== undefined ? 'the scenario’s inflation' : h.inflation_rate !== undefined ? 'the household’s inflation' : 'Kinfolio’s default inflation',
    own,
  };
}

/** Runs the projection. Throws CalculationInputError naming the field for input it cannot use. */
export function project(h: HouseholdInput, opts: ProjectionOptions = {}): ProjectionResult {
  const currency = (h.currency ?? PROJECTION_DEFAULTS.currency).toUpperCase();
  const rates = h.rates ?? SEED_RATES;
  const fxCache = new Map<string, number>();
  const fx = (c: string | undefined, section: string, k: number, key: string) => {
    if (!c) return 1;
    let v = fxCache.get(c);
    if (v === undefined) {
      try {
        v = rateBetween(c, currency, rates);
      } catch {
        throw new CalculationInputError(fieldAt(section, k, key), `No stored rate for currency ${c}`);
      }
      fxCache.set(c, v);
    }
    return v;
  };
  const asOf = h.as_of ? dayNumber(h.as_of, 'as_of') : todayDay();
  const y0 = ymd(asOf).year;
  const ov = opts.overrides ?? {};
  // this run's steps (merged into opts.explain at the end: a run that starts again year by year leaves its own out)
  // (read through `cx.ex` inside closures, so `ex` stays out of project()'s closure context)
  const ex = opts.explain ?? null;
  const exMark = ex === null ? 0 : ex.steps.size;
  const inflation = (ov.inflation_rate ?? h.inflation_rate ?? PROJECTION_DEFAULTS.inflation_rate) / 100;

  // Members: birth year, maturity, retirement, life events.
  const members = h.members;
  if (members.length === 0) throw new CalculationInputError('members', 'At least one member is needed');
  const memberIdx = new Map<string, number>();
  const persons: number[] = [];
  const M = members.length;
  const birth = new Float64Array(M);
  const retireAge = new Float64Array(M);
  const deathYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  const disabledYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  const ciYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  let endYear = y0;
  for (let i = 0; i < M; i++) {
    const m = members[i] as (typeof members)[number];
    if (memberIdx.has(m.id)) throw new CalculationInputError(`members.${i}.id`, 'Member ids must be unique');
    memberIdx.set(m.id, i);
    const person = m.relation === 'me' || m.relation === 'spouse';
    let by: number;
    if (m.date_of_birth) by = ymd(dayNumber(m.date_of_birth, `members.${i}.date_of_birth`)).year;
    else if (m.age !== undefined) by = y0 - count(m.age, `members.${i}.age`, 0, MAX_AGE); // the tables by age have no entry between two ages
    else if (person) throw new CalculationInputError(`members.${i}.age`, 'age or date_of_birth is required');
    else by = y0;
    birth[i] = by;
    retireAge[i] = ov.retirement_age?.[m.id] ?? m.retirement_age ?? PROJECTION_DEFAULTS.retirement_age;
    if (person) {
      persons.push(i);
      endYear = Math.max(endYear, lastYearAlive(by, m.maturity_age ?? PROJECTION_DEFAULTS.maturity_age)); // its last row: the year of its maturity age
    }
  }
  if (persons.length === 0) throw new CalculationInputError('members', 'A member with relation me or spouse is needed');
  for (const [k, e] of (opts.events ?? []).entries()) {
    const i = memberIdx.get(e.member_id);
    if (i === undefined) throw new CalculationInputError(`events.${k}.member_id`, 'Unknown member');
    const arr = e.type === 'death' ? deathYear : e.type === 'disability' ? disabledYear : ciYear;
    arr[i] = Math.min(arr[i] as number, e.year);
  }
  const N = Math.max(1, Math.min(endYear - y0 + 1, 151));
  const mIdx = (id: string | undefined, section: string, k: number, key: string, fallback = 0): number => {
    if (id === undefined) return fallback;
    const i = memberIdx.get(id);
    if (i === undefined) throw new CalculationInputError(fieldAt(section, k, key), 'Unknown member');
    return i;
  };
  const workEnd = new Float64Array(M);
  for (let i = 0; i < M; i++) workEnd[i] = Math.min((birth[i] as number) + (retireAge[i] as number), deathYear[i] as number, disabledYear[i] as number);
  const tl: Timeline = { y0, n: N, birth, deathYear, disabledYear, ciYear, workEnd };
  const taxCountry = incomeTaxCountry(currency);
  const { series, loanBalances, rentDays } = allocate(N, M, h.loans?.length ?? 0);
  for (let t = 0; t < N; t++) rentDays[t] = asOf + Math.round(t * 365.2425);
  // The first year counts only its remaining part (decision); set once the as-of year's start is read below.
  const failures = new Failures();
  const cx: AssetContext = { y0, n: N, firstYearPart: 1, firstMonth: 1, birth, deathYear, workEnd, loanBalances, rentDays, failures, bhs: new Float64Array(0), bhsF: Number.NaN, ex };
  // the streams' explanations (projection-streams-explain.ts), only when asked for
  const sx = ex !== null ? new StreamsExplain(ex, tl, members, currency) : null;

  // Incomes, expenses: yearly streams (projection-streams.ts).
  const incomes = (h.incomes ?? []).map((r, k): IncomeStream => {
    const i = mIdx(r.member_id, 'incomes', k, 'member_id');
    const yearly = r.amount * (r.frequency === 'annual' ? 1 : 12) * fx(r.currency, 'incomes', k, 'currency') * (1 + (ov.income_change_percent?.[r.member_id] ?? 0) / 100);
    return { i, yearly, g: 1 + (ov.income_growth_rate ?? r.growth_rate ?? 0) / 100, from: r.start_year ?? -Infinity, to: r.end_year ?? Infinity, employment: EMPLOYMENT.has(r.kind) };
  });
  addIncomes(incomes, tl, series.income, series.taxable);
  let taxableIds: Array<string[] | undefined> | null = null;
  if (sx !== null) {
    const how = (h.incomes ?? []).map((r, k): YearlyInputs => ({ fx: fx(r.currency, 'incomes', k, 'currency'), change: ov.income_change_percent?.[r.member_id], growth: ov.income_growth_rate }));
    taxableIds = explainIncomes(sx, h.incomes ?? [], incomes, how, series.income);
  }
  const expenses = (h.expenses ?? []).map(
    (r, k): ExpenseStream => ({
      i: r.member_id === undefined ? -1 : mIdx(r.member_id, 'expenses', k, 'member_id'),
      yearly: r.amount * (r.frequency === 'annual' ? 1 : 12) * fx(r.currency, 'expenses', k, 'currency'),
      g: 1 + (r.inflation_rate !== undefined && ov.inflation_rate === undefined ? r.inflation_rate / 100 : inflation),
      from: r.start_year ?? -Infinity,
      to: r.end_year ?? Infinity,
    }),
  );
  addExpenses(expenses, tl, series.expenses);
  if (sx !== null) {
    const how = (h.expenses ?? []).map((r, k) => inflationHow(h, ov, r.inflation_rate !== undefined && ov.inflation_rate === undefined, fx(r.currency, 'expenses', k, 'currency')));
    explainExpenses(sx, h.expenses ?? [], expenses, how, series.expenses);
  }
  // Liquid assets: cash accounts (first) and investments.
  const locked = new Set(opts.locked_assets ?? []);
  const liquids: LiquidRecord[] = (h.cash_accounts ?? []).map((c, k) => {
    const f = fx(c.currency, 'cash_accounts', k, 'currency');
    const l = liquidRecord(c.id, c.current_value * f, 1 + (c.growth_rate ?? 0) / 100, 0, 0, true, !!c.locked || locked.has(c.id));
    if (cx.ex !== null) noteLiquid(l, { section: 'cash_accounts', id: c.id, name: `Cash account ${k + 1}`, current: c.current_value, fx: f, currency: codeOr(c.currency, currency), rate: c.growth_rate ?? 0, rateFrom: c.growth_rate === undefined ? 'default' : 'record', monthly: 0 });
    return l;
  });
  const cashAccounts = liquids.length;
  for (const [k, v] of (h.investments ?? []).entries()) {
    const f = fx(v.currency, 'investments', k, 'currency');
    const g = 1 + (ov.investment_return ?? v.expected_return ?? PROJECTION_DEFAULTS.growth_rate) / 100;
    const l = liquidRecord(v.id, v.current_value * f, g, (v.monthly_contribution ?? 0) * 12 * f, v.contribution_end_year ?? Infinity, false, !!v.locked || locked.has(v.id));
    liquids.push(l);
    if (ex !== null)
      noteLiquid(l, {
        section: 'investments',
        id: v.id,
        name: `Investment ${k + 1}`,
        current: v.current_value,
        fx: f,
        currency: codeOr(v.currency, currency),
        rate: ov.investment_return ?? v.expected_return ?? PROJECTION_DEFAULTS.growth_rate,
        rateFrom: ov.investment_return !== undefined ? 'scenario' : v.expected_return !== undefined ? 'record' : 'default',
        monthly: v.monthly_contribution ?? 0,
      });
  }
  // Pensions
  const cpfY0 = inForce(rateTables().cpf, y0);
  const pensions = (h.pensions ?? []).map((p, k): PensionRecord => {
    const i = mIdx(p.member_id, 'pensions', k, 'member_id');
    const f = fx(p.currency, 'pensions', k, 'currency');
    const scheme = p.type ?? schemeForCurrency(p.currency ?? currency);
    const b = p.balances ?? {};
    const cg = p.cpf_contribution_growth_rate ?? {};
    // CPF: pensionContributions reads the CPF version in force in each projected year (issue 32); this table (the
    // spec's, EPF's) serves the other schemes
    const table = contributionTable(scheme, y0);
    const rate = p.contribution_growth_rate ?? CONTRIBUTION_GROWTH;
    const cpf = scheme === 'CPF';
    const epf = scheme === 'EPF';
    // SA and MA apart (issue 17): a combined `sa_ma` (older input) is split by the member's SA : MA allocation at
    // the as-of age; given `sa` or `ma`, a missing one is 0 and `sa_ma` is not read.
    let sa = 0;
    let ma = 0;
    if (cpf) {
      if (b.sa !== undefined || b.ma !== undefined) {
        sa = b.sa ?? 0;
        ma = b.ma ?? 0;
      } else if (b.sa_ma) {
        const sh = cpfShares(inForce(rateTables().cpf, y0));
        const ai = Math.min(150, Math.max(0, y0 - (birth[i] as number)));
        const saShare = (sh.sa[ai] as number) / ((sh.sa[ai] as number) + (sh.ma[ai] as number));
        sa = b.sa_ma * saShare;
        ma = b.sa_ma - sa;
      }
    }
    const plan = p.cpf_life_plan ?? PENSION_DEFAULTS.cpf_life_plan;
    return {
      id: p.id,
      i,
      cpf,
      epf,
      a: ((cpf ? b.oa : b.account1) ?? b.value ?? 0) * f, // OA / Akaun Persaraan (account 1) / value
      b: (cpf ? sa : (b.account2 ?? 0)) * f, // SA / Akaun Sejahtera (account 2)
      m: ma * f, // MA
      c: ((cpf ? b.ra : b.account3) ?? 0) * f, // RA / Akaun Fleksibel (account 3)
      // CPF: the record's own rates, else the CPF version's interest (the first year's here; pensionBalances takes
      // each later version's): OA 2.5, SA, MA and RA 4 (CPF Board's floor rates), extra interest apart (issue 32)
      ga: 1 + (cpf ? (cg.oa ?? cpfY0.interest.oa) : rate) / 100,
      gb: 1 + (cpf ? (cg.sa ?? cg.sa_ma ?? cpfY0.interest.sa) : rate) / 100,
      gm: 1 + (cpf ? (cg.ma ?? cg.sa_ma ?? cpfY0.interest.ma) : rate) / 100,
      gc: 1 + (cpf ? (cg.ra ?? cpfY0.interest.ra) : rate) / 100,
      ownRates: cpf ? (cg.oa !== undefined ? 1 : 0) | ((cg.sa ?? cg.sa_ma) !== undefined ? 2 : 0) | ((cg.ma ?? cg.sa_ma) !== undefined ? 4 : 0) | (cg.ra !== undefined ? 8 : 0) : 15,
      declared: epf && p.contribution_growth_rate === undefined,
      schemeF: cpf ? fx('SGD', 'pensions', k, 'currency') : epf ? fx('RM', 'pensions', k, 'currency') : 1,
      wage: (p.monthly_salary ?? 0) * f,
      wageMul: 1,
      wageG: 1 + (p.salary_increment ?? 0) / 100,
      eeByAge: ratesByAge(table, 'employee'),
      erByAge: ratesByAge(table, 'employer'),
      er: p.employer_percent,
      ee: p.employee_percent,
      raAge: count(p.retirement_age ?? PENSION_RETIREMENT_AGE, `pensions.${k}.retirement_age`, 0, MAX_AGE), // the RA is formed in the year of that age
      payoutAge: p.cpf_payout_age ?? CPF_PAYOUT_AGE,
      raLimit: p.cpf_ers_limit === undefined ? Number.NaN : p.cpf_ers_limit * f,
      sum: p.cpf_retirement_sum === 'basic' ? 'brs' : p.cpf_retirement_sum === 'enhanced' ? 'ers' : 'frs',
      pledge: !!p.cpf_property_pledge,
      extraInterest: p.cpf_extra_interest !== false,
      post: p.post_retirement_contribution?.contribution ? { amount: (p.post_retirement_contribution.monthly_amount ?? 0) * 12 * f, from: p.post_retirement_contribution.from_age ?? 60, to: p.post_retirement_contribution.to_age ?? 75 } : null,
      // Fields that later hold fractions start as −0, a double: started as 0, a small integer, their first fraction
      // changed the records' shape and V8 deoptimised project() for good (bench:engine: half the speed, issue 32).
      // −0 is 0 to every comparison and sum here (−0 + x = x; the sums start at +0, and +0 + −0 = +0).
      payout: -0,
      escalation: plan === 'escalating' ? 1 + inForce(rateTables().cpf, y0).lifeEscalation / 100 : 1,
      basic: plan === 'basic',
      pool: -0,
      lifeFirst: -0,
      lifeN: 0,
      lifeG: -0,
      lifeX1: -0,
      lifeX2: -0,
      lifeCap1: -0,
      lifeCap2: -0,
      vUntil: Number.NEGATIVE_INFINITY,
      raCap: Number.NaN,
      pc: Number.NaN,
      relief: (cpf && taxCountry === 'SG') || (epf && taxCountry === 'MY'),
      locked: !!p.locked || locked.has(p.id),
      maturity: (members[i]?.maturity_age ?? PROJECTION_DEFAULTS.maturity_age) as number,
      deductions: [],
      refunds: [],
      nextRefund: 0,
    };
  });
  // the pensions' stored inputs and their traces, when the projection explains (pension-explain.ts)
  if (ex !== null) describePensions(ex, h, pensions, (k) => fx(h.pensions?.[k]?.currency, 'pensions', k, 'currency'), cx, currency);
  // which schemes the tables named in the reply cover (issue 32), read while the records are fresh: read after the year
  // loop, `pensions.some(…)` met records whose shape the loop had changed and deoptimised project() on every call
  let usesCpf = false;
  let usesEpf = false;
  let usesDividends = false;
  for (const p of pensions) {
    if (p.cpf) usesCpf = true;
    if (p.epf) usesEpf = true;
    if (p.declared) usesDividends = true;
  }
  // A member's first pension pays loans' pension parts and receives property sales' refunds.
  const pensionOf: Array<PensionRecord | undefined> = new Array(M).fill(undefined);
  for (const p of pensions) if (!pensionOf[p.i]) pensionOf[p.i] = p;
  // Loans: instalment and months; year-end balances go into cx.loanBalances.
  const loanById = new Map<string, number>();
  const loans = (h.loans ?? []).map((l, k): LoanRecord => {
    const f = fx(l.currency, 'loans', k, 'currency');
    let months = tenureMonths(l.loan_tenure);
    let inst: number;
    if (l.repayment_amount !== undefined) {
      months = monthsToRepay(l.original_loan, l.loan_interest, l.repayment_amount);
      inst = l.repayment_amount;
    } else inst = l.type === 'flat' ? flatInstalment(l.original_loan, l.loan_interest, months) : annuityInstalment(l.original_loan, l.loan_interest, months);
    loanById.set(l.id, k);
    const pm = l.pension_monthly ?? 0;
    const flat = l.type === 'flat';
    // The closed form's annuity instalment: `inst` itself unless a repayment amount replaced it.
    const annuity = flat || l.loan_interest === 0 || !(months > 0) ? 0 : l.repayment_amount === undefined ? inst : annuityInstalment(l.original_loan, l.loan_interest, months);
    loanSchedule(l, months, inst, annuity, cx, k * N);
    const otherMonthly = otherMonthlyCosts(l);
    const settled = usual(inst) && usual(f) && usual(pm) && usual(otherMonthly);
    const lastYear = settled ? l.starting_year + Math.ceil(months / 12) - 1 : Infinity;
    const loan = { inst, months, start: l.starting_year, lastYear, f, closed: Infinity, row: k * N, pension: Math.min(pm, inst) * f, pensionMember: l.pension_member_id === undefined ? (persons[0] as number) : mIdx(l.pension_member_id, 'loans', k, 'pension_member_id'), other: otherMonthly * 12 * f };
    if (loan.pension > 0) pensionOf[loan.pensionMember]?.deductions.push(loan);
    if (cx.ex !== null) noteLoan(loan, { id: l.id, name: `${l.kind === 'mortgage' ? 'Mortgage' : l.kind === 'vehicle' ? 'Vehicle loan' : l.kind === 'credit_card' ? 'Credit card' : 'Loan'} ${k + 1}`, input: l, fx: f, currency: codeOr(l.currency, currency), otherMonthly });
    return loan;
  });
  const properties = (h.properties ?? []).map((p, k): PropertyRecord => {
    const f = fx(p.currency, 'properties', k, 'currency');
    const loan = p.loan_id === undefined ? -1 : (loanById.get(p.loan_id) ?? -2);
    if (loan === -2) throw new CalculationInputError(`properties.${k}.loan_id`, 'Unknown loan');
    const pensionMember = p.pension_member_id === undefined ? (persons[0] as number) : mIdx(p.pension_member_id, 'properties', k, 'pension_member_id');
    const g = 1 + (ov.property_growth_rate ?? p.growth_rate ?? PROJECTION_DEFAULTS.growth_rate) / 100;
    const currencyCode = codeOr(p.currency, currency);
    const property: PropertyRecord = {
      id: p.id,
      value: p.market_value * f,
      g,
      purchase: p.purchase_price * f,
      purchaseYear: p.purchase_year,
      sell: p.future_selling_year ?? Infinity,
      fee: (p.future_transaction_fee ?? 0) * f,
      loan,
      rent: rentEntries(p.rental_incomes, k, f),
      afterTax: 1 - (p.tax ?? 0) / 100,
      costs: ((p.maintenance ?? 0) * 12 + (p.property_tax ?? 0)) * f,
      currencyCode,
      locked: !!p.locked || locked.has(p.id),
      soldYear: Number.POSITIVE_INFINITY,
      saleNet: 0,
      f,
      pensionMember,
    };
    if (cx.ex !== null) {
      const rate = ov.property_growth_rate ?? p.growth_rate ?? PROJECTION_DEFAULTS.growth_rate;
      const rateFrom = ov.property_growth_rate !== undefined ? 'scenario' : p.growth_rate !== undefined ? 'record' : 'default';
      noteProperty(property, { id: p.id, name: `Property ${k + 1}`, input: p, fx: f, currency: currencyCode, rate, rateFrom, sale: null, loanId: loan >= 0 ? (h.loans?.[loan]?.id ?? null) : null });
    }
    // A sale on schedule in a projected year: its figures are the debt summary's (sale.ts, one computation: the
    // advisor's selling price, the schedule's balance at the year end, the refund of every provident amount used).
    // A sale the engine cannot compute is thrown by the year loop in its year.
    if (Number.isInteger(property.sell) && property.sell >= y0 && property.sell < y0 + N) {
      const t = property.sell - y0;
      try {
        const sale = keptScheduledSale(p, loan >= 0 ? h.loans?.[loan] : undefined, asOf, { g, currency: currencyCode }) as SaleFigures;
        property.saleNet = sale.net_proceeds * f;
        if (cx.ex !== null) {
          const info = propertyInfoOf(property);
          if (info) info.sale = sale;
        }
        // each part returns to its member's first pension, in the selling year's row (once)
        for (const part of sale.refunds) {
          const member = part.member_id === undefined ? pensionMember : mIdx(part.member_id, 'properties', k, 'pension_member_id');
          pensionOf[member]?.refunds.push({ sell: property.sell, property, amount: part.amount * f });
        }
      } catch (error) {
        if (!(error instanceof CalculationInputError)) throw error;
        failures.record(t, SALE_STEP, error);
      }
    }
    return property;
  });
  for (const p of pensions) if (p.refunds.length > 1) p.refunds.sort(bySellingYear);
  const dayOfYear = asOf - dayNumber(`${y0}-01-01`);
  cx.firstYearPart = 1 - dayOfYear / 365;
  cx.firstMonth = ymd(asOf).month;
  // Insurance: yearly stream, policy by policy (premium schedule into the scratch series, then the policy's years).
  const pol = sx !== null ? new PoliciesExplain(sx) : null;
  const polScratch = pol !== null ? [new Float64Array(N), new Float64Array(N), new Float64Array(N)] : null;
  for (const [k, p] of (h.insurances ?? []).entries()) {
    const f = fx(p.currency, 'insurances', k, 'currency');
    const insured = mIdx(p.member_id, 'insurances', k, 'member_id');
    const payer = mIdx(p.payer_id, 'insurances', k, 'payer_id', insured);
    const policyDay = dayAt(p.policy_date, 'insurances', k, 'policy_date');
    const benefits: readonly Benefit[] = p.benefits ?? [];
    const waiver = benefits.find((b) => b.type === 'Premium Waiver')?.premium_waiver;
    series.premiumScratch.fill(0);
    const start = ymd(policyDay);
    premiumYears(p, start, y0, f, series.premiumScratch);
    const policy = { insured, payer, cash: (p.current_cash_value ?? 0) * f, g: 1 + (p.growth_rate ?? INSURANCE_DEFAULTS.growth_rate) / 100, maturity: p.maturity_age ?? INSURANCE_DEFAULTS.maturity_age, mv: p.projected_maturity_value === undefined ? null : p.projected_maturity_value * f, cashOut: p.cash_out_age ?? Infinity, dividend: p.dividend ? { amount: p.dividend.amount * f, start: p.dividend.start ?? 1, end: p.dividend.end ?? 5 } : null, policyYear: start.year, benefits, f, waiver };
    // a policy with a death benefit is life insurance: its premiums are the payer's MY life insurance relief
    const life = taxCountry === 'MY' && benefits.some((x) => x.type === 'Death') ? payer : -1;
    addPolicy(policy, series.premiumScratch, tl, series.premiums, series.payouts, series.insurance, failures, life < 0 ? null : series.lifeBy, life * N);
    if (pol !== null && polScratch !== null) {
      // the same policy run alone, telling the explanation each premium, payout and cash value it adds
      const info: PolicyInputs = { rec: p, k, fx: f, growthRate: p.growth_rate ?? INSURANCE_DEFAULTS.growth_rate, growthDefault: p.growth_rate === undefined, lifePayer: life };
      pol.policy(info, policy, start);
      addPolicy(policy, series.premiumScratch, tl, polScratch[0] as Float64Array, polScratch[1] as Float64Array, polScratch[2] as Float64Array, new Failures(), null, 0, pol);
    }
  }
  if (pol !== null) pol.finish(series.premiums, series.payouts, series.insurance, series.lifeBy, taxCountry === 'MY');
  const goals = (h.goals ?? []).map((g, k): GoalStream => {
    const f = fx(g.currency, 'goals', k, 'currency');
    const i = g.member_id === undefined ? (persons[0] as number) : mIdx(g.member_id, 'goals', k, 'member_id');
    const retire = g.type === 'retirement';
    const from = g.year_from ?? (retire ? (birth[i] as number) + (retireAge[i] as number) : y0);
    const to = g.year_to ?? (retire ? endYear : from);
    const yearly = (retire ? ((g.living_expense ?? 0) + (g.play_expense ?? 0)) * 12 + (g.amount ?? 0) : (g.amount ?? 0)) * f;
    const legacy = retire ? (g.legacy_amount ?? 0) * f : 0;
    const prices = 1 + (g.inflation_rate !== undefined && ov.inflation_rate === undefined ? g.inflation_rate / 100 : inflation);
    // growth_rate: the goal's own growth above prices, compounded with them (docs/planning-model.md, Goals)
    return { from, to, yearly, legacy, g: g.growth_rate === undefined ? prices : prices * (1 + g.growth_rate / 100) };
  });
  addGoals(goals, tl, series.goals);
  if (sx !== null) {
    const how = (h.goals ?? []).map((g, k) => inflationHow(h, ov, g.inflation_rate !== undefined && ov.inflation_rate === undefined, fx(g.currency, 'goals', k, 'currency')));
    explainGoals(sx, h.goals ?? [], goals, how, series.goals);
  }

  // What pays a deficit (docs/planning-model.md "Terms of the plan", issue 31): the household's cash accounts
  // (unlocked, in order), then its unlocked investments (in order), then what the saved sell sequence lists beyond
  // them (pensions only from their retirement age, properties); with a saved sequence, the sequence decides the order
  // (what it lists first, in its order, then the cash accounts and investments it leaves out). What none of them pays
  // is the Shortfall. Locked assets are never drawn on.
  const seq = opts.sell_sequence ?? [];
  let unlockedCash = 0;
  let unlockedLiquid = 0;
  for (let k = 0; k < liquids.length; k++) {
    if ((liquids[k] as LiquidRecord).locked) continue;
    unlockedLiquid++;
    if (k < cashAccounts) unlockedCash++;
  }
  // Without a sequence the order is the unlocked cash accounts, then the unlocked investments: the record-major path
  // below draws on the cash accounts and needs no list; with one, the list is built (and checked: does it still start
  // with every unlocked cash account in input order?).
  let sellOrder: SellStep[] | null = seq.length > 0 ? sellOrderOf(seq, liquids, pensions, properties) : null;
  let cashFirst = true;
  if (sellOrder) {
    for (let k = 0, c = 0; k < cashAccounts && cashFirst; k++) {
      if ((liquids[k] as LiquidRecord).locked) continue;
      const step = sellOrder[c++];
      cashFirst = step !== undefined && step.kind === 'liquid' && step.idx === k;
    }
  }
  const beyondCash = (sellOrder ? sellOrder.length : unlockedLiquid) > unlockedCash;

  // Assets and loans (projection-assets.ts).
  // With nothing to draw on but the cash accounts, no year depends on an earlier year's cash: each record runs over
  // all years at once. A property sale closing its loan is then known in advance (the first sale of a property
  // holding it). Every other plan, and one whose deficit outlasts the cash accounts, runs year by year.
  const yearByYear = !!opts.sell_on_shortfall || !cashFirst;
  if (yearByYear && !sellOrder) sellOrder = sellOrderOf(seq, liquids, pensions, properties);
  // A deficit draws on the cash accounts first. Record by record they (growth only, no contributions) run like the
  // rest until the first deficit; from that year on the year loop follows them one by one, as they pay it.
  const loopCash = yearByYear ? [] : liquids.slice(0, cashAccounts);
  // their opening values and growth in typed arrays: a double in an object field is a new heap number at every write
  const nLoop = loopCash.length;
  const loopValue = new Float64Array(nLoop);
  const loopG = new Float64Array(nLoop);
  for (let k = 0; k < nLoop; k++) {
    loopValue[k] = (loopCash[k] as LiquidRecord).value;
    loopG[k] = (loopCash[k] as LiquidRecord).g;
  }
  // what Monte Carlo replays of the plan (montecarlo.ts): every liquid record as it opens, and the draw order (the
  // public trace is built from this only when asked for: planTrace)
  const value0 = new Float64Array(liquids.length);
  for (let k = 0; k < liquids.length; k++) value0[k] = (liquids[k] as LiquidRecord).value;
  const trace: RawTrace = {
    firstYearPart: cx.firstYearPart,
    liquids,
    value0,
    investments: h.investments,
    cashAccounts,
    order: sellOrder,
    illiquid: null,
    flow: new Float64Array(N),
    cashG: 1 + (h.cash_growth_rate ?? PROJECTION_DEFAULTS.cash_growth_rate) / 100,
    borrowG: 1 + (h.borrowing_rate ?? PROJECTION_DEFAULTS.borrowing_rate) / 100,
  };
  const records = { pensions, loans, properties, liquids: yearByYear ? liquids : liquids.slice(cashAccounts) };
  if (!yearByYear) {
    // (indexed: a for-of here deoptimised the optimised project() again and again, 'wrong map', in bench:engine)
    for (let k = 0; k < properties.length; k++) {
      const p = properties[k] as PropertyRecord;
      const l = p.loan >= 0 ? loans[p.loan] : undefined;
      if (l && Number.isInteger(p.sell) && p.sell >= y0 && p.sell < y0 + N) l.closed = Math.min(l.closed, p.sell);
    }
    runAssets(records, 0, N, cx, series);
    // The cash accounts after the investments, into the same sums: every year's sums get the same amounts in the same
    // order as from the year loop account by account (bench:engine: 3% faster). The sum without them is kept for the
    // years after a draw.
    if (nLoop > 0) {
      series.liquidBeforeCash.set(series.liquid);
      for (const l of loopCash) liquidYears(l, 0, N, cx, series);
    }
  }
  // Whether the year loop follows the cash accounts one by one (from the first year they pay a deficit).
  let drawing = false;

  // Tax (docs/planning-model.md "Tax"): each member's employment income less the reliefs of the table in force.
  // Singapore assesses a year's income in the next year (YA = income year + 1): year t pays the tax on year t − 1's
  // income; the first year pays the previous year's, estimated as the first year's income. Malaysia: the same year.
  const partner = new Int32Array(M).fill(-1);
  for (let i = 0; i < M; i++) {
    const rel = (members[i] as { relation: string }).relation;
    const other = rel === 'me' ? 'spouse' : rel === 'spouse' ? 'me' : null;
    if (other) partner[i] = members.findIndex((x) => x.relation === other);
  }
  const childBirth = (h.dependants ?? []).map((d, k) => {
    if (d.date_of_birth) return ymd(dayNumber(d.date_of_birth, `dependants.${k}.date_of_birth`)).year;
    if (d.age !== undefined) return y0 - d.age;
    throw new CalculationInputError(`dependants.${k}.age`, 'age or date_of_birth is required');
  });
  const taxRec =
    ex !== null && sx !== null && taxCountry !== null
      ? new TaxExplainClass(ex, y0, N, taxCountry, members.map((x) => x.id), (i) => sx.who(i), taxableIds ?? [], partner, (h.dependants ?? []).map((d, k) => ({ kind: 'dependants', id: d.id ?? `dependants.${k}`, field: d.date_of_birth ? 'date_of_birth' : 'age' })), cx.firstYearPart)
      : null;
  const taxIn: TaxInputs = { country: taxCountry, y0, n: N, m: M, taxable: series.taxable, employeeBy: series.employeeBy, lifeBy: series.lifeBy, birth, deathYear, partner, childBirth, rec: taxRec };

  // the persons' ids and birth years, in order, for each row's ages
  const personIds = persons.map((i) => (members[i] as { id: string }).id);
  const personBirth = persons.map((i) => birth[i] as number);
  const rows: YearRow[] = new Array(N);
  const sold: ProjectionResult['sold'] = [];
  const illiquidSales = yearByYear ? new Float64Array(N) : null;
  let hhCash = 0;
  const hhG = 1 + (h.cash_growth_rate ?? PROJECTION_DEFAULTS.cash_growth_rate) / 100;
  const borrowG = 1 + (h.borrowing_rate ?? PROJECTION_DEFAULTS.borrowing_rate) / 100;
  let runsOut: number | null = null;
  // the liquid records in the order their values go into the year's sums (for the explanation only)
  const liquidOrder = ex === null || yearByYear ? liquids : [...records.liquids, ...loopCash];
  for (let t = 0; t < N; t++) {
    const year = y0 + t;
    const frac = t === 0 ? cx.firstYearPart : 1;
    if (yearByYear) runAssets(records, t, t + 1, cx, series);
    // a part first year pays that part of the year's tax: the bands apply to the year's income (issue 17 item 8)
    const tax = taxCountry === null ? 0 : yearTax(taxIn, t) * frac;
    failures.throwAt(t); // this year's sale or benefit the engine could not compute
    const income = series.income[t] as number;
    const expensesY = series.expenses[t] as number;
    const goalY = series.goals[t] as number;
    const premiums = series.premiums[t] as number;
    const payouts = series.payouts[t] as number;
    const insVal = series.insurance[t] as number;
    const employee = series.employee[t] as number;
    const pensionPayouts = series.pensionPayouts[t] as number;
    const postContrib = series.postContributions[t] as number;
    const repay = series.repayments[t] as number;
    const rent = series.rent[t] as number;
    const propCosts = series.propertyCosts[t] as number;
    const propSales = series.propertySales[t] as number;
    const contrib = series.contributions[t] as number;
    let pensionTotal = series.pensions[t] as number;
    let loanBal = series.loans[t] as number;
    let propVal = series.properties[t] as number;
    let liquidVal = series.liquid[t] as number;
    let cashAcc = series.cashAccounts[t] as number;
    if (drawing) {
      // the sums hold the accounts' values without the draws: add them one by one instead (no other liquid asset is
      // cash without a sequence, so the cash sum starts at 0)
      liquidVal = series.liquidBeforeCash[t] as number;
      cashAcc = 0;
      for (let k = 0; k < nLoop; k++) {
        const value = (loopValue[k] as number) * (loopG[k] as number); // as liquidYears (t > 0 here)
        loopValue[k] = value;
        cashAcc += value;
        liquidVal += value;
        if (ex !== null) recordLoopCash(ex, loopCash[k] as LiquidRecord, year, value);
      }
    }
    const incomeFr = income * frac;
    const flow = incomeFr + rent - employee - tax - expensesY * frac - propCosts - premiums - repay - goalY * frac - contrib - postContrib + payouts + pensionPayouts + propSales;
    trace.flow[t] = flow;
    // a surplus earns the deposit rate, a deficit carried from last year costs the borrowing rate
    const prevCash = hhCash;
    hhCash = hhCash * (year > y0 ? (hhCash < 0 ? borrowG : hhG) : 1) + flow;
    const cashBeforeSales = hhCash;
    // what the year's sales drew on, step by step (only when explaining)
    const sales: YearSales | null = ex !== null ? yearSales(year) : null;
    // Deficit: draw on the cash accounts (no sequence), or sell in the saved sequence, skipping locked ones.
    let assetSales = 0;
    let liquidSold = false;
    const soldBefore = sold.length;
    if (hhCash < 0 && nLoop > 0 && !drawing) {
      // the first deficit: each account's value this year, grown from its opening value as liquidYears grew it
      drawing = true;
      for (let k = 0; k < nLoop; k++) {
        const g = loopG[k] as number;
        let value = loopValue[k] as number;
        for (let s = 0; s <= t; s++) value *= s > 0 ? g : partPower(g, cx.firstYearPart);
        loopValue[k] = value;
        // the steps liquidYears recorded for the later years did not know of the draws: the loop records them now
        if (ex !== null) forgetLiquidFrom(ex, loopCash[k] as LiquidRecord, year + 1, y0 + N - 1);
      }
    }
    for (let k = 0; k < nLoop; k++) {
      if (hhCash >= 0) break;
      const l = loopCash[k] as LiquidRecord;
      const take = l.locked ? 0 : Math.min(-hhCash, loopValue[k] as number);
      if (take <= 0) continue;
      if (ex !== null && sales !== null) recordLiquidSale(ex, sales, l, -hhCash, loopValue[k] as number, take, false);
      loopValue[k] = (loopValue[k] as number) - take;
      cashAcc -= take;
      liquidVal -= take;
      hhCash += take;
      assetSales += take;
      sold.push({ year, asset_id: l.id, amount: r2(take) });
    }
    // a deficit the cash accounts could not pay, with more to draw on: the plan runs again year by year
    if (hhCash < 0 && !yearByYear && beyondCash) {
      ex?.truncate(exMark); // the steps of this run are not the plan's: the run year by year records its own
      return project(h, { ...opts, sell_on_shortfall: true });
    }
    if (hhCash < 0 && sellOrder !== null && yearByYear) {
      for (let j = 0; j < sellOrder.length; j++) {
        if (hhCash >= 0) break;
        const a = sellOrder[j] as SellStep;
        const need = -hhCash;
        let take: number;
        if (a.kind === 'liquid') {
          const l = liquids[a.idx] as LiquidRecord;
          take = Math.min(need, l.value);
          if (take <= 0) continue;
          if (ex !== null && sales !== null) recordLiquidSale(ex, sales, l, need, l.value, take, seq.length > 0);
          l.value -= take;
          liquidVal -= take;
          liquidSold = true;
        } else if (a.kind === 'pension') {
          const p = pensions[a.idx] as PensionRecord;
          if (year - (birth[p.i] as number) < p.raAge) continue; // withdrawals only from the retirement age (decision)
          take = Math.min(need, p.a + p.b);
          if (take <= 0) continue;
          if (ex !== null && sales !== null) recordPensionSale(ex, sales, p.id, `${p.cpf ? 'CPF' : p.epf ? 'EPF' : 'Pension'} account ${a.idx + 1}`, need, p.a + p.b, take);
          const fromA = Math.min(p.a, take);
          p.a -= fromA;
          p.b -= take - fromA;
          pensionTotal -= take;
        } else {
          const p = properties[a.idx] as PropertyRecord;
          if (p.soldYear !== Number.POSITIVE_INFINITY) continue;
          // the planned sale's rule on 31 December of this year (sale.ts saleInYear, issue 31 "refund"): fee, the
          // schedule's balance repaid, gain tax, and the provident refund back to each member's first pension in this
          // row (once); only the net proceeds pay the deficit
          const input = (h.properties as PropertyInput[])[a.idx] as PropertyInput;
          const sale = saleInYear(input, p.loan >= 0 ? h.loans?.[p.loan] : undefined, asOf, year, { g: p.g, currency: p.currencyCode });
          const outstanding = closeLoan(p, loans, t, cx);
          if (p.loan >= 0) loanBal -= outstanding;
          take = sale.net_proceeds * p.f;
          const refunded: Array<{ amount: number; member?: string }> | null = ex !== null ? [] : null;
          for (const part of sale.refunds) {
            const to = pensionOf[part.member_id === undefined ? p.pensionMember : mIdx(part.member_id, 'properties', a.idx, 'pension_member_id')];
            if (!to || part.amount === 0) continue;
            to.a += part.amount * p.f;
            pensionTotal += part.amount * p.f;
            if (refunded !== null) refunded.push({ amount: part.amount * p.f, member: to.id });
          }
          if (ex !== null && sales !== null && refunded !== null) {
            const l = p.loan >= 0 ? loans[p.loan] : undefined;
            recordPropertyShortfallSale(ex, sales, p, sale, take, l ? recordLoanClosed(ex, l, year, outstanding) : null, refunded);
          }
          p.soldYear = year;
          propVal -= p.value;
        }
        hhCash += take;
        assetSales += take;
        if (a.kind !== 'liquid' && illiquidSales) {
          illiquidSales[t] = (illiquidSales[t] as number) + take;
          if (!trace.illiquid) trace.illiquid = new Array(sellOrder.length).fill(null);
          let at = trace.illiquid[j];
          if (!at) {
            at = new Float64Array(N);
            trace.illiquid[j] = at;
          }
          at[t] = take;
        }
        sold.push({ year, asset_id: a.id, amount: r2(take) });
      }
    }
    if (hhCash < -0.005 && runsOut === null) runsOut = year;
    const cashAssets = Math.max(0, hhCash);
    if (liquidSold) {
      cashAcc = 0;
      for (let k = 0; k < cashAccounts; k++) cashAcc += (liquids[k] as LiquidRecord).value;
    }
    const invest = liquidVal - cashAcc;
    const assets = { cash: r2(cashAcc + cashAssets), investments: r2(invest), pensions: r2(pensionTotal), properties: r2(propVal), insurance: r2(insVal) };
    const liabilities = { loans: r2(Math.max(0, loanBal)), shortfall: r2(Math.max(0, -hhCash)) };
    const totalAssets = r2(assets.cash + assets.investments + assets.pensions + assets.properties + assets.insurance);
    const totalLiabilities = r2(liabilities.loans + liabilities.shortfall);
    const ages = agesAt(personIds, personBirth, year);
    // Income − Expenses = Net cash flow to the cent (docs/planning-model.md "Terms of the plan"): the row's net cash
    // flow is its rounded inflows less its rounded outflows, in cents
    const rIncome = r2(incomeFr + rent);
    const rTax = r2(tax);
    const rEmployee = r2(employee);
    const rExpenses = r2(expensesY * frac + propCosts);
    const rPremiums = r2(premiums);
    const rRepay = r2(repay);
    const rGoals = r2(goalY * frac);
    const rContrib = r2(contrib + postContrib);
    const rPayouts = r2(payouts);
    const rPension = r2(pensionPayouts);
    const rSales = r2(propSales);
    const inflowCents = cents(rIncome) + cents(rPayouts) + cents(rPension) + cents(rSales);
    const outflowCents = cents(rTax) + cents(rEmployee) + cents(rExpenses) + cents(rPremiums) + cents(rRepay) + cents(rGoals) + cents(rContrib);
    rows[t] = {
      year,
      ages,
      income: rIncome,
      tax: rTax,
      employee_contribution: rEmployee,
      expenses: rExpenses,
      premiums: rPremiums,
      loan_repayments: rRepay,
      goals: rGoals,
      investment_contributions: rContrib,
      insurance_payouts: rPayouts,
      pension_payouts: rPension,
      property_sales: rSales,
      asset_sales: r2(assetSales),
      net_cash_flow: (inflowCents - outflowCents) / 100 + 0,
      assets,
      liabilities,
      total_assets: totalAssets,
      total_liabilities: totalLiabilities,
      net_worth: r2(totalAssets - totalLiabilities),
    };
    if (ex !== null) {
      if (taxCountry === null) noIncomeTax(ex, year, currency);
      recordAssetSeries(ex, {
        year,
        liquids: liquidOrder,
        loans,
        properties,
        cashAccounts: cashAcc,
        liquid: liquidVal,
        contributions: contrib,
        loansSeries: series.loans[t] as number,
        repayments: repay,
        propertiesSeries: series.properties[t] as number,
        rent,
        propertyCosts: propCosts,
        propertySales: propSales,
      });
      const factorRate = year > y0 ? (prevCash < 0 ? (h.borrowing_rate ?? PROJECTION_DEFAULTS.borrowing_rate) : (h.cash_growth_rate ?? PROJECTION_DEFAULTS.cash_growth_rate)) : 0;
      recordYear(ex, {
        year,
        t,
        frac,
        income,
        rent,
        employee,
        tax,
        expenses: expensesY,
        propertyCosts: propCosts,
        premiums,
        repayments: repay,
        goals: goalY,
        contributions: contrib,
        postContributions: postContrib,
        payouts,
        pensionPayouts,
        propertySales: propSales,
        assetSales,
        householdCash: hhCash,
        cashFactor: t > 0 ? (prevCash < 0 ? borrowG : hhG) : 1,
        cashFactorRate: factorRate,
        cashAccounts: cashAcc,
        liquid: liquidVal,
        pensions: pensionTotal,
        pensionsSeries: series.pensions[t] as number,
        properties: propVal,
        propertiesSeries: series.properties[t] as number,
        insurance: insVal,
        loans: loanBal,
        loansSeries: series.loans[t] as number,
        sold: sold.slice(soldBefore),
        cashBeforeSales,
        sales,
      });
    }
    if (!Number.isFinite(totalAssets) || !Number.isFinite(totalLiabilities) || !Number.isFinite(flow)) {
      throw new CalculationInputError('household', 'The amounts and rates given grow beyond what can be computed');
    }
  }
  // the table versions read, once after the loop (issue 32): pensions' schemes, the tax country, each sale's year
  const sales = properties.filter((p) => p.soldYear !== Number.POSITIVE_INFINITY).map((p) => ({ year: p.soldYear, currency: p.currencyCode }));
  const tables = projectionTablesUsed(rateTables(), y0, y0 + N - 1, { cpf: usesCpf, epf: usesEpf, epfDeclared: usesDividends, tax: taxCountry, sales });
  const out: ProjectionResult = { currency, start_year: y0, end_year: y0 + N - 1, rows, money_runs_out_year: runsOut, sold, tables };
  if (illiquidSales) illiquidSalesOf.set(out, illiquidSales);
  rawTraceOf.set(out, trace);
  return out;
}
