import type { Version } from './versioned';

/**
 * Singapore Seller's Stamp Duty on residential property (IRAS), issue 32. The duty is a rate of the actual price or the
 * market value at the sale, whichever is higher (not of the gain), and the rate depends on the date the property was
 * bought (which schedule) and how long it was held (which tier). A version is in force for the years of sale
 * `fromYear`..`toYear`; its `schedules` give, by purchase date, the rate for a sale within `maxMonths` months of the
 * purchase ("Up to 1 year" = 12 months, "More than 1 year and up to 2 years" = 24, …); a sale after the last tier
 * pays none, and a purchase that no schedule covers pays none (before 14 January 2011: see docs/decisions
 * rates-property.md). The holding period in months counts a started month as a month (docs/planning-model.md
 * "Property sale"), so "within 12 months" is a sale on or before the first anniversary of the purchase.
 */
export interface SsdTier {
  /** A sale within this many months of the purchase (ascending). */
  maxMonths: number;
  /** Percent of the higher of the price and the market value. */
  rate: number;
}
export interface SsdSchedule {
  /** First purchase date the schedule covers (ISO yyyy-mm-dd, inclusive). */
  purchasedFrom: string;
  /** Last purchase date it covers (inclusive), or null: every later purchase. */
  purchasedTo: string | null;
  tiers: readonly SsdTier[];
}
export interface SgSsdVersion extends Version {
  /** Schedules by purchase date, in ascending order of `purchasedFrom`, without overlap. */
  schedules: readonly SsdSchedule[];
}

const tiers = (...rates: number[]): SsdTier[] => rates.map((rate, k) => ({ maxMonths: 12 * (k + 1), rate }));

/** Purchases from 14 January 2011 to 10 March 2017 (IRAS): 16 / 12 / 8 / 4% within 1 / 2 / 3 / 4 years. */
const FROM_2011: SsdSchedule = { purchasedFrom: '2011-01-14', purchasedTo: '2017-03-10', tiers: tiers(16, 12, 8, 4) };

export const SG_SSD_TABLES: readonly SgSsdVersion[] = [
  {
    // Sales from 2017 to 2024: purchases from 11 March 2017 pay 12 / 8 / 4% within 1 / 2 / 3 years (IRAS; the spec's
    // "0-12 at 12; 12-24 at 8; 25-36 at 4" is the same schedule, applied there to the gain).
    fromYear: 2017,
    toYear: 2024,
    source: {
      publisher: 'IRAS',
      title: "Seller's Stamp Duty (SSD) for Residential Property: rates for properties purchased on and after 20 Feb 2010",
      url: 'https://www.iras.gov.sg/taxes/stamp-duty/for-property/selling-or-disposing-property/seller\'s-stamp-duty-(ssd)-for-residential-property',
    },
    schedules: [FROM_2011, { purchasedFrom: '2017-03-11', purchasedTo: null, tiers: tiers(12, 8, 4) }],
  },
  {
    // From 2025: purchases from 4 July 2025 pay 16 / 12 / 8 / 4% within 1 / 2 / 3 / 4 years; the 2017 schedule covers
    // purchases from 11 March 2017 to 3 July 2025 (MND, MOF and MAS, 3 July 2025; IRAS's SSD page).
    fromYear: 2025,
    source: {
      publisher: 'MND, MOF and MAS (IRAS administers)',
      title: "Extension of the Holding Period of Seller's Stamp Duty (SSD) and Higher SSD Rates for Residential Properties (3 July 2025), Table 1: SSD Schedule",
      url: "https://www.mnd.gov.sg/newsroom/press-releases/view/extension-of-the-holding-period-of-seller's-stamp-duty-(ssd)-and-higher-ssd-rates-for-residential-properties",
    },
    schedules: [
      FROM_2011,
      { purchasedFrom: '2017-03-11', purchasedTo: '2025-07-03', tiers: tiers(12, 8, 4) },
      { purchasedFrom: '2025-07-04', purchasedTo: null, tiers: tiers(16, 12, 8, 4) },
    ],
  },
];
