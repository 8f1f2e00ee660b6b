import { netSaleProceeds } from './property';
import { type Failures, SALE_STEP } from './projection-streams';
import { CPF_ALLOCATION, EPF_ALLOCATION } from './provident';
import type { LoanInput } from './types';

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

// Read once: inner loops would otherwise look them up through the module binding every time.
const CPF_OA = CPF_ALLOCATION.oa;
const CPF_SA_MA = CPF_ALLOCATION.sa_ma;
const EPF_1 = EPF_ALLOCATION.account1;
const EPF_2 = EPF_ALLOCATION.account2;
const EPF_3 = EPF_ALLOCATION.account3;

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
}

/** Per-year sums the steps add to (each n long, zeroed at the start). */
export interface AssetSums {
  employee: Float64Array;
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
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    if (year > lastYear) break;
    if (year < start || year > closed) continue;
    const paidMonths = monthsPaidIn(months, start, year, t === 0 ? cx.firstMonth : 1);
    const pensionPart = pension * paidMonths;
    // other monthly costs (yearly `other`) for the months repaid, like the instalments
    repayments[t] = (repayments[t] as number) + (inst * paidMonths * f - pensionPart + (paidMonths === 12 ? other : (other * paidMonths) / 12));
    loans[t] = (loans[t] as number) + (balances[row + t] as number) * f;
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
  /** Pension used for the purchase, refunded with 2.5% a year at the sale. */
  refund: number;
  pensionMember: number;
  /** Whether the pension member has a pension to take the refund. */
  refundable: boolean;
  rent: Array<{ from: number; to: number; yearly: number }>;
  afterTax: number;
  costs: number;
  /** Currency for the property-gain tax. */
  currencyCode: string;
  locked: boolean;
  /** Year the property was sold; +Infinity while held. */
  soldYear: number;
}

/** The pension refund at a sale in `year`. */
export const refundAt = (p: PropertyRecord, year: number) => p.refund * 1.025 ** Math.max(0, year - p.purchaseYear);
const saleCurrency = (p: PropertyRecord) => (p.currencyCode === 'MYR' ? 'RM' : p.currencyCode);

