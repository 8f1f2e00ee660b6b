import type { Explainer } from './explain';
import * as loansModule from './loans';
import * as pensionExplainModule from './pension-explain';
import * as assetsExplainModule from './projection-assets-explain';
import type { Failures } from './projection-streams';
import * as projectionStreamsModule from './projection-streams';
import type { CpfVersion } from './tables/cpf';
import * as cpfModule from './tables/cpf';
import * as epfModule from './tables/epf';
import * as registryModule from './tables/registry';
import * as versionedModule from './tables/versioned';
import type { LoanInput } from './types';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { toCents, yearEndBalances } = loansModule;
const { propertyInfoOf, recordLiquidYear, recordLoanClosed, recordLoanYear, recordPropertySale, recordPropertyYear } = assetsExplainModule;
const { SALE_STEP } = projectionStreamsModule;
const { BHS_FIXED_AGE, bandAt, cpfBhs, cpfSums } = cpfModule;
const { epfDividend } = epfModule;
const { rateTables, rateTablesGeneration } = registryModule;
const { inForce } = versionedModule;
const { recordPensionSeries, traceOf } = pensionExplainModule;

/**
 * The assets and loans of the household projection whose course a cash shortfall can change (a shortfall sells
 * cash, investments, pension balances and properties; selling a property closes its loan). Each kind has a step
 * function that runs one record over a range of years and adds to per-year sums (AssetSums):
 * - without shortfall selling, project() runs each record over all years at once (a tight loop per record);
 * - with it, project() runs every record one year at a time, then sells what the year's shortfall needs.
 * Both orders apply the same operations to each record in the same order, and every per-year sum receives the
 * records' amounts in the same order (pensions, loans, properties, liquid assets, each in input order), so the two
 * give the same floats, bit for bit.
 */

/** A CPF version's allocation as shares of the total contribution by whole age 0-150 (built once per version). */
interface CpfShares {
  oa: Float64Array;
  sa: Float64Array;
  ma: Float64Array;
}
const sharesCache = new WeakMap<CpfVersion, CpfShares>();
const EMPTY_SHARES = new Float64Array(0);
export function cpfShares(v: CpfVersion): CpfShares {
  let c = sharesCache.get(v);
  if (!c) {
    c = { oa: new Float64Array(151), sa: new Float64Array(151), ma: new Float64Array(151) };
    for (let age = 0; age <= 150; age++) {
      const b = bandAt(v.allocation, age);
      const total = b.oa + b.sa + b.ma;
      c.oa[age] = b.oa / total;
      c.sa[age] = b.sa / total;
      c.ma[age] = b.ma / total;
    }
    sharesCache.set(v, c);
  }
  return c;
}
/**
 * A CPF version's rates by whole age 0-150 (built once per version, so the yearly loop does no band search): employer
 * and employee contribution rates and the allocation to OA, SA (RA from the retirement age) and MA, all percent of
 * wages as CPF Board publishes them.
 */
interface CpfRates {
  er: Float64Array;
  ee: Float64Array;
  oa: Float64Array;
  sa: Float64Array;
  ma: Float64Array;
}
const ratesCache = new WeakMap<CpfVersion, CpfRates>();
export function cpfRates(v: CpfVersion): CpfRates {
  let c = ratesCache.get(v);
  if (!c) {
    c = { er: new Float64Array(151), ee: new Float64Array(151), oa: new Float64Array(151), sa: new Float64Array(151), ma: new Float64Array(151) };
    for (let age = 0; age <= 150; age++) {
      const r = bandAt(v.rates, age);
      const b = bandAt(v.allocation, age);
      c.er[age] = r.employer;
      c.ee[age] = r.employee;
      c.oa[age] = b.oa;
      c.sa[age] = b.sa;
      c.ma[age] = b.ma;
    }
    ratesCache.set(v, c);
  }
  return c;
}
/** Each CPF version with its allocation and rates by age and the year the next version starts (+Infinity for the newest). */
interface CpfPrepared {
  v: CpfVersion;
  shares: CpfShares;
  rates: CpfRates;
  until: number;
}
let cpfPrepared: CpfPrepared[] | null = null;
/**
 * The retirement sums and the BHS by year, under the version in force that year (cpfSums, cpfBhs: a loop a year from
 * the version's year), remembered per install generation: a household's records share a few cohort years, and the
 * loops cost a pension record about a sixth of its year loop (bench:engine).
 */
const sumsMemo = new Map<number, { brs: number; frs: number; ers: number }>();
const bhsMemo = new Map<number, number>();
/** The tables' install generation `cpfPrepared` and `epfDeclaredTo` were built at (registry.ts). */
let preparedAt = -1;
let epfDeclaredTo = Number.NEGATIVE_INFINITY;
/** Rebuilds what is derived from the tables when an admin's version has been installed since. */
function prepareTables(): void {
  const g = rateTablesGeneration();
  if (g === preparedAt) return;
  const t = rateTables();
  sumsMemo.clear();
  bhsMemo.clear();
  cpfPrepared = t.cpf.map((v, k) => ({ v, shares: cpfShares(v), rates: cpfRates(v), until: (t.cpf[k + 1] as CpfVersion | undefined)?.fromYear ?? Number.POSITIVE_INFINITY }));
  epfDeclaredTo = t.epfDividend.reduce((y, d) => Math.max(y, d.fromYear), Number.NEGATIVE_INFINITY);
  preparedAt = g;
}
/** The prepared CPF version in force in `year` (as inForce: the newest fromYear ≤ year, else the earliest). */
function cpfAt(year: number): CpfPrepared {
  prepareTables();
  const prepared = cpfPrepared as CpfPrepared[];
  for (let k = prepared.length - 1; k > 0; k--) if (year >= (prepared[k] as CpfPrepared).v.fromYear) return prepared[k] as CpfPrepared;
  return prepared[0] as CpfPrepared;
}

/** The retirement sums of the cohort turning 55 in `year` (SGD), under the version in force that year. */
function sumsIn(year: number): { brs: number; frs: number; ers: number } {
  prepareTables();
  let s = sumsMemo.get(year);
  if (s === undefined) {
    s = cpfSums(cpfAt(year).v, year);
    sumsMemo.set(year, s);
  }
  return s;
}
/** The Basic Healthcare Sum of `year` (SGD), under the version in force that year. */
function bhsIn(year: number): number {
  prepareTables();
  let b = bhsMemo.get(year);
  if (b === undefined) {
    b = cpfBhs(cpfAt(year).v, year);
    bhsMemo.set(year, b);
  }
  return b;
}

/** The last year with a declared EPF dividend (later years use the record's growth assumption). */
function epfDeclaredThrough(): number {
  prepareTables();
  return epfDeclaredTo;
}

/**
 * The last year a member lives in the projection: the year they reach their maturity age (the life expectancy the
 * advisor sets, default 100). One definition for both: the projection's rows run to the last member's one
 * (projection.ts), and CPF LIFE pays in every year from the payout age to it, both included, so an annuity from 65 with
 * maturity 70 makes 70 − 65 + 1 = 6 payments (issue 32 defect 1: it made 5 and the row of age 70 paid nothing).
 */
export function lastYearAlive(birthYear: number, maturityAge: number): number {
  return birthYear + maturityAge;
}

