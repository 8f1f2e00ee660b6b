import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { formatNumberPrecise } from '@kinfolio/money';
import { altText, preparedBy } from './format';
import {
  type ChartPart,
  type ChartSource,
  chartSource,
  chartSpaceXml,
  chartTable,
  fanBands,
  type SeriesPart,
  sheetRange,
} from './ooxml-chart';
import type { Cell, Chart, Report, RowFormula, Table } from './report';

/** The appendix sheet's name: the rate-table versions the figures were computed with, and their sources. */
export const TABLES_SHEET = 'Tables and sources';

/** A column's letters (1 → A, 27 → AA). */
export function columnLetter(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

const cents = (v: number) => Math.round(v * 100);

/**
 * The formula of a row's figure in row `n`: `B7-C7`, `SUM(B7:F7)` (three or more neighbours added), `MAX(F7,0)`.
 * Column indices are the table's (0 is column A).
 */
export function rowFormulaText(f: RowFormula, n: number): string {
  return rowFormulaPieces(f).join(String(n));
}

/** A row formula's text cut where its row number goes (`B7-C7` is `['B', '-C', '']`): one per table, joined per row. */
function rowFormulaPieces(f: RowFormula): string[] {
  const ref = (c: number) => `${columnLetter(c + 1)}#`;
  const cols = f.of.map(([c]) => c).sort((a, b) => a - b);
  const lo = cols[0] as number;
  const range = f.of.length > 2 && f.of.every(([, s]) => s === 1) && cols.every((c, k) => c === lo + k);
  const body = range
    ? `SUM(${ref(lo)}:${ref(cols[cols.length - 1] as number)})`
    : f.of.map(([c, s], k) => (s < 0 ? '-' : k > 0 ? '+' : '') + ref(c)).join('');
  return (f.op === 'floor0' ? `MAX(${body},0)` : body).split('#');
}

/**
 * What a row's formula gives on the row's figures, in cents, or null when one of its cells is not a number (a text
 * such as "Unlimited", or no figure): then there is no arithmetic to show.
 */
function rowFormulaCents(f: RowFormula, row: Cell[]): number | null {
  let c = 0;
  for (const [k, sign] of f.of) {
    const v = row[k];
    if (typeof v !== 'number') return null;
    c += sign * cents(v);
  }
  return f.op === 'floor0' ? Math.max(c, 0) : c;
}

/**
 * Excel: one sheet per section (tab), real numeric cells with number formats, the charts' figures as tables. A figure
 * that is arithmetic of other cells of the sheet (a table's `formulas` and `totals`) is a live formula of those cells
 * with the report's figure as its cached result, so an advisor can audit it and the workbook recalculates to the same
 * cent. Where a figure is not that arithmetic to the cent (each figure converted to another currency on its own), it
 * stays the report's value, with a note saying by how much the cells beside it differ. The last sheet lists the
 * rate-table versions the figures were computed with and their sources.
 */
export async function renderXlsx(r: Report): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = r.branding.advisor_name;
  wb.title = `${r.title}: ${r.household}`;
  wb.created = new Date(r.generated_at);
  const moneyFormat = `"${r.currency}" #,##0.00;[Red]-"${r.currency}" #,##0.00`;
  const used = new Set<string>([TABLES_SHEET]);
  /** The note of a figure that stays a value: the report's figure, and what the arithmetic of the cells gives. */
  const amount = (c: number) => `${r.currency} ${formatNumberPrecise(c / 100)}`;
  const differs = (what: string, got: number, figure: number) =>
    `The report's figure, written as a value: ${what} gives ${amount(got)}, ${amount(Math.abs(cents(figure) - got))} apart (each figure is rounded to the cent, and converted to ${r.currency}, on its own).`;
  /** The native charts to add to each sheet, by sheet name. */
  const drawn = new Map<string, DrawnChart[]>();
  for (const s of r.sections) {
    let name = s.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
    for (let k = 2; used.has(name); k++) name = `${s.title.slice(0, 28)} ${k}`;
    used.add(name);
    const ws = wb.addWorksheet(name);
    ws.addRow([`${r.title}: ${r.household}`]).font = { bold: true, size: 14 };
    ws.addRow([preparedBy(r)]);
    ws.addRow([`Currency ${r.currency}, as of ${r.as_of}`]);
    for (const line of s.summary) ws.addRow([line]);
    const { tables, plans } = planCharts(s.charts, s.tables);
    const widths: number[] = [];
    /** Each table's header row and first figures row, for the charts' references. */
    const at: Array<{ header: number; first: number }> = [];
    for (const t of tables) {
      ws.addRow([]);
      ws.addRow([t.title]).font = { bold: true };
      const head = ws.addRow(t.columns.map((c) => c.label));
      at.push({ header: head.number, first: head.number + 1 });
      head.font = { bold: true };
      head.eachCell((cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F2' } };
      });
      const format = (cell: ExcelJS.Cell, k: number) => {
        const kind = t.columns[k]?.kind;
        if (kind === 'money') cell.numFmt = moneyFormat;
        else if (kind === 'year') cell.numFmt = '0';
        else if (kind === 'percent') cell.numFmt = '0.00"%"';
        else cell.numFmt = '#,##0';
      };
      const formulas = Object.entries(t.formulas ?? {}).map(([k, f]) => [Number(k), f, rowFormulaPieces(f)] as const);
      let first = 0;
      let last = 0;
      for (const row of t.rows) {
        // the row's number (addRow appends under the last row), so its formulas go in with its values
        const n = String(ws.rowCount + 1);
        const values: Array<Cell | ExcelJS.CellFormulaValue> = row.map((v) => (v === null ? null : v));
        const notes: Array<[number, string]> = [];
        for (const [k, f, pieces] of formulas) {
          const figure = row[k];
          const got = rowFormulaCents(f, row);
          if (typeof figure !== 'number' || got === null) continue;
          if (got === cents(figure)) values[k] = { formula: pieces.join(n), result: figure };
          else notes.push([k, differs(pieces.join(n), got, figure)]);
        }
        const added = ws.addRow(values);
        first ||= added.number;
        last = added.number;
        t.columns.forEach((_, k) => {
          if (typeof row[k] === 'number') format(added.getCell(k + 1), k);
        });
        for (const [k, note] of notes) added.getCell(k + 1).note = note;
      }
      if (t.totals) writeTotals(ws, t, first, last, format, differs);
      t.columns.forEach((c, k) => {
        widths[k] = Math.max(widths[k] ?? 10, c.label.length + 2, c.kind === 'money' ? 18 : 10);
      });
    }
    widths.forEach((w, k) => {
      ws.getColumn(k + 1).width = Math.min(w, 40);
    });
    const charts = placeCharts(name, tables, at, plans, r);
    if (charts.length) drawn.set(name, charts);
  }
  tablesSheet(wb, r);
  const out = Buffer.from(await wb.xlsx.writeBuffer());
  return drawn.size ? addCharts(out, drawn) : out;
}