/** Net proceeds of selling a property in `year` with its loan's outstanding balance and the pension refund. */
export function saleProceeds(p: PropertyRecord, year: number, outstanding: number, refund: number): number {
  return netSaleProceeds({ selling_price: p.value, purchase_price: p.purchase, transaction_fee: p.fee, outstanding_loan: outstanding, pension_refund: refund, months_held: Math.max(0, (year - p.purchaseYear) * 12), currency: saleCurrency(p) }).net_proceeds;
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
  // A rent or cost of 0 is not added: the sums start at +0 and never hold −0, so it would change nothing.
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    const frac = t === 0 ? firstYearPart : 1;
    // every row is a year-end value: the first year grows for the part still to come (issue 17: it did not grow)
    value *= t > 0 ? g : g ** firstYearPart;
    if (rents) {
      const rentY = rentIn(p, rentDays[t] as number);
      if (rentY !== 0) rent[t] = (rent[t] as number) + rentY * afterTax * frac;
    }
    if (costs !== 0) propertyCosts[t] = (propertyCosts[t] as number) + costs * frac;
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

/** The rents (yearly amounts) of the entries spanning `day`. */
function rentIn(p: PropertyRecord, day: number): number {
  const entries = p.rent;
  let sum = 0;
  for (let j = 0; j < entries.length; j++) {
    const e = entries[j] as PropertyRecord['rent'][number];
    if (e.from <= day && day <= e.to) sum += e.yearly;
  }
  return sum;
}

/** The sale in the selling year: its loan closes, the pension refund goes back to the fund. */
function sellOnSchedule(p: PropertyRecord, t: number, loans: readonly LoanRecord[], cx: AssetContext, sums: AssetSums): void {
  const year = cx.y0 + t;
  const outstanding = closeLoan(p, loans, t, cx);
  if (p.loan >= 0) add(sums.loans, t, -outstanding);
  const refund = refundAt(p, year);
  add(sums.propertySales, t, saleProceeds(p, year, outstanding, refund));
  if (p.refundable) add(sums.pensions, t, refund);
  p.soldYear = year;
}

export interface PensionRecord {
  id: string;
  i: number;
  cpf: boolean;
  epf: boolean;
  /** OA / account 1 / value; SA-MA / account 2; RA / account 3. */
  a: number;
  b: number;
  c: number;
  ga: number;
  gb: number;
  gc: number;
  wage: number;
  wageMul: number;
  wageG: number;
  eeByAge: Float64Array;
  erByAge: Float64Array;
  er: number | undefined;
  ee: number | undefined;
  raAge: number;
  payoutAge: number;
  ers: number;
  post: { amount: number; from: number; to: number } | null;
  payout: number;
  /** CPF LIFE payouts' yearly growth: 1 (Basic, Standard), 1.02 (Escalating). */
  escalation: number;
  locked: boolean;
  maturity: number;
  /** Loans with a pension part, taken from this pension (their member's first pension), in loan order. */
  deductions: LoanRecord[];
  /** Properties sold in a projected year whose refund returns to this pension: by selling year, then input order. */
  refunds: PropertyRecord[];
  /** The first refund not yet reached. */
  nextRefund: number;
}

/**
 * Contributions while the member works, post-retirement contributions, the CPF RA at the retirement age, CPF LIFE
 * payouts, growth; then, as the year's loans and sales do, the loans' pension parts out and sale refunds in.
 */
export function pensionYears(p: PensionRecord, t0: number, t1: number, cx: AssetContext, sums: AssetSums): void {
  const birth = cx.birth[p.i] as number;
  const death = cx.deathYear[p.i] as number;
  const workEnd = cx.workEnd[p.i] as number;
  const { y0, firstYearPart } = cx;
  const { employee, postContributions, pensionPayouts, pensions, repayments } = sums;
  const { cpf, epf, raAge, payoutAge, ers, post, ga, gb, gc, ee, er, eeByAge, erByAge, wage: wage0, wageG, deductions, refunds } = p;
  let { a, b, c, wageMul, payout } = p;
  const postFrom = post ? post.from : Number.POSITIVE_INFINITY;
  const postTo = post ? post.to : Number.NEGATIVE_INFINITY;
  const postAmount = post ? post.amount : 0;
  const nDeductions = deductions.length;
  let refundsLeft = p.nextRefund < refunds.length;
  // Monthly contributions are credited mid-period (issue 17 item 5): they earn half the period's growth in their year.
  const ha = Math.sqrt(ga);
  const hb = Math.sqrt(gb);
  const hc = Math.sqrt(gc);
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    const age = year - birth;
    const alive = year < death;
    let fa = 0; // the year's contributions to each account
    let fb = 0;
    let fc = 0;
    // Work ends for good (workEnd is at or before death), so the wage compounds only while the member works.
    if (alive && !(year >= workEnd)) {
      const wage = wage0 * wageMul;
      wageMul *= wageG;
      if (wage > 0) {
        const frac = t === 0 ? firstYearPart : 1;
        const ai = age < 0 ? 0 : age > 150 ? 150 : age;
        const eeY = (wage * 12 * (ee ?? (eeByAge[ai] as number))) / 100;
        const erY = (wage * 12 * (er ?? (erByAge[ai] as number))) / 100;
        const tot = (eeY + erY) * frac;
        employee[t] = (employee[t] as number) + eeY * frac;
        if (cpf) {
          fa += tot * CPF_OA;
          if (age >= raAge) fc += tot * CPF_SA_MA;
          else fb += tot * CPF_SA_MA;
        } else if (epf) {
          fa += tot * EPF_1;
          fb += tot * EPF_2;
          fc += tot * EPF_3;
        } else fa += tot;
      }
    }
    if (age >= postFrom && age <= postTo && alive) {
      postContributions[t] = (postContributions[t] as number) + postAmount;
      if (cpf) fc += postAmount;
      else fa += postAmount;
    }
    if (cpf) {
      if (age === raAge) {
        // Form the RA: SA/MA first, then OA, up to the ERS limit (halved with a property pledge).
        const fromB = Math.min(b, Math.max(0, ers - c));
        b -= fromB;
        c += fromB;
        if (ers !== Infinity) {
          const fromA = Math.min(a, Math.max(0, ers - c));
          a -= fromA;
          c += fromA;
        }
      }
      if (age >= payoutAge && age < p.maturity && alive) {
        // CPF LIFE: the RA at the first payout, annuitised at the RA rate as an annuity due (paid at the start of each
        // year, before the year's interest), so the payouts are level (Escalating: +2% a year) and last exactly to
        // the maturity age (issue 17 defect 4: an end-of-year formula paid at the start ran out early).
        if (payout === 0 && c > 0) payout = annuityDuePayment(c, gc, p.escalation, Math.max(1, p.maturity - payoutAge));
        const pay = Math.min(payout, c);
        c -= pay;
        payout *= p.escalation;
        pensionPayouts[t] = (pensionPayouts[t] as number) + pay;
      }
    }
    if (t === 0 && firstYearPart !== 1) {
      // the first row is the end of the as-of year: opening balances grow for the part of it still to come (issue 17)
      const half = firstYearPart / 2;
      a = a * ga ** firstYearPart + (fa === 0 ? 0 : fa * ga ** half);
      b = b * gb ** firstYearPart + (fb === 0 ? 0 : fb * gb ** half);
      c = c * gc ** firstYearPart + (fc === 0 ? 0 : fc * gc ** half);
    } else {
      a = a * ga + fa * ha;
      b = b * gb + fb * hb;
      c = c * gc + fc * hc;
    }
    // The loans' pension parts leave the OA in the year they are paid (issue 17 defect 1: they showed a year late),
    // and so does a scheduled sale's refund. A provident balance is never negative: what the OA cannot pay, cash pays
    // (defect 2).
    for (let k = 0; k < nDeductions; k++) {
      const l = deductions[k] as LoanRecord;
      if (year < l.start || year > l.closed) continue;
      const due = l.pension * monthsPaidIn(l.months, l.start, year, t === 0 ? cx.firstMonth : 1);
      if (due > 0) {
        const drawn = a > 0 ? (a < due ? a : due) : 0;
        a -= drawn;
        if (drawn < due) repayments[t] = (repayments[t] as number) + (due - drawn);
      }
    }
    if (refundsLeft) {
      a = refundsIn(p, year, a);
      refundsLeft = p.nextRefund < refunds.length;
    }
    pensions[t] = (pensions[t] as number) + (a + b + c);
  }
  p.a = a;
  p.b = b;
  p.c = c;
  p.wageMul = wageMul;
  p.payout = payout;
}

