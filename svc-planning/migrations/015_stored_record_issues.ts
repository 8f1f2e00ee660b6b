import { createLogger, type Migration } from '@kinfolio/service-kit';
import { findStoredRecordIssues } from '../src/records/issues';

/**
 * Issue 30 item 2: records stored before every date was checked as a calendar date (2025-02-30 was accepted) are
 * found once and reported: each is logged (kind, id, field, value) and kept in `stored_record_issues` for the
 * advisors' follow-up. Nothing is changed or deleted: the reads leave such a record out and name it in
 * `record_issues` (src/records/issues.ts) until the advisor edits it.
 */
export const storedRecordIssues: Migration = {
  name: '015_stored_record_issues',
  async up(knex) {
    await knex.schema.createTable('stored_record_issues', (t) => {
      t.string('record_table', 80).notNullable();
      t.uuid('record_id').notNullable();
      t.uuid('household_id').notNullable();
      t.string('kind', 80).notNullable();
      t.string('field', 200).notNullable();
      t.text('value').nullable();
      t.text('message').notNullable();
      t.timestamp('found_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['record_table', 'record_id', 'field']);
    });
    await findStoredRecordIssues(knex, createLogger('svc-planning'));
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('stored_record_issues');
  },
};
