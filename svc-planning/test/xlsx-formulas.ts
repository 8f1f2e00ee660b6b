import type ExcelJS from 'exceljs';

/**
 * A small evaluator of the formulas the Excel export writes (issue 34), so a test recalculates a workbook opened back
 * with exceljs as Excel would: numbers, cell references, ranges (only as function arguments), SUM, MAX, unary and
 * binary + and −, brackets. Excel's rules for what it reads: a blank cell is 0 in arithmetic; SUM and MAX skip blanks
 * and texts in their arguments; a text in + or − is an error (#VALUE!). A referenced formula cell is evaluated itself
 * (never its cached result), so a chain of formulas is recomputed from the values.
 */
type Val = number | null | string;
type Token = { t: 'num'; v: number } | { t: 'ref'; v: string } | { t: 'fn'; v: string } | { t: 'op'; v: string };

function tokens(formula: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|(\$?[A-Z]{1,3}\$?\d+)|([A-Z]+)\s*(?=\()|([-+(),:]))/gy;
  let at = 0;
  while (at < formula.length) {
    re.lastIndex = at;
    const m = re.exec(formula);
    if (!m) throw new Error(`Unexpected text at ${at} in ${formula}`);
    at = re.lastIndex;
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ t: 'ref', v: m[2].replace(/\$/g, '') });
    else if (m[3] !== undefined) out.push({ t: 'fn', v: m[3] });
    else if (m[4] !== undefined) out.push({ t: 'op', v: m[4] });
  }
  return out;
}

const split = (ref: string) => {
  const m = /^([A-Z]+)(\d+)$/.exec(ref) as RegExpExecArray;
  const col = [...(m[1] as string)].reduce((a, ch) => a * 26 + ch.charCodeAt(0) - 64, 0);
  return { col, row: Number(m[2]) };
};

export class SheetEvaluator {
  private readonly done = new Map<string, Val>();
  private readonly busy = new Set<string>();
  /** Every function the formulas used, by name (a test can check no other is used). */
  readonly functions = new Set<string>();
  constructor(private readonly ws: ExcelJS.Worksheet) {}

  /** A cell's value as Excel reads it: a formula cell evaluated, a hyperlink or rich text as its text. */
  cell(address: string): Val {
    const known = this.done.get(address);
    if (known !== undefined) return known;
    if (this.busy.has(address)) throw new Error(`Circular reference at ${address}`);
    this.busy.add(address);
    const v = this.ws.getCell(address).value as unknown;
    let out: Val;
    if (v === null || v === undefined) out = null;
    else if (typeof v === 'number' || typeof v === 'string') out = v;
    else if (typeof v === 'object' && v !== null && 'formula' in v) out = this.evaluate(String(v.formula));
    else if (typeof v === 'object' && v !== null && 'text' in v) out = String(v.text);
    else throw new Error(`Cell ${address} holds ${JSON.stringify(v)}`);
    this.busy.delete(address);
    this.done.set(address, out);
    return out;
  }

