import { stringFields } from '@kinfolio/contracts/src/schema-fields';
import type { z } from 'zod';
import type { CallOptions, TestService } from './testing';

/**
 * Bad-input sweeps for component tests (issue 10 items 3 and 8). The cases come from an endpoint's contract
 * schema and one valid body: every string field of the schema gets control characters, lone surrogates, wrong
 * types and an over-long string; the whole body gets a 1 MB string, 10,000-level nesting, `__proto__` keys and
 * non-object JSON. A new field or schema is swept without being listed here.
 */
export const BAD_TEXT: ReadonlyArray<readonly [string, string]> = [
  ['NUL', 'Aisha\u0000Tan'],
  ['SOH', '\u0001Aisha'],
  ['BEL', 'Aisha\u0007'],
  ['ESC', 'Aisha\u001b[31mTan'],
  ['DEL', 'Aisha\u007f'],
  ['C1 NEL', 'Aisha\u0085Tan'],
  ['C1 CSI', 'Aisha\u009b2J'],
  ['lone high surrogate', 'Aisha\uD83DTan'],
  ['lone low surrogate', 'Aisha\uDE00Tan'],
  ['high surrogate at the end', 'Aisha\uDBFF'],
];
/**
 * Impossible dates (issue 30 item 2): every date field of a contract is the shared CalendarDate, so each of these is
 * a 400 naming the field. A field is a date when it takes a plain day and refuses text, as a date regex does.
 */
export const IMPOSSIBLE_DAYS = ['2025-02-30', '2023-02-29', '2025-13-01', '2025-04-31', '2025-00-10', '2025-01-00'];
export const IMPOSSIBLE_STAMPS = ['2025-02-30T10:00:00.000Z', '2023-02-29T10:00:00.000Z'];
const takes = (s: Schema, v: unknown) => {
  try {
    return s.safeParse(v).success;
  } catch {
    return false;
  }
};
const isText = (s: Schema) => ['not a date', 'abc', 'Abc-1'].some((v) => takes(s, v));
export const isDateField = (s: Schema) => takes(s, '2024-02-28') && !isText(s);
export const isDateTimeField = (s: Schema) => takes(s, '2024-02-28T10:00:00.000Z') && !isText(s);
export const DEEP_LEVELS = 10_000;
export const deepArrayJson = (n = DEEP_LEVELS) => `${'['.repeat(n)}1${']'.repeat(n)}`;
export const deepObjectJson = (n = DEEP_LEVELS) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

type Schema = z.ZodType;
type Path = Array<string | number>;