/** What the steps read: the years, the members' years, every loan's balances by year and the rent days. */
export interface AssetContext {
  y0: number;
  n: number;
  /** The share of the first year still to come (later years count whole). */
  firstYearPart: number;
  /** The first year's first month still to come (1-12): instalments due before it are in the opening balance. */
  firstMonth: number;
  birth: Float64Array;
  deathYear: Float64Array;
  workEnd: Float64Array;
  /** Loan k's year-end balance in year t at k·n + t (loan currency). */
  loanBalances: Float64Array;
  /** The day whose rent counts in year t: the as-of date, then the same date each year on (365.2425 days a year). */
  rentDays: Float64Array;
  /** A sale the engine cannot compute is thrown by the year loop in its year. */
  failures: Failures;
  /** The CPF Basic Healthcare Sum of each year in the household currency (cpfBhsByYear), for the value of 1 SGD bhsF. */
  bhs: Float64Array;
  bhsF: number;
  /** Where the steps are recorded when the projection is asked to explain (explain.ts), else null. */
  ex: Explainer | null;
}

/** Per-year sums the steps add to (each n long, zeroed at the start). */
export interface AssetSums {
  employee: Float64Array;
  /** Employee contributions by member for tax relief, whole-year amounts (member-major, i·n + t). */
  employeeBy: Float64Array;
  pensionPayouts: Float64Array;
  postContributions: Float64Array;
  pensions: Float64Array;
  repayments: Float64Array;
  loans: Float64Array;
  properties: Float64Array;
  rent: Float64Array;
  propertyCosts: Float64Array;
  propertySales: Float64Array;
  contributions: Float64Array;
  liquid: Float64Array;
  cashAccounts: Float64Array;
}
export const ASSET_SUMS = 13;

const add = (a: Float64Array, t: number, v: number) => {
  a[t] = (a[t] as number) + v;
};

export interface LoanRecord {
  inst: number;
  months: number;
  start: number;
  /**
   * Last year the loan can add anything: its last instalment's year. When its amounts are finite and not negative,
   * later years would only add +0 (no months paid, a 0 balance) to sums that start at +0 (and so never hold −0),
   * which changes nothing; otherwise +Infinity, and every year is run.
   */
  lastYear: number;
  f: number;
  /** First year a property sale closed the loan (it is skipped after it); +Infinity while open. */
  closed: number;
  /** Offset of the loan's years in AssetContext.loanBalances (k · n). */
  row: number;
  /** Monthly pension part of the instalment (household currency), taken from the member's first pension. */
  pension: number;
  pensionMember: number;
  other: number;
}

/**
 * Instalments paid in a calendar year from month `fromMonth` (1 = the whole year): the loan starts in January of its
 * starting year (decision). The projection's first year counts from the as-of month (issue 17 defect 3: it charged all
 * twelve although those before the as-of month are in the opening balance).
 */
export function monthsPaidIn(months: number, startYear: number, year: number, fromMonth = 1): number {
  return Math.min(months, Math.max(0, (year - startYear + 1) * 12)) - Math.min(months, Math.max(0, (year - startYear) * 12 + fromMonth - 1));
}

/**
 * A loan's year-end balance in each projected year. The balance rolls forward a year at a time
 * (b · (1+r)^12 − instalment · ((1+r)^12 − 1) / r); balanceAfter's closed form (loans.ts, same expressions) is used
 * where the roll cannot start: the first year, before the loan starts, flat-rate and interest-free loans. Once the
 * loan is repaid every later year is 0 (the array starts zeroed). `annuity` is annuityInstalment of the loan (the
 * closed form's instalment; it differs from `inst` when a repayment amount is given), or 0 where it is not used.
 */
export function loanSchedule(l: LoanInput, months: number, inst: number, annuity: number, cx: AssetContext, row: number): void {
  // The cents schedule's year-end balances (the debt summary's, calculateDebt's), once per loan (issue 31: the closed
  // form was 0.42-1.45 apart from the schedule beside it); the closed form only where no cents schedule can be made.
  const table = yearEndBalances(l);
  if (table) {
    // the loan in cents before its starting year: decimal arithmetic, so only for a loan that starts after the
    // projection's first year (5% of a projection of the bench's household when computed for every loan)
    const n = cx.n;
    const first = l.starting_year - cx.y0;
    const before = first > 0 ? toCents(l.original_loan) : 0;
    for (let t = 0; t < n; t++) {
      const k = cx.y0 + t - l.starting_year;
      if (k >= table.length) break; // repaid: a 0 balance from here on
      cx.loanBalances[row + t] = k < 0 ? before : (table[k] as number);
    }
    return;
  }
  const principal = l.original_loan;
  const flat = l.type === 'flat';
  const r = l.loan_interest / 1200;
  let g12 = Number.NaN; // (1 + r)^12, computed the first time the roll needs it
  let b = -1;
  for (let t = 0; t < cx.n; t++) {
    const year = cx.y0 + t;
    const before = Math.min(months, Math.max(0, (year - l.starting_year) * 12));
    if (before >= months) break; // repaid: a 0 balance from here on
    const after = Math.min(months, Math.max(0, (year - l.starting_year + 1) * 12));
    if (after >= months) b = 0;
    else if (b < 0 || flat || r === 0 || before === 0) b = balanceAfterMonths(principal, r, months, after, flat, annuity);
    else {
      if (Number.isNaN(g12)) g12 = (1 + r) ** 12;
      b = Math.max(0, b * g12 - (inst * (g12 - 1)) / r);
    }
    cx.loanBalances[row + t] = b;
  }
}

/** balanceAfter (loans.ts) for 0 ≤ paid < months, with the loan's inputs already checked. */
function balanceAfterMonths(principal: number, r: number, months: number, paid: number, flat: boolean, annuity: number): number {
  if (paid <= 0) return principal;
  if (flat || r === 0) return principal * (1 - paid / months);
  const g = (1 + r) ** paid;
  const b = principal * g - (annuity * (g - 1)) / r;
  return b > 0 ? b : 0;
}

/** Repayments (instalment less the pension part, plus other monthly costs) and balances while the loan is open. */
export function loanYears(l: LoanRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums): void {
  const { repayments, loans } = sums;
  const balances = cx.loanBalances;
  const { y0 } = cx;
  const { lastYear, start, closed, months, pension, inst, f, other, row } = l;
  const ex = cx.ex;
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    if (year > lastYear) break;
    if (year < start || year > closed) continue;
    const paidMonths = monthsPaidIn(months, start, year, t === 0 ? cx.firstMonth : 1);
    const pensionPart = pension * paidMonths;
    // other monthly costs (yearly `other`) for the months repaid, like the instalments
    const repayment = inst * paidMonths * f - pensionPart + (paidMonths === 12 ? other : (other * paidMonths) / 12);
    repayments[t] = (repayments[t] as number) + repayment;
    loans[t] = (loans[t] as number) + (balances[row + t] as number) * f;
    if (ex !== null) recordLoanYear(ex, l, y0, t, cx.firstMonth, paidMonths, pensionPart, repayment, balances[row + t] as number);
  }
}

