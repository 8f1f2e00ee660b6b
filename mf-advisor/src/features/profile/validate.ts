import { auth } from '@kinfolio/contracts';

export interface BasicDetails {
  name: string;
  designation: string;
  business_email: string;
  business_phone: string;
}
export type FieldErrors = Partial<Record<keyof BasicDetails, string>>;
export const FIELDS: ReadonlyArray<keyof BasicDetails> = ['name', 'designation', 'business_email', 'business_phone'];

/**
 * Validates the Expert Positioning basic details with the same schema the server applies (contracts
 * `auth.UpdateUserBody`), so the form and svc-auth never disagree. Returns the trimmed body or the field errors.
 */
export function validateBasicDetails(
  userId: string,
  v: BasicDetails,
): { ok: true; body: auth.UpdateUserBody } | { ok: false; errors: FieldErrors } {
  const candidate = {
    user_id: userId,
    name: v.name.trim(),
    designation: v.designation.trim(),
    business_email: v.business_email.trim(),
    business_phone: v.business_phone.trim(),
  };
  const parsed = auth.UpdateUserBody.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
      const k = field as keyof BasicDetails;
      errors[k] ??= issue.message;
    }
  }
  // A failure outside the four fields (e.g. a malformed user id) still needs a visible message.
  if (Object.keys(errors).length === 0) errors.name = parsed.error.issues[0]?.message ?? 'Something went wrong';
  return { ok: false, errors };
}

/** Field errors from an API error reply's `errors: [{ field: [msg] }]` (spec §8), for the form's fields only. */
export function fieldErrorsFromReply(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(errors)) return out;
  for (const entry of errors) {
    if (typeof entry !== 'object' || entry === null) continue;
    for (const [k, msgs] of Object.entries(entry as Record<string, unknown>)) {
      if ((FIELDS as readonly string[]).includes(k) && Array.isArray(msgs) && typeof msgs[0] === 'string') {
        out[k as keyof BasicDetails] ??= msgs[0];
      }
    }
  }
  return out;
}
