import ExcelJS from 'exceljs';
import { parse, validate } from 'fast-xml-parser';
import JSZip from 'jszip';
import { figureOf } from '../../test/xlsx-formulas';
import { imageSize, renderDocx } from './docx';
import { altText, cellText } from './format';
import { chartSource, chartSpaceXml, chartTable, fanBands } from './ooxml-chart';
import type { Chart, Report, Section } from './report';
import { renderXlsx } from './xlsx';

/**
 * Issue 35: native charts in the Excel and Word exports. A hand-made client plan with every chart kind (a line whose
 * figures no table holds, clustered bars over a year table, bars of one row of a table, bars over a table with texts
 * and blanks, a fan), written and read back: the chart parts, their series, values and alt text.
 */
const YEARS = Array.from({ length: 40 }, (_, k) => 2026 + k);
const money = (label: string) => ({ label, kind: 'money' as const });
const YEAR = { label: 'Year', kind: 'year' as const };

const netWorth = YEARS.map((y, k) => 150000.25 + k * 12345.5);
const summary: Section = {
  id: 'summary',
  title: 'Summary',
  summary: ['The plan does not run out of money.'],
  charts: [
    {
      title: 'Net worth by year',
      kind: 'line',
      categories: YEARS.map(String),
      series: [{ name: 'Net worth', values: netWorth }],
    },
  ],
  tables: [
    {
      title: 'Key figures',
      columns: [{ label: 'Figure', kind: 'text' }, money('Value')],
      rows: [['Net worth today', 150000.25]],
    },
  ],
};

const flows = YEARS.map((y, k) => [y, 90000 + k * 1000.5, 70000 + k * 1500.25]);
const cashflow: Section = {
  id: 'cashflow',
  title: 'Cash flow by year',
  summary: [],
  charts: [
    {
      title: 'Incomes and expenses by year',
      kind: 'multi_bar',
      categories: YEARS.map(String),
      series: [
        { name: 'Incomes', values: flows.map((r) => r[1] as number) },
        { name: 'Expenses', values: flows.map((r) => r[2] as number) },
      ],
    },
    {
      title: 'Net cash flow by year',
      kind: 'bar',
      categories: YEARS.map(String),
      series: [
        {
          name: 'Net cash flow',
          values: flows.map((r) => Math.round(((r[1] as number) - (r[2] as number)) * 100) / 100),
        },
      ],
    },
  ],
  tables: [
    {
      title: 'Cash flow by year',
      columns: [YEAR, money('Incomes'), money('Expenses'), money('Net cash flow')],
      rows: flows.map((r) => [...r, Math.round(((r[1] as number) - (r[2] as number)) * 100) / 100]),
      formulas: {
        3: {
          op: 'sum',
          of: [
            [1, 1],
            [2, -1],
          ],
        },
      },
    },
  ],
};

const classes = ['Cash', 'Investments', 'Pensions'];
const assets = YEARS.slice(0, 3).map((y, k) => [y, 1000 + k, 2000 + k, 3000 + k]);
const networth: Section = {
  id: 'networth',
  title: 'Net worth',
  summary: [],
  charts: [
    {
      title: 'Assets by class in 2026',
      kind: 'bar',
      categories: classes,
      series: [{ name: 'Value', values: [1000, 2000, 3000] }],
    },
  ],
  tables: [{ title: 'Net worth by year and asset class', columns: [YEAR, ...classes.map(money)], rows: assets }],
};

const coverRows = [
  ['Alex', 'Death', 500000, 800000, 300000],
  ['Alex', 'Hospitalisation', 'Unlimited', 100000, 0],
  ['Sam', 'Death', 0, null, null],
];
const insurance: Section = {
  id: 'insurance',
  title: 'Insurance coverage',
  summary: [],
  charts: [
    {
      title: 'Coverage, target and gap by member and benefit',
      kind: 'multi_bar',
      categories: coverRows.map((r) => `${r[0]}: ${r[1]}`),
      series: [
        { name: 'Cover', values: [500000, 0, 0] },
        { name: 'Target', values: [800000, 100000, 0] },
        { name: 'Gap', values: [300000, 0, 0] },
      ],
    },
  ],
  tables: [
    {
      title: 'Coverage by member and benefit',
      columns: [
        { label: 'Member', kind: 'text' },
        { label: 'Benefit', kind: 'text' },
        money('Cover'),
        money('Target'),
        money('Gap'),
      ],
      rows: coverRows,
    },
  ],
};

