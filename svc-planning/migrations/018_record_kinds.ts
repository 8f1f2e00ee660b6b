import type { Migration } from '@kinfolio/service-kit';
import { syncRecordKinds } from '../src/records/schema';

/** The policy children's indexes (migration 005) and the balance-sheet families' (migration 006), by their keys. */
const POLICY_CHILDREN = [
  'insurance_policy_plans',
  'insurance_plan_boosters',
  'insurance_coverages',
  'insurance_benefits',
  'insurance_cash_payouts',
  'insurance_beneficiaries',
  'insurance_contingent_owners',
  'insurance_transactions',
  'insurance_funds',
];
const FAMILIES: Array<[string, string, string[]]> = [
  ['saving_funds', 'saving_fund_id', ['saving_fund_owners', 'saving_fund_contingent_owners', 'saving_transactions']],
  ['pension_accounts', 'pension_id', ['pension_beneficiaries', 'pension_transactions']],
  [
    'portfolio_funds',
    'portfolio_fund_id',
    [
      'portfolio_fund_owners',
      'portfolio_fund_contingent_owners',
      'portfolio_fund_details',
      'portfolio_fund_transactions',
      'investment_beneficiaries',
    ],
  ],
  ['debts', 'debt_id', ['debt_mortgage_owners', 'debt_transactions', 'debt_rental_incomes']],
];

/**
 * Issue 33: the record kinds' indexes and cascades are derived from their declarations (src/records/schema.ts) from
 * here on. The hand-written triggers of migrations 005 and 006 go; their indexes take the derived names; then the
 * derived schema is made (and made again at every start when the declarations change).
 */
export const recordKinds: Migration = {
  name: '018_record_kinds',
  async up(knex) {
    await knex.raw('DROP TRIGGER IF EXISTS insurance_policies_children ON insurance_policies');
    await knex.raw('DROP FUNCTION IF EXISTS insurance_policy_deleted()');
    await knex.raw('DROP TRIGGER IF EXISTS insurance_coverages_benefits ON insurance_coverages');
    await knex.raw('DROP FUNCTION IF EXISTS insurance_coverage_deleted()');
    for (const t of POLICY_CHILDREN)
      await knex.raw(`ALTER INDEX IF EXISTS ${t}_policy_idx RENAME TO ${t}_insurance_id_idx`);
    for (const [parent, key, children] of FAMILIES) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${parent}_children ON ${parent}`);
      await knex.raw(`DROP FUNCTION IF EXISTS ${parent}_deleted()`);
      for (const t of children) await knex.raw(`ALTER INDEX IF EXISTS ${t}_parent_idx RENAME TO ${t}_${key}_idx`);
    }
    await syncRecordKinds(knex);
  },
  async down(knex) {
    await knex.raw('DROP TABLE IF EXISTS record_kind_schema');
  },
};
