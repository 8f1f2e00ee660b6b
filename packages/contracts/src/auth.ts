import { z } from 'zod';
import { Gender, Id, ok, Page, Timestamp, UserType } from './common';
import {
  CleanString,
  CountryCode,
  Email,
  LoginPassword,
  Otp,
  Password,
  Phone,
  PlainText,
  Username,
} from './validation';

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
  .regex(/^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)?\/?[A-Za-z0-9._~%/-]*(\?[A-Za-z0-9._~%=&-]*)?$/, {
    message: 'Enter a valid file path',
  });

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
  trial_ends_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type User = z.infer<typeof User>;

export const RegisterBody = z.strictObject({
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

export const LoginBody = z.strictObject({ email: Email, password: LoginPassword });
/**
 * The sign-in reply: the user only. The session token goes out as the HttpOnly kf_session cookie and never in the
 * JSON, where any script on the page (an injected one too) could read it (issue 10 item 11).
 */
export const LoginReply = ok(z.object({ user: User }));

/** E-mail OTP verification (spec OTP form: email, otp). */
export const VerifyOtpBody = z.strictObject({ email: Email, otp: Otp });
/** Mobile OTP verification (sign-up form field contact_otp). */
export const VerifyMobileOtpBody = z.strictObject({ email: Email, contact_otp: Otp });
/** (Re)send the e-mail and mobile codes for an account that is not verified yet. */
export const VerifyEmailBody = z.strictObject({ email: Email });
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

export const ForgotPasswordBody = z.strictObject({ email: Email });
/** Reset with the code mailed by forgot-password. */
export const ResetPasswordBody = z.strictObject({ email: Email, otp: Otp, password: Password });
/** First password of an account created without one (a customer added by an advisor), with the mailed code. */
export const CreatePasswordBody = ResetPasswordBody;
export const MessageReply = z.object({ message: z.string(), data: z.unknown().optional() });

export const UserReply = ok(User);
export const UpdateUserBody = z.strictObject({
  user_id: Id,
  username: Username.optional(),
  name: PlainText(120)
    .pipe(z.string().min(1, { message: 'Enter name' }))
    .optional(),
  designation: PlainText(120).optional(),
  business_email: Email.or(z.literal('')).optional(),
  business_phone: z
    .string()
    .trim()
    .regex(/^\+?[\d ]{6,20}$/, { message: 'Enter a valid phone number' })
    .or(z.literal(''))
    .optional(),
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

/* ----- Expert positioning: advisor meta (admin), profile meta data, testimonials, reviews and ratings ----- */

const required = (message: string) => z.string().min(1, { message });
/** Review and rating bounds (a customer rates their advisor 1 to 5). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const POSITION_MAX = 10_000;
const Position = z.number().int().min(0).max(POSITION_MAX);

/** A profile field advisors fill in (admin CMS 'advisor meta data'), e.g. 'Languages spoken', 'Qualifications'. */
export const AdvisorMeta = z.object({
  id: Id,
  title: z.string(),
  placeholder: z.string().nullable(),
  position: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdvisorMeta = z.infer<typeof AdvisorMeta>;
export const AdvisorMetaCreateBody = z.strictObject({
  title: PlainText(120).pipe(required('Enter title')),
  placeholder: PlainText(200).optional(),
  position: Position.optional(),
});
export type AdvisorMetaCreateBody = z.infer<typeof AdvisorMetaCreateBody>;
export const AdvisorMetaUpdateBody = AdvisorMetaCreateBody.partial();
export type AdvisorMetaUpdateBody = z.infer<typeof AdvisorMetaUpdateBody>;
/** PUT admin/advisor-meta/bulk-update: positions (and optionally titles) of several fields at once. */
export const AdvisorMetaBulkBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: Id, position: Position, title: PlainText(120).pipe(required('Enter title')).optional() }))
    .min(1)
    .max(200),
});
export type AdvisorMetaBulkBody = z.infer<typeof AdvisorMetaBulkBody>;
export const AdvisorMetaReply = ok(AdvisorMeta);
export const AdvisorMetaListReply = ok(z.array(AdvisorMeta));

/** An advisor's value for one advisor meta field; `id` and `value` are null while the advisor has none. */
export const ProfileMetaField = z.object({
  id: Id.nullable(),
  meta_id: Id,
  title: z.string(),
  placeholder: z.string().nullable(),
  position: z.number().int(),
  value: z.string().nullable(),
});
export type ProfileMetaField = z.infer<typeof ProfileMetaField>;
export const ProfileMetaValue = PlainText(1000, { multiline: true });
export const ProfileMetaCreateBody = z.strictObject({ meta_id: Id, value: ProfileMetaValue.pipe(required('Enter value')) });
export type ProfileMetaCreateBody = z.infer<typeof ProfileMetaCreateBody>;
export const ProfileMetaUpdateBody = z.strictObject({ value: ProfileMetaValue.pipe(required('Enter value')) });
/** POST advisor/bulk-update/profile-meta-data: every field at once; an empty value removes the advisor's value. */
export const ProfileMetaBulkBody = z.strictObject({
  items: z.array(z.strictObject({ meta_id: Id, value: ProfileMetaValue })).max(200),
});
export type ProfileMetaBulkBody = z.infer<typeof ProfileMetaBulkBody>;
export const ProfileMetaReply = ok(ProfileMetaField);
export const ProfileMetaListReply = ok(z.array(ProfileMetaField));

export const Testimonial = z.object({
  id: Id,
  name: z.string(),
  designation: z.string().nullable(),
  content: z.string(),
  position: z.number().int(),
  created_at: Timestamp,
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialCreateBody = z.strictObject({
  name: PlainText(120).pipe(required('Enter name')),
  designation: PlainText(120).optional(),
  content: PlainText(1000, { multiline: true }).pipe(required('Enter testimonial')),
  position: Position.optional(),
});
export type TestimonialCreateBody = z.infer<typeof TestimonialCreateBody>;
/** PATCH advisor/testimonial/{id}: any of the fields; `position` moves it (the others shift). */
export const TestimonialUpdateBody = TestimonialCreateBody.partial();
export type TestimonialUpdateBody = z.infer<typeof TestimonialUpdateBody>;
export const TestimonialReply = ok(Testimonial);
export const TestimonialListReply = ok(z.array(Testimonial));

/** A customer's review of their advisor; only published ones reach the public page. */
export const Review = z.object({
  id: Id,
  advisor_id: Id,
  customer_id: Id,
  customer_name: z.string(),
  rating: z.number().int(),
  review: z.string(),
  is_published: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Review = z.infer<typeof Review>;
const Rating = z
  .number({ error: 'Choose a rating from 1 to 5' })
  .int({ message: 'Choose a rating from 1 to 5' })
  .min(RATING_MIN, { message: 'Choose a rating from 1 to 5' })
  .max(RATING_MAX, { message: 'Choose a rating from 1 to 5' });
export const ReviewCreateBody = z.strictObject({
  rating: Rating,
  review: PlainText(1000, { multiline: true }).pipe(required('Enter review')),
});
export type ReviewCreateBody = z.infer<typeof ReviewCreateBody>;
/**
 * PATCH customer/review-and-ratings/{id}/update: the customer who wrote it changes rating and text (which takes
 * it off the public page until the advisor publishes it again); the advisor reviewed sets `is_published`.
 */
export const ReviewUpdateBody = z.strictObject({
  rating: Rating.optional(),
  review: PlainText(1000, { multiline: true }).pipe(required('Enter review')).optional(),
  is_published: z.boolean().optional(),
});
export type ReviewUpdateBody = z.infer<typeof ReviewUpdateBody>;
export const ReviewReply = ok(Review);
export const ReviewListReply = ok(z.array(Review));

/** What the public page shows of a published review: the reviewer's first name and last initial only. */
export const PublicReview = z.object({
  id: Id,
  name: z.string(),
  rating: z.number().int(),
  review: z.string(),
  created_at: Timestamp,
});
export type PublicReview = z.infer<typeof PublicReview>;

/**
 * GET advisor/public: the public details (AdvisorPublic, which the gateway's og tags read) plus the expert
 * positioning content of the public page: meta data, testimonials, published reviews with their average and count.
 */
export const AdvisorPublicPage = AdvisorPublic.extend({
  meta: z.array(z.object({ title: z.string(), value: z.string() })),
  testimonials: z.array(Testimonial.pick({ id: true, name: true, designation: true, content: true })),
  reviews: z.array(PublicReview),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** The lead magnets the advisor shows on the page (issue 15); a visitor downloads one after leaving name and e-mail. */
  lead_magnets: z.array(z.object({ id: z.string(), title: z.string(), description: z.string().nullable() })),
});
export type AdvisorPublicPage = z.infer<typeof AdvisorPublicPage>;
export const AdvisorPublicReply = ok(AdvisorPublicPage);

/** Admin user list (POST admin/get-filtered-users, filter body). */
export const FilteredUsersBody = z.strictObject({
  status: z.enum(['active', 'deactivated']).optional(),
  type: UserType.optional(),
  search: PlainText(100).optional(),
  /**
   * Pending registrations (admin Subscriptions): `unverified` — e-mail or mobile number not verified yet; `no_plan` —
   * verified but not on a paid plan (membership none, trial or expired); `any` — either. Usually with type 'advisor'.
   */
  pending: z
    .enum(['unverified', 'no_plan', 'any'], { error: "pending must be 'unverified', 'no_plan' or 'any'" })
    .optional(),
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
export const UserStatusBody = z.strictObject({ status: UserStatus });

/** Permissions (values not shown in the spec: a permission is a key with a boolean grant). */
export const Permission = z.object({ key: z.string(), granted: z.boolean() });
export type Permission = z.infer<typeof Permission>;
export const PermissionsReply = ok(z.array(Permission));
export const PermissionUpsertBody = z.strictObject({
  permissions: z
    .array(z.strictObject({ key: z.string().regex(/^[a-z0-9_.:-]{1,100}$/), granted: z.boolean() }))
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
  trial_ends_at: Timestamp.nullable(),
  status: UserStatus,
  registered_at: Timestamp,
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

/* ----- Lead magnets (issue 15): admin files offered to advisors, advisors' own, and a visitor's download ----- */

/** File types a lead magnet may be (the existing upload flow's documents and images, checked by content). */
export const LEAD_MAGNET_EXTENSIONS = ['.pdf', '.pptx', '.xlsx', '.jpg', '.jpeg', '.png', '.webp'] as const;
export const LEAD_MAGNET_TYPE_MESSAGE = 'Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets';
/** A key the upload calls handed out (`storage/user/{media|documents}/{owner id}/{name}`) of an allowed type. */
export const LeadMagnetFileKey = z
  .string()
  .max(300)
  .regex(/^storage\/user\/(media|documents)\/([0-9a-f-]{36})\/([A-Za-z0-9][A-Za-z0-9._ -]{0,199})$/, {
    message: 'Must be a key returned by an upload call',
  })
  .refine((k) => LEAD_MAGNET_EXTENSIONS.some((e) => k.toLowerCase().endsWith(e)), {
    message: LEAD_MAGNET_TYPE_MESSAGE,
  });
/**
 * Which advisors may offer an admin lead magnet: every advisor, only the advisors granted the permission
 * `lm:<lead magnet id>` (POST admin/permissions/{advisor id}/upsert, or advisor_ids here), or none.
 */
export const LeadMagnetAccess = z.enum(['all', 'listed', 'none'], {
  error: "access must be 'all', 'listed' or 'none'",
});
export type LeadMagnetAccess = z.infer<typeof LeadMagnetAccess>;
export const LEAD_MAGNET_PERMISSION_PREFIX = 'lm:';
const MagnetTitle = PlainText(120).pipe(required('Enter title'));
const MagnetDescription = PlainText(1000, { multiline: true });
const MagnetFileName = PlainText(200);

export const AdminLeadMagnet = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  file_key: z.string(),
  file_name: z.string(),
  published: z.boolean(),
  access: LeadMagnetAccess,
  /** With access 'listed': the advisors granted it. */
  advisor_ids: z.array(Id),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminLeadMagnet = z.infer<typeof AdminLeadMagnet>;
export const AdminLeadMagnetCreateBody = z.strictObject({
  title: z.preprocess((v) => (v === undefined || v === null ? '' : v), MagnetTitle),
  description: MagnetDescription.optional(),
  file_key: LeadMagnetFileKey,
  file_name: MagnetFileName.optional(),
  published: z.boolean().default(false),
  access: LeadMagnetAccess.default('all'),
  advisor_ids: z.array(Id).max(1000).optional(),
});
export type AdminLeadMagnetCreateBody = z.infer<typeof AdminLeadMagnetCreateBody>;
export const AdminLeadMagnetUpdateBody = z.strictObject({
  title: MagnetTitle.optional(),
  description: MagnetDescription.optional(),
  file_key: LeadMagnetFileKey.optional(),
  file_name: MagnetFileName.optional(),
  published: z.boolean().optional(),
  access: LeadMagnetAccess.optional(),
  advisor_ids: z.array(Id).max(1000).optional(),
});
export type AdminLeadMagnetUpdateBody = z.infer<typeof AdminLeadMagnetUpdateBody>;
export const AdminLeadMagnetReply = ok(AdminLeadMagnet);
export const AdminLeadMagnetListReply = ok(z.array(AdminLeadMagnet));

/** One lead magnet the advisor offers: their own upload, or an admin one they were permitted to use. */
export const AdvisorLeadMagnet = z.object({
  id: Id,
  source: z.enum(['own', 'admin']),
  lead_magnet_id: Id.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  file_name: z.string(),
  show_on_page: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdvisorLeadMagnet = z.infer<typeof AdvisorLeadMagnet>;
/** An admin lead magnet the advisor may pick. */
export const AvailableLeadMagnet = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  file_name: z.string(),
});
export type AvailableLeadMagnet = z.infer<typeof AvailableLeadMagnet>;
export const AdvisorLeadMagnets = z.object({
  mine: z.array(AdvisorLeadMagnet),
  available: z.array(AvailableLeadMagnet),
});
export type AdvisorLeadMagnets = z.infer<typeof AdvisorLeadMagnets>;
export const AdvisorLeadMagnetsReply = ok(AdvisorLeadMagnets);
/** Either `lead_magnet_id` (a permitted admin one) or an own upload (`title` and `file_key`). */
export const AdvisorLeadMagnetCreateBody = z
  .strictObject({
    lead_magnet_id: Id.optional(),
    title: MagnetTitle.optional(),
    description: MagnetDescription.optional(),
    file_key: LeadMagnetFileKey.optional(),
    file_name: MagnetFileName.optional(),
    show_on_page: z.boolean().default(true),
  })
  .superRefine((b, c) => {
    if (b.lead_magnet_id) {
      if (b.file_key)
        c.addIssue({ code: 'custom', path: ['file_key'], message: 'Upload a file or choose a lead magnet, not both' });
      return;
    }
    if (!b.title) c.addIssue({ code: 'custom', path: ['title'], message: 'Enter title' });
    if (!b.file_key) c.addIssue({ code: 'custom', path: ['file_key'], message: 'Upload a file' });
  });
export type AdvisorLeadMagnetCreateBody = z.infer<typeof AdvisorLeadMagnetCreateBody>;
/** Own ones: any field; admin ones: only show_on_page (their title and file are the admin's). */
export const AdvisorLeadMagnetUpdateBody = z.strictObject({
  title: MagnetTitle.optional(),
  description: MagnetDescription.optional(),
  file_key: LeadMagnetFileKey.optional(),
  file_name: MagnetFileName.optional(),
  show_on_page: z.boolean().optional(),
});
export type AdvisorLeadMagnetUpdateBody = z.infer<typeof AdvisorLeadMagnetUpdateBody>;
export const AdvisorLeadMagnetReply = ok(AdvisorLeadMagnet);

/** POST advisor/public/lead-magnets/{id}/download (public, the host names the advisor). */
export const LEAD_MAGNET_CONSENT_MESSAGE = 'Please agree to be contacted to download this file';
export const LeadMagnetDownloadBody = z.strictObject({
  name: PlainText(100).pipe(required('Enter name')),
  email: Email,
  consent: z.literal(true, { error: LEAD_MAGNET_CONSENT_MESSAGE }),
});
export type LeadMagnetDownloadBody = z.infer<typeof LeadMagnetDownloadBody>;
/** A short-lived URL of the file (a few minutes). */
export const LeadMagnetDownloadReply = ok(z.object({ url: z.string() }));