const P = ['P10', 'P25', 'P50', 'P75', 'P90'];
const fanRows = YEARS.map((y, k) => [
  y,
  -20000 + k * 100.1,
  10000 + k * 200.2,
  50000 + k * 300.3,
  90000 + k * 400.4,
  150000 + k * 500.5,
]);
const scenario: Section = {
  id: 'scenario',
  title: 'Scenario',
  summary: ['Probability of success: 81% over 1000 trials.'],
  charts: [
    {
      title: 'Monte Carlo: net worth by percentile',
      kind: 'fan',
      categories: YEARS.map(String),
      series: P.map((name, k) => ({ name, values: fanRows.map((r) => r[k + 1] as number) })),
    },
    { title: 'Nothing to draw', kind: 'bar', categories: [], series: [{ name: 'Value', values: [] }] },
  ],
  tables: [{ title: 'Monte Carlo: net worth by percentile', columns: [YEAR, ...P.map(money)], rows: fanRows }],
};

/** A 1 × 1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const plan = (over: Partial<Report> = {}): Report => ({
  kind: 'client-plan',
  title: 'Client plan',
  household: 'Tan family',
  currency: 'SGD',
  as_of: '2026-03-01',
  generated_at: '2026-03-01T08:00:00.000Z',
  branding: {
    advisor_name: 'Jane Lim',
    designation: 'Certified Financial Planner',
    email: 'jane@example.com',
    phone: '+65 6123 4567',
    photo: { data: PHOTO, type: 'png' },
  },
  sections: [summary, cashflow, networth, insurance, scenario],
  tables: [],
  locale: 'en-SG',
  lang: 'en-SG',
  ...over,
});
/** The charts the files draw: every chart with figures, in order. */
const drawnCharts = (r: Report): Chart[] => r.sections.flatMap((s) => s.charts.filter((c) => c.categories.length));

// biome-ignore lint/suspicious/noExplicitAny: parsed XML
type Xml = any;
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseNodeValue: false,
  parseAttributeValue: false,
  attrValueProcessor: decode,
  tagValueProcessor: decode,
};

async function parts(buf: Buffer, prefix: string): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(buf);
  const out = new Map<string, string>();
  for (const name of Object.keys(zip.files).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })))
    if (name.startsWith(prefix) && !zip.files[name]?.dir)
      out.set(name, await (zip.file(name) as JSZip.JSZipObject).async('string'));
  return out;
}
/** The series of a chart part: name, reference and cached values (gaps as null), in drawing order. */
function seriesOf(
  xml: string,
): Array<{ name: string; ref: string | null; values: Array<number | null>; count: number; cat: string[] }> {
  expect(validate(xml)).toBe(true);
  const doc: Xml = parse(xml, XML_OPTIONS);
  const area: Xml = doc['c:chartSpace']['c:chart']['c:plotArea'];
  const groups = ['c:barChart', 'c:areaChart', 'c:lineChart'].flatMap((g) => list(area[g]));
  return groups.flatMap((g: Xml) =>
    list(g['c:ser']).map((s: Xml) => {
      const num = s['c:val']['c:numRef'] ?? s['c:val']['c:numLit'];
      const cache = s['c:val']['c:numRef']?.['c:numCache'] ?? num;
      const count = Number(cache['c:ptCount']['@val']);
      const values: Array<number | null> = Array(count).fill(null);
      for (const p of list<Xml>(cache['c:pt'])) values[Number(p['@idx'])] = Number(p['c:v']);
      const c = s['c:cat'];
      const catCache = c['c:numRef']?.['c:numCache'] ?? c['c:strRef']?.['c:strCache'] ?? c['c:strLit'];
      return {
        name: String(s['c:tx']['c:strRef']?.['c:strCache']['c:pt']['c:v'] ?? s['c:tx']['c:v']),
        ref: s['c:val']['c:numRef']?.['c:f'] ?? null,
        values,
        count,
        cat: list<Xml>(catCache['c:pt']).map((p) => String(p['c:v'])),
      };
    }),
  );
}
/** The figures of a range of a sheet (`'Sheet'!$B$8:$B$47`), read back with exceljs: numbers, or null. */
function cellsOf(wb: ExcelJS.Workbook, ref: string): Array<number | null> {
  const m = /^'((?:[^']|'')+)'!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?$/.exec(ref);
  if (!m) throw new Error(`Not a range: ${ref}`);
  const ws = wb.getWorksheet((m[1] as string).replace(/''/g, "'")) as ExcelJS.Worksheet;
  const col = (s: string) => [...s].reduce((a, ch) => a * 26 + ch.charCodeAt(0) - 64, 0);
  const [c1, r1] = [col(m[2] as string), Number(m[3])];
  const [c2, r2] = [m[4] ? col(m[4]) : c1, m[5] ? Number(m[5]) : r1];
  const out: Array<number | null> = [];
  for (let r = r1; r <= r2; r++)
    for (let c = c1; c <= c2; c++) {
      const v = figureOf(ws.getCell(r, c));
      out.push(typeof v === 'number' ? v : null);
    }
  return out;
}
const cents = (xs: Array<number | null>) => xs.map((v) => (v === null ? null : Math.round(v * 100)));

