import type { Migration } from '@kinfolio/service-kit';

/**
 * Users of all three kinds (spec platform-shell §3 User). E-mail is unique across kinds (stored lowercased);
 * username is unique among those set (the advisor's sub-domain). Membership fields mirror billing's events.
 */
export const users: Migration = {
  name: '001_users',
  async up(knex) {
    await knex.schema.createTable('users', (t) => {
      t.uuid('id').primary();
      t.string('type', 16).notNullable();
      t.string('name', 120).notNullable();
      t.string('email', 254).notNullable().unique();
      t.string('password_hash', 255).nullable();
      t.string('username', 63).nullable().unique();
      t.string('profile_image', 1000).nullable();
      t.string('gender', 8).notNullable().defaultTo('male');
      t.string('referral_id', 32).notNullable().unique();
      t.string('contact_number', 20).nullable();
      t.string('country_code', 8).nullable();
      t.text('bio').nullable();
      t.string('designation', 120).nullable();
      t.string('business_email', 254).nullable();
      t.string('business_phone', 24).nullable();
      t.string('status', 16).notNullable().defaultTo('active');
      t.boolean('email_verified').notNullable().defaultTo(false);
      t.boolean('mobile_verified').notNullable().defaultTo(false);
      t.uuid('advisor_id').nullable().references('id').inTable('users').onDelete('SET NULL');
      t.string('membership_status', 16).notNullable().defaultTo('none');
      t.timestamp('trial_ends_at', { useTz: true }).nullable();
      /** occurredAt of the billing event last applied (older, re-ordered events are ignored). */
      t.timestamp('membership_event_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['type', 'status']);
      t.index(['advisor_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('users');
  },
};
