import { CalculationInputError, finite, nonNegative, result } from './errors';

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

export const CONTRIBUTION_TABLES: ContributionTable[] = [
  {
    id: 'cpf-2024',
    scheme: 'CPF',
    effective_from_year: 2024,
    source: 'planning-content.md §9 Provident-fund contribution rates by age',
    bands: [
      { to_age: 55, employer: 17, employee: 20, total: 37 },
      { to_age: 60, employer: 15, employee: 16, total: 31 },
      { to_age: 65, employer: 11.5, employee: 10.5, total: 22 },
      { to_age: 70, employer: 9, employee: 7.5, total: 16.5 },
      { to_age: null, employer: 7.5, employee: 5, total: 12.5 },
    ],
  },
  {
    // Decision: the spec's "flag variant gives 11 or 12" read as the EPF rates (employee 11, employer 12), all ages.
    id: 'epf-2024',
    scheme: 'EPF',
    effective_from_year: 2024,
    source: 'planning-content.md §9 Retirement-related rate, flag variant (11 / 12)',
    bands: [{ to_age: null, employer: 12, employee: 11, total: 23 }],
  },
  {
    // Decision: other pension schemes use the spec's main table unless the record gives its own percentages.
    id: 'pension-2024',
    scheme: 'Pension',
    effective_from_year: 2024,
    source: 'planning-content.md §9 Provident-fund contribution rates by age',
    bands: [
      { to_age: 55, employer: 17, employee: 20, total: 37 },
      { to_age: 60, employer: 15, employee: 16, total: 31 },
      { to_age: 65, employer: 11.5, employee: 10.5, total: 22 },
      { to_age: 70, employer: 9, employee: 7.5, total: 16.5 },
      { to_age: null, employer: 7.5, employee: 5, total: 12.5 },
    ],
  },
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

/**
 * Allocation of a CPF contribution between OA and SA/MA (decision: the spec gives none; CPF Board's published
 * allocation for members aged 35 and below, OA 23 / SA 6 / MA 8 of 37, is used as the default share).
 * EPF: account 1 / 2 / 3 = 75 / 15 / 10 (decision: EPF's published split since May 2024).
 */
export const CPF_ALLOCATION = { oa: 23 / 37, sa_ma: 14 / 37 } as const;
export const EPF_ALLOCATION = { account1: 0.75, account2: 0.15, account3: 0.1 } as const;

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
