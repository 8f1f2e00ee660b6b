import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import { type Identity, pageOf, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';

interface ErrorLogRow {
  id: string;
  user_id: string | null;
  user_type: string | null;
  ip: string;
  error: string;
  stack: string;
  info: unknown;
  url: string;
  client_timestamp: Date | string | null;
  user_data: unknown;
  created_at: Date | string;
}

const NUL = String.fromCharCode(0);
const SECRET_KEY = /token|password|secret|authorization|cookie|otp|card/i;

/** userData is the client's user record: keep it, minus anything that looks like a credential. */
function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 100)
        .map(([k, v]) => [clean(k), SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1)]),
    );
  }
  // PostgreSQL text and jsonb cannot hold NUL characters, and jsonb refuses a lone surrogate's escape
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD').replaceAll(NUL, '');

/**
 * A stored JSON value as the listing shows it, whatever the row holds: the drivers hand jsonb back already parsed,
 * `info` is stored wrapped as `{value}` (so a string is never mistaken for JSON text to parse), and anything else a
 * row may hold (an older unwrapped value, text that is not JSON) is shown as it is. Never throws.
 */
export function storedJson(v: unknown, wrapped: boolean): unknown {
  let out = v;
  if (typeof out === 'string') {
    try {
      out = JSON.parse(out) as unknown;
    } catch {
      return out;
    }
  }
  if (wrapped && out && typeof out === 'object' && !Array.isArray(out) && 'value' in out)
    return (out as { value: unknown }).value;
  return out ?? null;
}

const toLog = (r: ErrorLogRow) => ({
  id: r.id,
  user_id: r.user_id,
  user_type: r.user_type,
  error: r.error,
  stack: r.stack,
  info: storedJson(r.info, true),
  url: r.url,
  timestamp: r.client_timestamp ? new Date(r.client_timestamp).toISOString() : null,
  userData: storedJson(r.user_data, false),
  createdAt: new Date(r.created_at).toISOString(),
});

export async function recordClientError(
  ctx: ServiceContext,
  who: Identity | undefined,
  ip: string,
  b: z.infer<typeof support.LogErrorBody>,
): Promise<string> {
  const id = randomUUID();
  const ts = b.timestamp === undefined ? null : new Date(b.timestamp);
  await ctx.db('error_logs').insert({
    id,
    user_id: who?.userId ?? null,
    user_type: who?.type ?? null,
    ip: ip.slice(0, 64),
    error: clean(b.error),
    stack: clean(b.stack),
    info: b.info === undefined ? null : JSON.stringify({ value: scrub(b.info) }),
    url: clean(b.url),
    client_timestamp: ts && !Number.isNaN(ts.getTime()) ? ts : null,
    user_data: b.userData == null ? null : JSON.stringify(scrub(b.userData)),
    created_at: new Date(),
  });
  return id;
}

export async function listErrorLogs(ctx: ServiceContext, q: { user_id?: string; page: number; page_size: number }) {
  const base = ctx.db('error_logs').modify((b) => {
    if (q.user_id) b.where('user_id', q.user_id);
  });
  const { rows, total } = await pageOf<ErrorLogRow>(base, { page: q.page, pageSize: q.page_size }, (b) =>
    b.orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]),
  );
  return { rows: rows.map(toLog), total, page: q.page, page_size: q.page_size };
}
