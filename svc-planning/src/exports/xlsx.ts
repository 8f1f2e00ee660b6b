import ExcelJS from 'exceljs';
import { formatNumberPrecise } from '@kinfolio/money';
import { preparedBy } from './format';
import type { Cell, Report, RowFormula, Table } from './report';

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
  for (const s of r.sections) {
    let name = s.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
    for (let k = 2; used.has(name); k++) name = `${s.title.slice(0, 28)} ${k}`;
    used.add(name);
    const ws = wb.addWorksheet(name);
    ws.addRow([`${r.title}: ${r.household}`]).font = { bold: true, size: 14 };
    ws.addRow([preparedBy(r)]);
    ws.addRow([`Currency ${r.currency}, as of ${r.as_of}`]);
    for (const line of s.summary) ws.addRow([line]);
    const widths: number[] = [];
    for (const t of s.tables) {
      ws.addRow([]);
      ws.addRow([t.title]).font = { bold: true };
      const head = ws.addRow(t.columns.map((c) => c.label));
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
  }
  tablesSheet(wb, r);
  return Buffer.from(await wb.xlsx.writeBuffer());
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
