import type { Migration } from '@kinfolio/service-kit';

/**
 * What svc-planning knows of each advisor's membership, from svc-billing's billing.membership.changed.v1 (issue 30
 * item 3): a public on-boarding submission is taken only for an advisor whose trial or subscription allows it. A
 * membership event may arrive before the advisor's registration event, so the name may be unknown ('') for a while.
 * `membership_status` stays null for advisors stored before this migration until billing next says something
 * (docs/decisions/planning.md).
 */
export const advisorMembership: Migration = {
  name: '014_advisor_membership',
  async up(knex) {
    await knex.schema.alterTable('advisors', (t) => {
      t.string('membership_status', 20).nullable();
      t.timestamp('trial_ends_at', { useTz: true }).nullable();
      t.timestamp('registered_at', { useTz: true }).nullable();
      t.timestamp('membership_at', { useTz: true }).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('advisors', (t) => {
      t.dropColumn('membership_status');
      t.dropColumn('trial_ends_at');
      t.dropColumn('registered_at');
      t.dropColumn('membership_at');
    });
  },
};
