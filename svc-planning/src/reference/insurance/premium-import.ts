import { reference as R } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { AppError, badRequest } from '@kinfolio/service-kit';
import ExcelJS from 'exceljs';

/**
 * Reading a plan's premium table from an uploaded file (issue 15): an .xlsx workbook (its first sheet) or a UTF-8
 * CSV, whose first row names the columns `age`, `male` and `female` (any order, any case; male or female may be
 * left out). Each further row is one age: a whole number 0-120, listed once; premiums are amounts ≥ 0 (rounded to
 * cents) or empty. The file is checked by size (512 KB), by content (an xlsx is a zip workbook, a CSV is text) and
 * row by row: every bad cell is reported in one 400 naming its row and column (`rows.{row}.{column}`).
 */
type Cell = string | number | null;
const MAX_ROWS = 121;
const MAX_ERRORS = 50;
const COLUMNS = ['age', 'male', 'female'] as const;
type Column = (typeof COLUMNS)[number];

interface Issue {
  field: string;
  message: string;
}

const letter = (i: number): string => {
  let n = i + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

function refuse(issues: Issue[]): never {
  const first = issues[0] as Issue;
  throw new AppError(400, issues.length > 1 ? `${first.message} (and ${issues.length - 1} more)` : first.message, {
    errors: issues.map((i) => ({ [i.field]: [i.message] })),
  });
}

/** Decodes the base64 body and checks its size. */
export function decodeUpload(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > R.PREMIUM_IMPORT_MAX_BYTES)
    throw new AppError(413, 'The file is larger than 512 KB', {
      errors: [{ content: ['The file is larger than 512 KB'] }],
    });
  if (!bytes.length) throw badRequest('The file is empty', 'content');
  return bytes;
}

/** An exceljs cell value as text or number (formulas give their result, rich text its text). */
function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(v);
}

async function xlsxRows(bytes: Buffer): Promise<Array<{ row: number; cells: Cell[] }>> {
  // a workbook is a zip archive
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
    throw badRequest('The file is not an .xlsx workbook', 'content');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable .xlsx workbook', 'content');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no sheet', 'content');
  if (sheet.actualRowCount > MAX_ROWS + 1)
    throw badRequest(`A premium table has at most ${MAX_ROWS} ages (one per row)`, 'content');
  const out: Array<{ row: number; cells: Cell[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.min(r.cellCount, 26); c++) cells.push(cellValue(r.getCell(c).value));
    out.push({ row: rowNumber, cells });
  });
  return out;
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF). */
function csvRows(bytes: Buffer): Array<{ row: number; cells: Cell[] }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text', 'content');
  }
  if (text.includes('\u0000')) throw badRequest('The file is not a CSV text file', 'content');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let field = '';
  let cells: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      cells.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(field);
      rows.push(cells);
      cells = [];
      field = '';
      if (rows.length > MAX_ROWS + 50) break;
    } else field += ch;
  }
  if (quoted) throw badRequest('The CSV has an unclosed quote', 'content');
  if (field !== '' || cells.length) {
    cells.push(field);
    rows.push(cells);
  }
  return rows
    .map((c, i) => ({ row: i + 1, cells: c.map((x) => (x.trim() === '' ? null : x.trim())) as Cell[] }))
    .filter((r) => r.cells.some((c) => c !== null));
}

const asNumber = (v: Cell): number | null => {
  if (v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : Number.NaN;
  const s = v.replace(/[\s,]/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return Number.NaN;
  return Number(s);
};
const shown = (v: Cell) => (typeof v === 'string' ? `'${v.slice(0, 40)}'` : String(v));

/** The premium rows of an uploaded file, or a 400 naming every bad row and column. */
export async function readPremiumTable(fileName: string, content: string): Promise<R.PremiumRow[]> {
  const bytes = decodeUpload(content);
  const isXlsx = /\.xlsx$/i.test(fileName.trim());
  const rows = isXlsx ? await xlsxRows(bytes) : csvRows(bytes);
  const header = rows[0];
  if (!header) throw badRequest('The file has no rows', 'content');
  const issues: Issue[] = [];
  const at: Partial<Record<Column, number>> = {};
  header.cells.forEach((c, i) => {
    if (c === null) return;
    const name = String(c).trim().toLowerCase();
    if ((COLUMNS as readonly string[]).includes(name)) {
      if (at[name as Column] !== undefined)
        issues.push({
          field: `rows.${header.row}.${name}`,
          message: `Row ${header.row}: the column ${name} is listed twice`,
        });
      at[name as Column] = i;
    } else
      issues.push({
        field: `rows.${header.row}.${letter(i)}`,
        message: `Row ${header.row}, column ${letter(i)}: unknown column ${shown(c)}; use age, male and female`,
      });
  });
  if (at.age === undefined)
    issues.push({
      field: `rows.${header.row}.age`,
      message: `Row ${header.row}: the first row must name an age column`,
    });
  if (at.male === undefined && at.female === undefined)
    issues.push({
      field: `rows.${header.row}.male`,
      message: `Row ${header.row}: the first row must name a male or a female column`,
    });
  if (issues.length) refuse(issues);

  const body = rows.slice(1);
  if (!body.length) throw badRequest('The file has no premium rows under its header', 'content');
  if (body.length > MAX_ROWS) throw badRequest(`A premium table has at most ${MAX_ROWS} ages (one per row)`, 'content');
  const seen = new Map<number, number>();
  const out: R.PremiumRow[] = [];
  for (const r of body) {
    const value = (col: Column) => {
      const i = at[col];
      return i === undefined ? null : (r.cells[i] ?? null);
    };
    const where = (col: Column) => `Row ${r.row}, column ${letter(at[col] as number)} (${col})`;
    const extra = r.cells.findIndex((c, i) => c !== null && !Object.values(at).includes(i));
    if (extra >= 0)
      issues.push({
        field: `rows.${r.row}.${letter(extra)}`,
        message: `Row ${r.row}, column ${letter(extra)}: a value outside the age, male and female columns`,
      });
    const rawAge = value('age');
    const age = asNumber(rawAge);
    if (age === null) issues.push({ field: `rows.${r.row}.age`, message: `${where('age')}: enter the age` });
    else if (!Number.isInteger(age) || age < 0 || age > 120)
      issues.push({
        field: `rows.${r.row}.age`,
        message: `${where('age')}: ${shown(rawAge)} is not an age from 0 to 120`,
      });
    else if (seen.has(age))
      issues.push({
        field: `rows.${r.row}.age`,
        message: `${where('age')}: age ${age} is already listed in row ${seen.get(age)}`,
      });
    else seen.set(age, r.row);
    const premium = (col: 'male' | 'female'): number | null => {
      const raw = value(col);
      const n = asNumber(raw);
      if (n === null) return null;
      if (Number.isNaN(n) || n < 0 || n > 1e12) {
        issues.push({ field: `rows.${r.row}.${col}`, message: `${where(col)}: ${shown(raw)} is not a premium amount` });
        return null;
      }
      return round2(n);
    };
    const male = premium('male');
    const female = premium('female');
    if (issues.length >= MAX_ERRORS) break;
    if (age !== null && Number.isInteger(age)) out.push({ age, male, female });
  }
  if (issues.length) refuse(issues);
  return out.sort((a, b) => a.age - b.age);
}
