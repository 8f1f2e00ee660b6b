import * as errorsModule from './errors';
import type { CpfVersion } from './tables/cpf';
import * as cpfModule from './tables/cpf';
import type { EpfVersion } from './tables/epf';
import * as epfModule from './tables/epf';
import * as registryModule from './tables/registry';
import * as versionedModule from './tables/versioned';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, nonNegative, result } = errorsModule;
const { SPEC_RATE_BANDS } = cpfModule;
const { EPF_TABLES } = epfModule;
const { rateTables } = registryModule;
const { inForce, sourceText } = versionedModule;

/**
 * Provident-fund rate tables as versioned data: each table names the year it applies from; newer official tables are
 * added as data (later `effective_from_year` wins for years on or after it) without code changes.
 * Band boundaries: a band covers ages above the previous band's upper age up to and including its own
 * (`to_age`), as the spec's second table reads ("up to 55", "56-60", … "over 70"): age 55 → first band, 56 → second.
 */
export interface ContributionBand {
  to_age: number | null; // inclusive upper age; null = no upper bound
  employer: number;
  employee: number;
  total: number;
}
export interface ContributionTable {
  id: string;
  scheme: 'CPF' | 'EPF' | 'Pension';
  effective_from_year: number;
  source: string;
  bands: readonly ContributionBand[];
}

/** The spec's rate table in this module's shape (tables/cpf.ts holds it: CPF's 2024 rates, the 2024 CPF version's). */
const SPEC_BANDS: readonly ContributionBand[] = SPEC_RATE_BANDS.map((b) => ({ to_age: b.toAge, employer: b.employer, employee: b.employee, total: b.total }));
const epf = EPF_TABLES[0] as EpfVersion;

export const CONTRIBUTION_TABLES: ContributionTable[] = [
  // CPF: the projection and `contributionTable('CPF', year)` read the CPF versions (tables/cpf.ts); this entry is the
  // spec's table, the 2024 version's rates, for callers that pass their own list.
  { id: 'cpf-2024', scheme: 'CPF', effective_from_year: 2024, source: 'planning-content.md §9 Provident-fund contribution rates by age (= CPF Board, rates from 1 January 2024)', bands: SPEC_BANDS },
  {
    // EPF by age (tables/epf.ts): below 60 employee 11 / employer 13 (12 on wages above RM 5,000, which the
    // projection applies by the wage), from 60 employee 0 / employer 4, nothing from 75.
    id: 'epf-2024',
    scheme: 'EPF',
    effective_from_year: epf.fromYear,
    source: sourceText(epf.source),
    bands: [
      { to_age: epf.age60 - 1, employer: epf.employerLow, employee: epf.employee, total: epf.employerLow + epf.employee },
      { to_age: epf.toAge - 1, employer: epf.employer60, employee: epf.employee60, total: epf.employer60 + epf.employee60 },
      { to_age: null, employer: 0, employee: 0, total: 0 },
    ],
  },
  // Decision: other pension schemes use the spec's main table unless the record gives its own percentages.
  { id: 'pension-2024', scheme: 'Pension', effective_from_year: 2024, source: 'planning-content.md §9 Provident-fund contribution rates by age', bands: SPEC_BANDS },
];

/** A CPF version's rates in this module's shape (one object per version, so a lookup allocates nothing). */
const cpfTableOf = new WeakMap<CpfVersion, ContributionTable>();
function cpfContributionTable(v: CpfVersion): ContributionTable {
  let t = cpfTableOf.get(v);
  if (!t) {
    t = {
      id: `cpf-${v.fromYear}`,
      scheme: 'CPF',
      effective_from_year: v.fromYear,
      source: sourceText(v.source),
      bands: v.rates.map((b) => ({ to_age: b.toAge, employer: b.employer, employee: b.employee, total: b.total })),
    };
    cpfTableOf.set(v, t);
  }
  return t;
}

/**
 * The table in force for a scheme in a year: the latest whose effective_from_year ≤ year (else the earliest). CPF
 * reads the CPF version in force that year from the rate tables (tables/cpf.ts through `rateTables()`, issue 32: the
 * official rates of each year, an admin's later version included), unless a list of tables is given.
 */
export function contributionTable(
  scheme: ContributionTable['scheme'],
  year: number,
  given?: readonly ContributionTable[],
): ContributionTable {
  finite(year, 'year');
  if (scheme === 'CPF' && given === undefined) return cpfContributionTable(inForce(rateTables().cpf, year));
  const tables = given ?? CONTRIBUTION_TABLES;
  let best: ContributionTable | undefined;
  let earliest: ContributionTable | undefined;
  for (const t of tables) {
    if (t.scheme !== scheme) continue;
    if (!earliest || t.effective_from_year < earliest.effective_from_year) earliest = t;
    if (t.effective_from_year <= year && (!best || t.effective_from_year > best.effective_from_year)) best = t;
  }
  const t = best ?? earliest;
  if (!t) throw new CalculationInputError('scheme', `No contribution table for ${scheme}`);
  return t;
}

export function contributionRates(age: number, table: ContributionTable): ContributionBand {
  if (!(age >= 0) || age === Number.POSITIVE_INFINITY)
    throw new CalculationInputError('age', 'age must be a finite number, not negative');
  for (const b of table.bands) if (b.to_age === null || age <= b.to_age) return b;
  return table.bands[table.bands.length - 1] as ContributionBand;
}

