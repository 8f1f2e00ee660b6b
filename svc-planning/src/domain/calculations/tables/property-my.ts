import type { Version } from './versioned';

/**
 * Malaysia Real Property Gains Tax for individuals who are citizens or permanent residents (LHDN; RPGT Act 1976
 * Schedule 5 Part I), issue 32. A version is in force for the years of disposal `fromYear`..`toYear`. The rate is by
 * the year of ownership in which the disposal falls ("within 3 years after the date of acquisition", "in the 4th
 * year", …): `byYear` lists the rate for a disposal in year of ownership ≤ `upToYear` (ascending), and `laterRate`
 * applies from the year after the last one (the 6th year onward). The tax is the rate of the chargeable gain less the
 * individual's exemption (Schedule 4 paragraph 2): `exemptionAmount` or `exemptionPercent`% of the chargeable gain,
 * whichever is greater.
 */
export interface MyRpgtVersion extends Version {
  /** Rate (percent) for a disposal in year of ownership ≤ `upToYear` (ascending). */
  byYear: ReadonlyArray<{ upToYear: number; rate: number }>;
  /** Rate (percent) for a disposal in a later year of ownership. */
  laterRate: number;
  /** The individual's exemption: this amount (RM) or `exemptionPercent`% of the chargeable gain, the greater. */
  exemptionAmount: number;
  exemptionPercent: number;
}

const PART_I = [
  { upToYear: 3, rate: 30 },
  { upToYear: 4, rate: 20 },
  { upToYear: 5, rate: 15 },
];
const RATES_PAGE = {
  publisher: 'LHDN',
  title: 'Real Property Gains Tax (RPGT) Rates (Schedule 5, Part I); Exemption (Schedule 4 paragraph 2: RM10,000 or 10% of the chargeable gain, whichever is greater)',
  url: 'https://www.hasil.gov.my/en/rpgt/real-property-gains-tax-rpgt-rate/',
};

export const MY_RPGT_TABLES: readonly MyRpgtVersion[] = [
  {
    // Disposals in 2018: nil from the 6th year (LHDN's rates page, "1.1.2018 - 31.12.2018").
    fromYear: 2018,
    toYear: 2018,
    source: RATES_PAGE,
    byYear: PART_I,
    laterRate: 0,
    exemptionAmount: 10_000,
    exemptionPercent: 10,
  },
  {
    // Disposals from 2019 to 2021: 5% from the 6th year (LHDN's rates page, "w.e.f 1.1.2019", YA 2020).
    fromYear: 2019,
    toYear: 2021,
    source: RATES_PAGE,
    byYear: PART_I,
    laterRate: 5,
    exemptionAmount: 10_000,
    exemptionPercent: 10,
  },
  {
    // Disposals from 2022: nil again from the 6th year for citizens and permanent residents (Budget 2022, Finance Act
    // 2021; LHDN's rates page, YA 2022 onward).
    fromYear: 2022,
    source: RATES_PAGE,
    byYear: PART_I,
    laterRate: 0,
    exemptionAmount: 10_000,
    exemptionPercent: 10,
  },
];
