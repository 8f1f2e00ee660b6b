import { project } from './projection';
import type { HouseholdInput } from './types';

/**
 * Issue 17: the household projection checked by hand. Each household isolates one mechanism; the figures are computed
 * by hand (derivation in each comment), never by the engine.
 *
 * Convention of these figures (docs/planning-model.md "Household projection"): a pension balance grows a whole year
 * at its rate (OA 2.5%), then the year's loan draws leave it; the year's row shows the balance after both.
 */

/** One member aged 20 (no RA before 2060, no wage), a CPF OA balance, and a 500,000 loan at 3% over 30 years from
 * 2025 with 800 a month paid from the OA. Instalment 500,000 · 0.0025 / (1 − 1.0025^−360) = 2,108.0202 a month,
 * 25,296.24 a year (12 × the unrounded instalment, rounded). */
function cpfLoanHousehold(oa: number): HouseholdInput {
  return {
    as_of: '2025-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 20, retirement_age: 20 }],
    pensions: [
      {
        id: 'p',
        member_id: 'm1',
        type: 'CPF',
        balances: { oa, sa_ma: 0, ra: 0 },
        monthly_salary: 0,
        cpf_extra_interest: false,
      },
    ],
    loans: [
      {
        id: 'l',
        kind: 'mortgage',
        original_loan: 500_000,
        loan_interest: 3,
        loan_tenure: 30,
        starting_year: 2025,
        pension_monthly: 800,
        pension_member_id: 'm1',
      },
    ],
  };
}
const row = (h: HouseholdInput, year: number) => {
  const r = project(h).rows.find((x) => x.year === year);
  if (!r) throw new Error(`no row for ${year}`);
  return r;
};
/** The year's cash accounts and shortfall, to the cent. */
const expectCash = (h: HouseholdInput, year: number, cash: number, shortfall: number) => {
  const r = row(h, year);
  expect(r.assets.cash).toBe(cash);
  expect(r.liabilities.shortfall).toBe(shortfall);
};

describe('issue 17 defect 1: a loan’s CPF part leaves the OA in the year it is paid', () => {
  // OA_t = OA_(t−1) · 1.025 − 12 · 800, OA_2024 = 400,000 (interest 10,000 > draws 9,600, so it never runs out):
  //   2025: 400,000 · 1.025 − 9,600 = 400,400        2026: 400,400 · 1.025 − 9,600 = 400,810
  //   2054 (30th draw year): 400,000 · g − 9,600 · (g − 1)/0.025 = 16,000 · g + 384,000, g = 1.025^30 = 2.0975676
  //        = 417,561.08;   2055 (no draw): 417,561.08 · 1.025 = 428,000.11
  // Before the fix every loan year's row was 9,600 higher (410,000 in 2025) and the last draw showed only in 2055.
  const h = cpfLoanHousehold(400_000);
  it.each([
    [2025, 400_400],
    [2026, 400_810],
    [2054, 417_561.08],
    [2055, 428_000.11],
  ])('the pension row of %i is %d', (year, value) => expect(row(h, year).assets.pensions).toBe(value));
  it('cash pays the instalments less the OA part: 25,296.24 − 9,600 = 15,696.24 a year', () => {
    expect(row(h, 2025).loan_repayments).toBe(15_696.24);
    expect(row(h, 2054).loan_repayments).toBe(15_696.24);
    expect(row(h, 2055).loan_repayments).toBe(0);
  });
});

describe('issue 17 defect 2: the OA never goes negative; when it runs out, cash pays the rest', () => {
  // OA_2024 = 3,000. 2025: 3,000 · 1.025 = 3,075 < 9,600 due, so the OA pays 3,075 and ends at 0; cash pays
  // 25,296.24 − 3,075 = 22,221.24. 2026 on: the OA is 0 and cash pays all 25,296.24.
  // Before the fix the OA fell to 3,075 · 1.025 − 9,600 … = −6,688.13 in 2026 and cash paid 15,696.24 every year.
  const h = cpfLoanHousehold(3_000);
  it('2025: the OA pays what it holds, 3,075, and cash the other 22,221.24', () => {
    expect(row(h, 2025).assets.pensions).toBe(0);
    expect(row(h, 2025).loan_repayments).toBe(22_221.24);
  });
  it('2026 and 2027: the OA stays at 0 and cash pays the whole 25,296.24', () => {
    for (const y of [2026, 2027]) {
      expect(row(h, y).assets.pensions).toBe(0);
      expect(row(h, y).loan_repayments).toBe(25_296.24);
    }
  });
  it('no provident balance is ever below zero, whatever the OA starts with', () => {
    for (const oa of [0, 1, 3_000, 50_000, 150_000, 287_999])
      for (const r of project(cpfLoanHousehold(oa)).rows) expect(r.assets.pensions).toBeGreaterThanOrEqual(0);
  });
  it('the loan’s payments in a year are its instalments, whoever pays them (OA part + cash part)', () => {
    // 150,000 OA: runs out part-way; every loan year, cash + OA draw = 25,296.24 (12 full instalments)
    const rows = project(cpfLoanHousehold(150_000)).rows;
    let oa = 150_000;
    for (const r of rows.filter((x) => x.year <= 2054)) {
      const grown = oa * 1.025;
      const drawn = Math.min(grown, 9_600);
      oa = grown - drawn;
      expect(r.loan_repayments + Math.round(drawn * 100) / 100).toBeCloseTo(25_296.24, 1);
    }
  });
});

