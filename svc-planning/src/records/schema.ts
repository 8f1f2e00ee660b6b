import { createHash } from 'node:crypto';
import { recordKinds as R } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

/**
 * The tables of the record kinds, made from their declarations (issue 33): one table per kind, an index on every field
 * naming a parent or a record it goes with, and one AFTER DELETE trigger per kind that has such children, deleting
 * them (however the parent goes: its own delete, its member's, the household's). Run by migration 018 and again at
 * every start (module.ts): when the declarations have changed since the last run (a kind added, a child declared),
 * what is missing is made and the triggers are rewritten; otherwise it is one query.
 */

/** One record kind's table: owned by an advisor and a household (cascade), optionally by a member (cascade). */
export async function createRecordTable(knex: Knex, name: string): Promise<void> {
  await knex.schema.createTable(name, (t) => {
    t.uuid('id').primary();
    t.uuid('advisor_id').notNullable();
    t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
    t.uuid('member_id').nullable().references('id').inTable('members').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['advisor_id', 'household_id', 'position'], `${name}_owner_idx`);
    t.index(['member_id'], `${name}_member_idx`);
  });
}

type Declarations = Readonly<Record<string, R.KindDeclaration>>;
const IDENT = /^[a-z][a-z0-9_]*$/;

/** The indexes and triggers the declarations imply, as statements (each safe to run again). */
export function derivedStatements(kinds: Declarations): string[] {
  const out: string[] = [];
  for (const [name, k] of Object.entries(kinds)) {
    if (!IDENT.test(k.table)) throw new Error(`record kind ${name}: table ${k.table} is not a plain name`);
    const children = R.childrenOf(kinds, name);
    for (const c of children)
      out.push(
        `CREATE INDEX IF NOT EXISTS ${c.kind.table}_${c.field}_idx ON ${c.kind.table} (household_id, (data->>'${c.field}'))`,
      );
    const cascades = children.filter((c) => c.cascade);
    const fn = `${k.table}_children_deleted`;
    if (cascades.length === 0) {
      out.push(`DROP TRIGGER IF EXISTS ${k.table}_children ON ${k.table}`, `DROP FUNCTION IF EXISTS ${fn}()`);
      continue;
    }
    out.push(
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${cascades
  .map(
    (c) =>
      `  DELETE FROM ${c.kind.table} WHERE household_id = OLD.household_id AND data->>'${c.field}' = OLD.id::text;`,
  )
  .join('\n')}
  RETURN OLD;
END $$`,
      `CREATE OR REPLACE TRIGGER ${k.table}_children AFTER DELETE ON ${k.table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
  }
  return out;
}

const fingerprint = (kinds: Declarations) =>
  createHash('sha256')
    .update(JSON.stringify([Object.values(kinds).map((k) => k.table), derivedStatements(kinds)]))
    .digest('hex');

/** Makes what the declarations imply and is missing; returns the tables it created. Replicas wait for each other. */
export async function syncRecordKinds(db: Knex, kinds: Declarations = R.KINDS): Promise<string[]> {
  const hash = fingerprint(kinds);
  await db.raw('CREATE TABLE IF NOT EXISTS record_kind_schema (id int PRIMARY KEY, hash text NOT NULL)');
  const done = await db('record_kind_schema').where({ id: 1 }).first('hash');
  if (done?.hash === hash) return [];
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [0x6b696e64]); // 'kind'
    const again = await trx('record_kind_schema').where({ id: 1 }).first('hash');
    if (again?.hash === hash) return [];
    const existing = new Set(
      (
        await trx.raw<{ rows: Array<{ table_name: string }> }>(
          'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()',
        )
      ).rows.map((r) => r.table_name),
    );
    const created: string[] = [];
    for (const k of Object.values(kinds))
      if (!existing.has(k.table)) {
        await createRecordTable(trx, k.table);
        created.push(k.table);
      }
    for (const statement of derivedStatements(kinds)) await trx.raw(statement);
    await trx('record_kind_schema').insert({ id: 1, hash }).onConflict('id').merge();
    return created;
  });
}
