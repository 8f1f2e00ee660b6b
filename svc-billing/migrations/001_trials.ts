import type { Migration } from '@kinfolio/service-kit';

/**
 * Trials: one per advisor (unique user_id, so a duplicated registration event can never open a second one).
 * Subscriptions: the minimal record the trial expiry and the membership lookup need; the payments work adds its
 * plan, provider and period columns to it.
 */
export const trials: Migration = {
  name: '001_trials',
  async up(knex) {
    await knex.schema.createTable('trials', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().unique();
      t.string('status', 16).notNullable().defaultTo('active');
      t.timestamp('started_at', { useTz: true }).notNullable();
      t.timestamp('ends_at', { useTz: true }).notNullable();
      t.timestamp('ended_at', { useTz: true }).nullable();
      t.string('end_reason', 32).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw("ALTER TABLE trials ADD CONSTRAINT trials_status_check CHECK (status IN ('active', 'ended'))");
    // The expiry sweep's scan: active trials by end.
    await knex.raw("CREATE INDEX trials_active_ends_at ON trials (ends_at) WHERE status = 'active'");

    await knex.schema.createTable('subscriptions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().index();
      t.string('status', 16).notNullable();
      t.timestamp('starts_at', { useTz: true }).notNullable();
      t.timestamp('ends_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(
      "ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'cancelled', 'expired'))",
    );
  },
  async down(knex) {
    await knex.schema.dropTable('subscriptions');
    await knex.schema.dropTable('trials');
  },
};
