import { calculateDataTables, calculateDebt } from './index';
import { project } from './projection';
import type { HouseholdInput } from './types';

/**
 * Issue 31, observations 1, 2 and 10 (sale): a property's planned sale is one computation (sale.ts scheduledSale) in
 * the projection and the debt summary. Figures by hand (a decimal re-computation of the cents schedule, the refund's
 * yearly compounding written out): docs/planning-model.md "Property sale".
 */

/** The mortgage: loan 420,000 (2.6% over 30 years from 2021, 1,000 a month from the CPF OA), bought for
 * 600,000 in 2021, market value 720,000, sold in 2045 at the advisor's 800,000, fee 16,000, 150,000 of CPF used. */
function mortgage(sell: number | undefined): HouseholdInput {
  return {
    as_of: '2026-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 40, retirement_age: 65 }],
    pensions: [
      { id: 'cpf', member_id: 'm1', type: 'CPF', balances: { oa: 500_000, sa: 0, ma: 0, ra: 0 }, monthly_salary: 0, cpf_extra_interest: false },
    ],
    loans: [
      { id: 'mort', kind: 'mortgage', original_loan: 420_000, loan_interest: 2.6, loan_tenure: 30, starting_year: 2021, pension_monthly: 1000, pension_member_id: 'm1' },
    ],
    properties: [
      {
        id: 'home',
        owner_id: 'm1',
        purchase_price: 600_000,
        purchase_year: 2021,
        market_value: 720_000,
        growth_rate: 3,
        future_selling_year: sell,
        future_selling_price: sell === undefined ? undefined : 800_000,
        future_transaction_fee: 16_000,
        loan_id: 'mort',
        pension_used: 150_000,
        pension_member_id: 'm1',
        currency: 'SGD',
      },
    ],
  };
}

/** One member aged 40 with a CPF OA (2.5%, no wage, no extra interest) and a flat bought in 2015, sold in 2026 at its
 * market value (no growth, no loan). */
function flatSold2026(oa: number, flat: { market_value: number; pension_used: number; future_transaction_fee?: number }): HouseholdInput {
  return {
    as_of: '2026-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 40, retirement_age: 65 }],
    pensions: [{ id: 'cpf', member_id: 'm1', type: 'CPF', balances: { oa, sa: 0, ma: 0, ra: 0 }, monthly_salary: 0, cpf_extra_interest: false }],
    properties: [{ id: 'flat', purchase_price: 500_000, purchase_year: 2015, growth_rate: 0, future_selling_year: 2026, pension_member_id: 'm1', ...flat }],
  };
}

const row = (h: HouseholdInput, year: number) => {
  const r = project(h).rows.find((x) => x.year === year);
  if (!r) throw new Error(`no row ${year}`);
  return r;
};

