import { households as H, reports as R } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

type Who = ReturnType<typeof testIdentity>;
type Row = {
  year: number;
  net_worth: number;
  net_cash_flow: number;
  assets: { cash: number; investments: number };
  liabilities: { shortfall: number; loans: number };
};

/** Every class's volatility 0 (each record's own rate is its mean). */
const STILL = Object.fromEntries(
  ['equity', 'bond', 'cash', 'property', 'others'].map((c) => [c, { mean: 5, volatility: 0 }]),
);

/**
 * Issue 31 observation 3 ("When does the money run out" had three answers) and 4 (the report's shortfall was the
 * year's deficit, the exports' the liability): through HTTP, on one stored household with unlocked investments and a
 * deficit, the report's money_runs_out_year, scenario modelling's current plan, the data table and Monte Carlo tell
 * one story, and every tab's Shortfall is the plan's liability.
 */
describe.each(testInfras())('svc-planning: one plan on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');

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
  const report = async (id: string) => {
    const res = await call('GET', `customer/${id}/financial-report`, advisor);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return R.FinancialReportReply.parse(res.body).data;
  };
  const dataTable = async (id: string) => {
    const res = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: id });
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return res.body.data as { money_runs_out_year: number | null; rows: Row[] };
  };
  const scenario = async (id: string) => {
    const res = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: id,
      scenario: { monte_carlo: { enabled: true, trials: 64, assumptions: STILL } },
    });
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return res.body.data as {
      base: { money_runs_out_year: number | null; years: Array<{ year: number; net_worth: number; shortfall: number }> };
      scenario: { money_runs_out_year: number | null };
      monte_carlo: { probability_never_runs_out: number; bands: Array<{ year: number; percentiles: Record<string, number> }> };
    };
  };

  /** A retired couple living on 20,000 of cash and 150,000 of an unlocked fund, spending more than the CPF pays. */
  const household = async () => {
    const res = await call('POST', 'leads', advisor, { name: 'Lee Tan', age: 60, currency: 'SGD', members: [] });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const L = { lead_id: h.id };
    await created('member-living-expense', { ...L, amount: 4000, currency: 'SGD', frequency: 'monthly' });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 20000 });
    const fund = await created('portfolio-fund', {
      ...L,
      plan_name: 'Income fund',
      currency: 'SGD',
      current_value: 150000,
      expected_return: 4,
    });
    await created('debt', {
      ...L,
      type: 'vehicle',
      name: 'Car',
      currency: 'SGD',
      original_loan: 60000,
      loan_interest: 2.8,
      loan_tenure: { year: 7, month: 0 },
      starting_year: 2024,
    });
    return { id: h.id, fund: fund.id };
  };

  it('the report, the data table, the scenario’s current plan and Monte Carlo agree on when the money runs out', async () => {
    const h = await household();
    const [r, dt, s] = await Promise.all([report(h.id), dataTable(h.id), scenario(h.id)]);
    const out = r.money_runs_out_year;
    expect(out).not.toBeNull();
    expect([dt.money_runs_out_year, s.base.money_runs_out_year, s.scenario.money_runs_out_year]).toEqual([out, out, out]);
    // money runs out = the first year with a Shortfall; no shortfall while the unlocked fund or the cash holds money
    const first = dt.rows.find((y) => y.liabilities.shortfall > 0);
    expect(first?.year).toBe(out);
    for (const y of dt.rows.filter((x) => x.liabilities.shortfall > 0)) {
      expect([y.year, y.assets.investments, y.assets.cash]).toEqual([y.year, 0, 0]);
    }
    // the current plan is the report's plan, year by year
    expect(s.base.years.map((y) => [y.year, y.net_worth, y.shortfall])).toEqual(
      dt.rows.map((y) => [y.year, y.net_worth, y.liabilities.shortfall]),
    );
    // Monte Carlo at volatility 0: never runs out in no trial, and its median path is the plan's net worth
    expect(s.monte_carlo.probability_never_runs_out).toBe(0);
    expect(s.monte_carlo.bands.map((b) => [b.year, b.percentiles.p50])).toEqual(dt.rows.map((y) => [y.year, y.net_worth]));
  }, 60_000);

  it('every tab’s Shortfall is the plan’s liability, and Income − Expenses = Net cash flow to the cent (obs. 4, 10a)', async () => {
    const h = await household();
    const [r, dt] = await Promise.all([report(h.id), dataTable(h.id)]);
    expect(r.cashflow.years.map((y) => [y.year, y.shortfall])).toEqual(
      dt.rows.map((y) => [y.year, y.liabilities.shortfall]),
    );
    expect(r.networth.years.map((y) => [y.year, y.shortfall])).toEqual(
      dt.rows.map((y) => [y.year, y.liabilities.shortfall]),
    );
    for (const y of r.cashflow.years) {
      expect([y.year, round2(y.income - y.expenses)]).toEqual([y.year, y.net_cash_flow]);
      expect(y.surplus).toBe(Math.max(y.net_cash_flow, 0));
    }
    // the CPF-less retiree's deficit years show a shortfall that grows, not the year's deficit
    const short = r.cashflow.years.filter((y) => y.shortfall > 0);
    expect(short.length).toBeGreaterThan(1);
    expect((short[1] as (typeof short)[number]).shortfall).toBeGreaterThan((short[0] as (typeof short)[number]).shortfall - (short[0] as (typeof short)[number]).net_cash_flow - 0.01);
  }, 60_000);

  it('the net-worth tab’s Today is the balance sheet today, its loans the debt tab’s outstanding today (obs. 10e)', async () => {
    const h = await household();
    const r = await report(h.id);
    const bs = await call('GET', `customer/${h.id}/balance-sheet`, advisor);
    expect(bs.status).toBe(200);
    const totals = bs.body.data.totals as { net_worth: number; loans: number };
    expect(r.networth.current.net_worth).toBe(totals.net_worth);
    expect(r.networth.current.total_liabilities).toBe(r.debt.total_outstanding);
    expect(r.networth.current.total_liabilities).toBe(totals.loans);
  }, 60_000);

  it('locking the fund changes the plan on every tab at once (the report’s cache follows the plan settings)', async () => {
    const h = await household();
    const before = await report(h.id);
    await created('locked-assets', { lead_id: h.id, asset_id: h.fund, label: 'Income fund' });
    const [r, dt, s] = await Promise.all([report(h.id), dataTable(h.id), scenario(h.id)]);
    expect(r.money_runs_out_year).not.toBeNull();
    expect(r.money_runs_out_year as number).toBeLessThan(before.money_runs_out_year as number);
    expect([dt.money_runs_out_year, s.base.money_runs_out_year]).toEqual([r.money_runs_out_year, r.money_runs_out_year]);
    // a saved sequence that puts the fund first: the plan draws on it before the cash account, on every tab at once
    const seq = await call('POST', 'customer/scenario-sell-sequence', advisor, { lead_id: h.id, asset_ids: [h.fund] });
    expect(seq.status).toBe(200);
    const [r2, dt2] = await Promise.all([report(h.id), dataTable(h.id)]);
    expect(r2.money_runs_out_year).toBe(dt2.money_runs_out_year);
    const firstDraw = (rows: Row[]) => rows.find((y) => y.net_cash_flow < 0)?.year;
    const y = firstDraw(dt2.rows) as number;
    const row = dt2.rows.find((x) => x.year === y) as Row;
    const was = dt.rows.find((x) => x.year === y) as Row;
    expect(row.assets.investments).toBe(was.assets.investments); // locked: still never drawn on
    expect(r2.cashflow.years.map((x) => x.shortfall)).toEqual(dt2.rows.map((x) => x.liabilities.shortfall));
  }, 60_000);

  it('a saved sequence decides the order: the fund pays before the cash account', async () => {
    const h = await household();
    const before = await dataTable(h.id);
    const seq = await call('POST', 'customer/scenario-sell-sequence', advisor, { lead_id: h.id, asset_ids: [h.fund] });
    expect(seq.status).toBe(200);
    const [r, dt] = await Promise.all([report(h.id), dataTable(h.id)]);
    const y = (dt.rows.find((x) => x.net_cash_flow < 0) as Row).year;
    const now = dt.rows.find((x) => x.year === y) as Row;
    const then = before.rows.find((x) => x.year === y) as Row;
    // the cash account is kept while the fund pays (before, the cash account paid first)
    expect(now.assets.cash).toBeGreaterThan(then.assets.cash);
    expect(now.assets.investments).toBeLessThan(then.assets.investments);
    expect(r.money_runs_out_year).toBe(dt.money_runs_out_year);
  }, 60_000);
});
