import type { Knex } from '@kinfolio/service-kit';

export interface SupportUserRow {
  id: string;
  type: string;
  name: string;
  email: string;
  deleted: boolean;
  event_at: Date | string;
}

/**
 * Applies what an event says about a user, unless a newer event was applied already (events may arrive out of
 * order; a redelivered one is stopped earlier by the kit's processed_events).
 */
export async function applyUser(trx: Knex.Transaction, row: SupportUserRow): Promise<void> {
  await trx.raw(
    `INSERT INTO support_users (id, type, name, email, deleted, event_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET type = excluded.type, name = excluded.name, email = excluded.email,
       deleted = excluded.deleted, event_at = excluded.event_at
     WHERE support_users.event_at <= excluded.event_at`,
    [row.id, row.type, row.name, row.email, row.deleted, new Date(row.event_at)],
  );
}

/** Names and e-mails of users (deleted users keep neither). */
export async function findUsers(db: Knex, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = (await db('support_users')
    .whereIn('id', unique)
    .andWhere('deleted', false)
    .select('id', 'name', 'email')) as Array<Pick<SupportUserRow, 'id' | 'name' | 'email'>>;
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}
