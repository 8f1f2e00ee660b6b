import type { Knex } from '@kinfolio/service-kit';

/**
 * A record kind's table as migrations 003 to 018 made it (PK (id), FKs on household_id and member_id alone).
 * Migrations are history: they keep making the shape they made then, and migration 022 turns it into today's
 * (src/records/schema.ts createRecordTable: advisor_id first in the PK, composite FKs). Today's shape cannot be made
 * before 022, since its FKs name households (advisor_id, id), which has no key before 022.
 */
export async function createRecordTableV1(knex: Knex, name: string): Promise<void> {
  await knex.schema.createTable(name, (t) => {
    t.uuid('id').primary();
    t.uuid('advisor_id').notNullable();
    t.uuid('household_id').notNullable().references('id').inTable('households').onDelete('CASCADE');
    t.uuid('member_id').nullable().references('id').inTable('members').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['advisor_id', 'household_id', 'position'], `${name}_owner_idx`);
    t.index(['member_id'], `${name}_member_idx`);
  });
}
