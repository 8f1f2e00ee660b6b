import { households as H, planning, exportsContract as X } from '@kinfolio/contracts';
import { convertExact, formatNumber } from '@kinfolio/money';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import ExcelJS from 'exceljs';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { figureOf, valuesOf } from './xlsx-formulas';

// exceljs depends on jszip: the pptx and docx are opened with it
const JSZip = require('jszip') as {
  loadAsync(b: Buffer): Promise<{ files: Record<string, { async(t: 'string'): Promise<string> }> }>;
};

jest.setTimeout(240_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Issue 14 exports: each kind is opened back with a reader (exceljs, an unzip of the Office XML, a PDF text
 * extractor) and its figures compared with the API's figures for the same stored household.
 */
describe.each(testInfras())('svc-planning exports on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');
  const branding = { advisor_name: 'Jane Lim', designation: 'Certified Financial Planner' };
  let hh: { id: string; me: string; spouse: string };

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    hh = await newHousehold();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, advisor, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as { id: string };
  };

  /** A household with incomes, expenses, funds, a CPF account, a mortgaged property and a policy with a target. */
  async function newHousehold() {
    const res = await call('POST', 'leads', advisor, {
      name: 'Alex Tan',
      age: 40,
      email: 'alex.tan@example.com',
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: h.id };
    await created('member-income', {
      ...L,
      member_id: me,
      kind: 'gross income',
      amount: 9000,
      frequency: 'monthly',
      currency: 'SGD',
    });
    await created('member-income', {
      ...L,
      member_id: spouse,
      kind: 'gross income',
      amount: 6000,
      frequency: 'monthly',
      currency: 'SGD',
    });
    await created('member-expense', {
      ...L,
      member_id: me,
      category: 'food',
      amount: 1500,
      frequency: 'monthly',
      currency: 'SGD',
    });
    await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 45000 });
    await created('portfolio-fund', { ...L, plan_name: 'Growth', currency: 'SGD', current_value: 120000 });
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
      payout: { lump_sum_payout: { currency: 'SGD', amount: 500000 } },
    });
    await created('insurance-coverage-target', {
      ...L,
      member_id: me,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 800000,
    });
    await t.svc.ctx.db('households').where({ id: h.id }).update({ customer_user_id: customer.userId });
    return { id: h.id, me, spouse };
  }

  const exportFile = async (body: Record<string, unknown>, as: Who = advisor, id = hh.id) => {
    const res = await fetchRaw('POST', `customer/${id}/exports`, as, body);
    return res;
  };
  /** One sheet of an xlsx export of `report`, opened back with exceljs. */
  const xlsxSheet = async (report: string, sheet: string) => {
    const res = await exportFile({ report, format: 'xlsx' });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    return wb.getWorksheet(sheet) as ExcelJS.Worksheet;
  };
  /** The raw bytes of a reply (the harness's call reads text). */
  async function fetchRaw(method: string, path: string, as: Who, body?: unknown) {
    const { signIdentityHeaders } = await import('@kinfolio/service-kit');
    const res = await fetch(`${t.svc.url}/api/v1/${path}`, {
      method,
      headers: {
        ...signIdentityHeaders(t.secret, as, undefined, crypto.randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        ...(as ? { 'authorization-type': as.type } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
  }
  const unzip = async (b: Buffer) => {
    const zip = await JSZip.loadAsync(b);
    const out = new Map<string, string>();
    for (const [name, f] of Object.entries(zip.files))
      if (name.endsWith('.xml')) out.set(name, await f.async('string'));
    return out;
  };
  const pdfText = async (b: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const doc = await getDocumentProxy(new Uint8Array(b));
    const { text, totalPages } = await extractText(doc, { mergePages: true });
    return { text: text as string, pages: totalPages };
  };
  const money = (v: number) => `SGD ${formatNumber(v)}`;

  const apiFigures = async () => {
    const nw = await call('GET', `customer/${hh.id}/net-worth`, advisor);
    expect(nw.status).toBe(200);
    const fin = await call('POST', 'customer/calculate/finance', advisor, { household_id: hh.id });
    const dt = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: hh.id });
    expect([fin.status, dt.status]).toEqual([200, 200]);
    return {
      netWorth: planning.NetWorthReply.parse(nw.body.data).years,
      finance: fin.body.data as { years: Array<{ year: number; income: number; outgoings: number }> },
      rows: dt.body.data.rows as Array<{
        year: number;
        net_worth: number;
        income: number;
        assets: { properties: number };
      }>,
    };
  };

  it('xlsx: one sheet per tab, real numeric cells with number formats, figures equal to the API', async () => {
    const res = await exportFile({ report: 'financial-report', format: 'xlsx', branding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(X.EXPORT_CONTENT_TYPES.xlsx);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Alex-Tan-Financial-report-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Cash flow by year',
      'Net worth',
      'Insurance coverage',
      'Funds',
      'Debt',
      'Property',
      'Tables and sources',
    ]);
    const api = await apiFigures();
    const ws = wb.getWorksheet('Net worth') as ExcelJS.Worksheet;
    expect(String(ws.getCell('A2').value)).toBe('Prepared by Jane Lim, Certified Financial Planner');
    /** The data rows of a sheet's table whose header's first cell is `first`, keyed by the first cell. */
    const rowsAfter = (sheet: ExcelJS.Worksheet, headerFirst: string) => {
      const out = new Map<unknown, ExcelJS.Row>();
      let inTable = false;
      sheet.eachRow((row) => {
        const a = row.getCell(1).value;
        if (a === headerFirst) inTable = true;
        else if (inTable && typeof a === 'number') out.set(a, row);
        else if (inTable && a === null) inTable = false;
      });
      return out;
    };
    const nwRows = rowsAfter(ws, 'Year');
    expect(nwRows.size).toBe(api.netWorth.length);
    const first = api.netWorth[0] as { year: number; net_worth: number; total_assets: number };
    const last = api.netWorth[api.netWorth.length - 1] as { year: number; net_worth: number };
    for (const y of [first, last]) {
      const cell = nwRows.get(y.year)?.getCell(10) as ExcelJS.Cell;
      // net worth: total assets less total liabilities of the row, a live formula with the figure as its result
      expect(cell.type).toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula).toBe(`H${cell.row}-I${cell.row}`);
      expect(cell.result).toBeCloseTo(y.net_worth, 2);
      expect(cell.numFmt).toContain('#,##0.00');
    }
    expect(figureOf(nwRows.get(first.year)?.getCell(8) as ExcelJS.Cell)).toBeCloseTo(first.total_assets, 2);
    const cash = rowsAfter(wb.getWorksheet('Cash flow by year') as ExcelJS.Worksheet, 'Year');
    const fy = api.finance.years[0] as { year: number; income: number; outgoings: number };
    expect(cash.get(fy.year)?.getCell(2).value).toBeCloseTo(fy.income, 2);
    expect(cash.get(fy.year)?.getCell(3).value).toBeCloseTo(fy.outgoings, 2);
    // the insurance tab: the Death cover, its target and the gap of the member's coverage-by-member row
    const cov = await call('GET', `customer/insurance-coverage-by-member?lead_id=${hh.id}`, advisor);
    const death = (
      cov.body.data.members as Array<{ rows: Array<{ benefit_type: string; cover: number; gap: number }> }>
    )
      .flatMap((m) => m.rows)
      .find((r) => r.benefit_type === 'Death') as { cover: number; gap: number };
    let insRow: ExcelJS.Row | undefined;
    (wb.getWorksheet('Insurance coverage') as ExcelJS.Worksheet).eachRow((row) => {
      if (row.getCell(1).value === 'Alex Tan' && row.getCell(2).value === 'Death') insRow = row;
    });
    expect([
      insRow?.getCell(1).value,
      insRow?.getCell(3).value,
      insRow?.getCell(4).value,
      figureOf(insRow?.getCell(5) as ExcelJS.Cell),
    ]).toEqual(['Alex Tan', death.cover, 800000, death.gap]);
    expect(death.gap).toBe(300000);
  });

  it("issue 31 (5): the insurance export lists each policy and its premiums, and the screen's coverage, targets and gaps", async () => {
    const ws = await xlsxSheet('insurance', 'Insurance coverage');
    const lines: unknown[][] = [];
    ws.eachRow((row) => {
      lines.push(valuesOf(row));
    });
    // the policy with its company, insured, sum assured, premium, frequency and premiums paid to date (the list's)
    const list = await call('GET', `customer/${hh.id}/insurance`, advisor);
    const policy = list.body.data.rows[0] as { total_premium: number; premium_source: string };
    expect(policy.premium_source).toBe('policy');
    expect(policy.total_premium).toBeGreaterThan(0);
    const head = lines.findIndex((l) => l[0] === 'Policy');
    expect(lines[head]).toEqual(['Policy', 'Company', 'Insured', 'Type', 'Sum assured', 'Premium end']);
    // no plan type and no premium end (no end date, no payment term): empty cells
    expect(lines[head + 1]).toEqual(['Life Plus', 'Acme Assurance', 'Alex Tan', undefined, 500000, undefined]);
    const premiums = lines.findIndex((l, k) => k > head + 1 && l[0] === 'Policy');
    expect(lines[premiums]).toEqual(['Policy', 'Premium', 'Frequency', 'Annualised premium', 'Premiums paid to date']);
    expect(lines[premiums + 1]).toEqual(['Life Plus', 2400, 'Yearly', 2400, policy.total_premium]);
    // every coverage row of the screen, with the same cover, target and gap (the advisor's target or the threshold)
    const cov = await call('GET', `customer/insurance-coverage-by-member?lead_id=${hh.id}`, advisor);
    const screen = (
      cov.body.data.members as Array<{
        name: string;
        rows: Array<{ label: string; cover: number; target: number | null; gap: number | null }>;
      }>
    ).flatMap((m) => m.rows.map((r) => [m.name, r.label, r.cover, r.target, r.gap]));
    const start = lines.findIndex((l) => l[0] === 'Member');
    const exported = lines.slice(start + 1, start + 1 + screen.length).map((l) => l.slice(0, 5));
    expect(exported).toEqual(screen);
    // Alex's Death gap to the advisor's 800,000, and Sam's thresholds (6,000 × 12 × 9 and × 4) with no cover
    expect(screen).toContainEqual(['Alex Tan', 'Death', 500000, 800000, 300000]);
    expect(screen).toContainEqual(['Sam Tan', 'Death', 0, 648000, 648000]);
    expect(screen).toContainEqual(['Sam Tan', 'Critical illness', 0, 288000, 288000]);
    const text = lines.map((l) => l[0]);
    expect(text).toContain('Some members are covered below their target: see the gaps.');
    expect(text).not.toContain('No gap to the coverage targets.');
  });

  it('xlsx in RM converts every figure with the stored rates', async () => {
    const res = await exportFile({ report: 'networth', format: 'xlsx', currency: 'RM' });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const rates = Object.fromEntries(
      ((await call('GET', 'currency-rates', advisor)).body.data.rates as Array<{ code: string; rate: number }>).map(
        (r) => [r.code, r.rate],
      ),
    );
    const api = await apiFigures();
    const first = api.netWorth[0] as { year: number; net_worth: number };
    let found: unknown;
    (wb.getWorksheet('Net worth') as ExcelJS.Worksheet).eachRow((row) => {
      if (row.getCell(1).value === first.year) found = figureOf(row.getCell(10));
    });
    expect(found).toBeCloseTo(convertExact(first.net_worth, 'SGD', 'RM', rates), 2);
    expect(found).not.toBeCloseTo(first.net_worth, 0);
  });

  it('issue 31 (10): a converted figure is the same cent on screen and in the export (one conversion: 3 decimals, then 2)', async () => {
    const res = await exportFile({ report: 'networth', format: 'xlsx', currency: 'RM' });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const screen = await call('GET', `customer/${hh.id}/financial-report?currency=RM`, advisor);
    expect(screen.status).toBe(200);
    const years = screen.body.data.networth.years as Array<Record<string, number>>;
    const keys = [
      'cash',
      'investments',
      'pensions',
      'properties',
      'insurance',
      'loans',
      'total_assets',
      'total_liabilities',
      'net_worth',
    ];
    const fromFile = new Map<number, number[]>();
    (wb.getWorksheet('Net worth') as ExcelJS.Worksheet).eachRow((row) => {
      const y = row.getCell(1).value;
      if (typeof y === 'number' && y > 1900)
        fromFile.set(
          y,
          keys.map((_, k) => figureOf(row.getCell(k + 2)) as number),
        );
    });
    expect(fromFile.size).toBe(years.length);
    for (const y of years) {
      const year = y.year as number;
      expect([year, ...(fromFile.get(year) ?? [])]).toEqual([year, ...keys.map((k) => y[k])]);
    }
  });

  it('issue 31 (10): the funds export names each portfolio by its plan name, each account as the Funds tab does', async () => {
    const res = await exportFile({ report: 'funds', format: 'xlsx' });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const named: Array<[unknown, unknown]> = [];
    (wb.getWorksheet('Funds') as ExcelJS.Worksheet).eachRow((row) => {
      const kind = row.getCell(2).value;
      if (kind === 'Investments' || kind === 'Cash' || kind === 'Savings') named.push([row.getCell(1).value, kind]);
    });
    // the portfolio stored plan_name 'Growth'; the cash account bank_name 'DBS' (no name)
    expect(named).toEqual(
      expect.arrayContaining([
        ['Growth', 'Investments'],
        ['DBS', 'Cash'],
      ]),
    );
    expect(named.some(([n]) => n === '' || n === null)).toBe(false);
  });

  it('data table xlsx: every year of calculate/data-tables', async () => {
    const ws = await xlsxSheet('data-table', 'Data table');
    const api = await apiFigures();
    const byYear = new Map<number, ExcelJS.Row>();
    let header: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Year') header = row;
      else if (header && typeof row.getCell(1).value === 'number') byYear.set(row.getCell(1).value as number, row);
    });
    const labels = ((header?.values ?? []) as unknown[]).slice(1);
    const col = (label: string) => labels.indexOf(label) + 1;
    expect(col('Net worth')).toBeGreaterThan(1);
    expect([...byYear.keys()]).toEqual(api.rows.map((r) => r.year));
    const mid = api.rows[Math.floor(api.rows.length / 2)] as (typeof api.rows)[number];
    expect(figureOf(byYear.get(mid.year)?.getCell(col('Net worth')) as ExcelJS.Cell)).toBeCloseTo(mid.net_worth, 2);
    expect(byYear.get(mid.year)?.getCell(col('Income')).value).toBeCloseTo(mid.income, 2);
    expect(byYear.get(mid.year)?.getCell(col('Properties')).value).toBeCloseTo(mid.assets.properties, 2);
  });

  it('pptx: a slide per chart with a native chart and its figures table', async () => {
    const res = await exportFile({ report: 'financial-report', format: 'pptx', branding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(X.EXPORT_CONTENT_TYPES.pptx);
    const xml = await unzip(res.bytes);
    const charts = [...xml.keys()].filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n));
    expect(charts).toHaveLength(11); // two charts on each tab, one on insurance
    const slides = [...xml.entries()].filter(([n]) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    const withChart = slides.filter(([, s]) => s.includes('drawingml/2006/chart'));
    expect(withChart).toHaveLength(11);
    for (const [, s] of withChart) expect(s).toContain('<a:tbl>');
    const api = await apiFigures();
    const first = api.netWorth[0] as { year: number; net_worth: number };
    const nwSlide = withChart.find(([, s]) => s.includes('Net worth by year'))?.[1] ?? '';
    // the text of each paragraph (PowerPoint splits a cell's text into runs)
    const paragraphs = [...nwSlide.matchAll(/<a:p>(.*?)<\/a:p>/g)].map((p) =>
      [...(p[1] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((x) => x[1]).join(''),
    );
    expect(paragraphs).toContain(money(first.net_worth));
    // the chart's own cached values are the numbers
    const all = charts.map((n) => xml.get(n) ?? '').join('');
    expect(all).toContain(`<c:v>${first.net_worth}</c:v>`);
    expect(slides.some(([, s]) => s.includes('Prepared by Jane Lim, Certified Financial Planner'))).toBe(true);
  });

  it('issue 31 (10): the data-table slides never split a year across two slides (its label and numbers on one)', async () => {
    const res = await exportFile({ report: 'data-table', format: 'pptx' });
    expect(res.status).toBe(200);
    const xml = await unzip(res.bytes);
    const slides = [...xml.entries()]
      .filter(([n]) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
      .sort(([a], [b]) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
    /** Each table row of a slide as its cells' texts (PowerPoint splits a cell's text into runs and paragraphs). */
    const rowsOf = (slide: string) =>
      [...slide.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/g)].map((tr) =>
        [...(tr[1] ?? '').matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/g)].map((tc) =>
          [...(tc[1] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((x) => x[1]).join(''),
        ),
      );
    const api = await apiFigures();
    const seen = new Map<string, number>();
    let tables = 0;
    for (const [, slide] of slides) {
      const rows = rowsOf(slide);
      if (!rows.length) continue;
      tables += 1;
      expect(rows[0]?.[0]).toBe('Year'); // the header on every slide
      for (const cells of rows.slice(1)) {
        // a whole row: a year and 23 figures, none left for the next slide
        expect(cells[0]).toMatch(/^\d{4}$/);
        expect(cells).toHaveLength(24);
        for (const c of cells.slice(1)) expect(c).toMatch(/^SGD /);
        seen.set(cells[0] as string, (seen.get(cells[0] as string) ?? 0) + 1);
      }
    }
    expect(tables).toBeGreaterThan(1);
    expect([...seen.keys()]).toEqual(api.rows.map((r) => String(r.year)));
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('docx: a client-ready report with headings and tables, the advisor in the header', async () => {
    const res = await exportFile({ report: 'financial-report', format: 'docx', branding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(X.EXPORT_CONTENT_TYPES.docx);
    const xml = await unzip(res.bytes);
    const body = xml.get('word/document.xml') ?? '';
    const headers = [...xml.entries()]
      .filter(([n]) => n.startsWith('word/header'))
      .map(([, s]) => s)
      .join('');
    expect(headers).toContain('Prepared by Jane Lim, Certified Financial Planner');
    for (const h of ['Cash flow by year', 'Net worth', 'Insurance coverage', 'Funds', 'Debt', 'Property'])
      expect(body).toContain(`>${h}<`);
    const api = await apiFigures();
    const first = api.netWorth[0] as { year: number; net_worth: number };
    const fy = api.finance.years[0] as { income: number };
    expect(body).toContain(money(first.net_worth));
    expect(body).toContain(money(fy.income));
    expect(body).toContain(money(300000)); // the Death gap
    expect((body.match(/<w:tbl>/g) ?? []).length).toBe(12); // the six tabs' tables (insurance: coverage, policies, premiums)
  });

  it("brands the report with the advisor's name and designation from svc-auth's events, over what the screen sends", async () => {
    const envelope = (type: string, occurredAt: Date, payload: Record<string, unknown>) => ({
      id: crypto.randomUUID(),
      type,
      occurredAt: occurredAt.toISOString(),
      correlationId: crypto.randomUUID(),
      payload,
    });
    const registered = envelope('auth.advisor.registered.v1', new Date(Date.now() - 60_000), {
      user_id: advisor.userId,
      email: 'jane@example.com',
      name: 'Jane Ong',
      registered_at: new Date().toISOString(),
    });
    const updated = envelope('auth.user.updated.v1', new Date(), {
      user_id: advisor.userId,
      type: 'advisor',
      name: 'Jane Ong Mei',
      email: 'jane@example.com',
      username: 'jane',
      designation: 'Chartered Financial Consultant',
    });
    // handed over newest first: the older registration must not undo the later change of name
    await t.ports.bus.publish([updated]);
    await t.ports.bus.publish([registered]);
    const handled = async () =>
      Number(
        (await t.svc.ctx.db('processed_events').whereIn('event_id', [registered.id, updated.id]).count('* as n'))[0]?.n,
      ) === 2;
    // delivered through the broker: on a loaded machine this can take seconds
    for (let k = 0; k < 400 && !(await handled()); k++) await new Promise((r) => setTimeout(r, 50));
    expect(await handled()).toBe(true);
    try {
      const res = await exportFile({ report: 'cashflow', format: 'docx', branding });
      expect(res.status).toBe(200);
      const headers = [...(await unzip(res.bytes)).entries()]
        .filter(([n]) => n.startsWith('word/header'))
        .map(([, x]) => x)
        .join('');
      expect(headers).toContain('Prepared by Jane Ong Mei, Chartered Financial Consultant');
      expect(headers).not.toContain('Jane Lim');
    } finally {
      // the other tests send their own branding for an advisor svc-planning has not heard of
      await t.svc.ctx.db('advisors').where({ id: advisor.userId }).delete();
    }
  });

  it('pdf: the same report, paginated, with its figures in the text', async () => {
    const res = await exportFile({ report: 'financial-report', format: 'pdf', branding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(res.bytes);
    expect(pages).toBeGreaterThan(6);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain('Prepared by Jane Lim, Certified Financial Planner');
    const api = await apiFigures();
    const first = api.netWorth[0] as { year: number; net_worth: number };
    expect(text).toContain(money(first.net_worth)); // the summary line
    // table cells: the figure, the currency in the column header; no figure cut short
    expect(text).toContain('Incomes (SGD)');
    expect(text).toContain(formatNumber((api.finance.years[0] as { income: number }).income));
    const last = api.netWorth[api.netWorth.length - 1] as { net_worth: number };
    expect(text).toContain(formatNumber(last.net_worth));
    const cut = [...text.matchAll(/.{0,30}…/g)].map((m) => m[0]);
    expect(cut).toEqual([]);
  });

  it('scenario: current plan vs the posted scenario, as POST customer/calculate/scenario-modelling answers', async () => {
    const scenario = { scenario: { overrides: { retirement_age: { [hh.me]: 50 }, investment_return: 2 } } };
    const api = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: hh.id,
      ...scenario,
    });
    expect(api.status).toBe(200);
    const reply = planning.ScenarioReply.parse(api.body.data);
    expect(reply.scenario.final_net_worth).not.toBe(reply.base.final_net_worth);
    const res = await exportFile({ report: 'scenario', format: 'xlsx', scenario });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Current plan vs scenario') as ExcelJS.Worksheet;
    let finalRow: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Final net worth') finalRow = row;
    });
    expect(finalRow?.getCell(2).value).toBeCloseTo(reply.base.final_net_worth, 2);
    expect(finalRow?.getCell(3).value).toBeCloseTo(reply.scenario.final_net_worth, 2);
    // issue 34: the appendix lists the rate-table versions the scenario's projections used (the reply's `tables`)
    expect(reply.tables.length).toBeGreaterThan(0);
    const listed: unknown[] = [];
    (wb.getWorksheet('Tables and sources') as ExcelJS.Worksheet).eachRow((row, n) => {
      if (n > 5) listed.push(row.getCell(2).value);
    });
    expect(listed).toEqual(reply.tables);
    // the same in a pdf, by the customer
    const pdf = await exportFile({ report: 'scenario', format: 'pdf', scenario }, customer);
    expect(pdf.status).toBe(200);
    expect((await pdfText(pdf.bytes)).text).toContain(formatNumber(reply.scenario.final_net_worth));
    // a scenario the engine refuses is a 400 naming the field under scenario
    const bad = await exportFile({
      report: 'scenario',
      format: 'xlsx',
      scenario: { expense_change_percent: { 'no-such-expense': 10 } },
    });
    expect([bad.status, fieldsOf(bad.json())]).toEqual([400, ['scenario.expense_change_percent.no-such-expense']]);
  });

  it("issue 35: a scenario with Monte Carlo exports its fan chart and percentiles, the reply's bands", async () => {
    const scenario = { scenario: { monte_carlo: { enabled: true, trials: 200, seed: 11 } } };
    const api = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: hh.id,
      ...scenario,
    });
    const reply = planning.ScenarioReply.parse(api.body.data);
    const bands = reply.monte_carlo?.bands ?? [];
    expect(bands.length).toBeGreaterThan(5);
    const res = await exportFile({ report: 'scenario', format: 'xlsx', scenario });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Current plan vs scenario') as ExcelJS.Worksheet;
    const byYear = new Map<number, unknown[]>();
    let inFan = false;
    ws.eachRow((row) => {
      const first = row.getCell(1).value;
      if (first === 'Monte Carlo: net worth by percentile') inFan = true;
      else if (inFan && typeof first === 'number')
        byYear.set(
          first,
          [2, 3, 4, 5, 6].map((c) => row.getCell(c).value),
        );
    });
    expect([...byYear.keys()]).toEqual(bands.map((b) => b.year));
    for (const b of bands)
      expect(byYear.get(b.year)).toEqual(['p10', 'p25', 'p50', 'p75', 'p90'].map((p) => b.percentiles[p]));
    // a native fan chart beside it (stacked bands and the median line), with its alt text
    const JSZipFull = require('jszip') as {
      loadAsync(b: Buffer): Promise<{ file(n: RegExp): Array<{ async(t: 'string'): Promise<string> }> }>;
    };
    const zip = await JSZipFull.loadAsync(res.bytes);
    const charts = await Promise.all(zip.file(/^xl\/charts\/chart\d+\.xml$/).map((f) => f.async('string')));
    expect(charts.some((x) => x.includes('<c:areaChart>') && x.includes('P50'))).toBe(true);
  });

  it('every report in every kind is a file of that kind', async () => {
    const magic: Record<string, string> = { xlsx: 'PK', pptx: 'PK', docx: 'PK', pdf: '%PDF' };
    const seen: Array<[string, string, number, string | null, string]> = [];
    for (const report of X.EXPORT_REPORTS)
      for (const format of X.EXPORT_FORMATS) {
        const res = await exportFile({ report, format, ...(report === 'scenario' ? { scenario: {} } : {}) });
        seen.push([
          report,
          format,
          res.status,
          res.headers.get('content-type'),
          res.bytes.subarray(0, magic[format]?.length).toString(),
        ]);
      }
    expect(seen).toEqual(
      X.EXPORT_REPORTS.flatMap((report) =>
        X.EXPORT_FORMATS.map((format) => [report, format, 200, X.EXPORT_CONTENT_TYPES[format], magic[format]]),
      ),
    );
  });

  it('access: the customer exports their own; another advisor or customer gets 404; no identity 401', async () => {
    expect((await exportFile({ report: 'cashflow', format: 'pdf' }, customer)).status).toBe(200);
    expect((await exportFile({ report: 'cashflow', format: 'pdf' }, customer, customer.userId)).status).toBe(200);
    expect((await exportFile({ report: 'cashflow', format: 'pdf' }, other)).status).toBe(404);
    expect((await exportFile({ report: 'cashflow', format: 'pdf' }, otherCustomer)).status).toBe(404);
    expect((await exportFile({ report: 'cashflow', format: 'pdf' }, null)).status).toBe(401);
  });

  it('bad input: 400 naming the field, never a 5xx', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ report: 'cashflow', format: 'rtf' }, 'format'],
      [{ format: 'pdf' }, 'report'],
      [{ report: 'everything', format: 'pdf' }, 'report'],
      [{ report: 'cashflow', format: 'pdf', currency: 'USD' }, 'currency'],
      [{ report: 'cashflow', format: 'pdf', as_of: '2026-13-40' }, 'as_of'],
      [{ report: 'cashflow', format: 'pdf', extra: 1 }, 'extra'],
      [
        { report: 'cashflow', format: 'pdf', branding: { advisor_name: '<script>x</script>' } },
        'branding.advisor_name',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await exportFile(body);
      expect([JSON.stringify(body), res.status, fieldsOf(res.json())]).toEqual([JSON.stringify(body), 400, [field]]);
    }
    const share = await call('POST', 'share-document', advisor, { lead_id: 'nope', report: 'cashflow', format: 'pdf' });
    expect([share.status, fieldsOf(share.body)]).toEqual([400, ['lead_id']]);
  });

  it('bad-input sweep: control characters, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored', async () => {
    const valid = { report: 'cashflow', format: 'xlsx', branding };
    const before = await snapshotTables(t);
    expect(
      await sweep(
        t,
        { method: 'POST', path: `customer/${hh.id}/exports`, as: advisor },
        badBodies(X.ExportBody, valid),
      ),
    ).toEqual([]);
    expect(
      await sweep(
        t,
        { method: 'POST', path: 'share-document', as: advisor },
        badBodies(X.ShareDocumentBody, { ...valid, lead_id: hh.id, note: 'n' }),
      ),
    ).toEqual([]);
    expect(await snapshotTables(t)).toBe(before);
  });

  it('access sweep: no session 401, owning advisor ok, second advisor 404, its customer reads only, another customer 404, admin 403', async () => {
    const admin = testIdentity('admin');
    const doc = X.SharedDocument.parse(
      (await call('POST', 'share-document', advisor, { lead_id: hh.id, report: 'debt', format: 'xlsx' })).body.data,
    );
    const body = { report: 'debt', format: 'xlsx' };
    const reads: Array<[string, string, unknown]> = [
      ['POST', `customer/${hh.id}/exports`, body],
      ['GET', `customer/${hh.id}/shared-documents`, undefined],
      ['GET', doc.download_path, undefined],
    ];
    const share: [string, string, unknown] = ['POST', 'share-document', { ...body, lead_id: hh.id }];
    const status = async ([method, path, b]: [string, string, unknown], who: Who) =>
      (await fetchRaw(method, path, who, b)).status;
    const seen: Array<[string, string, number]> = [];
    for (const r of [...reads, share])
      for (const [name, who] of [
        ['none', null],
        ['advisor', advisor],
        ['other', other],
        ['customer', customer],
        ['otherCustomer', otherCustomer],
        ['admin', admin],
      ] as const)
        seen.push([`${r[0]} ${r[1]}`, name, await status(r, who)]);
    const expected = (path: string, who: string) => {
      const isShare = path === 'POST share-document';
      if (who === 'none') return 401;
      if (who === 'admin') return 403;
      if (who === 'advisor') return isShare ? 201 : 200;
      if (who === 'customer') return isShare ? 403 : 200;
      return isShare && who === 'otherCustomer' ? 403 : 404;
    };
    expect(seen).toEqual(seen.map(([p, who]) => [p, who, expected(p, who)]));
  });

  it('share-document: stored, mailed to the customer, listed and downloadable in their dashboard', async () => {
    const before = (t.ports.offline?.mail.list('alex.tan@example.com') ?? []).length;
    const res = await call('POST', 'share-document', advisor, {
      lead_id: hh.id,
      report: 'networth',
      format: 'pdf',
      branding,
      note: 'Our plan for the next ten years',
    });
    expect([res.status, res.body.message]).toEqual([201, 'Shared']);
    const doc = X.SharedDocument.parse(res.body.data);
    expect(doc).toMatchObject({ lead_id: hh.id, report: 'networth', format: 'pdf', content_type: 'application/pdf' });
    const mails = t.ports.offline?.mail.list('alex.tan@example.com') ?? [];
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe('Jane Lim shared a document with you on Kinfolio');
    expect(mails[0]?.text).toContain('Net worth');
    expect(mails[0]?.text).toContain('Shared documents');
    // a live update for the household's screens, in the same transaction
    const sections = (
      await t.svc.ctx
        .db('outbox')
        .where({ type: 'planning.household.changed.v1' })
        .whereRaw("payload->>'household_id' = ?", [hh.id])
    ).map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).section as string);
    expect(sections).toContain('shared-documents');

    for (const who of [customer, advisor]) {
      const list = X.SharedDocumentsReply.parse((await call('GET', `customer/${hh.id}/shared-documents`, who)).body);
      // newest first (the access sweep above shared two debt exports before)
      expect(list.data.map((d) => [d.report, d.format])).toEqual([
        ['networth', 'pdf'],
        ['debt', 'xlsx'],
        ['debt', 'xlsx'],
      ]);
      expect(list.data[0]?.id).toBe(doc.id);
    }
    const file = await fetchRaw('GET', doc.download_path, customer);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${doc.file_name}"`);
    expect(file.bytes.length).toBe(doc.size);
    const api = await apiFigures();
    expect((await pdfText(file.bytes)).text).toContain(money((api.netWorth[0] as { net_worth: number }).net_worth));

    // the customer cannot share; other tenants see nothing
    expect(
      (await call('POST', 'share-document', customer, { lead_id: hh.id, report: 'networth', format: 'pdf' })).status,
    ).toBe(403);
    expect(
      (await call('POST', 'share-document', other, { lead_id: hh.id, report: 'networth', format: 'pdf' })).status,
    ).toBe(404);
    expect((await call('GET', `customer/${hh.id}/shared-documents`, other)).status).toBe(404);
    expect((await call('GET', `customer/${hh.id}/shared-documents`, otherCustomer)).status).toBe(404);
    expect((await fetchRaw('GET', doc.download_path, other)).status).toBe(404);
    expect((await fetchRaw('GET', doc.download_path, otherCustomer)).status).toBe(404);
    expect(
      (await fetchRaw('GET', `customer/${hh.id}/shared-documents/${crypto.randomUUID()}/download`, customer)).status,
    ).toBe(404);
  });
});
