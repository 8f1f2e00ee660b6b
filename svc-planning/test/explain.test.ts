import { explanations as X, households as H, reports as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { reportFigures } from '../src/reports/figures';
import { planningModule } from '../src/module';

type Who = ReturnType<typeof testIdentity>;

/**
 * Issue 34 through HTTP: GET customer/{id}/financial-report/explain?figure=<id> answers a figure of the stored
 * household's report with its value (the report's), its rule, parts one level down and the records it came from (each
 * with the screen that edits it); a changed record changes the figure and its explanation; bad input is a 400 naming
 * `figure`, an unknown figure a 404, another advisor's household a 404.
 */
describe.each(testInfras())('svc-planning: explanations on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const stranger = testIdentity('advisor');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const explain = async (id: string, figure: string, as: Who = advisor, currency?: string) => {
    const q = new URLSearchParams({ figure, ...(currency ? { currency } : {}) });
    const res = await call('GET', `customer/${id}/financial-report/explain?${q}`, as);
    expect([figure, res.status, res.body.errors]).toEqual([figure, 200, undefined]);
    return X.ExplanationReply.parse(res.body).data.explanation;
  };
  const report = async (id: string) => {
    const res = await call('GET', `customer/${id}/financial-report`, advisor);
    expect(res.status).toBe(200);
    return R.FinancialReportReply.parse(res.body).data;
  };
  const rows = async (id: string) => {
    const res = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: id });
    expect(res.status).toBe(200);
    return res.body.data.rows as Array<{ year: number; tax: number; income: number; net_cash_flow: number }>;
  };

  /** One member of 40 earning 9,000 a month, with a cash account of 30,000 (SGD). */
  const household = async () => {
    const res = await call('POST', 'leads', advisor, { name: 'Mei Lim', age: 40, currency: 'SGD', members: [] });
    expect(res.status).toBe(201);
    const hh = H.Household.parse(res.body.data);
    const me = hh.members.find((m) => m.relation === 'me')?.id as string;
    const income = await call('POST', 'customer/member-income', advisor, {
      lead_id: hh.id,
      member_id: me,
      kind: 'gross income',
      amount: 9000,
      currency: 'SGD',
      frequency: 'monthly',
    });
    expect(income.status).toBe(201);
    const fund = await call('POST', 'customer/saving-fund', advisor, {
      lead_id: hh.id,
      bank_name: 'DBS',
      currency: 'SGD',
      current_value: 30000,
    });
    expect(fund.status).toBe(201);
    return { hh, incomeId: income.body.data.id as string };
  };

  /** Walks down from a figure, breadth first, to a part whose records name `recordId`. */
  const walkTo = async (id: string, figure: string, recordId: string) => {
    const queue = [figure];
    const seen = new Set<string>();
    while (queue.length) {
      const f = queue.shift() as string;
      if (seen.has(f)) continue;
      seen.add(f);
      const e = await explain(id, f);
      const rec = e.records.find((r) => r.id === recordId);
      if (rec) return { path: [...seen], record: rec };
      for (const p of e.parts) if (p.explainable) queue.push(p.id);
      if (seen.size > 60) break;
    }
    return null;
  };

  test('a data-table figure is the report’s, with its rule and parts, and walks down to the income record', async () => {
    const { hh, incomeId } = await household();
    const r = await report(hh.id);
    const year = r.start_year + 1;
    const table = (await rows(hh.id)).find((x) => x.year === year);
    const tax = await explain(hh.id, `row:${year}:tax`);
    expect(tax.label).toBe(`Income tax, ${year}`);
    expect(tax.value).toBe(table?.tax);
    expect(tax.value).toBeGreaterThan(0);
    expect(tax.parts.length).toBeGreaterThan(0);
    const net = await explain(hh.id, `row:${year}:net_cash_flow`);
    expect(net.value).toBe(table?.net_cash_flow);
    expect(net.formula.op).toBe('sum');
    expect(net.parts.map((p) => p.id)).toContain(`row:${year}:tax`);
    expect(net.parts.find((p) => p.id === `row:${year}:tax`)?.sign).toBe(-1);
    const found = await walkTo(hh.id, `row:${year}:tax`, incomeId);
    expect(found?.record).toMatchObject({ kind: 'income', id: incomeId, screen: 'financial-report/cashflow' });
  }, 60_000);

  test('the report’s own figures: cash-flow income and net worth today', async () => {
    const { hh } = await household();
    const r = await report(hh.id);
    const y = r.cashflow.years[1] as (typeof r.cashflow.years)[number];
    const income = await explain(hh.id, `cashflow:${y.year}:income`);
    expect(income.value).toBe(y.income);
    const today = await explain(hh.id, 'networth:today:total_assets');
    expect(today.value).toBe(r.networth.current.total_assets);
    const cash = await explain(hh.id, 'networth:today:cash');
    expect(cash.value).toBe(30000);
    expect(cash.parts).toHaveLength(1);
    const fund = await explain(hh.id, cash.parts[0]?.id as string);
    expect(fund.records[0]).toMatchObject({
      kind: 'savingFund',
      field: 'current_value',
      screen: 'financial-report/funds',
    });
  }, 60_000);

  test('a changed income changes the figure and its explanation', async () => {
    const { hh, incomeId } = await household();
    const year = (await report(hh.id)).start_year + 1;
    const before = await explain(hh.id, `row:${year}:tax`);
    const res = await call('PATCH', `customer/member-income/${incomeId}`, advisor, { amount: 12000 });
    expect(res.status).toBe(200);
    const after = await explain(hh.id, `row:${year}:tax`);
    expect(after.value).toBeGreaterThan(before.value);
    expect(after.value).toBe((await rows(hh.id)).find((x) => x.year === year)?.tax);
    expect(after.rule).not.toEqual(before.rule);
  }, 60_000);

  test('in RM the money reads in RM, as the report in RM reads', async () => {
    const { hh } = await household();
    const res = await call('GET', `customer/${hh.id}/financial-report?currency=RM`, advisor);
    const inRm = R.FinancialReportReply.parse(res.body).data;
    const y = inRm.cashflow.years[1] as (typeof inRm.cashflow.years)[number];
    const sgd = await explain(hh.id, `cashflow:${y.year}:income`);
    const rm = await explain(hh.id, `cashflow:${y.year}:income`, advisor, 'RM');
    expect(rm.value).toBe(y.income);
    expect(rm.value).not.toBe(sgd.value);
  }, 60_000);

  /** The exports test's household: two earners, an expense, funds, CPF, a mortgaged home, a policy with a target. */
  const seeded = async () => {
    const res = await call('POST', 'leads', advisor, {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: h.id };
    const created = async (path: string, body: Record<string, unknown>) => {
      const r = await call('POST', `customer/${path}`, advisor, { ...L, ...body });
      expect([path, r.status, r.body.errors]).toEqual([path, 201, undefined]);
      return r.body.data as { id: string };
    };
    const money = { currency: 'SGD', frequency: 'monthly' };
    await created('member-income', { ...money, member_id: me, kind: 'gross income', amount: 9000 });
    await created('member-income', { ...money, member_id: spouse, kind: 'gross income', amount: 6000 });
    await created('member-expense', { ...money, member_id: me, category: 'food', amount: 1500 });
    await created('saving-fund', { bank_name: 'DBS', currency: 'SGD', current_value: 45000 });
    await created('portfolio-fund', { plan_name: 'Growth', currency: 'SGD', current_value: 120000 });
    await created('pension', { member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 80000 });
    await created('debt', {
      name: 'Home',
      type: 'mortgage',
      currency: 'SGD',
      original_loan: 500000,
      loan_interest: 2.6,
      loan_tenure: 30,
      starting_year: 2020,
      purchase_price: 800000,
      market_value: 900000,
      future_selling_year: 2045,
    });
    const policy = await created('insurance', {
      member_id: me,
      plan_name: 'Life Plus',
      custom_company_name: 'Acme Assurance',
      premium: 2400,
      currency: 'SGD',
      policy_date: '2020-01-15',
    });
    await created('insurance-coverage-benefit', {
      insurance_id: policy.id,
      type: 'Death',
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: { currency: 'SGD', amount: 500000 } },
    });
    await created('insurance-coverage-target', {
      member_id: me,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 800000,
    });
    return h;
  };

  test('every figure of a seeded report explains itself with the figure shown (every tab; the data table’s first, a middle and the last year)', async () => {
    const h = await seeded();
    const r = await report(h.id);
    const table = await rows(h.id);
    const years = new Set([table[0]?.year, table[Math.floor(table.length / 2)]?.year, table.at(-1)?.year]);
    const figures = reportFigures(r, table as never).filter(
      (f) => !f.id.startsWith('row:') || years.has(Number(f.id.split(':')[1])),
    );
    // every tab is there: cash flow, net worth (years and today), insurance, funds, provident, debt, property
    for (const ns of [
      'cashflow:',
      'networth:today',
      'insurance:',
      'funds:',
      'provident:',
      'debt:total',
      'property:',
      'row:',
    ])
      expect([ns, figures.some((f) => f.id.startsWith(ns))]).toEqual([ns, true]);
    const wrong: string[] = [];
    for (const f of figures) {
      const q = new URLSearchParams({ figure: f.id });
      const res = await call('GET', `customer/${h.id}/financial-report/explain?${q}`, advisor);
      const e = res.status === 200 ? X.ExplanationReply.parse(res.body).data.explanation : null;
      if (
        !e ||
        e.value !== f.value ||
        (e.formula.op === 'input' && e.records.length === 0 && e.table === null && e.kind !== 'assumption') ||
        e.rule.length === 0
      )
        wrong.push(`${f.id}: ${res.status} ${e?.value} ≠ ${f.value}`);
    }
    expect(wrong).toEqual([]);
    expect(figures.length).toBeGreaterThan(150);
  }, 120_000);

  test('bad input: a malformed figure is a 400 naming figure; an unknown one a 404; another advisor’s household a 404', async () => {
    const { hh } = await household();
    const bad = await call(
      'GET',
      `customer/${hh.id}/financial-report/explain?figure=${encodeURIComponent('<script>')}`,
      advisor,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('figure');
    const none = await call('GET', `customer/${hh.id}/financial-report/explain`, advisor);
    expect(none.status).toBe(400);
    const unknown = await call('GET', `customer/${hh.id}/financial-report/explain?figure=row:1900:tax`, advisor);
    expect(unknown.status).toBe(404);
    const theirs = await call('GET', `customer/${hh.id}/financial-report/explain?figure=row:2030:tax`, stranger);
    expect(theirs.status).toBe(404);
  }, 60_000);
});