describe('a planned property sale (issue 31, sale)', () => {
  it('observation 1: the projection sells at the advisor’s selling price, repays the schedule’s balance and refunds the CPF used', () => {
    // Schedule (cents, instalment 1,681.43): balance after 2045's December instalment (month 300) = 94,505.91.
    // Refund = 150,000 · 1.025^24 (271,308.89) + Σ 2021..2045 of 12,000 · 1.025^(2045 − y) (409,893.17)
    //        = 681,202.06. Held 2021-2045: 300 months, no gain tax (gain 800,000 − 600,000 − 16,000 = 184,000).
    // Net = 800,000 − 16,000 − 94,505.91 − 681,202.06 = 8,292.03 (before: the 2044 value grown 5%, no refund).
    const r = row(mortgage(2045), 2045);
    expect(r.property_sales).toBe(8292.03);
    expect(r.liabilities.loans).toBe(0);
    // the debt reply's schedule gives the same balance at the sale
    const debt = calculateDebt({ ...mortgage(2045), as_of: '2026-01-01' }).loans[0];
    expect(debt?.schedule[299]?.balance).toBe(94_505.91);
  });

  it('observation 1: the refund returns to the member’s CPF OA in the sale year (pension row up by the refund, to the cent)', () => {
    const sold = row(mortgage(2045), 2045).assets.pensions;
    const kept = row(mortgage(undefined), 2045).assets.pensions;
    expect(Math.abs(sold - kept - 681_202.06)).toBeLessThanOrEqual(0.01);
  });

  it('observation 2: a sale’s CPF refund enters the OA once, in the sale year’s row, and net worth is not overstated', () => {
    // OA 10,000 at 2.5%, no wage: 10,250 at the end of 2026. Bought in 2015 with 100,000 of CPF, sold in 2026 at
    // its market value 600,000 (no growth, no loan, no fee, held 144 months: no tax): refund 100,000 · 1.025^11 =
    // 131,208.67; pension row 10,250 + 131,208.67 = 141,458.67 (before: 272,667.33, the refund twice); sale
    // 600,000 − 131,208.67 = 468,791.33; net worth = 600,000 + 10,250 = 610,250 (the house became cash and CPF).
    const h = flatSold2026(10_000, { market_value: 600_000, pension_used: 100_000 });
    const r = row(h, 2026);
    expect(r.assets.pensions).toBe(141_458.67);
    expect(r.property_sales).toBe(468_791.33);
    expect(r.net_worth).toBe(610_250);
    // a year later the refund is still there once: (10,250 + 131,208.67) · 1.025
    expect(row(h, 2027).assets.pensions).toBe(144_995.13);
  });

  it('the refund is capped by what the sale leaves after the fee, the loan and the tax (CPF rule): net proceeds 0, not negative', () => {
    const h = flatSold2026(0, { market_value: 300_000, future_transaction_fee: 10_000, pension_used: 400_000 });
    // due 400,000 · 1.025^11 = 524,834.66; the sale leaves 300,000 − 10,000 = 290,000, which all returns to the OA
    const r = row(h, 2026);
    expect(r.property_sales).toBe(0);
    expect(r.assets.pensions).toBe(290_000);
  });

  it('two sales refunding to one account, listed out of year order, each enter in their own year', () => {
    // OA 0; flat B (listed second) bought in 2020 with 20,000 of CPF, sold 2027: 20,000 · 1.025^7 = 23,773.72;
    // flat A bought in 2020 with 10,000, sold 2030: 10,000 · 1.025^10 = 12,800.85.
    // 2027: 23,773.72; 2028: · 1.025 = 24,368.06; 2030: 23,773.72 · 1.025^3 + 12,800.85 = 38,402.54
    const h = flatSold2026(0, { market_value: 300_000, pension_used: 10_000 });
    const flat = (h.properties ?? [])[0] as NonNullable<HouseholdInput['properties']>[number];
    h.properties = [
      { ...flat, id: 'a', purchase_year: 2020, future_selling_year: 2030 },
      { ...flat, id: 'b', purchase_year: 2020, future_selling_year: 2027, pension_used: 20_000 },
    ];
    expect([2027, 2028, 2030].map((y) => row(h, y).assets.pensions)).toEqual([23_773.72, 24_368.06, 38_402.54]);
  });

  it('observation 10: the projection’s year-end loan balances are the cents schedule’s, every year', () => {
    const h = mortgage(undefined);
    const schedule = calculateDebt(h).loans[0]?.schedule ?? [];
    const rows = calculateDataTables(h).rows;
    for (const r of rows) {
      const paid = Math.min(schedule.length, (r.year - 2021 + 1) * 12);
      expect([r.year, r.liabilities.loans]).toEqual([r.year, paid >= schedule.length ? 0 : schedule[paid - 1]?.balance]);
    }
    // by hand: 359,960.58 at the end of 2026, 111,978.86 at the end of 2044 (the closed form: 1.45 more in 2045)
    expect(rows.find((r) => r.year === 2026)?.liabilities.loans).toBe(359_960.58);
    expect(rows.find((r) => r.year === 2044)?.liabilities.loans).toBe(111_978.86);
  });
});

