import type { Migration } from '@kinfolio/service-kit';

/**
 * Lead magnets (issue 15, spec §7 'Advisor profile' advisor-magnet-files, 'Admin' admin/advisor-magnet-files): files
 * an admin offers to advisors (`lead_magnets`, with who may use each: access 'all', 'listed' — the advisors granted
 * the permission `lm:<id>` in `permissions` — or 'none'), and what each advisor offers on their public page
 * (`advisor_lead_magnets`: their own upload, or a permitted admin one).
 */
export const leadMagnets: Migration = {
  name: '006_lead_magnets',
  async up(knex) {
    await knex.schema.createTable('lead_magnets', (t) => {
      t.uuid('id').primary();
      t.string('title', 120).notNullable();
      t.text('description').nullable();
      t.string('file_key', 300).notNullable();
      t.string('file_name', 200).notNullable();
      t.string('content_type', 120).notNullable();
      t.boolean('published').notNullable().defaultTo(false);
      t.string('access', 10).notNullable().defaultTo('all');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(
      "alter table lead_magnets add constraint lead_magnets_access check (access in ('all', 'listed', 'none'))",
    );
    await knex.schema.createTable('advisor_lead_magnets', (t) => {
      t.uuid('id').primary();
      t.uuid('advisor_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      /** An admin lead magnet the advisor offers (its title and file are the admin's); null for an own upload. */
      t.uuid('lead_magnet_id').nullable().references('id').inTable('lead_magnets').onDelete('CASCADE');
      t.string('title', 120).nullable();
      t.text('description').nullable();
      t.string('file_key', 300).nullable();
      t.string('file_name', 200).nullable();
      t.string('content_type', 120).nullable();
      t.boolean('show_on_page').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      /** An admin lead magnet is offered once per advisor. */
      t.unique(['advisor_id', 'lead_magnet_id']);
      t.index(['advisor_id', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('advisor_lead_magnets');
    await knex.schema.dropTable('lead_magnets');
  },
};