describe('issue 17 defect 3: a part first year charges only the instalments still to come', () => {
  // Plan dated 1 July 2025; a 120,000 loan at 0% over 10 years from January 2024: 1,000 a month, 300 of it from the
  // OA, plus 50 a month of other costs. The instalments of January-June 2025 are in the opening balance, so 2025
  // charges July-December: 6 × 1,000 = 6,000, of which the OA pays 6 × 300 = 1,800 and cash 4,200, plus other
  // costs 6 × 50 = 300 → 4,500 (before: 12 instalments, 12,000 − 3,600 + 600 = 9,000). 2026 is a whole year:
  // 12,000 − 3,600 + 600 = 9,000. The balance at the end of 2025 is the schedule's after 24 instalments: 96,000.
  const h: HouseholdInput = {
    as_of: '2025-07-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 20, retirement_age: 20 }],
    pensions: [
      {
        id: 'p',
        member_id: 'm1',
        type: 'CPF',
        balances: { oa: 100_000, sa_ma: 0, ra: 0 },
        monthly_salary: 0,
        cpf_extra_interest: false,
      },
    ],
    loans: [
      {
        id: 'l',
        original_loan: 120_000,
        loan_interest: 0,
        loan_tenure: 10,
        starting_year: 2024,
        pension_monthly: 300,
        pension_member_id: 'm1',
        other_monthly_expenses: 50,
      },
    ],
  };
  it('2025 (from 1 July): 4,500 from cash, 1,800 from the OA; the balance is 96,000', () => {
    const r = row(h, 2025);
    expect(r.loan_repayments).toBe(4_500);
    expect(r.liabilities.loans).toBe(96_000);
    // OA: the opening balance grows for the part of 2025 still to come, 1 − 181/365 = 0.504110 of a year:
    // 100,000 · 1.025^0.504110 − 1,800 = 99,452.56
    expect(r.assets.pensions).toBe(99_452.56);
  });
  it('2026 (a whole year): 9,000 from cash; OA 99,452.56 · 1.025 − 3,600 = 98,338.87', () => {
    expect(row(h, 2026).loan_repayments).toBe(9_000);
    expect(row(h, 2026).assets.pensions).toBe(98_338.87);
  });
});

