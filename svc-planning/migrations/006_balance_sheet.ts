import { randomUUID } from 'node:crypto';
import type { Migration } from '@kinfolio/service-kit';
import { createRecordTableV1 as createRecordTable } from './record-table-v1';

/** Parents of migration 006 and their children's tables (children name the parent in data.<parent key>). */
export const BALANCE_SHEET_FAMILIES = [
  {
    parent: 'saving_funds',
    key: 'saving_fund_id',
    children: ['saving_fund_owners', 'saving_fund_contingent_owners', 'saving_transactions'],
  },
  { parent: 'pension_accounts', key: 'pension_id', children: ['pension_beneficiaries', 'pension_transactions'] },
  {
    parent: 'portfolio_funds',
    key: 'portfolio_fund_id',
    children: [
      'portfolio_fund_owners',
      'portfolio_fund_contingent_owners',
      'portfolio_fund_details',
      'portfolio_fund_transactions',
      'investment_beneficiaries',
    ],
  },
  { parent: 'debts', key: 'debt_id', children: ['debt_mortgage_owners', 'debt_transactions', 'debt_rental_incomes'] },
] as const;
export const BALANCE_SHEET_TABLES = BALANCE_SHEET_FAMILIES.flatMap((f) => [f.parent, ...f.children]);

/** Reference data the spec names without listing (decision, docs/decisions/balance-sheet.md). */
const PROPERTY_TYPES = [
  ['hdb', 'HDB Flat'],
  ['condominium', 'Condominium'],
  ['landed', 'Landed'],
  ['commercial', 'Commercial'],
  ['executive-condominium', 'Executive Condominium'],
  ['other', 'Other'],
] as const;
const ASSET_CLASSES = ['Equity', 'Bond', 'Cash', 'Property', 'Commodities', 'Others'];
/** A starting list of funds for the holding picker (admins keep it from issue 15); [name, company, currency, risk, equity, bond, others]. */
const FUNDS: Array<[string, string, string, string, number, number, number]> = [
  ['Global Equity Fund', 'Kinfolio Asset Management', 'SGD', 'high', 95, 0, 5],
  ['Asia Pacific Bond Fund', 'Kinfolio Asset Management', 'SGD', 'low', 0, 95, 5],
  ['Balanced Growth Fund', 'Kinfolio Asset Management', 'SGD', 'medium', 60, 35, 5],
  ['Malaysia Equity Fund', 'Kinfolio Asset Management', 'RM', 'high', 90, 0, 10],
  ['Money Market Fund', 'Kinfolio Asset Management', 'SGD', 'low', 0, 20, 80],
];

/** Stored balance sheet (issue 13): savings, pensions, portfolios, debts and their children; reference lists. */
export const balanceSheet: Migration = {
  name: '006_balance_sheet',
  async up(knex) {
    for (const table of BALANCE_SHEET_TABLES) await createRecordTable(knex, table);
    for (const f of BALANCE_SHEET_FAMILIES) {
      for (const table of f.children)
        await knex.raw(`CREATE INDEX ${table}_parent_idx ON ${table} (household_id, (data->>'${f.key}'))`);
      // a parent's children go with it however it is deleted (its own delete, its member's, the household's)
      await knex.raw(`
        CREATE FUNCTION ${f.parent}_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${f.children
            .map((t) => `DELETE FROM ${t} WHERE household_id = OLD.household_id AND data->>'${f.key}' = OLD.id::text;`)
            .join('\n          ')}
          RETURN OLD;
        END $$`);
      await knex.raw(
        `CREATE TRIGGER ${f.parent}_children AFTER DELETE ON ${f.parent} FOR EACH ROW EXECUTE FUNCTION ${f.parent}_deleted()`,
      );
    }
    await knex.schema.createTable('property_types', (t) => {
      t.string('id', 40).primary();
      t.string('name', 100).notNullable();
      t.integer('position').notNullable();
    });
    await knex.schema.createTable('fund_asset_classes', (t) => {
      t.uuid('id').primary();
      t.string('name', 60).notNullable();
      t.integer('position').notNullable();
      t.unique(['name']);
    });
    await knex.schema.createTable('investment_funds', (t) => {
      t.uuid('id').primary();
      t.string('name', 200).notNullable();
      t.string('company', 200).notNullable();
      t.string('currency', 3).notNullable();
      t.string('risk_level', 20).notNullable();
      t.decimal('equity', 6, 3).notNullable();
      t.decimal('bond', 6, 3).notNullable();
      t.decimal('others', 6, 3).notNullable();
    });
    await knex('property_types').insert(PROPERTY_TYPES.map(([id, name], position) => ({ id, name, position })));
    await knex('fund_asset_classes').insert(
      ASSET_CLASSES.map((name, position) => ({ id: randomUUID(), name, position })),
    );
    await knex('investment_funds').insert(
      FUNDS.map(([name, company, currency, risk_level, equity, bond, others]) => ({
        id: randomUUID(),
        name,
        company,
        currency,
        risk_level,
        equity,
        bond,
        others,
      })),
    );
  },
  async down(knex) {
    for (const f of BALANCE_SHEET_FAMILIES) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${f.parent}_children ON ${f.parent}`);
      await knex.raw(`DROP FUNCTION IF EXISTS ${f.parent}_deleted()`);
    }
    for (const table of ['investment_funds', 'fund_asset_classes', 'property_types', ...BALANCE_SHEET_TABLES])
      await knex.schema.dropTableIfExists(table);
  },
};
