import type { Migration } from '@kinfolio/service-kit';

/**
 * One change to an advisor's subscription at a time (subscribe, change plan, cancel): a call claims the advisor here
 * before it asks the provider and gives the claim up when it is done. Two subscribe calls at once with different
 * cards made two provider subscriptions, both charged, of which only one could be recorded; two plan changes at once
 * were both charged. A claim older than the longest such call can take (a call that crashed) is taken over. A row, not
 * a lock held in a transaction: embedded PGlite has one connection, and a provider call must not hold one.
 */
export const subscriptionClaims: Migration = {
  name: '005_subscription_claims',
  async up(knex) {
    await knex.schema.createTable('subscription_claims', (t) => {
      t.uuid('user_id').primary();
      t.timestamp('claimed_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('subscription_claims');
  },
};
