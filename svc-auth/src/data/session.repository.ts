import type { Knex } from '@kinfolio/service-kit';
import type { UserRow } from './user.repository';

export interface SessionRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export async function insertSession(db: Knex, row: Omit<SessionRow, 'created_at' | 'last_seen_at' | 'revoked_at'>): Promise<SessionRow> {
  const [saved] = await db('sessions').insert(row).returning('*');
  return saved as SessionRow;
}

/** The session and its user (two indexed lookups per verification). */
export async function findSessionWithUser(
  db: Knex,
  where: { token_hash: string } | { id: string },
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db<SessionRow>('sessions').where(where).first();
  if (!session) return undefined;
  const user = await db<UserRow>('users').where({ id: session.user_id }).first();
  return user ? { session, user } : undefined;
}

export async function touchSession(db: Knex, id: string, at: Date): Promise<void> {
  await db('sessions').where({ id }).update({ last_seen_at: at });
}

/** Revokes sessions; returns the ids and token hashes revoked (to announce them, and drop them from the gateway's cache). */
export async function revokeSessions(
  db: Knex,
  where: { id: string; user_id: string } | { user_id: string },
): Promise<Array<{ id: string; token_hash: string }>> {
  return db('sessions').where(where).whereNull('revoked_at').update({ revoked_at: new Date() }).returning(['id', 'token_hash']);
}

/** Token hashes of the user's live sessions (to drop cached identities after a change). */
export async function liveTokenHashes(db: Knex, userId: string): Promise<string[]> {
  const rows: Array<{ token_hash: string }> = await db('sessions').where({ user_id: userId }).whereNull('revoked_at').where('expires_at', '>', new Date()).select('token_hash');
  return rows.map((r) => r.token_hash);
}
