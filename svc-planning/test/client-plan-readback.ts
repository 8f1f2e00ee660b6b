import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { reports as R } from '@kinfolio/contracts';
import { formatNumber } from '@kinfolio/money';
import ExcelJS from 'exceljs';

/**
 * Reading a client plan's files back (issue 35): each of the four formats opened with a reader of its own (exceljs
 * for the workbook's cells, an unzip of the Office XML for Word and PowerPoint, unpdf's text extraction for the PDF),
 * boiled down to the set of numbers it prints, each written as the screen writes it (`formatNumber`: no decimals,
 * thousands separated by commas). The figures of GET customer/{id}/financial-report are written the same way and
 * looked for in that set, section by section.
 */

// exceljs depends on jszip: the pptx and docx are opened with it
const JSZip = require('jszip') as {
  loadAsync(b: Buffer): Promise<{ files: Record<string, { async(t: 'string'): Promise<string> }> }>;
};

/** The figures as a reader sees them: every number the file prints, formatted as on screen. */
export type Printed = Set<string>;

/** The numbers of a text ("SGD 1,234,567", "-12,000", "2031"), as formatted strings: a minus sign kept. */
export function numbersIn(text: string): string[] {
  // U+2212 is the typographic minus some writers use; a number is whole (with thousands groups) or has decimals
  const re = /[-\u2212]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-\u2212]?\d+(?:\.\d+)?/g;
  return [...text.matchAll(re)].map((m) => m[0].replace('\u2212', '-'));
}

const xmlText = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");

/** Every XML part of an Office file (docx, pptx), by name. */
export async function unzipXml(b: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(b);
  const out = new Map<string, string>();
  for (const [name, f] of Object.entries(zip.files))
    if (name.endsWith('.xml') || name.endsWith('.rels')) out.set(name, await f.async('string'));
  return out;
}

/**
 * The text of each paragraph of a WordprocessingML (w:p, w:t) or DrawingML (a:p, a:t) part: a writer may split one
 * paragraph's text into several runs, so the runs of a paragraph are joined before numbers are read from it.
 */
export function paragraphs(xml: string, ns: 'w' | 'a'): string[] {
  const p = new RegExp(`<${ns}:p[ >](.*?)</${ns}:p>`, 'gs');
  const t = new RegExp(`<${ns}:t(?: [^>]*)?>([^<]*)</${ns}:t>`, 'g');
  return [...xml.matchAll(p)].map((m) => xmlText([...(m[1] ?? '').matchAll(t)].map((x) => x[1]).join('')));
}

/** The numbers a Word file prints: its body's paragraphs and table cells, headers and footers included. */
export async function docxPrinted(b: Buffer): Promise<Printed> {
  const xml = await unzipXml(b);
  const parts = [...xml.entries()].filter(([n]) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(n));
  return new Set(parts.flatMap(([, s]) => paragraphs(s, 'w').flatMap(numbersIn)));
}

/** The numbers a PowerPoint file prints on its slides (text boxes and table cells; a chart's cache is apart). */
export async function pptxPrinted(b: Buffer): Promise<Printed> {
  const xml = await unzipXml(b);
  const slides = [...xml.entries()].filter(([n]) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  return new Set(slides.flatMap(([, s]) => paragraphs(s, 'a').flatMap(numbersIn)));
}

/** A cell's figure: its value, or a formula's cached result. */
const figure = (c: ExcelJS.Cell): number | null => {
  const v = c.value as unknown;
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && 'result' in v) {
    const r = (v as { result?: unknown }).result;
    return typeof r === 'number' ? r : null;
  }
  return null;
};

/**
 * The numbers a workbook holds, in all and by sheet: every numeric cell (a formula's cached result) written with
 * `formatNumber`, and every number in its text cells (a summary line "Net worth in 2026: SGD 1,234").
 */
export async function xlsxPrinted(b: Buffer): Promise<{ all: Printed; sheets: Map<string, Printed> }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(b as unknown as ArrayBuffer);
  const all: Printed = new Set();
  const sheets = new Map<string, Printed>();
  for (const ws of wb.worksheets) {
    const mine: Printed = new Set();
    sheets.set(ws.name, mine);
    const add = (x: string) => {
      all.add(x);
      mine.add(x);
    };
    ws.eachRow((row) =>
      row.eachCell((c) => {
        const n = figure(c);
        if (n !== null) {
          add(formatNumber(n));
          // a year cell (a number with a "0" format) reads as it is
          if (Number.isInteger(n) && n >= 1900 && n <= 2200) add(String(n));
        } else if (typeof c.value === 'string') for (const x of numbersIn(c.value)) add(x);
      }),
    );
  }
  return { all, sheets };
}

/**
 * The workbook's sheet of each section (a sheet a section, named by its title, cut to Excel's 31 characters; a
 * section may go by one of several titles), so a figure is looked for where it belongs; null for a section without
 * a sheet of its own.
 */
export function sectionSheets(
  sheets: Map<string, Printed>,
  titles: Record<string, readonly string[]>,
): Record<string, Printed | null> {
  const clean = (t: string) =>
    t
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim();
  return Object.fromEntries(
    Object.entries(titles).map(([section, names]) => [
      section,
      [...sheets.entries()].find(([name]) => names.some((t) => name.trim() === clean(t)))?.[1] ?? null,
    ]),
  );
}