export interface PropertyRecord {
  id: string;
  value: number;
  g: number;
  purchase: number;
  purchaseYear: number;
  sell: number;
  fee: number;
  loan: number;
  rent: Array<{ from: number; to: number; yearly: number }>;
  afterTax: number;
  costs: number;
  /** Currency for the property-gain tax. */
  currencyCode: string;
  locked: boolean;
  /** Year the property was sold; +Infinity while held. */
  soldYear: number;
  /** A sale on schedule in a projected year: its net proceeds (household currency), from sale.ts scheduledSale. */
  saleNet: number;
  /** The property's currency to the household's (a deficit sale's figures, sale.ts saleInYear, are in the former). */
  f: number;
  /** The member whose first pension takes back a refund part with no member of its own. */
  pensionMember: number;
}

/** A scheduled sale's refund returning to one pension (household currency), in its selling year. */
export interface RefundIn {
  sell: number;
  property: PropertyRecord;
  amount: number;
}

/** Closes a property's loan at its sale in year t: the outstanding balance (household currency) it repays. */
export function closeLoan(p: PropertyRecord, loans: readonly LoanRecord[], t: number, cx: AssetContext): number {
  const l = p.loan >= 0 ? loans[p.loan] : undefined;
  if (!l) return 0;
  l.closed = Math.min(l.closed, cx.y0 + t);
  return (cx.loanBalances[l.row + t] as number) * l.f;
}

/** Growth, rent (entries spanning the date), running costs, and the sale in the selling year. */
export function propertyYears(p: PropertyRecord, t0: number, t1: number, loans: readonly LoanRecord[], cx: AssetContext, sums: AssetSums): void {
  if (p.soldYear !== Number.POSITIVE_INFINITY) return;
  const { rent, propertyCosts, properties } = sums;
  const { y0, firstYearPart, rentDays } = cx;
  const { g, sell, afterTax, costs } = p;
  const rents = p.rent.length > 0;
  let value = p.value;
  // every row is a year-end value: the first year grows for the part still to come (issue 17: it did not grow); its
  // power is taken before the loop (a call inside it costs every year, taken or not)
  const g0 = t0 === 0 ? partPower(g, firstYearPart) : g;
  const ex = cx.ex;
  // the rental entries a year's rent counted (only when explaining)
  const picked: number[] | null = ex !== null && rents ? [] : null;
  // A rent or cost of 0 is not added: the sums start at +0 and never hold −0, so it would change nothing.
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    const frac = t === 0 ? firstYearPart : 1;
    value *= t > 0 ? g : g0;
    let rentY = 0;
    if (rents) {
      if (picked !== null) picked.length = 0;
      rentY = rentIn(p, rentDays[t] as number, picked);
      if (rentY !== 0) rent[t] = (rent[t] as number) + rentY * afterTax * frac;
    }
    if (costs !== 0) propertyCosts[t] = (propertyCosts[t] as number) + costs * frac;
    if (ex !== null) recordPropertyYear(ex, p, y0, firstYearPart, t, t > 0 ? g : g0, value, rentY, picked, rentY !== 0 ? rentY * afterTax * frac : 0, costs * frac);
    if (year === sell) {
      p.value = value;
      try {
        sellOnSchedule(p, t, loans, cx, sums);
      } catch (error) {
        cx.failures.record(t, SALE_STEP, error); // e.g. a value grown beyond a finite number
      }
      return;
    }
    properties[t] = (properties[t] as number) + value;
  }
  p.value = value;
}

/** The rents (yearly amounts) of the entries spanning `day` (their indices into `picked` when explaining). */
function rentIn(p: PropertyRecord, day: number, picked: number[] | null): number {
  const entries = p.rent;
  let sum = 0;
  for (let j = 0; j < entries.length; j++) {
    const e = entries[j] as PropertyRecord['rent'][number];
    if (e.from <= day && day <= e.to) {
      sum += e.yearly;
      if (picked !== null) picked.push(j);
    }
  }
  return sum;
}

/**
 * The sale in the selling year: its loan closes (the schedule's balance at the year end, the one the sale figures
 * repaid) and the net proceeds come in. The refund goes back to the members' provident accounts in their own step
 * (pensionBalances, `refunds`), once (issue 31: it was also added to the year's pension sum here, counted twice).
 */
function sellOnSchedule(p: PropertyRecord, t: number, loans: readonly LoanRecord[], cx: AssetContext, sums: AssetSums): void {
  const year = cx.y0 + t;
  const outstanding = closeLoan(p, loans, t, cx);
  if (p.loan >= 0) add(sums.loans, t, -outstanding);
  add(sums.propertySales, t, p.saleNet);
  p.soldYear = year;
  const ex = cx.ex;
  if (ex !== null) {
    const l = p.loan >= 0 ? loans[p.loan] : undefined;
    if (l) recordLoanClosed(ex, l, year, outstanding);
    const sale = propertyInfoOf(p)?.sale;
    if (sale) recordPropertySale(ex, p, year, sale, p.saleNet, 'schedule');
  }
}

export interface PensionRecord {
  id: string;
  i: number;
  cpf: boolean;
  epf: boolean;
  /**
   * CPF: a = OA, b = SA, m = MA (MediSave, never part of the RA), c = RA. EPF: a / b / c = Akaun Persaraan / Sejahtera /
   * Fleksibel (m unused). Other pensions: a = the value.
   */
  a: number;
  b: number;
  m: number;
  c: number;
  ga: number;
  gb: number;
  gm: number;
  gc: number;
  /** EPF: the declared dividend replaces the growth in declared years (the record gave no rate of its own). */
  declared: boolean;
  /**
   * CPF: the accounts whose interest the record gives itself (bits 1 OA, 2 SA, 4 MA, 8 RA); the others earn the CPF
   * version's interest of each year (`interest`, CPF Board's floor rates), ga-gc holding the first year's.
   */
  ownRates: number;
  wage: number;
  wageMul: number;
  wageG: number;
  eeByAge: Float64Array;
  erByAge: Float64Array;
  er: number | undefined;
  ee: number | undefined;
  /** Household-currency value of 1 SGD (CPF wage ceilings, sums) or 1 RM (EPF wage threshold). */
  schemeF: number;
  raAge: number;
  payoutAge: number;
  /** The RA's target at formation: a fixed amount (cpf_ers_limit), else NaN and `sum` picks the table's. */
  raLimit: number;
  sum: 'brs' | 'frs' | 'ers';
  pledge: boolean;
  /** Whether CPF extra interest is credited. */
  extraInterest: boolean;
  post: { amount: number; from: number; to: number } | null;
  payout: number;
  /** CPF LIFE payouts' yearly growth: 1 (Basic, Standard), 1.02 (Escalating). */
  escalation: number;
  /** CPF LIFE plan 'basic' keeps most of the RA in the RA; the others pay it all as premium. */
  basic: boolean;
  /** CPF LIFE premium not yet paid back as payouts: what it leaves as bequest besides the RA. */
  pool: number;
  /**
   * CPF LIFE's first payout (0 until solved) and what lifePayout solves it with: the count of payments, the RA's growth
   * and the extra interest (rates as fractions, caps in the household currency) of the first payout year.
   */
  lifeFirst: number;
  lifeN: number;
  lifeG: number;
  lifeX1: number;
  lifeX2: number;
  lifeCap1: number;
  lifeCap2: number;
  /** CPF: the year the version in use stops applying (−Infinity before the first year). */
  vUntil: number;
  /**
   * CPF: the cohort's Full Retirement Sum (household currency; NaN until the first run computes it) and the RA's
   * principal (NaN until then: the RA given is taken as principal): from the retirement age the SA share of
   * contributions and MediSave above the BHS go to the RA while its principal is below the FRS, the rest to the OA.
   */
  raCap: number;
  pc: number;
  /** Whether its employee contributions are a tax relief of the household's tax (CPF in SG, EPF in MY). */
  relief: boolean;
  locked: boolean;
  maturity: number;
  /** Loans with a pension part, taken from this pension (their member's first pension), in loan order. */
  deductions: LoanRecord[];
  /** Refunds of properties sold on schedule in a projected year to this pension: by selling year, then input order. */
  refunds: RefundIn[];
  /** The first refund not yet reached. */
  nextRefund: number;
}

