import { z } from 'zod';
import { Timestamp } from './common';
import { JobProgressV1, JobRequestedV1 } from './jobs';
import { RateTablesChangedV1 } from './rate-tables';
import type { ServiceName } from './routes';

/** Envelope of every integration event (architecture guide §2). A published version never changes. */
export const EventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurredAt: Timestamp,
  correlationId: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelope>, 'payload'> & { payload: P };

/**
 * The advisor facts a client plan's cover shows (issue 35), added after the events were first published: optional,
 * so an event written before them still parses (absent: not known from this event; null: the advisor has none).
 * `contact_number` is the sign-up mobile with its country code ('+65 91234567'); `profile_image` is the key of the
 * advisor's uploaded photo in the shared file store (`storage/user/media/<user id>/<name>`).
 */
const AdvisorContact = {
  contact_number: z.string().nullable().optional(),
  profile_image: z.string().nullable().optional(),
};
export const AdvisorRegisteredV1 = z.object({
  user_id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  registered_at: Timestamp,
  ...AdvisorContact,
});
export const CustomerCreatedV1 = z.object({
  user_id: z.string().uuid(),
  advisor_id: z.string().uuid().nullable(),
  email: z.string(),
  name: z.string(),
});
export const UserDeactivatedV1 = z.object({ user_id: z.string().uuid(), type: z.string() });
export const UserActivatedV1 = UserDeactivatedV1;
export const UserDeletedV1 = UserDeactivatedV1;
export const UserUpdatedV1 = z.object({
  user_id: z.string().uuid(),
  type: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** An advisor's designation (svc-planning brands reports with it); absent in events written before it was added. */
  designation: z.string().nullable().optional(),
  /** The e-mail and phone the advisor gives clients (their profile's business details), when they set them. */
  business_email: z.string().nullable().optional(),
  business_phone: z.string().nullable().optional(),
  ...AdvisorContact,
});
export const TrialStartedV1 = z.object({
  user_id: z.string().uuid(),
  trial_id: z.string().uuid(),
  started_at: Timestamp,
  ends_at: Timestamp,
});
export const TrialUpdatedV1 = TrialStartedV1.extend({ status: z.enum(['active', 'ended']) });
export const MembershipChangedV1 = z.object({
  user_id: z.string().uuid(),
  membership_status: z.enum(['none', 'trial', 'active', 'expired']),
  trial_ends_at: Timestamp.nullable(),
});
export const ReplyCreatedV1 = z.object({
  ticket_id: z.string().uuid(),
  reply_id: z.string().uuid(),
  owner_id: z.string().uuid(),
  created_by: z.string(),
  created_at: Timestamp,
});
/** A lead or customer and everything stored for it were deleted (svc-auth removes its customer login). */
export const HouseholdDeletedV1 = z.object({
  household_id: z.string().uuid(),
  advisor_id: z.string().uuid(),
  customer_user_id: z.string().uuid().nullable(),
  deleted_at: Timestamp,
});
/**
 * A household's data changed (issue 11 live household): svc-support tells the owning advisor's and the linked
 * customer's open sockets, whose screens reload what they show. `section` names what changed (profile, members,
 * a record kind's path, dreams, concerns).
 */
export const HouseholdChangedV1 = z.object({
  household_id: z.string().uuid(),
  advisor_id: z.string().uuid(),
  customer_user_id: z.string().uuid().nullable(),
  change: z.enum(['created', 'updated', 'deleted']),
  section: z.string().max(100),
});
/** An advisor shared a household's profile: its `me` member gets a customer login. */
export const CustomerSharedV1 = z.object({
  household_id: z.string().uuid(),
  advisor_id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
});
/** svc-auth created (or found) the customer login of a shared household: svc-planning links it to the household. */
export const CustomerLinkedV1 = z.object({
  household_id: z.string().uuid(),
  advisor_id: z.string().uuid(),
  customer_user_id: z.string().uuid(),
});

/**
 * Sessions ended before their time (sign-out, a password reset, sign-in rotation, a deactivated or deleted user):
 * svc-support closes every open socket of these sessions.
 */
export const SessionsRevokedV1 = z.object({
  user_id: z.string().uuid(),
  session_ids: z.array(z.string().uuid()).min(1),
  reason: z.enum(['logout', 'signin', 'password', 'deactivated', 'deleted']),
});

