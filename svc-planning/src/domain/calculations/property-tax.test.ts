import * as engine from './index';
import { netSaleProceeds } from './property';
import { project } from './projection';
import { keptScheduledSale, scheduledSale } from './sale';
import { installRateTables, rateTables } from './tables/registry';
import type { HouseholdInput, PropertyInput } from './types';

/**
 * Issue 32: the tax a property sale pays, as its publishers define it. Figures by hand in the comments;
 * docs/planning-model.md "Property sale" holds the same worked examples.
 *
 * - Singapore Seller's Stamp Duty (IRAS, "Seller's Stamp Duty (SSD) for Residential Property"): a rate of "the actual
 *   price or market value, whichever is higher"; purchases from 11 March 2017 pay 12 / 8 / 4% for a sale up to 1 / 2 /
 *   3 years after; purchases from 4 July 2025 pay 16 / 12 / 8 / 4% up to 1 / 2 / 3 / 4 years (MND, MOF and MAS,
 *   3 July 2025, Table 1 "SSD Schedule"); purchases from 14 January 2011 to 10 March 2017 paid 16 / 12 / 8 / 4% (IRAS).
 * - Malaysia Real Property Gains Tax (LHDN, "Real Property Gains Tax (RPGT) Rates", Schedule 5 Part I: a citizen or
 *   permanent resident): 30% for a disposal within 3 years after the acquisition, 20% in the 4th year, 15% in the 5th,
 *   0% from the 6th (from 2022); the chargeable gain less the exemption "RM10,000 or 10% of the chargeable gain,
 *   whichever is greater" (LHDN, "Exemption", Schedule 4 paragraph 2).
 */

const asOf = engine.dayNumber('2026-01-01');

const sgProperty = (p: Partial<PropertyInput>): PropertyInput => ({
  id: 'p',
  purchase_price: 1_000_000,
  purchase_year: 2024,
  market_value: 1_050_000,
  growth_rate: 0,
  currency: 'SGD',
  ...p,
});
const myProperty = (p: Partial<PropertyInput>): PropertyInput => ({
  id: 'p',
  purchase_price: 300_000,
  purchase_year: 2024,
  market_value: 300_000,
  growth_rate: 0,
  currency: 'RM',
  ...p,
});

