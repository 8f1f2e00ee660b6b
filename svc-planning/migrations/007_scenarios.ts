import type { Migration } from '@kinfolio/service-kit';
import { createRecordTableV1 as createRecordTable } from './record-table-v1';

/**
 * Scenario modelling (issue 14): the data table's saved filters and the locked assets as record tables (see
 * src/scenarios/kinds.ts), and one sell sequence per household.
 */
export const scenarios: Migration = {
  name: '007_scenarios',
  async up(knex) {
    await createRecordTable(knex, 'scenario_saved_filters');
    await createRecordTable(knex, 'scenario_locked_assets');
    await knex.schema.createTable('scenario_sell_sequences', (t) => {
      t.uuid('household_id').primary().references('id').inTable('households').onDelete('CASCADE');
      t.uuid('advisor_id').notNullable();
      t.jsonb('asset_ids').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('scenario_sell_sequences');
    await knex.schema.dropTableIfExists('scenario_locked_assets');
    await knex.schema.dropTableIfExists('scenario_saved_filters');
  },
};
