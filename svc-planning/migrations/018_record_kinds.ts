import { recordKinds as R } from '@kinfolio/contracts';
import type { Migration } from '@kinfolio/service-kit';
import { syncRecordKinds } from '../src/records/schema';
import { INSURANCE_TABLES } from './005_insurance';
import { BALANCE_SHEET_FAMILIES } from './006_balance_sheet';
import { createRecordTableV1 } from './record-table-v1';

/** The policy's children (migration 005: every insurance table but the policies and the coverage targets). */
const POLICY_CHILDREN = INSURANCE_TABLES.filter(
  (t) => t !== 'insurance_policies' && t !== 'insurance_coverage_targets',
);

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
    for (const { parent, key, children } of BALANCE_SHEET_FAMILIES) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${parent}_children ON ${parent}`);
      await knex.raw(`DROP FUNCTION IF EXISTS ${parent}_deleted()`);
      for (const t of children) await knex.raw(`ALTER INDEX IF EXISTS ${t}_parent_idx RENAME TO ${t}_${key}_idx`);
    }
    await syncRecordKinds(knex, R.KINDS, createRecordTableV1);
  },
  async down(knex) {
    await knex.raw('DROP TABLE IF EXISTS record_kind_schema');
  },
};
