import * as errorsModule from './errors';
import * as cpfModule from './tables/cpf';
import type { EpfVersion } from './tables/epf';
import * as epfModule from './tables/epf';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, nonNegative, result } = errorsModule;
const { SPEC_RATE_BANDS } = cpfModule;
const { EPF_TABLES } = epfModule;

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

/** The spec's rate table in this module's shape (tables/cpf.ts holds it; the CPF versions use it as their totals). */
const SPEC_BANDS: readonly ContributionBand[] = SPEC_RATE_BANDS.map((b) => ({ to_age: b.toAge, employer: b.employer, employee: b.employee, total: b.total }));
const epf = EPF_TABLES[0] as EpfVersion;

export const CONTRIBUTION_TABLES: ContributionTable[] = [
  { id: 'cpf-2024', scheme: 'CPF', effective_from_year: 2024, source: 'planning-content.md §9 Provident-fund contribution rates by age', bands: SPEC_BANDS },
  {
    // EPF by age (tables/epf.ts): below 60 employee 11 / employer 13 (12 on wages above RM 5,000, which the
    // projection applies by the wage), from 60 employee 0 / employer 4, nothing from 75.
    id: 'epf-2024',
    scheme: 'EPF',
    effective_from_year: epf.fromYear,
    source: epf.source,
    bands: [
      { to_age: epf.age60 - 1, employer: epf.employerLow, employee: epf.employee, total: epf.employerLow + epf.employee },
      { to_age: epf.toAge - 1, employer: epf.employer60, employee: epf.employee60, total: epf.employer60 + epf.employee60 },
      { to_age: null, employer: 0, employee: 0, total: 0 },
    ],
  },
  // Decision: other pension schemes use the spec's main table unless the record gives its own percentages.
  { id: 'pension-2024', scheme: 'Pension', effective_from_year: 2024, source: 'planning-content.md §9 Provident-fund contribution rates by age', bands: SPEC_BANDS },
];

/** The table in force for a scheme in a year: the latest whose effective_from_year ≤ year (else the earliest). */
export function contributionTable(
  scheme: ContributionTable['scheme'],
  year: number,
  tables: readonly ContributionTable[] = CONTRIBUTION_TABLES,
): ContributionTable {
  finite(year, 'year');
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
