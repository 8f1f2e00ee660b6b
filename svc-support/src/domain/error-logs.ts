import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import type { Identity, ServiceContext } from '@kinfolio/service-kit';
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
        .map(([k, v]) => [k.replaceAll(NUL, ''), SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1)]),
    );
  }
  // PostgreSQL text and jsonb cannot hold NUL characters
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  return value;
}

const parsed = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
const toLog = (r: ErrorLogRow) => ({
  id: r.id,
  user_id: r.user_id,
  user_type: r.user_type,
  error: r.error,
  stack: r.stack,
  info: parsed(r.info),
  url: r.url,
  timestamp: r.client_timestamp ? new Date(r.client_timestamp).toISOString() : null,
  userData: parsed(r.user_data),
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
    error: b.error,
    stack: b.stack,
    info: b.info === undefined ? null : JSON.stringify(scrub(b.info)),
    url: b.url,
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
  const [c] = await base.clone().count<Array<{ count: string | number }>>({ count: '*' });
  const rows = (await base
    .clone()
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)) as ErrorLogRow[];
  return { rows: rows.map(toLog), total: Number(c?.count ?? 0), page: q.page, page_size: q.page_size };
}
