import type { z } from 'zod';
import * as auth from './auth';
import * as billing from './billing';
import { ErrorBody } from './common';

export type ServiceName = 'svc-auth' | 'svc-planning' | 'svc-billing' | 'svc-support';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/**
 * Who may call a route. 'public': anyone; 'session': any signed-in user; else the listed user types.
 * The gateway refuses the others before the call reaches the service; services check tenancy themselves.
 */
export type Access = 'public' | 'session' | ReadonlyArray<'admin' | 'advisor' | 'customer'>;

export interface Route {
  method: Method;
  /** Path under /api/v1, express style (`users/:id`). */
  path: string;
  service: ServiceName;
  access: Access;
  /** Advisor calls need a live trial or subscription unless this is set (spec §8 'subscription' redirect). */
  withoutMembership?: boolean;
  /** Login/OTP/reset endpoints: rate-limited by the owning service. */
  summary?: string;
  body?: z.ZodType;
  reply?: z.ZodType;
}

const A = ['admin'] as const;
const ADV = ['advisor'] as const;
const ADV_ADMIN = ['advisor', 'admin'] as const;
const ADV_CUST = ['advisor', 'customer'] as const;

const r = (
  method: Method,
  path: string,
  service: ServiceName,
  access: Access,
  extra: Partial<Pick<Route, 'withoutMembership' | 'summary' | 'body' | 'reply'>> = {},
): Route => ({ method, path, service, access, ...extra });

