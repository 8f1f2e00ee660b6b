import fc from 'fast-check';
import { evaluate, Explainer, mismatches, type Step } from '../domain/calculations/explain';
import { reportFigures } from './figures';
import { householdArb, reportOf } from './households.arbitrary';

/**
 * Issue 34 "Every figure explains itself", over generated households (./households.arbitrary.ts: the service's own
 * mapping and report assembly):
 * - every figure the report and the data table show has an explanation whose value is the shown figure (to the cent);
 * - every step recomputes from its recorded leaves to its value (explain.ts `mismatches`): the explanation is the
 *   computation's own record, not a second derivation that could drift;
 * - the walk down from every figure reaches only stored inputs, published tables and named assumptions.
 */
const HOUSEHOLDS = 60;

function explained(g: Parameters<typeof reportOf>[0]) {
  const ex = new Explainer();
  const base = reportOf(g, ex);
  return { ex, base, figures: reportFigures(base.report, base.projection.dataTables.rows) };
}

/** The leaves below a step (memoised walk). */
function leaves(steps: ReadonlyMap<string, Step>, id: string, seen = new Set<string>(), out: Step[] = []): Step[] {
  if (seen.has(id)) return out;
  seen.add(id);
  const s = steps.get(id);
  if (!s) return out;
  if (s.formula.op === 'input') out.push(s);
  for (const p of s.parts) leaves(steps, p, seen, out);
  return out;
}

describe('explanations of the report (issue 34)', () => {
  test('every figure shown has an explanation with its value, over generated households', () => {
    fc.assert(
      fc.property(householdArb, (g) => {
        const { ex, figures } = explained(g);
        expect(figures.length).toBeGreaterThan(50);
        const missing = figures.filter((f) => !ex.has(f.id)).map((f) => f.id);
        expect(missing).toEqual([]);
        const wrong = figures
          .filter((f) => Math.abs((ex.get(f.id) as Step).value - f.value) > 0.005)
          .map((f) => `${f.id}: ${ex.get(f.id)?.value} ≠ ${f.value}`);
        expect(wrong).toEqual([]);
      }),
      { numRuns: HOUSEHOLDS, seed: 34 },
    );
  });

  test('every step recomputes from its leaves to its value, to the cent (property over generated households)', () => {
    fc.assert(
      fc.property(householdArb, (g) => {
        const { ex } = explained(g);
        expect(mismatches(ex.steps)).toEqual([]);
      }),
      { numRuns: HOUSEHOLDS, seed: 340 },
    );
  });

  test('a figure recorded with the wrong operation is caught', () => {
    let caught = false;
    fc.assert(
      fc.property(householdArb, (g) => {
        const { ex, base } = explained(g);
        const year = base.projection.dataTables.rows[0]?.year;
        const id = `row:${year}:net_cash_flow`;
        const s = ex.get(id) as Step;
        // the same parts added instead of inflows less outflows
        const wrong = new Map(ex.steps);
        wrong.set(id, { ...s, formula: { op: 'sum', round: true } });
        const changed = Math.abs(evaluate(wrong, id) - s.value) > 0.005;
        if (changed) {
          caught = true;
          expect(mismatches(wrong).map((x) => x.id)).toContain(id);
        }
      }),
      { numRuns: 10, seed: 3400 },
    );
    expect(caught).toBe(true);
  });

  test('the walk down from every figure ends in records, tables or named assumptions', () => {
    const counts = new Map<string, number>();
    fc.assert(
      fc.property(householdArb, (g) => {
        const { ex, figures } = explained(g);
        const seen = new Set<string>();
        const out: Step[] = [];
        for (const f of figures) leaves(ex.steps, f.id, seen, out);
        for (const l of out) {
          const kind = l.table
            ? 'table'
            : l.leaf === 'engine'
              ? 'engine'
              : l.records?.length
                ? 'record'
                : l.leaf === 'assumption'
                  ? 'assumption'
                  : 'unnamed';
          counts.set(kind, (counts.get(kind) ?? 0) + 1);
          if (kind === 'engine' || kind === 'unnamed')
            counts.set(`${kind}:${l.id.replace(/[0-9a-f-]{36}/g, '<id>').replace(/\d{4}/g, '<y>')}`, 1);
        }
      }),
      { numRuns: 20, seed: 341 },
    );
    const open = [...counts.keys()].filter((k) => k.startsWith('engine:') || k.startsWith('unnamed:')).sort();
    expect(open).toEqual([]);
  });
});