/**
 * Spec §9 "Retirement-related rate by age in another table": up to 55: 17 (alternate 20); 56-60: 15 (16);
 * 61-65: 11.5 (10.5); 66-70: 9 (7.5); over 70: 7.5 (5); a flag variant gives 11 or 12.
 * Decision: the first figure is the employer's, the alternate the employee's; the flag variant is EPF's 12 (employer)
 * / 11 (employee). How the two spec tables relate is not shown: they agree, so both read the same data.
 */
export function retirementRate(age: number, opts: { alternate?: boolean; flag?: boolean } = {}): number {
  if (opts.flag) return opts.alternate ? 11 : 12;
  const b = contributionRates(age, CONTRIBUTION_TABLES[0] as ContributionTable);
  return opts.alternate ? b.employee : b.employer;
}

/** Spec §9 defaults. */
export const PENSION_DEFAULTS = {
  contribution_growth_rate: 5.5,
  cpf_growth: { oa: 2.5, sa_ma: 4, ra: 5 },
  cpf_payout_age: 65,
  retirement_age: 55,
  post_retirement: { from_age: 60, to_age: 75 },
  cpf_life_plan: 'basic' as const,
} as const;

/** Pension scheme by record currency (spec §9): SGD → CPF, RM → EPF, otherwise Pension. */
export function schemeForCurrency(currency: string): ContributionTable['scheme'] {
  const c = currency.toUpperCase();
  return c === 'SGD' ? 'CPF' : c === 'RM' || c === 'MYR' ? 'EPF' : 'Pension';
}

/** Monthly contributions for a monthly wage at an age (amounts, unrounded). */
export function monthlyContribution(
  wage: number,
  age: number,
  table: ContributionTable,
): { employer: number; employee: number; total: number } {
  nonNegative(wage, 'wage');
  const b = contributionRates(age, table);
  return {
    employer: result((wage * b.employer) / 100, 'wage'),
    employee: result((wage * b.employee) / 100, 'wage'),
    total: result((wage * b.total) / 100, 'wage'),
  };
}

/** What decides a member's contribution in a year (terms of the plan, "Contribution"). */
export interface ContributionCase {
  scheme: ContributionTable['scheme'];
  /** The month's wage, in the pension's currency. */
  wage: number;
  /** The member's age in that year: year − birth year (the projection's age). */
  age: number;
  year: number;
  /** Percentages the advisor typed (they stay fixed); left out, the scheme's table by age applies. */
  employer_percent?: number;
  employee_percent?: number;
  /** The value of 1 SGD (CPF) or 1 RM (EPF) in the wage's currency: the ceiling and threshold are in those. Default 1. */
  scheme_factor?: number;
}
/** One month's contribution: the wage it is charged on, the percentages applied, the amounts (unrounded). */
export interface ContributionFigure {
  /** The wage up to the scheme's ceiling (CPF: the ordinary wage ceiling of the year; others: the wage). */
  base: number;
  employer_percent: number;
  employee_percent: number;
  employer: number;
  employee: number;
  total: number;
}

/**
 * The provident contribution of one month in `year` (terms of the plan, "Contribution"): employer + employee on the
 * wage up to the scheme's wage ceiling of the year (CPF: the ordinary wage ceiling, tables/cpf.ts `owCeiling`), at the
 * rates by the member's age that year; EPF: employee 11, employer 13 (12 on wages above RM 5,000), from 60 employee 0
 * and employer 4, nothing from 75 (tables/epf.ts); other pensions: the spec's table on the whole wage. The projection
 * charges 12 of these a year (projection-assets.ts `pensionContributions`, the same rule on precomputed tables; a
 * test holds the two equal), and the Pension tab shows the one of this year.
 */
export function contributionIn(c: ContributionCase): ContributionFigure {
  nonNegative(c.wage, 'wage');
  finite(c.year, 'year');
  finite(c.age, 'age');
  if (c.employer_percent !== undefined) finite(c.employer_percent, 'employer_percent');
  if (c.employee_percent !== undefined) finite(c.employee_percent, 'employee_percent');
  const f = c.scheme_factor ?? 1;
  if (!(f > 0) || !Number.isFinite(f)) throw new CalculationInputError('scheme_factor', 'scheme_factor must be a finite number above 0');
  let base = c.wage;
  let er: number;
  let ee: number;
  if (c.scheme === 'EPF') {
    const e = inForce(rateTables().epf, c.year);
    const over60 = c.age >= e.age60;
    const stopped = c.age >= e.toAge;
    ee = stopped ? 0 : (c.employee_percent ?? (over60 ? e.employee60 : e.employee));
    er = stopped ? 0 : (c.employer_percent ?? (over60 ? e.employer60 : c.wage <= e.threshold * f ? e.employerLow : e.employerHigh));
  } else {
    if (c.scheme === 'CPF') {
      // the ordinary wage ceiling of the year, and a twelfth of the annual salary ceiling (as the projection's year)
      const v = inForce(rateTables().cpf, c.year);
      base = Math.min(c.wage, v.owCeiling * f, (v.annualCeiling * f) / 12);
    }
    const band = contributionRates(Math.max(0, Math.min(c.age, 150)), contributionTable(c.scheme, c.year));
    ee = c.employee_percent ?? band.employee;
    er = c.employer_percent ?? band.employer;
  }
  const employer = result((base * er) / 100, 'wage');
  const employee = result((base * ee) / 100, 'wage');
  return { base, employer_percent: er, employee_percent: ee, employer, employee, total: employer + employee };
}