/**
 * Contributions while the member works (CPF: on wages up to the ordinary wage ceiling, allocated to OA, SA/RA and MA
 * by age; EPF: employer 13%/12% by the wage threshold, to age 75, into its three accounts), post-retirement
 * contributions, the CPF RA at the retirement age, CPF LIFE payouts, extra interest, growth, MediSave above the BHS;
 * then, as the year's loans and sales do, the loans' pension parts out and sale refunds in.
 */
export function pensionYears(p: PensionRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums): void {
  // Two passes: the contributions, which do not depend on the balances and visit only the years that have any, then
  // the balances. The same operations on the same values in the same order as one pass (bench:engine: 0-7% faster).
  const f = contributionScratch(t1 - t0);
  pensionContributions(p, t0, t1, cx, sums, f);
  const stop = pensionBalances(p, t0, t1, cx, sums, f, t0);
  if (stop < t1) {
    // the first CPF LIFE payout, solved here, outside the balances' loop (a call there slowed every later projection of
    // the household by half in bench:engine), then the balances go on from its year
    p.lifeFirst = lifePayout(p.c, p.lifeN, p.lifeG, p.escalation, p.lifeX2, p.lifeCap1, p.lifeX1, p.lifeCap2);
    pensionBalances(p, stop, t1, cx, sums, f, t0);
  }
}

/** The year's contributions of a pension record to each account, 4 a year (a, b, m, c), reused between records. */
let scratch = new Float64Array(4 * 128);
function contributionScratch(n: number): Float64Array {
  if (scratch.length < 4 * n) scratch = new Float64Array(4 * n);
  return scratch;
}

/**
 * Pass 1: each year's contributions to each account into `f` (4 · (t − t0) + account), and the contribution sums. Only
 * the years the member works and the years of post-retirement contributions are visited: the others add nothing.
 */
function pensionContributions(p: PensionRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums, f: Float64Array): void {
  const birth = cx.birth[p.i] as number;
  const death = cx.deathYear[p.i] as number;
  const workEnd = cx.workEnd[p.i] as number;
  const { y0, n, firstYearPart } = cx;
  const { employee, employeeBy, postContributions } = sums;
  const { cpf, epf, raAge, post, ee, er, eeByAge, erByAge, wage: wage0, wageG, schemeF, relief } = p;
  let wageMul = p.wageMul;
  const reliefRow = p.i * n;
  // The record's own rates, as numbers (`ee ?? table` inside the loop left every year's rate a boxed number: a field
  // that may be undefined is not a double, so neither was what it was merged with; bench:engine 2% faster).
  const eeOwn = ee !== undefined;
  const erOwn = er !== undefined;
  const eeRate = eeOwn ? +ee : 0;
  const erRate = erOwn ? +er : 0;
  f.fill(0, 0, 4 * (t1 - t0));
  let until = Number.NEGATIVE_INFINITY; // the CPF version in use stops applying (its rates, ceilings and allocation)
  let ceiling = 0;
  let annualCeiling = 0;
  // the CPF version's rates by age (percent of wages): employer, employee, and the allocation to OA, SA/RA, MA
  let cEr: Float64Array = EMPTY_SHARES;
  let cEe: Float64Array = EMPTY_SHARES;
  let shOa: Float64Array = EMPTY_SHARES;
  let shSa: Float64Array = EMPTY_SHARES;
  let shMa: Float64Array = EMPTY_SHARES;
  const own = eeOwn || erOwn;
  // the record's trace when the projection explains (pension-explain.ts), else null
  const pr = cx.ex !== null ? traceOf(p) : null;
  // Work ends for good (workEnd is at or before death), so the wage compounds only while the member works.
  for (let t = t0, o = 0; t < t1 && y0 + t < death && !(y0 + t >= workEnd); t++, o += 4) {
    const year = y0 + t;
    const age = year - birth;
    const wage = wage0 * wageMul;
    wageMul *= wageG;
    if (pr !== null) pr.wage(year, wage);
    if (!(wage > 0)) continue;
    const frac = t === 0 ? firstYearPart : 1;
    const ai = age < 0 ? 0 : Math.min(age, 150);
    let eeY: number;
    let erY: number;
    let base = wage;
    if (cpf) {
      if (year >= until) {
        // the version in force this year: its rates by age (issue 32: every year its own table, not the first year's)
        const prepared = cpfAt(year);
        until = prepared.until;
        ceiling = prepared.v.owCeiling * schemeF;
        annualCeiling = prepared.v.annualCeiling * schemeF;
        const r = prepared.rates;
        cEr = r.er;
        cEe = r.ee;
        shOa = r.oa;
        shSa = r.sa;
        shMa = r.ma;
      }
      // contributions on the month's wage up to the ordinary wage ceiling of the year, and a year's wages up to the
      // annual salary ceiling (CPF Board; it binds only where 12 ordinary-wage ceilings exceed it)
      base = Math.min(Math.min(wage, ceiling) * 12, annualCeiling);
      eeY = (base * (eeOwn ? eeRate : (cEe[ai] as number))) / 100;
      erY = (base * (erOwn ? erRate : (cEr[ai] as number))) / 100;
      if (!own) {
        // the table's rates: CPF's allocation, percent of wages, credited as published (they add up to the total)
        employee[t] = (employee[t] as number) + eeY * frac;
        if (relief && eeY > 0) employeeBy[reliefRow + t] = (employeeBy[reliefRow + t] as number) + eeY;
        const part = base * frac;
        f[o] = 0 + (part * (shOa[ai] as number)) / 100;
        f[o + 2] = 0 + (part * (shMa[ai] as number)) / 100;
        // the SA share (from the retirement age the SA is closed: pass 2 credits it to the RA up to the FRS, else the OA)
        f[o + 1] = 0 + (part * (shSa[ai] as number)) / 100;
        if (pr !== null) pr.contribution(year, age, frac, base, eeY, erY, f, o, ceiling, annualCeiling);
        continue;
      }
    } else if (epf) {
      const e = inForce(rateTables().epf, year);
      if (age >= e.toAge) {
        eeY = 0;
        erY = 0;
      } else {
        const over60 = age >= e.age60;
        eeY = (wage * 12 * (eeOwn ? eeRate : over60 ? e.employee60 : e.employee)) / 100;
        erY = (wage * 12 * (erOwn ? erRate : over60 ? e.employer60 : wage <= e.threshold * schemeF ? e.employerLow : e.employerHigh)) / 100;
      }
    } else {
      eeY = (wage * 12 * (eeOwn ? eeRate : (eeByAge[ai] as number))) / 100;
      erY = (wage * 12 * (erOwn ? erRate : (erByAge[ai] as number))) / 100;
    }
    const tot = (eeY + erY) * frac;
    employee[t] = (employee[t] as number) + eeY * frac;
    if (relief && eeY > 0) employeeBy[reliefRow + t] = (employeeBy[reliefRow + t] as number) + eeY;
    if (cpf) {
      // typed percentages: their total in the proportions of the year's allocation (decision)
      const all = (shOa[ai] as number) + (shSa[ai] as number) + (shMa[ai] as number);
      const k = all > 0 ? tot / all : 0;
      f[o] = 0 + k * (shOa[ai] as number);
      f[o + 2] = 0 + k * (shMa[ai] as number);
      // the SA share (to the RA from the retirement age, pass 2)
      f[o + 1] = 0 + k * (shSa[ai] as number);
    } else if (epf) {
      const acc = inForce(rateTables().epf, year).accounts;
      f[o] = 0 + tot * acc.persaraan;
      f[o + 1] = 0 + tot * acc.sejahtera;
      f[o + 3] = 0 + tot * acc.fleksibel;
    } else f[o] = 0 + tot;
    if (pr !== null) pr.contribution(year, age, frac, base, eeY, erY, f, o, ceiling, annualCeiling);
  }
  p.wageMul = wageMul;
  if (post) {
    const postAmount = post.amount;
    // only the years around its ages are visited (the test below decides, as before)
    const from = Math.max(t0, Math.floor(birth + post.from - y0));
    const to = Math.min(t1, Math.ceil(birth + post.to - y0) + 1);
    for (let t = from, o = 4 * (from - t0); t < to; t++, o += 4) {
      const year = y0 + t;
      const age = year - birth;
      if (age >= post.from && age <= post.to && year < death) {
        postContributions[t] = (postContributions[t] as number) + postAmount;
        if (pr !== null) pr.post(year, postAmount);
        if (cpf) f[o + 3] = (f[o + 3] as number) + postAmount;
        else f[o] = (f[o] as number) + postAmount;
      }
    }
  }
}

