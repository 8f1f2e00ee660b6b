import type { auth } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

type Permission = auth.Permission;

export async function listPermissions(db: Knex, userId: string, prefix?: string): Promise<auth.Permission[]> {
  const rows: Permission[] = await db('permissions')
    .where({ user_id: userId })
    .modify((q) => {
      if (prefix) q.where('key', 'like', `${prefix}%`);
    })
    .orderBy('key')
    .select('key', 'granted');
  return rows.map((r) => ({ key: r.key, granted: Boolean(r.granted) }));
}

export async function upsertPermissions(db: Knex, userId: string, items: Permission[]): Promise<void> {
  const now = new Date();
  // Last one wins when a key repeats in one request.
  const byKey = new Map(items.map((p) => [p.key, p.granted]));
  const rows = [...byKey].map(([key, granted]) => ({ user_id: userId, key, granted, updated_at: now }));
  await db('permissions').insert(rows).onConflict(['user_id', 'key']).merge(['granted', 'updated_at']);
}