describe('native charts: where a chart finds its figures', () => {
  it('by column, by row, texts and blanks as gaps of a zero, else none', () => {
    expect(chartSource(cashflow.charts[0] as Chart, cashflow.tables)).toEqual({
      table: 0,
      by: 'column',
      categoryColumn: 0,
      seriesColumns: [1, 2],
    });
    expect(chartSource(networth.charts[0] as Chart, networth.tables)).toEqual({
      table: 0,
      by: 'row',
      firstColumn: 1,
      seriesRows: [0],
    });
    // "Unlimited" and a blank are drawn as 0: the cells are the figures; the categories are two columns: literal
    expect(chartSource(insurance.charts[0] as Chart, insurance.tables)).toEqual({
      table: 0,
      by: 'column',
      categoryColumn: null,
      seriesColumns: [2, 3, 4],
    });
    expect(chartSource(summary.charts[0] as Chart, summary.tables)).toBeNull();
    // equal figures in two columns: the one named as the series
    const twins = { title: 'Twins', columns: [YEAR, money('Loans'), money('Net worth')], rows: [[2026, 50, 50]] };
    const nw: Chart = {
      title: 'Net worth',
      kind: 'line',
      categories: ['2026'],
      series: [{ name: 'Net worth', values: [50] }],
    };
    expect(chartSource(nw, [twins])).toMatchObject({ seriesColumns: [2] });
    expect(chartSource({ ...nw, series: [{ name: 'Other', values: [50] }] }, [twins])).toMatchObject({
      seriesColumns: [1],
    });
    // a figure off by a cent is not the table's
    const off = {
      ...cashflow.charts[0],
      series: [{ name: 'Incomes', values: flows.map((r, k) => (r[1] as number) + (k === 3 ? 0.01 : 0)) }],
    } as Chart;
    expect(chartSource(off, cashflow.tables)).toBeNull();
    expect(chartTable(summary.charts[0] as Chart).rows[1]).toEqual([2027, netWorth[1]]);
  });

  it('a fan: P10 as the base, then the widths of the bands, to the cent', () => {
    const bands = fanBands((scenario.charts[0] as Chart).series);
    expect(bands.map((b) => b.name)).toEqual(['P10 (base)', 'P10 to P25', 'P25 to P75', 'P75 to P90']);
    expect(bands.map((b) => b.values[1])).toEqual([-19899.9, 30100.1, 80200.2, 60100.1]);
    const series = seriesOf(
      chartSpaceXml({
        title: 'Fan',
        kind: 'fan',
        categories: ['2026', '2027'],
        series: P.map((name, k) => ({ name, values: [k, k * 2] })),
        lang: 'en-SG',
        valueTitle: 'SGD',
      }),
    );
    // four stacked areas and the median's line
    expect(series.map((s) => s.name)).toEqual(['P10 (base)', 'P10 to P25', 'P25 to P75', 'P75 to P90', 'P50']);
    expect(series.map((s) => s.values)).toEqual([
      [0, 0],
      [1, 2],
      [2, 4],
      [1, 2],
      [2, 4],
    ]);
  });
});

