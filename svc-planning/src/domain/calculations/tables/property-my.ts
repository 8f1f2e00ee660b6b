import type { Version } from './versioned';

/**
 * Malaysia Real Property Gains Tax for individuals who are citizens or permanent residents (LHDN). Today: the spec's
 * rates by year of ownership (planning-content §9 "Year-based rate"). Issue 32 adds the exemption.
 */
export interface MyRpgtVersion extends Version {
  /** Rate (percent) for a disposal in year of ownership ≤ `upToYear` (ascending); later years 0 unless listed. */
  byYear: ReadonlyArray<{ upToYear: number; rate: number }>;
}

export const MY_RPGT_TABLES: readonly MyRpgtVersion[] = [
  {
    fromYear: 2024,
    source: { publisher: 'LHDN', title: 'Real Property Gains Tax (RPGT) rates (planning-content.md §9 Year-based rate)', url: 'https://www.hasil.gov.my/en/rpgt/real-property-gains-tax-rpgt-rate/' },
    byYear: [
      { upToYear: 3, rate: 30 },
      { upToYear: 4, rate: 20 },
      { upToYear: 5, rate: 15 },
    ],
  },
];
