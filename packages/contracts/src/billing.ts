import { z } from 'zod';
import { Id, ok } from './common';

// Contracts of svc-billing: request and reply schemas. Owned by the svc-billing work.

/** Longest extension an admin may grant in one call (days). */
export const TRIAL_EXTEND_MAX_DAYS = 90;
/** Latest end an admin may set: this many days from now. */
export const TRIAL_ENDS_AT_MAX_DAYS = 365;

export const TrialStatus = z.enum(['active', 'ended']);
export type TrialStatus = z.infer<typeof TrialStatus>;
/** Why a trial ended: it ran out, the advisor or an admin ended it, or the user was deleted. */
export const TrialEndReason = z.enum(['expired', 'ended_by_advisor', 'ended_by_admin', 'user_deleted']);
export type TrialEndReason = z.infer<typeof TrialEndReason>;

/** A trial as the API shows it. */
export const Trial = z.object({
  id: Id,
  user_id: Id,
  status: TrialStatus,
  started_at: z.string(),
  ends_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: TrialEndReason.nullable(),
});
export type Trial = z.infer<typeof Trial>;

/**
 * PATCH trial/{id}/update (`id` is the advisor's user id). Exactly one change per call:
 * - `status: 'ended'`: end the trial now (the advisor on their own trial, or an admin);
 * - `extend_days` (1..90): admins only; the end moves by that many days from the later of the current end and
 *   now, and an ended trial is reopened;
 * - `ends_at` (ISO date-time, in the future, at most 365 days ahead): admins only; sets the end, reopening an
 *   ended trial.
 */
export const TrialUpdateBody = z
  .strictObject({
    extend_days: z
      .number({ error: 'Enter a whole number of days' })
      .int({ message: 'Enter a whole number of days' })
      .min(1, { message: 'Extend by at least 1 day' })
      .max(TRIAL_EXTEND_MAX_DAYS, { message: `Extend by at most ${TRIAL_EXTEND_MAX_DAYS} days` })
      .optional(),
    ends_at: z.iso.datetime({ offset: true, message: 'Enter a date and time in ISO 8601 format' }).optional(),
    status: z.literal('ended', { error: "status can only be 'ended'" }).optional(),
  })
  .refine((b) => [b.extend_days, b.ends_at, b.status].filter((v) => v !== undefined).length === 1, {
    message: 'Give exactly one of extend_days, ends_at or status',
    path: ['body'],
  });
export type TrialUpdateBody = z.infer<typeof TrialUpdateBody>;
export const TrialReply = ok(Trial);

/** Membership lookup record (spec §7 "Membership lookup": a list of records with status). */
export const MembershipRecordStatus = z.enum(['activated', 'expired', 'cancelled']);
export const MembershipRecord = z.object({
  id: Id,
  user_id: Id,
  kind: z.enum(['trial', 'subscription']),
  status: MembershipRecordStatus,
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type MembershipRecord = z.infer<typeof MembershipRecord>;
export const MembershipReply = ok(z.array(MembershipRecord));

/** Spec §7: membership counts as activated when any record has status activated. */
export function membershipActivated(records: ReadonlyArray<Pick<MembershipRecord, 'status'>>): boolean {
  return records.some((r) => r.status === 'activated');
}
