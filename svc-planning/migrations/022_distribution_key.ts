import type { Knex, Migration } from '@kinfolio/service-kit';

/**
 * Issue 37: the advisor is every tenant table's distribution key (docs/decisions/distribution.md). After this
 * migration each tenant table has its key column NOT NULL and first in its primary key and in every unique index;
 * foreign keys between tenant tables are composite ((advisor_id, household_id) → households (advisor_id, id), the
 * same for members) with ON DELETE CASCADE (as before) and ON UPDATE CASCADE (a household moved to another advisor
 * takes its rows along); the indexes that served a household or a member lead with the key.
 *
 * The key column is `advisor_id`, except `advisors` (its `id` is the advisor: nothing to add) and `form_step_drafts`
 * (`owner_id`: the user who saves the draft; a draft on a household is only ever its advisor's, services/saveDraft).
 * `stored_record_issues` gets `advisor_id` from its household (rows of households deleted since are dropped: their
 * records went with them).
 *
 * Generic (read from pg_catalog), deterministic and safe on a populated database: each step looks at what is there
 * (a table already in today's shape, such as one a later declaration made, is left as it is), and rows that would
 * break a new key are put right first (a row's advisor is its household's). Runs on PostgreSQL and PGlite.
 */

/** The tenant tables whose key column is not `advisor_id`. */
const KEY_COLUMN: Readonly<Record<string, string>> = { advisors: 'id', form_step_drafts: 'owner_id' };
/** The tenant tables other tables point at: their (key, id) becomes a key the composite foreign keys name. */
const PARENTS = ['households', 'members'];

const rowsOf = async <T>(knex: Knex, sql: string, bindings: readonly unknown[] = []): Promise<T[]> =>
  (await knex.raw(sql, bindings as Knex.RawBinding[])).rows as T[];

/** The schema's tables with a key column, each with its key (sorted: the same order on every database). */
async function tenantTables(knex: Knex): Promise<Array<{ table: string; key: string }>> {
  const rows = await rowsOf<{ table: string; column: string }>(
    knex,
    `SELECT c.relname AS "table", a.attname AS "column"
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attname = 'advisor_id'
      ORDER BY 1`,
  );
  const out = rows.map((r) => ({ table: r.table, key: r.column }));
  for (const [table, key] of Object.entries(KEY_COLUMN)) out.push({ table, key });
  return out.sort((a, b) => a.table.localeCompare(b.table));
}

interface Constraint {
  name: string;
  table: string;
  def: string;
}

/** The foreign keys of the schema that point at a parent tenant table. */
const parentForeignKeys = (knex: Knex) =>
  rowsOf<Constraint>(
    knex,
    `SELECT con.conname AS name, con.conrelid::regclass::text AS "table", pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con
      WHERE con.connamespace = current_schema()::regnamespace AND con.contype = 'f'
        AND con.confrelid::regclass::text = ANY(?)
      ORDER BY 2, 1`,
    [PARENTS],
  );

/** The primary key's columns of `table`, in order. */
async function primaryKey(knex: Knex, table: string): Promise<{ name: string; columns: string[] } | null> {
  const rows = await rowsOf<{ name: string; column: string }>(
    knex,
    `SELECT con.conname AS name, a.attname AS "column"
       FROM pg_constraint con, unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
       JOIN pg_attribute a ON a.attnum = k.attnum
      WHERE con.contype = 'p' AND con.conrelid = ?::regclass AND a.attrelid = con.conrelid
      ORDER BY k.n`,
    [table],
  );
  return rows.length ? { name: rows[0]?.name as string, columns: rows.map((r) => r.column) } : null;
}

/** The indexes of `table` other than its primary key: name, definition, unique, first column (null for an expression). */
const indexesOf = (knex: Knex, table: string) =>
  rowsOf<{ name: string; def: string; unique: boolean; first: string | null; constraint: boolean }>(
    knex,
    `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisunique AS "unique",
            (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attnum = i.indkey[0]) AS first,
            EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.indexrelid) AS "constraint"
       FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
      WHERE i.indrelid = ?::regclass AND NOT i.indisprimary
      ORDER BY 1`,
    [table],
  );

