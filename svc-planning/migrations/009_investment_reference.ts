import { randomUUID } from 'node:crypto';
import type { Migration } from '@kinfolio/service-kit';

/**
 * Investment reference data (issue 15): companies, banks and investment plans the admins keep; the fund list of
 * migration 006 gains a stable feed code, a price and its date, and a soft delete (a household's holding may name
 * a fund by id: docs/decisions/investment-reference.md); the fund price import's run records and its lease row
 * (one run at a time across replicas, on PostgreSQL and PGlite alike).
 */
export const investmentReference: Migration = {
  name: '009_investment_reference',
  async up(knex) {
    for (const table of ['investment_companies', 'investment_banks']) {
      await knex.schema.createTable(table, (t) => {
        t.uuid('id').primary();
        t.string('name', 200).notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(`CREATE UNIQUE INDEX ${table}_name_idx ON ${table} (lower(name))`);
    }
    await knex.schema.createTable('investment_plans', (t) => {
      t.uuid('id').primary();
      t.string('name', 200).notNullable();
      t.uuid('company_id').notNullable().references('id').inTable('investment_companies');
      t.string('type', 60).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('CREATE UNIQUE INDEX investment_plans_name_idx ON investment_plans (company_id, lower(name))');
    await knex.schema.alterTable('investment_funds', (t) => {
      t.string('code', 64).nullable().unique();
      t.decimal('price', 20, 6).nullable();
      t.date('price_date').nullable();
      t.timestamp('deleted_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('CREATE INDEX investment_funds_name_idx ON investment_funds (lower(name))');
    // the companies the seeded funds name, so the admin's company list starts consistent with the fund list
    const companies: string[] = await knex('investment_funds').distinct().pluck('company');
    if (companies.length)
      await knex('investment_companies').insert(companies.map((name) => ({ id: randomUUID(), name })));
    await knex.schema.createTable('fund_import_runs', (t) => {
      t.uuid('id').primary();
      t.string('state', 12).notNullable(); // running | done | failed
      t.string('trigger', 12).notNullable(); // demand | schedule
      t.string('source', 500).notNullable();
      t.integer('total').notNullable().defaultTo(0);
      /** Feed entries handled so far, in code order: where a resumed run starts again. */
      t.integer('done').notNullable().defaultTo(0);
      t.integer('created').notNullable().defaultTo(0);
      t.integer('updated').notNullable().defaultTo(0);
      t.integer('unchanged').notNullable().defaultTo(0);
      t.jsonb('failures').notNullable().defaultTo('[]');
      t.integer('resumed').notNullable().defaultTo(0);
      t.string('error', 500).nullable();
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true }).nullable();
    });
    await knex.raw('CREATE INDEX fund_import_runs_started_idx ON fund_import_runs (started_at DESC)');
    // one row: who runs the import now, until when (renewed after every batch)
    await knex.schema.createTable('fund_import_lease', (t) => {
      t.integer('id').primary();
      t.string('holder', 64).nullable();
      t.timestamp('expires_at', { useTz: true }).nullable();
    });
    await knex('fund_import_lease').insert({ id: 1, holder: null, expires_at: null });
  },
  async down(knex) {
    for (const table of [
      'fund_import_lease',
      'fund_import_runs',
      'investment_plans',
      'investment_banks',
      'investment_companies',
    ])
      await knex.schema.dropTableIfExists(table);
    await knex.raw('DROP INDEX IF EXISTS investment_funds_name_idx');
    await knex.schema.alterTable('investment_funds', (t) => {
      t.dropColumns('code', 'price', 'price_date', 'deleted_at', 'created_at', 'updated_at');
    });
  },
};
