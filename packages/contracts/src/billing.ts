import { z } from 'zod';
import { CalendarDate, Id, IsoDateTime, ok, Page, PageQuery, Timestamp } from './common';
import { PlainText } from './validation';

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
  started_at: Timestamp,
  ends_at: Timestamp,
  ended_at: Timestamp.nullable(),
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
    ends_at: IsoDateTime().optional(),
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
  starts_at: Timestamp,
  ends_at: Timestamp.nullable(),
  /** Subscription records: the subscription in full (plan, period, next charge, card). */
  subscription: z.lazy(() => Subscription).optional(),
});
export type MembershipRecord = z.infer<typeof MembershipRecord>;
export const MembershipReply = ok(z.array(MembershipRecord));

/** Spec §7: membership counts as activated when any record has status activated. */
export function membershipActivated(records: ReadonlyArray<Pick<MembershipRecord, 'status'>>): boolean {
  return records.some((r) => r.status === 'activated');
}

// ---------------------------------------------------------------------------------------------------------------
// Payments and plans (issue 16; spec platform-shell §7 "Payments and plans" and "Admin").
// Amounts are integer minor units (cents, sen) and come only from plans: the client never sends a price.

/** Plan currencies (spec §1: SGD and RM). The payment provider's codes are `sgd` and `myr`. */
export const Currency = z.enum(['SGD', 'RM'], { error: "currency must be 'SGD' or 'RM'" });
export type Currency = z.infer<typeof Currency>;
export const PROVIDER_CURRENCY: Record<Currency, string> = { SGD: 'sgd', RM: 'myr' };
export const PlanInterval = z.enum(['monthly', 'yearly'], { error: "interval must be 'monthly' or 'yearly'" });
export type PlanInterval = z.infer<typeof PlanInterval>;
/** Days a subscription whose renewal failed stays usable (past_due) before it expires; BILLING_GRACE_DAYS overrides. */
export const GRACE_DAYS = 3;
/** Highest plan price accepted (minor units): 100,000.00. */
export const PLAN_PRICE_MAX = 10_000_000;

const PlanName = PlainText(100).pipe(z.string().min(1, { message: 'Enter a plan name' }));
const Feature = PlainText(200).pipe(z.string().min(1, { message: 'Enter the feature' }));
const Price = z
  .number({ error: 'Enter the price in minor units (cents)' })
  .int({ message: 'Enter the price in minor units (cents)' })
  .min(100, { message: 'The price must be at least 1.00' })
  .max(PLAN_PRICE_MAX, { message: 'The price must be at most 100000.00' });