/**
 * Pass 2: the balances, year by year, from the contributions of pass 1.
 *
 * The yearly loop makes no call but monthsPaidIn for a loan's pension part (written out, it measured the same): a call
 * inside it can cost every year, taken or not (the values it holds are saved around it), and bench:engine measured the
 * CPF LIFE annuity's call, made once a record, at about 4% of a projection. So what needs one is done outside it: what
 * the RA is formed up to and the annuity's discount factor before the loop, a new CPF version and a declared EPF
 * dividend between runs of the loop (which stops at the year they change), the first year's part powers before it
 * (firstYearPowers) and the refunds at property sales when the properties are read (sale.ts scheduledSale).
 */
function pensionBalances(p: PensionRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums, f: Float64Array, fFrom: number): number {
  const birth = cx.birth[p.i] as number;
  const death = cx.deathYear[p.i] as number;
  const { y0, firstYearPart } = cx;
  const { pensionPayouts, pensions, repayments } = sums;
  const { cpf, raAge, payoutAge, deductions, refunds, schemeF, escalation, ownRates } = p;
  // the accounts' growth: the record's own rates, else the CPF version's interest (changed with the version, below)
  let { ga, gb, gm, gc } = p;
  let { a, b, m, c, payout, pool } = p;
  const nDeductions = deductions.length;
  let nextRefund = p.nextRefund;
  let refundYear = nextRefund < refunds.length ? (refunds[nextRefund] as RefundIn).sell : Number.POSITIVE_INFINITY;
  // Monthly contributions are credited mid-period (issue 17 item 5): they earn half the period's growth in their year.
  let ha = Math.sqrt(ga);
  let hb = Math.sqrt(gb);
  let hm = Math.sqrt(gm);
  let hc = Math.sqrt(gc);
  let v: CpfVersion | null = null; // the CPF version of the year
  // The year the version stops applying (kept on the record, so a run a year at a time changes version the same way).
  let vUntil = p.vUntil;
  // the Basic Healthcare Sum of each year (the same for every CPF record of the household)
  const bhsByYear = cpf ? cpfBhsByYear(cx, schemeF) : EMPTY_SHARES;
  // from the year the member turns 65 the BHS is fixed for life at that year's (CPF Board): the cohort's sum
  const t65 = birth + BHS_FIXED_AGE - y0;
  const bhs65 = cpf ? bhsIn(birth + BHS_FIXED_AGE) * schemeF : 0;
  // the version's extra interest, in the household currency (rates as fractions); 0 when not credited
  let xOaCap = 0;
  let xCap1 = 0;
  let xCap2 = 0;
  let xRate1 = 0;
  let xRate2 = 0;
  let xFull1 = 0;
  let xFull2 = 0;
  const extraOn = p.extraInterest;
  const declared = p.declared;
  const maturity = p.maturity;
  const partFirst = t0 === 0 && firstYearPart !== 1;
  if (partFirst) firstYearPowers(p, y0, firstYearPart);
  // the record's trace when the projection explains (pension-explain.ts), else null
  const pr = cx.ex !== null ? traceOf(p) : null;
  if (pr !== null) pr.start(y0 + t0, a, b, m, c, pool);
  // The RA is formed up to the chosen retirement sum of its year (default FRS; a fixed limit if the record gives one;
  // halved with a property pledge).
  const raYear = birth + raAge;
  // the cohort's FRS (contributions and MediSave into the RA stop at it) and the RA's principal so far
  if (cpf && Number.isNaN(p.raCap)) p.raCap = sumsIn(raYear).frs * schemeF;
  const raCap = p.raCap;
  let pc = Number.isNaN(p.pc) ? c : p.pc;
  const raTarget = cpf && raYear >= y0 + t0 && raYear < y0 + t1 ? (Number.isNaN(p.raLimit) ? sumsIn(raYear)[p.sum] * schemeF : p.raLimit) * (p.pledge ? 0.5 : 1) : 0;
  // the years CPF LIFE pays: every year the member lives from the payout age, the year of the maturity age included
  // (lastYearAlive, the same year the projection ends on: maturity − payout age + 1 payments)
  const payFrom = birth + payoutAge;
  const lastYear = lastYearAlive(birth, maturity);
  const payYears = Math.max(1, lastYear - payFrom + 1);
  const payTo = Math.min(lastYear + 1, death);
  // growth of the year: the record's, or the declared EPF dividend in a declared year (set before each run below)
  let gA = ga;
  let gB = gb;
  let gC = gc;
  let hA = ha;
  let hB = hb;
  let hC = hc;
  let t = t0;
  let o = 4 * (t0 - fFrom); // `f` holds the years from fFrom
  let stop = t1; // the year the first CPF LIFE payout is due and not yet solved (pensionYears solves it)
  while (t < t1) {
    const first = y0 + t;
    if (cpf && (v === null || first >= vUntil)) {
      const prepared = cpfAt(first);
      v = prepared.v;
      if (first >= vUntil) vUntil = prepared.until;
      const x = v.extraInterest;
      xOaCap = x.oaCap * schemeF;
      xCap1 = x.first * schemeF;
      xCap2 = x.first55 * schemeF;
      xRate1 = extraOn ? x.rate / 100 : 0;
      xRate2 = extraOn ? x.rate55 / 100 : 0;
      xFull1 = xCap1 * xRate1;
      xFull2 = xCap2 * xRate2;
      // the version's interest for the accounts the record gives no rate of its own (issue 32: the RA earns the SMRA
      // floor, 4%, and extra interest on top, not the spec's 5% and extra interest again)
      if (ownRates !== 15) {
        const r = v.interest;
        if (!(ownRates & 1)) {
          ga = 1 + r.oa / 100;
          ha = Math.sqrt(ga);
        }
        if (!(ownRates & 2)) {
          gb = 1 + r.sa / 100;
          hb = Math.sqrt(gb);
        }
        if (!(ownRates & 4)) {
          gm = 1 + r.ma / 100;
          hm = Math.sqrt(gm);
        }
        if (!(ownRates & 8)) {
          gc = 1 + r.ra / 100;
          hc = Math.sqrt(gc);
        }
      }
    }
    // a declared EPF year takes its dividend, one year a run; the record's growth from the first year after them
    let runEnd = cpf ? vUntil : Number.POSITIVE_INFINITY;
    gA = ga;
    gB = gb;
    gC = gc;
    hA = ha;
    hB = hb;
    hC = hc;
    if (declared && first <= epfDeclaredThrough()) {
      runEnd = first + 1;
      const d = epfDividend(first, rateTables().epfDividend);
      if (d !== undefined) {
        gA = gB = gC = 1 + d / 100;
        hA = hB = hC = Math.sqrt(gA);
      }
    }
    if (pr !== null) {
      const dividend = declared && first <= epfDeclaredThrough() ? epfDividend(first, rateTables().epfDividend) : undefined;
      pr.run(first, v, gA, gB, gm, gC, dividend);
    }
    if (cpf) {
      // What happens at the start of a year, before its payouts and interest, happens here, at the start of a run, and a
      // run stops at the year it happens in (the loop below is then free of it).
      if (first === raYear) {
        // Form the RA (raTarget): SA first, then OA. The SA then closes: what is left of it goes to the OA. MediSave
        // stays apart.
        const fromB = Math.min(b, Math.max(0, raTarget - c));
        b -= fromB;
        c += fromB;
        const fromA = Math.min(a, Math.max(0, raTarget - c));
        a -= fromA;
        c += fromA;
        a += b;
        b = 0;
        pc = c; // what the RA holds at its formation is principal
        if (pr !== null) pr.formRa(first, raTarget, fromB, fromA, a, b, c);
      } else if (first < raYear && raYear < runEnd) runEnd = raYear;
      if (payout === 0 && first >= payFrom && first < payTo && c > 0) {
        // CPF LIFE: the RA at the first payout, annuitised as an annuity due (paid at the start of each year, before the
        // year's interest) at the RA's interest plus the extra interest CPF pays on the premium balance, so the payouts
        // are level (Escalating: +2% a year) and last exactly to the year of the maturity age (issue 17 defect 4, issue
        // 32 defect 1; lifePayout). The premium joins the pool: all the RA (Standard, Escalating) or the table's share
        // (Basic, whose RA pays first); payouts go on for life once the pool is spent.
        if (!(p.lifeFirst > 0)) {
          // stop before the year: pensionYears solves the payout (lifePayout) and runs the balances on from this year
          // (what this run did in it already, the RA's formation, changes nothing when done again)
          p.lifeN = payYears;
          p.lifeG = gC;
          p.lifeX1 = xRate1;
          p.lifeX2 = payoutAge >= raAge ? xRate2 : 0;
          p.lifeCap1 = xCap1;
          p.lifeCap2 = xCap2;
          stop = t;
          break;
        }
        payout = p.lifeFirst;
        const premium = p.basic ? c * (v as CpfVersion).lifeBasicPremiumShare : c;
        pool += premium;
        c -= premium;
        if (pr !== null) pr.lifeStart(first, premium, c, pool);
      }
      // until the payouts start, a run stops at the first payout year, then at each payout year (no RA yet)
      if (payout === 0 && first < payTo) runEnd = Math.min(runEnd, first < payFrom ? payFrom : first + 1);
    }
    for (; t < t1; t++, o += 4) {
      const year = y0 + t;
      if (year >= runEnd) break;
      const age = year - birth;
      const ra = age >= raAge; // from the retirement age on (the SA is closed, extra interest goes to the RA)
      let fa = f[o] as number;
      let fb = f[o + 1] as number;
      const fm = f[o + 2] as number;
      let fc = f[o + 3] as number;
      if (pr !== null) pr.year(year, f, o);
      if (cpf && ra && fb !== 0) {
        // CPF from the retirement age: the SA share (pass 1 leaves it in the SA's place) goes to the RA up to the
        // cohort's FRS (the RA's principal, interest not counted), the rest to the OA (CPF Board)
        const room = raCap - pc;
        const toRa = fb < room ? fb : room > 0 ? room : 0;
        fc += toRa;
        fa += fb - toRa;
        pc += toRa;
        if (pr !== null) pr.redirect(year, fb, toRa, fa, fc, pc);
        fb = 0;
      }
      let extra = 0;
      if (cpf) {
        if (year >= payFrom && year < payTo) {
          // CPF LIFE's payment of the year (started at the start of a run, above)
          const pay = payout;
          if (pay > 0) {
            const fromRa = Math.min(c, pay);
            c -= fromRa;
            const rest = pay - fromRa;
            pool = pool > rest ? pool - rest : 0;
            payout *= escalation;
            pensionPayouts[t] = (pensionPayouts[t] as number) + pay;
            if (pr !== null) pr.payout(year, pay, fromRa, c, pool);
          }
        }
        // Extra interest (CPF Board): 1% on the first 60,000 of the combined balances (at most 20,000 from the OA);
        // from the retirement age (55) 2% on the first 30,000 and 1% on the next 30,000, the same as 1% on the first
        // 60,000 and another 1% on the first 30,000. On the year's opening balances, credited at the year end to the
        // SA (the RA from the retirement age). The CPF LIFE premium balance (`pool`) counts first: the extra interest
        // on it stays in the CPF LIFE pool (lifePayout priced it into the payout), so only the rest is credited.
        if (xRate1 > 0) {
          const base = pool + c + Math.min(a, xOaCap) + b + m;
          // above the first 60,000 the extra interest is the cap's (a branch, so the year does not wait on the sum)
          if (base >= xCap1) extra = ra ? xFull1 + xFull2 : xFull1;
          else if (base > 0) extra = base * xRate1 + (ra ? Math.min(base, xCap2) * xRate2 : 0);
          if (pool > 0) extra -= pool >= xCap1 ? (ra ? xFull1 + xFull2 : xFull1) : pool * xRate1 + (ra ? Math.min(pool, xCap2) * xRate2 : 0);
          if (pr !== null && extra > 0) pr.extra(year, ra, extra);
        }
      }
      if (t === 0 && partFirst) {
        // the first row is the end of the as-of year: opening balances grow for the part of it still to come (issue 17),
        // contributions for half of it (powers taken before the loop: firstYearPowers)
        const w = FIRST_POWERS;
        a = (a === 0 ? 0 : a * (w[0] as number)) + (fa === 0 ? 0 : fa * (w[1] as number));
        b = (b === 0 ? 0 : b * (w[2] as number)) + (fb === 0 ? 0 : fb * (w[3] as number));
        m = (m === 0 ? 0 : m * (w[4] as number)) + (fm === 0 ? 0 : fm * (w[5] as number));
        c = (c === 0 ? 0 : c * (w[6] as number)) + (fc === 0 ? 0 : fc * (w[7] as number));
        extra *= firstYearPart; // the part of the year's extra interest (later years are not multiplied by 1)
      } else {
        a = a * gA + fa * hA;
        b = b * gB + fb * hB;
        m = m * gm + fm * hm;
        c = c * gC + fc * hC;
      }
      if (extra > 0) {
        if (ra) c += extra;
        else b += extra;
      }
      if (pr !== null) pr.grow(year, t === 0 && partFirst, firstYearPart, a, b, m, c, extra, ra);
      if (cpf) {
        // MediSave above the Basic Healthcare Sum overflows: to the SA before the retirement age; from it, to the RA up
        // to the cohort's FRS (principal), the rest to the OA (CPF Board).
        const bhs = t < t65 ? (bhsByYear[t] as number) : bhs65;
        if (m > bhs) {
          const over = m - bhs;
          let toRa = 0;
          if (ra) {
            const room = raCap - pc;
            toRa = over < room ? over : room > 0 ? room : 0;
            c += toRa;
            pc += toRa;
            a += over - toRa;
          } else b += over;
          m = bhs;
          if (pr !== null) pr.medisave(year, bhs, !(t < t65), over, toRa, ra, a, b, c, pc);
        }
      }
      // The loans' pension parts leave the OA in the year they are paid (issue 17 defect 1: they showed a year late),
      // and so does a scheduled sale's refund. A provident balance is never negative: what the OA cannot pay, cash pays
      // (defect 2).
      for (let k = 0; k < nDeductions; k++) {
        const l = deductions[k] as LoanRecord;
        if (year < l.start || year > l.closed) continue;
        const months = monthsPaidIn(l.months, l.start, year, t === 0 ? cx.firstMonth : 1);
        const due = l.pension * months;
        if (due > 0) {
          const drawn = a > 0 ? Math.min(a, due) : 0;
          a -= drawn;
          if (drawn < due) repayments[t] = (repayments[t] as number) + (due - drawn);
          if (pr !== null) pr.loan(year, t, l, months, due, drawn, a);
        }
      }
      if (year >= refundYear) {
        // the refunds of properties sold on schedule this year (each still held when the year's steps start)
        let k = nextRefund;
        while (k < refunds.length && (refunds[k] as RefundIn).sell < year) k++;
        for (; k < refunds.length && (refunds[k] as RefundIn).sell === year; k++) {
          const q = refunds[k] as RefundIn;
          if (q.property.soldYear >= year) {
            a += q.amount;
            if (pr !== null) pr.refund(year, q, a);
          }
        }
        nextRefund = k;
        refundYear = k < refunds.length ? (refunds[k] as RefundIn).sell : Number.POSITIVE_INFINITY;
      }
      pensions[t] = (pensions[t] as number) + (a + b + m + c + pool);
      if (pr !== null) pr.close(year, a, b, m, c, pool);
    }
  }
  p.a = a;
  p.b = b;
  p.m = m;
  p.c = c;
  p.payout = payout;
  p.pool = pool;
  p.vUntil = vUntil;
  p.pc = pc;
  p.nextRefund = nextRefund;
  return stop;
}

