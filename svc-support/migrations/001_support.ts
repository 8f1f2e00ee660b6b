import type { Migration } from '@kinfolio/service-kit';

/**
 * Tickets and replies (spec §3 Ticket, Ticket conversation), FAQ topics and answers, page walkthroughs,
 * presentations and client error logs. Reference ids come from a sequence (KF-YYMM-000123).
 */
export const supportTables: Migration = {
  name: '001_support',
  async up(knex) {
    await knex.raw('CREATE SEQUENCE IF NOT EXISTS ticket_ref_seq START 1');
    await knex.schema.createTable('tickets', (t) => {
      t.uuid('id').primary();
      t.string('reference_id', 32).notNullable().unique();
      t.uuid('user_id').notNullable();
      t.string('user_type', 16).notNullable();
      t.text('query').notNullable();
      t.string('query_type', 40).notNullable();
      t.string('status', 16).notNullable().defaultTo('pending');
      t.jsonb('attachments').notNullable().defaultTo('[]');
      t.integer('replies_count').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['user_id', 'status', 'updated_at'], 'tickets_owner');
      t.index(['status', 'updated_at'], 'tickets_status');
    });
    await knex.schema.createTable('ticket_replies', (t) => {
      t.uuid('id').primary();
      t.uuid('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
      t.bigIncrements('seq', { primaryKey: false });
      t.text('reply').notNullable();
      t.string('created_by', 40).notNullable();
      t.uuid('author_id').notNullable();
      t.jsonb('attachments').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['ticket_id', 'seq'], 'ticket_replies_ticket');
    });
    await knex.schema.createTable('faq_topics', (t) => {
      t.uuid('id').primary();
      t.string('title', 200).notNullable();
      t.text('title_lc').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('faq_answers', (t) => {
      t.uuid('id').primary();
      t.uuid('faq_topic_id').notNullable().references('id').inTable('faq_topics').onDelete('CASCADE');
      t.text('question').notNullable();
      t.text('answer').notNullable();
      /** Lowercased plain text of question and answer: what the keyword search scans. */
      t.text('search_text').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['faq_topic_id'], 'faq_answers_topic');
    });
    await knex.schema.createTable('page_walkthroughs', (t) => {
      t.uuid('id').primary();
      t.string('title', 200).notNullable();
      t.text('description').notNullable();
      t.string('link', 2000).notNullable();
      t.jsonb('page_meta').notNullable();
      t.jsonb('uploaded_files').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('presentations', (t) => {
      t.uuid('id').primary();
      t.string('folder_name', 200).notNullable();
      t.jsonb('files').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('error_logs', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').nullable();
      t.string('user_type', 16).nullable();
      t.string('ip', 64).notNullable();
      t.text('error').notNullable();
      t.text('stack').notNullable();
      t.jsonb('info').nullable();
      t.text('url').notNullable();
      t.timestamp('client_timestamp', { useTz: true }).nullable();
      t.jsonb('user_data').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['created_at'], 'error_logs_created');
      t.index(['user_id', 'created_at'], 'error_logs_user');
    });
  },
  async down(knex) {
    for (const table of [
      'error_logs',
      'presentations',
      'page_walkthroughs',
      'faq_answers',
      'faq_topics',
      'ticket_replies',
      'tickets',
    ]) {
      await knex.schema.dropTableIfExists(table);
    }
    await knex.raw('DROP SEQUENCE IF EXISTS ticket_ref_seq');
  },
};
