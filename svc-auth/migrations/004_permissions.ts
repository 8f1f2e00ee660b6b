import type { Migration } from '@kinfolio/service-kit';

/** Permissions: a key with a boolean grant per user (lead-magnet permissions use keys `lm:<id>`). */
export const permissions: Migration = {
  name: '004_permissions',
  async up(knex) {
    await knex.schema.createTable('permissions', (t) => {
      t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('key', 100).notNullable();
      t.boolean('granted').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', 'key']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('permissions');
  },
};
