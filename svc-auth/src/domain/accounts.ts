import { randomUUID } from 'node:crypto';
import type { auth } from '@kinfolio/contracts';
import { enqueueEvent, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { findUserByEmail, findUserById, insertUser, toUser, updateUser, type UserRow } from '../data/user.repository';
import { assertStrongPassword, hashPassword, newReferralId } from './crypto';
import { emailTaken, isUniqueViolation } from './errors';
import { checkOtp, issueOtp, mailCode, smsCode, useOtp } from './otps';
import { openSession } from './sessions';
import { advisorContact } from './users';

export type Kind = 'advisor' | 'customer';

const mobileOf = (u: Pick<UserRow, 'country_code' | 'contact_number'>) => {
  if (!u.contact_number) return null;
  const cc = (u.country_code ?? '').replace(/^\+?/, '+');
  return `${cc === '+' ? '' : cc}${u.contact_number}`;
};

/**
 * Advisor sign-up (POST register, POST trial/register): an unverified advisor, an e-mail code and a mobile code,
 * and auth.advisor.registered.v1 through the outbox so billing opens the 14-day trial. An e-mail that belongs to
 * an advisor who never verified it may sign up again (new details and codes; no second event).
 */
export async function registerAdvisor(
  ctx: ServiceContext,
  body: auth.RegisterBody,
): Promise<{ user_id: string; email: string }> {
  assertStrongPassword(body.password);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing && (existing.type !== 'advisor' || existing.email_verified)) throw emailTaken();
  const password_hash = await hashPassword(body.password);
  const details = {
    name: body.name,
    password_hash,
    bio: body.bio || null,
    contact_number: body.contact_number,
    country_code: body.country_code.replace(/^\+?/, '+'),
    profile_image: body.profile_image || null,
    gender: body.gender,
  };
  let codes: { email: string; mobile: string };
  let user: UserRow;
  try {
    ({ user, codes } = await ctx.tx(async (trx) => {
      let row: UserRow;
      if (existing) {
        row = (await updateUser(trx, existing.id, { ...details, mobile_verified: false }))!;
      } else {
        row = await insertUser(trx, {
          id: randomUUID(),
          type: 'advisor',
          email: body.email,
          referral_id: newReferralId(),
          ...details,
        });
        await enqueueEvent(trx, 'auth.advisor.registered.v1', {
          user_id: row.id,
          email: row.email,
          name: row.name,
          registered_at: new Date(row.created_at).toISOString(),
          ...advisorContact(row),
        });
      }
      const email = await issueOtp(ctx, trx, row.id, 'email_verify');
      const mobile = await issueOtp(ctx, trx, row.id, 'mobile_verify');
      return { user: row, codes: { email, mobile } };
    }));
  } catch (err) {
    if (isUniqueViolation(err, 'email')) throw emailTaken();
    throw err;
  }
  await mailCode(ctx, user.email, 'verify', codes.email, user.name);
  const to = mobileOf(user);
  if (to) await smsCode(ctx, to, codes.mobile);
  ctx.logger.info({ userId: user.id, again: Boolean(existing) }, 'advisor registered');
  return { user_id: user.id, email: user.email };
}

async function userOfKind(ctx: ServiceContext, email: string, kind: Kind): Promise<UserRow | undefined> {
  const user = await findUserByEmail(ctx.db, email);
  return user && user.type === kind && user.status === 'active' ? user : undefined;
}

const verified = (u: UserRow) => ({ email_verified: u.email_verified, mobile_verified: u.mobile_verified });
const fullyVerified = (u: UserRow) => u.email_verified && u.mobile_verified;

/** Who is verifying: recorded on the session a completed verification opens. */
export interface VerifyMeta {
  ip?: string;
  userAgent?: string;
}

export type VerifiedResult = auth.Verified;

/**
 * The reply of a verification. The call that completes an advisor's sign-up (both codes now verified, not before)
 * also opens a session: whoever holds both fresh single-use codes is the person who just signed up, so they go on
 * signed in instead of typing the password again (issue 10 item 16). Later calls never open one.
 */