/**
 * The Basic Healthcare Sum of each projected year in the household currency (1 SGD = schemeF), for members below 65:
 * the version in force that year, its figure of the year (cpfBhs: published, else risen by `bhsGrowth` a year and
 * rounded to S$500). Built once per household (kept on the context) instead of rolled forward by every record; a
 * member's sum from 65 on is the year-65 one (pensionBalances, `bhs65`).
 */
function cpfBhsByYear(cx: AssetContext, schemeF: number): Float64Array {
  if (cx.bhsF === schemeF && cx.bhs.length === cx.n) return cx.bhs;
  const out = new Float64Array(cx.n);
  let until = Number.NEGATIVE_INFINITY;
  let v: CpfVersion | null = null;
  let g = 1;
  let bhs = 0;
  for (let t = 0; t < cx.n; t++) {
    const year = cx.y0 + t;
    if (year >= until || v === null || year <= v.bhsYear) {
      const prepared = cpfAt(year);
      v = prepared.v;
      until = prepared.until;
      g = 1 + v.bhsGrowth / 100;
      bhs = cpfBhs(v, year);
    } else bhs = Math.round((bhs * g) / 500) * 500; // cpfBhs(v, year), a year on
    out[t] = bhs * schemeF;
  }
  cx.bhs = out;
  cx.bhsF = schemeF;
  return out;
}

