import type { Version } from './versioned';

/**
 * Singapore Seller's Stamp Duty on residential property (IRAS). Today: the spec's rates by months held (planning-content
 * §9 "Early-withdrawal style rate by period in months"), charged on the gain. Issue 32 makes it the published rule.
 */
export interface SgSsdVersion extends Version {
  /** Rate (percent) for a sale within `maxMonths` months of purchase (ascending). */
  within: ReadonlyArray<{ maxMonths: number; rate: number }>;
}

export const SG_SSD_TABLES: readonly SgSsdVersion[] = [
  {
    fromYear: 2024,
    source: { publisher: 'Kinfolio specification', title: 'planning-content.md §9 Early-withdrawal style rate by period in months', url: 'https://www.iras.gov.sg/taxes/stamp-duty/for-property/selling-or-disposing-property/seller\'s-stamp-duty-(ssd)-for-residential-property' },
    within: [
      { maxMonths: 12, rate: 12 },
      { maxMonths: 24, rate: 8 },
      { maxMonths: 36, rate: 4 },
    ],
  },
];
