import { formatReferenceId, REFERENCE_ID_PATTERN } from './ticket.repository';

describe('ticket reference ids', () => {
  it('is KF-, the UTC year and month, and the sequence number padded to 6 digits', () => {
    expect(formatReferenceId(1, new Date('2026-03-15T10:00:00Z'))).toBe('KF-2603-000001');
    expect(formatReferenceId(123_456, new Date('2026-12-01T00:00:00Z'))).toBe('KF-2612-123456');
    expect(formatReferenceId(1_234_567, new Date('2031-01-31T23:59:59Z'))).toBe('KF-3101-1234567');
  });

  it('uses the UTC month, not the local one, at a month boundary', () => {
    // 00:30 on 1 April in Singapore is still March in UTC
    expect(formatReferenceId(7, new Date('2026-04-01T00:30:00+08:00'))).toBe('KF-2603-000007');
  });

  it('matches its own pattern, and the pattern refuses other shapes', () => {
    for (let n = 1; n < 2_000_000; n += 99_991)
      expect(formatReferenceId(n, new Date('2026-07-04T00:00:00Z'))).toMatch(REFERENCE_ID_PATTERN);
    for (const bad of [
      'KF-2613-000001',
      'KF-2600-000001',
      'KF-26-000001',
      'kf-2603-000001',
      'KF-2603-00001',
      'KF-2603-000001 ',
    ])
      expect(bad).not.toMatch(REFERENCE_ID_PATTERN);
  });

  it('distinct sequence numbers give distinct ids within a month', () => {
    const now = new Date('2026-05-05T00:00:00Z');
    const ids = new Set(Array.from({ length: 5000 }, (_, i) => formatReferenceId(i + 1, now)));
    expect(ids.size).toBe(5000);
  });

  it('refuses a sequence number that is not a positive whole number', () => {
    for (const n of [0, -1, 1.5, Number.NaN])
      expect(() => formatReferenceId(n, new Date())).toThrow(/invalid ticket sequence number/);
  });
});
