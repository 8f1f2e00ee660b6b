import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 36: named scenarios per household ("Retire at 60", "Sell the condo in 2035"). Every row carries its advisor
 * and household (queries filter by both); the household's deletion removes them. Names are unique per household
 * whatever their case, and a partial unique index keeps at most one recommended scenario per household.
 */
export const namedScenarios: Migration = {
  name: '021_named_scenarios',
  async up(knex) {
    await knex.schema.createTable('named_scenarios', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable();
      t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
      t.string('name', 80).notNullable();
      t.string('description', 500).nullable();
      t.jsonb('inputs').notNullable();
      t.boolean('shared').notNullable().defaultTo(false);
      t.boolean('recommended').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['advisor_id', 'household_id', 'created_at']);
    });
    await knex.raw('CREATE UNIQUE INDEX named_scenarios_name_unique ON named_scenarios (household_id, lower(name))');
    await knex.raw(
      'CREATE UNIQUE INDEX named_scenarios_one_recommended ON named_scenarios (household_id) WHERE recommended',
    );
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('named_scenarios');
  },
};
