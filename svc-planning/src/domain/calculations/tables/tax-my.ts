import type { TaxBand } from './tax-sg';
import * as taxSgModule from './tax-sg';
import type { Version } from './versioned';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { bands } = taxSgModule;

/**
 * Malaysia resident income tax by Year of Assessment, which is the income year (tax is withheld monthly as PCB in the
 * year the income is earned). Bands: the spec's (planning-content §9 "Tax bands", MYR). Reliefs (LHDN, YA 2024):
 * individual relief; EPF contributions (employee share, up to `epf`) and life insurance premiums (up to `life`) with
 * the combined cap `epfAndLife`; spouse relief when the spouse has no income; child relief per unmarried child aged up
 * to `childToAge`.
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
}

export const MY_TAX_TABLES: readonly MyTaxVersion[] = [
  {
    fromYear: 2024,
    source: { publisher: 'LHDN', title: 'Tax rate of individuals; tax reliefs, YA 2024 (bands: planning-content.md §9 Tax bands, MYR)', url: 'https://www.hasil.gov.my/en/individual/individual-life-cycle/income-declaration/tax-rate/' },
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
    individual: 9_000,
    epf: 4_000,
    life: 3_000,
    epfAndLife: 7_000,
    spouse: 4_000,
    child: 2_000,
    childToAge: 17,
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
): number {
  const epfLife = Math.min(
    v.epfAndLife,
    Math.min(v.epf, Math.max(0, epfEmployee)) + Math.min(v.life, Math.max(0, lifePremiums)),
  );
  const spouse = spouseIncome !== null && spouseIncome <= 0 ? v.spouse : 0;
  return v.individual + epfLife + spouse + v.child * children;
}
