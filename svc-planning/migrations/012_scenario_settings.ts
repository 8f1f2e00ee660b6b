import type { Migration } from '@kinfolio/service-kit';

/** The scenario's own changes per household (retirement ages, income and expense changes, trials): issue 14. */
export const scenarioSettings: Migration = {
  name: '012_scenario_settings',
  async up(knex) {
    await knex.schema.createTable('scenario_settings', (t) => {
      t.uuid('household_id').primary().references('id').inTable('households').onDelete('CASCADE');
      t.uuid('advisor_id').notNullable();
      t.jsonb('data').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('scenario_settings');
  },
};