/**
 * The first year's powers of a pension's accounts (a, b, m, c: the part still to come, then half of it, for each), with
 * a declared EPF dividend of the year as the loop would apply it; taken before the year loop, since a call inside the
 * loop costs every year, taken or not (bench:engine). The powers are shared by the household's records (partPower).
 */
const FIRST_POWERS = new Float64Array(8);
/** The growths and part FIRST_POWERS were taken for (NaN: none yet; it equals nothing). */
const FIRST_POWERS_OF = new Float64Array(5).fill(Number.NaN);
function firstYearPowers(p: PensionRecord, y0: number, part: number): void {
  let gA = p.ga;
  let gB = p.gb;
  let gC = p.gc;
  if (p.declared && y0 <= epfDeclaredThrough()) {
    const d = epfDividend(y0, rateTables().epfDividend);
    if (d !== undefined) gA = gB = gC = 1 + d / 100;
  }
  const k = FIRST_POWERS_OF;
  if (k[0] === gA && k[1] === gB && k[2] === p.gm && k[3] === gC && k[4] === part) return; // the previous record's
  k[0] = gA;
  k[1] = gB;
  k[2] = p.gm;
  k[3] = gC;
  k[4] = part;
  const w = FIRST_POWERS;
  w[0] = partPower(gA, part);
  w[1] = partPower(gA, part / 2);
  w[2] = partPower(gB, part);
  w[3] = partPower(gB, part / 2);
  w[4] = partPower(p.gm, part);
  w[5] = partPower(p.gm, part / 2);
  w[6] = partPower(gC, part);
  w[7] = partPower(gC, part / 2);
}

/**
 * g^e (the first year's growth for its part still to come), remembering the last sixteen: a household's records of a
 * kind share a few growth rates, and every record the first year's part. The same value as g ** e, looked up.
 */
const powG = new Float64Array(16);
const powE = new Float64Array(16).fill(Number.NaN); // NaN: no entry (it equals nothing)
const powV = new Float64Array(16);
let powNext = 0;
export function partPower(g: number, e: number): number {
  for (let k = 0; k < 16; k++) if (powG[k] === g && powE[k] === e) return powV[k] as number;
  const v = g ** e;
  powG[powNext] = g;
  powE[powNext] = e;
  powV[powNext] = v;
  powNext = (powNext + 1) & 15;
  return v;
}

