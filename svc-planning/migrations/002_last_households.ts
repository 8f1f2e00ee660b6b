import type { Migration } from '@kinfolio/service-kit';

/**
 * The last household posted to a calculation endpoint for a customer, per caller (advisor or customer). GET
 * customer/{id}/net-worth projects it until the records issue stores a customer's records; scoped to the caller.
 */
export const lastHouseholds: Migration = {
  name: '002_last_households',
  async up(knex) {
    await knex.schema.createTable('last_households', (t) => {
      t.uuid('customer_id').notNullable();
      t.uuid('caller_id').notNullable();
      t.jsonb('household').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['customer_id', 'caller_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('last_households');
  },
};
