import { households as H, reports as R } from '@kinfolio/contracts';
import {
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import ExcelJS from 'exceljs';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { type FormulaCell, figureOf, formulaCells, rowFigures, toCents } from './xlsx-formulas';

jest.setTimeout(240_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Issue 34, the exports: the Excel export's figures that are arithmetic of other cells are live formulas, and the
 * workbook recalculates to the figures the screen shows. The stored household's export is opened back with exceljs;
 * every formula is recomputed from the sheet's values (./xlsx-formulas.ts) and compared with its cached result and
 * with the financial report's figure; the appendix lists the report's rate-table versions with their sources.
 */
describe.each(testInfras())('svc-planning Excel formulas on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const admin = testIdentity('admin');
  let id = '';

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    id = await household();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, advisor, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as { id: string };
  };

  /** Two earners, funds, CPF, a home and a flat sold in 2032 (both mortgaged), two policies and a cover target. */
  async function household(): Promise<string> {
    const res = await call('POST', 'leads', advisor, {
      name: 'Alex Tan',
      age: 40,
      email: 'alex.formulas@example.com',
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: h.id };
    const monthly = { currency: 'SGD', frequency: 'monthly' };
    await created('member-income', { ...L, ...monthly, member_id: me, kind: 'gross income', amount: 9000 });
    await created('member-income', { ...L, ...monthly, member_id: spouse, kind: 'gross income', amount: 6000 });
    await created('member-expense', { ...L, ...monthly, member_id: me, category: 'food', amount: 1500.55 });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 45000.1 });
    await created('portfolio-fund', { ...L, plan_name: 'Growth', currency: 'SGD', current_value: 120000.25 });
    await created('pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 80000 });
    await created('debt', {
      ...L,
      name: 'Home',
      type: 'mortgage',
      currency: 'SGD',
      original_loan: 500000,
      loan_interest: 2.6,
      loan_tenure: 30,
      starting_year: 2020,
      purchase_price: 800000,
      market_value: 900000,
    });
    await created('debt', {
      ...L,
      name: 'Flat',
      type: 'mortgage',
      currency: 'SGD',
      original_loan: 250000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      purchase_price: 400000,
      market_value: 450000.5,
      future_selling_year: 2032,
      future_selling_price: 520000,
    });
    for (const [plan, premium, cover] of [
      ['Life Plus', 2400, 500000],
      ['Term Cover', 1210.4, 150000],
    ] as const) {
      const policy = await created('insurance', {
        ...L,
        member_id: me,
        plan_name: plan,
        custom_company_name: 'Acme Assurance',
        premium,
        currency: 'SGD',
        policy_date: '2020-01-15',
      });
      await created('insurance-coverage-benefit', {
        ...L,
        insurance_id: policy.id,
        type: 'Death',
        expiry_age: 99,
        duration: 1,
        payout: { lump_sum_payout: { currency: 'SGD', amount: cover } },
      });
    }
    await created('insurance-coverage-target', {
      ...L,
      member_id: me,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 800000,
    });
    return h.id;
  }

  const report = async (currency = '') => {
    const res = await call('GET', `customer/${id}/financial-report${currency ? `?currency=${currency}` : ''}`, advisor);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return R.FinancialReportReply.parse(res.body).data;
  };
  async function workbook(body: Record<string, unknown>): Promise<ExcelJS.Workbook> {
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
  const bySheet = (cells: FormulaCell[], sheet: string) => cells.filter((c) => c.sheet === sheet);
  /** The formula cells' [formula with its row number as n, cached result]: row numbers vary, the shapes do not. */
  const shapes = (cells: FormulaCell[]) =>
    cells.map((c) => {
      const n = c.address.replace(/^[A-Z]+/, '');
      return [c.formula.replaceAll(new RegExp(`([A-Z])${n}(?!\\d)`, 'g'), '$1n'), c.result];
    });

  it('financial report: every sum, net figure, gap and total is a formula giving the screen’s figure, recalculated to the cent', async () => {
    const r = await report();
    const wb = await workbook({ report: 'financial-report' });
    const cells = formulaCells(wb);
    // recalculated from the sheets' values, every formula gives its cached result to the cent
    expect(cells.filter((c) => toCents(c.evaluated) !== toCents(c.result))).toEqual([]);

    // cash flow: per year Surplus = MAX(net, 0) and Net cash flow = Incomes − Expenses, then the report's totals
    const cash = bySheet(cells, 'Cash flow by year');
    const years = r.cashflow.years;
    expect(shapes(cash.slice(0, 2 * years.length))).toEqual(
      years.flatMap((y) => [
        ['MAX(Fn,0)', y.surplus],
        ['Bn-Cn', y.net_cash_flow],
      ]),
    );
    expect(cash.slice(2 * years.length).map((c) => c.result)).toEqual([
      r.cashflow.totals.income,
      r.cashflow.totals.expenses,
      r.cashflow.totals.surplus,
    ]);
    const first = cash[0] as FormulaCell;
    const firstRow = Number(first.address.slice(1));
    const lastRow = firstRow + years.length - 1;
    expect(cash.slice(2 * years.length).map((c) => c.formula)).toEqual(
      ['B', 'C', 'D'].map((l) => `SUM(${l}${firstRow}:${l}${lastRow})`),
    );

    // net worth: total assets = SUM of the five classes, liabilities = loans + shortfall, net worth = one less the other
    expect(shapes(bySheet(cells, 'Net worth'))).toEqual(
      r.networth.years.flatMap((y) => [
        ['SUM(Bn:Fn)', y.total_assets],
        ['Gn+Kn', y.total_liabilities],
        ['Hn-In', y.net_worth],
      ]),
    );

    // insurance: each gap with a target and a finite cover, then the coverage totals and the premiums' totals
    const ins = bySheet(cells, 'Insurance coverage');
    const gaps = r.insurance.members.flatMap((m) => m.rows).filter((x) => !x.unlimited && x.target !== null);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    expect(shapes(ins.slice(0, gaps.length))).toEqual(gaps.map((g) => ['MAX(Dn-Cn,0)', g.gap]));
    // Alex's Death cover: 500,000 + 150,000 against the advisor's 800,000
    expect(gaps.find((g) => g.benefit_type === 'Death' && g.target === 800000)?.gap).toBe(150000);
    expect(ins.slice(gaps.length).map((c) => [c.formula.replace(/\d+/g, ''), c.result])).toEqual([
      ['SUM(C:C)', r.insurance.totals.cover],
      ['SUM(D:D)', r.insurance.totals.target],
      ['SUM(E:E)', r.insurance.totals.gap],
      ['SUM(D:D)', 3610.4],
      ['SUM(E:E)', expect.any(Number)],
    ]);

    // funds: the report's total as a SUM of the classes
    expect(bySheet(cells, 'Funds').map((c) => [c.formula.replace(/\d+/g, ''), c.result])).toEqual([
      ['SUM(B:B)', r.funds.total],
    ]);
    expect(r.funds.total).toBe(245000.35);

    // debt: the outstanding today, the debt tab's total (the instalments a month count only running loans: no SUM)
    expect(bySheet(cells, 'Debt').map((c) => [c.formula.replace(/\d+/g, ''), c.result])).toEqual([
      ['SUM(D:D)', r.debt.total_outstanding],
    ]);

    // property: equity = value − loan for each, then the property tab's totals
    const props = r.property.properties;
    expect(props.map((p) => p.name)).toEqual(['Home', 'Flat']);
    const prop = bySheet(cells, 'Property');
    expect(shapes(prop.slice(0, 2))).toEqual(props.map((p) => ['Bn-Cn', p.equity]));
    const pt = r.property.totals;
    expect(prop.slice(2).map((c) => [c.formula.replace(/\d+/g, ''), c.result])).toEqual([
      ['SUM(B:B)', pt.market_value],
      ['SUM(C:C)', pt.outstanding],
      ['SUM(D:D)', pt.equity],
      ['SUM(F:F)', pt.net_proceeds],
    ]);
    expect(pt.market_value).toBe(1350000.5);

    // the count per sheet: the file fails this if the formulas are written as values
    const count = Object.fromEntries(wb.worksheets.map((w) => [w.name, bySheet(cells, w.name).length]));
    expect(count).toEqual({
      'Cash flow by year': 2 * years.length + 3,
      'Net worth': 3 * r.networth.years.length,
      'Insurance coverage': gaps.length + 5,
      Funds: 1,
      Debt: 1,
      Property: 2 + 4,
      'Tables and sources': 0,
    });
    // no note: in the household's currency every figure is the arithmetic of its cells to the cent
    const notes: string[] = [];
    for (const ws of wb.worksheets)
      ws.eachRow((row) => {
        row.eachCell((c) => {
          if (c.note) notes.push(`${ws.name}!${c.address}`);
        });
      });
    expect(notes).toEqual([]);
  });

  it('the appendix lists each rate-table version the report used, with its years and its source', async () => {
    const r = await report();
    // CPF (the CPF account), Singapore income tax (the incomes), Seller's Stamp Duty (the flat sold in 2032)
    const kinds = new Set(r.tables.map((n) => n.split('@')[0]));
    expect([...kinds].sort()).toEqual(['cpf', 'sgIncomeTax', 'sgSsd']);
    const wb = await workbook({ report: 'financial-report' });
    expect(wb.worksheets.map((w) => w.name).at(-1)).toBe('Tables and sources');
    const lines: unknown[][] = [];
    (wb.getWorksheet('Tables and sources') as ExcelJS.Worksheet).eachRow((row) => {
      lines.push(rowFigures(row));
    });
    const head = lines.findIndex((l) => l[0] === 'Table');
    expect(lines[head]).toEqual(['Table', 'Version', 'From', 'To', 'Publisher', 'Document', 'Address']);
    // the back office's versions (GET admin/rate-tables): each listed one's source, as stored
    const listed = await call('GET', 'admin/rate-tables', admin);
    expect(listed.status).toBe(200);
    const versions = new Map<
      string,
      {
        title: string;
        v: { from_year: number; to_year: number | null; source: { publisher: string; title: string; url: string } };
      }
    >();
    for (const table of listed.body.data.tables as Array<{
      title: string;
      versions: Array<{
        name: string;
        from_year: number;
        to_year: number | null;
        source: { publisher: string; title: string; url: string };
      }>;
    }>)
      for (const v of table.versions) versions.set(v.name, { title: table.title, v });
    const rows = lines.slice(head + 1);
    expect(rows.map((l) => l[1])).toEqual(r.tables);
    for (const [k, name] of r.tables.entries()) {
      const known = versions.get(name);
      const { v } = known as NonNullable<typeof known>;
      expect(rows[k]?.[0]).toBe(known?.title);
      expect(rows[k]?.slice(2, 3)).toEqual([v.from_year]);
      expect(rows[k]?.slice(4)).toEqual([
        v.source.publisher,
        v.source.title,
        { text: v.source.url, hyperlink: v.source.url },
      ]);
      // the last year: the version's own, else the year before the next one's, else it is in force onwards
      if (v.to_year !== null) expect(rows[k]?.[3]).toBe(v.to_year);
    }
    expect(rows.every((l) => String((l[6] as { hyperlink?: string }).hyperlink).startsWith('https://'))).toBe(true);
  });

  it('data table: net cash flow = inflows − outflows, total assets, total liabilities and net worth are formulas of the row', async () => {
    const dt = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: id });
    expect(dt.status).toBe(200);
    const rows = dt.body.data.rows as Array<{
      property_sales: number;
      net_cash_flow: number;
      total_assets: number;
      total_liabilities: number;
      net_worth: number;
    }>;
    const cells = formulaCells(await workbook({ report: 'data-table' }));
    expect(cells.filter((c) => toCents(c.evaluated) !== toCents(c.result))).toEqual([]);
    // A year, B income, C tax, D employee, E expenses, F premiums, G repayments, H goals, I contributions,
    // J insurance payouts, K pension payouts, L property sales, M asset sales (not a flow), N net cash flow,
    // O-S the five asset classes, T loans, U shortfall, V total assets, W total liabilities, X net worth
    expect(shapes(bySheet(cells, 'Data table'))).toEqual(
      rows.flatMap((y) => [
        ['Bn+Jn+Kn+Ln-Cn-Dn-En-Fn-Gn-Hn-In', y.net_cash_flow],
        ['SUM(On:Sn)', y.total_assets],
        ['Tn+Un', y.total_liabilities],
        ['Vn-Wn', y.net_worth],
      ]),
    );
    // the flat's sale: a year whose net cash flow counts property sale proceeds
    expect(rows.filter((y) => y.property_sales > 0)).toHaveLength(1);
  });

  it('in RM, each figure is the screen’s converted figure: a formula where the converted cells add up to it, else a value with a note', async () => {
    const r = await report('RM');
    const wb = await workbook({ report: 'financial-report', currency: 'RM' });
    const cells = formulaCells(wb);
    expect(cells.filter((c) => toCents(c.evaluated) !== toCents(c.result))).toEqual([]);
    const ws = wb.getWorksheet('Net worth') as ExcelJS.Worksheet;
    const seen: Array<[number, string, unknown]> = [];
    let formulas = 0;
    let noted = 0;
    ws.eachRow((row) => {
      const year = row.getCell(1).value;
      if (typeof year !== 'number' || year < 1900) return;
      for (const col of ['H', 'I', 'J']) {
        const cell = row.getCell(col);
        seen.push([year, col, figureOf(cell)]);
        if (cell.formula) formulas++;
        else {
          expect(String(cell.note)).toMatch(
            /^The report's figure, written as a value: .* gives RM [\d,.]+, RM 0\.0\d apart/,
          );
          noted++;
        }
      }
    });
    expect(seen).toEqual(
      r.networth.years.flatMap((y) => [
        [y.year, 'H', y.total_assets],
        [y.year, 'I', y.total_liabilities],
        [y.year, 'J', y.net_worth],
      ]),
    );
    expect(formulas + noted).toBe(3 * r.networth.years.length);
    expect(formulas).toBeGreaterThan(0);
  });
});