describe('native charts in the Excel export (issue 35)', () => {
  let wb: ExcelJS.Workbook;
  let files: Map<string, string>;
  let charts: Map<string, string>;
  beforeAll(async () => {
    const buf = await renderXlsx(plan());
    wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    files = await parts(buf, '');
    charts = new Map([...files].filter(([n]) => /^xl\/charts\/chart\d+\.xml$/.test(n)));
  });

  it('a chart part for each chart with figures, well-formed, with its content type', () => {
    expect(charts.size).toBe(drawnCharts(plan()).length);
    const types = files.get('[Content_Types].xml') ?? '';
    for (const name of charts.keys())
      expect(types).toContain(
        `PartName="/${name}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"`,
      );
    for (const [name, xml] of files)
      if (name.endsWith('.xml') || name.endsWith('.rels')) expect([name, validate(xml)]).toEqual([name, true]);
    // exceljs still reads the sheets, their formulas and the appendix
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Cash flow by year',
      'Net worth',
      'Insurance coverage',
      'Scenario',
      'Tables and sources',
    ]);
  });

  it('each series refers to the cells of its table, whose figures are its cached values and the chart’s', () => {
    const expected = drawnCharts(plan());
    [...charts.values()].forEach((xml, k) => {
      const chart = expected[k] as Chart;
      const series = seriesOf(xml);
      const drawn = chart.kind === 'fan' ? [...fanBands(chart.series), chart.series[2]] : chart.series;
      expect([chart.title, series.length]).toEqual([chart.title, drawn.length]);
      series.forEach((s, j) => {
        expect(s.ref).not.toBeNull();
        const cells = cellsOf(wb, s.ref as string);
        expect(cents(cells)).toEqual(cents(s.values));
        // the chart's figures: a cell without a number is a gap the model draws as 0
        expect(cents(s.values.map((v) => v ?? 0))).toEqual(cents(drawn[j]?.values ?? []));
        expect(s.cat).toEqual(chart.categories);
      });
    });
  });

  it('the charts are anchored on their sheets with their alt text; a chart no table holds gets its table', () => {
    const sheetOf = new Map<string, string>();
    const wbXml = files.get('xl/workbook.xml') ?? '';
    const rels = files.get('xl/_rels/workbook.xml.rels') ?? '';
    const targets = new Map(
      list<Xml>(parse(rels, XML_OPTIONS).Relationships.Relationship).map((x) => [x['@Id'], x['@Target']]),
    );
    for (const sh of list<Xml>(parse(wbXml, XML_OPTIONS).workbook.sheets.sheet))
      sheetOf.set(sh['@name'], `xl/${targets.get(sh['@r:id'])}`);
    expect(sheetOf.size).toBe(6);
    const descrs: string[] = [];
    for (const [name, path] of sheetOf) {
      const sheet = files.get(path) ?? '';
      const has = sheet.includes('<drawing r:id=');
      expect([name, has]).toEqual([name, !['Tables and sources'].includes(name)]);
      if (!has) continue;
      const relsXml = files.get(path.replace('worksheets/', 'worksheets/_rels/').concat('.rels')) ?? '';
      const drawing = /Target="\.\.\/(drawings\/drawing\d+\.xml)"/.exec(relsXml)?.[1];
      const xml = files.get(`xl/${drawing}`) ?? '';
      expect(validate(xml)).toBe(true);
      const doc: Xml = parse(xml, XML_OPTIONS);
      for (const a of list<Xml>(doc['xdr:wsDr']['xdr:twoCellAnchor']))
        descrs.push(a['xdr:graphicFrame']['xdr:nvGraphicFramePr']['xdr:cNvPr']['@descr']);
    }
    expect(descrs).toEqual(drawnCharts(plan()).map((c) => altText(c, 'SGD', 'en-SG')));
    // the summary's line has a table of its own under the section's
    const ws = wb.getWorksheet('Summary') as ExcelJS.Worksheet;
    const titles: string[] = [];
    ws.eachRow((row) => {
      if (row.font?.bold && typeof row.getCell(1).value === 'string') titles.push(String(row.getCell(1).value));
    });
    expect(titles).toContain('Net worth by year');
  });

  it("the fan's bands are live formulas of the percentile columns", () => {
    const ws = wb.getWorksheet('Scenario') as ExcelJS.Worksheet;
    const head = ws.getRow(7);
    expect(head.values).toEqual([undefined, 'Year', ...P, 'P10 (base)', 'P10 to P25', 'P25 to P75', 'P75 to P90']);
    expect(['G8', 'H8', 'I8', 'J8'].map((a) => (ws.getCell(a).value as { formula?: string }).formula)).toEqual([
      'B8',
      'C8-B8',
      'E8-C8',
      'F8-E8',
    ]);
    expect(figureOf(ws.getCell('H9'))).toBe(30100.1);
  });
});