describe('issue 17 defect 4: CPF LIFE pays a level payout to the maturity age', () => {
  // One member aged 65 in 2025 (payout age 65, maturity 100), RA 200,000 at 5% (the record's own rate; no extra
  // interest, to isolate the annuity). Paid at the start of each year, 36 payouts (ages 65-100, issue 32 defect 1: the
  // year of the maturity age included) form an annuity due: P = 200,000 · (1 − 1/1.05) / (1 − 1.05^−36) = 11,511.33.
  // The 36th payout (2060, age 100) empties the annuity; the projection ends that year.
  // Before issue 32: 35 payouts of 11,632.71 (ages 65-99) and none in the row of age 100. Before issue 17 the
  // end-of-year payment was paid at the start, so the RA ran out years before 100.
  // Escalating: payouts grow 2% a year, q = 1.02 / 1.05: P0 = 200,000 · (1 − q) / (1 − q^36) = 8,821.09, then
  // 8,997.51, …, the 36th 8,821.09 · 1.02^35 = 17,641.20.
  const h = (plan?: 'basic' | 'standard' | 'escalating'): HouseholdInput => ({
    as_of: '2025-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 65, retirement_age: 60 }],
    pensions: [
      {
        id: 'p',
        member_id: 'm1',
        type: 'CPF',
        balances: { oa: 0, sa_ma: 0, ra: 200_000 },
        monthly_salary: 0,
        cpf_life_plan: plan,
        cpf_contribution_growth_rate: { ra: 5 },
        cpf_extra_interest: false,
      },
    ],
  });
  it('Standard: 11,511.33 every year from 65 to 100 (36 payouts); the RA ends at 0', () => {
    const rows = project(h('standard')).rows;
    expect(rows.at(-1)?.year).toBe(2060);
    const payouts = rows.map((r) => r.pension_payouts);
    expect(new Set(payouts)).toEqual(new Set([11_511.33]));
    expect(payouts).toHaveLength(36);
    // The whole RA is the Standard plan's premium: the pension row is its bequest, the premium not yet paid back
    // (no interest): 200,000 − 11,511.33 = 188,488.67; 17 payouts (P = 11,511.325166) leave 200,000 − 17 P = 4,307.47,
    // the 18th (2042) spends it.
    expect(row(h('standard'), 2025).assets.pensions).toBe(188_488.67);
    expect(row(h('standard'), 2041).assets.pensions).toBe(4_307.47);
    expect(row(h('standard'), 2042).assets.pensions).toBe(0);
    expect(row(h('standard'), 2060).assets.pensions).toBe(0);
  });
  it('Escalating (cpf_life_plan is read): 8,821.09, 8,997.51, … 17,641.20 in 2060', () => {
    expect(row(h('escalating'), 2025).pension_payouts).toBe(8_821.09);
    expect(row(h('escalating'), 2026).pension_payouts).toBe(8_997.51);
    expect(row(h('escalating'), 2060).pension_payouts).toBe(17_641.2);
    expect(row(h('escalating'), 2060).assets.pensions).toBe(0);
  });
});

describe('issue 17 item 8: a part first year pays that part of the year’s tax (annual bands on annual income)', () => {
  // Plan dated 2 July 2025 (day 182 of 365): the part still to come is 1 − 182/365 = 0.50137. One member earning
  // 10,000 a month (SGD, no pension). Tax on the year's 120,000 by the spec's bands: 0 + 200 + 350 + 2,800 + 4,600 =
  // 7,950, of which the part year pays 7,950 · 0.50137 = 3,985.89. Before, the bands were applied to the part-year
  // income 60,164.38 (550 + 20,164.38 · 7% = 1,961.51), understating the tax by half.
  const h: HouseholdInput = {
    as_of: '2025-07-02',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 40, retirement_age: 65 }],
    incomes: [{ id: 'i', member_id: 'm1', kind: 'gross income', amount: 10_000, frequency: 'monthly', growth_rate: 0 }],
  };
  // With the earned income relief (1,000 below 55; issue 17 reliefs) the chargeable income is 119,000: 7,950 − 1,000 ·
  // 11.5% = 7,835; YA 2025 has IRAS's rebate of 60% up to 200 (issue 32): 7,835 − 200 = 7,635; the part year pays
  // 7,635 · 183/365 = 3,827.96 (3,928.23 before the rebate). 2026 pays YA 2026 (no rebate), on 2025's income
  // (120,000 a year).
  it('2025: income 60,164.38, tax 3,827.96; 2026: income 120,000, tax 7,835', () => {
    expect(row(h, 2025).income).toBe(60_164.38);
    expect(row(h, 2025).tax).toBe(3_827.96);
    expect(row(h, 2026).tax).toBe(7_835);
  });
});

