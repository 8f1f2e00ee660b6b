import { z } from 'zod';
import * as auth from './auth';
import * as balanceSheet from './balance-sheet';
import * as billing from './billing';
import { ErrorBody, ok, RecordIssues } from './common';
import * as exportsContract from './exports';
import * as explanations from './explanations';
import * as households from './households';
import * as insurance from './insurance';
import * as jobs from './jobs';
import * as investmentReference from './investment-reference';
import * as meetings from './meetings';
import * as planning from './planning';
import * as rateTables from './rate-tables';
import * as reference from './reference';
import * as recordKinds from './record-kinds';
import * as reports from './reports';
import * as scenarios from './scenarios';
import * as support from './support';

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
  /** The JSON reply of a success (every JSON route has one: the tests check replies against it). */
  reply?: z.ZodType;
  /** A route that answers a file instead of JSON: its content types, comma-separated (a media range for any type). */
  file?: string;
}

const A = ['admin'] as const;
const ADV = ['advisor'] as const;
const ADV_ADMIN = ['advisor', 'admin'] as const;
const ADV_CUST = ['advisor', 'customer'] as const;
/** A stored household's read: its figures and the records it left out (issue 30 item 2; none for a posted one). */
const withIssues = <T extends z.ZodObject>(reply: T) => reply.extend({ record_issues: RecordIssues });
/** The calculate calls take a household posted inline, or a stored household's id (and an as-of date). */
const CALCULATION_BODY = z.union([households.StoredCalculationBody, planning.Household]);

const r = (
  method: Method,
  path: string,
  service: ServiceName,
  access: Access,
  extra: Partial<Pick<Route, 'withoutMembership' | 'summary' | 'body' | 'reply' | 'file'>> = {},
): Route => ({ method, path, service, access, ...extra });

type Call = Partial<Pick<Route, 'summary' | 'body' | 'reply'>>;
/**
 * The calls of a resource kept by hand (an admin's reference data, an advisor's own files), each only when given, in
 * this order: its list (GET {path}), one (GET {path}/:id), create, update and delete. The paths of the last three in
 * one of the API's two styles: 'verbs' (POST {path}/create, PATCH {path}/:id/update, DELETE {path}/:id) or REST with
 * the update method named (POST {path}, PUT or PATCH {path}/:id, DELETE {path}/:id).
 */
function crud(
  path: string,
  service: ServiceName,
  access: Access,
  style: 'verbs' | 'PUT' | 'PATCH',
  calls: { list?: Call; one?: Call; create?: Call; update?: Call; remove?: Call },
): Route[] {
  const verbs = style === 'verbs';
  return [
    calls.list && r('GET', path, service, access, calls.list),
    calls.one && r('GET', `${path}/:id`, service, access, calls.one),
    calls.create && r('POST', verbs ? `${path}/create` : path, service, access, calls.create),
    calls.update && r(verbs ? 'PATCH' : style, `${path}/:id${verbs ? '/update' : ''}`, service, access, calls.update),
    calls.remove && r('DELETE', `${path}/:id`, service, access, calls.remove),
  ].filter((route) => route !== undefined);
}

/**
 * The calls of a record kind of svc-planning's records module: its list (unless the kind has a read of its own),
 * create, update, delete, and the bulk position update when the kind keeps an order.
 */
/**
 * The routes of every record kind of `family`, derived from its declaration (record-kinds.ts): GET customer/:id/{path}
 * (unless the family reads the list itself, or the kind is served under advisor/leads/:id/…), POST customer/{path},
 * PATCH and DELETE customer/{path}/:recordId, and PATCH customer/bulk-update/{path}/positions for kinds that keep
 * positions. Bodies are the kind's own create and patch bodies; replies hold every field to the kind's schema.
 */
export function kindRoutes(
  kinds: Readonly<Record<string, recordKinds.KindDeclaration>>,
  family: recordKinds.Family,
): Route[] {
  return Object.values(kinds)
    .filter((k) => k.family === family)
    .flatMap((k) => {
      const reply = recordKinds.recordReply(k);
      if (k.list === 'lead')
        return [
          r('GET', `advisor/leads/:id/${k.path}`, 'svc-planning', ADV_CUST, { reply: recordKinds.recordPageReply(k) }),
          r('POST', `advisor/leads/:id/${k.path}`, 'svc-planning', ADV, { body: k.schema, reply }),
        ];
      return [
        ...(k.list === 'own'
          ? []
          : [
              r('GET', `customer/:id/${k.path}`, 'svc-planning', ADV_CUST, {
                summary: `${k.path} records of household id (page, page_size, sort, order, member_id)`,
                reply: recordKinds.recordPageReply(k),
              }),
            ]),
        r('POST', `customer/${k.path}`, 'svc-planning', ADV, { body: recordKinds.createBody(k), reply }),
        r('PATCH', `customer/${k.path}/:recordId`, 'svc-planning', ADV, {
          body: recordKinds.patchSchema(k.schema),
          reply,
        }),
        r('DELETE', `customer/${k.path}/:recordId`, 'svc-planning', ADV, { reply: households.MessageReply }),
        ...(k.positions
          ? [
              r('PATCH', `customer/bulk-update/${k.path}/positions`, 'svc-planning', ADV, {
                body: households.PositionsBody,
                reply: households.MessageReply,
              }),
            ]
          : []),
      ];
    });
}

/**
 * Every call the services serve, each an explicit route with its owning service (issue 10 item 13: only what a
 * handler answers is listed; scripts/test/routes-served.test.ts calls each one on its real service). The rest of the
 * spec's call list (platform-shell §7, planning-content §7) comes back with the issue that builds its handler.
 */
