import type { Migration } from '@kinfolio/service-kit';

/**
 * The advisor's contact as auth.advisor.registered.v1 carried it (the admin reminders mail it), and the reminders
 * sent: one row per user, kind and UTC day, so a user gets at most one reminder of a kind a day.
 */
export const notifications: Migration = {
  name: '003_notifications',
  async up(knex) {
    await knex.schema.createTable('billing_contacts', (t) => {
      t.uuid('user_id').primary();
      t.string('email', 320).notNullable();
      t.string('name', 200).notNullable();
      t.timestamp('registered_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('reminders', (t) => {
      t.uuid('user_id').notNullable();
      t.string('kind', 32).notNullable();
      t.date('day').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', 'kind', 'day']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('reminders');
    await knex.schema.dropTable('billing_contacts');
  },
};
