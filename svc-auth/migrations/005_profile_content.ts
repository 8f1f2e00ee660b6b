import type { Migration } from '@kinfolio/service-kit';

/**
 * Expert positioning (spec platform-shell §1, §7 'Advisor profile', 'Admin' advisor-meta): the profile fields an
 * admin defines (advisor_meta), each advisor's values for them (profile_meta_data), the advisor's testimonials, and
 * customers' reviews and ratings of their advisor (published ones show on the public page).
 */
export const profileContent: Migration = {
  name: '005_profile_content',
  async up(knex) {
    await knex.schema.createTable('advisor_meta', (t) => {
      t.uuid('id').primary();
      t.string('title', 120).notNullable();
      t.string('placeholder', 200).nullable();
      t.integer('position').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['position']);
    });
    await knex.schema.createTable('profile_meta_data', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.uuid('meta_id').notNullable().references('id').inTable('advisor_meta').onDelete('CASCADE');
      t.text('value').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['advisor_id', 'meta_id']);
    });
    await knex.schema.createTable('testimonials', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('name', 120).notNullable();
      t.string('designation', 120).nullable();
      t.text('content').notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['advisor_id', 'position']);
    });
    await knex.schema.createTable('reviews', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.uuid('customer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.smallint('rating').notNullable();
      t.text('review').notNullable();
      t.boolean('is_published').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      /** One review per customer and advisor: a customer edits theirs rather than adding more. */
      t.unique(['customer_id', 'advisor_id']);
      t.index(['advisor_id', 'is_published']);
    });
    await knex.raw('alter table reviews add constraint reviews_rating_range check (rating between 1 and 5)');
  },
  async down(knex) {
    await knex.schema.dropTable('reviews');
    await knex.schema.dropTable('testimonials');
    await knex.schema.dropTable('profile_meta_data');
    await knex.schema.dropTable('advisor_meta');
  },
};
