import type { Migration } from '@kinfolio/service-kit';
import { lastHouseholds } from './002_last_households';

/** The last-posted-household stand-in is gone: net-worth and the calculations read stored households (issue 11). */
export const dropLastHouseholds: Migration = {
  name: '004_drop_last_households',
  async up(knex) {
    await knex.schema.dropTableIfExists('last_households');
  },
  async down(knex) {
    await lastHouseholds.up(knex);
  },
};
