import * as datesModule from './dates';
import * as errorsModule from './errors';
import * as loansModule from './loans';
import * as propertyModule from './property';
import * as registryModule from './tables/registry';
import * as taxModule from './tax';
import type { LoanInput, PropertyInput } from './types';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { addMonths, dayNumber, fromYmd, monthsBetween, ymd } = datesModule;
const { count, finite, growthPercent, result } = errorsModule;
const { annuityInstalment, balanceAtYearEnd, flatInstalment, monthsToRepay, tenureMonths } = loansModule;
const { PROPERTY_DEFAULTS, zeroIfNegligible } = propertyModule;
const { rateTablesGeneration } = registryModule;
const { propertySaleTax } = taxModule;

/**
 * A property's planned sale, one computation for the projection (the sale-year row, the refund into the member's
 * provident account) and the debt summary (the Property tab, the report's property section, the exports): issue 31,
 * docs/planning-model.md "Property sale". Amounts are in the property's currency.
 *
 * - The sale is on 31 December of `future_selling_year` (decision): the property's value that year is its year-end
 *   value, the loan repaid is the cents schedule's balance after that year's December instalment (the projection's
 *   year-end balance, `balanceAtYearEnd`), and the provident instalments of the sale year count in the refund.
 * - Selling price: `future_selling_price` when the advisor gave one, else the market value grown from the as-of day to
 *   the end of the selling year (the first year for its part still to come, as the projection grows it).
 * - Refund (CPF rule, decision): every provident amount used for the property, the purchase money and the monthly
 *   instalments the loan's pension part paid (from its starting year to the sale), each with the accrued interest at
 *   `refund_growth_rate` (default 2.5%) compounded yearly from the year it was used: an amount used in year y returns
 *   as amount · (1 + rate)^(selling year − y). It is capped by what the sale leaves after the fee, the loan and the
 *   sale's tax (CPF: a private property sold at a loss refunds at most the proceeds), shared out pro rata.
 * - Months held: from `purchase_date` (else 1 January of `purchase_year`) to 31 December of the selling year, a
 *   started month counting as a month (issue 32: "within 12 months" is a sale on or before the first anniversary).
 * - The sale's tax (issue 32, tax.ts propertySaleTax): SGD the Seller's Stamp Duty on the higher of the selling price
 *   and the market value at the sale (the value grown to the end of the selling year, as the projection's row), by
 *   the purchase date's schedule; RM the Real Property Gains Tax on the gain after the fee less the exemption.
 */
export interface RefundPart {
  /** The member whose provident account takes it back (undefined: the household's first person). */
  member_id: string | undefined;
  amount: number;
}
export interface SaleFigures {
  selling_year: number;
  selling_price: number;
  purchase_price: number;
  transaction_fee: number;
  outstanding_loan: number;
  /** The refund before the cap (principal used plus accrued interest). */
  refund_due: number;
  pension_refund: number;
  refunds: RefundPart[];
  months_held: number;
  /** The purchase as a day number (`purchase_date`, else 1 January of `purchase_year`): the SSD schedule. */
  purchase_day: number;
  /** The property's value at the end of the selling year (the projection's value): SSD's market value. */
  market_value: number;
  gain: number;
  /** The sale's tax (SSD or RPGT; the name is kept from the property-gain tax it was). */
  gain_tax: number;
  /** 'ssd', 'rpgt', or null (no such tax in the property's currency). */
  gain_tax_kind: 'ssd' | 'rpgt' | null;
  /** Percent. */
  gain_tax_rate: number;
  /** What the rate applies to: SSD the higher of price and market value, RPGT the gain less the exemption. */
  gain_tax_base: number;
  /** RPGT's exemption taken off the gain (0 otherwise). */
  gain_tax_exemption: number;
  /** The rate-table version the tax read (`sgSsd@2025`, `myRpgt@2022`), null when none: for the projection's `tables`. */
  gain_tax_table: string | null;
  net_proceeds: number;
}

/**
 * Months from `purchaseDay` to 31 December of `year`, a started month counting as a month (0 when bought later): a
 * sale on the first anniversary of the purchase or before is held ≤ 12 months, the day after it 13.
 */
export function monthsHeldTo(purchaseDay: number, year: number): number {
  finite(purchaseDay, 'purchase_date');
  const end = fromYmd(count(year, 'future_selling_year', 1000, 3000), 12, 31);
  if (purchaseDay >= end) return 0;
  const m = monthsBetween(purchaseDay, end);
  return addMonths(purchaseDay, m) < end ? m + 1 : m;
}

/** The part of the as-of year still to come (the projection's first-year part). */
export function firstYearPart(asOf: number): number {
  finite(asOf, 'as_of');
  const dayOfYear = asOf - fromYmd(ymd(asOf).year, 1, 1);
  return 1 - dayOfYear / 365;
}

