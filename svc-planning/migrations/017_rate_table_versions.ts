import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 32: the rate-table versions admins add (svc-planning/src/rate-tables; docs/decisions/rate-tables.md). A row is
 * one version of one kind (`cpf`, `epf`, …) from `from_year`, with its source and figures (the engine's version object
 * without period and source). Rows are only ever inserted: a published version is never edited or removed (a later
 * version supersedes it), so the table is its own history. One version of a kind per year (unique kind, from_year).
 * `rate_table_audit` keeps one entry per admin change (who, when, what), written in the insert's transaction.
 */
export const rateTableVersions: Migration = {
  name: '017_rate_table_versions',
  async up(knex) {
    await knex.schema.createTable('rate_table_versions', (t) => {
      t.uuid('id').primary();
      t.string('kind', 40).notNullable();
      t.integer('from_year').notNullable();
      t.integer('to_year').nullable();
      t.jsonb('source').notNullable();
      t.jsonb('figures').notNullable();
      t.uuid('created_by_id').notNullable();
      t.string('created_by_name', 200).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['kind', 'from_year']);
    });
    await knex.schema.createTable('rate_table_audit', (t) => {
      t.uuid('id').primary();
      t.string('action', 40).notNullable();
      t.string('kind', 40).notNullable();
      t.string('version_name', 60).notNullable();
      t.uuid('actor_id').notNullable();
      t.string('actor_name', 200).notNullable();
      t.jsonb('details').notNullable();
      t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['kind', 'at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('rate_table_audit');
    await knex.schema.dropTableIfExists('rate_table_versions');
  },
};
