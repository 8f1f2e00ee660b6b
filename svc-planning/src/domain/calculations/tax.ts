import * as datesModule from './dates';
import * as errorsModule from './errors';
import type { SsdSchedule } from './tables/property-sg';
import type { MyTaxVersion } from './tables/tax-my';
import * as taxMyModule from './tables/tax-my';
import * as versionedModule from './tables/versioned';
import type { SgTaxVersion, TaxBand } from './tables/tax-sg';
import * as taxSgModule from './tables/tax-sg';
import * as registryModule from './tables/registry';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { dayNumber } = datesModule;
const { CalculationInputError, count, finite, result } = errorsModule;
const { inForce, sourceText } = versionedModule;
const { MY_TAX_TABLES } = taxMyModule;
const { SG_TAX_TABLES } = taxSgModule;
const { rateTables, versionName } = registryModule;

/** A table of progressive bands (the versions of tables/tax-sg.ts and tables/tax-my.ts are ones). */
export interface TaxTable {
  id?: string;
  effective_from_year?: number;
  source: string;
  bands: readonly TaxBand[];
}
export type { TaxBand };

const asTable = (id: string, v: SgTaxVersion | MyTaxVersion): TaxTable => ({ id, effective_from_year: v.fromYear, source: sourceText(v.source), bands: v.bands });
/** The newest Singapore bands (IRAS resident rates, SGD): tables/tax-sg.ts. */
export const SGD_INCOME_TAX: TaxTable = asTable('sg-income-tax', SG_TAX_TABLES[SG_TAX_TABLES.length - 1] as SgTaxVersion);
/** The newest Malaysia bands (LHDN resident rates, MYR): tables/tax-my.ts. */
export const MYR_INCOME_TAX: TaxTable = asTable('my-income-tax', MY_TAX_TABLES[MY_TAX_TABLES.length - 1] as MyTaxVersion);

/** Progressive tax: each rate on the slice of income inside its band. Income ≤ 0 pays nothing. Unrounded. */
export function progressiveTax(income: number, table: { readonly bands: readonly TaxBand[] }): number {
  if (!Number.isFinite(income)) throw new CalculationInputError('income', 'income must be a finite number');
  if (income <= 0) return 0;
  let tax = 0;
  for (const b of table.bands) {
    if (income <= b.from) break;
    const top = b.to === null ? income : Math.min(income, b.to);
    tax += ((top - b.from) * b.rate) / 100;
  }
  return result(tax, 'income');
}

/**
 * Singapore tax payable by one resident for a Year of Assessment (IRAS): the progressive tax on the chargeable income
 * (income less reliefs), less the YA's Personal Income Tax Rebate (percent of the tax, at most the cap). Unrounded.
 * Example (YA 2025, 60% up to 200): chargeable 40,000 → 550 − min(330, 200) = 350.
 */
export function sgTaxPayable(v: SgTaxVersion, chargeable: number, rec: TaxPayableRecorder | null = null): number {
  const tax = progressiveTax(chargeable, v);
  const rebate = Math.min((tax * v.rebatePercent) / 100, v.rebateCap);
  const payable = tax - rebate;
  if (rec !== null) rec.payable(v, { chargeable, tax, rebate, rebateApplies: v.rebatePercent > 0, spouseWithoutIncome: false, payable });
  return payable;
}

/** What sgTaxPayable or myTaxPayable computed (issue 34: told to a recorder only when the projection explains). */
export interface TaxPayableItems {
  chargeable: number;
  /** The progressive tax of the bands on the chargeable income. */
  tax: number;
  /** The rebate taken off (SG: percent of the tax up to the cap; MY: the rebate, twice with a spouse without income). */
  rebate: number;
  /** Whether a rebate applies at all (SG: the YA has one; MY: the chargeable income is at most the limit). */
  rebateApplies: boolean;
  spouseWithoutIncome: boolean;
  payable: number;
}
export interface TaxPayableRecorder {
  payable(v: SgTaxVersion | MyTaxVersion, items: TaxPayableItems): void;
}

/**
 * Malaysia tax payable by one resident for a Year of Assessment (LHDN): the progressive tax on the chargeable income,
 * less the rebate (RM 400) when the chargeable income is at most the limit (RM 35,000), and as much again when the
 * spouse has no income; never below 0 (the excess is not refunded). Unrounded.
 * Example (YA 2023 onwards): chargeable 30,000 → 150 + 10,000 · 3% = 450 − 400 = 50; with a spouse without income 0.
 */
