import { auth, Events } from '@kinfolio/contracts';
import type { Consumer, Knex, ServiceContext } from '@kinfolio/service-kit';

/** Before any name event: the row a membership event makes carries no name and the oldest possible name time. */
const NO_NAME_YET = new Date(0);

/**
 * auth.advisor.registered.v1 and auth.user.updated.v1 (advisors) → the `advisors` table: the name and designation
 * reports are branded with; billing.membership.changed.v1 → the advisor's membership there (who may receive a public
 * on-boarding submission: issue 30 item 3). Each row keeps the time of the event each fact came from, and an event
 * older than that changes nothing, so replays and events handed over out of order leave the newest facts. Only
 * advisors' events make rows: an admin's or a customer's id never has one.
 */
export function advisorEventsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.advisor.registered.v1', 'auth.user.updated.v1', 'billing.membership.changed.v1'],
    async handle(event, trx) {
      // the broker may hand events over out of order: an older fact never overwrites a newer one
      const at = new Date(event.occurredAt);
      if (event.type === 'billing.membership.changed.v1')
        return onMembershipChanged(ctx, trx, event.id, event.payload, at);
      if (event.type === 'auth.advisor.registered.v1') {
        const p = Events['auth.advisor.registered.v1'].safeParse(event.payload);
        if (!p.success) return void ctx.logger.warn({ eventId: event.id }, 'ignoring a malformed advisor event');
        const registered = new Date(p.data.registered_at);
        const facts = contactFacts(ctx, event.id, p.data);
        await trx('advisors')
          .insert({
            id: p.data.user_id,
            name: p.data.name,
            updated_at: at,
            registered_at: Number.isFinite(registered.getTime()) ? registered : at,
            // a new advisor is on a pending trial until billing says more (kept if billing spoke first: merge below)
            membership_status: 'none',
            ...facts,
          })
          .onConflict('id')
          .merge(['name', 'updated_at', 'registered_at', ...Object.keys(facts)])
          .where('advisors.updated_at', '<', at);
        return;
      }
      const p = Events['auth.user.updated.v1'].safeParse(event.payload);
      if (!p.success) return void ctx.logger.warn({ eventId: event.id }, 'ignoring a malformed user event');
      if (p.data.type !== 'advisor') return;
      const row: Record<string, unknown> = {
        id: p.data.user_id,
        name: p.data.name,
        updated_at: at,
        ...contactFacts(ctx, event.id, p.data),
      };
      if (p.data.designation !== undefined) row.designation = p.data.designation;
      await trx('advisors')
        .insert(row)
        .onConflict('id')
        .merge(Object.keys(row).filter((k) => k !== 'id'))
        .where('advisors.updated_at', '<', at);
    },
  };
}

/** The widest value each contact column of `advisors` holds (migration 020). */
const CONTACT_COLUMNS = {
  email: 254,
  business_email: 254,
  business_phone: 40,
  contact_number: 40,
  profile_image: 1000,
} as const;
type ContactColumn = keyof typeof CONTACT_COLUMNS;

/**
 * The contact facts an advisor event states, as columns of `advisors`: a field the event leaves out (an event written
 * before the field existed) is no fact and keeps what is stored; null or '' clears it. A value wider than its column
 * (svc-auth never sends one) is left out with a warning rather than failing the event over and over.
 */
function contactFacts(
  ctx: ServiceContext,
  eventId: string,
  payload: Partial<Record<ContactColumn, string | null>>,
): Partial<Record<ContactColumn, string | null>> {
  const facts: Partial<Record<ContactColumn, string | null>> = {};
  for (const [column, max] of Object.entries(CONTACT_COLUMNS) as Array<[ContactColumn, number]>) {
    const v = payload[column];
    if (v === undefined) continue;
    const text = v?.trim() || null;
    if (text && text.length > max) {
      ctx.logger.warn({ eventId, field: column }, 'ignoring an advisor contact field longer than it may be');
      continue;
    }
    facts[column] = text;
  }
  return facts;
}

async function onMembershipChanged(
  ctx: ServiceContext,
  trx: Knex.Transaction,
  eventId: string,
  payload: unknown,
  at: Date,
): Promise<void> {
  const p = Events['billing.membership.changed.v1'].safeParse(payload);
  if (!p.success) return void ctx.logger.warn({ eventId }, 'ignoring a malformed membership event');
  const facts = {
    membership_status: p.data.membership_status,
    trial_ends_at: p.data.trial_ends_at ? new Date(p.data.trial_ends_at) : null,
    membership_at: at,
  };
  await trx('advisors')
    .insert({ id: p.data.user_id, name: '', updated_at: NO_NAME_YET, ...facts })
    .onConflict('id')
    .merge(Object.keys(facts))
    .where((w) => w.whereNull('advisors.membership_at').orWhere('advisors.membership_at', '<', at));
}

/**
 * Whether `advisorId` is an advisor svc-planning has heard of whose membership lets them take a new lead: a live trial
 * or subscription by the gateway's own rule (contracts auth.membershipAllows: 'none' is a pending trial for 14 days
 * from registration). An advisor stored before membership was kept here (status null) is taken until billing next
 * speaks of them. Anyone else (an unknown id, an admin, a customer, an expired advisor) is not.
 */
export async function advisorTakesLeads(db: Knex, advisorId: string, now = new Date()): Promise<boolean> {
  const row = await db('advisors')
    .where({ id: advisorId })
    .first('membership_status', 'trial_ends_at', 'registered_at');
  if (!row) return false;
  if (row.membership_status === null) return true;
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return auth.membershipAllows(
    {
      type: 'advisor',
      membership_status: row.membership_status,
      trial_ends_at: iso(row.trial_ends_at),
      registered_at: iso(row.registered_at) ?? new Date(0).toISOString(),
    },
    now,
  );
}

/** What svc-planning last heard of an advisor for a report's branding (the client plan's cover: issue 35). */
export interface AdvisorBranding {
  name: string;
  designation: string | null;
  /** Sign-in e-mail. */
  email: string | null;
  business_email: string | null;
  business_phone: string | null;
  /** The sign-up mobile with its country code. */
  contact_number: string | null;
  /** The profile photo's key in the shared file store, as svc-auth accepted it. */
  profile_image: string | null;
}

/** The advisor's name, designation and contact facts as svc-planning last heard them, or null before any name event. */
export async function advisorBranding(db: ServiceContext['db'], advisorId: string): Promise<AdvisorBranding | null> {
  const row = await db('advisors')
    .where({ id: advisorId })
    .first('name', 'designation', ...(Object.keys(CONTACT_COLUMNS) as ContactColumn[]));
  if (!row?.name) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    name: row.name as string,
    designation: text(row.designation),
    email: text(row.email),
    business_email: text(row.business_email),
    business_phone: text(row.business_phone),
    contact_number: text(row.contact_number),
    profile_image: text(row.profile_image),
  };
}
