import type { Migration } from '@kinfolio/service-kit';

/**
 * svc-support's own copy of who users are (name, e-mail, type), fed by svc-auth's events, so support staff see names
 * in ticket lists without calling svc-auth. `event_at` is the time of the newest event applied (older ones are
 * ignored, whatever order they arrive in).
 */
export const supportUsers: Migration = {
  name: '002_users',
  async up(knex) {
    await knex.schema.createTable('support_users', (t) => {
      t.uuid('id').primary();
      t.string('type', 16).notNullable();
      t.string('name', 200).notNullable();
      t.string('email', 320).notNullable();
      t.boolean('deleted').notNullable().defaultTo(false);
      t.timestamp('event_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('support_users');
  },
};
