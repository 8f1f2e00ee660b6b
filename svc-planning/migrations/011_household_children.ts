import type { Migration } from '@kinfolio/service-kit';

/** Children of a household with their dates of birth or ages (issue 17: child tax reliefs year by year). */
export const householdChildren: Migration = {
  name: '011_household_children',
  async up(knex) {
    await knex.schema.alterTable('households', (t) => {
      t.jsonb('children').notNullable().defaultTo('[]');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('households', (t) => {
      t.dropColumn('children');
    });
  },
};