export function myTaxPayable(v: MyTaxVersion, chargeable: number, spouseWithoutIncome: boolean, rec: TaxPayableRecorder | null = null): number {
  const tax = progressiveTax(chargeable, v);
  if (!(chargeable <= v.rebateLimit)) {
    if (rec !== null) rec.payable(v, { chargeable, tax, rebate: 0, rebateApplies: false, spouseWithoutIncome, payable: tax });
    return tax;
  }
  const rebate = spouseWithoutIncome ? 2 * v.rebate : v.rebate;
  const payable = Math.max(0, tax - rebate);
  if (rec !== null) rec.payable(v, { chargeable, tax, rebate, rebateApplies: true, spouseWithoutIncome, payable });
  return payable;
}

/** The tax country by household currency: SGD → Singapore, RM/MYR → Malaysia, otherwise none (decision). */
export function incomeTaxCountry(currency: string): 'SG' | 'MY' | null {
  const c = currency.toUpperCase();
  return c === 'SGD' ? 'SG' : c === 'RM' || c === 'MYR' ? 'MY' : null;
}

/**
 * Income-tax table by currency (the newest version's bands): SGD → Singapore, RM/MYR → Malaysia, otherwise none
 * (decision). The projection instead picks the version of each Year of Assessment and applies reliefs and rebates.
 */
export function incomeTaxTableFor(currency: string): TaxTable | null {
  const c = incomeTaxCountry(currency);
  const t = rateTables();
  return c === 'SG' ? asTable('sg-income-tax', t.sgIncomeTax[t.sgIncomeTax.length - 1] as SgTaxVersion) : c === 'MY' ? asTable('my-income-tax', t.myIncomeTax[t.myIncomeTax.length - 1] as MyTaxVersion) : null;
}

export function incomeTax(income: number, currency: string): number {
  const t = incomeTaxTableFor(currency);
  return t ? progressiveTax(income, t) : 0;
}

/**
 * The tax a property sale pays (issue 32; docs/planning-model.md "Property sale"): in SGD the Seller's Stamp Duty
 * (IRAS: a rate of the higher of the price and the market value, by the purchase date's schedule and the months held),
 * in RM the Real Property Gains Tax (LHDN, an individual citizen or permanent resident: a rate by year of ownership of
 * the chargeable gain less the exemption, RM 10,000 or 10% of the gain, whichever is greater); other currencies none.
 * Tables through rateTables() (tables/property-sg.ts, tables/property-my.ts): the version in force in the year of sale.
 */
export type PropertySaleTaxKind = 'ssd' | 'rpgt';
export interface PropertySaleTax {
  /** 'ssd' (Singapore), 'rpgt' (Malaysia), null (no such tax in the property's currency). */
  kind: PropertySaleTaxKind | null;
  /** Percent. */
  rate: number;
  /** What the rate applies to: SSD the higher of the price and the market value; RPGT the gain less the exemption. */
  base: number;
  /** RPGT: the exemption taken off the gain (0 for SSD). */
  exemption: number;
  tax: number;
  /** The table version the tax was computed with (`sgSsd@2025`, `myRpgt@2022`; null when none). */
  table: string | null;
}
export interface PropertySaleTaxInput {
  /** The property's currency: SGD → SSD, RM/MYR → RPGT. */
  currency: string;
  /** Calendar year of the sale (the table version in force). */
  sale_year: number;
  /** The day number of the purchase (which SSD schedule). */
  purchase_day: number;
  /** Months held, a started month counting as a month. */
  months_held: number;
  price: number;
  /** The market value at the sale (SSD: the higher of it and the price). */
  market_value: number;
  /** Price less the purchase price and the fee (RPGT's chargeable gain before the exemption). */
  gain: number;
}

const saleTaxKind = (currency: string): PropertySaleTaxKind | null => {
  const c = currency.toUpperCase();
  return c === 'SGD' ? 'ssd' : c === 'RM' || c === 'MYR' ? 'rpgt' : null;
};
const heldMonths = (months: number) => {
  finite(months, 'months_held');
  if (months < 0) throw new CalculationInputError('months_held', 'months_held must not be negative');
  return months;
};

/** Each SSD schedule's purchase dates as day numbers (parsed once per schedule object). */
const scheduleDays = new WeakMap<SsdSchedule, { from: number; to: number }>();
function daysOf(s: SsdSchedule): { from: number; to: number } {
  let d = scheduleDays.get(s);
  if (!d) {
    d = { from: dayNumber(s.purchasedFrom, 'purchasedFrom'), to: s.purchasedTo === null ? Number.POSITIVE_INFINITY : dayNumber(s.purchasedTo, 'purchasedTo') };
    scheduleDays.set(s, d);
  }
  return d;
}

