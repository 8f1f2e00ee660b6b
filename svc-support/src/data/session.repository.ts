import type { Knex } from '@kinfolio/service-kit';

/** Remembers sessions svc-auth revoked (a redelivered event changes nothing). */
export async function recordRevokedSessions(
  trx: Knex.Transaction,
  userId: string,
  sessionIds: string[],
  at: Date,
): Promise<void> {
  const revokedAt = Number.isNaN(at.getTime()) ? new Date() : at;
  await trx('revoked_sessions')
    .insert(sessionIds.map((id) => ({ session_id: id, user_id: userId, revoked_at: revokedAt })))
    .onConflict('session_id')
    .ignore();
}

export async function isSessionRevoked(db: Knex, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return true;
  return Boolean(await db('revoked_sessions').where({ session_id: sessionId.toLowerCase() }).first('session_id'));
}
