import type { Knex } from '@kinfolio/service-kit';

/**
 * Issue 37: which svc-planning tables are sharded by advisor and which are not (docs/decisions/distribution.md).
 * Every table of the migrated schema is a tenant table (distributed by its key column, co-located with households)
 * unless it is named here as global, with the reason; distribution-key.test.ts holds the rule and prints the Citus
 * DDL made from this same list.
 */

/** The tenant tables whose distribution key is not `advisor_id`, and why. */
export const KEY_COLUMN: Readonly<Record<string, { column: string; why: string }>> = {
  advisors: { column: 'id', why: 'its id is the advisor: one row per tenant, co-located with the tenant’s households' },
  form_step_drafts: {
    column: 'owner_id',
    why: 'the user who saves the draft; a draft on a household is its advisor’s (composite FK to households)',
  },
};

export type GlobalKind = 'reference' | 'local';
/**
 * Tables with no tenant. `reference`: small, read by tenant queries (joined or looked up beside them), written rarely
 * by admins or the fund import: a copy on every node (Citus reference table). `local`: never joined with tenant rows;
 * bookkeeping of this service (migrations, the record kinds' fingerprint, the importer's runs, the admin audit) or the
 * kit's event tables, which stay on the coordinator (see the doc for outbox, processed_events and idempotency_keys).
 */
export const GLOBAL_TABLES: Readonly<Record<string, { kind: GlobalKind; why: string }>> = {
  currency_rates: { kind: 'reference', why: 'exchange rates every record save and projection reads' },
  fund_asset_classes: { kind: 'reference', why: 'asset classes of the fund picker' },
  insurance_companies: { kind: 'reference', why: 'insurer list of the policy picker' },
  insurance_plan_categories: { kind: 'reference', why: 'plan categories (FK target of plan types and plans)' },
  insurance_plan_types: { kind: 'reference', why: 'plan types of the policy picker' },
  insurance_projection_tables: { kind: 'reference', why: 'premium/benefit tables the insurance projection reads' },
  insurance_reference_plans: { kind: 'reference', why: 'admin-kept plans the policy picker offers' },
  investment_banks: { kind: 'reference', why: 'bank list of the holding picker' },
  investment_companies: { kind: 'reference', why: 'fund houses of the holding picker' },
  investment_funds: { kind: 'reference', why: 'funds and prices (the fund import writes them in batches)' },
  investment_plans: { kind: 'reference', why: 'investment plans of the holding picker' },
  meta_concerns: { kind: 'reference', why: 'the reference concern questions' },
  meta_dreams: { kind: 'reference', why: 'the reference dream questions (checked on every dream save)' },
  planning_thresholds: { kind: 'reference', why: 'the planning thresholds every report reads' },
  property_types: { kind: 'reference', why: 'property types of the debt form' },
  rate_table_versions: { kind: 'reference', why: 'stored rate-table versions every projection reads (stamped)' },
  rate_table_audit: { kind: 'local', why: 'admin audit log of rate-table changes, read only by admins' },
  fund_import_lease: { kind: 'local', why: 'the fund importer’s lease (one row: who runs the import)' },
  fund_import_runs: { kind: 'local', why: 'the fund importer’s run history (admin screen)' },
  record_kind_schema: { kind: 'local', why: 'fingerprint of the record kinds’ derived schema (one row)' },
  knex_migrations: { kind: 'local', why: 'knex’s migration bookkeeping' },
  knex_migrations_lock: { kind: 'local', why: 'knex’s migration lock' },
  outbox: { kind: 'local', why: 'the kit’s transactional outbox (written with tenant rows: see the doc)' },
  processed_events: { kind: 'local', why: 'the kit’s consumer inbox (idempotent consumers)' },
  idempotency_keys: { kind: 'local', why: 'the kit’s idempotency keys of POSTs' },
};

export const keyColumnOf = (table: string): string => KEY_COLUMN[table]?.column ?? 'advisor_id';

