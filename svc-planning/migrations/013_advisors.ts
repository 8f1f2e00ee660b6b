import type { Migration } from '@kinfolio/service-kit';

/**
 * svc-planning's own copy of who advisors are (name and designation), fed by svc-auth's events, so a report is
 * branded with the advisor's name without reading svc-auth's tables (docs/decisions/exports.md).
 */
export const advisors: Migration = {
  name: '013_advisors',
  async up(knex) {
    await knex.schema.createTable('advisors', (t) => {
      t.uuid('id').primary();
      t.string('name', 200).notNullable();
      t.string('designation', 200).nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('advisors');
  },
};
