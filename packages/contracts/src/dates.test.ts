import { z } from 'zod';
import * as contracts from './index';
import { routes } from './routes';

/**
 * Issue 30 item 2: every date of every contract is a real calendar date. This walks every zod schema exported by the
 * package (namespaces, maps such as Events and recordKinds, the route table's bodies and replies) down to its
 * fields, finds every date-like field (by name: *_date, *_at, *At, date, as_of, timestamp...; or by value: a string
 * field that takes "2024-02-28" or an ISO date-time and refuses plain text, which is what a date regex does) and
 * checks it refuses impossible days and takes Feb 29 of a leap year.
 */
const NAME = /(^|_)date$|Date$|_at$|At$|_since$|^timestamp$|_period_(start|end)$|^as_of$|^date_of_birth$/;
const DAY = '2024-02-28';
const STAMP = '2024-02-28T10:00:00.000Z';
const BAD_DAYS = ['2025-02-30', '2023-02-29', '2025-13-01', '2025-04-31', '2025-00-10'];
const BAD_STAMPS = ['2025-02-30T10:00:00.000Z', '2023-02-29T10:00:00.000Z'];

type Schema = z.ZodType;
const isSchema = (v: unknown): v is Schema => v instanceof z.ZodType;
const takes = (s: Schema, v: unknown): boolean => {
  try {
    return s.safeParse(v).success;
  } catch {
    return false;
  }
};

interface DateField {
  where: string;
  kind: 'day' | 'date-time';
  problems: string[];
}

/** Every date-like field reachable from `root`, with what is wrong with each. */
export function dateFields(root: Schema, where: string, seen = new Map<Schema, Set<string>>()): DateField[] {
  const out: DateField[] = [];
  const visit = (s: Schema, name: string, path: string): void => {
    const names = seen.get(s) ?? new Set<string>();
    if (names.has(name)) return;
    names.add(name);
    seen.set(s, names);
    const def = (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    const child = (k: string) => def[k] as Schema;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        visit(child('innerType'), name, path);
        return;
      case 'lazy':
        visit((def.getter as () => Schema)(), name, path);
        return;
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, Schema>)) visit(v, k, `${path}.${k}`);
        return;
      case 'array':
        visit(child('element'), name, `${path}[]`);
        return;
      case 'record':
        visit(child('valueType'), name, `${path}{}`);
        return;
      case 'tuple':
        for (const [i, v] of (def.items as Schema[]).entries()) visit(v, name, `${path}[${i}]`);
        return;
      case 'intersection':
        visit(child('left'), name, path);
        visit(child('right'), name, path);
        return;
      case 'union':
        check(s, name, path);
        for (const o of def.options as Schema[]) visit(o, name, path);
        return;
      case 'pipe':
        // the input side is what a body or a stored value is checked against
        check(s, name, path);
        visit(child('in'), name, path);
        return;
      default:
        check(s, name, path);
    }
  };
  const check = (s: Schema, name: string, path: string) => {
    const day = takes(s, DAY);
    const stamp = takes(s, STAMP);
    // an id, a path or a free text takes one of these as well; a date (by regex or by schema) takes none
    const junk = ['not a date', 'abc', 'Abc-1', 'a_b', 'a/b.png', 'step-1'].some((v) => takes(s, v));
    const dateLike = (day || stamp) && (!junk || NAME.test(name));
    if (!dateLike) return;
    const problems: string[] = [];
    if (day) {
      for (const bad of BAD_DAYS) if (takes(s, bad)) problems.push(`takes ${bad}`);
      if (!takes(s, '2024-02-29')) problems.push('refuses 2024-02-29');
    } else {
      for (const bad of BAD_STAMPS) if (takes(s, bad)) problems.push(`takes ${bad}`);
      if (!takes(s, '2024-02-29T10:00:00.000Z')) problems.push('refuses 2024-02-29T10:00:00.000Z');
    }
    out.push({ where: `${where}${path}`, kind: day ? 'day' : 'date-time', problems });
  };
  visit(root, '', '');
  return out;
}

/** Every zod schema exported by the package: top-level, in namespaces, and in plain maps and lists of them. */
function exportedSchemas(): Array<[string, Schema]> {
  const found: Array<[string, Schema]> = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, name: string, depth: number): void => {
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 4) return;
    seen.add(v);
    if (isSchema(v)) {
      found.push([name, v]);
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, name ? `${name}.${k}` : k, depth + 1);
  };
  walk(contracts, '', 0);
  return found;
}

jest.setTimeout(60_000);

describe('every date of every contract is a real calendar date', () => {
  it('finds a plain date regex, a plain string named like a date, and passes the shared schemas', () => {
    const sample = z.object({
      due: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      created_at: z.string(),
      list: z.array(
        z.object({
          paid_on: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .optional(),
        }),
      ),
      good: contracts.CalendarDate.optional(),
      stamp: contracts.Timestamp.nullable(),
      name: z.string(),
    });
    const found = dateFields(sample, 'sample');
    expect(found.map((f) => [f.where, f.problems.length > 0])).toEqual([
      ['sample.due', true],
      ['sample.created_at', true],
      ['sample.list[].paid_on', true],
      ['sample.good', false],
      ['sample.stamp', false],
    ]);
  });

  it('every exported schema and every route body, query and reply: no date field escapes the shared schemas', () => {
    const roots: Array<[string, Schema]> = [
      ...exportedSchemas(),
      ...routes.flatMap((r) =>
        (['body', 'reply'] as const).flatMap((k) => {
          const s = r[k];
          return isSchema(s) ? [[`${r.method} ${r.path} ${k}`, s] as [string, Schema]] : [];
        }),
      ),
    ];
    // a schema reached again under the same field name was checked already (shared across the roots: one walk)
    const seen = new Map<Schema, Set<string>>();
    const fields = roots.flatMap(([name, s]) => dateFields(s, name, seen));
    // the walk reaches the fields of the issue (and would fail on an empty walk)
    const leaves = new Set(fields.map((f) => f.where.split('.').pop()));
    for (const f of [
      'transaction_start_date',
      'policy_date',
      'unpaid_at[]',
      'date_of_birth',
      'created_at',
      'createdAt',
      'ends_at',
      'as_of',
    ])
      expect([f, leaves.has(f)]).toEqual([f, true]);
    const wrong = fields.filter((f) => f.problems.length).map((f) => `${f.where}: ${f.problems.join(', ')}`);
    expect([...new Set(wrong)]).toEqual([]);
  });
});
