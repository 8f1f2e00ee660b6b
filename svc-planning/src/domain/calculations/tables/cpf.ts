import type { Version } from './versioned';

/**
 * CPF (Singapore) figures by the year they apply from: the CPF Board's published tables of each year (issue 32). The
 * spec's contribution table (planning-content §9) is CPF's own table of 2024, kept as the 2024 version; where a later
 * official figure differs from it, the official figure wins for its year (docs/decisions/rates-cpf.md).
 *
 * Age bands: a band covers ages above the previous band's `toAge` up to and including its own (age = projection year
 * − birth year); `toAge` null = no upper bound. CPF's own bands are "55 and below", "above 55 to 60", … (a member
 * moves up the month after the birthday); the engine counts whole years, so a member is in the lower band for the
 * whole year of the birthday (decision).
 */
export interface CpfRateBand {
  toAge: number | null;
  employer: number;
  employee: number;
  total: number;
}
/**
 * Allocation of the month's contribution, as percent of wages (CPF Board's allocation table; they add up to the
 * band's total contribution rate): the engine credits these percentages of the wage directly.
 */
export interface CpfAllocationBand {
  toAge: number | null;
  oa: number;
  /** SA below 55; from 55 the SA is closed (from 2025) and this share goes to the RA. */
  sa: number;
  ma: number;
}
export interface CpfVersion extends Version {
  /** Employer and employee contribution rates by age (percent of wages, monthly wages above S$750). */
  rates: readonly CpfRateBand[];
  allocation: readonly CpfAllocationBand[];
  /** Ordinary wage ceiling (SGD a month) and the annual salary ceiling (ordinary + additional wages, SGD a year). */
  owCeiling: number;
  annualCeiling: number;
  /** Retirement sums for members turning 55 in the version's year (SGD). */
  brs: number;
  frs: number;
  ers: number;
  /** Basic Healthcare Sum (SGD) of `bhsYear`: MediSave above it overflows to the SA (below 55) or the RA (from 55). */
  bhs: number;
  /** The year `bhs` was published for: the version's year, or an earlier one while the year's is not yet published. */
  bhsYear: number;
  /**
   * Yearly rise (percent) of the retirement sums for cohorts after the version's year, until a newer version: BRS(y)
   * = BRS(y − 1) · (1 + g) rounded to the nearest S$100, as CPF rounds; FRS and ERS keep their ratio to the BRS.
   */
  sumsGrowth: number;
  /** Yearly rise (percent) of the BHS for years after `bhsYear`, rounded to the nearest S$500 as CPF's BHS are. */
  bhsGrowth: number;
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

/**
 * Spec §9 "Provident-fund contribution rates by age" (total = employer + employee): CPF Board's rates from 1 January
 * 2024, the 2024 version's. The spec's other pension schemes ('Pension') and `retirementRate` keep reading it.
 */
export const SPEC_RATE_BANDS: readonly CpfRateBand[] = [
  { toAge: 55, employer: 17, employee: 20, total: 37 },
  { toAge: 60, employer: 15, employee: 16, total: 31 },
  { toAge: 65, employer: 11.5, employee: 10.5, total: 22 },
  { toAge: 70, employer: 9, employee: 7.5, total: 16.5 },
  { toAge: null, employer: 7.5, employee: 5, total: 12.5 },
];

/** Below 55 and above 65 the rates and allocation have not changed from 2016 to 2027. */
const rates55: CpfRateBand = { toAge: 55, employer: 17, employee: 20, total: 37 };
const rates65: readonly CpfRateBand[] = [
  { toAge: 70, employer: 9, employee: 7.5, total: 16.5 },
  { toAge: null, employer: 7.5, employee: 5, total: 12.5 },
];
const bandsBelow55: CpfAllocationBand[] = [
  { toAge: 35, oa: 23, sa: 6, ma: 8 },
  { toAge: 45, oa: 21, sa: 7, ma: 9 },
  { toAge: 50, oa: 19, sa: 8, ma: 10 },
  { toAge: 55, oa: 15, sa: 11.5, ma: 10.5 },
];
const bandsAbove65: CpfAllocationBand[] = [
  { toAge: 70, oa: 1, sa: 5, ma: 10.5 },
  { toAge: null, oa: 1, sa: 1, ma: 10.5 },
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
    // The spec's table (planning-content §9) is CPF's 2024 table. Allocation 56-65: the 2025 increase went wholly to
    // the RA (CPF Board), so 2024's SA share is 2025's RA share less the increase: 56-60 10 − 1.5 = 8.5, 61-65 9.5 − 1.5
    // = 8 (OA and MA unchanged); 66-70 and >70 as 2025-2026.
    fromYear: 2024,
    toYear: 2024,
    source: {
      publisher: 'CPF Board; Kinfolio specification',
      title:
        'Contribution rates from 1 January 2024 (= planning-content §9 table; the 2024 column of CPF\'s "changes to CPF contribution rates from 1 Jan 2025"); OW ceiling S$6,800 from 1 Jan 2024 (Budget 2023); retirement sums for members turning 55 in 2024 (ERS S$308,700); BHS 2024 S$71,500 (CPF Board, MOH and HDB, Dec 2023)',
      url: 'https://www.cpf.gov.sg/employer/faq/employer-obligations/how-much-cpf-contributions-to-pay/what-are-the-changes-to-cpf-contribution-rates-from-1-jan-2025',
    },
    rates: SPEC_RATE_BANDS,
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 8.5, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 8, ma: 10.5 },
      ...bandsAbove65,
    ],
    owCeiling: 6_800,
    annualCeiling: 102_000,
    brs: 102_900,
    frs: 205_800,
    ers: 308_700,
    bhs: 71_500,
    bhsYear: 2024,
    sumsGrowth: 3.5,
    bhsGrowth: 4.7,
    extraInterest,
    lifeBasicPremiumShare: 0.15,
    lifeEscalation: 2,
    interest: floorInterest,
  },
  {
    fromYear: 2025,
    toYear: 2025,
    source: {
      publisher: 'CPF Board',
      title:
        'Changes to CPF contribution rates from 1 Jan 2025 (the increase for 56-65 goes wholly to the RA); OW ceiling S$7,400; retirement sums for members turning 55 in 2025 (ERS 4 × BRS); BHS 2025 S$75,500',
      url: 'https://www.cpf.gov.sg/employer/faq/employer-obligations/how-much-cpf-contributions-to-pay/what-are-the-changes-to-cpf-contribution-rates-from-1-jan-2025',
    },
    rates: [
      rates55,
      { toAge: 60, employer: 15.5, employee: 17, total: 32.5 },
      { toAge: 65, employer: 12, employee: 11.5, total: 23.5 },
      ...rates65,
    ],
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 10, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 9.5, ma: 10.5 },
      ...bandsAbove65,
    ],
    owCeiling: 7_400,
    annualCeiling: 102_000,
    brs: 106_500,
    frs: 213_000,
    ers: 426_000,
    bhs: 75_500,
    bhsYear: 2025,
    sumsGrowth: 3.5,
    bhsGrowth: 4.7,
    extraInterest,
    lifeBasicPremiumShare: 0.15,
    lifeEscalation: 2,
    interest: floorInterest,
  },
  {
    fromYear: 2026,
    toYear: 2026,
    source: {
      publisher: 'CPF Board',
      title:
        'Contribution rates from 1 January 2026 (how much CPF contributions to pay) and allocation rates from 1 January 2026; OW ceiling S$8,000; retirement sums for members turning 55 in 2026; BHS 2026 S$79,000 (CPF Board, MOH and HDB, 15 Dec 2025)',
      url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay',
    },
    rates: [
      rates55,
      { toAge: 60, employer: 16, employee: 18, total: 34 },
      { toAge: 65, employer: 12.5, employee: 12.5, total: 25 },
      ...rates65,
    ],
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 11.5, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 11, ma: 10.5 },
      ...bandsAbove65,
    ],
    owCeiling: 8_000,
    annualCeiling: 102_000,
    brs: 110_200,
    frs: 220_400,
    ers: 440_800,
    bhs: 79_000,
    bhsYear: 2026,
    sumsGrowth: 3.5,
    bhsGrowth: 4.7,
    extraInterest,
    lifeBasicPremiumShare: 0.15,
    lifeEscalation: 2,
    interest: floorInterest,
  },
  {
    // Announced (Budget 2026, 12 Feb 2026): 56-60 +1.5 (employer 16.5, employee 19), 61-65 +1 (13 / 13), the increase
    // wholly to the RA (so the allocation is 2026's with the RA share raised by it). The 2027 BHS is not published yet
    // (CPF announces it in December): the 2026 figure, risen by `bhsGrowth` from 2027 (bhsYear 2026).
    fromYear: 2027,
    toYear: null,
    source: {
      publisher: 'CPF Board; Ministry of Finance (Budget 2026)',
      title:
        'CPF contribution rates from 1 Jan 2027 for senior workers (Budget 2026: 56-60 total 35.5%, 61-65 total 26%, the increase allocated to the RA); retirement sums for members turning 55 in 2027 (BRS S$114,100, FRS S$228,200, ERS S$456,400)',
      url: 'https://www.cpf.gov.sg/member/faq/retirement-income/general-information-on-retirement/what-are-the-retirement-sums-applicable-to-me-',
    },
    rates: [
      rates55,
      { toAge: 60, employer: 16.5, employee: 19, total: 35.5 },
      { toAge: 65, employer: 13, employee: 13, total: 26 },
      ...rates65,
    ],
    allocation: [
      ...bandsBelow55,
      { toAge: 60, oa: 12, sa: 13, ma: 10.5 },
      { toAge: 65, oa: 3.5, sa: 12, ma: 10.5 },
      ...bandsAbove65,
    ],
    owCeiling: 8_000,
    annualCeiling: 102_000,
    brs: 114_100,
    frs: 228_200,
    ers: 456_400,
    bhs: 79_000,
    bhsYear: 2026,
    sumsGrowth: 3.5,
    bhsGrowth: 4.7,
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

/** The age from which a member's Basic Healthcare Sum is fixed for life at that year's (CPF Board). */
export const BHS_FIXED_AGE = 65;

/** Nearest multiple of `step` (half up). */
const roundTo = (x: number, step: number) => Math.round(x / step) * step;

/**
 * The retirement sums of the cohort turning 55 in `year` under version `v` (its own figures in its year): after the
 * version's year the BRS rises by `sumsGrowth` a year, rounded to the nearest S$100 each year as CPF rounds (106,500 ·
 * 1.035 = 110,227.5 → 110,200; 110,200 · 1.035 = 114,057 → 114,100); FRS and ERS keep the version's ratio to the BRS
 * (2 and 4). A cohort before the version's year (a member already past 55, whose FRS caps what goes into the RA)
 * is taken back by the same rule (2023 99,400 and 2022 96,000 as published; earlier ones an estimate: 2020 89,700
 * against CPF's 90,500).
 */
export function cpfSums(v: CpfVersion, year: number): { brs: number; frs: number; ers: number } {
  if (year === v.fromYear) return { brs: v.brs, frs: v.frs, ers: v.ers };
  const g = 1 + v.sumsGrowth / 100;
  let brs = v.brs;
  const last = Math.min(year, v.fromYear + 500); // finite loops whatever the year
  const first = Math.max(year, v.fromYear - 500);
  for (let y = v.fromYear + 1; y <= last; y++) brs = roundTo(brs * g, 100);
  for (let y = v.fromYear - 1; y >= first; y--) brs = roundTo(brs / g, 100);
  return { brs, frs: (brs * v.frs) / v.brs, ers: (brs * v.ers) / v.brs };
}

/**
 * The Basic Healthcare Sum of `year` under version `v`: its published figure for `bhsYear`; later years rise by
 * `bhsGrowth` a year, rounded to the nearest S$500 each year (CPF's sums are multiples of 500); earlier years (a
 * cohort that turned 65 before the version's figure) fall back by the same rule (an estimate: CPF's older cohort sums
 * are not in the table).
 */
export function cpfBhs(v: CpfVersion, year: number): number {
  const g = 1 + v.bhsGrowth / 100;
  let bhs = v.bhs;
  const to = Math.min(year, v.bhsYear + 500);
  const from = Math.max(year, v.bhsYear - 500); // finite loops whatever the year
  for (let y = v.bhsYear + 1; y <= to; y++) bhs = roundTo(bhs * g, 500);
  for (let y = v.bhsYear - 1; y >= from; y--) bhs = roundTo(bhs / g, 500);
  return bhs;
}