/** A copy of `body` with `value` at `path` (containers made as needed; arrays reuse their first item). */
export function setAt(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') {
    const arr = Array.isArray(body) ? [...body] : [];
    arr[0] = setAt(arr[0] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
    return arr;
  }
  const obj = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
  const current = (obj as Record<string, unknown>)[head];
  (obj as Record<string, unknown>)[head] = setAt(current ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return obj;
}

export interface BadCase {
  label: string;
  /** The JSON body (a string is sent as is). */
  body: unknown;
  /** The field the 4xx must name (dotted path), when the case is about one field. */
  field?: string;
  /** Sent instead of `application/json` (multipart cases). */
  contentType?: string;
}

const DEEP_MARK = '"__kf_deep__"';

/** Every bad-input case for one endpoint, from its contract schema and a valid body. */
export function badBodies(schema: Schema, valid: Record<string, unknown>): BadCase[] {
  const cases: BadCase[] = [
    ...['null', '[]', '"text"', '42', 'true', '{"a":', '{bad json}'].map((raw) => ({
      label: `top level ${raw}`,
      body: raw,
    })),
    { label: 'array nested 10,000 deep', body: deepArrayJson() },
    { label: 'object nested 10,000 deep', body: deepObjectJson() },
    {
      label: '__proto__ key',
      body: `{"__proto__":{"isAdmin":true}${Object.keys(valid).length ? ',' : ''}${JSON.stringify(valid).slice(1)}`,
      field: '__proto__',
    },
  ];
  const strings = stringFields(schema);
  // The body limit is the whole body's, whichever field carries the bulk: one 1 MB string per endpoint, in its first
  // string field (one in every string field made the sweeps a fifth slower and proved nothing more).
  const first = strings[0];
  if (first) cases.push({ label: `${first.path.join('.')}: 1 MB string`, body: setAt(valid, first.path, 'a'.repeat(1_048_576)) });
  for (const { path, schema: leaf } of strings) {
    const field = path.join('.');
    for (const [label, bad] of BAD_TEXT)
      cases.push({ label: `${field}: ${label}`, body: setAt(valid, path, bad), field });
    cases.push({ label: `${field}: 100,000 characters`, body: setAt(valid, path, 'a'.repeat(100_000)), field });
    const nested = JSON.stringify(setAt(valid, path, '__kf_deep__'));
    cases.push({ label: `${field}: arrays 10,000 deep`, body: nested.replace(DEEP_MARK, deepArrayJson()) });
    cases.push({ label: `${field}: objects 10,000 deep`, body: nested.replace(DEEP_MARK, deepObjectJson()) });
    // impossible dates in a date field (Feb 30, Feb 29 of a common year, month 13...)
    const bad = isDateField(leaf) ? IMPOSSIBLE_DAYS : isDateTimeField(leaf) ? IMPOSSIBLE_STAMPS : [];
    for (const day of bad)
      cases.push({ label: `${field}: impossible date ${day}`, body: setAt(valid, path, day), field });
    // wrong types: only those the contract itself refuses here (a union may accept an object or a number)
    for (const wrong of [42, true, ['x'], { x: 'y' }])
      if (!leaf.safeParse(wrong).success)
        cases.push({ label: `${field}: ${JSON.stringify(wrong)}`, body: setAt(valid, path, wrong), field });
  }
  return cases;
}

const CRLF = '\r\n';
const filePart = (boundary: string, field: string, name: string, type: string, content: string, extra = '') =>
  `--${boundary}${CRLF}Content-Disposition: form-data; name="${field}"; filename="${name}"${CRLF}` +
  `Content-Type: ${type}${CRLF}${extra}${CRLF}${content}`;

/**
 * Multipart cases for an upload route whose files come in the form field `field` (issue 30 item 1: a body cut off
 * before its closing boundary ended the process): truncated forms, a file cut off mid-file or mid-header, no or a
 * wrong boundary, part headers beyond busboy's 16 KB and 2,000 pairs, more parts than the limits, junk. Each must get
 * a 4xx naming `field`, never a 5xx or a reset.
 */
export function badMultipartBodies(field = 'files'): BadCase[] {
  const b = 'kfcrash';
  const type = `multipart/form-data; boundary=${b}`;
  const pdf = '%PDF-1.4\n%%EOF\n';
  const png = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
  const one = filePart(b, field, 'a.pdf', 'application/pdf', pdf);
  const cases: Array<Omit<BadCase, 'field'> & { contentType: string }> = [
    { label: 'no closing boundary', contentType: type, body: one },
    { label: 'no closing boundary after CRLF', contentType: type, body: `${one}${CRLF}` },
    { label: 'cut off at the closing boundary', contentType: type, body: `${one}${CRLF}--${b}` },
    { label: 'cut off mid-file', contentType: type, body: filePart(b, field, 'a.png', 'image/png', png).slice(0, -6) },
    {
      label: 'second file cut off mid-file',
      contentType: type,
      body: `${one}${CRLF}${filePart(b, field, 'b.pdf', 'application/pdf', pdf.repeat(200)).slice(0, -500)}`,
    },
    { label: 'cut off in the part headers', contentType: type, body: `--${b}${CRLF}Content-Disposition: form-da` },
    { label: 'cut off after the first boundary', contentType: type, body: `--${b}` },
    { label: 'empty body', contentType: type, body: '' },
    { label: 'no boundary parameter', contentType: 'multipart/form-data', body: `${one}${CRLF}--${b}--${CRLF}` },
    { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: `${one}${CRLF}--${b}--${CRLF}` },
    {
      label: 'another boundary than declared',
      contentType: 'multipart/form-data; boundary=other',
      body: `${one}${CRLF}--${b}--${CRLF}`,
    },
    { label: 'junk instead of parts', contentType: type, body: 'x'.repeat(10_000) },
    {
      label: 'boundary of 8,000 characters',
      contentType: `multipart/form-data; boundary=${'b'.repeat(8_000)}`,
      body: one,
    },
    { label: 'not multipart at all', contentType: 'text/plain', body: `${one}${CRLF}--${b}--${CRLF}` },
    {
      label: 'part header of 20 KB',
      contentType: type,
      body: `${filePart(b, field, 'a.pdf', 'application/pdf', pdf, `X-Pad: ${'a'.repeat(20_000)}${CRLF}`)}${CRLF}--${b}--${CRLF}`,
    },
    {
      label: '3,000 part header lines',
      contentType: type,
      body: `${filePart(b, field, 'a.pdf', 'application/pdf', pdf, `X-A: 1${CRLF}`.repeat(3_000))}${CRLF}--${b}--${CRLF}`,
    },
    {
      label: 'part header without a colon',
      contentType: type,
      body: `--${b}${CRLF}Content-Disposition form-data${CRLF}${CRLF}x${CRLF}--${b}--${CRLF}`,
    },
    {
      label: '60 form fields',
      contentType: type,
      body: `${Array.from({ length: 60 }, (_, i) => `--${b}${CRLF}Content-Disposition: form-data; name="f${i}"${CRLF}${CRLF}v${CRLF}`).join('')}--${b}--${CRLF}`,
    },
    {
      label: '11 files',
      contentType: type,
      body: `${Array.from({ length: 11 }, (_, i) => `${filePart(b, field, `f${i}.pdf`, 'application/pdf', pdf)}${CRLF}`).join('')}--${b}--${CRLF}`,
    },
    {
      label: '500 files cut off',
      contentType: type,
      body: Array.from(
        { length: 500 },
        (_, i) => `${filePart(b, field, `f${i}.pdf`, 'application/pdf', pdf)}${CRLF}`,
      ).join(''),
    },
  ];
  return cases.map((c) => ({ ...c, field }));
}

/** Query-string cases: control characters in each string parameter (lone surrogates cannot be percent-encoded). */
export function badQueries(schema: Schema, valid: Record<string, string>): BadCase[] {
  const cases: BadCase[] = [];
  for (const { path } of stringFields(schema)) {
    if (path.length !== 1) continue;
    const field = String(path[0]);
    for (const [label, bad] of BAD_TEXT) {
      if (/surrogate/.test(label)) continue;
      const q = new URLSearchParams({ ...valid, [field]: bad });
      cases.push({ label: `?${field}: ${label}`, body: q.toString(), field });
    }
    // invalid UTF-8 (an encoded lone surrogate, a bare continuation byte): never a 5xx
    for (const raw of ['%ED%A0%80', '%80', '%C0%80'])
      cases.push({ label: `?${field}: raw ${raw}`, body: `${new URLSearchParams(valid).toString()}&${field}=${raw}` });
  }
  return cases;
}

/**
 * Sends each case and returns the failures: a 5xx or 2xx/3xx, a reply without a message, or (for a field case) a
 * 4xx whose `errors` do not name the field. Query cases append `body` to the path.
 */
export async function sweep(
  t: TestService,
  endpoint: {
    method: string;
    path: string;
    as: CallOptions['as'];
    query?: boolean;
    headers?: () => Record<string, string>;
    /**
     * Poisoned-read check (issue 30 item 2): reads of the household the bodies write to (balance sheet, debt summary,
     * report, exports...). After a batch in which a bad body was accepted, and once after the sweep, each must still
     * answer 2xx: one stored record must never make a household's reads fail.
     */
    reads?: Array<{ method: string; path: string; body?: unknown; as?: CallOptions['as'] }>;
  },
  cases: BadCase[],
  opts: { strictQuery?: boolean } = {},
): Promise<string[]> {
  const failures: string[] = [];
  const checkReads = async (after: string) => {
    for (const read of endpoint.reads ?? []) {
      const r = await t.call(read.method, read.path, { as: read.as ?? endpoint.as, body: read.body });
      if (r.status < 200 || r.status >= 300)
        failures.push(
          `${read.method} ${read.path} after ${after} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`,
        );
    }
  };
  for (let i = 0; i < cases.length; i += 6) {
    const batch = cases.slice(i, i + 6);
    const replies = await Promise.all(
      batch.map((c) =>
        endpoint.query
          ? t.call(endpoint.method, `${endpoint.path}?${c.body as string}`, {
              as: endpoint.as,
              headers: endpoint.headers?.(),
            })
          : t.call(endpoint.method, endpoint.path, {
              as: endpoint.as,
              body: typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
              headers: c.contentType
                ? { ...endpoint.headers?.(), 'content-type': c.contentType }
                : endpoint.headers?.(),
            }),
      ),
    );
    replies.forEach((r, j) => {
      const c = batch[j] as BadCase;
      const where = `${endpoint.method} ${endpoint.path} ${c.label}`;
      const tolerant = endpoint.query && !c.field && !opts.strictQuery;
      if (r.status >= 500 || (!tolerant && r.status < 400)) {
        failures.push(`${where} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        return;
      }
      if (r.status >= 400 && typeof r.body?.message !== 'string')
        failures.push(`${where} → ${r.status} without a message`);
      if (c.field && r.status !== 413) {
        const named = ((r.body?.errors ?? []) as Array<Record<string, unknown>>).flatMap((e) => Object.keys(e));
        if (!named.some((k) => k === c.field || k.startsWith(`${c.field}.`)))
          failures.push(`${where} → ${r.status} names ${JSON.stringify(named)}, not ${c.field}: ${r.body?.message}`);
      }
    });
    const accepted = replies.flatMap((r, j) => (r.status < 400 ? [(batch[j] as BadCase).label] : []));
    if (accepted.length) await checkReads(`accepted ${accepted.join(', ')}`);
  }
  await checkReads('the sweep');
  return failures;
}

/** Every row of every table of the service's schema (the outbox without its delivery columns): "nothing stored". */
export async function snapshotTables(t: TestService): Promise<string> {
  const db = t.svc.ctx.db;
  const tables = (
    (await db
      .select('table_name')
      .from('information_schema.tables')
      .whereRaw('table_schema = current_schema()')
      .andWhere('table_type', 'BASE TABLE')) as Array<{ table_name: string }>
  )
    .map((r) => r.table_name)
    .filter((n) => !n.startsWith('knex_'))
    .sort();
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const rows = (await db(table).select('*')) as Array<Record<string, unknown>>;
    out[table] = rows
      .map((row) => {
        const { sent_at: _s, attempts: _a, last_error: _l, ...rest } = row;
        return JSON.stringify(table === 'outbox' ? rest : row);
      })
      .sort();
  }
  return JSON.stringify(out);
}