/** The property's value at the end of `year`: grown for the rest of the as-of year, then a whole year at a time (as the projection's rows). */
export function valueAtYearEnd(value: number, g: number, y0: number, part: number, year: number): number {
  finite(value, 'market_value');
  finite(g, 'growth_rate');
  count(y0, 'as_of', 1000, 3000);
  finite(part, 'as_of');
  // whole years in a calendar's range: the loop below runs a year at a time
  if (count(year, 'future_selling_year', 1000, 3000) < y0) return value;
  let v = value * (part === 1 ? g : g ** part);
  for (let y = y0 + 1; y <= year; y++) v *= g;
  return result(v, 'selling_price');
}

/** Months of a loan's instalments paid in `year` (12 a year from January of its starting year). */
const monthsIn = (months: number, start: number, year: number) =>
  Math.min(months, Math.max(0, (year - start + 1) * 12)) - Math.min(months, Math.max(0, (year - start) * 12));

/**
 * The sale of `p` in its selling year, with the loan it holds (undefined: none), seen from the as-of day `asOf` (a day
 * number). `opts.g` replaces the property's growth factor (a scenario's property growth), `opts.currency` is the
 * household's (a property without a currency is in it); null when no sale is planned.
 */
export function scheduledSale(p: PropertyInput, loan: LoanInput | undefined, asOf: number, opts: { g?: number; currency?: string } = {}): SaleFigures | null {
  const sell = p.future_selling_year;
  if (sell === undefined) return null;
  count(sell, 'future_selling_year', 1000, 3000);
  count(p.purchase_year, 'purchase_year', 1000, 3000);
  if (loan) count(loan.starting_year, 'starting_year', 1000, 3000);
  const y0 = ymd(asOf).year;
  const growth = opts.g ?? 1 + growthPercent(p.growth_rate ?? 5, 'growth_rate') / 100;
  const price = result(p.future_selling_price ?? valueAtYearEnd(p.market_value, growth, y0, firstYearPart(asOf), sell), 'selling_price');
  const fee = p.future_transaction_fee ?? 0;
  // the loan repaid: the schedule's balance at the end of the selling year (the advisor's figure when no loan is linked)
  let outstanding = 0;
  if (loan) outstanding = balanceAtYearEnd(loan, sell) ?? 0;
  else outstanding = p.future_outstanding_loan ?? 0;
  const bought = p.purchase_date ? dayNumber(p.purchase_date, 'purchase_date') : fromYmd(p.purchase_year, 1, 1);
  const held = p.purchase_date ? monthsHeldTo(bought, sell) : Math.max(0, (sell - p.purchase_year + 1) * 12);
  const gain = price - p.purchase_price - fee;
  // the market value at the sale: the value the projection's row carries at the end of the selling year
  const value = p.future_selling_price === undefined ? price : valueAtYearEnd(p.market_value, growth, y0, firstYearPart(asOf), sell);
  const t = propertySaleTax({
    currency: saleCurrency(p.currency ?? opts.currency),
    sale_year: sell,
    purchase_day: bought,
    months_held: held,
    price,
    market_value: value,
    gain,
  });
  const tax = t.tax;
  // the refund: purchase money and the loan's monthly pension part, each with interest from the year it was used
  const rg = 1 + growthPercent(p.refund_growth_rate ?? PROPERTY_DEFAULTS.cpf_growth_rate, 'refund_growth_rate') / 100;
  const parts: RefundPart[] = [];
  const grow = (amount: number, year: number) => amount * rg ** Math.max(0, sell - year);
  if (p.pension_used !== undefined && finite(p.pension_used, 'pension_used') !== 0)
    parts.push({ member_id: p.pension_member_id, amount: grow(p.pension_used, p.purchase_year) });
  for (const [k, u] of (p.pension_uses ?? []).entries())
    parts.push({
      member_id: u.member_id ?? p.pension_member_id,
      amount: grow(finite(u.amount, `pension_uses.${k}.amount`), u.year === undefined ? p.purchase_year : count(u.year, `pension_uses.${k}.year`, 1000, 3000)),
    });
  if (loan?.pension_monthly !== undefined && finite(loan.pension_monthly, 'pension_monthly') !== 0) {
    const { months, instalment } = loanTerms(loan);
    const monthly = Math.min(loan.pension_monthly, instalment);
    let sum = 0;
    for (let y = loan.starting_year; y <= sell; y++) {
      const m = monthsIn(months, loan.starting_year, y);
      if (m > 0) sum += grow(monthly * m, y);
    }
    if (sum > 0) parts.push({ member_id: loan.pension_member_id, amount: sum });
  }
  let due = 0;
  for (const x of parts) due += x.amount;
  result(due, 'pension_refund');
  const room = Math.max(0, price - fee - outstanding - tax);
  const refund = due > room ? room : due;
  if (due > room)
    for (const x of parts) {
      // (amount · room) / due, or amount · (room / due) where the product overflows (a part near the largest double)
      const share = due > 0 ? (x.amount * room) / due : 0;
      x.amount = Number.isFinite(share) ? share : x.amount * (room / due);
    }
  const net = zeroIfNegligible(result(price - fee - outstanding - refund - tax, 'selling_price'));
  return {
    selling_year: sell,
    selling_price: price,
    purchase_price: p.purchase_price,
    transaction_fee: fee,
    outstanding_loan: outstanding,
    refund_due: result(due, 'pension_refund'),
    pension_refund: refund,
    refunds: parts,
    months_held: held,
    purchase_day: bought,
    market_value: value,
    gain: result(gain, 'selling_price'),
    gain_tax: tax,
    gain_tax_kind: t.kind,
    gain_tax_rate: t.rate,
    gain_tax_base: t.base,
    gain_tax_exemption: t.exemption,
    gain_tax_table: t.table,
    net_proceeds: net,
  };
}

