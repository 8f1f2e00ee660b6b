import { formatDate } from '@kinfolio/ui-kit';
import type { Reply, ReplyAttachment } from './types';

/** Spec §9: attachment names are shown cut to 10 characters. Decision: a single '…' character follows the cut. */
export const ATTACHMENT_NAME_LENGTH = 10;
export const ELLIPSIS = '…';

export function truncateName(name: string, max = ATTACHMENT_NAME_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}${ELLIPSIS}` : name;
}

/** Spec §2.10: attachments with these extensions get an image preview; anything else gets a media player. */
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'tiff', 'avif', 'heif', 'bmp'] as const;

export function extensionOf(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const last = clean.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot < 0 ? '' : last.slice(dot + 1).toLowerCase();
}

export function isImageAttachment(a: ReplyAttachment): boolean {
  if (a.mimetype?.startsWith('image/')) return true;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(a.media));
}

/** Where the browser reads a stored file: absolute URLs as they are, relative keys through the files API. */
export function mediaUrl(media: string): string {
  if (/^(https?:|blob:)/i.test(media) || media.startsWith('/')) return media;
  return `/api/v1/files/blob/${media.split('/').map(encodeURIComponent).join('/')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm a, e.g. '03:07 pm' (12-hour clock, lowercase meridiem). */
export function formatTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const h = d.getHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(h12)}:${pad(d.getMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

/** Local calendar day key, e.g. '2026-03-09'. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'Today', 'Yesterday', otherwise the date in the one format of every screen (ui-kit `formatDate`: '8 Mar 2026'). */
export function dayLabel(iso: string | Date, now: Date = new Date()): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (dayKey(d) === dayKey(now)) return 'Today';
  const y = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(d) === dayKey(y)) return 'Yesterday';
  return formatDate(d);
}

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Groups messages (already in time order) by local calendar day. */
export function groupByDay<T extends { createdAt: string }>(items: T[], now: Date = new Date()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const d = new Date(item.createdAt);
    const key = dayKey(d);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(d, now), items: [item] });
  }
  return groups;
}

/** Time elapsed between two instants, in words ('45 minutes', '2 hours', '3 days'). */
export function elapsed(fromIso: string, toIso: string): string {
  const ms = Math.max(0, new Date(toIso).getTime() - new Date(fromIso).getTime());
  const s = Math.floor(ms / 1000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return unit(s, 'second');
  const m = Math.floor(s / 60);
  if (m < 60) return unit(m, 'minute');
  const h = Math.floor(m / 60);
  if (h < 24) return unit(h, 'hour');
  const days = Math.floor(h / 24);
  if (days < 30) return unit(days, 'day');
  const months = Math.floor(days / 30);
  if (months < 12) return unit(months, 'month');
  return unit(Math.floor(days / 365), 'year');
}

/**
 * Adds replies to a conversation without duplicates (same id = same reply, the newer copy wins) and keeps them
 * in time order. Used for the initial load, live `reply:created` events and the catch-up after a reconnect.
 */
export function mergeReplies(current: Reply[], incoming: Reply[]): Reply[] {
  if (incoming.length === 0) return current;
  const byId = new Map<string, Reply>();
  for (const r of current) byId.set(r.id, r);
  let changed = false;
  for (const r of incoming) {
    if (!byId.has(r.id)) changed = true;
    byId.set(r.id, r);
  }
  if (!changed && incoming.every((r) => current.includes(r))) return current;
  return [...byId.values()].sort(
    (a, b) =>
      new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The user's own messages sit on the right: in admin mode those are the admin's. */
export function isMine(reply: Reply, mode: 'user' | 'admin'): boolean {
  return mode === 'admin' ? reply.created_by === 'admin' : reply.created_by !== 'admin';
}