/** `def` (pg_get_indexdef) with `column` first in its key list. */
const withLeading = (def: string, column: string) => def.replace(/ USING (\w+) \(/, ` USING $1 (${column}, `);
/** `def` without its leading `column`. */
const withoutLeading = (def: string, column: string) =>
  def.replace(new RegExp(` USING (\\w+) \\(${column}, `), ' USING $1 (');

/** The indexes that serve one household or member (their first column) and lead with the key once this has run. */
const SERVES = new Set(['household_id', 'member_id']);

export const distributionKey: Migration = {
  name: '022_distribution_key',
  async up(knex) {
    // stored_record_issues: its advisor from its household
    const issues = await rowsOf(
      knex,
      `SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'stored_record_issues' AND column_name = 'advisor_id'`,
    );
    if (!issues.length) {
      await knex.raw('ALTER TABLE stored_record_issues ADD COLUMN advisor_id uuid');
      await knex.raw(
        'UPDATE stored_record_issues s SET advisor_id = h.advisor_id FROM households h WHERE h.id = s.household_id',
      );
      await knex.raw('DELETE FROM stored_record_issues WHERE advisor_id IS NULL');
      await knex.raw('ALTER TABLE stored_record_issues ALTER COLUMN advisor_id SET NOT NULL');
    }
    const tables = await tenantTables(knex);
    // a row's advisor is its household's (the composite keys below check it); a draft's household is its owner's
    for (const { table } of tables) {
      if (table === 'households' || KEY_COLUMN[table]) continue;
      const cols = await rowsOf(
        knex,
        `SELECT 1 FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ? AND column_name = 'household_id'`,
        [table],
      );
      if (cols.length)
        await knex.raw(
          `UPDATE ?? t SET advisor_id = h.advisor_id FROM households h
            WHERE h.id = t.household_id AND t.advisor_id <> h.advisor_id`,
          [table],
        );
    }
    await knex.raw(
      `UPDATE form_step_drafts d SET household_id = NULL
        WHERE d.household_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM households h WHERE h.id = d.household_id AND h.advisor_id = d.owner_id)`,
    );
    // the foreign keys on a parent's id alone go first (they hold the parents' primary keys)
    const single = (await parentForeignKeys(knex)).filter((fk) =>
      /^FOREIGN KEY \((household_id|member_id)\)/.test(fk.def),
    );
    for (const fk of single) await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [fk.table, fk.name]);
    // primary keys lead with the key
    for (const { table, key } of tables) {
      const pk = await primaryKey(knex, table);
      if (pk?.columns[0] === key) continue;
      const columns = [key, ...(pk?.columns ?? ['id']).filter((c) => c !== key)];
      if (pk) await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [table, pk.name]);
      await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY (${columns.map(() => '??').join(', ')})`, [
        table,
        pk?.name ?? `${table}_pkey`,
        ...columns,
      ]);
    }
    // the composite foreign keys, with the key of the table that points
    const keyOf = new Map(tables.map((t) => [t.table, t.key]));
    for (const fk of single) {
      const [, column, parent] = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\(id\)/.exec(fk.def) ?? [];
      const key = keyOf.get(fk.table);
      if (!column || !parent || !key) throw new Error(`022: cannot read the foreign key ${fk.name}: ${fk.def}`);
      await knex.raw(
        'ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (??, ??) REFERENCES ?? (advisor_id, id) ON DELETE CASCADE ON UPDATE CASCADE',
        [fk.table, fk.name, key, column, parent],
      );
    }
    if (!issues.length)
      await knex.raw(
        `ALTER TABLE stored_record_issues ADD CONSTRAINT stored_record_issues_household_id_foreign
           FOREIGN KEY (advisor_id, household_id) REFERENCES households (advisor_id, id)
           ON DELETE CASCADE ON UPDATE CASCADE`,
      );
    // unique indexes and the indexes serving a household or a member lead with the key
    for (const { table, key } of tables)
      for (const ix of await indexesOf(knex, table)) {
        if (ix.first === key || ix.constraint || !(ix.unique || (ix.first && SERVES.has(ix.first)))) continue;
        await knex.raw('DROP INDEX ??', [ix.name]);
        await knex.raw(withLeading(ix.def, key));
      }
  },
  async down(knex) {
    const tables = await tenantTables(knex);
    const composite = (await parentForeignKeys(knex)).filter((fk) =>
      /^FOREIGN KEY \(\w+, (household_id|member_id)\)/.test(fk.def),
    );
    for (const fk of composite) await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [fk.table, fk.name]);
    for (const { table, key } of tables) {
      for (const ix of await indexesOf(knex, table)) {
        const rest = withoutLeading(ix.def, key);
        if (rest === ix.def || ix.constraint || !(ix.unique || /USING \w+ \((household_id|member_id)\b/.test(rest)))
          continue;
        await knex.raw('DROP INDEX ??', [ix.name]);
        await knex.raw(rest);
      }
      const pk = await primaryKey(knex, table);
      if (!pk || pk.columns[0] !== key || pk.columns.length < 2) continue;
      await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [table, pk.name]);
      await knex.raw(
        `ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY (${pk.columns
          .slice(1)
          .map(() => '??')
          .join(', ')})`,
        [table, pk.name, ...pk.columns.slice(1)],
      );
    }
    for (const fk of composite) {
      const [, column, parent] = /^FOREIGN KEY \(\w+, (\w+)\) REFERENCES (\w+)\(advisor_id, id\)/.exec(fk.def) ?? [];
      if (!column || !parent || fk.name === 'stored_record_issues_household_id_foreign') continue;
      await knex.raw('ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (??) REFERENCES ?? (id) ON DELETE CASCADE', [
        fk.table,
        fk.name,
        column,
        parent,
      ]);
    }
    await knex.raw('ALTER TABLE stored_record_issues DROP COLUMN IF EXISTS advisor_id');
  },
};
