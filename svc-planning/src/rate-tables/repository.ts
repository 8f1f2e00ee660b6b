import type { Knex } from '@kinfolio/service-kit';

/**
 * The rate-table versions admins added (migration 017): inserted only, never updated or deleted. Every function takes
 * the knex or transaction it runs in.
 */
export interface StoredVersionRow {
  id: string;
  kind: string;
  from_year: number;
  to_year: number | null;
  source: { publisher: string; title: string; url: string };
  figures: Record<string, unknown>;
  created_by_id: string;
  created_by_name: string;
  created_at: Date | string;
}

/**
 * The stored set's stamp, as one SQL expression: a hash over every row's kind, year and id (rows are never changed, so
 * these name a row's content). The report cache's stamp includes it (reports/cache.ts householdStamp) and a replica
 * compares it with the stamp of the set it installed (./service.ts syncRateTables): a version another replica added
 * shows in both on the next read.
 */
export const RATE_TABLES_STAMP_SQL = `(SELECT md5(coalesce(string_agg(v.kind || '@' || v.from_year || '#' || v.id, '|' ORDER BY v.kind, v.from_year), '')) FROM rate_table_versions v)`;

/** Every stored version with the stamp of the set, read in one statement (one snapshot: the rows match the stamp). */
export async function storedVersions(db: Knex): Promise<{ stamp: string; rows: StoredVersionRow[] }> {
  const res = await db.raw(
    `SELECT ${RATE_TABLES_STAMP_SQL} AS stamp,
       (SELECT coalesce(json_agg(row_to_json(v) ORDER BY v.kind, v.from_year), '[]'::json) FROM rate_table_versions v) AS rows`,
  );
  const row = (res.rows?.[0] ?? {}) as { stamp?: string; rows?: unknown };
  const rows = (typeof row.rows === 'string' ? JSON.parse(row.rows) : (row.rows ?? [])) as StoredVersionRow[];
  return { stamp: row.stamp ?? '', rows: rows.map(normalise) };
}

/** Only the stamp (the cheap check a replica makes before it computes). */
export async function storedStamp(db: Knex): Promise<string> {
  const res = await db.raw(`SELECT ${RATE_TABLES_STAMP_SQL} AS stamp`);
  return ((res.rows?.[0] ?? {}) as { stamp?: string }).stamp ?? '';
}

/** The stored versions of one kind, ascending from_year (inside the adding transaction, after its lock). */
export async function storedVersionsOf(trx: Knex, kind: string): Promise<StoredVersionRow[]> {
  const rows: StoredVersionRow[] = await trx('rate_table_versions').where({ kind }).orderBy('from_year', 'asc');
  return rows.map(normalise);
}

/** Serialises additions: two admins adding versions at once are validated one after the other. */
export async function lockVersions(trx: Knex): Promise<void> {
  await trx.raw('LOCK TABLE rate_table_versions IN SHARE ROW EXCLUSIVE MODE');
}

export async function insertVersion(trx: Knex, row: Omit<StoredVersionRow, 'created_at'>): Promise<StoredVersionRow> {
  const [stored] = (await trx('rate_table_versions')
    .insert({ ...row, source: JSON.stringify(row.source), figures: JSON.stringify(row.figures) })
    .returning('*')) as StoredVersionRow[];
  return normalise(stored as StoredVersionRow);
}

/** One audit entry (who changed which table, when, and what). */
export async function insertAudit(
  trx: Knex,
  entry: {
    id: string;
    action: string;
    kind: string;
    version_name: string;
    actor_id: string;
    actor_name: string;
    details: unknown;
  },
): Promise<void> {
  await trx('rate_table_audit').insert({ ...entry, details: JSON.stringify(entry.details) });
}

function normalise(r: StoredVersionRow): StoredVersionRow {
  const json = <T>(x: unknown): T => (typeof x === 'string' ? JSON.parse(x) : x) as T;
  return {
    ...r,
    from_year: Number(r.from_year),
    to_year: r.to_year === null || r.to_year === undefined ? null : Number(r.to_year),
    source: json(r.source),
    figures: json(r.figures),
  };
}