/**
 * A visitor of an advisor's public page left name and e-mail (with consent) to download a lead magnet: svc-planning
 * makes them a lead of the advisor (once per e-mail).
 */
export const LeadMagnetRequestedV1 = z.object({
  advisor_id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  lead_magnet_id: z.string().uuid(),
  lead_magnet_title: z.string(),
  requested_at: Timestamp,
});

/** Every event type with its payload schema: the bus validates against this on publish. */
export const Events = {
  'auth.advisor.registered.v1': AdvisorRegisteredV1,
  'auth.customer.created.v1': CustomerCreatedV1,
  'auth.user.deactivated.v1': UserDeactivatedV1,
  'auth.user.activated.v1': UserActivatedV1,
  'auth.user.deleted.v1': UserDeletedV1,
  'auth.user.updated.v1': UserUpdatedV1,
  'auth.sessions.revoked.v1': SessionsRevokedV1,
  'auth.customer.linked.v1': CustomerLinkedV1,
  'billing.trial.started.v1': TrialStartedV1,
  'billing.trial.updated.v1': TrialUpdatedV1,
  'billing.membership.changed.v1': MembershipChangedV1,
  'support.reply.created.v1': ReplyCreatedV1,
  'planning.household.deleted.v1': HouseholdDeletedV1,
  'planning.household.changed.v1': HouseholdChangedV1,
  'planning.customer.shared.v1': CustomerSharedV1,
  'auth.lead-magnet.requested.v1': LeadMagnetRequestedV1,
  'planning.rate_tables.changed.v1': RateTablesChangedV1,
  'planning.job.requested.v1': JobRequestedV1,
  'planning.job.progress.v1': JobProgressV1,
} as const;
export type EventType = keyof typeof Events;

/**
 * The broker's consumer queues: one per service, and the jobs queue that svc-planning's worker processes share
 * (issue 37: `svc-planning/src/worker.ts`).
 */
export const JOBS_QUEUE = 'svc-planning-jobs';
export type QueueName = ServiceName | typeof JOBS_QUEUE;

/**
 * Which service's queue receives which events: the whole broker topology in one place. Every service declares all
 * of it when it connects, before it may publish, so an event can never reach the exchange before the queue of a
 * consumer that has not connected yet exists (RabbitMQ drops messages no queue is bound for). A service's
 * consumers may bind only what is listed here for it; the kit refuses to start otherwise.
 */
export const EventTopology: Readonly<Partial<Record<QueueName, readonly EventType[]>>> = {
  'svc-auth': [
    'billing.membership.changed.v1',
    'billing.trial.started.v1',
    'planning.customer.shared.v1',
    'planning.household.deleted.v1',
  ],
  'svc-billing': ['auth.advisor.registered.v1', 'auth.user.deleted.v1'],
  'svc-planning': [
    'auth.customer.linked.v1',
    'auth.customer.created.v1',
    'auth.lead-magnet.requested.v1',
    'auth.advisor.registered.v1',
    'auth.user.updated.v1',
    'billing.membership.changed.v1',
  ],
  'svc-support': [
    'auth.advisor.registered.v1',
    'auth.customer.created.v1',
    'auth.user.updated.v1',
    'auth.user.deleted.v1',
    'auth.user.deactivated.v1',
    'auth.sessions.revoked.v1',
    'planning.household.changed.v1',
    'planning.household.deleted.v1',
    'planning.job.progress.v1',
  ],
  // issue 37: svc-planning's worker processes compete on this one queue (each takes one job at a time); it is declared
  // by every publisher like the services' own, so a job asked for before any worker connected waits for one
  'svc-planning-jobs': ['planning.job.requested.v1'],
};
export type EventPayload<T extends EventType> = z.infer<(typeof Events)[T]>;

/**
 * The payload of a delivered event of type `type`, checked against its contract; null for a malformed one, after a
 * warning that names the event (a consumer drops it: a redelivery would be as malformed).
 */
export function eventPayload<T extends EventType>(
  type: T,
  event: Pick<EventEnvelope, 'id' | 'payload'>,
  logger: { warn: (fields: { eventId: string }, message: string) => void },
): EventPayload<T> | null {
  const schema: z.ZodType = Events[type];
  const parsed = schema.safeParse(event.payload);
  if (parsed.success) return parsed.data as EventPayload<T>;
  logger.warn({ eventId: event.id }, `ignoring a malformed ${type}`);
  return null;
}
