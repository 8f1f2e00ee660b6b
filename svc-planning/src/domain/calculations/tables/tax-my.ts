import type { TaxBand } from './tax-sg';
import * as taxSgModule from './tax-sg';
import type { Version } from './versioned';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { bands } = taxSgModule;

/**
 * Malaysia resident income tax by Year of Assessment, which is the income year (tax is withheld monthly as PCB in the
 * year the income is earned). Bands: LHDN's resident rates (YA 2021-2022; from YA 2023 the Budget 2023 schedule).
 * Reliefs (LHDN): individual relief; EPF contributions (employee share, up to `epf`) and life insurance premiums (up
 * to `life`) with the combined cap `epfAndLife`; spouse relief when the spouse has no income; child relief per
 * unmarried child aged up to `childToAge` (under 18). Rebate (LHDN, YA 2009 onwards): `rebate` off the tax when the
 * chargeable income is at most `rebateLimit`, and as much again for a spouse without income (the assessment where
 * the husband or wife has no total income); never below 0.
 * The spec's bands (planning-content §9: … 8 / 14 / 21 / 24 / 24.5%, 25% above 400,000) match no LHDN schedule, so
 * they are not a version (docs/decisions/rates-tax.md).
 */
export interface MyTaxVersion extends Version {
  bands: readonly TaxBand[];
  individual: number;
  epf: number;
  life: number;
  epfAndLife: number;
  spouse: number;
  child: number;
  childToAge: number;
  rebate: number;
  rebateLimit: number;
}

const LHDN_RATES = 'https://www.hasil.gov.my/en/individual/individual-life-cycle/how-to-declare-income/tax-rate/';
const MY_RELIEFS = { individual: 9_000, epf: 4_000, life: 3_000, epfAndLife: 7_000, spouse: 4_000, child: 2_000, childToAge: 17, rebate: 400, rebateLimit: 35_000 };

export const MY_TAX_TABLES: readonly MyTaxVersion[] = [
  {
    // earlier years use it too (YA 2020 differs only in 14% for 50,001-70,000: not a version)
    fromYear: 2021,
    toYear: 2022,
    source: { publisher: 'LHDN', title: 'Tax rate of individuals, resident, YA 2021 and YA 2022; tax reliefs; tax rebates (chargeable income up to RM 35,000)', url: LHDN_RATES },
    bands: bands([
      [5_000, 0],
      [20_000, 1],
      [35_000, 3],
      [50_000, 8],
      [70_000, 13],
      [100_000, 21],
      [250_000, 24],
      [400_000, 24.5],
      [600_000, 25],
      [1_000_000, 26],
      [2_000_000, 28],
      [null, 30],
    ]),
    ...MY_RELIEFS,
  },
  {
    fromYear: 2023,
    source: { publisher: 'LHDN', title: 'Tax rate of individuals, resident, YA 2023 onwards; tax reliefs; tax rebates (chargeable income up to RM 35,000)', url: LHDN_RATES },
    bands: bands([
      [5_000, 0],
      [20_000, 1],
      [35_000, 3],
      [50_000, 6],
      [70_000, 11],
      [100_000, 19],
      [400_000, 25],
      [600_000, 26],
      [2_000_000, 28],
      [null, 30],
    ]),
    ...MY_RELIEFS,
  },
];

/**
 * Malaysia reliefs of one member for one year (LHDN; the version's figures): individual relief, EPF (employee share, up to
 * its cap) and life insurance premiums (up to its cap) within the combined cap, spouse relief when the spouse has no
 * income (`spouseIncome` null = no spouse), child relief per child.
 */
export function myReliefs(
  v: MyTaxVersion,
  epfEmployee: number,
  lifePremiums: number,
  spouseIncome: number | null,
  children: number,
  rec: MyReliefRecorder | null = null,
): number {
  const epfPaid = Math.max(0, epfEmployee);
  const lifePaid = Math.max(0, lifePremiums);
  const epf = Math.min(v.epf, epfPaid);
  const life = Math.min(v.life, lifePaid);
  const epfLife = Math.min(v.epfAndLife, epf + life);
  const spouse = spouseIncome !== null && spouseIncome <= 0 ? v.spouse : 0;
  const total = v.individual + epfLife + spouse + v.child * children;
  if (rec !== null) rec.myReliefs(v, { epfPaid, lifePaid, epf, life, epfLife, spouse, children, total });
  return total;
}

/** The reliefs myReliefs computed, item by item (issue 34: told to a recorder only when the projection explains). */
export interface MyReliefItems {
  /** The employee's EPF contributions and the life premiums paid (not below 0), each relief at most its cap. */
  epfPaid: number;
  lifePaid: number;
  epf: number;
  life: number;
  /** EPF and life insurance together, at most the combined cap. */
  epfLife: number;
  /** The spouse relief (0: no spouse, or the spouse has an income). */
  spouse: number;
  children: number;
  total: number;
}
export interface MyReliefRecorder {
  myReliefs(v: MyTaxVersion, items: MyReliefItems): void;
}
