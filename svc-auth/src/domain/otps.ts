import { randomUUID } from 'node:crypto';
import { AppError, type Knex, type ServiceContext } from '@kinfolio/service-kit';
import { countAttempt, type OtpPurpose, type OtpRow, pendingOtp, replaceOtp } from '../data/otp.repository';
import { newOtp, otpHash, sameHex } from './crypto';

/** Codes are valid 10 minutes and allow 5 wrong tries (sign-up, mobile, password reset). */
export const OTP_TTL_MIN = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** A customer's first create-password code arrives in an invitation mail: it lives longer (see docs/decisions/auth.md). */
export const CREATE_PASSWORD_TTL_HOURS = 72;

export const OTP_INVALID = 'Invalid or expired code';
export const OTP_LOCKED = 'Too many incorrect attempts. Request a new code.';

function ttlMs(purpose: OtpPurpose): number {
  return purpose === 'password_create' ? CREATE_PASSWORD_TTL_HOURS * 3_600_000 : OTP_TTL_MIN * 60_000;
}

/** Issues a new code for `purpose` (replacing a pending one) and returns it for sending. */
export async function issueOtp(ctx: ServiceContext, db: Knex, userId: string, purpose: OtpPurpose): Promise<string> {
  const code = newOtp();
  await replaceOtp(db, {
    id: randomUUID(),
    user_id: userId,
    purpose,
    code_hash: otpHash(ctx.config.INTERNAL_SECRET, userId, purpose, code),
    expires_at: new Date(Date.now() + ttlMs(purpose)),
  });
  return code;
}

const invalid = (field: string, message = OTP_INVALID) => new AppError(400, message, { errors: [{ [field]: [message] }] });

/**
 * Checks a code without consuming it. A wrong code counts an attempt (outside any transaction, so the count
 * survives the refusal); the fifth wrong try locks the code. Returns the matching pending code.
 */
export async function checkOtp(
  ctx: ServiceContext,
  userId: string | undefined,
  purposes: OtpPurpose[],
  code: string,
  field: string,
): Promise<OtpRow> {
  if (!userId) throw invalid(field);
  const row = await ctx.db.transaction((trx) => pendingOtp(trx, userId, purposes));
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw invalid(field);
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw invalid(field, OTP_LOCKED);
  if (!sameHex(row.code_hash, otpHash(ctx.config.INTERNAL_SECRET, userId, row.purpose, code))) {
    await countAttempt(ctx.db, row.id);
    throw invalid(field, row.attempts + 1 >= OTP_MAX_ATTEMPTS ? OTP_LOCKED : OTP_INVALID);
  }
  return row;
}

/** Marks a checked code used (inside the transaction that applies its effect). */
export async function useOtp(trx: Knex.Transaction, row: OtpRow, field: string): Promise<void> {
  const n = await trx('otps').where({ id: row.id }).whereNull('consumed_at').update({ consumed_at: new Date() });
  if (!n) throw invalid(field);
}


/** The messages that carry codes: the code stands alone as a 6-digit number in the text. */
export async function mailCode(ctx: ServiceContext, to: string, kind: 'verify' | 'reset' | 'create', code: string, name?: string): Promise<void> {
  const minutes = `${OTP_TTL_MIN} minutes`;
  const message =
    kind === 'verify'
      ? { subject: 'Your Kinfolio verification code', text: `Hello ${name ?? ''},\n\nYour Kinfolio verification code is ${code}. It expires in ${minutes}.\n\nIf you did not sign up, ignore this e-mail.` }
      : kind === 'reset'
        ? { subject: 'Reset your Kinfolio password', text: `Your code to reset your Kinfolio password is ${code}. It expires in ${minutes}.\n\nIf you did not ask for it, ignore this e-mail.` }
        : {
            subject: 'Create your Kinfolio password',
            text: `Hello ${name ?? ''},\n\nYour advisor has added you to Kinfolio. Your code to create your password is ${code}. It expires in ${CREATE_PASSWORD_TTL_HOURS} hours.\n\nCreate your password at ${ctx.config.PUBLIC_URL}/customer/auth/create-password?email=${encodeURIComponent(to)}\n\nThen sign in at ${ctx.config.PUBLIC_URL}/customer/auth/login.`,
          };
  try {
    await ctx.ports.mailer.send({ to, ...message });
  } catch (err) {
    ctx.logger.error({ err, kind }, 'could not send the code by e-mail');
  }
}

export async function smsCode(ctx: ServiceContext, to: string, code: string): Promise<void> {
  try {
    await ctx.ports.sms.send({ to, text: `Your Kinfolio verification code is ${code}. It expires in ${OTP_TTL_MIN} minutes.` });
  } catch (err) {
    ctx.logger.error({ err }, 'could not send the code by SMS');
  }
}
