import type { auth } from '@kinfolio/contracts';
import { AppError, type ServiceContext } from '@kinfolio/service-kit';
import { findUserByEmail, toUser } from '../data/user.repository';
import { verifyPassword } from './crypto';
import { openSession, revokeToken } from './sessions';

export const BAD_CREDENTIALS = 'Invalid email or password';
export const NOT_VERIFIED = 'Please verify your e-mail address and mobile number before signing in.';
export const DEACTIVATED = 'Your account has been deactivated. Please contact support.';

/** A sign-in refused for a wrong password or unknown account (what the login throttles count as a failure). */
export const isBadCredentials = (err: unknown): boolean =>
  err instanceof AppError && err.status === 401 && err.message === BAD_CREDENTIALS;

/** Which user types each sign-in endpoint accepts: auth/login for advisors and admins, customer/auth/login for customers. */
export type SignInDoor = 'staff' | 'customer';
const accepts = (door: SignInDoor, type: string) =>
  door === 'customer' ? type === 'customer' : type === 'advisor' || type === 'admin';

/**
 * Sign-in: checks the password (a dummy hash when there is no such account, so timing reveals nothing), refuses a
 * deactivated or unverified account, and opens a new session with a new token. The token the browser presented,
 * if any, is revoked (rotation: a session never survives a sign-in).
 */
export async function signIn(
  ctx: ServiceContext,
  body: { email: string; password: string },
  door: SignInDoor,
  meta: { ip?: string; userAgent?: string; presentedToken?: string },
): Promise<{ token: string; user: auth.User }> {
  const found = await findUserByEmail(ctx.db, body.email);
  const user = found && accepts(door, found.type) ? found : undefined;
  const ok = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !ok) throw new AppError(401, BAD_CREDENTIALS, { errors: [{ password: [BAD_CREDENTIALS] }] });
  if (user.status !== 'active') throw new AppError(403, DEACTIVATED);
  if (user.type === 'advisor' && !(user.email_verified && user.mobile_verified)) {
    throw new AppError(403, NOT_VERIFIED, { errors: [{ email: [NOT_VERIFIED] }] });
  }
  if (meta.presentedToken) await revokeToken(ctx, meta.presentedToken);
  const { token } = await openSession(ctx, user, meta);
  ctx.logger.info({ userId: user.id, type: user.type }, 'signed in');
  return { token, user: toUser(user) };
}
