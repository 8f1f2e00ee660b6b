import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 35: the client plan. `client_plan_settings` keeps the advisor's choice of sections (in order) and currency
 * per household; `export_jobs` the exports made in the background with their progress (the file in the blob store
 * under `blob_key` once done). A job still queued or running when the service stops is run again when it starts.
 */
export const clientPlan: Migration = {
  name: '019_client_plan',
  async up(knex) {
    await knex.schema.createTable('client_plan_settings', (t) => {
      t.uuid('household_id').primary().references('id').inTable('households').onDelete('CASCADE');
      t.uuid('advisor_id').notNullable();
      t.jsonb('sections').notNullable();
      t.string('currency', 3).nullable();
      t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('export_jobs', (t) => {
      t.uuid('id').primary();
      t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
      t.uuid('advisor_id').notNullable();
      t.uuid('requested_by').notNullable();
      t.string('requested_by_type', 20).notNullable();
      t.jsonb('body').notNullable();
      t.string('report', 40).notNullable();
      t.string('format', 8).notNullable();
      t.string('status', 12).notNullable();
      t.integer('progress').notNullable().defaultTo(0);
      t.string('stage', 300).notNullable();
      t.string('file_name', 200).nullable();
      t.string('content_type', 120).nullable();
      t.integer('size').nullable();
      t.string('blob_key', 300).nullable();
      t.string('correlation_id', 100).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.index(['status', 'created_at']);
      t.index(['household_id', 'requested_by']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('export_jobs');
    await knex.schema.dropTableIfExists('client_plan_settings');
  },
};
