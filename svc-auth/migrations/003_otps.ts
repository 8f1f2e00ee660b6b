import type { Migration } from '@kinfolio/service-kit';

/** One-time codes (e-mail and mobile verification, password create/reset): keyed HMAC of the code only. */
export const otps: Migration = {
  name: '003_otps',
  async up(knex) {
    await knex.schema.createTable('otps', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('purpose', 24).notNullable();
      t.string('code_hash', 64).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('consumed_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'purpose']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('otps');
  },
};
