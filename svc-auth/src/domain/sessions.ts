import type { auth, EventPayload } from '@kinfolio/contracts';
import { enqueueEvent, type Identity, identity, type Knex, type ServiceContext, unauthorized } from '@kinfolio/service-kit';
import { findSessionWithUser, insertSession, liveTokenHashes, revokeSessions, type SessionRow, touchSession } from '../data/session.repository';
import type { UserRow } from '../data/user.repository';
import { newSessionToken, sha256hex } from './crypto';
import { randomUUID } from 'node:crypto';

/** A session ends after this long without use (the gateway re-verifies at least every cache TTL). */
export const SESSION_IDLE_DAYS = 30;
/** ...and in any case this long after sign-in. */
export const SESSION_MAX_DAYS = 90;
/** Write-through cache entry the gateway reads (`session:<sha256hex(token)>`). */
export const SESSION_CACHE_TTL_SEC = 60;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export const sessionCacheKey = (tokenHash: string) => `session:${tokenHash}`;

export function sessionIdentity(session: Pick<SessionRow, 'id'>, user: UserRow): auth.SessionIdentity {
  return {
    session_id: session.id,
    user_id: user.id,
    type: user.type,
    membership_status: user.membership_status,
    trial_ends_at: user.trial_ends_at ? new Date(user.trial_ends_at).toISOString() : null,
    status: user.status,
    registered_at: new Date(user.created_at).toISOString(),
  };
}

function isLive(session: SessionRow, user: UserRow, now: Date): boolean {
  if (session.revoked_at) return false;
  if (new Date(session.expires_at).getTime() <= now.getTime()) return false;
  if (new Date(session.last_seen_at).getTime() + SESSION_IDLE_DAYS * DAY_MS <= now.getTime()) return false;
  return user.status === 'active';
}

/** Opens a new session (a new token at every sign-in) and caches its identity for the gateway. */
export async function openSession(
  ctx: ServiceContext,
  user: UserRow,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = newSessionToken();
  const tokenHash = sha256hex(token);
  const session = await insertSession(ctx.db, {
    id: randomUUID(),
    user_id: user.id,
    token_hash: tokenHash,
    expires_at: new Date(Date.now() + SESSION_MAX_DAYS * DAY_MS),
    ip: meta.ip?.slice(0, 64) ?? null,
    user_agent: meta.userAgent?.slice(0, 256) ?? null,
  });
  await cacheIdentity(ctx, tokenHash, sessionIdentity(session, user));
  return { token, session };
}

async function cacheIdentity(ctx: ServiceContext, tokenHash: string, id: auth.SessionIdentity): Promise<void> {
  await ctx.ports.cache.set(sessionCacheKey(tokenHash), JSON.stringify(id), SESSION_CACHE_TTL_SEC).catch((err: unknown) => {
    ctx.logger.warn({ err }, 'could not cache the session identity');
  });
}

/** Drops cached identities; a cache error is logged, never fatal (entries expire within the TTL anyway). */
export async function dropCachedSessions(ctx: ServiceContext, tokenHashes: string[]): Promise<void> {
  if (!tokenHashes.length) return;
  await ctx.ports.cache.del(...tokenHashes.map(sessionCacheKey)).catch((err: unknown) => {
    ctx.logger.warn({ err }, 'could not drop cached sessions');
  });
}

/** After a change to a user (status, membership): the gateway must ask again on the next request. */
export async function dropCachedSessionsOf(ctx: ServiceContext, db: Knex, userId: string): Promise<void> {
  await dropCachedSessions(ctx, await liveTokenHashes(db, userId));
}

/** POST /internal/sessions/verify: the identity of a live token, or 401 'Invalid token'. */
export async function verifyToken(ctx: ServiceContext, token: string): Promise<auth.SessionIdentity> {
  const tokenHash = sha256hex(token);
  const found = await findSessionWithUser(ctx.db, { token_hash: tokenHash });
  const now = new Date();
  if (!found || !isLive(found.session, found.user, now)) throw unauthorized();
  if (now.getTime() - new Date(found.session.last_seen_at).getTime() > TOUCH_EVERY_MS) await touchSession(ctx.db, found.session.id, now);
  const id = sessionIdentity(found.session, found.user);
  await cacheIdentity(ctx, tokenHash, id);
  return id;
}

/**
 * Revokes sessions inside the caller's transaction and announces them (auth.sessions.revoked.v1, same transaction),
 * so svc-support closes their open sockets. Every revocation goes through here. Returns the token hashes to drop
 * from the gateway's cache once committed.
 */
export async function revokeAndAnnounce(
  trx: Knex.Transaction,
  where: { id: string; user_id: string } | { user_id: string },
  reason: EventPayload<'auth.sessions.revoked.v1'>['reason'],
): Promise<string[]> {
  const revoked = await revokeSessions(trx, where);
  if (revoked.length) {
    await enqueueEvent(trx, 'auth.sessions.revoked.v1', { user_id: where.user_id, session_ids: revoked.map((r) => r.id), reason });
  }
  return revoked.map((r) => r.token_hash);
}

/** Revokes one session of a user by its token (rotation at sign-in: the token the browser held before). */
export async function revokeToken(ctx: ServiceContext, token: string): Promise<void> {
  const found = await findSessionWithUser(ctx.db, { token_hash: sha256hex(token) });
  if (!found || found.session.revoked_at) return;
  const hashes = await ctx.tx((trx) => revokeAndAnnounce(trx, { id: found.session.id, user_id: found.session.user_id }, 'signin'));
  await dropCachedSessions(ctx, hashes);
}

export async function revokeSessionById(ctx: ServiceContext, userId: string, sessionId: string): Promise<void> {
  const hashes = await ctx.tx((trx) => revokeAndAnnounce(trx, { id: sessionId, user_id: userId }, 'logout'));
  await dropCachedSessions(ctx, hashes);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in caller. The gateway verified the session already; svc-auth owns sessions, so it checks again that
 * the session is live and belongs to the user and type the headers claim (a revoked session is refused here too).
 */
export async function requireCaller(ctx: ServiceContext): Promise<{ id: Identity; user: UserRow }> {
  const id = identity();
  if (!UUID.test(id.sessionId) || !UUID.test(id.userId)) throw unauthorized();
  const found = await findSessionWithUser(ctx.db, { id: id.sessionId });
  if (!found || found.session.user_id !== id.userId || found.user.type !== id.type || !isLive(found.session, found.user, new Date())) {
    throw unauthorized();
  }
  return { id, user: found.user };
}