async function verifiedReply(
  ctx: ServiceContext,
  before: UserRow,
  after: UserRow,
  kind: Kind,
  meta: VerifyMeta,
): Promise<VerifiedResult> {
  if (kind !== 'advisor' || fullyVerified(before) || !fullyVerified(after) || after.status !== 'active')
    return verified(after);
  const { token } = await openSession(ctx, after, meta);
  ctx.logger.info({ userId: after.id }, 'advisor verified and signed in');
  return { ...verified(after), token, user: toUser(after) };
}

/**
 * POST auth/verify-otp and customer/auth/verify-otp: the e-mail code. An advisor's sign-up code is used up; a
 * customer confirms the code of their invitation (or reset) mail, which stays usable for create/reset password.
 */
export async function verifyEmailOtp(
  ctx: ServiceContext,
  body: { email: string; otp: string },
  kind: Kind,
  meta: VerifyMeta = {},
): Promise<VerifiedResult> {
  const user = await userOfKind(ctx, body.email, kind);
  if (kind === 'customer') {
    await checkOtp(ctx, user?.id, ['password_create', 'password_reset', 'email_verify'], body.otp, 'otp');
    return verified((await updateUser(ctx.db, user!.id, { email_verified: true }))!);
  }
  const row = await checkOtp(ctx, user?.id, ['email_verify'], body.otp, 'otp');
  const saved = await ctx.tx(async (trx) => {
    await useOtp(trx, row, 'otp');
    return updateUser(trx, user!.id, { email_verified: true });
  });
  return verifiedReply(ctx, user!, saved!, kind, meta);
}

/** POST auth/verify-mobile-otp and customer/auth/verify-mobile-otp: the SMS code (`contact_otp`). */
export async function verifyMobileOtp(
  ctx: ServiceContext,
  body: { email: string; contact_otp: string },
  kind: Kind,
  meta: VerifyMeta = {},
): Promise<VerifiedResult> {
  const user = await userOfKind(ctx, body.email, kind);
  const row = await checkOtp(ctx, user?.id, ['mobile_verify'], body.contact_otp, 'contact_otp');
  const saved = await ctx.tx(async (trx) => {
    await useOtp(trx, row, 'contact_otp');
    return updateUser(trx, user!.id, { mobile_verified: true });
  });
  return verifiedReply(ctx, user!, saved!, kind, meta);
}

/** POST auth/verify-email: new codes for whatever is not verified yet. The reply never reveals whether the account exists. */
export async function resendVerification(ctx: ServiceContext, email: string): Promise<void> {
  const user = await userOfKind(ctx, email, 'advisor');
  if (!user || (user.email_verified && user.mobile_verified)) return;
  const codes = await ctx.tx(async (trx) => ({
    email: user.email_verified ? null : await issueOtp(ctx, trx, user.id, 'email_verify'),
    mobile: user.mobile_verified ? null : await issueOtp(ctx, trx, user.id, 'mobile_verify'),
  }));
  if (codes.email) await mailCode(ctx, user.email, 'verify', codes.email, user.name);
  const to = mobileOf(user);
  if (codes.mobile && to) await smsCode(ctx, to, codes.mobile);
}

/**
 * POST /internal/customers: an advisor's new customer (no password yet). Mails a create-password code and emits
 * auth.customer.created.v1.
 */
export async function createCustomer(ctx: ServiceContext, body: auth.InternalCreateCustomerBody): Promise<auth.User> {
  const advisor = await findUserById(ctx.db, body.advisor_id);
  if (!advisor || advisor.type !== 'advisor' || advisor.status !== 'active') throw notFound('Advisor not found');
  if (await findUserByEmail(ctx.db, body.email)) throw emailTaken();
  let created: { user: UserRow; code: string };
  try {
    created = await ctx.tx(async (trx) => {
      const user = await insertUser(trx, {
        id: randomUUID(),
        type: 'customer',
        name: body.name,
        email: body.email,
        gender: body.gender,
        advisor_id: advisor.id,
        referral_id: newReferralId(),
      });
      const code = await issueOtp(ctx, trx, user.id, 'password_create');
      await enqueueEvent(trx, 'auth.customer.created.v1', {
        user_id: user.id,
        advisor_id: advisor.id,
        email: user.email,
        name: user.name,
      });
      return { user, code };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'email')) throw emailTaken();
    throw err;
  }
  await mailCode(ctx, created.user.email, 'create', created.code, created.user.name);
  return toUser(created.user);
}
