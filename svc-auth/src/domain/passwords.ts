import type { ServiceContext } from '@kinfolio/service-kit';
import { findUserByEmail, updateUser } from '../data/user.repository';
import type { Kind } from './accounts';
import { assertStrongPassword, hashPassword } from './crypto';
import { checkOtp, issueOtp, mailCode, useOtp } from './otps';
import { dropCachedSessions, revokeAndAnnounce } from './sessions';

export const FORGOT_SENT = 'If an account exists for this e-mail, we have sent a code to reset the password.';
export const PASSWORD_RESET = 'Your password has been reset. Please sign in.';
export const PASSWORD_CREATED = 'Your password has been created. Please sign in.';

/** Advisors' door (forget/password, reset/password, create/password) serves advisors and admins. */
const ofKind = (kind: Kind, type: string) => (kind === 'customer' ? type === 'customer' : type === 'advisor' || type === 'admin');

/** PATCH forget/password, customer/auth/forgot-password: mails a reset code; the reply is the same for unknown e-mails. */
export async function forgotPassword(ctx: ServiceContext, email: string, kind: Kind): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !ofKind(kind, user.type) || user.status !== 'active') return;
  const code = await ctx.tx((trx) => issueOtp(ctx, trx, user.id, 'password_reset'));
  await mailCode(ctx, user.email, 'reset', code, user.name);
}

/**
 * PATCH reset/password, create/password (and the customer ones): a new password with the mailed code. The code
 * proves the e-mail, so it is marked verified; every session of the user is revoked.
 */
export async function setPasswordWithCode(
  ctx: ServiceContext,
  body: { email: string; otp: string; password: string },
  kind: Kind,
  purpose: 'reset' | 'create',
): Promise<string> {
  assertStrongPassword(body.password);
  const found = await findUserByEmail(ctx.db, body.email);
  const user = found && ofKind(kind, found.type) && found.status === 'active' ? found : undefined;
  const purposes = purpose === 'create' ? (['password_create'] as const) : (['password_reset', 'password_create'] as const);
  const row = await checkOtp(ctx, user?.id, [...purposes], body.otp, 'otp');
  const password_hash = await hashPassword(body.password);
  const revoked = await ctx.tx(async (trx) => {
    await useOtp(trx, row, 'otp');
    await updateUser(trx, user!.id, { password_hash, email_verified: true });
    return revokeAndAnnounce(trx, { user_id: user!.id }, 'password');
  });
  await dropCachedSessions(ctx, revoked);
  ctx.logger.info({ userId: user!.id, purpose }, 'password set with a mailed code');
  return purpose === 'create' ? PASSWORD_CREATED : PASSWORD_RESET;
}
