import {
  dayLabel,
  elapsed,
  formatTime,
  groupByDay,
  isImageAttachment,
  isMine,
  mediaUrl,
  mergeReplies,
  truncateName,
} from './format';
import type { Reply } from './types';

const r = (id: string, createdAt: string, created_by = 'admin'): Reply => ({
  id,
  reply: id,
  created_by,
  createdAt,
  attachments: [],
});

describe('conversation formatting', () => {
  const now = new Date(2026, 2, 10, 15, 0); // 10 Mar 2026 15:00 local

  it('formats times as hh:mm a', () => {
    expect(formatTime(new Date(2026, 2, 10, 0, 5))).toBe('12:05 am');
    expect(formatTime(new Date(2026, 2, 10, 9, 7))).toBe('09:07 am');
    expect(formatTime(new Date(2026, 2, 10, 12, 0))).toBe('12:00 pm');
    expect(formatTime(new Date(2026, 2, 10, 23, 59))).toBe('11:59 pm');
  });

  it('labels days Today, Yesterday, else a date', () => {
    expect(dayLabel(new Date(2026, 2, 10, 0, 0), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 9, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 2, 8, 12, 0), now)).toBe('8 Mar 2026');
    // Across a month boundary
    expect(dayLabel(new Date(2026, 1, 28, 10), new Date(2026, 2, 1, 9))).toBe('Yesterday');
  });

  it('groups messages by local day in order', () => {
    const list = [
      r('a', new Date(2026, 2, 8, 10).toISOString()),
      r('b', new Date(2026, 2, 9, 10).toISOString()),
      r('c', new Date(2026, 2, 9, 11).toISOString()),
      r('d', new Date(2026, 2, 10, 8).toISOString()),
    ];
    const groups = groupByDay(list, now);
    expect(groups.map((g) => g.label)).toEqual(['8 Mar 2026', 'Yesterday', 'Today']);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('cuts attachment names to 10 characters plus an ellipsis', () => {
    expect(truncateName('short.png')).toBe('short.png');
    expect(truncateName('exactly10c')).toBe('exactly10c');
    expect(truncateName('holiday-photo.jpeg')).toBe('holiday-ph…');
  });

  it('previews the spec image types and plays the rest', () => {
    for (const ext of ['png', 'jpeg', 'jpg', 'gif', 'tiff', 'avif', 'heif', 'bmp', 'PNG']) {
      expect(isImageAttachment({ media: `storage/user/media/x/1.${ext}` })).toBe(true);
    }
    expect(isImageAttachment({ media: 'storage/user/media/x/1.mp4' })).toBe(false);
    expect(isImageAttachment({ media: 'storage/user/media/x/1.webm?sig=a.png#x' })).toBe(false);
  });

  it('never turns a stored key into a script URL', () => {
    expect(mediaUrl('javascript:alert(1)')).toBe('/api/v1/files/blob/javascript%3Aalert(1)');
    expect(mediaUrl('storage/user/media/a b.png')).toBe('/api/v1/files/blob/storage/user/media/a%20b.png');
    expect(mediaUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });

  it('states elapsed time in words', () => {
    expect(elapsed('2026-03-10T10:00:00Z', '2026-03-10T10:00:30Z')).toBe('30 seconds');
    expect(elapsed('2026-03-10T10:00:00Z', '2026-03-10T10:01:00Z')).toBe('1 minute');
    expect(elapsed('2026-03-10T10:00:00Z', '2026-03-10T13:10:00Z')).toBe('3 hours');
    expect(elapsed('2026-03-10T10:00:00Z', '2026-03-12T10:00:00Z')).toBe('2 days');
  });

  it('merges replies by id, in time order, without duplicates', () => {
    const a = r('a', '2026-03-10T10:00:00Z');
    const b = r('b', '2026-03-10T10:01:00Z');
    const c = r('c', '2026-03-10T10:02:00Z');
    const once = mergeReplies([a], [c, b]);
    expect(once.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    const again = mergeReplies(once, [b, c]);
    expect(again.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(mergeReplies(once, [])).toBe(once);
  });

  it('knows whose message is whose in each mode', () => {
    expect(isMine(r('a', '', 'admin'), 'admin')).toBe(true);
    expect(isMine(r('a', '', 'admin'), 'user')).toBe(false);
    expect(isMine(r('a', '', 'u1'), 'user')).toBe(true);
  });
});
