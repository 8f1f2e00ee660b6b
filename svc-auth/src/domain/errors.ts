import { AppError } from '@kinfolio/service-kit';

/** PostgreSQL unique violation (a race lost against a concurrent insert of the same e-mail or username). */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (!column) return true;
  return [e.constraint, e.detail, e.message].some((v) => typeof v === 'string' && v.includes(column));
}

export const EMAIL_TAKEN = 'This email is already registered';
export const USERNAME_TAKEN = 'This user name is already taken';
export const emailTaken = () => new AppError(409, EMAIL_TAKEN, { errors: [{ email: [EMAIL_TAKEN] }] });
export const usernameTaken = () => new AppError(409, USERNAME_TAKEN, { errors: [{ username: [USERNAME_TAKEN] }] });
