import { CalculationInputError, finite, result } from './errors';

/** One progressive band: the rate (percent) applies to the slice of income above `from` up to `to`. */
export interface TaxBand {
  from: number;
  to: number | null;
  rate: number;
}
export interface TaxTable {
  id: string;
  effective_from_year: number;
  source: string;
  bands: readonly TaxBand[];
}

const bands = (edges: Array<[number | null, number]>): TaxBand[] => {
  let from = 0;
  return edges.map(([to, rate]) => {
    const b = { from, to, rate };
    from = to ?? from;
    return b;
  });
};

/** Spec §9 "Tax bands (annual income)", SGD. */
export const SGD_INCOME_TAX: TaxTable = {
  id: 'sg-income-tax',
  effective_from_year: 2024,
  source: 'planning-content.md §9 Tax bands, SGD',
  bands: bands([
    [20_000, 0],
    [30_000, 2],
    [40_000, 3.5],
    [80_000, 7],
    [120_000, 11.5],
    [160_000, 15],
    [200_000, 18],
    [240_000, 19],
    [280_000, 19.5],
    [null, 22],
  ]),
};

/** Spec §9 "Tax bands (annual income)", MYR. */
export const MYR_INCOME_TAX: TaxTable = {
  id: 'my-income-tax',
  effective_from_year: 2024,
  source: 'planning-content.md §9 Tax bands, MYR',
  bands: bands([
    [5_000, 0],
    [20_000, 1],
    [35_000, 3],
    [50_000, 8],
    [70_000, 14],
    [100_000, 21],
    [250_000, 24],
    [400_000, 24.5],
    [null, 25],
  ]),
};

/** Progressive tax: each rate on the slice of income inside its band. Income ≤ 0 pays nothing. Unrounded. */
export function progressiveTax(income: number, table: TaxTable): number {
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

/** Income-tax table by currency: SGD → Singapore bands, RM/MYR → Malaysia bands, otherwise none (decision). */
export function incomeTaxTableFor(currency: string): TaxTable | null {
  const c = currency.toUpperCase();
  if (c === 'SGD') return SGD_INCOME_TAX;
  if (c === 'RM' || c === 'MYR') return MYR_INCOME_TAX;
  return null;
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