/** The SSD schedule for a purchase on day `purchaseDay`, in the version in force in `saleYear`; null when none covers it. */
export function ssdSchedule(purchaseDay: number, saleYear: number): SsdSchedule | null {
  finite(purchaseDay, 'purchase_day');
  count(saleYear, 'sale_year', 1000, 3000);
  for (const s of inForce(rateTables().sgSsd, saleYear).schedules) {
    const d = daysOf(s);
    if (purchaseDay >= d.from && purchaseDay <= d.to) return s;
  }
  return null;
}

/** The SSD rate (percent) for a sale in `saleYear` after `monthsHeld` months of a property bought on `purchaseDay`. */
export function ssdRate(monthsHeld: number, purchaseDay: number, saleYear: number): number {
  heldMonths(monthsHeld);
  const s = ssdSchedule(purchaseDay, saleYear);
  if (s) for (const t of s.tiers) if (monthsHeld <= t.maxMonths) return t.rate;
  return 0;
}

/** The RPGT rate (percent) for a disposal in `saleYear` in year of ownership ceil(months held / 12). */
export function rpgtRate(monthsHeld: number, saleYear: number): number {
  heldMonths(monthsHeld);
  count(saleYear, 'sale_year', 1000, 3000);
  const v = inForce(rateTables().myRpgt, saleYear);
  const year = Math.max(1, Math.ceil(monthsHeld / 12));
  for (const r of v.byYear) if (year <= r.upToYear) return r.rate;
  return v.laterRate;
}

/** The individual's RPGT exemption on a gain: the greater of the amount and the percent of the gain, at most the gain. */
export function rpgtExemption(gain: number, saleYear: number): number {
  finite(gain, 'gain');
  count(saleYear, 'sale_year', 1000, 3000);
  if (gain <= 0) return 0;
  const v = inForce(rateTables().myRpgt, saleYear);
  return Math.min(gain, Math.max(v.exemptionAmount, (gain * v.exemptionPercent) / 100));
}

/** The tax a sale pays (SSD on the higher of price and market value; RPGT on the gain less the exemption). */
export function propertySaleTax(s: PropertySaleTaxInput): PropertySaleTax {
  for (const k of ['sale_year', 'purchase_day', 'months_held', 'price', 'market_value', 'gain'] as const) finite(s[k], k);
  return saleTaxAt(saleTaxKind(s.currency), s.months_held, s);
}
function saleTaxAt(kind: PropertySaleTaxKind | null, months: number, s: PropertySaleTaxInput): PropertySaleTax {
  if (kind === 'ssd') {
    const rate = ssdRate(months, s.purchase_day, s.sale_year);
    const base = Math.max(s.price, s.market_value);
    const table = versionName('sgSsd', inForce(rateTables().sgSsd, s.sale_year));
    return { kind, rate, base, exemption: 0, tax: rate === 0 ? 0 : result((base * rate) / 100, 'selling_price'), table };
  }
  if (kind === 'rpgt') {
    const rate = rpgtRate(months, s.sale_year);
    const exemption = rpgtExemption(s.gain, s.sale_year);
    const base = s.gain > 0 ? s.gain - exemption : 0;
    const table = versionName('myRpgt', inForce(rateTables().myRpgt, s.sale_year));
    return { kind, rate, base, exemption, tax: rate === 0 || base <= 0 ? 0 : result((base * rate) / 100, 'gain'), table };
  }
  heldMonths(months);
  return { kind: null, rate: 0, base: 0, exemption: 0, tax: 0, table: null };
}

/**
 * The tax the same sale would pay after each holding period of its table (the Property tab's "Property-gain tax by
 * holding period"): SSD the last month of each tier of the purchase's schedule and the month after the last; RPGT
 * the last month of each listed year of ownership and the month after. Empty when neither tax applies.
 */
export function propertySaleTaxByHolding(s: Omit<PropertySaleTaxInput, 'months_held'>): Array<{ months_held: number; rate: number; tax: number }> {
  for (const k of ['sale_year', 'purchase_day', 'price', 'market_value', 'gain'] as const) finite(s[k], k);
  const kind = saleTaxKind(s.currency);
  let ends: number[] = [];
  if (kind === 'ssd') ends = (ssdSchedule(s.purchase_day, s.sale_year)?.tiers ?? []).map((t) => t.maxMonths);
  else if (kind === 'rpgt') ends = inForce(rateTables().myRpgt, s.sale_year).byYear.map((r) => r.upToYear * 12);
  if (ends.length === 0) return [];
  const months = [...ends, (ends[ends.length - 1] as number) + 1];
  return months.map((m) => {
    const t = saleTaxAt(kind, m, { ...s, months_held: m });
    return { months_held: m, rate: t.rate, tax: t.tax };
  });
}