  /** The number a formula gives on this sheet. */
  evaluate(formula: string): number {
    const ts = tokens(formula.replace(/^=/, ''));
    let k = 0;
    const peek = () => ts[k];
    const take = (op?: string) => {
      const tok = ts[k++];
      if (!tok || (op !== undefined && !(tok.t === 'op' && tok.v === op)))
        throw new Error(`Expected ${op ?? 'more'} in ${formula}`);
      return tok;
    };
    const arith = (v: Val, where: string): number => {
      if (v === null) return 0;
      if (typeof v === 'string') throw new Error(`#VALUE!: the text ${JSON.stringify(v)} in arithmetic (${where})`);
      return v;
    };
    // an argument of SUM or MAX: its numbers (a range's or a reference's numbers, skipping blanks and texts)
    const argument = (): number[] => {
      const a = peek();
      const b = ts[k + 1];
      if (a?.t === 'ref' && b?.t === 'op' && (b.v === ':' || b.v === ',' || b.v === ')')) {
        k++;
        let cells = [a.v];
        if (b.v === ':') {
          k++;
          const to = take();
          if (to.t !== 'ref') throw new Error(`A range needs two references in ${formula}`);
          const p = split(a.v);
          const q = split(to.v);
          cells = [];
          for (let r = Math.min(p.row, q.row); r <= Math.max(p.row, q.row); r++)
            for (let c = Math.min(p.col, q.col); c <= Math.max(p.col, q.col); c++)
              cells.push(this.ws.getCell(r, c).address);
        }
        return cells.map((c) => this.cell(c)).filter((v): v is number => typeof v === 'number');
      }
      return [expr()];
    };
    const primary = (): number => {
      const tok = take();
      if (tok.t === 'num') return tok.v;
      if (tok.t === 'ref') {
        if (peek()?.t === 'op' && peek()?.v === ':') throw new Error(`A range outside a function in ${formula}`);
        return arith(this.cell(tok.v), tok.v);
      }
      if (tok.t === 'fn') {
        this.functions.add(tok.v);
        take('(');
        const xs: number[] = [];
        if (!(peek()?.t === 'op' && peek()?.v === ')')) {
          xs.push(...argument());
          while (peek()?.t === 'op' && peek()?.v === ',') {
            k++;
            xs.push(...argument());
          }
        }
        take(')');
        if (tok.v === 'SUM') return xs.reduce((s, x) => s + x, 0);
        if (tok.v === 'MAX') return xs.length ? Math.max(...xs) : 0;
        throw new Error(`The evaluator knows SUM and MAX, not ${tok.v}`);
      }
      if (tok.v === '(') {
        const v = expr();
        take(')');
        return v;
      }
      if (tok.v === '-') return -primary();
      if (tok.v === '+') return primary();
      throw new Error(`Unexpected ${tok.v} in ${formula}`);
    };
    const expr = (): number => {
      let v = primary();
      for (let tok = peek(); tok?.t === 'op' && (tok.v === '+' || tok.v === '-'); tok = peek()) {
        k++;
        const w = primary();
        v = tok.v === '+' ? v + w : v - w;
      }
      return v;
    };
    const v = expr();
    if (k !== ts.length) throw new Error(`Unexpected text after ${formula}`);
    return v;
  }
}

export interface FormulaCell {
  sheet: string;
  address: string;
  formula: string;
  /** The cached result the file carries (what Excel shows before it recalculates). */
  result: number;
  /** What the formula gives, recomputed by the evaluator from the sheet's values. */
  evaluated: number;
}

/** Every formula cell of a workbook, with its cached result and its recomputed value. */
export function formulaCells(wb: ExcelJS.Workbook): FormulaCell[] {
  const out: FormulaCell[] = [];
  for (const ws of wb.worksheets) {
    const ev = new SheetEvaluator(ws);
    ws.eachRow((row) => {
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (typeof v !== 'object' || v === null || !('formula' in v)) return;
        const f = v as { formula: string };
        out.push({
          sheet: ws.name,
          address: cell.address,
          formula: f.formula,
          result: cell.result as number,
          evaluated: ev.evaluate(f.formula),
        });
      });
    });
  }
  return out;
}

/**
 * A cell's figure: a formula's cached result, else its value. (exceljs's `value` of a formula cell leaves out a
 * result of 0; its `result` keeps it.)
 */
export function figureOf(cell: ExcelJS.Cell): unknown {
  const v = cell.value as unknown;
  return typeof v === 'object' && v !== null && 'formula' in v ? cell.result : v;
}

/** A row's figures from column A (formula cells as their cached results). */
export function rowFigures(row: ExcelJS.Row): unknown[] {
  const out: unknown[] = [];
  for (let c = 1; c <= row.cellCount; c++) out.push(figureOf(row.getCell(c)));
  return out;
}

export const toCents = (v: number) => Math.round(v * 100);

/** `row.values` from column A (as exceljs gives them: holes for empty cells), formula cells as their cached results. */
export function valuesOf(row: ExcelJS.Row): unknown[] {
  return ((row.values ?? []) as unknown[])
    .slice(1)
    .map((v, k) => (typeof v === 'object' && v !== null && 'formula' in v ? row.getCell(k + 1).result : v));
}
