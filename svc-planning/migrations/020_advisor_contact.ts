import type { Migration } from '@kinfolio/service-kit';

/**
 * The advisor's contact facts the client plan's cover shows (issue 35), from svc-auth's auth.advisor.registered.v1
 * and auth.user.updated.v1: sign-in e-mail, business e-mail and phone, mobile (with its country code) and the key of
 * the profile photo in the shared file store. They come with the name, so the name's `updated_at` dates them too.
 * All null for advisors stored before this migration until svc-auth next speaks of them (docs/decisions/client-plan-h6.md).
 */
export const advisorContact: Migration = {
  name: '020_advisor_contact',
  async up(knex) {
    await knex.schema.alterTable('advisors', (t) => {
      t.string('email', 254).nullable();
      t.string('business_email', 254).nullable();
      t.string('business_phone', 40).nullable();
      t.string('contact_number', 40).nullable();
      t.string('profile_image', 1000).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('advisors', (t) => {
      t.dropColumn('email');
      t.dropColumn('business_email');
      t.dropColumn('business_phone');
      t.dropColumn('contact_number');
      t.dropColumn('profile_image');
    });
  },
};