describe('issue 17 items 5-6: every row is a year-end value; the first year grows for the part still to come', () => {
  // Plan dated 2 July 2025: part of the year still to come p = 1 − 182/365 = 0.501370. One member, no flows.
  //   cash 10,000 at 2%:        2025: 10,000 · 1.02^p = 10,099.78;     2026: · 1.02 = 10,301.77
  //   property 500,000 at 3%:   2025: 500,000 · 1.03^p = 507,465.13;   2026: · 1.03 = 522,689.08
  //   CPF OA 200,000 at 2.5%:   2025: 200,000 · 1.025^p = 202,491.42
  // Before, cash and property did not grow in the first year (10,000 and 500,000, lagging a year for ever) while the
  // OA earned a whole year (205,000).
  const h: HouseholdInput = {
    as_of: '2025-07-02',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 30, retirement_age: 30 }],
    cash_accounts: [{ id: 'c', owner_id: 'm1', current_value: 10_000, growth_rate: 2 }],
    properties: [
      { id: 'h', owner_id: 'm1', purchase_price: 400_000, purchase_year: 2020, market_value: 500_000, growth_rate: 3 },
    ],
    pensions: [
      {
        id: 'p',
        member_id: 'm1',
        type: 'CPF',
        balances: { oa: 200_000, sa_ma: 0, ra: 0 },
        monthly_salary: 0,
        cpf_extra_interest: false,
      },
    ],
  };
  it('2025 and 2026 rows', () => {
    expect(row(h, 2025).assets.cash).toBe(10_099.78);
    expect(row(h, 2025).assets.properties).toBe(507_465.13);
    expect(row(h, 2025).assets.pensions).toBe(202_491.42);
    expect(row(h, 2026).assets.cash).toBe(10_301.77);
    expect(row(h, 2026).assets.properties).toBe(522_689.08);
  });
  it('a household with no flows keeps its value apart from growth: net worth = the grown values', () => {
    expect(row(h, 2025).net_worth).toBe(720_056.33); // 10,099.78 + 507,465.13 + 202,491.42
  });
});

describe('issue 17 item 5: monthly contributions are credited mid-period (half the year’s growth in their year)', () => {
  // One member aged 30 earning 5,000 a month, CPF 37% (employer 17 + employee 20) = 22,200 a year: OA 23/37 = 13,800,
  // SA-MA 14/37 = 8,400. Paid through the year, they earn half a year's interest in it: OA 13,800 · 1.025^0.5 =
  // 13,971.4351, SA-MA 8,400 · 1.04^0.5 = 8,566.3528 → 22,537.79. 2026: OA 13,971.4351 · 1.025 + 13,971.4351 =
  // 28,292.1562, SA-MA 8,566.3528 · 1.04 + 8,566.3528 = 17,475.3597 → 45,767.52.
  // Before, contributions earned a whole year in the year paid: 13,800 · 1.025 + 8,400 · 1.04 = 22,881.
  const h: HouseholdInput = {
    as_of: '2025-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 30, retirement_age: 65 }],
    pensions: [
      {
        id: 'p',
        member_id: 'm1',
        type: 'CPF',
        balances: { oa: 0, sa_ma: 0, ra: 0 },
        monthly_salary: 5000,
        salary_increment: 0,
        cpf_extra_interest: false,
      },
    ],
  };
  it('2025: 22,537.79; 2026: 45,767.52', () => {
    expect(row(h, 2025).assets.pensions).toBe(22_537.79);
    expect(row(h, 2026).assets.pensions).toBe(45_767.52);
  });
});

describe('issue 17 item 5: investment contributions are credited mid-period too', () => {
  // 100 a month into an investment returning 6%, from nothing, plan dated 1 January 2025: 1,200 · 1.06^0.5 =
  // 1,235.4756 at the end of 2025; 2026: 1,235.4756 · 1.06 + 1,235.4756 = 2,545.0798. Before, contributions were
  // added after the year's growth and earned nothing in their year (1,200, then 2,472).
  const h: HouseholdInput = {
    as_of: '2025-01-01',
    currency: 'SGD',
    members: [{ id: 'm1', relation: 'me', age: 30, retirement_age: 30 }],
    investments: [
      {
        id: 'v',
        owner_id: 'm1',
        current_value: 0,
        expected_return: 6,
        asset_class: 'equity',
        monthly_contribution: 100,
        contribution_end_year: 2040,
      },
    ],
    // the contributions are paid from a cash account (without one, the deficit they make would draw on the
    // investment itself: issue 31's deficit rule)
    cash_accounts: [{ id: 'c', current_value: 100_000, growth_rate: 0 }],
  };
  it('2025: 1,235.48 (1,200 paid); 2026: 2,545.08', () => {
    expect(row(h, 2025).assets.investments).toBe(1_235.48);
    expect(row(h, 2025).investment_contributions).toBe(1_200);
    expect(row(h, 2026).assets.investments).toBe(2_545.08);
  });
});

