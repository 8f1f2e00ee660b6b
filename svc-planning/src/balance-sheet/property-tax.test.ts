import { debtFigures } from './read';

/**
 * Issue 32: the Property tab's sale (balance-sheet/read.ts debtFigures, the engine's scheduledSale on the stored debt)
 * names the sale's tax and shows it by holding period as its publisher computes it. Figures by hand below; the rule:
 * docs/planning-model.md "Property sale".
 */
const stored = (data: Record<string, unknown>) =>
  ({ id: 'd1', created_at: '2025-08-01T00:00:00Z', type: 'property', ...data }) as unknown as Parameters<typeof debtFigures>[0];

describe("the Property tab's sale tax (issue 32)", () => {
  it("Singapore: Seller's Stamp Duty on the higher of price and market value, by the schedule of the purchase date (4 July 2025)", () => {
    // bought 1 August 2025 (the first instalment's date) for 2,000,000, worth 2,100,000 on 1 January 2026, growing
    // 3%: 2,163,000 at the end of 2026; sold then at 1,900,000. Held 17 months: 12% of max(1,900,000, 2,163,000) =
    // 259,560; net 1,900,000 − 259,560 = 1,640,440. By holding period (schedule from 4 July 2025, 16/12/8/4%):
    // 2,163,000 · 16% = 346,080; · 12% = 259,560; · 8% = 173,040; · 4% = 86,520; after 48 months 0.
    const f = debtFigures(
      stored({
        currency: 'SGD',
        purchase_price: 2_000_000,
        market_value: 2_100_000,
        growth_rate: 3,
        starting_year: 2025,
        installment_transaction: { transaction_start_date: '2025-08-01' },
        future_selling_year: 2026,
        future_selling_price: 1_900_000,
      }),
      '2026-01-01',
      [],
      1,
    );
    const sale = f.property?.sale;
    expect(sale && [sale.gain_tax_kind, sale.gain_tax_rate, sale.market_value, sale.gain_tax_base, sale.gain_tax, sale.net_proceeds]).toEqual([
      'ssd',
      12,
      2_163_000,
      2_163_000,
      259_560,
      1_640_440,
    ]);
    expect(f.property?.gain_tax_by_holding).toEqual([
      { months_held: 12, rate: 16, gain_tax: 346_080 },
      { months_held: 24, rate: 12, gain_tax: 259_560 },
      { months_held: 36, rate: 8, gain_tax: 173_040 },
      { months_held: 48, rate: 4, gain_tax: 86_520 },
      { months_held: 49, rate: 0, gain_tax: 0 },
    ]);
  });

  it('Malaysia: RPGT on the gain less the exemption (10% of a gain of 280,000 = 28,000), by year of ownership', () => {
    // bought in 2022 (no instalment date: January) for 500,000, sold in 2026 at 800,000 with a fee of 20,000: gain
    // 280,000, exemption max(10,000, 28,000) = 28,000, chargeable 252,000; held 60 months (5th year) 15% = 37,800.
    // By holding: 30% → 75,600; 20% → 50,400; 15% → 37,800; from the 6th year 0.
    const f = debtFigures(
      stored({
        currency: 'RM',
        purchase_price: 500_000,
        market_value: 700_000,
        starting_year: 2022,
        future_selling_year: 2026,
        future_selling_price: 800_000,
        future_transaction_fee: 20_000,
      }),
      '2026-01-01',
      [],
      1,
    );
    const sale = f.property?.sale;
    expect(sale && [sale.gain_tax_kind, sale.gain_tax_rate, sale.gain_tax_exemption, sale.gain_tax_base, sale.gain_tax]).toEqual([
      'rpgt',
      15,
      28_000,
      252_000,
      37_800,
    ]);
    expect(f.property?.gain_tax_by_holding).toEqual([
      { months_held: 36, rate: 30, gain_tax: 75_600 },
      { months_held: 48, rate: 20, gain_tax: 50_400 },
      { months_held: 60, rate: 15, gain_tax: 37_800 },
      { months_held: 61, rate: 0, gain_tax: 0 },
    ]);
  });
});
