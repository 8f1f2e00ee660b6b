import { z } from 'zod';

/** The three kinds of user (spec platform-shell §3). */
export const UserType = z.enum(['admin', 'advisor', 'customer']);
export type UserType = z.infer<typeof UserType>;

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;

export const Id = z.string().uuid();

/** A person's age in whole years: the projection and the schemes' tables (rates, allocation, reliefs) go by whole age. */
export const WholeAge = z.number().int({ message: 'Use a whole number of years' }).min(0).max(120);

/**
 * Every error reply has this shape (spec §8: the client reads data.error, or data.errors' first entry's first
 * value, else data.message, else 'Something went wrong').
 */
export const ErrorBody = z.object({
  message: z.string(),
  error: z.string().optional(),
  errors: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  action: z.literal('redirect').optional(),
  route: z.string().optional(),
  correlationId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Every success reply: `{ message?, data }` (the client reads `data.data`). */
export const ok = <T extends z.ZodType>(data: T) => z.object({ message: z.string().optional(), data });
export type Ok<T> = { message?: string; data: T };

export const Page = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});

/** Internal headers the gateway sets after verifying a session; services accept them only when signed. */
export const InternalHeaders = {
  userId: 'x-kf-user-id',
  userType: 'x-kf-user-type',
  sessionId: 'x-kf-session-id',
  tenant: 'x-kf-tenant',
  timestamp: 'x-kf-identity-ts',
  signature: 'x-kf-identity-sig',
  /** The client's address as the gateway saw it, signed with the identity (services never read X-Forwarded-For). */
  clientAddress: 'x-kf-client-address',
  correlationId: 'x-correlation-id',
} as const;

/** Header the browser sends on every state-changing call so cross-site forms cannot forge them. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'kinfolio';
/** Spec §6: every request carries Authorization-Type with the user type (default advisor). */
export const AUTHORIZATION_TYPE_HEADER = 'authorization-type';
/**
 * Issue 30 item 4: a write (POST/PUT/PATCH/DELETE) may carry a key per user action; a retry with the same key and body
 * within 24 h gets the first reply again, marked with IDEMPOTENT_REPLAYED_HEADER: true, instead of writing twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const SESSION_COOKIE = 'kf_session';
/**
 * The session cookie over https (issue 30 item 8): the `__Host-` prefix makes the browser take it only when it is
 * Secure, Path=/ and has no Domain, so neither a sub-domain nor a plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-kf_session';
/**
 * The session cookie's name for a request's scheme: `__Host-kf_session` when the browser reached us over https (or
 * PUBLIC_URL is https), else `kf_session`. The one that sets it (svc-auth) and the ones that read it (the gateway,
 * svc-auth) agree through this function; over https a plain `kf_session` is never read.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/**
 * Whether a request counts as https: PUBLIC_URL is https, or the scheme the gateway forwards (X-Forwarded-Proto, set by
 * the gateway from its own TLS or from a proxy it trusts, TRUST_PROXY) is https.
 */
export const isSecureRequest = (publicUrl: string, forwardedProto: string | undefined): boolean =>
  publicUrl.startsWith('https:') || (forwardedProto ?? '').split(',')[0]?.trim().toLowerCase() === 'https';

// ---------------------------------------------------------------- dates (issue 30 item 2)
const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * True when `s` is YYYY-MM-DD naming a real day of the Gregorian calendar: month 1-12, the day within that month,
 * Feb 29 only in leap years. (`Date.parse('2025-02-30')` is not a check: V8 rolls it over to March 2.)
 */
export function isCalendarDate(s: string): boolean {
  const m = DAY_SHAPE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] as number;
  return d <= days;
}

/** Why `s` is not a calendar date, for a 400 or a record issue ("2025-02-30 is not a date"). */
export function calendarDateProblem(s: unknown): string | null {
  if (typeof s !== 'string' || !DAY_SHAPE.test(s)) return 'Use a date as YYYY-MM-DD';
  return isCalendarDate(s) ? null : `${s} is not a date`;
}

/**
 * THE date of every contract (a day, YYYY-MM-DD): every date field of a body, query or reply is this schema, so an
 * impossible date (2025-02-30, 2023-02-29, month 13) is a 400 naming the field. contracts/src/dates.test.ts walks
 * every exported schema and route body and fails on a date field that is not checked like this.
 */
export const CalendarDate = z
  .string({ error: 'Use a date as YYYY-MM-DD' })
  .regex(DAY_SHAPE, { message: 'Use a date as YYYY-MM-DD' })
  .refine(isCalendarDate, { error: (iss) => `${String(iss.input)} is not a date` });

/**
 * A point in time in a reply or an event (created_at, updated_at, ends_at...): an ISO 8601 date-time (a `T` or a
 * space after the day, as PostgreSQL writes it) whose day is a real calendar date. Inputs that take a date-time use
 * `IsoDateTime` (strict ISO with an offset).
 */
const STAMP_SHAPE = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
export function isTimestamp(s: string): boolean {
  const m = STAMP_SHAPE.exec(s);
  return !!m && isCalendarDate(m[1] as string);
}
export const Timestamp = z
  .string()
  .refine(isTimestamp, { error: (iss) => `${String(iss.input)} is not a date and time` });
/** A date-time a client sends: ISO 8601 with an offset (zod's check refuses impossible days such as Feb 30). */
export const IsoDateTime = (message = 'Enter a date and time in ISO 8601 format') =>
  z.iso.datetime({ offset: true, message });

/**
 * A stored record a read could not use (issue 30 item 2): an impossible date stored before dates were checked, or
 * any value its contract or the engine now refuses. The read answers without it and lists it here, so the advisor
 * can open the record (kind = its path, id) and fix the field; the rest of the household still shows.
 */
export const RecordIssue = z.object({
  kind: z.string(),
  id: z.string(),
  field: z.string(),
  message: z.string(),
});
export type RecordIssue = z.infer<typeof RecordIssue>;
/** The additive field of every household read that lists the records it left out. */
export const RecordIssues = z.array(RecordIssue).optional();
