import { AppError } from '@kinfolio/service-kit';

/** PostgreSQL unique violation (a race lost against a concurrent insert of the same e-mail or username). */
export { isUniqueViolation } from '@kinfolio/service-kit';

export const EMAIL_TAKEN = 'This email is already registered';
export const USERNAME_TAKEN = 'This user name is already taken';
export const emailTaken = () => new AppError(409, EMAIL_TAKEN, { errors: [{ email: [EMAIL_TAKEN] }] });
export const usernameTaken = () => new AppError(409, USERNAME_TAKEN, { errors: [{ username: [USERNAME_TAKEN] }] });