/** A table's totals row: each total a SUM of its column's rows (`first`..`last`), the report's total its result. */
function writeTotals(
  ws: ExcelJS.Worksheet,
  t: Table,
  first: number,
  last: number,
  format: (cell: ExcelJS.Cell, k: number) => void,
  differs: (what: string, got: number, figure: number) => string,
): void {
  const totals = t.totals as NonNullable<Table['totals']>;
  const added = ws.addRow([totals.label]);
  added.font = { bold: true };
  for (const [key, total] of Object.entries(totals.values)) {
    const k = Number(key);
    const cell = added.getCell(k + 1);
    format(cell, k);
    const sum = t.rows.reduce((a, row) => a + (typeof row[k] === 'number' ? cents(row[k] as number) : 0), 0);
    const letter = columnLetter(k + 1);
    const formula = `SUM(${letter}${first}:${letter}${last})`;
    if (t.rows.length > 0 && sum === cents(total)) cell.value = { formula, result: total };
    else {
      cell.value = total;
      if (sum !== cents(total)) cell.note = differs(formula, sum, total);
    }
  }
}

/** The appendix: each rate-table version the report used, the years it is in force and its source. */
function tablesSheet(wb: ExcelJS.Workbook, r: Report): void {
  const ws = wb.addWorksheet(TABLES_SHEET);
  ws.addRow([`${r.title}: ${r.household}`]).font = { bold: true, size: 14 };
  ws.addRow([preparedBy(r)]);
  ws.addRow([
    r.tables.length
      ? 'The rate tables these figures were computed with: each version, the years it is in force and where its figures come from.'
      : 'These figures use no rate table: the plan has no CPF or EPF account, no income tax and no property sale.',
  ]);
  if (!r.tables.length) return;
  ws.addRow([]);
  const head = ws.addRow(['Table', 'Version', 'From', 'To', 'Publisher', 'Document', 'Address']);
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F2' } };
  });
  for (const v of r.tables) {
    const row = ws.addRow([
      v.title,
      v.name,
      v.from_year,
      v.to_year ?? 'onwards',
      v.source?.publisher ?? 'Not in the tables in force now',
      v.source?.title ?? null,
      v.source ? { text: v.source.url, hyperlink: v.source.url } : null,
    ]);
    row.getCell(3).numFmt = '0';
    row.getCell(4).numFmt = '0';
  }
  [32, 18, 8, 10, 28, 60, 60].forEach((w, k) => {
    ws.getColumn(k + 1).width = w;
  });
}

