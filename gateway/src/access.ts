import { type Access, auth } from '@kinfolio/contracts';
import type { SessionState } from './session';

export const INVALID_TOKEN = 'Invalid token';
export const FORBIDDEN = 'You do not have access to this resource';
export const CSRF_MESSAGE =
  "This request was refused: state-changing calls need the header 'x-requested-with: kinfolio' (sent by the Kinfolio app).";

export type Decision =
  | { ok: true; identity?: auth.SessionIdentity }
  | { ok: false; status: number; body: { message: string; action?: 'redirect'; route?: string } }
  /** svc-auth could not verify the session: 503, never a sign-out. */
  | { ok: false; status: 503; unavailable: true };

/**
 * Who may pass, per route (spec platform-shell §6, §8):
 * - 'public': everyone; a valid session is still forwarded. A bad or revoked token, or an Authorization-Type
 *   that does not match the session, is ignored there and the call goes on as anonymous (so a stale cookie never
 *   blocks signing in).
 * - 'session' or a list of user types: no session or a bad one → 401 'Invalid token'; an Authorization-Type header
 *   naming another user type than the session's → 401 'Invalid token' (the client clears its cookies and signs in
 *   again); a user type not listed → 403.
 * - Advisors on non-public routes not marked withoutMembership need membershipAllows() → else 403 with the
 *   subscription message, action 'redirect' and route '/subscription'.
 * A missing Authorization-Type header is not checked (the spec's default 'advisor' is the client's default).
 */
export function authorize(
  route: { access: Access; withoutMembership?: boolean },
  session: SessionState,
  authorizationType: string | undefined,
  now: Date = new Date(),
): Decision {
  const isPublic = route.access === 'public';
  const wanted = authorizationType?.trim().toLowerCase() || undefined;
  if (session.kind === 'unavailable') return isPublic ? { ok: true } : { ok: false, status: 503, unavailable: true };
  if (session.kind !== 'valid')
    return isPublic ? { ok: true } : { ok: false, status: 401, body: { message: INVALID_TOKEN } };
  const identity = session.identity;
  if (wanted && wanted !== identity.type)
    return isPublic ? { ok: true } : { ok: false, status: 401, body: { message: INVALID_TOKEN } };
  if (isPublic) return { ok: true, identity };
  if (route.access !== 'session' && !route.access.includes(identity.type))
    return { ok: false, status: 403, body: { message: FORBIDDEN } };
  if (identity.type === 'advisor' && !route.withoutMembership && !auth.membershipAllows(identity, now)) {
    return {
      ok: false,
      status: 403,
      body: { message: auth.SUBSCRIPTION_REQUIRED_MESSAGE, action: 'redirect', route: '/subscription' },
    };
  }
  return { ok: true, identity };
}
