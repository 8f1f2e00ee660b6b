import type { Version } from './versioned';

/**
 * EPF (Malaysia) figures by the year they apply from.
 * Contribution rates (percent of the month's wages; KWSP Third Schedule): below 60, employee 11 and employer 13 when
 * the month's wages are at most RM 5,000, 12 above; from 60, employee 0 and employer 4; contributions stop at `toAge`
 * (75, EPF's mandatory contribution age) or when the member stops working, whichever is first.
 * Accounts (from 11 May 2024, KWSP account restructuring): Akaun Persaraan 75%, Akaun Sejahtera 15%, Akaun Fleksibel
 * 10% of every contribution. The engine's three EPF balances are these accounts (account1/2/3).
 * The rates are those of Malaysian members (Third Schedule Part A below 60, Part E from 60). Not modelled: permanent
 * residents and non-citizens (from 60: employee 5.5, employer 6.5 / 6; non-citizen workers' own rates from October
 * 2025), docs/decisions/rates-tax.md.
 */
export interface EpfVersion extends Version {
  employee: number;
  employerLow: number;
  employerHigh: number;
  /** Monthly wages (RM) up to which `employerLow` applies. */
  threshold: number;
  /** From this age: employee `employee60`, employer `employer60`. */
  age60: number;
  employee60: number;
  employer60: number;
  /** Contributions stop at this age (member aged `toAge` contributes nothing). */
  toAge: number;
  accounts: { persaraan: number; sejahtera: number; fleksibel: number };
}

export const EPF_TABLES: readonly EpfVersion[] = [
  {
    fromYear: 2024,
    source: { publisher: 'KWSP (EPF)', title: 'Contribution rate (Third Schedule, Malaysians: Part A below 60, Part E from 60); account restructuring from 11 May 2024 (75/15/10)', url: 'https://www.kwsp.gov.my/en/employer/responsibilities/contribution-rate' },
    employee: 11,
    employerLow: 13,
    employerHigh: 12,
    threshold: 5_000,
    age60: 60,
    employee60: 0,
    employer60: 4,
    toAge: 75,
    accounts: { persaraan: 0.75, sejahtera: 0.15, fleksibel: 0.1 },
  },
];

/**
 * Declared EPF dividends (conventional savings, percent): the rate credited for the year it was declared for. Years
 * after the last declared one use the projection's assumption, the spec's contribution growth 5.5 (planning-content
 * §9 Defaults) unless the record gives its own `contribution_growth_rate`.
 */
export interface EpfDividend extends Version {
  rate: number;
}
export const EPF_DIVIDENDS: readonly EpfDividend[] = [
  // Simpanan Konvensional, the rate a member who has not chosen Simpanan Shariah is credited
  { fromYear: 2022, rate: 5.35, source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2022 (declared 2023)', url: 'https://www.kwsp.gov.my/en/others/resource-centre/dividend' } },
  { fromYear: 2023, rate: 5.5, source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2023 (declared 2024)', url: 'https://www.kwsp.gov.my/en/others/resource-centre/dividend' } },
  { fromYear: 2024, rate: 6.3, source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2024 (declared 2025)', url: 'https://www.kwsp.gov.my/en/others/resource-centre/dividend' } },
  // declared 28 February 2026, credited 1 March 2026, Simpanan Konvensional and Simpanan Shariah alike
  { fromYear: 2025, rate: 6.15, source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2025: 6.15% (declared 28 February 2026)', url: 'https://www.kwsp.gov.my/en/others/resource-centre/dividend' } },
];
/** The declared dividend for `year`, or undefined for a year not (yet) declared. */
export function epfDividend(year: number, table: readonly EpfDividend[] = EPF_DIVIDENDS): number | undefined {
  for (const d of table) if (d.fromYear === year) return d.rate;
  return undefined;
}
