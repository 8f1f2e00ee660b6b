import type { Knex } from '@kinfolio/service-kit';

export type OtpPurpose = 'email_verify' | 'mobile_verify' | 'password_create' | 'password_reset';

export interface OtpRow {
  id: string;
  user_id: string;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: Date;
}

/** Replaces any pending code of the same purpose: only the newest code works. */
export async function replaceOtp(db: Knex, row: Omit<OtpRow, 'attempts' | 'consumed_at' | 'created_at'>): Promise<void> {
  await db('otps').where({ user_id: row.user_id, purpose: row.purpose }).whereNull('consumed_at').delete();
  await db('otps').insert(row);
}

/** The newest pending (unconsumed) code of one of the purposes, locked for the attempt count. */
export async function pendingOtp(db: Knex, userId: string, purposes: OtpPurpose[]): Promise<OtpRow | undefined> {
  return db<OtpRow>('otps')
    .where({ user_id: userId })
    .whereIn('purpose', purposes)
    .whereNull('consumed_at')
    .orderBy('created_at', 'desc')
    .first()
    .forUpdate();
}

export async function countAttempt(db: Knex, id: string): Promise<void> {
  await db('otps').where({ id }).increment('attempts', 1);
}

export async function consumeOtp(db: Knex, id: string): Promise<void> {
  await db('otps').where({ id }).update({ consumed_at: new Date() });
}
