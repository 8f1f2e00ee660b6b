import ExcelJS from 'exceljs';
import { figureOf, formulaCells, rowFigures, SheetEvaluator, toCents } from '../../test/xlsx-formulas';
import { BUILT_IN_TABLES } from '../domain/calculations/tables/registry';
import { type Report, type Section, tablesUsed } from './report';
import { columnLetter, renderXlsx, rowFormulaText, TABLES_SHEET } from './xlsx';

/**
 * Issue 34, the Excel export: a figure that is arithmetic of other cells is a live formula of them with the report's
 * figure as its cached result; the appendix lists the rate-table versions. Hand-made reports, figures computed by
 * hand; the stored household's export is checked in svc-planning/test/exports-formulas.test.ts.
 */
const section = (title: string, tables: Section['tables'], summary: string[] = []): Section => ({
  id: title,
  title,
  summary,
  charts: [],
  tables,
});

const cashflow = section(
  'Cash flow by year',
  [
    {
      title: 'Cash flow by year',
      columns: [
        { label: 'Year', kind: 'year' },
        { label: 'Incomes', kind: 'money' },
        { label: 'Expenses', kind: 'money' },
        { label: 'Surplus', kind: 'money' },
        { label: 'Shortfall', kind: 'money' },
        { label: 'Net cash flow', kind: 'money' },
      ],
      rows: [
        [2026, 100000.1, 60000.05, 40000.05, 0, 40000.05],
        [2027, 50000, 70000.25, 0, 1234.5, -20000.25],
      ],
      formulas: {
        5: {
          op: 'sum',
          of: [
            [1, 1],
            [2, -1],
          ],
        },
        3: { op: 'floor0', of: [[5, 1]] },
      },
      totals: { label: 'Total', values: { 1: 150000.1, 2: 130000.3, 3: 40000.05 } },
    },
  ],
  ['The plan does not run out of money.'],
);

const coverage = section('Insurance coverage', [
  {
    title: 'Coverage by member and benefit',
    columns: [
      { label: 'Member', kind: 'text' },
      { label: 'Benefit', kind: 'text' },
      { label: 'Cover', kind: 'money' },
      { label: 'Target', kind: 'money' },
      { label: 'Gap', kind: 'money' },
    ],
    rows: [
      ['Alex', 'Death', 500000, 800000, 300000],
      ['Alex', 'Hospitalisation', 'Unlimited', 100000, 0],
      ['Sam', 'Death', 0, null, null],
      ['Sam', 'Critical illness', 300000, 250000, 0],
    ],
    formulas: {
      4: {
        op: 'floor0',
        of: [
          [3, 1],
          [2, -1],
        ],
      },
    },
    totals: { label: 'Total', values: { 2: 800000, 3: 1150000, 4: 300000 } },
  },
]);

const report = (sections: Section[], over: Partial<Report> = {}): Report => ({
  kind: 'report',
  locale: 'en-SG',
  lang: 'en-SG',
  title: 'Financial report',
  household: 'Alex Tan',
  currency: 'SGD',
  as_of: '2026-03-01',
  generated_at: '2026-03-01T08:00:00.000Z',
  branding: { advisor_name: 'Jane Lim', designation: null },
  sections,
  tables: [],
  ...over,
});

async function reopen(r: Report): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await renderXlsx(r)) as unknown as ArrayBuffer);
  return wb;
}
const sheet = (wb: ExcelJS.Workbook, name: string) => wb.getWorksheet(name) as ExcelJS.Worksheet;
const formulaOf = (ws: ExcelJS.Worksheet, address: string) =>
  (ws.getCell(address).value as { formula?: string } | null)?.formula;

