import type { Migration } from '@kinfolio/service-kit';

/**
 * The seller's details receipts carry (issue 35): business name, address, registration number, and the tax number
 * when tax registered. Append-only: every admin change is a new row with who made it and when, never an update, so
 * the rows are the audit and a receipt reads the row in force when its transaction was recorded
 * (`transactions.recorded_at`): a later change cannot rewrite a receipt already issued.
 */
export const sellerDetails: Migration = {
  name: '006_seller_details',
  async up(knex) {
    await knex.schema.createTable('seller_details', (t) => {
      t.bigIncrements('id').primary();
      t.string('business_name', 200).notNullable();
      t.text('address').notNullable();
      t.string('registration_number', 50).notNullable();
      t.boolean('tax_registered').notNullable();
      t.string('tax_number', 50).nullable();
      t.uuid('changed_by').notNullable();
      t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['changed_at']);
    });
    // a tax number exactly when registered (the contract says so too; this keeps a stray write from breaking it)
    await knex.raw(
      'ALTER TABLE seller_details ADD CONSTRAINT seller_details_tax_number_when_registered CHECK (tax_registered = (tax_number IS NOT NULL))',
    );
  },
  async down(knex) {
    await knex.schema.dropTable('seller_details');
  },
};
