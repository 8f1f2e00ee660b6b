import type { Migration } from '@kinfolio/service-kit';

/**
 * Receipts and out-of-order webhooks (issue 16, follow-up):
 * - `transactions.period_start/period_end`: the service period a charge paid for (the invoice line's period), shown
 *   on the receipt svc-billing makes; null for rows recorded before (the receipt then derives it).
 * - `transactions.recorded_at`: when we recorded the row (a CSV export leaves out rows recorded after it began).
 * - `subscription_tombstones`: a provider subscription first seen through `customer.subscription.deleted` whose owner
 *   or plan could not be told, with the deleting event's time, so an older `created`/`updated` arriving afterwards can
 *   never bring it to life.
 */
export const receiptsTombstones: Migration = {
  name: '004_receipts_tombstones',
  async up(knex) {
    await knex.schema.alterTable('transactions', (t) => {
      t.timestamp('period_start', { useTz: true }).nullable();
      t.timestamp('period_end', { useTz: true }).nullable();
      // when we recorded it (occurred_at is the provider's time, often earlier): a CSV export leaves out later rows
      t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('subscription_tombstones', (t) => {
      t.string('provider_subscription_id', 255).primary();
      t.bigInteger('deleted_event_at').notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('subscription_tombstones');
    await knex.schema.alterTable('transactions', (t) => {
      t.dropColumn('period_start');
      t.dropColumn('period_end');
      t.dropColumn('recorded_at');
    });
  },
};