describe('a property the plan sells to cover a deficit (issue 31, refund): the planned sale’s rule at the end of that year', () => {
  /** The flat of observation 2 with nothing planned: the saved sequence lists it, and 2026's expenses need it. */
  const deficitFlat = (): HouseholdInput => {
    const h = flatSold2026(10_000, { market_value: 600_000, pension_used: 100_000 });
    const flat = (h.properties ?? [])[0] as NonNullable<HouseholdInput['properties']>[number];
    h.properties = [{ ...flat, future_selling_year: undefined }];
    h.inflation_rate = 0;
    h.expenses = [{ id: 'e', category: 'living expense', amount: 1_000, frequency: 'monthly' }];
    return h;
  };
  const planRow = (h: HouseholdInput, year: number, sell_sequence: string[]) => {
    const r = project(h, { sell_sequence }).rows.find((x) => x.year === year);
    if (!r) throw new Error(`no row ${year}`);
    return r;
  };

  it('a flat bought with 100,000 of CPF, sold by the sequence in a deficit year, refunds the CPF grown at 2.5% to the OA in that row', () => {
    // 2026: expenses 12,000, no income, no cash: the sequence sells the flat on 31 December at its value 600,000 (no
    // growth, no loan, no fee, held 2015-2026 = 144 months: no tax). Refund 100,000 · 1.025^11 = 131,208.67 to the
    // OA: pension row 10,000 · 1.025 + 131,208.67 = 141,458.67 (before: 10,250, the refund lost). Net proceeds
    // 600,000 − 131,208.67 = 468,791.33 cover the 12,000: cash 456,791.33. Net worth 456,791.33 + 141,458.67 =
    // 598,250 = 600,000 + 10,250 − 12,000: the refund moved from the sale to the OA, net worth does not drop by it.
    const p = project(deficitFlat(), { sell_sequence: ['flat'] });
    const r = p.rows.find((x) => x.year === 2026) as (typeof p.rows)[number];
    expect(p.sold).toContainEqual({ year: 2026, asset_id: 'flat', amount: 468_791.33 });
    expect(r.asset_sales).toBe(468_791.33);
    expect(r.assets.pensions).toBe(141_458.67);
    expect(r.assets.cash).toBe(456_791.33);
    expect(r.assets.properties).toBe(0);
    expect(r.net_worth).toBe(598_250);
    // the refund is in the OA once: a year later (141,458.67) · 1.025 = 144,995.13
    expect(planRow(deficitFlat(), 2027, ['flat']).assets.pensions).toBe(144_995.13);
  });

  it('the same figures as a planned sale in that year: loan repaid from the cents schedule, fee, refund with the instalments, net proceeds', () => {
    // The issue's mortgage with no sale planned: 2026's instalments (1,681.43 a month, 1,000 of it from the OA) leave
    // cash 8,177.16 short, so the sequence sells the home at the end of 2026. A planned sale in 2026 (no selling price:
    // the value grown) gives the same net proceeds, the same refund into the OA and the same net worth, every year.
    const none = mortgage(undefined);
    const planned = mortgage(undefined);
    planned.properties = (planned.properties ?? []).map((x) => ({ ...x, future_selling_year: 2026 }));
    const bySequence = project(none, { sell_sequence: ['home'] });
    const onPlan = project(planned);
    const r26 = bySequence.rows[0] as (typeof bySequence.rows)[number];
    const p26 = onPlan.rows[0] as (typeof onPlan.rows)[number];
    expect(r26.asset_sales).toBe(p26.property_sales);
    expect(r26.asset_sales).toBeGreaterThan(0);
    expect(r26.liabilities.loans).toBe(0);
    expect(bySequence.rows.map((x) => [x.year, x.assets.pensions, x.net_worth])).toEqual(onPlan.rows.map((x) => [x.year, x.assets.pensions, x.net_worth]));
  });

  it('a property sold by the sequence before its planned year refunds once, at the deficit sale (nothing more in the planned year)', () => {
    const later = project(mortgage(2045), { sell_sequence: ['home'] });
    const never = project(mortgage(undefined), { sell_sequence: ['home'] });
    expect(later.sold.filter((s) => s.asset_id === 'home').map((s) => s.year)).toEqual([2026]);
    expect(later.rows.map((x) => x.assets.pensions)).toEqual(never.rows.map((x) => x.assets.pensions));
  });
});
