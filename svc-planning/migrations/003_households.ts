import { randomUUID } from 'node:crypto';
import type { Migration } from '@kinfolio/service-kit';
import { createRecordTableV1 as createRecordTable } from './record-table-v1';

/** The record tables of migration 003 (one per record kind, all the same shape; see src/records/kinds.ts). */
const RECORD_TABLES = [
  'member_incomes',
  'member_expenses',
  'member_living_expenses',
  'member_savings',
  'life_uncertainty_cash_flows',
  'dreams',
  'concerns',
  'retirement_dream_rentals',
  'retirement_dream_capital_preservations',
  'goals',
] as const;

const DREAMS = [
  [
    'Retirement',
    'When and how do you want to retire?',
    ['At what age would you like to retire?', 'Where would you like to live?', 'What lifestyle do you picture?'],
  ],
  [
    'Children’s education',
    'Education you want to give your children',
    ['Which children, and from which year?', 'Local or overseas?', 'How much do you want to set aside?'],
  ],
  [
    'Own home',
    'The home you want to own',
    ['What kind of property?', 'When would you like to buy it?', 'What budget do you have in mind?'],
  ],
  ['Car', 'The car you want', ['Which car?', 'When?', 'Cash or loan?']],
  ['Business', 'The business you want to start or grow', ['What business?', 'When?', 'How much capital does it need?']],
  ['Travel', 'Travel you want to do', ['Where?', 'How often?', 'What budget a year?']],
] as const;
const CONCERNS = [
  [
    'Death',
    'If a family member passed away',
    ['Who would be affected?', 'How long would the family need support?', 'Which debts would remain?'],
  ],
  [
    'Disability',
    'If a family member could no longer work',
    ['Whose income would stop?', 'What care would be needed?', 'For how long?'],
  ],
  [
    'Critical illness',
    'If a family member fell critically ill',
    ['How would treatment be paid for?', 'Would income stop?', 'Who would care for them?'],
  ],
  ['Hospitalisation', 'Medical bills', ['Which ward class do you expect?', 'What does your current cover pay?']],
  [
    'Outliving savings',
    'Running out of money in retirement',
    ['How long should savings last?', 'What income do you need?'],
  ],
] as const;

/**
 * Stored households (issue 11): leads and customers of one advisor, their members, one table per record kind,
 * form-step drafts and the dream/concern reference questions. Every row carries advisor_id (the tenant) and the
 * household; deleting a household cascades to its members, records and drafts.
 */
export const households: Migration = {
  name: '003_households',
  async up(knex) {
    await knex.schema.createTable('households', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable();
      t.string('type', 10).notNullable().defaultTo('lead');
      t.string('name', 100).notNullable();
      t.string('email', 254).nullable();
      t.string('phone', 20).nullable();
      t.string('country_code', 8).nullable();
      t.string('gender', 10).notNullable().defaultTo('male');
      t.integer('age').nullable();
      t.string('date_of_birth', 10).nullable();
      t.string('marital_status', 10).notNullable().defaultTo('married');
      t.jsonb('dependencies').notNullable().defaultTo('[]');
      t.integer('children_count').notNullable().defaultTo(0);
      t.string('citizenship', 10).notNullable().defaultTo('citizen');
      t.boolean('holding_pr').notNullable().defaultTo(false);
      t.string('country_pr', 60).nullable();
      t.string('referral_id', 100).nullable();
      t.string('currency', 3).notNullable().defaultTo('SGD');
      t.decimal('inflation_rate', 8, 4).nullable();
      t.uuid('customer_user_id').nullable();
      t.timestamp('shared_at', { useTz: true }).nullable();
      t.timestamp('converted_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    // the list pages: one advisor's leads or customers by each sort column (ties broken by id)
    await knex.raw('CREATE INDEX households_list_created ON households (advisor_id, type, created_at, id)');
    await knex.raw('CREATE INDEX households_list_updated ON households (advisor_id, type, updated_at, id)');
    await knex.raw('CREATE INDEX households_list_name ON households (advisor_id, type, lower(name), id)');
    await knex.raw('CREATE INDEX households_list_email ON households (advisor_id, type, lower(email), id)');
    await knex.raw(
      'CREATE INDEX households_customer ON households (customer_user_id) WHERE customer_user_id IS NOT NULL',
    );

    await knex.schema.createTable('members', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable();
      t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
      t.string('relation', 10).notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.jsonb('data').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['advisor_id', 'household_id'], 'members_owner_idx');
    });
    // one `me` member per household
    await knex.raw("CREATE UNIQUE INDEX members_one_me ON members (household_id) WHERE relation = 'me'");

    for (const table of RECORD_TABLES) await createRecordTable(knex, table);

    await knex.schema.createTable('form_step_drafts', (t) => {
      t.uuid('id').primary();
      t.uuid('owner_id').notNullable();
      t.uuid('household_id').nullable().references('id').inTable('households').onDelete('CASCADE');
      t.string('step', 100).notNullable();
      t.jsonb('data').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['owner_id'], 'form_step_drafts_owner_idx');
    });

    for (const [table, rows] of [
      ['meta_dreams', DREAMS],
      ['meta_concerns', CONCERNS],
    ] as const) {
      await knex.schema.createTable(table, (t) => {
        t.uuid('id').primary();
        t.string('title', 200).notNullable();
        t.string('description', 500).nullable();
        t.jsonb('questions').notNullable();
        t.integer('position').notNullable();
      });
      await knex(table).insert(
        rows.map(([title, description, questions], position) => ({
          id: randomUUID(),
          title,
          description,
          questions: JSON.stringify(questions),
          position,
        })),
      );
    }
  },
  async down(knex) {
    for (const table of [
      'meta_concerns',
      'meta_dreams',
      'form_step_drafts',
      ...RECORD_TABLES,
      'members',
      'households',
    ]) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