describe('the Excel export writes arithmetic as live formulas (issue 34)', () => {
  it('column letters and row formulas', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(
      rowFormulaText(
        {
          op: 'sum',
          of: [
            [1, 1],
            [2, -1],
          ],
        },
        8,
      ),
    ).toBe('B8-C8');
    expect(rowFormulaText({ op: 'floor0', of: [[5, 1]] }, 9)).toBe('MAX(F9,0)');
    // three neighbours or more added: a range; in any order
    expect(
      rowFormulaText(
        {
          op: 'sum',
          of: [
            [3, 1],
            [1, 1],
            [2, 1],
          ],
        },
        4,
      ),
    ).toBe('SUM(B4:D4)');
    // two cells apart, or a sign: each named
    expect(
      rowFormulaText(
        {
          op: 'sum',
          of: [
            [6, 1],
            [10, 1],
          ],
        },
        4,
      ),
    ).toBe('G4+K4');
    expect(
      rowFormulaText(
        {
          op: 'sum',
          of: [
            [2, -1],
            [1, 1],
          ],
        },
        12,
      ),
    ).toBe('-C12+B12');
  });

  it('cash flow: net = incomes − expenses, surplus = MAX(net, 0), totals = SUM of the column; results are the figures', async () => {
    const wb = await reopen(report([cashflow]));
    const ws = sheet(wb, 'Cash flow by year');
    // rows: 1-3 heading, 4 summary, 5 blank, 6 table title, 7 header, 8-9 years, 10 totals
    expect(ws.getCell('A7').value).toBe('Year');
    expect(['F8', 'D8', 'F9', 'D9', 'B10', 'C10', 'D10'].map((a) => formulaOf(ws, a))).toEqual([
      'B8-C8',
      'MAX(F8,0)',
      'B9-C9',
      'MAX(F9,0)',
      'SUM(B8:B9)',
      'SUM(C8:C9)',
      'SUM(D8:D9)',
    ]);
    expect(rowFigures(ws.getRow(8))).toEqual([2026, 100000.1, 60000.05, 40000.05, 0, 40000.05]);
    expect(rowFigures(ws.getRow(9))).toEqual([2027, 50000, 70000.25, 0, 1234.5, -20000.25]);
    expect(rowFigures(ws.getRow(10))).toEqual(['Total', 150000.1, 130000.3, 40000.05]);
    // the engine's figures stay values: years, incomes, expenses, shortfall
    expect(['A8', 'B8', 'C8', 'E8', 'E9'].map((a) => formulaOf(ws, a))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // recalculated: every formula gives its cached result to the cent
    const cells = formulaCells(wb);
    expect(cells).toHaveLength(7);
    expect(cells.map((c) => [c.address, toCents(c.evaluated)])).toEqual(
      cells.map((c) => [c.address, toCents(c.result)]),
    );
    expect(toCents(new SheetEvaluator(ws).evaluate('SUM(F8:F9)'))).toBe(1_999_980);
    // the number formats stay on formula cells
    expect(ws.getCell('F8').numFmt).toContain('#,##0.00');
    expect(ws.getCell('B10').numFmt).toContain('#,##0.00');
  });

  it('insurance gap = MAX(target − cover, 0) only where both are numbers; the totals skip texts and blanks', async () => {
    const wb = await reopen(report([coverage]));
    const ws = sheet(wb, 'Insurance coverage');
    // rows: 1-3 heading, 4 blank, 5 title, 6 header, 7-10 rows, 11 totals
    expect(['E7', 'E8', 'E9', 'E10', 'C11', 'D11', 'E11'].map((a) => formulaOf(ws, a))).toEqual([
      'MAX(D7-C7,0)',
      undefined, // cover "Unlimited": no arithmetic
      undefined, // no target, no gap
      'MAX(D10-C10,0)',
      'SUM(C7:C10)',
      'SUM(D7:D10)',
      'SUM(E7:E10)',
    ]);
    expect(figureOf(ws.getCell('E8'))).toBe(0);
    expect(figureOf(ws.getCell('E9'))).toBe(null);
    const cells = formulaCells(wb);
    expect(cells.map((c) => [c.address, c.evaluated])).toEqual([
      ['E7', 300000],
      ['E10', 0],
      ['C11', 800000],
      ['D11', 1150000],
      ['E11', 300000],
    ]);
    expect(cells.map((c) => c.result)).toEqual([300000, 0, 800000, 1150000, 300000]);
  });

  it('a figure that is not the arithmetic of its cells to the cent stays a value, with a note of the difference', async () => {
    // converted on its own: 100.01 − 50.00 = 50.01, the report says 50.00; the total says 150.02, the column 150.01
    const nw = section('Net worth', [
      {
        title: 'Net worth',
        columns: [
          { label: 'Year', kind: 'year' },
          { label: 'Total assets', kind: 'money' },
          { label: 'Total liabilities', kind: 'money' },
          { label: 'Net worth', kind: 'money' },
        ],
        rows: [
          [2026, 100.01, 50, 50],
          [2027, 100, 50, 50],
        ],
        formulas: {
          3: {
            op: 'sum',
            of: [
              [1, 1],
              [2, -1],
            ],
          },
        },
        totals: { label: 'Total', values: { 1: 200.02 } },
      },
    ]);
    const wb = await reopen(report([nw], { currency: 'RM' }));
    const ws = sheet(wb, 'Net worth');
    expect(ws.getCell('D7').value).toBe(50);
    expect(ws.getCell('D7').note).toBe(
      "The report's figure, written as a value: B7-C7 gives RM 50.01, RM 0.01 apart (each figure is rounded to the cent, and converted to RM, on its own).",
    );
    expect(formulaOf(ws, 'D8')).toBe('B8-C8');
    expect(ws.getCell('D8').note).toBeUndefined();
    expect(ws.getCell('B9').value).toBe(200.02);
    expect(String(ws.getCell('B9').note)).toContain('SUM(B7:B8) gives RM 200.01, RM 0.01 apart');
    expect(formulaCells(wb).map((c) => c.address)).toEqual(['D8']);
  });

  it('the appendix lists each table version with its years and source', async () => {
    const tables = tablesUsed(['cpf@2026', 'cpf@2027', 'sgIncomeTax@2018', 'epf@1901'], BUILT_IN_TABLES);
    expect(tables.map((t) => [t.name, t.title, t.from_year, t.to_year, t.source?.publisher ?? null])).toEqual([
      ['cpf@2026', 'CPF (Singapore)', 2026, 2026, 'CPF Board'],
      ['cpf@2027', 'CPF (Singapore)', 2027, null, 'CPF Board; Ministry of Finance (Budget 2026)'],
      ['sgIncomeTax@2018', 'Singapore income tax', 2018, 2023, 'IRAS'],
      // a version no longer in the tables: its kind and year, no source
      ['epf@1901', 'EPF (Malaysia)', 1901, null, null],
    ]);
    const wb = await reopen(report([cashflow], { tables }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Cash flow by year', TABLES_SHEET]);
    const ws = sheet(wb, TABLES_SHEET);
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push(rowFigures(row));
    });
    const head = rows.findIndex((r) => r[0] === 'Table');
    expect(rows[head]).toEqual(['Table', 'Version', 'From', 'To', 'Publisher', 'Document', 'Address']);
    const cpf = BUILT_IN_TABLES.cpf.find((v) => v.fromYear === 2026);
    expect(rows[head + 1]).toEqual([
      'CPF (Singapore)',
      'cpf@2026',
      2026,
      2026,
      'CPF Board',
      cpf?.source.title,
      { text: cpf?.source.url, hyperlink: cpf?.source.url },
    ]);
    expect(rows.slice(head + 1).map((r) => [r[1], r[3]])).toEqual([
      ['cpf@2026', 2026],
      ['cpf@2027', 'onwards'],
      ['sgIncomeTax@2018', 2023],
      ['epf@1901', 'onwards'],
    ]);
    expect(rows[head + 4]?.[4]).toBe('Not in the tables in force now');
    // no table used: the sheet says so
    const none = await reopen(report([cashflow]));
    expect(sheet(none, TABLES_SHEET).getCell('A3').value).toBe(
      'These figures use no rate table: the plan has no CPF or EPF account, no income tax and no property sale.',
    );
  });

  it('without formulas in the model, no formula in the file (the count above is the feature)', async () => {
    const plain = {
      ...cashflow,
      tables: cashflow.tables.map(({ formulas: _f, totals: _t, ...t }) => t),
    };
    expect(formulaCells(await reopen(report([plain])))).toEqual([]);
  });
});
