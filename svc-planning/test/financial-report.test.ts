import { households as H, insurance as I, planning, reports as R } from '@kinfolio/contracts';
import { convert, round2 } from '@kinfolio/money';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { calculateDataTables, calculateDebt, calculateFinance, netWorthByYear } from '../src/domain/calculations';
import { engineHousehold } from '../src/households/engine-household';
import { planningModule } from '../src/module';
import type { HouseholdRow } from '../src/records/access';
import { reportCache } from '../src/reports/read';

jest.setTimeout(180_000);
type Who = ReturnType<typeof testIdentity> | null;
const SGD = (amount: number) => ({ currency: 'SGD', amount });
const cents = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0) / 100;

/**
 * Issue 14: GET customer/{id}/financial-report. The expected figures are the engine's, computed here with the
 * calculation functions on the same stored household (engineHousehold maps it as the service does), or figures
 * this test stored itself (cover, target, market value, provident accounts).
 */
describe.each(testInfras())('svc-planning financial report on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, advisor, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as Record<string, unknown> & { id: string };
  };
  const report = async (id: string, query = '', as: Who = advisor) => {
    const res = await call('GET', `customer/${id}/financial-report${query}`, as);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return R.FinancialReportReply.parse(res.body).data;
  };
  const ratesNow = async () =>
    Object.fromEntries(
      ((await call('GET', 'currency-rates', advisor)).body.data.rates as Array<{ code: string; rate: number }>).map(
        (x) => [x.code, Number(x.rate)],
      ),
    );
  /** The engine's figures for the stored household, computed in the test. */
  const engine = async (id: string) => {
    const hh = (await t.svc.ctx.db('households').where({ id }).first()) as HouseholdRow;
    const h = planning.Household.parse(await engineHousehold(t.svc.ctx.db, hh));
    return { finance: calculateFinance(h), dataTables: calculateDataTables(h), netWorth: netWorthByYear(h), debt: calculateDebt(h) };
  };

  /** A lump-sum benefit of `type` to age 99 on a policy. */
  const lumpSum = (lead_id: string, insurance_id: string, type: string, amount: number) =>
    created('insurance-coverage-benefit', {
      lead_id,
      insurance_id,
      type,
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: SGD(amount) },
    });
  /** A couple (40 and 38) each earning a monthly gross income without growth: the lead, both member ids, its lead_id. */
  const twoEarners = async ([name, mine]: [string, number], [spouseName, theirs]: [string, number]) => {
    const res = await call('POST', 'leads', advisor, {
      name,
      age: 40,
      currency: 'SGD',
      members: [{ name: spouseName, relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const hh = H.Household.parse(res.body.data);
    const me = hh.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = hh.members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: hh.id };
    const income = { kind: 'gross income', currency: 'SGD', growth_rate: 0 };
    await created('member-income', { ...L, ...income, member_id: me, amount: mine });
    await created('member-income', { ...L, ...income, member_id: spouse, amount: theirs });
    return { hh, me, spouse, L };
  };

  const household = async () => {
    const res = await call('POST', 'leads', advisor, {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: h.id };
    await created('member-income', { ...L, member_id: me, kind: 'gross income', amount: 9000, currency: 'SGD' });
    await created('member-income', { ...L, member_id: spouse, kind: 'gross income', amount: 6000, currency: 'SGD' });
    await created('member-expense', { ...L, category: 'food', amount: 1500, currency: 'SGD' });
    await created('member-living-expense', { ...L, amount: 2500, currency: 'SGD', frequency: 'monthly' });
    const policy = await created('insurance', {
      ...L,
      member_id: me,
      plan_name: 'Life Plus',
      custom_company_name: 'Acme Assurance',
      premium: 2400,
      currency: 'SGD',
      policy_date: '2020-01-15',
    });
    await created('insurance-coverage-benefit', {
      ...L,
      insurance_id: policy.id,
      type: 'Death',
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: SGD(500000) },
    });
    await created('insurance-coverage-target', {
      ...L,
      member_id: me,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 800000,
    });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 10000 });
    await created('pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 50000, special: 20000 });
    const portfolio = await created('portfolio-fund', {
      ...L,
      plan_name: 'Growth',
      currency: 'SGD',
      current_value: 20000,
    });
    await created('portfolio-fund-details', {
      ...L,
      portfolio_fund_id: portfolio.id,
      name: 'Balanced fund',
      currency: 'SGD',
      value: 20000,
      asset_class: { equity: 60, bond: 30, others: 10 },
    });
    const debt = await created('debt', {
      ...L,
      name: 'Home',
      currency: 'SGD',
      original_loan: 250000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      market_value: 600000,
      purchase_price: 500000,
      future_selling_year: 2035,
      future_selling_price: 800000,
    });
    const car = await created('debt', {
      ...L,
      type: 'vehicle',
      name: 'Car',
      currency: 'SGD',
      original_loan: 80000,
      loan_interest: 2.8,
      loan_tenure: { year: 7, month: 0 },
      starting_year: 2023,
    });
    return { id: h.id, me, spouse, debt: debt.id, car: car.id };
  };

  it("every tab's figures equal the engine's for the same stored household, and the figures stored", async () => {
    const h = await household();
    const r = await report(h.id);
    const e = await engine(h.id);
    expect(r.currency).toBe('SGD');
    expect(r.rate).toBe(1);
    // cash flow: the engine's income, outgoings and net cash flow, year by year, and their totals
    expect(r.cashflow.years.map((y) => [y.year, y.income, y.expenses, y.net_cash_flow])).toEqual(
      e.finance.years.map((y) => [y.year, y.income, y.outgoings, y.net_cash_flow]),
    );
    // Income − Expenses = Net cash flow to the cent; Surplus = max(net cash flow, 0); Shortfall = the liability
    expect(r.cashflow.years.map((y) => round2(y.income - y.expenses))).toEqual(e.finance.years.map((y) => y.net_cash_flow));
    expect(r.cashflow.years.map((y) => y.surplus)).toEqual(e.finance.years.map((y) => Math.max(y.net_cash_flow, 0)));
    expect(r.cashflow.years.map((y) => y.shortfall)).toEqual(e.dataTables.rows.map((y) => y.liabilities.shortfall));
    expect(r.cashflow.totals.income).toBe(cents(e.finance.years.map((y) => y.income)));
    expect(r.cashflow.totals.expenses).toBe(cents(e.finance.years.map((y) => y.outgoings)));
    expect(r.cashflow.totals.income).toBeGreaterThan(15000 * 12);
    // net worth by year and the current figures
    expect(r.networth.years.map((y) => [y.year, y.total_assets, y.total_liabilities, y.net_worth])).toEqual(
      e.netWorth.map((y) => [y.year, y.total_assets, y.total_liabilities, y.net_worth]),
    );
    // Today is the balance sheet at the as-of day (issue 31), not the end of this year's projection
    const sheet = await call('GET', `customer/${h.id}/balance-sheet`, advisor);
    expect(r.networth.current.net_worth).toBe(sheet.body.data.totals.net_worth);
    expect(r.networth.current.total_liabilities).toBe(r.debt.total_outstanding);
    // debt: the engine's total outstanding and monthly repayment
    expect(r.debt.total_outstanding).toBe(e.debt.total_outstanding);
    expect(r.debt.total_monthly_repayment).toBe(e.debt.total_monthly_repayment);
    expect(r.debt.loans.map((l) => [l.debt_id, l.outstanding, l.instalment, l.months_remaining])).toEqual(
      e.debt.loans.map((l) => [l.id, l.outstanding_in_currency, l.instalment, l.months_remaining]),
    );
    expect(r.debt.loans.map((l) => l.debt_id)).toEqual([h.debt, h.car]);
    const home = e.debt.loans.find((l) => l.id === h.debt)?.outstanding_in_currency as number;
    // insurance: the Death cover held and the gap to the target
    const death = r.insurance.members.find((m) => m.member_id === h.me)?.rows.find((x) => x.benefit_type === 'Death');
    expect(death).toMatchObject({ cover: 500000, target: 800000, gap: 300000, unlimited: false });
    // the headline sums every row: Alex's Death target is the advisor's 800,000; the rest are the planning thresholds
    // (Alex 108,000 a year: critical illness 4 × = 432,000; Sam 72,000: life 9 × = 648,000, critical illness 288,000)
    expect(r.insurance.totals).toEqual({
      cover: 500000,
      target: 800000 + 432000 + 648000 + 288000,
      gap: 300000 + 432000 + 648000 + 288000,
    });
    // funds: cash, the portfolio split by its holding's classes, the provident balance by account
    expect(r.funds.by_asset_class).toEqual([
      { asset_class: 'cash', value: 10000 },
      { asset_class: 'equity', value: 12000 },
      { asset_class: 'bond', value: 6000 },
      { asset_class: 'others', value: 2000 },
      { asset_class: 'provident', value: 70000 },
    ]);
    expect(r.funds.total).toBe(100000);
    expect(r.funds.provident[0]?.accounts).toEqual([
      { account: 'OA', amount: 50000 },
      { account: 'SA', amount: 20000 },
    ]);
    // property: market value, what is owed, the equity
    expect(r.property.properties).toHaveLength(1);
    expect(r.property.properties[0]).toMatchObject({
      debt_id: h.debt,
      market_value: 600000,
      outstanding: home,
      equity: round2(600000 - home),
      selling_year: 2035,
    });
    // the sale proceeds are the debt summary's for the same stored debt
    const summary = await call('GET', `customer/${h.id}/debt-summary`, advisor);
    const sale = summary.body.data.loans[0].property.sale;
    expect(sale.net_proceeds).toBeGreaterThan(0);
    expect(r.property.properties[0]?.net_proceeds).toBe(sale.net_proceeds);
    expect(r.property.totals.net_proceeds).toBe(sale.net_proceeds);
  });

  it('the currency switch converts every amount with the stored rates, and RM back to SGD round-trips', async () => {
    const h = await household();
    const rates = Object.fromEntries(
      ((await call('GET', 'currency-rates', advisor)).body.data.rates as Array<{ code: string; rate: number }>).map(
        (x) => [x.code, Number(x.rate)],
      ),
    );
    const sgd = await report(h.id, '?currency=SGD');
    const rm = await report(h.id, '?currency=rm');
    expect(rm.currency).toBe('RM');
    expect(rm.household_currency).toBe('SGD');
    expect(rm.rate).toBe(convert(1, 'SGD', 'RM', rates));
    expect(rm.property.properties[0]?.market_value).toBe(round2(convert(600000, 'SGD', 'RM', rates)));
    expect(rm.networth.years.map((y) => y.year)).toEqual(sgd.networth.years.map((y) => y.year));
    // every amount RM → SGD again is the SGD figure (to the cent)
    const back = (x: number) => round2(convert(x, 'RM', 'SGD', rates));
    expect(rm.networth.years.map((y) => back(y.net_worth))).toEqual(sgd.networth.years.map((y) => y.net_worth));
    expect(rm.cashflow.years.map((y) => back(y.income))).toEqual(sgd.cashflow.years.map((y) => y.income));
    expect(back(rm.insurance.totals.gap)).toBe(sgd.insurance.totals.gap);
    expect(back(rm.debt.total_outstanding)).toBe(sgd.debt.total_outstanding);
    // counts, years and ages are never converted
    expect(rm.debt.loans[0]?.months_remaining).toBe(sgd.debt.loans[0]?.months_remaining);
    expect(rm.insurance.members[0]?.age).toBe(sgd.insurance.members[0]?.age);
  });

  it('a household is computed once per change: a second read is served from the cache, a write shows at once', async () => {
    const h = await household();
    const before = await report(h.id);
    const hits = reportCache.hits;
    const again = await report(h.id);
    expect(reportCache.hits).toBe(hits + 1);
    expect(again.computed_at).toBe(before.computed_at);
    const worth = await call('GET', `customer/${h.id}/net-worth`, advisor);
    expect(worth.body.data.computed_at).toBe(before.computed_at);

    // a write, then the report, the net worth and the data table on the same replica: the new figures
    await created('member-income', {
      lead_id: h.id,
      member_id: h.spouse,
      kind: 'gross income',
      amount: 3000,
      currency: 'SGD',
    });
    const after = await report(h.id);
    const e = await engine(h.id);
    expect(after.cashflow.years[0]?.income).toBe(e.finance.years[0]?.income);
    // 3,000 a month more from the first full year on
    expect((after.cashflow.years[1]?.income ?? 0) - (before.cashflow.years[1]?.income ?? 0)).toBeGreaterThan(30000);
    const worthAfter = await call('GET', `customer/${h.id}/net-worth`, advisor);
    expect(worthAfter.body.data.years.map((y: { net_worth: number }) => y.net_worth)).toEqual(
      e.netWorth.map((y) => y.net_worth),
    );
    const table = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: h.id });
    expect(table.status).toBe(200);
    expect(table.body.data.rows[0].income).toBe(e.finance.years[0]?.income);

    // a deleted record and a member's change show too
    const debts = await call('GET', `customer/${h.id}/balance-sheet`, advisor);
    expect(debts.status).toBe(200);
    expect((await call('DELETE', `customer/debt/${h.debt}`, advisor)).status).toBe(200);
    const noDebt = await report(h.id);
    const left = await engine(h.id);
    expect(noDebt.debt.loans.map((l) => l.debt_id)).toEqual([h.car]);
    expect(noDebt.debt.total_outstanding).toBe(left.debt.total_outstanding);
    expect(noDebt.debt.total_outstanding).toBeLessThan(before.debt.total_outstanding);
    expect(noDebt.property.properties).toEqual([]);
  });

  it("the checks measure the stored household against the thresholds in force, and an admin's change shows in the next report", async () => {
    // a household with known figures (no growth, so each figure is computable by hand)
    const { hh, me, spouse, L } = await twoEarners(['Kim Lee', 9000], ['Jo Lee', 6000]);
    await created('member-living-expense', { ...L, amount: 4000, currency: 'SGD', frequency: 'monthly' });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 10000 });
    const policy = await created('insurance', {
      ...L,
      member_id: me,
      plan_name: 'Life Plus',
      custom_company_name: 'Acme Assurance',
      premium: 2400,
      currency: 'SGD',
      policy_date: '2020-01-15',
    });
    const benefit = (type: string, amount: number) => lumpSum(L.lead_id, policy.id, type, amount);
    await benefit('Death', 500000);
    await benefit('Major Illness', 200000);
    await created('debt', {
      ...L,
      name: 'Home',
      currency: 'SGD',
      original_loan: 250000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
    });

    const r = await report(hh.id);
    const k = r.checks;
    // emergency fund: 10,000 liquid / 4,000 a month = 2.5 months vs 6: target 24,000, short 14,000
    expect(k.emergency_fund).toEqual({
      threshold: { key: 'emergency_fund_months', label: 'Emergency fund', unit: 'months', value: 6, is_default: true },
      liquid: 10000,
      monthly_expenses: 4000,
      months_covered: 2.5,
      target_months: 6,
      target_amount: 24000,
      shortfall: 14000,
      met: false,
    });
    // cover: 9,000 a month = 108,000 a year; life 9 × = 972,000 vs 500,000; CI 4 × = 432,000 vs 200,000
    const byMember = Object.fromEntries(k.cover.map((c) => [c.member_id, c]));
    expect(k.cover.map((c) => c.member_id).sort()).toEqual([me, spouse].sort());
    expect(byMember[me]).toMatchObject({
      name: 'Kim Lee',
      annual_income: 108000,
      life: {
        cover: 500000,
        target: 972000,
        gap: 472000,
        met: false,
        threshold: { key: 'life_cover_multiple', value: 9 },
      },
      critical_illness: {
        cover: 200000,
        target: 432000,
        gap: 232000,
        met: false,
        threshold: { key: 'critical_illness_cover_multiple', value: 4, unit: 'multiple' },
      },
    });
    // the spouse: 6,000 a month = 72,000 a year, no cover: the whole 648,000 and 288,000 missing
    expect(byMember[spouse]).toMatchObject({
      annual_income: 72000,
      life: { cover: 0, target: 648000, gap: 648000, met: false },
      critical_illness: { cover: 0, target: 288000, gap: 288000, met: false },
    });
    // debt service: 12 instalments of the annuity (250,000 at 2.6% over 420 months) / 180,000 gross income vs 55%
    const i = 0.026 / 12;
    const instalment = (250000 * i) / (1 - (1 + i) ** -420);
    expect(r.debt.loans[0]?.instalment).toBeCloseTo(instalment, 2);
    const ds = k.debt_service;
    expect(ds.gross_income).toBe(180000);
    expect(ds.loan_repayments).toBe(round2(round2(instalment) * 12));
    // 907.19 a month: 10,886.28 / 180,000 = 6.05%
    expect(ds.loan_repayments).toBe(10886.28);
    expect(ds.ratio_percent).toBe(6.05);
    expect([ds.year, ds.max_percent, ds.met, ds.threshold.key]).toEqual([
      r.start_year,
      55,
      true,
      'debt_service_ratio_max',
    ]);
    // retirement: Kim retires at 55 (15 years on); Jo still earns 72,000 then, both earned 180,000 the year before
    expect(k.retirement).toEqual({
      threshold: {
        key: 'retirement_income_replacement',
        label: 'Retirement income replacement',
        unit: 'percent',
        value: 70,
        is_default: true,
      },
      member_id: me,
      name: 'Kim Lee',
      retirement_year: r.start_year + 15,
      last_working_year: r.start_year + 14,
      last_working_income: 180000,
      retirement_income: 72000,
      replacement_percent: 40,
      target_percent: 70,
      met: false,
    });
    // RM: the amounts are converted, the months, percentages and thresholds are not
    const rm = await report(hh.id, '?currency=RM');
    expect(rm.checks.emergency_fund.liquid).toBe(round2(convert(10000, 'SGD', 'RM', await ratesNow())));
    expect(rm.checks.emergency_fund.months_covered).toBe(2.5);
    expect(rm.checks.emergency_fund.threshold.value).toBe(6);
    expect(rm.checks.retirement.replacement_percent).toBe(40);
    expect(rm.checks.cover[0]?.life.threshold.value).toBe(9);

    // an admin stores a value, then changes it through PATCH admin/threshold/{id}/update: the next report uses it
    const hits = reportCache.hits;
    const made = await call('POST', 'admin/threshold/create', admin, { key: 'emergency_fund_months', value: 2 });
    expect(made.status).toBe(201);
    const two = (await report(hh.id)).checks.emergency_fund;
    expect(reportCache.hits).toBe(hits);
    expect(two).toMatchObject({ target_months: 2, target_amount: 8000, shortfall: 0, met: true });
    expect(two.threshold).toMatchObject({ value: 2, is_default: false });
    const upd = await call('PATCH', `admin/threshold/${made.body.data.id}/update`, admin, { value: 3.5 });
    expect(upd.status).toBe(200);
    const after = await report(hh.id);
    expect(after.checks.emergency_fund).toMatchObject({
      target_months: 3.5,
      target_amount: 14000,
      shortfall: 4000,
      met: false,
      threshold: { value: 3.5, is_default: false },
    });
    const rr = await call('POST', 'admin/threshold/create', admin, { key: 'retirement_income_replacement', value: 40 });
    expect(rr.status).toBe(201);
    expect((await report(hh.id)).checks.retirement).toMatchObject({ target_percent: 40, met: true });
    // a reset (the stored value deleted) brings the default back in the next report
    expect((await call('DELETE', `admin/threshold/${made.body.data.id}`, admin)).status).toBe(200);
    expect((await report(hh.id)).checks.emergency_fund).toMatchObject({ target_months: 6, shortfall: 14000 });
    // an advisor cannot change a threshold
    expect((await call('PATCH', `admin/threshold/${rr.body.data.id}/update`, advisor, { value: 10 })).status).toBe(403);
  });

  it('issue 31 (5): the insurance tab tells one story: headline, table, checks and coverage read one gap per member and type', async () => {
    // the household: Alex 8,500 and Sam 7,000 a month; one policy, Death 500,000 and an early CI benefit 250,000
    const { hh, me, spouse, L } = await twoEarners(['Alex Tan', 8500], ['Sam Tan', 7000]);
    const policy = await created('insurance', {
      ...L,
      member_id: me,
      plan_name: 'Life Plus',
      custom_company_name: 'Acme Assurance',
      premium: 4800,
      currency: 'SGD',
      policy_date: '2014-03-01',
    });
    const benefit = (type: string, amount: number) => lumpSum(L.lead_id, policy.id, type, amount);
    await benefit('Death', 500000);
    await benefit('Early Critical Illness', 250000);

    // by hand: Alex 8,500 × 12 = 102,000 a year: life 9 × = 918,000 − 500,000 = gap 418,000; critical illness
    // 4 × = 408,000 − 250,000 (the early CI benefit) = 158,000. Sam 7,000 × 12 = 84,000: 756,000 and 336,000, no cover
    const cov = await call('GET', `customer/insurance-coverage-by-member?lead_id=${hh.id}`, advisor);
    expect(cov.status).toBe(200);
    const coverage = I.CoverageByMemberReply.parse(cov.body).data;
    const figures = (rows: Array<{ label: string; cover: number; target: number | null; gap: number | null }>) =>
      rows.map((x) => [x.label, x.cover, x.target, x.gap]);
    const alex = coverage.members.find((m) => m.member_id === me);
    expect(alex?.annual_income).toBe(102000);
    expect(figures(alex?.rows ?? [])).toEqual([
      ['Death', 500000, 918000, 418000],
      ['Critical illness', 250000, 408000, 158000],
    ]);
    expect(alex?.rows[1]).toMatchObject({
      benefit_type: 'Major Illness',
      target_source: 'threshold',
      threshold: { key: 'critical_illness_cover_multiple', multiple: 4, annual_income: 102000 },
      policies: [{ insurance_id: policy.id, benefit_type: 'Early Critical Illness', amount: 250000 }],
    });
    expect(figures(coverage.members.find((m) => m.member_id === spouse)?.rows ?? [])).toEqual([
      ['Death', 0, 756000, 756000],
      ['Critical illness', 0, 336000, 336000],
    ]);
    expect(coverage.totals).toEqual({ cover: 750000, target: 2418000, gap: 1668000 });

    // the report: the headline totals are the sums of its rows, the same rows as the coverage, and the checks agree
    const r = await report(hh.id);
    const cells = r.insurance.members.flatMap((m) => m.rows);
    expect(r.insurance.totals).toEqual({ cover: 750000, target: 2418000, gap: 1668000 });
    expect(r.insurance.totals.gap).toBe(cents(cells.map((x) => x.gap ?? 0)));
    expect(r.insurance.members.map((m) => figures(m.rows))).toEqual(coverage.members.map((m) => figures(m.rows)));
    const check = (id: string) => r.checks.cover.find((c) => c.member_id === id);
    expect(check(me)).toMatchObject({
      life: { cover: 500000, target: 918000, gap: 418000, met: false, target_source: 'threshold' },
      critical_illness: { cover: 250000, target: 408000, gap: 158000, met: false, target_source: 'threshold' },
    });
    expect(check(spouse)).toMatchObject({ life: { gap: 756000 }, critical_illness: { gap: 336000 } });

    // the advisor's target replaces the threshold for that member and type, on every reading of the gap
    await created('insurance-coverage-target', {
      ...L,
      member_id: me,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 600000,
    });
    const again = await report(hh.id);
    const death = again.insurance.members.find((m) => m.member_id === me)?.rows[0];
    expect(death).toMatchObject({ label: 'Death', target: 600000, gap: 100000, target_source: 'advisor' });
    expect(again.checks.cover.find((c) => c.member_id === me)?.life).toMatchObject({
      target: 600000,
      gap: 100000,
      target_source: 'advisor',
    });
    expect(again.insurance.totals).toEqual({ cover: 750000, target: 2100000, gap: 1350000 });

    // an admin's life multiple shows in the table, the headline and the checks alike; the reset brings the default back
    const made = await call('POST', 'admin/threshold/create', admin, { key: 'life_cover_multiple', value: 10 });
    expect(made.status).toBe(201);
    try {
      const ten = await report(hh.id);
      const samDeath = ten.insurance.members.find((m) => m.member_id === spouse)?.rows[0];
      expect(samDeath).toMatchObject({ target: 840000, gap: 840000 });
      expect(ten.checks.cover.find((c) => c.member_id === spouse)?.life.gap).toBe(840000);
      expect(ten.insurance.totals.gap).toBe(1350000 + 84000);
    } finally {
      expect((await call('DELETE', `admin/threshold/${made.body.data.id}`, admin)).status).toBe(200);
    }
  });

  it('another advisor and another customer get 404; the linked customer reads; a bad currency or date is a 400 naming it', async () => {
    const h = await household();
    expect((await call('GET', `customer/${h.id}/financial-report`, other)).status).toBe(404);
    expect((await call('GET', `customer/${h.id}/financial-report`, otherCustomer)).status).toBe(404);
    expect((await call('GET', `customer/${h.id}/financial-report`, null)).status).toBe(401);
    expect((await call('GET', 'customer/not-a-uuid/financial-report', advisor)).status).toBe(404);
    await t.svc.ctx.db('households').where({ id: h.id }).update({ customer_user_id: customer.userId });
    const own = await report(h.id, '', customer);
    expect(own.customer_id).toBe(h.id);
    const bad = await call('GET', `customer/${h.id}/financial-report?currency=USD`, advisor);
    expect([bad.status, bad.body.errors.flatMap((e: object) => Object.keys(e))]).toEqual([400, ['currency']]);
    const badDate = await call('GET', `customer/${h.id}/financial-report?as_of=2025-13-40`, advisor);
    expect([badDate.status, badDate.body.errors.flatMap((e: object) => Object.keys(e))]).toEqual([400, ['as_of']]);
    const dated = await report(h.id, '?as_of=2030-06-30');
    expect(dated.as_of).toBe('2030-06-30');
    expect(dated.start_year).toBe(2030);
  });
});