/** A chart to draw on a sheet: its part, its alt text, and the cell its top-left corner is at (0-based). */
export interface DrawnChart {
  part: ChartPart;
  descr: string;
  col: number;
  row: number;
}
/** A chart's size on the sheet, in default columns (64 px) and rows (20 px): about 6 by 3.75 inches. */
const CHART_COLS = 9;
const CHART_ROWS = 18;

interface ChartPlan {
  chart: Chart;
  source: ChartSource;
  /** A fan's stacked series: the columns of the band figures added to its table. */
  bands?: number[];
}

/**
 * Which table holds each chart's figures (ooxml-chart.ts chartSource): a chart whose figures no table holds gets its
 * own table after the section's; a fan's table gets the band widths its stacked areas draw (P10 as the base, then
 * P25 − P10, P75 − P25, P90 − P75) as live formulas of its percentile columns. A chart without figures is not drawn.
 */
function planCharts(
  charts: readonly Chart[],
  sectionTables: readonly Table[],
): { tables: Table[]; plans: ChartPlan[] } {
  const tables = [...sectionTables];
  const plans: ChartPlan[] = [];
  for (const chart of charts) {
    if (!chart.categories.length || !chart.series.length) continue;
    let source = chartSource(chart, tables);
    if (!source) {
      tables.push(chartTable(chart));
      source = {
        table: tables.length - 1,
        by: 'column',
        categoryColumn: 0,
        seriesColumns: chart.series.map((_, k) => k + 1),
      };
    }
    const plan: ChartPlan = { chart, source };
    const t = tables[source.table] as Table;
    if (chart.kind === 'fan' && source.by === 'column' && source.seriesColumns.length === 5) {
      const [p10, p25, , p75, p90] = source.seriesColumns as [number, number, number, number, number];
      const base = t.columns.length;
      const names = fanBands(chart.series).map((b) => b.name);
      const parts: Array<RowFormula> = [
        { op: 'sum', of: [[p10, 1]] },
        {
          op: 'sum',
          of: [
            [p25, 1],
            [p10, -1],
          ],
        },
        {
          op: 'sum',
          of: [
            [p75, 1],
            [p25, -1],
          ],
        },
        {
          op: 'sum',
          of: [
            [p90, 1],
            [p75, -1],
          ],
        },
      ];
      tables[source.table] = {
        ...t,
        columns: [...t.columns, ...names.map((label) => ({ label, kind: 'money' as const }))],
        rows: t.rows.map((row) => [
          ...row,
          ...parts.map((f) => {
            const c = rowFormulaCents(f, row);
            return c === null ? null : c / 100;
          }),
        ]),
        formulas: { ...t.formulas, ...Object.fromEntries(parts.map((f, k) => [base + k, f])) },
      };
      plan.bands = parts.map((_, k) => base + k);
    }
    plans.push(plan);
  }
  return { tables, plans };
}

/**
 * The charts of a sheet, each referring to the cells of its table, beside the tables (one column right of the widest),
 * each at its table's title row, or under the chart before it.
 */
function placeCharts(
  sheet: string,
  tables: readonly Table[],
  at: ReadonlyArray<{ header: number; first: number }>,
  plans: readonly ChartPlan[],
  r: Report,
): DrawnChart[] {
  const col = Math.max(1, ...tables.map((t) => t.columns.length)) + 1;
  let next = 0;
  return plans.map(({ chart, source, bands }) => {
    const t = tables[source.table] as Table;
    const pos = at[source.table] as { header: number; first: number };
    const last = pos.first + t.rows.length - 1;
    const num = (v: Cell | undefined) => (typeof v === 'number' ? v : null);
    const column = (j: number, name: string): SeriesPart => ({
      name,
      nameRef: t.columns[j]?.label === name ? sheetRange(sheet, j + 1, pos.header) : undefined,
      values: t.rows.map((row) => num(row[j])),
      ref: sheetRange(sheet, j + 1, pos.first, j + 1, last),
    });
    const part: ChartPart = {
      title: chart.title,
      kind: chart.kind,
      categories: chart.categories,
      series: [],
      lang: r.lang,
      valueTitle: r.currency,
    };
    if (source.by === 'column') {
      const cc = source.categoryColumn;
      if (cc !== null)
        part.categoriesRef = {
          ref: sheetRange(sheet, cc + 1, pos.first, cc + 1, last),
          numeric: t.rows.every((row) => typeof row[cc] === 'number'),
        };
      part.series = source.seriesColumns.map((j, k) => column(j, chart.series[k]?.name ?? ''));
      if (bands) part.bands = bands.map((j) => column(j, t.columns[j]?.label ?? ''));
    } else {
      const fc = source.firstColumn;
      const n = chart.categories.length;
      part.categoriesRef = { ref: sheetRange(sheet, fc + 1, pos.header, fc + n, pos.header), numeric: false };
      part.series = source.seriesRows.map((ri, k) => ({
        name: chart.series[k]?.name ?? '',
        values: chart.categories.map((_, c) => num(t.rows[ri]?.[fc + c])),
        ref: sheetRange(sheet, fc + 1, pos.first + ri, fc + n, pos.first + ri),
      }));
    }
    const row = Math.max(pos.header - 2, next);
    next = row + CHART_ROWS + 1;
    return { part, descr: altText(chart, r.currency, r.locale), col, row };
  });
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? (m[1] as string) : '';
};
const unescapeXml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * exceljs writes no charts: the workbook's zip gets, for each sheet with charts, a drawing part (`xl/drawings`)
 * anchoring a graphic frame per chart (with its alt text) that points at its chart part (`xl/charts`), the sheet's
 * `<drawing>` and relationship, and the parts' content types.
 */
