/**
 * How a figure was reached (issue 34, docs/decisions/explanations.md). The engine records its steps into an `Explainer`
 * only when one is passed (ProjectionOptions.explain and the like): the code that computes a figure records, beside the
 * computation, the operation it did and the values it did it on. Nothing here computes a figure a second time.
 *
 * A step is a node of a tree: its value, its rule in words with the numbers put in, the operation (`formula`) that
 * gives its value from its parts' values, its parts (other steps' ids), the records it came from and the rate table
 * version it read. The leaves are stored inputs (a record's field, the household's assumption) and published constants
 * (a table's rate or sum): `formula.op === 'input'`. `evaluate` recomputes a step from its leaves through the recorded
 * operations: the property test (explain.test.ts, reports/explain.test.ts) checks that it gives every figure to the
 * cent, so a recorded step that does not match the computation fails.
 *
 * Ids (docs/decisions/explanations.md "Figure ids"): `row:<year>:<field>` for a data-table figure (YearRow field, with
 * `assets.cash`, `liabilities.loans` …), `flow:<year>:<series>` for the year loop's unrounded series, `rec:<kind>:<id>:
 * <year>:<what>` for one record's part in a year, `in:<kind>:<id>:<field>` for a stored input, `tbl:<table>:<version>:
 * <key>` for a published constant, and the report's own (`cashflow:`, `networth:`, `insurance:`, `debt:` …).
 */

/** How a value reads: money in the report's currency, a percent, a factor, a count of years or things, an age. */
export type Unit = 'money' | 'percent' | 'factor' | 'years' | 'count' | 'age' | 'year';

/**
 * The operation that gives a step's value from its parts' values, in order. `round` rounds the result to 2 decimals
 * (half away from zero, the engine's r2) after the operation.
 * - input: a leaf; the value is given (a stored input or a published constant).
 * - sum: Σ signs[k] × part k (signs default to +1).
 * - product: Π parts. quotient: part 0 / part 1. power: part 0 ^ part 1.
 * - min, max: of the parts. floor0: max(part 0, 0).
 * - bands: progressive bands on part 0: Σ over bands of rate% × the slice of part 0 between `from` and the next
 *   band's `from` (the last band open-ended).
 * - percent: part 0 × part 1 / 100.
 */
export type Formula =
  | { op: 'input'; round?: boolean }
  | { op: 'sum'; signs?: number[]; round?: boolean }
  | { op: 'product' | 'quotient' | 'power' | 'min' | 'max' | 'floor0' | 'percent'; round?: boolean }
  | { op: 'bands'; bands: Array<{ from: number; rate: number }>; round?: boolean };

/** A record a step came from: its kind as the API names it (record-kinds.ts), its id, and the field read. */
export interface RecordRef {
  kind: string;
  id: string;
  field?: string;
  label?: string;
}
/** The rate table version a step read: the table, the version's first year, the year it applied to, the source. */
export interface TableRef {
  name: string;
  version: number;
  year: number;
  source: string;
}
/** A piece of a rule: words, or a number formatted as the report formats its unit. */
export type RulePart = string | { value: number; unit: Unit };

export interface Step {
  id: string;
  label: string;
  value: number;
  unit: Unit;
  rule: RulePart[];
  formula: Formula;
  parts: string[];
  records?: RecordRef[];
  table?: TableRef;
  /**
   * A leaf that is neither a record's field nor a table's figure says what it is: 'assumption' (the household's or
   * Kinfolio's default rate, the as-of day's part of the year), or 'engine' (a figure the engine has not broken down
   * further; the coverage test counts these and wants none).
   */
  leaf?: 'assumption' | 'engine';
}

/** What a step is recorded with (the id, value and formula apart). */
export interface StepInfo {
  label: string;
  unit?: Unit;
  rule?: RulePart[];
  records?: RecordRef[];
  table?: TableRef;
  leaf?: 'assumption' | 'engine';
}

/** The engine's rounding to cents (projection.ts r2): half away from zero past float noise, never −0. */
export const round2 = (x: number): number => (x === 0 ? 0 : Math.round((x + (x >= 0 ? 1e-9 : -1e-9)) * 100) / 100 + 0);

/**
 * The steps of one computation, by id. A step recorded twice under one id keeps the first (the same figure reached
 * again, e.g. a series read by two rows). `add` returns the value so a call can sit inside an expression.
 */
