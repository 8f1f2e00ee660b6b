import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { argon2id, hash as argonHash, verify as argonVerify } from 'argon2';
import { badRequest } from '@kinfolio/service-kit';
import { isCommonPassword } from './common-passwords';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON2_OPTIONS);
}

/** A hash of a random password, verified against when no account matches so timing does not reveal accounts. */
let dummyHash: Promise<string> | null = null;
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argonVerify(hash, password);
  } catch {
    return false;
  }
}

/** A new password must not be a common one (the length rules are in the contract's Password schema). */
export function assertStrongPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest('This password is too common. Choose a less common password.', field);
}

/** Session tokens: 32 random bytes (256 bits), base64url; only their sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}
export function sha256hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code, uniformly random. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
/** Codes are stored as a keyed HMAC (a leaked table cannot be brute-forced without the key). */
export function otpHash(secret: string, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', `${secret}:otp`).update(`${userId}|${purpose}|${code}`).digest('hex');
}
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The advisor's referral id (used in the Add customer link): 10 characters of an unambiguous alphabet. */
export function newReferralId(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}
