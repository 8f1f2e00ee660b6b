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

/**
 * One record kind's table: owned by an advisor and a household (cascade), optionally by a member (cascade). The
 * advisor (the tenant, the distribution key: docs/decisions/distribution.md) leads the primary key, both foreign keys
 * and every index, so the table can be sharded by advisor and co-located with its household (issue 37).
 */
export async function createRecordTable(knex: Knex, name: string): Promise<void> {
  await knex.schema.createTable(name, (t) => {
    t.uuid('id').notNullable();
    t.uuid('advisor_id').notNullable();
    t.uuid('household_id').notNullable();
    t.uuid('member_id').nullable();
    t.integer('position').notNullable().defaultTo(0);
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['advisor_id', 'id'], { constraintName: `${name}_pkey` });
    t.foreign(['advisor_id', 'household_id'], `${name}_household_id_foreign`)
      .references(['advisor_id', 'id'])
      .inTable('households')
      .onDelete('CASCADE')
      .onUpdate('CASCADE');
    t.foreign(['advisor_id', 'member_id'], `${name}_member_id_foreign`)
      .references(['advisor_id', 'id'])
      .inTable('members')
      .onDelete('CASCADE')
      .onUpdate('CASCADE');
    t.index(['advisor_id', 'household_id', 'position'], `${name}_owner_idx`);
    t.index(['advisor_id', 'member_id'], `${name}_member_idx`);
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
        `CREATE INDEX IF NOT EXISTS ${c.kind.table}_${c.field}_idx ON ${c.kind.table} (advisor_id, household_id, (data->>'${c.field}'))`,
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
      `  DELETE FROM ${c.kind.table} WHERE advisor_id = OLD.advisor_id AND household_id = OLD.household_id AND data->>'${c.field}' = OLD.id::text;`,
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

/**
 * Makes what the declarations imply and is missing; returns the tables it created. Replicas wait for each other.
 * `create` makes a missing table (migration 018 passes the shape of its time: migrations/record-table-v1.ts).
 */
export async function syncRecordKinds(
  db: Knex,
  kinds: Declarations = R.KINDS,
  create: (knex: Knex, name: string) => Promise<void> = createRecordTable,
): Promise<string[]> {
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
        await create(trx, k.table);
        created.push(k.table);
      }
    for (const statement of derivedStatements(kinds)) await trx.raw(statement);
    await trx('record_kind_schema').insert({ id: 1, hash }).onConflict('id').merge();
    return created;
  });
}