/**
 * The sale of `p` that the plan's deficit rule makes in `year` (the saved sell sequence reaching a property, issue 31
 * "refund"): the planned sale's rule (scheduledSale) on 31 December of that year, so the fee, the loan repaid (the cents
 * schedule's balance after that year's December instalment), the provident refund with its interest and the gain tax
 * are the same as a sale planned for that year, and only the net proceeds cover the deficit. The advisor's selling
 * price and outstanding loan are figures for their own selling year and are not used (decision,
 * docs/decisions/plan-sale.md): the price is the value grown to the end of `year`, the loan the linked loan's.
 */
export function saleInYear(p: PropertyInput, loan: LoanInput | undefined, asOf: number, year: number, opts: { g?: number; currency?: string } = {}): SaleFigures {
  const { future_selling_price: _price, future_outstanding_loan: _loan, ...rest } = p;
  return scheduledSale({ ...rest, future_selling_year: year }, loan, asOf, opts) as SaleFigures;
}

/** The property-gain tax's currency (MYR is RM's alias; none: the scheme of neither country). */
const saleCurrency = (c: string | undefined) => {
  const u = (c ?? '').toUpperCase();
  return u === 'MYR' ? 'RM' : u;
};

/** Months of instalments (the tenure's, or a chosen repayment's) and the instalment, as the projection counts them. */
function loanTerms(l: LoanInput): { months: number; instalment: number } {
  if (l.repayment_amount !== undefined) return { months: monthsToRepay(l.original_loan, l.loan_interest, l.repayment_amount), instalment: l.repayment_amount };
  const months = tenureMonths(l.loan_tenure);
  return { months, instalment: l.type === 'flat' ? flatInstalment(l.original_loan, l.loan_interest, months) : annuityInstalment(l.original_loan, l.loan_interest, months) };
}

/** The inputs a kept sale was computed from (compared field by field on every read). */
interface KeptSale {
  loan: LoanInput | undefined;
  asOf: number;
  g: number | undefined;
  currency: string | undefined;
  /** The rate tables' install count (a table an admin adds changes the sale's tax). */
  tables: number;
  fields: unknown[];
  sale: SaleFigures | null;
}
const keptSales = new WeakMap<PropertyInput, KeptSale>();
const saleFields = (p: PropertyInput, l: LoanInput | undefined): unknown[] => [
  p.purchase_price,
  p.purchase_year,
  p.market_value,
  p.growth_rate,
  p.future_selling_year,
  p.future_selling_price,
  p.future_transaction_fee,
  p.future_outstanding_loan,
  p.purchase_date,
  p.pension_used,
  p.pension_member_id,
  p.pension_uses,
  p.refund_growth_rate,
  p.currency,
  l?.original_loan,
  l?.loan_interest,
  l?.loan_tenure,
  l?.type,
  l?.repayment_amount,
  l?.starting_year,
  l?.pension_monthly,
  l?.pension_member_id,
];

/**
 * scheduledSale, kept per property object: a projection of the same household (bench:engine, Monte Carlo's and the
 * scenarios' runs, the services' cached household) reads the sale again instead of computing it (bench:engine: the
 * sale's powers and date arithmetic were several percent of a projection). Every input it read is compared on each
 * read, so a changed property or loan is computed again. Callers must not change the figures they get.
 */
export function keptScheduledSale(p: PropertyInput, loan: LoanInput | undefined, asOf: number, opts: { g?: number; currency?: string } = {}): SaleFigures | null {
  const kept = keptSales.get(p);
  const tables = rateTablesGeneration();
  if (kept && kept.loan === loan && kept.asOf === asOf && kept.g === opts.g && kept.currency === opts.currency && kept.tables === tables) {
    const now = saleFields(p, loan);
    let same = true;
    for (let k = 0; k < now.length && same; k++) same = now[k] === kept.fields[k];
    if (same) return kept.sale;
  }
  const sale = scheduledSale(p, loan, asOf, opts);
  keptSales.set(p, { loan, asOf, g: opts.g, currency: opts.currency, tables, fields: saleFields(p, loan), sale });
  return sale;
}
