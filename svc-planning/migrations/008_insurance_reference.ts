import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 15: the insurance reference data admins keep and the planning thresholds. Companies get timestamps and a
 * unique name; plans get their category, currency, premium table by age and gender, additional coverage premium and
 * riders; projection tables (policy values by year of a plan) and stored threshold values are new tables. A company's
 * plans no longer go with it silently: deleting is checked by the service (409 while households' policies use them,
 * docs/decisions/reference-data.md), so the foreign key restricts.
 */
export const insuranceReference: Migration = {
  name: '008_insurance_reference',
  async up(knex) {
    await knex.schema.alterTable('insurance_companies', (t) => {
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('CREATE UNIQUE INDEX insurance_companies_name_unique ON insurance_companies (lower(name))');
    await knex.schema.alterTable('insurance_reference_plans', (t) => {
      t.string('category', 40).nullable().references('id').inTable('insurance_plan_categories');
      t.string('currency', 3).notNullable().defaultTo('SGD');
      t.jsonb('data_by_age').notNullable().defaultTo('[]');
      t.decimal('additional_coverage_premium', 16, 2).nullable();
      t.jsonb('riders').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.alterTable('insurance_reference_plans', (t) => {
      t.dropForeign(['insurance_company']);
    });
    await knex.schema.alterTable('insurance_reference_plans', (t) => {
      t.foreign('insurance_company').references('id').inTable('insurance_companies').onDelete('RESTRICT');
    });
    await knex.schema.createTable('insurance_projection_tables', (t) => {
      t.uuid('id').primary();
      t.uuid('plan_id').notNullable().references('id').inTable('insurance_reference_plans').onDelete('CASCADE');
      t.string('name', 200).notNullable();
      t.integer('entry_age').nullable();
      t.jsonb('rows').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['plan_id']);
    });
    await knex.schema.createTable('planning_thresholds', (t) => {
      t.uuid('id').primary();
      t.string('key', 60).notNullable().unique();
      t.string('label', 120).notNullable();
      t.string('unit', 20).notNullable();
      t.decimal('value', 16, 4).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('planning_thresholds');
    await knex.schema.dropTableIfExists('insurance_projection_tables');
    await knex.schema.alterTable('insurance_reference_plans', (t) => {
      t.dropColumns(
        'category',
        'currency',
        'data_by_age',
        'additional_coverage_premium',
        'riders',
        'created_at',
        'updated_at',
      );
    });
    await knex.raw('DROP INDEX IF EXISTS insurance_companies_name_unique');
    await knex.schema.alterTable('insurance_companies', (t) => {
      t.dropColumns('created_at', 'updated_at');
    });
  },
};