export class Explainer {
  readonly steps = new Map<string, Step>();

  add(id: string, value: number, formula: Formula, parts: string[], info: StepInfo): number {
    if (!this.steps.has(id)) {
      this.steps.set(id, {
        id,
        label: info.label,
        value,
        unit: info.unit ?? 'money',
        rule: info.rule ?? [],
        formula,
        parts,
        records: info.records,
        table: info.table,
        leaf: info.leaf,
      });
    }
    return value;
  }
  /** A leaf: a stored input or a published constant. */
  input(id: string, value: number, info: StepInfo): string {
    this.add(id, value, { op: 'input' }, [], info);
    return id;
  }
  /** Σ signs × parts (each part an id already recorded, or recorded later in the same run). */
  sum(id: string, value: number, parts: Array<[string, 1 | -1]>, info: StepInfo, round = false): number {
    const signs = parts.map((p) => p[1]);
    return this.add(
      id,
      value,
      signs.every((s) => s === 1) ? { op: 'sum', round } : { op: 'sum', signs, round },
      parts.map((p) => p[0]),
      info,
    );
  }
  /** Forgets the steps recorded after the first `n` (a run that starts again records its own). */
  truncate(n: number): void {
    let k = 0;
    for (const id of [...this.steps.keys()]) if (k++ >= n) this.steps.delete(id);
  }
  has(id: string): boolean {
    return this.steps.has(id);
  }
  get(id: string): Step | undefined {
    return this.steps.get(id);
  }
}

/** One operation on its parts' values (no rounding). */
export function apply(f: Formula, xs: readonly number[], given: number): number {
  const a = xs[0] ?? 0;
  switch (f.op) {
    case 'input':
      return given;
    case 'sum': {
      let s = 0;
      for (let k = 0; k < xs.length; k++) s += (f.signs?.[k] ?? 1) * (xs[k] as number);
      return s;
    }
    case 'product':
      return xs.reduce((p, x) => p * x, 1);
    case 'quotient':
      return a / (xs[1] as number);
    case 'power':
      return a ** (xs[1] as number);
    case 'min':
      return Math.min(...xs);
    case 'max':
      return Math.max(...xs);
    case 'floor0':
      return Math.max(a, 0);
    case 'percent':
      return (a * (xs[1] as number)) / 100;
    case 'bands': {
      let tax = 0;
      for (let k = 0; k < f.bands.length; k++) {
        const b = f.bands[k] as { from: number; rate: number };
        const to = f.bands[k + 1]?.from ?? Number.POSITIVE_INFINITY;
        if (a > b.from) tax += ((Math.min(a, to) - b.from) * b.rate) / 100;
      }
      return tax;
    }
  }
}

/**
 * A step's value recomputed from the leaves below it through the recorded operations (memoised by id). Throws when a
 * part is missing (an explanation that names a step nobody recorded) or the tree has a cycle.
 */
export function evaluate(
  steps: ReadonlyMap<string, Step>,
  id: string,
  memo = new Map<string, number>(),
  path = new Set<string>(),
): number {
  const known = memo.get(id);
  if (known !== undefined) return known;
  const s = steps.get(id);
  if (!s) throw new Error(`explanation part ${id} was not recorded`);
  if (path.has(id)) throw new Error(`explanation cycle at ${id}`);
  path.add(id);
  const xs = s.parts.map((p) => evaluate(steps, p, memo, path));
  path.delete(id);
  const raw = apply(s.formula, xs, s.value);
  const v = s.formula.round ? round2(raw) : raw;
  memo.set(id, v);
  return v;
}

/**
 * The steps whose recomputed value is not their recorded value to the cent (money) or to 1e-9 relative (other units):
 * empty when every explanation gives its figure.
 */
export function mismatches(steps: ReadonlyMap<string, Step>): Array<{ id: string; value: number; recomputed: number }> {
  const memo = new Map<string, number>();
  const out: Array<{ id: string; value: number; recomputed: number }> = [];
  for (const s of steps.values()) {
    const v = evaluate(steps, s.id, memo);
    const tolerance = s.unit === 'money' ? 0.005 + 1e-9 * Math.abs(s.value) : 1e-9 * Math.max(1, Math.abs(s.value));
    if (!(Math.abs(v - s.value) <= tolerance)) out.push({ id: s.id, value: s.value, recomputed: v });
  }
  return out;
}