describe('the Word client plan (issue 35)', () => {
  let files: Map<string, string>;
  let body: string;
  beforeAll(async () => {
    files = await parts(await renderDocx(plan()), '');
    body = files.get('word/document.xml') ?? '';
  });

  it('a native chart per chart with figures, its alt text, its series and values', () => {
    const expected = drawnCharts(plan());
    const charts = [...files].filter(([n]) => /^word\/charts\/chart\d+\.xml$/.test(n));
    expect(charts).toHaveLength(expected.length);
    charts.forEach(([, xml], k) => {
      const chart = expected[k] as Chart;
      const series = seriesOf(xml);
      const drawn = chart.kind === 'fan' ? [...fanBands(chart.series), chart.series[2]] : chart.series;
      expect(series.map((s) => s.values)).toEqual(drawn.map((s) => s?.values));
      expect(series[0]?.cat).toEqual(chart.categories);
      expect(xml).toContain('<c:lang val="en-SG"/>');
      // the fan's base is not filled: the bands start at P10
      if (chart.kind === 'fan')
        expect(/<c:ser><c:idx val="0"\/>.*?<c:spPr>(.*?)<\/c:spPr>/.exec(xml)?.[1]).toMatch(/^<a:noFill\/>/);
    });
    const descrs = [...body.matchAll(/<wp:docPr [^>]*descr="([^"]*)"/g)].map((m) => m[1]);
    const esc = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(descrs).toEqual(expect.arrayContaining(expected.map((c) => esc(altText(c, 'SGD', 'en-SG')))));
    expect(body.match(/<c:chart /g)?.length).toBe(expected.length);
  });

  it('each chart is followed by the table of its figures (its own when no table holds them)', () => {
    // the order of charts and tables in the body
    const order = [...body.matchAll(/<c:chart |<w:tbl>/g)].map((m) => (m[0] === '<w:tbl>' ? 'table' : 'chart'));
    // summary: key figures is not the line's: its own table first, then key figures
    expect(order).toEqual([
      'chart',
      'table',
      'table',
      // the cash flow's two charts, then the table holding both
      'chart',
      'chart',
      'table',
      'chart',
      'table',
      'chart',
      'table',
      'chart',
      'table',
    ]);
    const tables = body.split('<w:tbl>').slice(1);
    const text = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('|');
    expect(text(tables[0] as string)).toContain(
      `2027|${cellText(netWorth[1] as number, money('Net worth'), 'SGD', 'en-SG')}`,
    );
    expect(text(tables[4] as string)).toContain('Unlimited');
    for (const t of tables) expect(t).toContain('<w:tblHeader/>');
  });

  it('the cover: family, date, advisor with photo, e-mail and phone, the currency; language and title', () => {
    const text = [...body.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    const cover = text.slice(0, text.indexOf('Summary'));
    expect(cover).toEqual([
      'Client plan',
      'Tan family',
      '1 March 2026',
      'Prepared by',
      'Jane Lim',
      'Certified Financial Planner',
      'jane@example.com',
      '+65 6123 4567',
      'Amounts in SGD, as of 2026-03-01.',
    ]);
    expect([...files.keys()].some((n) => /^word\/media\/.+\.png$/.test(n))).toBe(true);
    expect(body).toMatch(/<wp:docPr [^>]*descr="Photo of Jane Lim"/);
    expect(files.get('word/styles.xml')).toContain('<w:lang w:val="en-SG"/>');
    expect(files.get('docProps/core.xml')).toContain('<dc:title>Client plan: Tan family</dc:title>');
    // each section on a new page
    expect(body.match(/<w:pageBreakBefore\/>/g)?.length).toBe(5);
  });

  it('a chart value that is no number (a blank cell charted as is) is a gap, not an error', async () => {
    const gap: Chart = {
      title: 'Outstanding by loan',
      kind: 'bar',
      categories: ['Home', 'Car'],
      series: [{ name: 'Outstanding', values: [1000, null as unknown as number] }],
    };
    const r = plan({ sections: [{ ...networth, charts: [gap], tables: [] }] });
    const charts = await parts(await renderDocx(r), 'word/charts/chart');
    expect(seriesOf(charts.get('word/charts/chart1.xml') ?? '')[0]?.values).toEqual([1000, null]);
    const xlsx = await parts(await renderXlsx(r), 'xl/charts/');
    expect(seriesOf(xlsx.get('xl/charts/chart1.xml') ?? '')[0]?.values).toEqual([1000, null]);
  });

  it('no photo, e-mail or phone: the cover leaves them out; a report has no cover', async () => {
    const r = plan({ branding: { advisor_name: 'Jane Lim', designation: null } });
    const xml = (await parts(await renderDocx(r), 'word/')).get('word/document.xml') ?? '';
    expect(xml).not.toContain('jane@example.com');
    expect(xml).not.toContain('Photo of');
    const report = (await parts(await renderDocx({ ...r, kind: 'report' }), 'word/')).get('word/document.xml') ?? '';
    expect(report).toContain('Prepared by Jane Lim');
    expect(report).not.toContain('1 March 2026');
  });
});

describe('charts beside what exceljs writes', () => {
  it('a sheet with notes (VML drawing) gets its chart drawing before it, and still loads', async () => {
    // net cash flow a cent off its cells: a value with a note, which exceljs writes as comments and a legacy drawing
    const rows = flows
      .slice(0, 3)
      .map((r) => [...r, Math.round(((r[1] as number) - (r[2] as number)) * 100) / 100 + 0.01]);
    const noted: Section = {
      ...cashflow,
      tables: [{ ...(cashflow.tables[0] as Section['tables'][number]), rows }],
      charts: [
        {
          ...(cashflow.charts[0] as Chart),
          categories: ['2026', '2027', '2028'],
          series: [{ name: 'Incomes', values: rows.map((r) => r[1] as number) }],
        },
      ],
    };
    const buf = await renderXlsx(plan({ sections: [noted] }));
    const files = await parts(buf, 'xl/');
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet.indexOf('<drawing r:id=')).toBeGreaterThan(0);
    expect(sheet.indexOf('<drawing r:id=')).toBeLessThan(sheet.indexOf('<legacyDrawing'));
    const rels = files.get('xl/worksheets/_rels/sheet1.xml.rels') ?? '';
    expect(rels).toContain('relationships/comments');
    expect(rels).toContain('relationships/drawing');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(String((wb.getWorksheet('Cash flow by year') as ExcelJS.Worksheet).getCell('D7').note)).toContain('apart');
    expect(seriesOf(files.get('xl/charts/chart1.xml') ?? '')[0]?.ref).toBe("'Cash flow by year'!$B$7:$B$9");
  });
});

describe('the advisor photo’s size', () => {
  it('is read from a PNG or JPEG header', () => {
    expect(imageSize(PHOTO, 'png')).toEqual({ width: 1, height: 1 });
    // SOI, an APP0 segment, then the frame header SOF0: precision 8, height 300, width 200
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x00, 0xc8, 0x03,
    ]);
    expect(imageSize(jpeg, 'jpeg')).toEqual({ width: 200, height: 300 });
    expect(imageSize(Buffer.from('not an image'), 'png')).toBeNull();
  });
});
