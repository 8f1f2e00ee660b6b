import { z } from 'zod';
import { Gender, Id, ok, Page, UserType } from './common';
import { CleanString, CountryCode, Email, LoginPassword, Otp, Password, Phone, PlainText, Username } from './validation';

export const MembershipStatus = z.enum(['none', 'trial', 'active', 'expired']);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

export const UserStatus = z.enum(['active', 'deactivated']);

/**
 * A stored media path or URL (profile image): relative path or http(s) URL of plain URL characters, so no markup,
 * quotes or spaces can be stored in a field that ends up in an <img src> or page metadata.
 */
export const MediaPath = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)?\/?[A-Za-z0-9._~%/-]*(\?[A-Za-z0-9._~%=&-]*)?$/, { message: 'Enter a valid file path' });

/** A user as the API shows it (spec platform-shell §3 User, plus what the shell's screens read). */
export const User = z.object({
  id: Id,
  type: UserType,
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
  gender: Gender,
  referral_id: z.string().nullable(),
  contact_number: z.string().nullable(),
  country_code: z.string().nullable(),
  bio: z.string().nullable(),
  designation: z.string().nullable(),
  business_email: z.string().nullable(),
  business_phone: z.string().nullable(),
  status: UserStatus,
  email_verified: z.boolean(),
  mobile_verified: z.boolean(),
  advisor_id: Id.nullable(),
  membership_status: MembershipStatus,
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const RegisterBody = z.object({
  name: PlainText(120).pipe(z.string().min(1, { message: 'Enter name' })),
  email: Email,
  password: Password,
  bio: PlainText(1000, { multiline: true }).optional(),
  contact_number: Phone,
  country_code: CountryCode,
  profile_image: MediaPath.optional(),
  gender: Gender.default('male'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
export const RegisterReply = ok(z.object({ user_id: Id, email: z.string() }));

export const LoginBody = z.object({ email: Email, password: LoginPassword });
/**
 * The sign-in reply: the user only. The session token goes out as the HttpOnly kf_session cookie and never in the
 * JSON, where any script on the page (an injected one too) could read it (issue 10 item 11).
 */
export const LoginReply = ok(z.object({ user: User }));

/** E-mail OTP verification (spec OTP form: email, otp). */
export const VerifyOtpBody = z.object({ email: Email, otp: Otp });
/** Mobile OTP verification (sign-up form field contact_otp). */
export const VerifyMobileOtpBody = z.object({ email: Email, contact_otp: Otp });
/** (Re)send the e-mail and mobile codes for an account that is not verified yet. */
export const VerifyEmailBody = z.object({ email: Email });
/**
 * The call that completes an advisor's verification also opens a session: its user comes in the reply, its token
 * (kept here for svc-auth's own use) only as the HttpOnly cookie, never in the JSON (see LoginReply).
 */
export const Verified = z.object({
  email_verified: z.boolean(),
  mobile_verified: z.boolean(),
  token: z.string().optional(),
  user: User.optional(),
});
export type Verified = z.infer<typeof Verified>;
export const VerifiedReply = ok(Verified.omit({ token: true }));

export const ForgotPasswordBody = z.object({ email: Email });
/** Reset with the code mailed by forgot-password. */
export const ResetPasswordBody = z.object({ email: Email, otp: Otp, password: Password });
/** First password of an account created without one (a customer added by an advisor), with the mailed code. */
export const CreatePasswordBody = ResetPasswordBody;
export const MessageReply = z.object({ message: z.string(), data: z.unknown().optional() });

export const UserReply = ok(User);
export const UpdateUserBody = z.object({
  user_id: Id,
  username: Username.optional(),
  name: PlainText(120).pipe(z.string().min(1, { message: 'Enter name' })).optional(),
  designation: PlainText(120).optional(),
  business_email: Email.or(z.literal('')).optional(),
  business_phone: z.string().trim().regex(/^\+?[\d ]{6,20}$/, { message: 'Enter a valid phone number' }).or(z.literal('')).optional(),
  bio: PlainText(1000, { multiline: true }).optional(),
  gender: Gender.optional(),
  profile_image: MediaPath.or(z.literal('')).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** Advisor's public details, fetched by the sub-domain of the host (spec §3). */
export const AdvisorPublic = z.object({
  name: z.string(),
  username: z.string(),
  designation: z.string().nullable(),
  business_email: z.string().nullable(),
  email: z.string(),
  business_phone: z.string().nullable(),
  contact_number: z.string().nullable(),
  og_image: z.string().nullable(),
});
export type AdvisorPublic = z.infer<typeof AdvisorPublic>;
export const AdvisorPublicReply = ok(AdvisorPublic);

/** Admin user list (POST admin/get-filtered-users, filter body). */
export const FilteredUsersBody = z.object({
  status: z.enum(['active', 'deactivated']).optional(),
  type: UserType.optional(),
  search: PlainText(100).optional(),
  page: z.number().int().min(1).max(100000).default(1),
  page_size: z.number().int().min(1).max(200).default(20),
});
export const FilteredUsersReply = ok(Page(User));
export const UsersStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  deactivated: z.number().int(),
  admins: z.number().int(),
  advisors: z.number().int(),
  customers: z.number().int(),
  on_trial: z.number().int(),
});
export type UsersStats = z.infer<typeof UsersStats>;
export const UsersStatsReply = ok(UsersStats);
export const UserStatusBody = z.object({ status: UserStatus });

/** Permissions (values not shown in the spec: a permission is a key with a boolean grant). */
export const Permission = z.object({ key: z.string(), granted: z.boolean() });
export type Permission = z.infer<typeof Permission>;
export const PermissionsReply = ok(z.array(Permission));
export const PermissionUpsertBody = z.object({
  permissions: z
    .array(z.object({ key: z.string().regex(/^[a-z0-9_.:-]{1,100}$/), granted: z.boolean() }))
    .min(1)
    .max(100),
});

/** trial/register: the free-trial entry from /subscription: sign-up and trial in one step. */
export const TrialRegisterBody = RegisterBody;

/** Internal (POST /internal/customers): an advisor's new customer; svc-auth mails a create-password code. */
export const InternalCreateCustomerBody = z.object({
  advisor_id: Id,
  name: PlainText(120).pipe(z.string().min(1, { message: 'Enter name' })),
  email: Email,
  gender: Gender.default('male'),
});
export type InternalCreateCustomerBody = z.infer<typeof InternalCreateCustomerBody>;

/** Internal (POST /internal/sessions/verify): the gateway asks who a session token belongs to. */
export const VerifySessionBody = z.object({ token: CleanString(512).pipe(z.string().min(1)) });

/** Internal (GET /internal/dev/outbox): the offline mail or SMS outbox, for the gateway's /dev/mailbox. */
export const DevOutboxQuery = z.object({ kind: z.enum(['mail', 'sms']), to: CleanString(254).optional() });

/** Internal: what the gateway learns about a session. */
export const SessionIdentity = z.object({
  session_id: z.string(),
  user_id: Id,
  type: UserType,
  membership_status: MembershipStatus,
  trial_ends_at: z.string().nullable(),
  status: UserStatus,
  registered_at: z.string(),
});
export type SessionIdentity = z.infer<typeof SessionIdentity>;

export type { UserType };
export { Username };

/** Free trial length (spec platform-shell §9). */
export const TRIAL_DAYS = 14;
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'Your free trial has ended. Please choose a subscription to continue.';

/**
 * May this user use advisor features now? Admins and customers always; an advisor with an active subscription,
 * or a trial that has not ended. 'none' means billing has not opened the trial yet (for example while the broker
 * was down at registration): the advisor is treated as on a pending trial for TRIAL_DAYS after registering.
 */
export function membershipAllows(
  m: Pick<SessionIdentity, 'type' | 'membership_status' | 'trial_ends_at' | 'registered_at'>,
  now: Date = new Date(),
): boolean {
  if (m.type !== 'advisor') return true;
  switch (m.membership_status) {
    case 'active':
      return true;
    case 'trial':
      return m.trial_ends_at !== null && Date.parse(m.trial_ends_at) > now.getTime();
    case 'none':
      return Date.parse(m.registered_at) + TRIAL_DAYS * 86_400_000 > now.getTime();
    default:
      return false;
  }
}