/**
 * First payment of n yearly payments made at the start of each year, growing by `e` a year, that a value growing by
 * `g` a year pays off exactly: value · (1 − q) / (1 − q^n), q = e / g (q = 1: value / n).
 */
function annuityDuePayment(value: number, g: number, e: number, n: number): number {
  const q = e / g;
  return q === 1 ? value / n : (value * (1 - q)) / (1 - discountFactor(g / e - 1, n));
}

/** (1 + r)^−n, remembering the last one: pensions of a household mostly share the rate and the term. */
let lastDiscount = { r: Number.NaN, n: Number.NaN, value: Number.NaN };
function discountFactor(r: number, n: number): number {
  if (r !== lastDiscount.r || n !== lastDiscount.n) lastDiscount = { r, n, value: (1 + r) ** -n };
  return lastDiscount.value;
}

/** `a` plus the refunds of properties sold on schedule in `year` (each still held when the year's steps start). */
function refundsIn(p: PensionRecord, year: number, a: number): number {
  const refunds = p.refunds;
  let k = p.nextRefund;
  while (k < refunds.length && (refunds[k] as PropertyRecord).sell < year) k++;
  for (; k < refunds.length && (refunds[k] as PropertyRecord).sell === year; k++) {
    const q = refunds[k] as PropertyRecord;
    if (q.soldYear >= year) a += refundAt(q, year);
  }
  p.nextRefund = k;
  return a;
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
  let value = l.value;
  for (let t = t0; t < t1; t++) {
    value *= t > 0 ? g : g ** firstYearPart; // year-end values, as for properties and pensions
    if (contrib > 0 && y0 + t <= contribTo) {
      const c = contrib * (t === 0 ? firstYearPart : 1);
      value += c * (t === 0 ? g ** (firstYearPart / 2) : half);
      contributions[t] = (contributions[t] as number) + c;
    }
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
  for (const l of assets.loans) loanYears(l, t0, t1, cx, sums);
  for (const p of assets.properties) propertyYears(p, t0, t1, assets.loans, cx, sums);
  for (const l of assets.liquids) liquidYears(l, t0, t1, cx, sums);
}