export interface TableShape {
  table: string;
  /** column → NOT NULL */
  columns: Map<string, boolean>;
  /** The primary key's columns (empty without one). */
  primaryKey: string[];
  /** Each unique index (the primary key's included): its name and the columns it names (expressions left out). */
  uniques: Array<{ name: string; columns: string[] }>;
  /** The first column of each index (null for an expression). */
  indexFirsts: Array<{ name: string; first: string | null }>;
  foreignKeys: Array<{
    name: string;
    columns: string[];
    references: string;
    referencedColumns: string[];
    /** pg_constraint's confupdtype and confdeltype: a no action, c cascade, … */
    onUpdate: string;
    onDelete: string;
  }>;
}

const rows = async <T>(db: Knex, sql: string): Promise<T[]> => (await db.raw(sql)).rows as T[];

/** The tables of the current schema with their keys, indexes and foreign keys (pg_catalog: PostgreSQL and PGlite). */
export async function schemaShape(db: Knex): Promise<TableShape[]> {
  const ns = 'current_schema()::regnamespace';
  const tables = await rows<{ name: string }>(
    db,
    `SELECT relname AS name FROM pg_class WHERE relnamespace = ${ns} AND relkind IN ('r', 'p') ORDER BY 1`,
  );
  const cols = await rows<{ table: string; column: string; notnull: boolean }>(
    db,
    `SELECT c.relname AS "table", a.attname AS "column", a.attnotnull AS notnull
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = ${ns} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const indexes = await rows<{
    table: string;
    name: string;
    unique: boolean;
    primary: boolean;
    columns: Array<string | null>;
  }>(
    db,
    `SELECT c.relname AS "table", ci.relname AS name, i.indisunique AS "unique", i.indisprimary AS "primary",
            array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                    LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum AND k.attnum > 0
                   ORDER BY k.n)::text[] AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ci ON ci.oid = i.indexrelid
      WHERE c.relnamespace = ${ns}`,
  );
  const fks = await rows<{
    table: string;
    name: string;
    references: string;
    columns: string[];
    referenced: string[];
    on_update: string;
    on_delete: string;
  }>(
    db,
    `SELECT c.relname AS "table", con.conname AS name, r.relname AS "references",
            con.confupdtype::text AS on_update, con.confdeltype::text AS on_delete,
            array(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
            array(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS referenced
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class r ON r.oid = con.confrelid
      WHERE con.contype = 'f' AND c.relnamespace = ${ns}`,
  );
  const list = (v: unknown): Array<string | null> =>
    Array.isArray(v)
      ? v
      : String(v)
          .replace(/^\{|\}$/g, '')
          .split(',')
          .map((s) => (s === 'NULL' ? null : s));
  return tables.map(({ name }) => {
    const own = indexes.filter((i) => i.table === name);
    return {
      table: name,
      columns: new Map(cols.filter((c) => c.table === name).map((c) => [c.column, c.notnull])),
      primaryKey: list(own.find((i) => i.primary)?.columns ?? []).filter((c): c is string => !!c),
      uniques: own
        .filter((i) => i.unique)
        .map((i) => ({ name: i.name, columns: list(i.columns).filter((c): c is string => !!c) })),
      indexFirsts: own.map((i) => ({ name: i.name, first: list(i.columns)[0] ?? null })),
      foreignKeys: fks
        .filter((f) => f.table === name)
        .map((f) => ({
          name: f.name,
          columns: list(f.columns) as string[],
          references: f.references,
          referencedColumns: list(f.referenced) as string[],
          onUpdate: f.on_update,
          onDelete: f.on_delete,
        })),
    };
  });
}

/** What breaks the rule in `shape` (empty: every table is a sound tenant table or a named global one). */
export function distributionProblems(shape: readonly TableShape[]): string[] {
  const problems: string[] = [];
  const tenant = new Set(shape.filter((t) => !GLOBAL_TABLES[t.table]).map((t) => t.table));
  for (const t of shape) {
    if (GLOBAL_TABLES[t.table]) {
      if (t.columns.has('advisor_id')) problems.push(`${t.table}: named global but has advisor_id`);
      continue;
    }
    const key = keyColumnOf(t.table);
    if (!t.columns.has(key)) {
      problems.push(`${t.table}: neither a global table (test/distribution-schema.ts) nor has ${key}`);
      continue;
    }
    if (!t.columns.get(key)) problems.push(`${t.table}: ${key} may be null`);
    if (!t.primaryKey.length) problems.push(`${t.table}: no primary key`);
    else if (!t.primaryKey.includes(key)) problems.push(`${t.table}: primary key (${t.primaryKey}) lacks ${key}`);
    for (const u of t.uniques)
      if (!u.columns.includes(key)) problems.push(`${t.table}: unique index ${u.name} (${u.columns}) lacks ${key}`);
    if (!t.indexFirsts.some((i) => i.first === key)) problems.push(`${t.table}: no index starts with ${key}`);
    for (const fk of t.foreignKeys) {
      if (!tenant.has(fk.references)) continue;
      const at = fk.columns.indexOf(key);
      if (at < 0 || fk.referencedColumns[at] !== keyColumnOf(fk.references))
        problems.push(
          `${t.table}: foreign key ${fk.name} (${fk.columns}) → ${fk.references} (${fk.referencedColumns}) does not pair ${key} with its key`,
        );
    }
  }
  for (const name of Object.keys(GLOBAL_TABLES))
    if (!shape.some((t) => t.table === name)) problems.push(`${name}: named global but not in the schema`);
  return problems;
}

/**
 * The statements that distribute this schema with Citus, from the same classification: the foreign keys between
 * tenant tables without ON UPDATE CASCADE (Citus refuses it on a key that includes the distribution column: a
 * household's move is a copy and a delete there, docs/decisions/distribution.md), reference tables (in the order their
 * foreign keys need), then households and every tenant table co-located with it (parents before the tables that point
 * at them), then the kit's tables the coordinator keeps in its metadata.
 */
export function citusStatements(shape: readonly TableShape[]): string[] {
  const byName = new Map(shape.map((t) => [t.table, t]));
  const ordered: string[] = [];
  const visit = (name: string, seen = new Set<string>()) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const fk of byName.get(name)?.foreignKeys ?? []) if (fk.references !== name) visit(fk.references, seen);
    ordered.push(name);
  };
  for (const t of shape) visit(t.table);
  const q = (s: string) => `'${s}'`;
  const reference = ordered.filter((n) => GLOBAL_TABLES[n]?.kind === 'reference');
  const tenant = ordered.filter((n) => !GLOBAL_TABLES[n]);
  const first = tenant.includes('households') ? ['households', ...tenant.filter((n) => n !== 'households')] : tenant;
  const ident = (cols: readonly string[]) => cols.join(', ');
  const noUpdateCascade = shape.flatMap((t) =>
    t.foreignKeys
      .filter((fk) => !GLOBAL_TABLES[t.table] && !GLOBAL_TABLES[fk.references] && fk.onUpdate === 'c')
      .map(
        (fk) =>
          `ALTER TABLE ${t.table} DROP CONSTRAINT ${fk.name}, ADD CONSTRAINT ${fk.name} FOREIGN KEY (${ident(fk.columns)}) REFERENCES ${fk.references} (${ident(fk.referencedColumns)})${fk.onDelete === 'c' ? ' ON DELETE CASCADE' : ''};`,
      ),
  );
  return [
    ...noUpdateCascade,
    ...reference.map((n) => `SELECT create_reference_table(${q(n)});`),
    ...first.map((n) =>
      n === 'households'
        ? `SELECT create_distributed_table('households', 'advisor_id');`
        : `SELECT create_distributed_table(${q(n)}, ${q(keyColumnOf(n))}, colocate_with => 'households');`,
    ),
    ...['outbox', 'processed_events', 'idempotency_keys']
      .filter((n) => byName.has(n))
      .map((n) => `SELECT citus_add_local_table_to_metadata(${q(n)});`),
  ];
}
