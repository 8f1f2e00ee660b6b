import { appendFileSync } from 'node:fs';
import type { Knex } from 'knex';

/** One traced statement: the SQL as the driver ran it and its bindings (JSON lines, one a statement). */
export interface SqlTraceEntry {
  sql: string;
  bindings: unknown[];
}

/**
 * Opt-in SQL trace (issue 37, bench:scale): when `KF_SQL_TRACE=<file>` is set, every distinct statement this
 * process's knex runs is appended to <file> as a JSON line `{sql, bindings}` (the first bindings it ran with), so a
 * bench can EXPLAIN the SQL the service really runs. Off by default: `createDb` attaches nothing then, so it costs
 * nothing. On, it costs one Set lookup a query after the first of each text; several processes may share one file
 * (each line is one append).
 */
export function traceSql(knex: Knex, file: string): void {
  const seen = new Set<string>();
  knex.on('query', (q: { sql?: string; bindings?: unknown[] }) => {
    const sql = q.sql;
    if (typeof sql !== 'string' || seen.has(sql)) return;
    seen.add(sql);
    const entry: SqlTraceEntry = { sql, bindings: (q.bindings ?? []).map(plain) };
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  });
}

/** Values as PostgreSQL takes them back as parameters: dates as ISO text, buffers as hex bytea. */
function plain(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  return v;
}

/** Reads a trace file: its entries, deduplicated by SQL text (first wins). */
export function readSqlTrace(text: string): SqlTraceEntry[] {
  const out = new Map<string, SqlTraceEntry>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as SqlTraceEntry;
    if (!out.has(e.sql)) out.set(e.sql, e);
  }
  return [...out.values()];
}
