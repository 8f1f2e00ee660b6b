import type { explanations } from '@kinfolio/contracts';
import type { Explainer, Step } from './explain';

/**
 * Recorded steps as the contract's explanation nodes (issue 34, packages/contracts/src/explanation-node.ts): pure,
 * no I/O. `nodeOf` answers one figure as the endpoint does (its parts one level down, each with whether it can be
 * asked in turn); `treeOf` gives a figure and every node below it, for a reply that carries its explanation inline
 * (Monte Carlo's probability in the scenario reply). Records get `screen: null` here: the service names the screen.
 */
type Node = explanations.Explanation;
type Tree = explanations.ExplanationTree;
type Steps = ReadonlyMap<string, Step>;

const stepsOf = (ex: Explainer | Steps): Steps => ('steps' in ex ? (ex as Explainer).steps : (ex as Steps));

/** What a step is: a table's figure, a record's stored input, an assumption, or a figure computed from its parts. */
export function kindOf(s: Step): Node['kind'] {
  if (s.formula.op !== 'input') return 'figure';
  if (s.table) return 'table';
  if (s.records?.length) return 'record';
  if (s.leaf === 'assumption') return 'assumption';
  return 'figure';
}

/** Whether asking for the step gives more than its number (parts, records, a table or a rule). */
const explainable = (s: Step): boolean =>
  s.parts.length > 0 || (s.records?.length ?? 0) > 0 || s.table !== undefined || s.rule.length > 0;

function get(steps: Steps, id: string): Step {
  const s = steps.get(id);
  if (!s) throw new Error(`explanation part ${id} was not recorded`);
  return s;
}

/** One figure as an explanation node. Throws when it, or a part it names, was not recorded. */
export function nodeOf(ex: Explainer | Steps, id: string): Node {
  const steps = stepsOf(ex);
  const s = get(steps, id);
  const f = s.formula;
  const formula: Node['formula'] = { op: f.op };
  if (f.op === 'sum' && f.signs) formula.signs = [...f.signs];
  if (f.op === 'bands') formula.bands = f.bands.map((b) => ({ from: b.from, rate: b.rate }));
  if (f.round) formula.round = true;
  return {
    id: s.id,
    label: s.label,
    value: s.value,
    unit: s.unit,
    kind: kindOf(s),
    rule: [...s.rule],
    formula,
    parts: s.parts.map((pid, k) => {
      const p = get(steps, pid);
      return {
        id: p.id,
        label: p.label,
        value: p.value,
        unit: p.unit,
        sign: f.op === 'sum' ? (f.signs?.[k] ?? 1) : 1,
        explainable: explainable(p),
        kind: kindOf(p),
      };
    }),
    records: (s.records ?? []).map((r) => ({
      kind: r.kind,
      id: r.id,
      field: r.field ?? null,
      label: r.label ?? s.label,
      screen: null,
    })),
    table: s.table ? { ...s.table } : null,
  };
}

/** The figure `rootId` and every node below it (each once, the root first, then depth first in part order). */
export function treeOf(ex: Explainer | Steps, rootId: string): Tree {
  const steps = stepsOf(ex);
  const nodes: Node[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = nodeOf(steps, id);
    nodes.push(node);
    for (let k = node.parts.length - 1; k >= 0; k--) stack.push((node.parts[k] as Node['parts'][number]).id);
  }
  return { root: rootId, nodes };
}
