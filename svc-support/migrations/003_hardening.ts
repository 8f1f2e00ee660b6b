import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 10: error reports' `info` is stored wrapped as `{value}` (a string the client sent is never taken for JSON
 * text to parse again); older rows are wrapped the same way.
 */
export const wrapErrorInfo: Migration = {
  name: '003_error_info_wrapped',
  async up(knex) {
    await knex.raw("UPDATE error_logs SET info = jsonb_build_object('value', info) WHERE info IS NOT NULL");
  },
  async down(knex) {
    await knex.raw("UPDATE error_logs SET info = info -> 'value' WHERE info IS NOT NULL");
  },
};

/**
 * Issue 10 item 1: sessions svc-auth revoked (auth.sessions.revoked.v1). A socket of one is closed and refused;
 * rows older than a session's longest life (90 days) can be pruned.
 */
export const revokedSessions: Migration = {
  name: '004_revoked_sessions',
  async up(knex) {
    await knex.schema.createTable('revoked_sessions', (t) => {
      t.uuid('session_id').primary();
      t.uuid('user_id').notNullable();
      t.timestamp('revoked_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('revoked_sessions');
  },
};

/**
 * Issue 10 item 4: every stored file has a row: its owner, its original (cleaned) name, who may read it, and for a
 * signed upload the session that asked and until when the link works (single use: `stored_at` is set once).
 * `ticket_files` links attachments to their ticket, so the ticket's owner may read what an admin attached.
 */
export const storedFiles: Migration = {
  name: '005_stored_files',
  async up(knex) {
    await knex.schema.createTable('stored_files', (t) => {
      t.string('key', 300).primary();
      t.uuid('owner_id').notNullable();
      t.string('file_name', 255).notNullable();
      t.string('content_type', 120).notNullable();
      t.string('visibility', 16).notNullable().defaultTo('private');
      t.uuid('upload_session_id').nullable();
      t.timestamp('upload_expires_at', { useTz: true }).nullable();
      t.timestamp('stored_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['owner_id'], 'stored_files_owner');
    });
    await knex.schema.createTable('ticket_files', (t) => {
      t.string('key', 300).notNullable();
      t.uuid('ticket_id').notNullable().references('id').inTable('tickets').onDelete('CASCADE');
      t.primary(['key', 'ticket_id']);
    });
    // attachments stored before this migration
    await knex.raw(`INSERT INTO ticket_files (key, ticket_id)
      SELECT DISTINCT a->>'media', t.id FROM tickets t, jsonb_array_elements(t.attachments) a WHERE a->>'media' IS NOT NULL
      UNION
      SELECT DISTINCT a->>'media', r.ticket_id FROM ticket_replies r, jsonb_array_elements(r.attachments) a WHERE a->>'media' IS NOT NULL
      ON CONFLICT DO NOTHING`);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('ticket_files');
    await knex.schema.dropTableIfExists('stored_files');
  },
};
