import * as errorsModule from './errors';
import type { MyTaxVersion } from './tables/tax-my';
import * as taxMyModule from './tables/tax-my';
import * as versionedModule from './tables/versioned';
import type { SgTaxVersion, TaxBand } from './tables/tax-sg';
import * as taxSgModule from './tables/tax-sg';
import * as registryModule from './tables/registry';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, result } = errorsModule;
const { sourceText } = versionedModule;
const { MY_TAX_TABLES } = taxMyModule;
const { SG_TAX_TABLES } = taxSgModule;
const { rateTables } = registryModule;

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
export function sgTaxPayable(v: SgTaxVersion, chargeable: number): number {
  const tax = progressiveTax(chargeable, v);
  return tax - Math.min((tax * v.rebatePercent) / 100, v.rebateCap);
}

/**
 * Malaysia tax payable by one resident for a Year of Assessment (LHDN): the progressive tax on the chargeable income,
 * less the rebate (RM 400) when the chargeable income is at most the limit (RM 35,000), and as much again when the
 * spouse has no income; never below 0 (the excess is not refunded). Unrounded.
 * Example (YA 2023 onwards): chargeable 30,000 → 150 + 10,000 · 3% = 450 − 400 = 50; with a spouse without income 0.
 */
export function myTaxPayable(v: MyTaxVersion, chargeable: number, spouseWithoutIncome: boolean): number {
  const tax = progressiveTax(chargeable, v);
  if (!(chargeable <= v.rebateLimit)) return tax;
  return Math.max(0, tax - (spouseWithoutIncome ? 2 * v.rebate : v.rebate));
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
 * Singapore property-gain rate by months held (spec §9 "Early-withdrawal style rate by period in months":
 * 0-12 at 12; 12-24 at 8; 25-36 at 4). Boundary decision: months ≤ 12 → 12%, 13-24 → 8%, 25-36 → 4%, later 0%.
 */
export const SG_PROPERTY_GAIN: ReadonlyArray<{ max_months: number; rate: number }> = [
  { max_months: 12, rate: 12 },
  { max_months: 24, rate: 8 },
  { max_months: 36, rate: 4 },
];
export function sgPropertyGainRate(monthsHeld: number): number {
  if (!(monthsHeld >= 0) || monthsHeld === Number.POSITIVE_INFINITY)
    throw new CalculationInputError('months_held', 'months_held must not be negative');
  for (const row of SG_PROPERTY_GAIN) if (monthsHeld <= row.max_months) return row.rate;
  return 0;
}

/**
 * Malaysia property-gain rate by the year of ownership in which the sale falls (spec §9 "Year-based rate: years
 * 0-3 at 30; year 4 at 20; year 5 at 15"; later 0). Decision: year = ceil(months held / 12), so a sale within the
 * first 36 months is year ≤ 3 (30%), months 37-48 year 4 (20%), 49-60 year 5 (15%), later 0%.
 */
export function myPropertyGainRate(monthsHeld: number): number {
  if (!(monthsHeld >= 0) || monthsHeld === Number.POSITIVE_INFINITY)
    throw new CalculationInputError('months_held', 'months_held must not be negative');
  const year = Math.ceil(monthsHeld / 12);
  if (year <= 3) return 30;
  if (year === 4) return 20;
  if (year === 5) return 15;
  return 0;
}

/** Property-gain tax on a positive gain, by currency (SGD by months, RM by years; other currencies none). */
export function propertyGainTax(gain: number, monthsHeld: number, currency: string): number {
  finite(gain, 'gain');
  finite(monthsHeld, 'months_held');
  if (gain <= 0) return 0;
  const c = currency.toUpperCase();
  const rate =
    c === 'SGD' ? sgPropertyGainRate(monthsHeld) : c === 'RM' || c === 'MYR' ? myPropertyGainRate(monthsHeld) : 0;
  return result((gain * rate) / 100, 'gain');
}