/** The PDF's text (unpdf, pdf.js underneath), page by page, and the numbers it prints. */
export async function pdfPrinted(b: Buffer): Promise<{ all: Printed; pages: string[] }> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(b));
  const { text } = await extractText(doc, { mergePages: false });
  const pages = text as unknown as string[];
  return { all: new Set(pages.flatMap(numbersIn)), pages };
}

/**
 * The figures of the financial report (GET customer/{id}/financial-report) the client plan shows, by section,
 * formatted as the screen formats them. Only the figures the report reply holds: the plan's goals, scenario and
 * policies come from other reads (their own tests check them).
 */
export function expectedFigures(r: R.FinancialReport): Record<string, string[]> {
  /** Amounts as `formatNumber` writes them; a year (`Year` below) as it is, "2031". */
  const f = (xs: Array<number | Year | null | undefined>) =>
    [
      ...new Set(
        xs
          .filter((x): x is number | Year => typeof x === 'number' || x instanceof Year)
          .map((x) => (x instanceof Year ? String(x.year) : formatNumber(x))),
      ),
    ].sort();
  const Y = (y: number | null | undefined) => (typeof y === 'number' ? new Year(y) : null);
  const retirementYear = r.checks.retirement.retirement_year;
  const atRetirement = r.networth.years.find((y) => y.year === retirementYear)?.net_worth;
  const gaps = r.insurance.members
    .flatMap((m) => m.rows.map((x) => x.gap ?? 0))
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, 3);
  return {
    summary: f([
      r.networth.current.net_worth,
      atRetirement,
      Y(r.money_runs_out_year),
      ...gaps,
      ...r.debt.loans.flatMap((l) => [l.outstanding, Y(l.end_year)]),
    ]),
    cashflow: f([
      ...r.cashflow.years.flatMap((y) => [Y(y.year), y.income, y.expenses, y.surplus, y.shortfall, y.net_cash_flow]),
      r.cashflow.totals.income,
      r.cashflow.totals.expenses,
      r.cashflow.totals.surplus,
    ]),
    networth: f(
      r.networth.years.flatMap((y) => [
        Y(y.year),
        y.cash,
        y.investments,
        y.pensions,
        y.properties,
        y.insurance,
        y.loans,
        y.total_assets,
        y.total_liabilities,
        y.net_worth,
        y.shortfall,
      ]),
    ),
    insurance: f([
      ...r.insurance.members.flatMap((m) =>
        m.rows.flatMap((x) => [x.unlimited ? null : x.cover, x.target, x.gap, x.until_age]),
      ),
      r.insurance.totals.cover,
      r.insurance.totals.target,
      r.insurance.totals.gap,
    ]),
    funds: f([
      ...r.funds.by_asset_class.map((c) => c.value),
      r.funds.total,
      ...r.funds.provident.map((p) => p.balance),
    ]),
    debt: f([
      ...r.debt.loans.flatMap((l) => [l.instalment, l.outstanding, l.total_interest, Y(l.end_year)]),
      ...r.debt.years.flatMap((y) => [Y(y.year), y.outstanding, y.payments]),
      r.debt.total_outstanding,
    ]),
    property: f([
      ...r.property.properties.flatMap((p) => [
        p.market_value,
        p.outstanding,
        p.equity,
        Y(p.selling_year),
        p.net_proceeds,
      ]),
      r.property.totals.market_value,
      r.property.totals.outstanding,
      r.property.totals.equity,
      r.property.totals.net_proceeds,
    ]),
  };
}

/** A year among the figures: written as it is, never with a thousands separator. */
class Year {
  constructor(readonly year: number) {}
}

/** By section, the expected figures the file does not print (an empty list each when every figure is there). */
export function missingFigures(expected: Record<string, string[]>, printed: Printed): Record<string, string[]> {
  return Object.fromEntries(Object.entries(expected).map(([k, xs]) => [k, xs.filter((x) => !printed.has(x))]));
}

export interface Converted {
  /** soffice's exit code (0: every file converted), and what it printed. */
  code: number;
  output: string;
  /** By input file name: the converted PDF's size in bytes (0 when none was written). */
  sizes: Record<string, number>;
  ms: number;
}

/**
 * Converts files to PDF with LibreOffice headless in one call (`soffice --headless --convert-to pdf`), with a fresh
 * user profile of its own (a profile shared with another soffice locks it), and tells what it made of each.
 */
export async function sofficeToPdf(files: Record<string, Buffer>, timeoutMs: number): Promise<Converted> {
  const dir = mkdtempSync(join(tmpdir(), 'client-plan-lo-'));
  const out = join(dir, 'out');
  const profile = join(dir, 'profile');
  try {
    const names = Object.keys(files);
    for (const name of names) writeFileSync(join(dir, name), files[name] as Buffer);
    const start = performance.now();
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        'soffice',
        [
          `-env:UserInstallation=file://${profile}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          out,
          ...names.map((n) => join(dir, n)),
        ],
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 << 20 },
        (err, stdout, stderr) => {
          const c = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          resolve({ code: c, output: `${stdout}${stderr}` });
        },
      );
    });
    const ms = performance.now() - start;
    const made = new Set(readdirSync(out, { withFileTypes: true }).map((d) => d.name));
    const sizes = Object.fromEntries(
      names.map((n) => {
        const pdf = `${n.replace(/\.[^.]+$/, '')}.pdf`;
        return [n, made.has(pdf) ? statSync(join(out, pdf)).size : 0];
      }),
    );
    return { code, output, sizes, ms };
  } catch (e) {
    return { code: -1, output: String(e), sizes: {}, ms: 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