export const MembershipPlan = z.object({
  id: Id,
  name: z.string(),
  interval: PlanInterval,
  /** Price per interval, minor units. */
  price_sgd: z.number().int(),
  price_rm: z.number().int(),
  features: z.array(z.string()),
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type MembershipPlan = z.infer<typeof MembershipPlan>;

/** POST membership-plans (admin). */
export const PlanCreateBody = z.strictObject({
  name: PlanName,
  interval: PlanInterval,
  price_sgd: Price,
  price_rm: Price,
  features: z.array(Feature).max(30, { message: 'At most 30 features' }).default([]),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type PlanCreateBody = z.infer<typeof PlanCreateBody>;

/**
 * PATCH admin/membership-plans (admin): `id` and at least one change. A price change applies to new subscriptions
 * and plan changes; running subscriptions keep the price they were sold at until they change plan.
 */
export const PlanPatchBody = z
  .strictObject({
    id: Id,
    name: PlanName.optional(),
    price_sgd: Price.optional(),
    price_rm: Price.optional(),
    features: z.array(Feature).max(30, { message: 'At most 30 features' }).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 1, { message: 'Give at least one change', path: ['body'] });
export type PlanPatchBody = z.infer<typeof PlanPatchBody>;
export const PlanReply = ok(MembershipPlan);
export const PlansReply = ok(z.array(MembershipPlan));

export const Card = z.object({
  id: Id,
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  created_at: Timestamp,
});
export type Card = z.infer<typeof Card>;
export const CardsReply = ok(z.array(Card));
/**
 * GET payments/config (public): how the browser collects cards. `test`: the offline provider (the test-mode form
 * posts test card numbers); `stripe`: the provider's elements, loaded with `publishable_key`.
 */
export const PaymentsConfig = z.object({
  mode: z.enum(['test', 'stripe']),
  publishable_key: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;
export const PaymentsConfigReply = ok(PaymentsConfig);
export const CardReply = ok(Card);

/** Test card numbers of the offline test-mode provider (Stripe's documented test numbers). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  needsAuthentication: '4000002500003155',
} as const;

/**
 * POST auth/card and POST trial/card: exactly one of
 * - `payment_method_id`: a card collected by the provider's card elements (Stripe `pm_…`); the service confirms a
 *   SetupIntent for it (off-session use);
 * - `setup_intent_id`: finish a setup that needed the card holder's authentication (after the browser's
 *   `handleNextAction`); with the offline provider, `test_authentication` says how the test authentication went;
 * - `card_number` with `exp_month`, `exp_year`, `cvc`: **offline test mode only** (test numbers, never real cards;
 *   the Stripe provider refuses it).
 */
export const AddCardBody = z
  .strictObject({
    payment_method_id: z
      .string({ error: 'payment_method_id must be text' })
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, { message: 'Not a payment method id' })
      .optional(),
    setup_intent_id: z
      .string({ error: 'setup_intent_id must be text' })
      .regex(/^seti_[A-Za-z0-9_]{1,200}$/, { message: 'Not a setup intent id' })
      .optional(),
    test_authentication: z
      .enum(['succeed', 'fail'], { error: "test_authentication must be 'succeed' or 'fail'" })
      .optional(),
    card_number: z
      .string({ error: 'card_number must be text' })
      .regex(/^[0-9 ]{12,23}$/, { message: 'Enter the card number (digits only)' })
      .optional(),
    exp_month: z
      .number({ error: 'Enter the expiry month' })
      .int()
      .min(1, { message: 'Enter a month 1-12' })
      .max(12, { message: 'Enter a month 1-12' })
      .optional(),
    exp_year: z
      .number({ error: 'Enter the expiry year' })
      .int()
      .min(2000, { message: 'Enter a 4-digit year' })
      .max(2100, { message: 'Enter a 4-digit year' })
      .optional(),
    cvc: z
      .string({ error: 'cvc must be text' })
      .regex(/^[0-9]{3,4}$/, { message: 'Enter the 3 or 4 digit security code' })
      .optional(),
    make_default: z.boolean({ error: 'make_default must be true or false' }).optional(),
  })
  .superRefine((b, ctx) => {
    const given = [b.payment_method_id, b.setup_intent_id, b.card_number].filter((v) => v !== undefined).length;
    if (given !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['payment_method_id'],
        message: 'Give one of payment_method_id, setup_intent_id or card_number',
      });
    if (b.card_number !== undefined)
      for (const key of ['exp_month', 'exp_year', 'cvc'] as const)
        if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `Enter ${key}` });
  });
export type AddCardBody = z.infer<typeof AddCardBody>;
/** A card setup waiting for the card holder's authentication (HTTP 202): confirm it in the browser, then send setup_intent_id. */
export const CardActionRequired = z.object({
  status: z.literal('requires_action'),
  setup_intent_id: z.string(),
  client_secret: z.string(),
});
export const AddCardReply = ok(z.union([Card, CardActionRequired]));

export const SubscriptionState = z.enum(['active', 'past_due', 'cancelled', 'expired']);
export type SubscriptionState = z.infer<typeof SubscriptionState>;
/** The advisor's subscription as the API shows it. */
export const Subscription = z.object({
  id: Id,
  user_id: Id,
  plan_id: Id,
  plan_name: z.string(),
  interval: PlanInterval,
  currency: Currency,
  /** Price per interval the subscription is billed at (minor units). */
  amount: z.number().int(),
  status: SubscriptionState,
  cancel_at_period_end: z.boolean(),
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  /** When the next charge is due (null when the subscription ends at the period's end or has ended). */
  next_charge_at: Timestamp.nullable(),
  /** A renewal failed: since when, and when the membership expires unless a payment succeeds. */
  past_due_since: Timestamp.nullable(),
  grace_ends_at: Timestamp.nullable(),
  card: z.object({ id: Id, brand: z.string(), last4: z.string() }).nullable(),
  starts_at: Timestamp,
  ends_at: Timestamp.nullable(),
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionReply = ok(Subscription);

/** POST trial/membership-plans: subscribe (from the trial, after it, or again after cancelling or expiring). */
export const SubscribeBody = z.strictObject({
  plan_id: Id,
  currency: Currency,
  /** The card to charge; the default card when left out. */
  card_id: Id.optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;
/** PATCH change-subscription-plan: the new plan; the difference for the rest of the period is charged or credited now. */
export const ChangePlanBody = z.strictObject({ plan_id: Id });
export type ChangePlanBody = z.infer<typeof ChangePlanBody>;
/** PATCH cancel-membership-plan: the subscription ends at the end of the paid period. */
export const CancelPlanBody = z.strictObject({ reason: PlainText(500).optional() });
export type CancelPlanBody = z.infer<typeof CancelPlanBody>;

export const TransactionKind = z.enum(['charge', 'refund', 'failure']);
export type TransactionKind = z.infer<typeof TransactionKind>;
export const SubscriptionTransaction = z.object({
  id: Id,
  user_id: Id,
  kind: TransactionKind,
  /** Minor units; positive for charges and failures, the refunded amount for refunds. */
  amount: z.number().int(),
  currency: Currency,
  description: z.string(),
  plan_name: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /**
   * The receipt of a charge or refund: the provider's hosted invoice or receipt page when it gave one (Stripe), else
   * the receipt svc-billing makes (`/api/v1/subscription-transactions/{id}/receipt`, a PDF); null for a failure.
   */
  receipt_url: z.string().nullable(),
  occurred_at: Timestamp,
});
export type SubscriptionTransaction = z.infer<typeof SubscriptionTransaction>;
export const TransactionsQuery = PageQuery.extend({ kind: TransactionKind.optional() });
export const TransactionsReply = ok(Page(SubscriptionTransaction));

/** Free-text search of the admin lists: the advisor's name or e-mail, or the plan's name (case-insensitive, contains). */
export const ADMIN_SEARCH_MAX = 100;
const AdminSearch = PlainText(ADMIN_SEARCH_MAX).optional();
export const SortOrder = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' });
export type SortOrder = z.infer<typeof SortOrder>;
/** A calendar day (YYYY-MM-DD, UTC) bounding a date range; both ends are included (the shared CalendarDate). */
const Day = CalendarDate;

export const SUBSCRIBER_SORTS = ['starts_at', 'current_period_end', 'ends_at', 'amount', 'plan_name'] as const;
export const SubscriberSort = z.enum(SUBSCRIBER_SORTS, { error: `sort must be one of ${SUBSCRIBER_SORTS.join(', ')}` });
/**
 * GET admin/subscribers-list (and its CSV export): ?status= (default active), ?search=, ?plan_id=, ?sort= (default
 * starts_at), ?order= (default desc), page, page_size.
 */
export const SubscribersQuery = PageQuery.extend({
  status: SubscriptionState.optional(),
  search: AdminSearch,
  plan_id: Id.optional(),
  sort: SubscriberSort.optional(),
  order: SortOrder.optional(),
});
export type SubscribersQuery = z.infer<typeof SubscribersQuery>;
export const SubscribersReply = ok(Page(Subscription));

export const TRANSACTION_SORTS = ['occurred_at', 'amount'] as const;
export const TransactionSort = z.enum(TRANSACTION_SORTS, {
  error: `sort must be one of ${TRANSACTION_SORTS.join(', ')}`,
});
/**
 * GET admin/subscription-transactions-list (and its CSV export): ?kind=, ?user_id=, ?search=, ?from= and ?to= (days,
 * UTC, both included), ?sort= (default occurred_at), ?order= (default desc), page, page_size.
 */
export const AdminTransactionsQuery = TransactionsQuery.extend({
  user_id: Id.optional(),
  search: AdminSearch,
  from: Day.optional(),
  to: Day.optional(),
  sort: TransactionSort.optional(),
  order: SortOrder.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must not be before from' });
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;

/** POST webhooks/stripe: the provider's signed event (raw body, Stripe-Signature header). */
export const WebhookReply = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
/** Seconds a webhook signature stays valid (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SEC = 300;

/** POST admin/notify-user-for-subscription and admin/notify-user-for-registration: mail one advisor a reminder. */
export const NotifyBody = z.strictObject({ user_id: Id });
export type NotifyBody = z.infer<typeof NotifyBody>;
export const NotifyReply = z.object({ message: z.string() });
/** Reminder mails an admin can send; each at most once a UTC day per user. */
export const REMINDER_KINDS = ['subscription', 'registration'] as const;

// ---------------------------------------------------------------------------------------------------------------
// The seller's details on receipts (issue 35): what an invoice needs of the business that sells the subscriptions,
// set by an admin. Every change is kept (who, when); a receipt prints the details in force when its transaction was
// recorded, so a later change never rewrites a receipt already issued.

export const SELLER_NAME_MAX = 200;
export const SELLER_ADDRESS_MAX = 500;
/** Lines of the address a receipt prints at most. */
export const SELLER_ADDRESS_LINES_MAX = 6;
export const SELLER_NUMBER_MAX = 50;
/** Registration and tax numbers: SSM `202301012345 (1234567-A)`, UEN `201912345K`, SST `W10-1808-31000000`, GST `M2-1234567-8`. */
export const SELLER_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./()-]*$/;
const SELLER_NUMBER_MESSAGE = 'Use letters, digits, spaces and - / . ( ) only';

const SellerNumber = (missing: string) =>
  PlainText(SELLER_NUMBER_MAX).pipe(
    z.string().min(1, { message: missing }).regex(SELLER_NUMBER_PATTERN, { message: SELLER_NUMBER_MESSAGE }),
  );

/**
 * PUT admin/billing/seller (admin): the whole record each time. `tax_number` is required when `tax_registered` is
 * true and refused otherwise (null or left out). The address is multi-line (at most 6 lines; blank lines dropped).
 */
export const SellerDetailsBody = z
  .strictObject({
    business_name: PlainText(SELLER_NAME_MAX).pipe(z.string().min(1, { message: 'Enter the business name' })),
    address: PlainText(SELLER_ADDRESS_MAX, { multiline: true })
      .transform((a) =>
        a
          .split(/\r\n|\r|\n/)
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n'),
      )
      .pipe(
        z
          .string()
          .min(1, { message: 'Enter the business address' })
          .refine((a) => a.split('\n').length <= SELLER_ADDRESS_LINES_MAX, {
            message: `Use at most ${SELLER_ADDRESS_LINES_MAX} lines`,
          }),
      ),
    registration_number: SellerNumber('Enter the registration number'),
    tax_registered: z.boolean({ error: 'tax_registered must be true or false' }),
    tax_number: SellerNumber('Enter the tax registration number').nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.tax_registered && (b.tax_number === undefined || b.tax_number === null))
      ctx.addIssue({ code: 'custom', path: ['tax_number'], message: 'Enter the tax registration number' });
    if (!b.tax_registered && b.tax_number !== undefined && b.tax_number !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['tax_number'],
        message: 'Leave the tax number empty when the business is not tax registered',
      });
  });
export type SellerDetailsBody = z.infer<typeof SellerDetailsBody>;

/** The seller's details in force, with who last changed them and when (an admin's user id). */
export const SellerDetails = z.object({
  business_name: z.string(),
  /** Lines separated by '\n'. */
  address: z.string(),
  registration_number: z.string(),
  tax_registered: z.boolean(),
  tax_number: z.string().nullable(),
  updated_at: Timestamp,
  updated_by: Id,
});
export type SellerDetails = z.infer<typeof SellerDetails>;
/** GET admin/billing/seller: null until an admin first sets them. */
export const SellerDetailsReply = ok(SellerDetails.nullable());
export const SellerDetailsSavedReply = ok(SellerDetails);