/**
 * CPF LIFE's first payout: the first of `n` payments at the start of each year, growing by `e` a year, that a premium
 * `c` growing by `g` a year, plus the extra interest on its balance, pays off exactly. Extra interest (rates as
 * fractions): `x1` on the first `cap1` and, from 55 (`x2` > 0), `x2` more on the first `cap2` of the balance after the
 * year's payment, credited at the year end (CPF Board: the premium balance earns extra interest, counted first).
 * Without extra interest the closed form c · (1 − q) / (1 − q^n), q = e / g (q = 1: c / n). With it the end balance
 * is a piecewise-linear, decreasing, concave function of the payout: Newton's method from the closed form (where the
 * end balance is ≥ 0) overshoots once, then comes down to the root from above, exactly once every year's balance is
 * on the right side of the caps (two to four passes over the years). Called once per record, at the first payout; the
 * last 64 answers are remembered (a household's projection is made again and again with the same records).
 */
export function lifePayout(c: number, n: number, g: number, e: number, x2: number, cap1: number, x1: number, cap2: number): number {
  const q = e / g;
  const closed = q === 1 ? c / n : (c * (1 - q)) / (1 - discountFactor(g / e - 1, n));
  if (!(x1 > 0) || !(c > 0) || n <= 1) return closed;
  const k = LIFE_KEYS;
  for (let j = 0; j < 64; j++) {
    const o = j * 8;
    if (k[o] === c && k[o + 1] === n && k[o + 2] === g && k[o + 3] === e && k[o + 4] === x2 && k[o + 5] === cap1 && k[o + 6] === x1 && k[o + 7] === cap2) return LIFE_VALUES[j] as number;
  }
  let p = closed;
  for (let step = 0; step < 40; step++) {
    lifeEnd(c, n, g, e, x2, cap1, x1, cap2, p);
    const f = LIFE_END[0] as number;
    const d = LIFE_END[1] as number;
    // done within a millionth of a cent a year on the premium (a float's rounding stops an exact 0)
    if (!(Math.abs(f) > c * 1e-12) || !(d < 0)) break;
    p -= f / d;
  }
  const o = lifeNext * 8;
  k[o] = c;
  k[o + 1] = n;
  k[o + 2] = g;
  k[o + 3] = e;
  k[o + 4] = x2;
  k[o + 5] = cap1;
  k[o + 6] = x1;
  k[o + 7] = cap2;
  LIFE_VALUES[lifeNext] = p;
  lifeNext = (lifeNext + 1) & 63;
  return p;
}
const LIFE_KEYS = new Float64Array(64 * 8).fill(Number.NaN); // NaN: no entry (it equals nothing)
const LIFE_VALUES = new Float64Array(64);
let lifeNext = 0;
/** lifeEnd's answer: the end balance and its derivative by the first payment. */
const LIFE_END = new Float64Array(2);

/**
 * lifePayout's premium balance after the n-th payment when the first is p0 (negative: the payments overspend it), and
 * its derivative by p0, into LIFE_END.
 */
function lifeEnd(c: number, n: number, g: number, e: number, x2: number, cap1: number, x1: number, cap2: number, p0: number): void {
  const full = cap1 * x1 + cap2 * x2;
  let bal = c - p0;
  let pay = p0;
  let d = -1; // d bal / d p0
  let dPay = 1; // d pay / d p0 = e^k
  for (let k = 1; k < n; k++) {
    // the year's extra interest on the balance after its payment, credited at the year end with its interest
    let extra: number;
    let slope: number;
    if (bal >= cap1) {
      extra = full;
      slope = 0;
    } else if (bal > 0) {
      extra = bal * x1 + (bal < cap2 ? bal : cap2) * x2;
      slope = bal < cap2 ? x1 + x2 : x1;
    } else {
      extra = 0;
      slope = 0;
    }
    pay *= e;
    dPay *= e;
    bal = bal * g + extra - pay;
    d = d * (g + slope) - dPay;
  }
  LIFE_END[0] = bal;
  LIFE_END[1] = d;
}

/** (1 + r)^−n, remembering the last one: pensions of a household mostly share the rate and the term. */
let lastDiscount = { r: Number.NaN, n: Number.NaN, value: Number.NaN };
function discountFactor(r: number, n: number): number {
  if (r !== lastDiscount.r || n !== lastDiscount.n) lastDiscount = { r, n, value: (1 + r) ** -n };
  return lastDiscount.value;
}

/** A cash account or an investment. */
export interface LiquidRecord {
  id: string;
  value: number;
  g: number;
  /** Yearly contribution (paid from household cash) until contribTo. */
  contrib: number;
  contribTo: number;
  cash: boolean;
  locked: boolean;
}
/** One constructor for both kinds, so the year loops see one object shape. */
export function liquidRecord(id: string, value: number, g: number, contrib: number, contribTo: number, cash: boolean, locked: boolean): LiquidRecord {
  return { id, value, g, contrib, contribTo, cash, locked };
}

/** Growth, then the year's contribution, credited mid-period like the pensions' (half the year's growth). */
export function liquidYears(l: LiquidRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums): void {
  const { contributions, liquid, cashAccounts } = sums;
  const { y0, firstYearPart } = cx;
  const { g, contrib, contribTo, cash } = l;
  const half = contrib > 0 ? Math.sqrt(g) : 1;
  // the first year's powers before the loop, as in propertyYears
  const g0 = t0 === 0 ? partPower(g, firstYearPart) : g;
  const half0 = t0 === 0 && contrib > 0 ? partPower(g, firstYearPart / 2) : half;
  let value = l.value;
  const ex = cx.ex;
  for (let t = t0; t < t1; t++) {
    value *= t > 0 ? g : g0; // year-end values, as for properties and pensions
    if (contrib > 0 && y0 + t <= contribTo) {
      const c = contrib * (t === 0 ? firstYearPart : 1);
      const grown = value;
      value += c * (t === 0 ? half0 : half);
      contributions[t] = (contributions[t] as number) + c;
      if (ex !== null) recordLiquidYear(ex, l, y0, firstYearPart, t, t > 0 ? g : g0, grown, c, t === 0 ? half0 : half, value);
    } else if (ex !== null) recordLiquidYear(ex, l, y0, firstYearPart, t, t > 0 ? g : g0, value, 0, 1, value);
    liquid[t] = (liquid[t] as number) + value;
    if (cash) cashAccounts[t] = (cashAccounts[t] as number) + value;
  }
  l.value = value;
}

export interface Assets {
  pensions: readonly PensionRecord[];
  loans: readonly LoanRecord[];
  properties: readonly PropertyRecord[];
  liquids: readonly LiquidRecord[];
}

/** Runs every record over years [t0, t1), in the order a year applies them: pensions, loans, properties, liquid. */
export function runAssets(assets: Assets, t0: number, t1: number, cx: AssetContext, sums: AssetSums): void {
  for (const p of assets.pensions) pensionYears(p, t0, t1, cx, sums);
  if (cx.ex !== null) recordPensionSeries(assets.pensions, t0, t1, cx, sums);
  for (const l of assets.loans) loanYears(l, t0, t1, cx, sums);
  for (const p of assets.properties) propertyYears(p, t0, t1, assets.loans, cx, sums);
  for (const l of assets.liquids) liquidYears(l, t0, t1, cx, sums);
}
