import type { z } from 'zod';
import * as contracts from './index';
import { schemaKind, stringFields } from './schema-fields';
import { CleanString, jsonProblem, PlainText, RichText, SafeJsonObject } from './validation';

/**
 * Issue 10 items 3 and 8: one text rule for every string a request carries. This walks every request schema the
 * contracts export (bodies, queries, socket messages, the stored-record kinds and every route's body), so a new
 * schema with a bare z.string() fails here without anyone listing it.
 */
type Schema = z.ZodType;

/** Strings no field may accept: C0 controls (NUL, SOH, ESC, LF in single-line text), DEL, C1, lone surrogates. */
const BAD_STRINGS: Array<[string, string]> = [
  ['NUL', 'Aisha\u0000Tan'],
  ['SOH', '\u0001Aisha'],
  ['ESC', 'Aisha\u001b[31m'],
  ['DEL', 'Aisha\u007f'],
  ['C1 NEL', 'Aisha\u0085Tan'],
  ['C1 CSI', 'Aisha\u009b'],
  ['lone high surrogate', 'Aisha\uD83DTan'],
  ['lone low surrogate', 'Aisha\uDE00'],
  ['high surrogate at the end', 'Aisha\uDBFF'],
];

function requestSchemas(): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;
  const modules: Record<string, Record<string, unknown>> = {
    auth: contracts.auth,
    billing: contracts.billing,
    support: contracts.support,
    planning: contracts.planning,
    // households.ts is new work: swept as soon as the index exports it
    households: ((contracts as Record<string, unknown>).households ?? {}) as Record<string, unknown>,
  };
  for (const [mod, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isSchema(value)) continue;
      const request =
        /(Body|Query|Request|Message)$/.test(name) ||
        (mod === 'households' && /Record$/.test(name)) ||
        (mod === 'planning' && name === 'Household');
      if (request) out.push([`${mod}.${name}`, value]);
    }
  }
  for (const r of contracts.routes) if (r.body) out.push([`${r.method} ${r.path}`, r.body]);
  return out;
}

describe('every request schema refuses control characters and lone surrogates in every string field', () => {
  const schemas = requestSchemas();

  it('finds the request schemas of every contract module', () => {
    const names = schemas.map(([n]) => n);
    for (const expected of [
      'auth.RegisterBody',
      'auth.FilteredUsersBody',
      'support.LogErrorBody',
      'support.FaqQuery',
      'planning.ScenarioRequest',
      'billing.TrialUpdateBody',
    ])
      expect(names).toContain(expected);
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s', (_name, schema) => {
    const accepted: string[] = [];
    for (const p of stringFields(schema)) {
      const kind = schemaKind(p.schema);
      for (const [label, bad] of BAD_STRINGS) {
        const values: unknown[] = [bad];
        if (kind === 'record' || kind === 'unknown' || kind === 'any')
          values.push({ [bad]: 1 }, { k: bad }, { k: [{ k: bad }] });
        for (const v of values)
          if (p.schema.safeParse(v).success)
            accepted.push(`${p.path.join('.') || '(body)'} accepts ${label}: ${JSON.stringify(v)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('the text helpers', () => {
  it('PlainText follows spec §5: no markup characters or emoji, trimmed', () => {
    for (const bad of ['<script>alert(1)</script>', 'a{b}', 'x[1]', 'a~b', 'a`b', 'a|b', 'a^b', 'hi 😀', '🇸🇬'])
      expect(PlainText(100).safeParse(bad).success).toBe(false);
    expect(PlainText(100).parse('  Aisha Tan-Lim, O’Brien & Co. (SG) 陈 𝒜  ')).toBe(
      'Aisha Tan-Lim, O’Brien & Co. (SG) 陈 𝒜',
    );
  });
  it('only multi-line text keeps tab, LF and CR', () => {
    expect(PlainText(100).safeParse('a\nb').success).toBe(false);
    expect(PlainText(100, { multiline: true }).parse('a\r\n\tb')).toBe('a\r\n\tb');
    expect(RichText(100).parse('<p>a</p>\n<p>b</p>')).toBe('<p>a</p>\n<p>b</p>');
    expect(CleanString(100).safeParse('a\tb').success).toBe(false);
  });
  it('a refused string names the problem', () => {
    const r = PlainText(100).safeParse('a\u0000');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Control characters are not allowed');
    expect(CleanString(100).safeParse('a\uD800').error?.issues[0]?.message).toMatch(/unpaired surrogate/);
  });
  it('free-form JSON is bounded in depth and checked in every key and string', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(jsonProblem(deep)?.message).toMatch(/Nested more than 32 levels/);
    expect(jsonProblem({ a: [{ 'b\u0000': 1 }] })?.path).toEqual(['a', 0, 'b\u0000']);
    expect(jsonProblem({ a: { b: 'x\uDC00' } })).toEqual({
      path: ['a', 'b'],
      message: expect.stringMatching(/surrogate/),
    });
    expect(jsonProblem({ a: { b: 'line\nnext 😀 <b>' } })).toBeNull();
    const issue = SafeJsonObject().safeParse({ user: { name: 'a\u0000' } }).error?.issues[0];
    expect(issue?.path).toEqual(['user', 'name']);
  });
});
