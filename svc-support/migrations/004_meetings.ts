import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 36 meeting mode: a household's live meeting, hosted on the socket hub of any replica. The row is the whole
 * state (so a replica's death loses nothing): the view and who steers, `seq` (one more per state change, assigned by
 * the UPDATE that makes the change), who has joined, the raised hands, and the household's customer sign-ins as the
 * pass named them at start (kept current from planning.household.changed.v1). One running meeting per household: a
 * partial unique index, so two advisors' screens starting at once get the same meeting.
 */
export const meetings: Migration = {
  name: '006_meetings',
  async up(knex) {
    await knex.schema.createTable('meetings', (t) => {
      t.uuid('id').primary();
      t.uuid('household_id').notNullable();
      t.string('household_name', 160).notNullable();
      t.uuid('advisor_id').notNullable();
      t.string('advisor_name', 160).notNullable();
      t.jsonb('customer_user_ids').notNullable().defaultTo('[]');
      t.string('status', 16).notNullable().defaultTo('running');
      t.integer('seq').notNullable().defaultTo(0);
      t.jsonb('view').notNullable();
      t.string('control', 16).notNullable().defaultTo('advisor');
      t.jsonb('participants').notNullable().defaultTo('[]');
      t.jsonb('hands').notNullable().defaultTo('[]');
      t.timestamp('advisor_away_since', { useTz: true }).nullable();
      t.timestamp('started_at', { useTz: true }).notNullable();
      t.timestamp('ended_at', { useTz: true }).nullable();
      t.string('end_reason', 32).nullable();
      t.index(['advisor_id'], 'meetings_advisor');
    });
    await knex.raw("CREATE UNIQUE INDEX meetings_one_running ON meetings (household_id) WHERE status = 'running'");
    await knex.raw("CREATE INDEX meetings_running_away ON meetings (advisor_away_since) WHERE status = 'running'");
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('meetings');
  },
};
