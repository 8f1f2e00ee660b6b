import type { Migration } from '@kinfolio/service-kit';

/**
 * Shared documents (issue 14, platform-shell §2.8 POST share-document): an export the advisor shared with the
 * household's customer. The file lives in the blob store under `blob_key`; the row is what the dashboard lists.
 */
export const sharedDocuments: Migration = {
  name: '010_shared_documents',
  async up(knex) {
    await knex.schema.createTable('shared_documents', (t) => {
      t.uuid('id').primary();
      t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
      t.uuid('advisor_id').notNullable();
      t.string('report', 32).notNullable();
      t.string('format', 8).notNullable();
      t.string('file_name', 200).notNullable();
      t.string('content_type', 120).notNullable();
      t.integer('size').notNullable();
      t.string('blob_key', 512).notNullable();
      t.text('note');
      t.timestamp('shared_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['household_id', 'shared_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('shared_documents');
  },
};
