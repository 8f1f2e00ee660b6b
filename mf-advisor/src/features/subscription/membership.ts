import { formatDate } from '@kinfolio/ui-kit';
import type { Subscription } from './billing';

/** Membership records as svc-billing's `membership/:id` lists them (spec §7 Membership lookup). */
export interface MembershipRecord {
  id?: string;
  kind: string;
  status: string;
  starts_at: string;
  ends_at: string | null;
  plan_name?: string | null;
}

export interface MembershipSummary {
  /** Spec §7: membership counts as activated when any record has status activated. */
  activated: boolean;
  /** The activated record that ends last (null when none is activated). */
  current: MembershipRecord | null;
  /** Whole days left on the current record, rounded up; null for an open-ended one or none. */
  daysLeft: number | null;
}

const DAY_MS = 86_400_000;

export function daysLeft(endsAt: string | null, now: Date = new Date()): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export function summarise(records: readonly MembershipRecord[], now: Date = new Date()): MembershipSummary {
  const active = records.filter((r) => r.status === 'activated');
  if (active.length === 0) return { activated: false, current: null, daysLeft: null };
  const endOf = (r: MembershipRecord) => (r.ends_at ? Date.parse(r.ends_at) : Number.POSITIVE_INFINITY);
  const current = active.reduce((a, b) => (endOf(b) > endOf(a) ? b : a));
  return { activated: true, current, daysLeft: daysLeft(current.ends_at, now) };
}

/** 'trial' → 'Free trial', 'subscription' → 'Subscription', anything else title-cased. */
export function kindLabel(kind: string): string {
  if (kind === 'trial') return 'Free trial';
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Membership';
}

export function statusLabel(status: string): string {
  if (status === 'activated') return 'Active';
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

/** The one date format of every screen (ui-kit), kept under this name for the membership pages. */
export { formatDate };

/** A membership record as `membership/:id` sends it, with the subscription in full on subscription records. */
export interface MembershipRecordWithSubscription extends MembershipRecord {
  subscription?: Subscription;
}

/** The newest subscription of the records (subscriptions come newest first), or null. */
export function latestSubscription(records: readonly MembershipRecordWithSubscription[]): Subscription | null {
  const subs: Subscription[] = [];
  for (const r of records) if (r.kind === 'subscription' && r.subscription) subs.push(r.subscription);
  if (subs.length === 0) return null;
  return subs.reduce((a, b) => (Date.parse(b.starts_at) > Date.parse(a.starts_at) ? b : a));
}

/** An active trial record (the advisor is on the free trial), or null. */
export function activeTrial(records: readonly MembershipRecord[]): MembershipRecord | null {
  return records.find((r) => r.kind === 'trial' && r.status === 'activated') ?? null;
}

export type SubscriptionView =
  | { state: 'active'; title: string; detail: string }
  | { state: 'cancelling'; title: string; detail: string }
  | { state: 'past_due'; title: string; detail: string }
  | { state: 'ended'; title: string; detail: string };

/** How the Subscription & Settings page states a subscription. */
export function describeSubscription(sub: Subscription, price: string, card: string): SubscriptionView {
  const plan = `${sub.plan_name} · ${price} ${sub.interval === 'yearly' ? 'per year' : 'per month'}`;
  if (sub.status === 'past_due')
    return {
      state: 'past_due',
      title: `${sub.plan_name}: Payment failed`,
      detail: `The renewal charge to ${card} failed${sub.past_due_since ? ` on ${formatDate(sub.past_due_since)}` : ''}. Your membership stays active until ${formatDate(sub.grace_ends_at)}: add a card and make it the default so the next retry succeeds.`,
    };
  if (sub.status === 'active' && sub.cancel_at_period_end)
    return {
      state: 'cancelling',
      title: `${sub.plan_name}: Cancelling`,
      detail: `${plan}. Your subscription ends on ${formatDate(sub.current_period_end)}; you are not charged again.`,
    };
  if (sub.status === 'active')
    return {
      state: 'active',
      title: `${sub.plan_name}: Active`,
      detail: `${plan}. Next charge on ${formatDate(sub.next_charge_at ?? sub.current_period_end)} to ${card}.`,
    };
  return {
    state: 'ended',
    title: `${sub.plan_name}: ${sub.status === 'expired' ? 'Expired' : 'Cancelled'}`,
    detail:
      sub.status === 'expired'
        ? `Your subscription expired on ${formatDate(sub.ends_at)} after a payment failed.`
        : `Your subscription ended on ${formatDate(sub.ends_at)}.`,
  };
}
