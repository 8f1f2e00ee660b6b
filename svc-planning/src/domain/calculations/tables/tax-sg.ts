import * as cpfModule from './cpf';
import type { Version } from './versioned';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { bandAt } = cpfModule;

/** One progressive band: the rate (percent) applies to the slice of chargeable income above `from` up to `to`. */
export interface TaxBand {
  from: number;
  to: number | null;
  rate: number;
}
/** Builds bands from [upper edge, rate] pairs. */
export const bands = (edges: Array<[number | null, number]>): TaxBand[] => {
  let from = 0;
  return edges.map(([to, rate]) => {
    const b = { from, to, rate };
    from = to ?? from;
    return b;
  });
};

/**
 * Singapore resident income tax by Year of Assessment (`fromYear` is a YA: income of year Y is assessed, and the tax
 * paid, in YA Y + 1). Bands: the spec's (planning-content §9 "Tax bands", SGD; IRAS resident rates from YA 2024).
 * Reliefs (IRAS, YA 2024 onward): earned income relief by age in the income year (capped at the earned income); CPF
 * relief = the employee's compulsory CPF contributions (on wages up to the CPF ceilings); spouse relief when the
 * spouse's income in the income year is at most `spouseIncomeLimit`; qualifying child relief per child aged up to
 * `childToAge` (decision: IRAS allows it below 16 or while studying full time; the projection assumes study to 20);
 * total personal reliefs capped at `reliefCap`.
 */
export interface SgTaxVersion extends Version {
  bands: readonly TaxBand[];
  earnedIncome: ReadonlyArray<{ toAge: number | null; amount: number }>;
  spouse: number;
  spouseIncomeLimit: number;
  child: number;
  childToAge: number;
  reliefCap: number;
}

export const SG_TAX_TABLES: readonly SgTaxVersion[] = [
  {
    fromYear: 2024,
    source: { publisher: 'IRAS', title: 'Individual income tax rates, residents, YA 2024 onwards; tax reliefs (bands: planning-content.md §9 Tax bands, SGD)', url: 'https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates' },
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
    earnedIncome: [
      { toAge: 54, amount: 1_000 },
      { toAge: 59, amount: 6_000 },
      { toAge: null, amount: 8_000 },
    ],
    spouse: 2_000,
    spouseIncomeLimit: 4_000,
    child: 4_000,
    childToAge: 20,
    reliefCap: 80_000,
  },
];

/**
 * Singapore personal reliefs of one member for one income year (IRAS; the version's figures): earned income relief by
 * age (at most the earned income), CPF relief (the employee's compulsory contributions), spouse relief (spouse's
 * income at most the limit; `spouseIncome` null = no spouse), qualifying child relief per child; capped in total.
 */
export function sgReliefs(
  v: SgTaxVersion,
  earned: number,
  age: number,
  cpfEmployee: number,
  spouseIncome: number | null,
  children: number,
): number {
  const eir = Math.min(Math.max(0, earned), bandAt(v.earnedIncome, age).amount);
  const spouse = spouseIncome !== null && spouseIncome <= v.spouseIncomeLimit ? v.spouse : 0;
  return Math.min(v.reliefCap, eir + Math.max(0, cpfEmployee) + spouse + v.child * children);
}
