import type { Migration } from '@kinfolio/service-kit';

/** Sessions: only the sha256 of the token is stored. Revoked rows are kept (revoked_at) for audit. */
export const sessions: Migration = {
  name: '002_sessions',
  async up(knex) {
    await knex.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.string('ip', 64).nullable();
      t.string('user_agent', 256).nullable();
      t.index(['user_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sessions');
  },
};
