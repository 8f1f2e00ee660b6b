import type { Migration } from '@kinfolio/service-kit';

/**
 * One subscribe of an advisor at a time: a subscribe call claims the advisor here before it asks the provider for a
 * subscription and gives the claim up when it is done. Two calls at once with different cards made two provider
 * subscriptions, both charged, of which only one could be recorded. A claim older than the longest a subscribe can
 * take (a call that crashed) is taken over. A row, not a lock held in a transaction: embedded PGlite has one
 * connection, and the provider call must not hold one.
 */
export const subscribeClaims: Migration = {
  name: '005_subscribe_claims',
  async up(knex) {
    await knex.schema.createTable('subscribe_claims', (t) => {
      t.uuid('user_id').primary();
      t.timestamp('claimed_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('subscribe_claims');
  },
};
