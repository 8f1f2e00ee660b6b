import type { Migration } from '@kinfolio/service-kit';

/**
 * The stored currency table (planning spec §9): base RM, rates as "units of the currency per 1 RM".
 * Seed values are the spec's: USD 0.2133, EUR 0.1963, GBP 0.1684, SGD 0.3016.
 */
export const currencyRates: Migration = {
  name: '001_currency_rates',
  async up(knex) {
    await knex.schema.createTable('currency_rates', (t) => {
      t.string('code', 3).primary();
      t.decimal('rate', 18, 6).notNullable();
      t.string('base', 3).notNullable().defaultTo('RM');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex('currency_rates').insert([
      { code: 'RM', rate: '1' },
      { code: 'USD', rate: '0.2133' },
      { code: 'EUR', rate: '0.1963' },
      { code: 'GBP', rate: '0.1684' },
      { code: 'SGD', rate: '0.3016' },
    ]);
  },
  async down(knex) {
    await knex.schema.dropTable('currency_rates');
  },
};
