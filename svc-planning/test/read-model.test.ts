import { households as H, reports as R } from '@kinfolio/contracts';
import {
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import ExcelJS from 'exceljs';
import { planningModule } from '../src/module';
import { valuesOf } from './xlsx-formulas';

jest.setTimeout(180_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Issue 31, one read model: the advisor's and the customer's replies are the same figures, and every export file
 * (opened back with exceljs) shows the figures of the financial report the screens show, in the household's
 * currency and converted (observation 4: the report's Shortfall and the export's were two different figures).
 * The figures over generated households without HTTP: src/reports/consistency.test.ts.
 */
describe.each(testInfras())('svc-planning one read model on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');
  const households: string[] = [];

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    // a household in deficit (spending more than it earns, little cash), and one with a surplus
    households.push(await household({ income: 3000, spend: 6500, cash: 20000 }));
    households.push(await household({ income: 9000, spend: 3000, cash: 80000 }));
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, advisor, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
  };

  async function household(g: { income: number; spend: number; cash: number }): Promise<string> {
    const res = await call('POST', 'leads', advisor, {
      name: 'Lee Ong',
      age: 45,
      email: `lee.${households.length}@example.com`,
      currency: 'SGD',
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const L = { lead_id: h.id };
    const money = { currency: 'SGD', frequency: 'monthly' };
    await created('member-income', { ...L, ...money, member_id: me, kind: 'gross income', amount: g.income });
    await created('member-expense', { ...L, ...money, member_id: me, category: 'food', amount: g.spend });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: g.cash });
    await created('pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 50000 });
    await created('debt', {
      ...L,
      name: 'Home',
      type: 'mortgage',
      currency: 'SGD',
      original_loan: 300000,
      loan_interest: 2.6,
      loan_tenure: 25,
      starting_year: 2022,
      purchase_price: 500000,
      market_value: 560000,
    });
    await t.svc.ctx.db('households').where({ id: h.id }).update({ customer_user_id: customer.userId });
    return h.id;
  }

  const report = async (id: string, as: Who, currency = '') => {
    const res = await call('GET', `customer/${id}/financial-report${currency ? `?currency=${currency}` : ''}`, as);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return R.FinancialReportReply.parse(res.body).data;
  };

  /** An export file opened back with exceljs (the reader the export tests use). */
  async function workbook(id: string, body: Record<string, unknown>): Promise<ExcelJS.Workbook> {
    const res = await fetch(`${t.svc.url}/api/v1/customer/${id}/exports`, {
      method: 'POST',
      headers: {
        ...signIdentityHeaders(t.secret, advisor, undefined, crypto.randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        'authorization-type': advisor.type,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ format: 'xlsx', ...body }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    return wb;
  }
  /** A sheet's table (its header row starting with `first`) as rows of values keyed by the first cell. */
  const sheetTable = (wb: ExcelJS.Workbook, sheet: string, first = 'Year') => {
    const out = new Map<number, unknown[]>();
    let header: string[] = [];
    (wb.getWorksheet(sheet) as ExcelJS.Worksheet).eachRow((row) => {
      const values = valuesOf(row);
      if (values[0] === first) header = values.map((v) => String(v).replace(/ \(.*\)$/, ''));
      else if (header.length && typeof values[0] === 'number') out.set(values[0], values);
    });
    return { col: (label: string) => header.indexOf(label), rows: out };
  };

  it("the customer's report and data table are the advisor's, figure for figure", async () => {
    for (const id of households) {
      expect(await report(id, customer)).toEqual(await report(id, advisor));
      const dt = async (as: Who) =>
        (await call('POST', 'customer/calculate/data-tables', as, { household_id: id })).body;
      expect(await dt(customer)).toEqual(await dt(advisor));
    }
  });

  it('the cash-flow export shows the Shortfall, income and expenses the report shows, every year (observation 4)', async () => {
    for (const id of households) {
      const r = await report(id, advisor);
      const { col, rows } = sheetTable(await workbook(id, { report: 'cashflow' }), 'Cash flow by year');
      expect(rows.size).toBe(r.cashflow.years.length);
      const shown = r.cashflow.years.map((y) => [y.year, y.income, y.expenses, y.shortfall, y.net_cash_flow]);
      const file = r.cashflow.years.map((y) => {
        const row = rows.get(y.year) ?? [];
        return [y.year, ...['Incomes', 'Expenses', 'Shortfall', 'Net cash flow'].map((l) => row[col(l)])];
      });
      expect(file).toEqual(shown);
    }
    // the deficit household has a shortfall to show
    expect(
      Math.max(...(await report(households[0] as string, advisor)).cashflow.years.map((y) => y.shortfall)),
    ).toBeGreaterThan(0);
  });

  it('the net-worth and data-table exports, in RM, show the report in RM to the cent', async () => {
    for (const id of households) {
      const r = await report(id, advisor, 'RM');
      const nw = sheetTable(await workbook(id, { report: 'networth', currency: 'RM' }), 'Net worth');
      expect(r.networth.years.map((y) => nw.rows.get(y.year)?.[nw.col('Net worth')])).toEqual(
        r.networth.years.map((y) => y.net_worth),
      );
      const dt = sheetTable(await workbook(id, { report: 'data-table', currency: 'RM' }), 'Data table');
      expect(r.networth.years.map((y) => dt.rows.get(y.year)?.[dt.col('Net worth')])).toEqual(
        r.networth.years.map((y) => y.net_worth),
      );
      expect(r.cashflow.years.map((y) => dt.rows.get(y.year)?.[dt.col('Net cash flow')])).toEqual(
        r.cashflow.years.map((y) => y.net_cash_flow),
      );
    }
  });

  it('the debt export shows the report’s loan (instalment, outstanding, interest)', async () => {
    const id = households[0] as string;
    const r = await report(id, advisor);
    const wb = await workbook(id, { report: 'debt' });
    const named = new Map<string, unknown[]>();
    (wb.getWorksheet('Debt') as ExcelJS.Worksheet).eachRow((row) => {
      const v = (row.values as unknown[]).slice(1);
      if (v[0] === 'Home') named.set('Home', v);
    });
    const loan = r.debt.loans[0];
    expect(named.get('Home')?.slice(2, 5)).toEqual([loan?.instalment, loan?.outstanding, loan?.total_interest]);
  });
});
