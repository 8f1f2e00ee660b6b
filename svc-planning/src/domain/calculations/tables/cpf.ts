import type { Version } from './versioned';

/**
 * CPF (Singapore) figures by the year they apply from. Total contribution rates stay the spec's table (planning-content
 * §9, the default an advisor sees); everything else is the CPF Board's published figures.
 *
 * Age bands: a band covers ages above the previous band's `toAge` up to and including its own (age = projection year
 * − birth year); `toAge` null = no upper bound.
 */
export interface CpfRateBand {
  toAge: number | null;
  employer: number;
  employee: number;
  total: number;
}
/** Allocation of the month's total contribution, as percent of wages (they add up to the official total). */
export interface CpfAllocationBand {
  toAge: number | null;
  oa: number;
  /** SA below 55; from 55 the SA is closed (from 2025) and this share goes to the RA. */
  sa: number;
  ma: number;
}
export interface CpfVersion extends Version {
  /** Total rates by age (percent of wages): the spec's table. */
  rates: readonly CpfRateBand[];
  allocation: readonly CpfAllocationBand[];
  /** Ordinary wage ceiling (SGD a month) and the annual salary ceiling (ordinary + additional wages, SGD a year). */
  owCeiling: number;
  annualCeiling: number;
  /** Retirement sums for members turning 55 in the version's year (SGD). */
  brs: number;
  frs: number;
  ers: number;
  /** Basic Healthcare Sum (SGD): MediSave above it overflows to the SA (below 55) or the RA (from 55). */
  bhs: number;
  /** Yearly rise (percent) of the sums and the BHS for years after the version's year, until a newer version. */
  sumsGrowth: number;
  /** Extra interest: `rate` % on the first `first` of combined balances (at most `oaCap` from the OA); from 55 a further `rate55` % on the first `first55`. */
  extraInterest: { first: number; oaCap: number; rate: number; first55: number; rate55: number };
  /** CPF LIFE: the share of the RA a Basic plan pays as premium at the first payout (the rest stays in the RA). */
  lifeBasicPremiumShare: number;
  /** CPF LIFE Escalating: yearly rise of the payout (percent). */
  lifeEscalation: number;
  /**
   * Interest (percent a year) of each account before extra interest: CPF Board's floor rates (OA 2.5; SA, MediSave
   * and RA, the SMRA, 4), which the pegged rates have stayed below. A pension record's own rates replace them; extra
   * interest (`extraInterest`) is credited apart, on top, once (issue 32: the spec's "ra 5" is 4% plus extra interest).
   */
  interest: { oa: number; sa: number; ma: number; ra: number };
}

/** Spec §9 "Provident-fund contribution rates by age" (total = employer + employee). */
export const SPEC_RATE_BANDS: readonly CpfRateBand[] = [
  { toAge: 55, employer: 17, employee: 20, total: 37 },
  { toAge: 60, employer: 15, employee: 16, total: 31 },
  { toAge: 65, employer: 11.5, employee: 10.5, total: 22 },
  { toAge: 70, employer: 9, employee: 7.5, total: 16.5 },
  { toAge: null, employer: 7.5, employee: 5, total: 12.5 },
];

const bandsBelow55: CpfAllocationBand[] = [
  { toAge: 35, oa: 23, sa: 6, ma: 8 },
  { toAge: 45, oa: 21, sa: 7, ma: 9 },
  { toAge: 50, oa: 19, sa: 8, ma: 10 },
  { toAge: 55, oa: 15, sa: 11.5, ma: 10.5 },
];
const extraInterest = { first: 60_000, oaCap: 20_000, rate: 1, first55: 30_000, rate55: 1 };
/**
 * CPF Board's floor rates: OA 2.5%, SMRA 4%; the SMRA floor is extended to 31 December 2026 (CPF Board and HDB joint
 * release of 22 September 2025, as reported: https://www.channelnewsasia.com/singapore/cpf-special-medisave-retirement-accounts-floor-interest-rate-2026-5361126;
 * the release itself was not reachable here). Later years keep it until a version says otherwise (decision: the latest
 * announced floor continues). Extra interest: CPF Board, "How much extra interest can I earn on my CPF savings?"
 * (https://www.cpf.gov.sg/member/faq/growing-your-savings/cpf-interest-rates/how-much-extra-interest-can-i-earn-on-my-cpf-savings):
 * below 55, 1% on the first 60,000 (OA at most 20,000); from 55, 2% on the first 30,000 and 1% on the next 30,000,
 * the RA "including any CPF LIFE premium balance" counted first.
 */
const floorInterest = { oa: 2.5, sa: 4, ma: 4, ra: 4 };

export const CPF_TABLES: readonly CpfVersion[] = [
  {
    fromYear: 2025,
    source: { publisher: 'CPF Board', title: 'CPF contribution and allocation rates from 1 January 2025; CPF Overview 2025 (ceilings, retirement sums, BHS, interest)', url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay' },
    rates: SPEC_RATE_BANDS,
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 10, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 9.5, ma: 10.5 },
      { toAge: 70, oa: 1, sa: 5, ma: 10.5 },
      { toAge: null, oa: 1, sa: 1, ma: 10.5 },
    ],
    owCeiling: 7_400,
    annualCeiling: 102_000,
    brs: 106_500,
    frs: 213_000,
    ers: 426_000,
    bhs: 75_500,
    sumsGrowth: 3.5,
    extraInterest,
    lifeBasicPremiumShare: 0.15,
    lifeEscalation: 2,
    interest: floorInterest,
  },
  {
    fromYear: 2026,
    source: { publisher: 'CPF Board', title: 'CPF contribution and allocation rates from 1 January 2026; CPF Overview 2026 (ceilings, retirement sums, BHS, interest, CPF LIFE plans)', url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay' },
    rates: SPEC_RATE_BANDS,
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 11.5, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 11, ma: 10.5 },
      { toAge: 70, oa: 1, sa: 5, ma: 10.5 },
      { toAge: null, oa: 1, sa: 1, ma: 10.5 },
    ],
    owCeiling: 8_000,
    annualCeiling: 102_000,
    brs: 110_200,
    frs: 220_400,
    ers: 440_800,
    bhs: 79_000,
    sumsGrowth: 3.5,
    extraInterest,
    lifeBasicPremiumShare: 0.15,
    lifeEscalation: 2,
    interest: floorInterest,
  },
];

/** A band of an age-banded list (inclusive upper ages). */
export function bandAt<T extends { toAge: number | null }>(bands: readonly T[], age: number): T {
  for (const b of bands) if (b.toAge === null || age <= b.toAge) return b;
  return bands[bands.length - 1] as T;
}

/** The retirement sums and BHS of a version in `year`: the version's figures risen by `sumsGrowth` a year after its year. */
export function cpfSums(v: CpfVersion, year: number): { brs: number; frs: number; ers: number; bhs: number } {
  const k = year > v.fromYear ? (1 + v.sumsGrowth / 100) ** (year - v.fromYear) : 1;
  return { brs: v.brs * k, frs: v.frs * k, ers: v.ers * k, bhs: v.bhs * k };
}