describe("Singapore Seller's Stamp Duty: a rate of the higher of the price and the market value, by purchase date and holding", () => {
  it('2017 schedule: bought 15 March 2024, sold in 2026 at 1,100,000 (market value 1,050,000): 4% of the price = 44,000', () => {
    // held 15 Mar 2024 to 31 Dec 2026: 33 months and 16 days, 34 months counted ("more than 2 years and up to 3
    // years": 4%). Base = max(1,100,000, 1,050,000) = 1,100,000; SSD = 1,100,000 · 4% = 44,000 (before: 4% of the
    // gain 1,100,000 − 1,000,000 − 20,000 = 80,000, i.e. 3,200). Net = 1,100,000 − 20,000 − 44,000 = 1,036,000.
    const s = scheduledSale(
      sgProperty({ purchase_date: '2024-03-15', future_selling_year: 2026, future_selling_price: 1_100_000, future_transaction_fee: 20_000 }),
      undefined,
      asOf,
    );
    expect(s?.months_held).toBe(34);
    expect(s?.gain_tax).toBe(44_000);
    expect(s?.net_proceeds).toBe(1_036_000);
  });

  it('2025 schedule, market value above the price: bought 1 August 2025 for 2,000,000, sold in 2026 at 1,900,000, value 2,163,000: 12% of 2,163,000', () => {
    // held 1 Aug 2025 to 31 Dec 2026: 16 months and 30 days, 17 counted (bought on or after 4 July 2025: "more than 1
    // year and up to 2 years" 12%). Market value at the sale = 2,100,000 grown 3% over 2026 = 2,163,000 (the
    // projection's year-end value), above the price 1,900,000: SSD = 2,163,000 · 12% = 259,560 (before: nothing, the
    // gain being negative). Net = 1,900,000 − 259,560 = 1,640,440.
    const p = sgProperty({
      purchase_price: 2_000_000,
      purchase_year: 2025,
      purchase_date: '2025-08-01',
      market_value: 2_100_000,
      growth_rate: 3,
      future_selling_year: 2026,
      future_selling_price: 1_900_000,
    });
    const s = scheduledSale(p, undefined, asOf);
    expect(s?.months_held).toBe(17);
    expect(s?.gain_tax_table).toBe('sgSsd@2025');
    expect(s?.gain_tax).toBeCloseTo(259_560, 6);
    expect(s?.net_proceeds).toBeCloseTo(1_640_440, 6);
  });

  it('the projection’s sale-year row takes the same net proceeds (2025 schedule example)', () => {
    const h: HouseholdInput = {
      as_of: '2026-01-01',
      currency: 'SGD',
      members: [{ id: 'm1', relation: 'me', age: 40, retirement_age: 65 }],
      properties: [
        sgProperty({
          purchase_price: 2_000_000,
          purchase_year: 2025,
          purchase_date: '2025-08-01',
          market_value: 2_100_000,
          growth_rate: 3,
          future_selling_year: 2026,
          future_selling_price: 1_900_000,
        }),
      ],
    };
    expect(project(h).rows.find((r) => r.year === 2026)?.property_sales).toBe(1_640_440);
  });

  it('the schedule is the purchase date’s: bought 3 July 2025 (8%) or 4 July 2025 (12%), both sold in 2026 at 1,000,000', () => {
    // held to 31 Dec 2026: 17 months and 28 days, 18 counted, either way ("more than 1 year and up to 2 years").
    // 3 July 2025: the schedule from 11 March 2017, 8% → 80,000; 4 July 2025: the schedule from 4 July 2025, 12% → 120,000.
    const sale = (d: string) =>
      scheduledSale(sgProperty({ purchase_year: 2025, purchase_date: d, market_value: 1_000_000, future_selling_year: 2026 }), undefined, asOf);
    expect(sale('2025-07-03')?.gain_tax).toBe(80_000);
    expect(sale('2025-07-04')?.gain_tax).toBe(120_000);
  });

  it('"up to 1 year" is a sale on or before the first anniversary: bought 31 Dec 2025 → 16%, 30 Dec 2025 → 12%', () => {
    // sold 31 Dec 2026: bought 31 Dec 2025 = exactly 12 months (up to 1 year, 16% of 1,000,000 = 160,000); bought
    // 30 Dec 2025 = 12 months and a day, 13 counted (more than 1 year, 12% = 120,000). Before, months were counted
    // to 1 January and a part month dropped: a purchase on 2 December 2025 counted 12 months, a 13-month holding.
    const sale = (d: string) =>
      scheduledSale(sgProperty({ purchase_year: 2025, purchase_date: d, market_value: 1_000_000, future_selling_year: 2026 }), undefined, asOf);
    expect(sale('2025-12-31')?.gain_tax).toBe(160_000);
    expect(sale('2025-12-30')?.gain_tax).toBe(120_000);
    expect(sale('2025-12-02')?.months_held).toBe(13);
  });

  it('no SSD after the schedule’s last tier, whatever the gain: bought 2021 (Jan), sold 2026 (72 months)', () => {
    const s = scheduledSale(sgProperty({ purchase_year: 2021, purchase_price: 500_000, future_selling_year: 2026 }), undefined, asOf);
    expect(s?.gain_tax).toBe(0);
  });

  it('SSD is due at a loss too (it is a duty on the price): bought Jan 2026 for 1,000,000, sold in 2026 at 900,000 → 16% = 144,000', () => {
    // no purchase date: 1 January 2026 (decision), held 12 months, "up to 1 year" of the 2025 schedule: 16%.
    const s = scheduledSale(
      sgProperty({ purchase_year: 2026, market_value: 900_000, future_selling_year: 2026 }),
      undefined,
      asOf,
    );
    expect(s?.gain_tax).toBe(144_000);
  });

  it('the rate helpers: a 2016 purchase sold in 2019 after 43 months pays the 2011 schedule’s 4%; nothing covers 2010', () => {
    // bought 1 June 2016 (14 Jan 2011 – 10 Mar 2017: 16 / 12 / 8 / 4% up to 4 years); 43 months: "more than 3 years
    // and up to 4 years": 4%. A purchase before 14 January 2011 is in no schedule (decision): 0.
    expect(engine.ssdRate(43, engine.dayNumber('2016-06-01'), 2019)).toBe(4);
    expect(engine.ssdRate(12, engine.dayNumber('2010-06-01'), 2011)).toBe(0);
    expect([12, 13, 24, 25, 36, 37].map((m) => engine.ssdRate(m, engine.dayNumber('2024-01-01'), 2026))).toEqual([12, 8, 8, 4, 4, 0]);
    expect([12, 13, 24, 25, 36, 37, 48, 49].map((m) => engine.ssdRate(m, engine.dayNumber('2025-07-04'), 2026))).toEqual([16, 12, 12, 8, 8, 4, 4, 0]);
  });

  it('net sale proceeds (the spec’s calculation): SSD on the price, not the gain', () => {
    // 1,000,000 bought 1 March 2024, sold in 2025 after 20 months (8%): 8% · 1,000,000 = 80,000 (before: 8% of the
    // gain 180,000 = 14,400). Net = 1,000,000 − 20,000 − 300,000 − 100,000 − 80,000 = 500,000.
    const r = netSaleProceeds({
      selling_price: 1_000_000,
      purchase_price: 800_000,
      transaction_fee: 20_000,
      outstanding_loan: 300_000,
      pension_refund: 100_000,
      months_held: 20,
      currency: 'SGD',
      sale_year: 2025,
      purchase_date: '2024-03-01',
    });
    expect(r.gain_tax).toBe(80_000);
    expect(r.net_proceeds).toBe(500_000);
  });
});

