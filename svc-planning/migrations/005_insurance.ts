import type { Migration } from '@kinfolio/service-kit';
import { createRecordTableV1 as createRecordTable } from './record-table-v1';

/** The record tables of migration 005, one per insurance record kind (see src/insurance/kinds.ts). */
export const INSURANCE_TABLES = [
  'insurance_policies',
  'insurance_policy_plans',
  'insurance_plan_boosters',
  'insurance_coverages',
  'insurance_benefits',
  'insurance_cash_payouts',
  'insurance_beneficiaries',
  'insurance_contingent_owners',
  'insurance_transactions',
  'insurance_funds',
  'insurance_coverage_targets',
] as const;

/** Children of a policy name it in data.insurance_id; reads and cascades select by household and that id. */
const CHILD_TABLES = INSURANCE_TABLES.filter((t) => t !== 'insurance_policies' && t !== 'insurance_coverage_targets');

/**
 * Reference data the planning spec names without listing (decision, docs/decisions/insurance.md): plan categories
 * and plan types for the pickers. Admins will keep them, with companies and plans, in issue 15.
 */
const CATEGORIES = [
  ['life', 'Life'],
  ['health', 'Health'],
  ['investment', 'Investment'],
  ['savings', 'Savings'],
] as const;
const PLAN_TYPES = [
  ['whole-life', 'Whole Life', 'life', false],
  ['term', 'Term', 'life', false],
  ['endowment', 'Endowment', 'savings', false],
  ['investment-linked', 'Investment-Linked', 'investment', true],
  ['critical-illness', 'Critical Illness', 'health', false],
  ['medical', 'Medical / Hospitalisation', 'health', false],
  ['personal-accident', 'Personal Accident', 'health', false],
  ['disability-income', 'Disability Income', 'health', false],
  ['annuity', 'Annuity / Retirement', 'savings', false],
] as const;

/** Stored insurance (issue 12): policies and their children as household records, coverage targets, reference data. */
export const insurance: Migration = {
  name: '005_insurance',
  async up(knex) {
    for (const table of INSURANCE_TABLES) await createRecordTable(knex, table);
    for (const table of CHILD_TABLES)
      await knex.raw(`CREATE INDEX ${table}_policy_idx ON ${table} (household_id, (data->>'insurance_id'))`);
    // a policy's children go with it however it is deleted (its own delete, its insured member's, the household's);
    // a coverage's benefits with the coverage
    await knex.raw(`
      CREATE FUNCTION insurance_policy_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${CHILD_TABLES.map(
          (t) => `DELETE FROM ${t} WHERE household_id = OLD.household_id AND data->>'insurance_id' = OLD.id::text;`,
        ).join('\n        ')}
        RETURN OLD;
      END $$`);
    await knex.raw(
      'CREATE TRIGGER insurance_policies_children AFTER DELETE ON insurance_policies FOR EACH ROW EXECUTE FUNCTION insurance_policy_deleted()',
    );
    await knex.raw(`
      CREATE FUNCTION insurance_coverage_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM insurance_benefits WHERE household_id = OLD.household_id AND data->>'coverage_id' = OLD.id::text;
        RETURN OLD;
      END $$`);
    await knex.raw(
      'CREATE TRIGGER insurance_coverages_benefits AFTER DELETE ON insurance_coverages FOR EACH ROW EXECUTE FUNCTION insurance_coverage_deleted()',
    );
    // one target per member and benefit type
    await knex.raw(
      "CREATE UNIQUE INDEX insurance_coverage_targets_one ON insurance_coverage_targets (household_id, member_id, (data->>'benefit_type'))",
    );

    await knex.schema.createTable('insurance_plan_categories', (t) => {
      t.string('id', 40).primary();
      t.string('name', 100).notNullable();
      t.integer('position').notNullable();
    });
    await knex.schema.createTable('insurance_plan_types', (t) => {
      t.string('id', 40).primary();
      t.string('name', 100).notNullable();
      t.string('category', 40).notNullable().references('id').inTable('insurance_plan_categories');
      t.boolean('investment_linked').notNullable().defaultTo(false);
      t.integer('position').notNullable();
    });
    await knex.schema.createTable('insurance_companies', (t) => {
      t.uuid('id').primary();
      t.string('name', 200).notNullable();
      t.string('country', 2).nullable();
    });
    await knex.schema.createTable('insurance_reference_plans', (t) => {
      t.uuid('id').primary();
      t.uuid('insurance_company').nullable().references('id').inTable('insurance_companies').onDelete('CASCADE');
      t.string('name', 200).notNullable();
      t.string('plan_type', 40).nullable().references('id').inTable('insurance_plan_types');
    });
    await knex('insurance_plan_categories').insert(CATEGORIES.map(([id, name], position) => ({ id, name, position })));
    await knex('insurance_plan_types').insert(
      PLAN_TYPES.map(([id, name, category, investment_linked], position) => ({
        id,
        name,
        category,
        investment_linked,
        position,
      })),
    );
  },
  async down(knex) {
    await knex.raw('DROP TRIGGER IF EXISTS insurance_policies_children ON insurance_policies');
    await knex.raw('DROP TRIGGER IF EXISTS insurance_coverages_benefits ON insurance_coverages');
    await knex.raw('DROP FUNCTION IF EXISTS insurance_policy_deleted()');
    await knex.raw('DROP FUNCTION IF EXISTS insurance_coverage_deleted()');
    for (const table of [
      'insurance_reference_plans',
      'insurance_companies',
      'insurance_plan_types',
      'insurance_plan_categories',
      ...INSURANCE_TABLES,
    ])
      await knex.schema.dropTableIfExists(table);
  },
};
