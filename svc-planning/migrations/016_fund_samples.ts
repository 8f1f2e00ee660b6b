import type { Migration } from '@kinfolio/service-kit';
import { SAMPLE_FUND_HOUSES } from '../src/reference/investment/sample-feed';

/**
 * Issue 31 item 8: the funds of the bundled sample feed are marked as samples (`sample`), so the advisor's fund
 * picker and the admin's fund list can say so (docs/decisions/plan-reference.md). Funds imported before this are
 * recognised by the sample feed's codes (KF and six digits) and its fund houses.
 */
export const fundSamples: Migration = {
  name: '016_fund_samples',
  async up(knex) {
    await knex.schema.alterTable('investment_funds', (t) => {
      t.boolean('sample').notNullable().defaultTo(false);
    });
    await knex('investment_funds')
      .whereRaw("code ~ '^KF[0-9]{6}$'")
      .whereIn('company', [...SAMPLE_FUND_HOUSES])
      .update({ sample: true });
  },
  async down(knex) {
    await knex.schema.alterTable('investment_funds', (t) => {
      t.dropColumn('sample');
    });
  },
};