describe('issue 17 item 7, issue 31: a deficit draws on the cash accounts, then the investments; what is left costs the borrowing rate', () => {
  // One member aged 40, no income, 1,000 a month of expenses (inflation 0), a cash account of 20,000 at 0%, no
  // deposit growth, borrowing at 10%, plan from 1 January 2026 (a whole first year).
  //   2026: flow −12,000; the account pays it: account 8,000, shortfall 0.
  //   2027: flow −12,000; the account pays 8,000 and is empty: shortfall 4,000, money runs out in 2027.
  //   2028: shortfall 4,000 · 1.10 + 12,000 = 16,400.      2029: 16,400 · 1.10 + 12,000 = 30,040.
  // Before: the account was never touched (cash 20,000 every year) and the shortfall began in 2026 at 12,000 and
  // grew at the deposit rate (0%): 12,000, 24,000, 36,000.
  const household = (locked: boolean): HouseholdInput => ({
    as_of: '2026-01-01',
    currency: 'SGD',
    inflation_rate: 0,
    cash_growth_rate: 0,
    borrowing_rate: 10,
    members: [{ id: 'm1', relation: 'me', age: 40 }],
    expenses: [{ category: 'food', amount: 1_000, frequency: 'monthly' }],
    cash_accounts: [{ id: 'c', current_value: 20_000, growth_rate: 0, locked }],
  });
  const h = household(false);
  it.each([
    [2026, 8_000, 0],
    [2027, 0, 4_000],
    [2028, 0, 16_400],
    [2029, 0, 30_040],
  ])('%i: cash %d, shortfall %d', (year, cash, shortfall) => expectCash(h, year, cash, shortfall));
  it('money runs out the year the cash accounts are spent, not the first year of a deficit', () => {
    expect(project(h).money_runs_out_year).toBe(2027);
  });
  it('a locked cash account is kept: the deficit is borrowed from the first year', () => {
    const locked = household(true);
    expect(project(locked).money_runs_out_year).toBe(2026);
    expect(row(locked, 2026).assets.cash).toBe(20_000);
    expect(row(locked, 2026).liabilities.shortfall).toBe(12_000);
    expect(row(locked, 2027).liabilities.shortfall).toBe(25_200); // 12,000 · 1.10 + 12,000
  });
  // A deficit that starts late, with accounts that grew until then (the engine follows the accounts one by one only
  // from the first deficit on). From 1 January 2026: 1,000 a month of dividends to the end of 2027 and 1,000 a month
  // of expenses; account A 10,000 at 10%, account B 5,000 at 0%, an investment of 1,000 at 0%, borrowing at 10%.
  //   2026: A 11,000; 2027: A 12,100 (flows 0).   2028: A 13,310, pays the year's 12,000: A 1,310.
  //   2029: A 1,441 pays first, then B 5,000, then the investment 1,000 (issue 31: unlocked investments pay after the
  //   cash accounts): shortfall 12,000 − 7,441 = 4,559, money runs out in 2029.
  //   2030: shortfall 4,559 · 1.10 + 12,000 = 17,014.90. Before issue 31 the investment stayed at 1,000 while the
  //   household borrowed 5,559 (then 18,114.90).
  const late: HouseholdInput = {
    as_of: '2026-01-01',
    currency: 'SGD',
    inflation_rate: 0,
    cash_growth_rate: 0,
    borrowing_rate: 10,
    members: [{ id: 'm1', relation: 'me', age: 40 }],
    incomes: [
      { member_id: 'm1', kind: 'dividend', amount: 1_000, frequency: 'monthly', growth_rate: 0, end_year: 2027 },
    ],
    expenses: [{ category: 'food', amount: 1_000, frequency: 'monthly' }],
    cash_accounts: [
      { id: 'A', current_value: 10_000, growth_rate: 10 },
      { id: 'B', current_value: 5_000, growth_rate: 0 },
    ],
    investments: [{ id: 'v', current_value: 1_000, expected_return: 0 }],
  };
  it.each([
    [2026, 16_000, 0],
    [2027, 17_100, 0],
    [2028, 6_310, 0],
    [2029, 0, 4_559],
    [2030, 0, 17_014.9],
  ])('a late deficit, %i: cash %d, shortfall %d', (year, cash, shortfall) => {
    expectCash(late, year, cash, shortfall);
    expect(row(late, year).assets.investments).toBe(year < 2029 ? 1_000 : 0);
  });
  it('a late deficit: what each account paid, and the year money runs out', () => {
    const p = project(late);
    expect(p.sold).toEqual([
      { year: 2028, asset_id: 'A', amount: 12_000 },
      { year: 2029, asset_id: 'A', amount: 1_441 },
      { year: 2029, asset_id: 'B', amount: 5_000 },
      { year: 2029, asset_id: 'v', amount: 1_000 },
    ]);
    expect(p.money_runs_out_year).toBe(2029);
  });
});