/** Each path of the spec's call list (platform-shell §7, planning-content §7) and its owning service. */
export const routes: Route[] = [
  // Auth (advisor)
  r('POST', 'register', 'svc-auth', 'public', { summary: 'Advisor sign-up', body: auth.RegisterBody, reply: auth.RegisterReply }),
  r('POST', 'auth/login', 'svc-auth', 'public', { summary: 'Advisor or admin login', body: auth.LoginBody, reply: auth.LoginReply }),
  r('PATCH', 'forget/password', 'svc-auth', 'public', { summary: 'Mail a password reset code', body: auth.ForgotPasswordBody, reply: auth.MessageReply }),
  r('PATCH', 'create/password', 'svc-auth', 'public', { summary: 'Set a first password with the mailed code', body: auth.CreatePasswordBody, reply: auth.MessageReply }),
  r('POST', 'auth/verify-mobile-otp', 'svc-auth', 'public', { body: auth.VerifyMobileOtpBody, reply: auth.VerifiedReply }),
  r('POST', 'auth/verify-otp', 'svc-auth', 'public', { body: auth.VerifyOtpBody, reply: auth.VerifiedReply }),
  r('PATCH', 'reset/password', 'svc-auth', 'public', { body: auth.ResetPasswordBody, reply: auth.MessageReply }),
  r('GET', 'auth/logout', 'svc-auth', 'session', { withoutMembership: true, reply: auth.MessageReply }),
  r('POST', 'auth/verify-email', 'svc-auth', 'public', { summary: 'Send the sign-up codes again', body: auth.VerifyEmailBody, reply: auth.MessageReply }),
  r('POST', 'trial/register', 'svc-auth', 'public', { summary: 'Free-trial sign-up', body: auth.TrialRegisterBody, reply: auth.RegisterReply }),
  // Auth (customer)
  r('POST', 'customer/auth/login', 'svc-auth', 'public', { body: auth.LoginBody, reply: auth.LoginReply }),
  r('PATCH', 'customer/auth/forgot-password', 'svc-auth', 'public', { body: auth.ForgotPasswordBody, reply: auth.MessageReply }),
  r('PATCH', 'customer/create/password', 'svc-auth', 'public', { body: auth.CreatePasswordBody, reply: auth.MessageReply }),
  r('POST', 'customer/auth/verify-mobile-otp', 'svc-auth', 'public', { body: auth.VerifyMobileOtpBody, reply: auth.VerifiedReply }),
  r('POST', 'customer/auth/verify-otp', 'svc-auth', 'public', { body: auth.VerifyOtpBody, reply: auth.VerifiedReply }),
  r('PATCH', 'customer/auth/reset-password', 'svc-auth', 'public', { body: auth.ResetPasswordBody, reply: auth.MessageReply }),
  r('GET', 'customer/auth/logout', 'svc-auth', 'session', { reply: auth.MessageReply }),
  // Users
  r('GET', 'users/me', 'svc-auth', 'session', { withoutMembership: true, reply: auth.UserReply }),
  r('GET', 'users/:id', 'svc-auth', 'session', { withoutMembership: true, reply: auth.UserReply }),
  r('PATCH', 'user/update', 'svc-auth', 'session', { withoutMembership: true, body: auth.UpdateUserBody, reply: auth.UserReply }),
  r('GET', 'advisor/public', 'svc-auth', 'public', { summary: "The tenant advisor's public details, by sub-domain", reply: auth.AdvisorPublicReply }),
  r('PATCH', 'trial/:id/update', 'svc-billing', ADV_ADMIN, { withoutMembership: true, body: billing.TrialUpdateBody, reply: billing.TrialReply }),
  r('GET', 'user/permissions', 'svc-auth', 'session', { reply: auth.PermissionsReply }),
  r('GET', 'user/permissions/:id/LM', 'svc-auth', 'session', { reply: auth.PermissionsReply }),
  // Admin users
  r('POST', 'admin/get-filtered-users', 'svc-auth', A, { body: auth.FilteredUsersBody, reply: auth.FilteredUsersReply }),
  r('GET', 'admin/users-stats', 'svc-auth', A, { reply: auth.UsersStatsReply }),
  r('PATCH', 'admin/get-filtered-users/:id', 'svc-auth', A, { body: auth.UserStatusBody, reply: auth.UserReply }),
  r('DELETE', 'admin/get-filtered-users/:id', 'svc-auth', A, { reply: auth.MessageReply }),
  r('POST', 'admin/permissions/:id/upsert', 'svc-auth', A, { body: auth.PermissionUpsertBody, reply: auth.PermissionsReply }),
  // Advisor profile (svc-auth owns the public profile data)
  r('POST', 'advisor/profile-meta-data', 'svc-auth', ADV),
  r('PATCH', 'advisor/profile-meta-data/:id', 'svc-auth', ADV),
  r('DELETE', 'advisor/profile-meta-data/:id', 'svc-auth', ADV),
  r('POST', 'advisor/bulk-update/profile-meta-data', 'svc-auth', ADV),
  r('POST', 'advisor/testimonial', 'svc-auth', ADV),
  r('PATCH', 'advisor/testimonial/:id', 'svc-auth', ADV),
  r('DELETE', 'advisor/testimonial/:id', 'svc-auth', ADV),
  r('GET', 'advisor-magnet-files', 'svc-auth', ADV),
  r('POST', 'advisor-magnet-files', 'svc-auth', ADV),
  r('PATCH', 'advisor-magnet-files/:id', 'svc-auth', ADV),
  r('DELETE', 'advisor-magnet-files/:id', 'svc-auth', ADV),
  r('GET', 'customer/review-and-ratings', 'svc-auth', 'session'),
  r('POST', 'customer/review-and-ratings/create', 'svc-auth', ['customer']),
  r('PATCH', 'customer/review-and-ratings/:id/update', 'svc-auth', ['customer']),
  r('DELETE', 'customer/review-and-ratings/:id', 'svc-auth', ['customer', 'admin']),
  // Payments and plans
  r('POST', 'auth/card', 'svc-billing', ADV, { withoutMembership: true }),
  r('POST', 'trial/card', 'svc-billing', ADV, { withoutMembership: true }),
  r('GET', 'auth/card/:id/default', 'svc-billing', ADV, { withoutMembership: true }),
  r('GET', 'auth/card', 'svc-billing', ADV, { withoutMembership: true }),
  r('DELETE', 'auth/card/:id', 'svc-billing', ADV, { withoutMembership: true }),
  r('GET', 'membership-plans', 'svc-billing', 'public'),
  r('POST', 'membership-plans', 'svc-billing', A),
  r('GET', 'membership-plans/:id', 'svc-billing', 'public'),
  r('GET', 'subscription-transactions', 'svc-billing', ADV, { withoutMembership: true }),
  r('POST', 'trial/membership-plans', 'svc-billing', ADV, { withoutMembership: true }),
  r('PATCH', 'cancel-membership-plan', 'svc-billing', ADV, { withoutMembership: true }),
  r('PATCH', 'change-subscription-plan', 'svc-billing', ADV, { withoutMembership: true }),
  r('GET', 'membership/:id', 'svc-billing', ADV_ADMIN, { withoutMembership: true, summary: 'Membership lookup by customer id', reply: billing.MembershipReply }),
  r('POST', 'webhooks/stripe', 'svc-billing', 'public', { summary: 'Stripe webhook (signature verified)' }),
  r('GET', 'admin/subscription-transactions-list', 'svc-billing', A),
  r('GET', 'admin/subscribers-list', 'svc-billing', A),
  r('PATCH', 'admin/membership-plans', 'svc-billing', A),
  r('POST', 'admin/notify-user-for-subscription', 'svc-billing', A),
  r('POST', 'admin/notify-user-for-registration', 'svc-billing', A),
  // Support
  r('POST', 'user/query-ticket', 'svc-support', ADV_CUST),
  r('GET', 'user/query-tickets', 'svc-support', ADV_CUST),
  r('GET', 'user/query-ticket/:id', 'svc-support', ADV_CUST),
  r('POST', 'user/query-ticket/:id/reply', 'svc-support', ADV_CUST),
  r('PATCH', 'user/query-ticket/:id/update', 'svc-support', ADV_CUST),
  r('GET', 'admin/query-tickets', 'svc-support', A),
  r('GET', 'admin/query-ticket/:id', 'svc-support', A),
  r('POST', 'admin/query-ticket/:id/reply', 'svc-support', A),
  r('PATCH', 'admin/query-ticket/:id/update', 'svc-support', A),
  r('GET', 'user/faq', 'svc-support', 'public', { withoutMembership: true }),
  r('GET', 'page-walkthrough', 'svc-support', 'public', { withoutMembership: true }),
  r('GET', 'presentations', 'svc-support', 'session', { withoutMembership: true }),
  r('POST', 'log-error', 'svc-support', 'public', { withoutMembership: true, summary: 'Client error log' }),
  r('GET', 'log-errors', 'svc-support', A),
  r('GET', 'user/logs', 'svc-support', 'session', { withoutMembership: true }),
  r('GET', 'admin/user/logs', 'svc-support', A),
  r('POST', 'files/s3-upload', 'svc-support', 'session', { withoutMembership: true }),
  r('POST', 'files/media-upload', 'svc-support', 'session', { withoutMembership: true }),
  r('POST', 'files/signed-upload', 'svc-support', 'session', { withoutMembership: true, summary: 'Signed-upload URL for object_key' }),
  r('POST', 'files/signed-upload/complete', 'svc-support', 'session', { withoutMembership: true, summary: 'Check a file PUT to a signed URL' }),
  r('PUT', 'files/blob/*key', 'svc-support', 'session', { withoutMembership: true, summary: 'Signed PUT target (embedded BlobStore)' }),
  r('GET', 'files/blob/*key', 'svc-support', 'public', { withoutMembership: true, summary: 'Read a stored file' }),
  ...['faq', 'faq-topic', 'faq-answer', 'page-walkthrough', 'presentations'].flatMap((thing) => [
    r('GET', `admin/${thing}`, 'svc-support', A),
    r('POST', `admin/${thing}/create`, 'svc-support', A),
    r('PATCH', `admin/${thing}/:id/update`, 'svc-support', A),
    r('DELETE', `admin/${thing}/:id`, 'svc-support', A),
  ]),
  // Planning: reference data, calculations, drafts, thresholds
  r('GET', 'currency-rates', 'svc-planning', 'public', { withoutMembership: true }),
  r('POST', 'customer/calculate/debt', 'svc-planning', ADV_CUST),
  r('POST', 'customer/calculate/finance', 'svc-planning', ADV_CUST),
  r('POST', 'customer/calculate/data-tables', 'svc-planning', ADV_CUST),
  r('POST', 'customer/calculate/scenario-modelling', 'svc-planning', ADV_CUST),
  r('GET', 'customer/:id/net-worth', 'svc-planning', ADV_CUST),
  r('GET', 'user/threshold', 'svc-planning', 'session'),
  r('GET', 'tableau/token', 'svc-planning', 'session'),
  r('POST', 'share-document', 'svc-planning', 'session'),
  r('POST', 'user/form-steps-draft/create', 'svc-planning', 'session'),
  r('GET', 'user/form-steps-draft/:id/read', 'svc-planning', 'session'),
  r('DELETE', 'user/form-steps-draft/:id', 'svc-planning', 'session'),
  // Fund scraping (spec §7 Admin): editing or removing a scraped fund is an admin call; the rest of
  // investment-funds/** stays readable by any signed-in user through the prefix route below.
  r('PATCH', 'investment-funds/:id', 'svc-planning', A, { summary: 'Edit a scraped investment fund (admin)' }),
  r('DELETE', 'investment-funds/:id', 'svc-planning', A, { summary: 'Remove a scraped investment fund (admin)' }),
];

