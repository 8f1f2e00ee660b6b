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

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  return new Date(t).toLocaleDateString('en-SG', { day: 'numeric', month: 'short', year: 'numeric' });
}