export const routes: Route[] = [
  // Auth (advisor)
  r('POST', 'register', 'svc-auth', 'public', {
    summary: 'Advisor sign-up',
    body: auth.RegisterBody,
    reply: auth.RegisterReply,
  }),
  r('POST', 'auth/login', 'svc-auth', 'public', {
    summary: 'Advisor or admin login',
    body: auth.LoginBody,
    reply: auth.LoginReply,
  }),
  r('PATCH', 'forget/password', 'svc-auth', 'public', {
    summary: 'Mail a password reset code',
    body: auth.ForgotPasswordBody,
    reply: auth.MessageReply,
  }),
  r('PATCH', 'create/password', 'svc-auth', 'public', {
    summary: 'Set a first password with the mailed code',
    body: auth.CreatePasswordBody,
    reply: auth.MessageReply,
  }),
  r('POST', 'auth/verify-mobile-otp', 'svc-auth', 'public', {
    body: auth.VerifyMobileOtpBody,
    reply: auth.VerifiedReply,
  }),
  r('POST', 'auth/verify-otp', 'svc-auth', 'public', { body: auth.VerifyOtpBody, reply: auth.VerifiedReply }),
  r('PATCH', 'reset/password', 'svc-auth', 'public', { body: auth.ResetPasswordBody, reply: auth.MessageReply }),
  r('GET', 'auth/logout', 'svc-auth', 'session', { withoutMembership: true, reply: auth.MessageReply }),
  r('POST', 'auth/verify-email', 'svc-auth', 'public', {
    summary: 'Send the sign-up codes again',
    body: auth.VerifyEmailBody,
    reply: auth.MessageReply,
  }),
  r('POST', 'trial/register', 'svc-auth', 'public', {
    summary: 'Free-trial sign-up',
    body: auth.TrialRegisterBody,
    reply: auth.RegisterReply,
  }),
  // Auth (customer)
  r('POST', 'customer/auth/login', 'svc-auth', 'public', { body: auth.LoginBody, reply: auth.LoginReply }),
  r('PATCH', 'customer/auth/forgot-password', 'svc-auth', 'public', {
    body: auth.ForgotPasswordBody,
    reply: auth.MessageReply,
  }),
  r('PATCH', 'customer/create/password', 'svc-auth', 'public', {
    body: auth.CreatePasswordBody,
    reply: auth.MessageReply,
  }),
  r('POST', 'customer/auth/verify-mobile-otp', 'svc-auth', 'public', {
    body: auth.VerifyMobileOtpBody,
    reply: auth.VerifiedReply,
  }),
  r('POST', 'customer/auth/verify-otp', 'svc-auth', 'public', { body: auth.VerifyOtpBody, reply: auth.VerifiedReply }),
  r('PATCH', 'customer/auth/reset-password', 'svc-auth', 'public', {
    body: auth.ResetPasswordBody,
    reply: auth.MessageReply,
  }),
  r('GET', 'customer/auth/logout', 'svc-auth', 'session', { reply: auth.MessageReply }),
  // Users
  r('GET', 'users/me', 'svc-auth', 'session', { withoutMembership: true, reply: auth.UserReply }),
  r('GET', 'users/:id', 'svc-auth', 'session', { withoutMembership: true, reply: auth.UserReply }),
  r('PATCH', 'user/update', 'svc-auth', 'session', {
    withoutMembership: true,
    body: auth.UpdateUserBody,
    reply: auth.UserReply,
  }),
  r('GET', 'advisor/public', 'svc-auth', 'public', {
    summary: "The tenant advisor's public details, by sub-domain",
    reply: auth.AdvisorPublicReply,
  }),
  r('PATCH', 'trial/:id/update', 'svc-billing', ADV_ADMIN, {
    withoutMembership: true,
    body: billing.TrialUpdateBody,
    reply: billing.TrialReply,
  }),
  // Advisor profile (expert positioning; docs/decisions/auth.md 'Expert positioning')
  ...crud('advisor/profile-meta-data', 'svc-auth', ADV, 'PATCH', {
    list: { reply: auth.ProfileMetaListReply },
    create: { body: auth.ProfileMetaCreateBody, reply: auth.ProfileMetaReply },
    update: { body: auth.ProfileMetaUpdateBody, reply: auth.ProfileMetaReply },
    remove: { reply: auth.MessageReply },
  }),
  r('POST', 'advisor/bulk-update/profile-meta-data', 'svc-auth', ADV, {
    body: auth.ProfileMetaBulkBody,
    reply: auth.ProfileMetaListReply,
  }),
  ...crud('advisor/testimonial', 'svc-auth', ADV, 'PATCH', {
    list: { reply: auth.TestimonialListReply },
    create: { body: auth.TestimonialCreateBody, reply: auth.TestimonialReply },
    update: { body: auth.TestimonialUpdateBody, reply: auth.TestimonialReply },
    remove: { reply: auth.MessageReply },
  }),
  r('GET', 'customer/review-and-ratings', 'svc-auth', ADV_CUST, { reply: auth.ReviewListReply }),
  r('POST', 'customer/review-and-ratings/create', 'svc-auth', ['customer'], {
    body: auth.ReviewCreateBody,
    reply: auth.ReviewReply,
  }),
  r('PATCH', 'customer/review-and-ratings/:id/update', 'svc-auth', ADV_CUST, {
    body: auth.ReviewUpdateBody,
    reply: auth.ReviewReply,
  }),
  r('DELETE', 'customer/review-and-ratings/:id', 'svc-auth', ['customer'], { reply: auth.MessageReply }),
  r('GET', 'user/permissions', 'svc-auth', 'session', { reply: auth.PermissionsReply }),
  r('GET', 'user/permissions/:id/LM', 'svc-auth', 'session', { reply: auth.PermissionsReply }),
  // Admin users
  r('POST', 'admin/get-filtered-users', 'svc-auth', A, {
    body: auth.FilteredUsersBody,
    reply: auth.FilteredUsersReply,
  }),
  r('GET', 'admin/users-stats', 'svc-auth', A, { reply: auth.UsersStatsReply }),
  r('PATCH', 'admin/get-filtered-users/:id', 'svc-auth', A, { body: auth.UserStatusBody, reply: auth.UserReply }),
  r('DELETE', 'admin/get-filtered-users/:id', 'svc-auth', A, { reply: auth.MessageReply }),
  r('POST', 'admin/permissions/:id/upsert', 'svc-auth', A, {
    body: auth.PermissionUpsertBody,
    reply: auth.PermissionsReply,
  }),
  ...crud('admin/advisor-meta', 'svc-auth', A, 'verbs', {
    list: { reply: auth.AdvisorMetaListReply },
    create: { body: auth.AdvisorMetaCreateBody, reply: auth.AdvisorMetaReply },
    update: { body: auth.AdvisorMetaUpdateBody, reply: auth.AdvisorMetaReply },
  }),
  r('PUT', 'admin/advisor-meta/bulk-update', 'svc-auth', A, {
    body: auth.AdvisorMetaBulkBody,
    reply: auth.AdvisorMetaListReply,
  }),
  r('DELETE', 'admin/advisor-meta/:id', 'svc-auth', A, { reply: auth.MessageReply }),
  r('GET', 'membership/:id', 'svc-billing', ADV_ADMIN, {
    withoutMembership: true,
    summary: 'Membership lookup by customer id',
    reply: billing.MembershipReply,
  }),
  // Payments and plans (issue 16). Billing calls never need a live membership: they are how an advisor gets one back.
  r('GET', 'membership-plans', 'svc-billing', 'public', {
    withoutMembership: true,
    summary: 'Plans on offer (admins also see inactive ones)',
    reply: billing.PlansReply,
  }),
  r('GET', 'membership-plans/:id', 'svc-billing', 'public', { withoutMembership: true, reply: billing.PlanReply }),
  r('GET', 'payments/config', 'svc-billing', 'public', {
    withoutMembership: true,
    summary: "The card form's provider: offline test mode or Stripe (with its publishable key)",
    reply: billing.PaymentsConfigReply,
  }),
  r('POST', 'membership-plans', 'svc-billing', A, { body: billing.PlanCreateBody, reply: billing.PlanReply }),
  r('PATCH', 'admin/membership-plans', 'svc-billing', A, { body: billing.PlanPatchBody, reply: billing.PlanReply }),
  r('POST', 'auth/card', 'svc-billing', ADV, {
    withoutMembership: true,
    body: billing.AddCardBody,
    reply: billing.AddCardReply,
  }),
  r('POST', 'trial/card', 'svc-billing', ADV, {
    withoutMembership: true,
    body: billing.AddCardBody,
    reply: billing.AddCardReply,
  }),
  r('GET', 'auth/card', 'svc-billing', ADV, { withoutMembership: true, reply: billing.CardsReply }),
  r('GET', 'auth/card/:id/default', 'svc-billing', ADV, {
    withoutMembership: true,
    summary: 'Makes the card the default (GET as the spec has it)',
    reply: billing.CardReply,
  }),
  r('DELETE', 'auth/card/:id', 'svc-billing', ADV, { withoutMembership: true, reply: billing.CardsReply }),
  r('POST', 'trial/membership-plans', 'svc-billing', ADV, {
    withoutMembership: true,
    summary: 'Subscribe to a plan (from the trial, or again after cancelling or expiring)',
    body: billing.SubscribeBody,
    reply: billing.SubscriptionReply,
  }),
  r('PATCH', 'change-subscription-plan', 'svc-billing', ADV, {
    withoutMembership: true,
    body: billing.ChangePlanBody,
    reply: billing.SubscriptionReply,
  }),
  r('PATCH', 'cancel-membership-plan', 'svc-billing', ADV, {
    withoutMembership: true,
    summary: 'Cancel at the end of the paid period',
    body: billing.CancelPlanBody,
    reply: billing.SubscriptionReply,
  }),
  r('GET', 'subscription-transactions', 'svc-billing', ADV, {
    withoutMembership: true,
    summary: "The advisor's charges, refunds and failures (page, page_size, kind)",
    reply: billing.TransactionsReply,
  }),
  r('GET', 'admin/subscribers-list', 'svc-billing', A, {
    summary: 'Subscriptions by status (status, page, page_size)',
    reply: billing.SubscribersReply,
  }),
  r('GET', 'admin/subscription-transactions-list', 'svc-billing', A, {
    summary: 'Every transaction (kind, user_id, page, page_size)',
    reply: billing.TransactionsReply,
  }),
  r('POST', 'admin/notify-user-for-subscription', 'svc-billing', A, {
    summary: 'Mail an advisor a reminder to choose a plan (once a day per user)',
    body: billing.NotifyBody,
    reply: billing.NotifyReply,
  }),
  r('POST', 'admin/notify-user-for-registration', 'svc-billing', A, {
    summary: 'Mail an advisor a reminder to finish signing up (once a day per user)',
    body: billing.NotifyBody,
    reply: billing.NotifyReply,
  }),
  r('POST', 'webhooks/stripe', 'svc-billing', 'public', {
    withoutMembership: true,
    summary: "The payment provider's signed events (Stripe-Signature)",
    reply: billing.WebhookReply,
  }),
  // Support
  r('POST', 'user/query-ticket', 'svc-support', ADV_CUST, {
    body: support.CreateTicketBody,
    reply: support.TicketReply,
  }),
  r('GET', 'user/query-tickets', 'svc-support', ADV_CUST, { reply: support.TicketPageReply }),
  r('GET', 'user/query-ticket/:id', 'svc-support', ADV_CUST, { reply: support.TicketWithRepliesReply }),
  r('POST', 'user/query-ticket/:id/reply', 'svc-support', ADV_CUST, {
    body: support.ReplyBody,
    reply: support.ReplyReply,
  }),
  r('PATCH', 'user/query-ticket/:id/update', 'svc-support', ADV_CUST, {
    body: support.UserUpdateTicketBody,
    reply: support.TicketReply,
  }),
  r('GET', 'admin/query-tickets', 'svc-support', A, { reply: support.AdminTicketsReply }),
  r('GET', 'admin/query-ticket/:id', 'svc-support', A, { reply: support.TicketWithRepliesReply }),
  r('POST', 'admin/query-ticket/:id/reply', 'svc-support', A, { body: support.ReplyBody, reply: support.ReplyReply }),
  r('PATCH', 'admin/query-ticket/:id/update', 'svc-support', A, {
    body: support.AdminUpdateTicketBody,
    reply: support.TicketReply,
  }),
  r('GET', 'user/faq', 'svc-support', 'public', { withoutMembership: true, reply: support.FaqListReply }),
  r('GET', 'page-walkthrough', 'svc-support', 'public', {
    withoutMembership: true,
    reply: support.WalkthroughListReply,
  }),
  r('GET', 'presentations', 'svc-support', 'session', {
    withoutMembership: true,
    reply: support.PresentationListReply,
  }),
  r('POST', 'log-error', 'svc-support', 'public', {
    withoutMembership: true,
    summary: 'Client error log',
    body: support.LogErrorBody,
    reply: support.LoggedReply,
  }),
  r('GET', 'log-errors', 'svc-support', A, { reply: support.ErrorLogPageReply }),
  r('GET', 'user/logs', 'svc-support', 'session', { withoutMembership: true, reply: support.ErrorLogPageReply }),
  r('GET', 'admin/user/logs', 'svc-support', A, { reply: support.ErrorLogPageReply }),
  r('POST', 'files/s3-upload', 'svc-support', 'session', { withoutMembership: true, reply: support.UploadReply }),
  r('POST', 'files/media-upload', 'svc-support', 'session', { withoutMembership: true, reply: support.UploadReply }),
  r('POST', 'files/signed-upload', 'svc-support', 'session', {
    withoutMembership: true,
    summary: 'Signed-upload URL for object_key',
    body: support.SignedUploadBody,
    reply: support.SignedUploadReply,
  }),
  r('POST', 'files/signed-upload/complete', 'svc-support', 'session', {
    withoutMembership: true,
    summary: 'Check a file PUT to a signed URL',
    body: support.SignedUploadCompleteBody,
    reply: support.SignedUploadCompleteReply,
  }),
  r('PUT', 'files/blob/*key', 'svc-support', 'session', {
    withoutMembership: true,
    summary: 'Signed PUT target (embedded BlobStore)',
    reply: support.BlobPutReply,
  }),
  r('GET', 'files/blob/*key', 'svc-support', 'public', {
    withoutMembership: true,
    summary: 'Read a stored file (an image inline, anything else as an attachment)',
    // the stored types (svc-support files/content-type.ts); anything else is served as application/octet-stream
    file: [
      'image/jpeg',
      'image/png',
      'image/webp',
      'video/mp4',
      'video/3gpp',
      'video/quicktime',
      'video/webm',
      'video/x-matroska',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
    ].join(', '),
  }),
  // Support content, admin CRUD: each kind's list, create, update and delete
  ...[
    {
      thing: 'faq',
      list: support.FaqListReply,
      one: support.FaqReply,
      create: support.FaqBody,
      update: support.FaqUpdateBody,
    },
    {
      thing: 'faq-topic',
      list: support.FaqTopicListReply,
      one: support.FaqTopicReply,
      create: support.FaqTopicBody,
      update: support.FaqTopicBody,
    },
    {
      thing: 'faq-answer',
      list: support.FaqAnswerListReply,
      one: support.FaqAnswerReply,
      create: support.FaqAnswerBody,
      update: support.FaqAnswerUpdateBody,
    },
    {
      thing: 'page-walkthrough',
      list: support.WalkthroughListReply,
      one: support.WalkthroughReply,
      create: support.WalkthroughBody,
      update: support.WalkthroughUpdateBody,
    },
    {
      thing: 'presentations',
      list: support.PresentationListReply,
      one: support.PresentationReply,
      create: support.PresentationBody,
      update: support.PresentationUpdateBody,
    },
  ].flatMap(({ thing, list, one, create, update }) =>
    crud(`admin/${thing}`, 'svc-support', A, 'verbs', {
      list: { reply: list },
      create: { body: create, reply: one },
      update: { body: update, reply: one },
      remove: { reply: support.DeletedReply },
    }),
  ),
  // Planning: reference data, calculations, drafts, thresholds
  r('GET', 'currency-rates', 'svc-planning', 'public', { withoutMembership: true, reply: planning.CurrencyRatesReply }),
  r('POST', 'customer/calculate/debt', 'svc-planning', ADV_CUST, {
    body: CALCULATION_BODY,
    reply: ok(withIssues(planning.DebtReply)),
  }),
  r('POST', 'customer/calculate/finance', 'svc-planning', ADV_CUST, {
    body: CALCULATION_BODY,
    reply: ok(withIssues(planning.FinanceReply)),
  }),
  r('POST', 'customer/calculate/data-tables', 'svc-planning', ADV_CUST, {
    body: CALCULATION_BODY,
    reply: ok(withIssues(planning.DataTablesReply)),
  }),
  r('POST', 'customer/calculate/scenario-modelling', 'svc-planning', ADV_CUST, {
    summary: 'A scenario of a household posted inline, or of a stored one with its saved plan',
    body: z.union([scenarios.StoredScenarioRunBody, planning.ScenarioRequest]),
    reply: ok(withIssues(planning.ScenarioReply)),
  }),
  // Long work as jobs (issue 37): Monte Carlo on the worker processes, progress over the socket, cancellable
  r('POST', 'customer/:id/monte-carlo-jobs', 'svc-planning', ADV_CUST, {
    summary: "Starts a scenario's Monte Carlo run of household id as a job (202); its progress comes as job:progress",
    body: scenarios.StoredScenarioRunBody,
    reply: jobs.JobReply,
  }),
  r('GET', 'customer/:id/monte-carlo-jobs/:jobId', 'svc-planning', ADV_CUST, {
    summary: 'A Monte Carlo job of the caller: its status, progress and stage',
    reply: jobs.JobReply,
  }),
  r('GET', 'customer/:id/monte-carlo-jobs/:jobId/result', 'svc-planning', ADV_CUST, {
    summary: "A finished Monte Carlo job's scenario, as the scenario call answers it (409 while it runs)",
    reply: ok(withIssues(planning.ScenarioReply)),
  }),
  r('GET', 'jobs/:jobId', 'svc-planning', ['advisor', 'customer', 'admin'], {
    summary: 'A job of the caller (admins: the fund import): its status, progress and stage',
    reply: jobs.JobReply,
  }),
  r('POST', 'jobs/:jobId/cancel', 'svc-planning', ['advisor', 'customer', 'admin'], {
    summary: 'Cancels a queued or running job of the caller; a finished one is answered as it is',
    reply: jobs.JobReply,
  }),
  r('GET', 'customer/:id/net-worth', 'svc-planning', ADV_CUST, { reply: ok(withIssues(planning.NetWorthReply)) }),
  // Planning: scenario modelling's stored inputs and the data table's saved filters (issue 14)
  ...kindRoutes(recordKinds.KINDS, 'scenarios'),
  r('GET', 'customer/:id/scenario-sell-sequence', 'svc-planning', ADV_CUST, { reply: scenarios.SellSequenceReply }),
  r('POST', 'customer/scenario-sell-sequence', 'svc-planning', ADV, {
    body: scenarios.SellSequenceBody,
    reply: scenarios.SellSequenceReply,
  }),
  r('GET', 'customer/:id/scenario-settings', 'svc-planning', ADV_CUST, { reply: scenarios.ScenarioSettingsReply }),
  r('POST', 'customer/scenario-settings', 'svc-planning', ADV, {
    summary: "The scenario's retirement ages, income and expense changes and trials, replaced whole",
    body: scenarios.ScenarioSettingsBody,
    reply: scenarios.ScenarioSettingsReply,
  }),
  // Planning: named scenarios and meeting passes (issue 36)
  r('GET', 'customer/:id/named-scenarios', 'svc-planning', ADV_CUST, {
    summary: "The household's named scenarios (a customer sees the recommended one and those shared)",
    reply: scenarios.NamedScenarioListReply,
  }),
  r('POST', 'customer/:id/named-scenarios', 'svc-planning', ADV, {
    summary: 'A new named scenario (a what-if kept from a meeting, or a proposal); recommended unmarks the others',
    body: scenarios.NamedScenarioBody,
    reply: scenarios.NamedScenarioReply,
  }),
  r('POST', 'customer/:id/named-scenarios/compare', 'svc-planning', ADV_CUST, {
    summary: 'Two scenarios side by side (named ones or the working scenario), each beside the current plan',
    body: scenarios.CompareScenariosBody,
    reply: scenarios.CompareScenariosReply,
  }),
  r('PATCH', 'customer/:id/named-scenarios/:scenarioId', 'svc-planning', ADV, {
    body: scenarios.NamedScenarioPatch,
    reply: scenarios.NamedScenarioReply,
  }),
  r('DELETE', 'customer/:id/named-scenarios/:scenarioId', 'svc-planning', ADV, { reply: households.MessageReply }),
  r('GET', 'customer/:id/meeting-pass', 'svc-planning', ADV_CUST, {
    summary: "A signed pass to start or join the household's meeting on the live socket (svc-support checks it)",
    reply: meetings.MeetingPassReply,
  }),
  // Planning: households (issue 11). Leads and customers of one advisor; a customer reads their own household.
  r('POST', 'leads', 'svc-planning', ADV, { body: households.LeadBody, reply: households.HouseholdReply }),
  r('GET', 'single-lead/:id', 'svc-planning', ADV_CUST, { reply: households.HouseholdReply }),
  r('GET', 'leads/customer', 'svc-planning', ADV, {
    summary: 'Customers page (page, page_size, search, sort, order)',
    reply: households.LeadListReply,
  }),
  r('GET', 'leads/:type', 'svc-planning', ADV, {
    summary: 'Leads (type lead) or customers page (page, page_size, search, sort, order)',
    reply: households.LeadListReply,
  }),
  r('DELETE', 'leads/:id/destroy', 'svc-planning', ADV, {
    summary: 'Deletes the household, its members, records and drafts',
    reply: households.MessageReply,
  }),
  r('PATCH', 'leads/:id', 'svc-planning', ADV, { body: households.LeadPatchBody, reply: households.HouseholdReply }),
  r('POST', 'leads/:id/members-update', 'svc-planning', ADV, {
    body: households.MembersUpdateBody,
    reply: households.HouseholdReply,
  }),
  r('POST', 'customer/duplicate/:id', 'svc-planning', ADV, { reply: households.HouseholdReply }),
  r('POST', 'customer/share-profile/:id', 'svc-planning', ADV, {
    summary: 'Gives the me member a customer login (event)',
    reply: households.HouseholdReply,
  }),
  r('POST', 'leads/check-email-availability', 'svc-planning', ADV, {
    body: households.CheckEmailBody,
    reply: households.CheckEmailReply,
  }),
  r('POST', 'leads/add/:id', 'svc-planning', ADV, {
    summary: 'Lead becomes a customer',
    reply: households.HouseholdReply,
  }),
  r('GET', 'earning-member', 'svc-planning', ADV_CUST, {
    summary: 'Members of the household ?lead_id=',
    reply: households.MembersReply,
  }),
  r('POST', 'earning-member', 'svc-planning', ADV, {
    summary: 'Create (no id) or update (id) a member',
    body: households.EarningMemberBody,
    reply: households.MemberReply,
  }),
  r('GET', 'members/:a/:b', 'svc-planning', ADV_CUST, {
    summary: 'Member b of household a',
    reply: households.MemberReply,
  }),
  r('DELETE', 'members/:id', 'svc-planning', ADV, {
    summary: 'Removes a member (not me) and its records',
    reply: households.MessageReply,
  }),
  r('GET', 'customer/cash-flow/:id', 'svc-planning', ADV_CUST, {
    summary: 'Cash-flow summary of household id',
    reply: households.CashFlowReply,
  }),
  // the record kinds of the household family (record-kinds.ts), each with the same routes
  ...kindRoutes(recordKinds.KINDS, 'household'),
  // Planning: insurance (issue 12). Record kinds of the records module, plus the calls with their own behaviour.
  r('GET', 'insurance/plan-types', 'svc-planning', ADV_CUST, { reply: insurance.PlanTypesReply }),
  r('GET', 'insurance-plans-category', 'svc-planning', ADV_CUST, { reply: insurance.PlanCategoriesReply }),
  r('GET', 'customer/insurance-plans', 'svc-planning', ADV_CUST, {
    summary: 'Plan picker (insurance_company, plan_type, search); the custom plan is always offered',
    reply: insurance.InsurancePlansReply,
  }),
  r('GET', 'customer/:id/insurance', 'svc-planning', ADV_CUST, {
    summary: "Household id's policies with every child record (page, page_size, member_id, view)",
    reply: insurance.PolicyPageReply,
  }),
  ...kindRoutes(recordKinds.KINDS, 'insurance'),
  r('PATCH', 'customer/insurance-fund-asset-balancing', 'svc-planning', ADV, {
    summary: 'Sets the allocation of every fund of a policy (they total 100)',
    body: insurance.FundAssetBalancingBody,
    reply: households.MessageReply,
  }),
  r('GET', 'customer/insurance-coverage-by-member', 'svc-planning', ADV_CUST, {
    summary: 'Cover per member and benefit type, its policies, until what age, and the gap to the target (lead_id)',
    reply: insurance.CoverageByMemberReply,
  }),
  r('GET', 'customer/insurance-projections-tables', 'svc-planning', ADV_CUST, {
    summary: 'Per policy: premium schedule from stored transactions and yearly table (lead_id, insurance_id)',
    reply: insurance.ProjectionsReply,
  }),
  // Planning: balance sheet (issue 13): savings, pensions, portfolios, debts and property, plus their own calls.
  ...kindRoutes(recordKinds.KINDS, 'balanceSheet'),
  r('GET', 'customer/:id/balance-sheet', 'svc-planning', ADV_CUST, {
    summary: 'Every fund, pension and debt of household id with children and figures (view, as_of)',
    reply: balanceSheet.BalanceSheetReply,
  }),
  r('GET', 'customer/:id/debt-summary', 'svc-planning', ADV_CUST, {
    summary: "Each stored loan's schedule, outstanding by year, and the property sale (view, as_of, debt_id)",
    reply: balanceSheet.DebtSummaryReply,
  }),
  r('GET', 'customer/common-beneficiaries/:id/read', 'svc-planning', ADV_CUST, {
    summary: 'The beneficiaries of household id across insurance, pensions and investments',
    reply: balanceSheet.CommonBeneficiariesReply,
  }),
  r('PATCH', 'customer/portfolio-fund-details-asset-balancing', 'svc-planning', ADV, {
    summary: 'Sets the allocation of every holding of a portfolio (they total 100)',
    body: balanceSheet.HoldingAssetBalancingBody,
    reply: households.MessageReply,
  }),
  r('PATCH', 'customer/bulk-update/debt-transactions/:id', 'svc-planning', ADV, {
    summary: "Replaces debt id's instalment transactions (listed ids kept, new created, the rest removed)",
    body: balanceSheet.DebtTransactionsBulkBody,
    reply: balanceSheet.DebtTransactionsBulkReply,
  }),
  r('GET', 'property/types', 'svc-planning', ADV_CUST, { reply: balanceSheet.PropertyTypesReply }),
  r('GET', 'investment-funds', 'svc-planning', ADV_CUST, {
    summary: 'The fund list admins keep (search, company)',
    reply: balanceSheet.InvestmentFundsReply,
  }),
  r('GET', 'fund-asset-class', 'svc-planning', ['advisor', 'customer', 'admin'], {
    reply: balanceSheet.FundAssetClassesReply,
  }),
  r('POST', 'fund-asset-class', 'svc-planning', A, {
    body: balanceSheet.FundAssetClassBody,
    reply: balanceSheet.FundAssetClassReply,
  }),
  r('DELETE', 'fund-asset-class/:id', 'svc-planning', A, { reply: households.MessageReply }),
  r('GET', 'advisor/leads/:id/dreams/:dreamId', 'svc-planning', ADV_CUST, {
    reply: recordKinds.recordReply(recordKinds.KINDS.dream),
  }),
  r('DELETE', 'advisor/leads/:id/dreams/:dreamId', 'svc-planning', ADV, { reply: households.MessageReply }),
  r('GET', 'advisor/leads/:id/dream-by-dreams-id/:dreamId', 'svc-planning', ADV_CUST, {
    summary: "The household's answer to meta-data dream dreamId, or null",
    reply: z.object({ data: recordKinds.recordOf(recordKinds.KINDS.dream).nullable() }),
  }),
  r('GET', 'meta-data/dream', 'svc-planning', ADV_CUST, { reply: households.MetaQuestionsReply }),
  r('GET', 'meta-data/concern', 'svc-planning', ADV_CUST, { reply: households.MetaQuestionsReply }),
  r('POST', 'user/form-steps-draft/create', 'svc-planning', ADV_CUST, {
    summary: 'Create, or update with id, a form-step draft',
    body: households.DraftBody,
    reply: households.DraftReply,
  }),
  r('GET', 'user/form-steps-draft/:id/read', 'svc-planning', ADV_CUST, { reply: households.DraftReply }),
  r('DELETE', 'user/form-steps-draft/:id', 'svc-planning', ADV_CUST, { reply: households.MessageReply }),
  r('POST', 'on-boarding/submit', 'svc-planning', 'public', {
    summary: "A visitor's fact-find from an advisor's invitation link: creates the lead (rate-limited per address)",
    body: households.OnBoardingSubmitBody,
    reply: households.OnBoardingSubmitReply,
  }),
  // Planning: exports (issue 14): the report, data table and scenario as xlsx, pptx, docx or pdf; share-document
  r('POST', 'customer/:id/exports', 'svc-planning', ADV_CUST, {
    summary: 'The file of an export of household id (report, format, currency, scenario): xlsx, pptx, docx or pdf',
    body: exportsContract.ExportBody,
    file: Object.values(exportsContract.EXPORT_CONTENT_TYPES).join(', '),
  }),
  r('POST', 'share-document', 'svc-planning', ADV, {
    summary: "Makes an export of lead_id, stores it and mails the household's customer that it is in their dashboard",
    body: exportsContract.ShareDocumentBody,
    reply: exportsContract.SharedDocumentReply,
  }),
  // The client plan (issue 35): the saved choice of sections, and long exports as jobs with progress
  r('GET', 'customer/:id/client-plan', 'svc-planning', ADV_CUST, {
    summary: "The saved choice of the client plan's sections, their order and currency (the defaults before any)",
    reply: exportsContract.ClientPlanSettingsReply,
  }),
  r('PUT', 'customer/:id/client-plan', 'svc-planning', ADV, {
    summary: "Saves the client plan's sections, their order and currency for household id",
    body: exportsContract.ClientPlanSettingsBody,
    reply: exportsContract.ClientPlanSettingsReply,
  }),
  r('POST', 'customer/:id/export-jobs', 'svc-planning', ADV_CUST, {
    summary: 'Starts an export of household id as a job (202): poll it for its progress, then download its file',
    body: exportsContract.ExportBody,
    reply: exportsContract.ExportJobReply,
  }),
  r('GET', 'customer/:id/export-jobs/:jobId', 'svc-planning', ADV_CUST, {
    summary: 'An export job of the caller: its status, progress and stage',
    reply: exportsContract.ExportJobReply,
  }),
  r('GET', 'customer/:id/export-jobs/:jobId/download', 'svc-planning', ADV_CUST, {
    summary: 'The file of a finished export job',
    file: Object.values(exportsContract.EXPORT_CONTENT_TYPES).join(', '),
  }),
  r('POST', 'customer/:id/export-jobs/:jobId/share', 'svc-planning', ADV, {
    summary: "Shares a finished export job's file with the household's customer",
    body: exportsContract.ShareExportJobBody,
    reply: exportsContract.SharedDocumentReply,
  }),
  r('GET', 'customer/:id/shared-documents', 'svc-planning', ADV_CUST, {
    summary: 'The documents shared with the customer of household id, newest first',
    reply: exportsContract.SharedDocumentsReply,
  }),
  r('GET', 'customer/:id/shared-documents/:documentId/download', 'svc-planning', ADV_CUST, {
    summary: 'The file of a shared document',
    file: Object.values(exportsContract.EXPORT_CONTENT_TYPES).join(', '),
  }),
  // Lead magnets (issue 15): admin files with a permission per magnet, the advisor's own, a visitor's download
  ...crud('admin/advisor-magnet-files', 'svc-auth', A, 'PATCH', {
    list: { reply: auth.AdminLeadMagnetListReply },
    create: { body: auth.AdminLeadMagnetCreateBody, reply: auth.AdminLeadMagnetReply },
    update: { body: auth.AdminLeadMagnetUpdateBody, reply: auth.AdminLeadMagnetReply },
    remove: { reply: auth.MessageReply },
  }),
  ...crud('advisor-magnet-files', 'svc-auth', ADV, 'PATCH', {
    list: {
      summary: "The advisor's lead magnets and the admin ones they may pick",
      reply: auth.AdvisorLeadMagnetsReply,
    },
    create: { body: auth.AdvisorLeadMagnetCreateBody, reply: auth.AdvisorLeadMagnetReply },
    update: { body: auth.AdvisorLeadMagnetUpdateBody, reply: auth.AdvisorLeadMagnetReply },
    remove: { reply: auth.MessageReply },
  }),
  r('POST', 'advisor/public/lead-magnets/:id/download', 'svc-auth', 'public', {
    summary: "A visitor's name, e-mail and consent for a lead magnet of the host's advisor: a short-lived file URL",
    body: auth.LeadMagnetDownloadBody,
    reply: auth.LeadMagnetDownloadReply,
  }),
  r('GET', 'advisor/public/lead-magnets/:id/file', 'svc-auth', 'public', {
    summary: 'The lead magnet file, with the signed expiry the download call handed out (query exp and sig)',
    file: '*/*',
  }),
  // Billing: admin search and CSV export, receipts (issue 16, follow-up)
  r('GET', 'admin/subscribers-list/export', 'svc-billing', A, {
    summary: 'The filtered subscribers list as CSV (status, search, plan_id, sort, order), streamed',
    file: 'text/csv',
  }),
  r('GET', 'admin/subscription-transactions-list/export', 'svc-billing', A, {
    summary: 'The filtered transactions as CSV (kind, user_id, search, from, to, sort, order), streamed',
    file: 'text/csv',
  }),
  // Billing: the seller's details every receipt prints (issue 35)
  r('GET', 'admin/billing/seller', 'svc-billing', A, {
    summary:
      "The seller's details receipts carry (business name, address, registration and tax numbers); null until set",
    reply: billing.SellerDetailsReply,
  }),
  r('PUT', 'admin/billing/seller', 'svc-billing', A, {
    summary: "Set the seller's details; receipts of transactions recorded from now on carry them",
    body: billing.SellerDetailsBody,
    reply: billing.SellerDetailsSavedReply,
  }),
  r('GET', 'subscription-transactions/:id/receipt', 'svc-billing', ADV_ADMIN, {
    withoutMembership: true,
    summary: "A charge's or refund's receipt (PDF): the owning advisor or an admin",
    file: 'application/pdf',
  }),
  // Auth: the admin's users list as CSV, for the Pending Registrations export (issue 16, follow-up)
  r('POST', 'admin/get-filtered-users/export', 'svc-auth', A, {
    summary: 'The filtered users (the admin/get-filtered-users body; page and page_size ignored) as CSV, streamed',
    body: auth.FilteredUsersBody,
    file: 'text/csv',
  }),
  // Planning: financial report (issue 14)
  r('GET', 'customer/:id/financial-report', 'svc-planning', ADV_CUST, {
    summary: "Every report tab's figures from the engine on the stored household, in SGD or RM",
    reply: reports.FinancialReportReply,
  }),
  // Planning: how one figure of the report was reached (issue 34)
  r('GET', 'customer/:id/financial-report/explain', 'svc-planning', ADV_CUST, {
    summary:
      'One figure of the report, data table, insurance or debt screens explained: its rule with the numbers, its records, table and parts',
    reply: explanations.ExplanationReply,
  }),
  // Planning: insurance reference data and thresholds (issue 15). Admins keep them; the pickers and reports read them.
  ...crud('admin/insurance/company', 'svc-planning', A, 'PUT', {
    list: { reply: reference.InsuranceCompaniesReply },
    create: { body: reference.InsuranceCompanyBody, reply: reference.InsuranceCompanyReply },
    update: { body: reference.InsuranceCompanyBody, reply: reference.InsuranceCompanyReply },
    remove: {
      summary: 'Refused (409) while a household policy names the company or one of its plans',
      reply: households.MessageReply,
    },
  }),
  r('GET', 'admin/insurance-plans-category', 'svc-planning', A, { reply: insurance.PlanCategoriesReply }),
  r('GET', 'admin/insurance-plan-types', 'svc-planning', A, {
    summary: 'The plan types (with their category) for the admin plan form',
    reply: insurance.PlanTypesReply,
  }),
  ...crud('admin/insurance-plans', 'svc-planning', A, 'verbs', {
    list: {
      summary: 'The plans admins keep (search, insurance_company, category, plan_type)',
      reply: reference.InsurancePlansListReply,
    },
    one: { reply: reference.InsurancePlanReply },
    create: { body: reference.InsurancePlanBody, reply: reference.InsurancePlanReply },
    update: { body: reference.InsurancePlanPatch, reply: reference.InsurancePlanReply },
    remove: { summary: 'Refused (409) while a household policy uses the plan', reply: households.MessageReply },
  }),
  r('POST', 'admin/insurance-plans/premium-table/parse', 'svc-planning', A, {
    summary: 'Reads a premium table (age, male, female) from an xlsx or CSV file; row errors are a 400',
    body: reference.PremiumImportBody,
    reply: reference.PremiumImportReply,
  }),
  r('POST', 'admin/insurance-plans/:id/premium-table', 'svc-planning', A, {
    summary: "Replaces plan id's premium table with the one read from an xlsx or CSV file",
    body: reference.PremiumImportBody,
    reply: reference.InsurancePlanReply,
  }),
  r('GET', 'customer/insurance-plans/:id', 'svc-planning', ADV_CUST, {
    summary: 'A reference plan with its premium table, additional coverage premium and riders',
    reply: reference.InsurancePlanReply,
  }),
  r('GET', 'customer/insurance-plans/:id/premium', 'svc-planning', ADV, {
    summary:
      "The plan's premium for a member of the advisor's household (lead_id, member_id, frequency, policy_date): its table's yearly premium by the member's age and gender",
    reply: reference.PremiumLookupReply,
  }),
  ...crud('admin/insurance-projections-tables', 'svc-planning', A, 'verbs', {
    list: { summary: 'Projection tables (plan_id)', reply: reference.ProjectionTablesReply },
    create: { body: reference.ProjectionTableBody, reply: reference.ProjectionTableReply },
    update: { body: reference.ProjectionTablePatch, reply: reference.ProjectionTableReply },
    remove: { reply: households.MessageReply },
  }),
  r('GET', 'user/threshold', 'svc-planning', 'session', {
    summary: 'The planning thresholds: the stored value or the default',
    reply: reference.ThresholdsReply,
  }),
  ...crud('admin/threshold', 'svc-planning', A, 'verbs', {
    create: { body: reference.ThresholdCreateBody, reply: reference.ThresholdReply },
    update: { body: reference.ThresholdUpdateBody, reply: reference.ThresholdReply },
    remove: {
      summary: 'Removes the stored value: a listed threshold returns to its default',
      reply: households.MessageReply,
    },
  }),
  // Planning: rate tables an admin keeps (issue 32): every kind with its dated, sourced versions; a new version of a
  // kind (never an edit of a past one) is validated, stored with who and when, and used by the next projection.
  r('GET', 'admin/rate-tables', 'svc-planning', A, {
    summary:
      'Every rate table (CPF, EPF, dividends, SG/MY income tax, SSD, RPGT) with its versions and the one in force',
    reply: rateTables.RateTablesReply,
  }),
  r('GET', 'admin/rate-tables/:kind', 'svc-planning', A, { reply: rateTables.RateTableReply }),
  r('POST', 'admin/rate-tables/:kind/versions', 'svc-planning', A, {
    summary:
      "Adds the kind's next version (from_year after the newest; a gap, an overlap, a negative rate, a band out of order or an unknown figure is a 400)",
    body: rateTables.RateTableVersionBody,
    reply: rateTables.RateTableVersionReply,
  }),
  // The advisor's public page (issue 15): its sharing card; `tableau/token` is left out (docs/decisions/public-page.md)
  r('GET', 'advisor/public/card.png', 'svc-auth', 'public', {
    summary: "The sharing card (og:image, 1200×630 PNG) of the host's advisor, with name and designation",
    file: 'image/png',
  }),
  // Planning: investment reference data and fund import (issue 15). Admin CRUD of investment companies, banks and
  // plans; the fund list's admin page, a fund added by hand, PATCH and DELETE (soft) of a fund; the fund price import.
  ...(['company', 'bank'] as const).flatMap((thing) =>
    crud(`admin/investment/${thing}`, 'svc-planning', A, 'PUT', {
      list: {
        summary: `Investment ${thing === 'company' ? 'companies' : 'banks'} (search)`,
        reply: investmentReference.ReferenceNamesReply,
      },
      create: { body: investmentReference.ReferenceNameBody, reply: investmentReference.ReferenceNameReply },
      update: { body: investmentReference.ReferenceNameBody, reply: investmentReference.ReferenceNameReply },
      remove: { reply: households.MessageReply },
    }),
  ),
  ...crud('admin/investment/plan', 'svc-planning', A, 'PUT', {
    list: { summary: 'Investment plans (company_id, search)', reply: investmentReference.InvestmentPlansReply },
    create: { body: investmentReference.InvestmentPlanBody, reply: investmentReference.InvestmentPlanReply },
    update: { body: investmentReference.InvestmentPlanBody, reply: investmentReference.InvestmentPlanReply },
    remove: { reply: households.MessageReply },
  }),
  r('GET', 'admin/investment-funds', 'svc-planning', A, {
    summary: 'The fund list for admins: search (name or code), company, page, page_size; deleted funds left out',
    reply: investmentReference.AdminFundsReply,
  }),
  ...crud('investment-funds', 'svc-planning', A, 'PATCH', {
    create: {
      summary: 'A fund added by hand (no feed code)',
      body: investmentReference.FundCreateBody,
      reply: investmentReference.AdminFundReply,
    },
    update: { body: investmentReference.FundPatchBody, reply: investmentReference.AdminFundReply },
    remove: {
      summary: 'Removes the fund from the lists; holdings that name it keep their name and figures',
      reply: households.MessageReply,
    },
  }),
  r('GET', 'scrap-all-funds', 'svc-planning', A, {
    summary: 'Starts the fund price import now (202), or says one is already running (200)',
    reply: investmentReference.FundImportStartReply,
  }),
  r('GET', 'scrap-all-funds/preview', 'svc-planning', A, {
    summary: 'What the fund price import would do: its source, whether it is the sample feed, how many funds it adds',
    reply: investmentReference.FundImportPreviewReply,
  }),
  r('GET', 'scraping-funds-status', 'svc-planning', A, {
    summary: 'The latest fund price import: state, progress (done of total) and per-fund failures',
    reply: investmentReference.FundImportStatusReply,
  }),
];

export const errorReply = ErrorBody;