/**
 * Path prefixes owned wholesale by one service for the records issues that come next (leads, members, insurance,
 * savings, pension, portfolio, debt, dreams, admin reference data). The gateway routes them by prefix.
 */
export const prefixRoutes: Array<{ prefix: string; service: ServiceName; access: Access }> = [
  { prefix: 'leads', service: 'svc-planning', access: ADV },
  { prefix: 'single-lead', service: 'svc-planning', access: ADV },
  { prefix: 'earning-member', service: 'svc-planning', access: ADV_CUST },
  { prefix: 'members', service: 'svc-planning', access: ADV_CUST },
  { prefix: 'customer', service: 'svc-planning', access: ADV_CUST },
  { prefix: 'advisor/leads', service: 'svc-planning', access: ADV },
  { prefix: 'insurance', service: 'svc-planning', access: 'session' },
  { prefix: 'insurance-plans-category', service: 'svc-planning', access: 'session' },
  { prefix: 'property', service: 'svc-planning', access: 'session' },
  { prefix: 'meta-data', service: 'svc-planning', access: 'session' },
  { prefix: 'investment-funds', service: 'svc-planning', access: 'session' },
  { prefix: 'admin/investment', service: 'svc-planning', access: A },
  { prefix: 'admin/insurance', service: 'svc-planning', access: A },
  { prefix: 'admin/insurance-plans-category', service: 'svc-planning', access: A },
  { prefix: 'admin/insurance-projections-tables', service: 'svc-planning', access: A },
  { prefix: 'admin/threshold', service: 'svc-planning', access: A },
  { prefix: 'admin/advisor-meta', service: 'svc-auth', access: A },
  { prefix: 'admin/advisor-magnet-files', service: 'svc-auth', access: A },
  { prefix: 'scrap-all-funds', service: 'svc-planning', access: A },
  { prefix: 'scraping-funds-status', service: 'svc-planning', access: A },
];

export const errorReply = ErrorBody;