describe('Malaysia RPGT (citizen or permanent resident): the gain less the exemption, at the rate of the year of ownership', () => {
  it('exemption RM 10,000 (above 10% of the gain): bought 2024, sold 2026 at 360,000 with a fee of 10,000 → 12,000', () => {
    // held Jan 2024 – Dec 2026: 36 months, within 3 years: 30%. Gain 360,000 − 300,000 − 10,000 = 50,000;
    // exemption max(10,000, 5,000) = 10,000; chargeable 40,000; RPGT 40,000 · 30% = 12,000 (before: 15,000).
    // Net = 360,000 − 10,000 − 12,000 = 338,000.
    const s = scheduledSale(myProperty({ future_selling_year: 2026, future_selling_price: 360_000, future_transaction_fee: 10_000 }), undefined, asOf);
    expect(s?.months_held).toBe(36);
    expect(s?.gain_tax).toBe(12_000);
    expect(s?.net_proceeds).toBe(338_000);
  });

  it('exemption 10% of the gain (above RM 10,000): bought 2022 for 500,000, sold 2026 at 800,000, fee 20,000 → 37,800', () => {
    // held Jan 2022 – Dec 2026: 60 months, the 5th year: 15%. Gain 280,000; exemption max(10,000, 28,000) = 28,000;
    // chargeable 252,000; RPGT 252,000 · 15% = 37,800 (before: 42,000). Net = 800,000 − 20,000 − 37,800 = 742,200.
    const s = scheduledSale(
      myProperty({ purchase_year: 2022, purchase_price: 500_000, future_selling_year: 2026, future_selling_price: 800_000, future_transaction_fee: 20_000 }),
      undefined,
      asOf,
    );
    expect(s?.months_held).toBe(60);
    expect(s?.gain_tax_table).toBe('myRpgt@2022');
    expect(s?.gain_tax).toBeCloseTo(37_800, 6);
    expect(s?.net_proceeds).toBeCloseTo(742_200, 6);
  });

  it('a gain below the exemption pays nothing; the 6th year pays nothing (from 2022); 2019-2021 charged 5% from the 6th year', () => {
    // gain 8,000 < 10,000: nothing (before: 30% · 8,000 = 2,400)
    const small = scheduledSale(myProperty({ future_selling_year: 2026, future_selling_price: 308_000 }), undefined, asOf);
    expect(small?.gain_tax).toBe(0);
    expect(engine.rpgtRate(61, 2026)).toBe(0);
    expect(engine.rpgtRate(61, 2020)).toBe(5);
    expect([36, 37, 48, 49, 60].map((m) => engine.rpgtRate(m, 2026))).toEqual([30, 20, 20, 15, 15]);
    expect(engine.rpgtExemption(50_000, 2026)).toBe(10_000);
    expect(engine.rpgtExemption(280_000, 2026)).toBe(28_000);
    expect(engine.rpgtExemption(4_000, 2026)).toBe(4_000);
  });
});

describe('the tables the sale’s tax reads are the registry’s (an admin-added version applies without a release)', () => {
  it('a 2027 RPGT version with a RM 20,000 exemption changes a 2027 sale, and not a 2026 one', () => {
    const before = rateTables();
    const last = before.myRpgt[before.myRpgt.length - 1];
    if (!last) throw new Error('no RPGT version');
    installRateTables({ ...before, myRpgt: [...before.myRpgt.map((v) => (v === last ? { ...v, toYear: 2026 } : v)), { ...last, fromYear: 2027, toYear: null, exemptionAmount: 20_000 }] });
    try {
      // gain 50,000 in 2027 (held 48 months, 4th year, 20%): exemption 20,000 → 30,000 · 20% = 6,000; in 2026 10,000.
      expect(engine.rpgtExemption(50_000, 2027)).toBe(20_000);
      expect(engine.rpgtExemption(50_000, 2026)).toBe(10_000);
      const s = scheduledSale(myProperty({ future_selling_year: 2027, future_selling_price: 360_000, future_transaction_fee: 10_000 }), undefined, asOf);
      expect(s?.gain_tax).toBe(6_000);
    } finally {
      installRateTables(before);
    }
  });

  it('a kept sale (the projection reads it again) is computed again when the tables change', () => {
    const p = myProperty({ future_selling_year: 2027, future_selling_price: 360_000, future_transaction_fee: 10_000 });
    // 2027, 48 months (4th year, 20%), gain 50,000, exemption 10,000: 8,000
    expect(keptScheduledSale(p, undefined, asOf)?.gain_tax).toBe(8_000);
    const before = rateTables();
    const last = before.myRpgt[before.myRpgt.length - 1];
    if (!last) throw new Error('no RPGT version');
    installRateTables({ ...before, myRpgt: [...before.myRpgt.map((v) => (v === last ? { ...v, toYear: 2026 } : v)), { ...last, fromYear: 2027, toYear: null, exemptionAmount: 20_000 }] });
    try {
      expect(keptScheduledSale(p, undefined, asOf)?.gain_tax).toBe(6_000);
    } finally {
      installRateTables(before);
    }
    expect(keptScheduledSale(p, undefined, asOf)?.gain_tax).toBe(8_000);
  });
});
