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
 * paid, in YA Y + 1). Bands: IRAS's resident rates (YA 2017-2023; from YA 2024 two more top bands, 23% and 24%).
 * Reliefs (IRAS): earned income relief by age on 31 December of the income year (capped at the earned income); CPF
 * relief = the employee's compulsory CPF contributions (on wages up to the CPF ceilings); spouse relief when the
 * spouse's income in the income year is at most `spouseIncomeLimit` (4,000 up to YA 2024, 8,000 from YA 2025);
 * qualifying child relief per child aged up to `childToAge` (decision: IRAS allows it below 16 or while studying full
 * time; the projection assumes study to 20); total personal reliefs capped at `reliefCap` (from YA 2018). Life
 * insurance relief is not modelled (docs/decisions/rates-tax.md). `rebatePercent`/`rebateCap`: the one-off Personal
 * Income Tax Rebate of the YA (percent of the tax payable, at most the cap), 0 in a YA without one.
 * The spec's bands (planning-content §9: 19.5% to 280,000, then 22%) match no IRAS schedule, so they are not a
 * version (docs/decisions/rates-tax.md).
 */
export interface SgTaxVersion extends Version {
  bands: readonly TaxBand[];
  earnedIncome: ReadonlyArray<{ toAge: number | null; amount: number }>;
  spouse: number;
  spouseIncomeLimit: number;
  child: number;
  childToAge: number;
  reliefCap: number;
  /** Personal Income Tax Rebate of the YA: percent of the tax payable, at most `rebateCap` (0 and 0 in a YA without one). */
  rebatePercent: number;
  rebateCap: number;
}

const IRAS_RATES = 'https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates';
/** IRAS resident rates to 320,000 (gross tax payable 44,550 on the first 320,000), the same in YA 2017 to 2023 and from YA 2024. */
const SG_EDGES_TO_320K: Array<[number, number]> = [
  [20_000, 0],
  [30_000, 2],
  [40_000, 3.5],
  [80_000, 7],
  [120_000, 11.5],
  [160_000, 15],
  [200_000, 18],
  [240_000, 19],
  [280_000, 19.5],
  [320_000, 20],
];
/** IRAS resident rates YA 2017 to YA 2023 (22% above 320,000). */
const SG_BANDS_YA2017 = bands([...SG_EDGES_TO_320K, [null, 22]]);
/** IRAS resident rates from YA 2024 (22% to 500,000, 23% to 1,000,000, 24% above: 199,150 on the first 1,000,000). */
const SG_BANDS_YA2024 = bands([...SG_EDGES_TO_320K, [500_000, 22], [1_000_000, 23], [null, 24]]);
const SG_EARNED_INCOME = [
  { toAge: 54, amount: 1_000 },
  { toAge: 59, amount: 6_000 },
  { toAge: null, amount: 8_000 },
];
/** The reliefs every version shares (IRAS: earned income by age, spouse $2,000, qualifying child $4,000, cap $80,000). */
const SG_RELIEFS = {
  earnedIncome: SG_EARNED_INCOME,
  spouse: 2_000,
  child: 4_000,
  childToAge: 20,
  reliefCap: 80_000,
};

export const SG_TAX_TABLES: readonly SgTaxVersion[] = [
  {
    // the YA 2017 bands; the 80,000 relief cap from YA 2018, so this version starts there (earlier years use it too).
    // Not modelled: the YA 2019 rebate (50% up to 200).
    fromYear: 2018,
    toYear: 2023,
    source: { publisher: 'IRAS', title: 'Individual income tax rates: resident tax rates YA 2017 to YA 2023; Earned Income, CPF, Spouse and Qualifying Child Reliefs; personal income tax relief cap (YA 2018)', url: IRAS_RATES },
    bands: SG_BANDS_YA2017,
    ...SG_RELIEFS,
    spouseIncomeLimit: 4_000,
    rebatePercent: 0,
    rebateCap: 0,
  },
  {
    fromYear: 2024,
    toYear: 2024,
    source: { publisher: 'IRAS', title: 'Individual income tax rates: resident tax rates from YA 2024 onwards; Personal Income Tax Rebate YA 2024 (50%, up to $200); Spouse Relief (spouse income up to $4,000)', url: IRAS_RATES },
    bands: SG_BANDS_YA2024,
    ...SG_RELIEFS,
    spouseIncomeLimit: 4_000,
    rebatePercent: 50,
    rebateCap: 200,
  },
  {
    fromYear: 2025,
    toYear: 2025,
    source: { publisher: 'IRAS', title: 'Individual income tax rates from YA 2024 onwards; Personal Income Tax Rebate YA 2025 (60%, up to $200); Spouse Relief from YA 2025 (spouse income up to $8,000)', url: 'https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-reliefs-rebates-and-deductions/tax-reliefs/personal-tax-rebate' },
    bands: SG_BANDS_YA2024,
    ...SG_RELIEFS,
    spouseIncomeLimit: 8_000,
    rebatePercent: 60,
    rebateCap: 200,
  },
  {
    fromYear: 2026,
    source: { publisher: 'IRAS', title: 'Individual income tax rates from YA 2024 onwards; Spouse Relief (spouse income up to $8,000); no Personal Income Tax Rebate for YA 2026', url: 'https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-reliefs-rebates-and-deductions/tax-reliefs/spouse-relief-handicapped-spouse-relief' },
    bands: SG_BANDS_YA2024,
    ...SG_RELIEFS,
    spouseIncomeLimit: 8_000,
    rebatePercent: 0,
    rebateCap: 0,
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
  rec: SgReliefRecorder | null = null,
): number {
  const band = bandAt(v.earnedIncome, age);
  const eir = Math.min(Math.max(0, earned), band.amount);
  const spouse = spouseIncome !== null && spouseIncome <= v.spouseIncomeLimit ? v.spouse : 0;
  const cpf = Math.max(0, cpfEmployee);
  const total = Math.min(v.reliefCap, eir + cpf + spouse + v.child * children);
  if (rec !== null) rec.sgReliefs(v, { age, band, eir, cpf, spouse, children, total });
  return total;
}

/** The reliefs sgReliefs computed, item by item (issue 34: told to a recorder only when the projection explains). */
export interface SgReliefItems {
  age: number;
  /** The earned income relief's band (by age) and the relief (at most the earned income). */
  band: { toAge: number | null; amount: number };
  eir: number;
  /** The employee's compulsory CPF contributions (not below 0). */
  cpf: number;
  /** The spouse relief (0: no spouse, or the spouse earned above the limit). */
  spouse: number;
  children: number;
  /** The reliefs in total, at most the cap. */
  total: number;
}
export interface SgReliefRecorder {
  sgReliefs(v: SgTaxVersion, items: SgReliefItems): void;
}