async function addCharts(buf: Buffer, drawn: ReadonlyMap<string, DrawnChart[]>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buf);
  const read = async (path: string) => {
    const f = zip.file(path);
    if (!f) throw new Error(`The workbook has no ${path}`);
    return f.async('string');
  };
  const wbRels = await read('xl/_rels/workbook.xml.rels');
  const targets = new Map(
    [...wbRels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [attr(m[0], 'Id'), attr(m[0], 'Target')]),
  );
  const sheets = new Map(
    [...(await read('xl/workbook.xml')).matchAll(/<sheet\b[^>]*>/g)].map((m) => {
      const target = targets.get(attr(m[0], 'r:id')) ?? '';
      return [unescapeXml(attr(m[0], 'name')), target.startsWith('/') ? target.slice(1) : `xl/${target}`];
    }),
  );
  let types = await read('[Content_Types].xml');
  let chartNo = 0;
  let drawingNo = 0;
  for (const [name, charts] of drawn) {
    const sheetPath = sheets.get(name);
    if (!sheetPath) throw new Error(`The workbook has no sheet ${name}`);
    do drawingNo++;
    while (zip.file(`xl/drawings/drawing${drawingNo}.xml`));
    const anchors: string[] = [];
    const rels: string[] = [];
    charts.forEach((c, k) => {
      chartNo++;
      zip.file(`xl/charts/chart${chartNo}.xml`, chartSpaceXml(c.part));
      types = types.replace(
        '</Types>',
        `<Override PartName="/xl/charts/chart${chartNo}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>`,
      );
      rels.push(`<Relationship Id="rId${k + 1}" Type="${REL}/chart" Target="../charts/chart${chartNo}.xml"/>`);
      anchors.push(
        `<xdr:twoCellAnchor editAs="oneCell"><xdr:from><xdr:col>${c.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${c.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
          `<xdr:to><xdr:col>${c.col + CHART_COLS}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${c.row + CHART_ROWS}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>` +
          `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${k + 2}" name="Chart ${k + 1}" title="${escapeXml(c.part.title)}" descr="${escapeXml(c.descr)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
          '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
          `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId${k + 1}"/></a:graphicData></a:graphic>` +
          '</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>',
      );
    });
    zip.file(
      `xl/drawings/drawing${drawingNo}.xml`,
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="${REL}">${anchors.join('')}</xdr:wsDr>`,
    );
    zip.file(
      `xl/drawings/_rels/drawing${drawingNo}.xml.rels`,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    );
    types = types.replace(
      '</Types>',
      `<Override PartName="/xl/drawings/drawing${drawingNo}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>`,
    );
    // the sheet's relationship to its drawing, beside exceljs' own (a sheet with notes has comments and VML)
    const slash = sheetPath.lastIndexOf('/');
    const relsPath = `${sheetPath.slice(0, slash)}/_rels/${sheetPath.slice(slash + 1)}.rels`;
    const sheetRels =
      zip.file(relsPath) === null
        ? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>'
        : await read(relsPath);
    let id = 'rIdKfDrawing';
    while (sheetRels.includes(`Id="${id}"`)) id += 'x';
    zip.file(
      relsPath,
      sheetRels.replace(
        '</Relationships>',
        `<Relationship Id="${id}" Type="${REL}/drawing" Target="../drawings/drawing${drawingNo}.xml"/></Relationships>`,
      ),
    );
    // <drawing> goes after the page setup and before the legacy (notes') drawing, tables and extensions (CT_Worksheet)
    let xml = await read(sheetPath);
    const root = /<worksheet\b[^>]*>/.exec(xml)?.[0] ?? '';
    if (!root.includes('xmlns:r=')) xml = xml.replace(root, root.replace('<worksheet', `<worksheet xmlns:r="${REL}"`));
    const before =
      /<(legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/.exec(
        xml,
      );
    if (!before) throw new Error(`The sheet ${name} does not end`);
    xml = `${xml.slice(0, before.index)}<drawing r:id="${id}"/>${xml.slice(before.index)}`;
    zip.file(sheetPath, xml);
  }
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
