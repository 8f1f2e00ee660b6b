import { dayNumber, ymd } from './dates';

// The date helpers read 'YYYY-MM-DD' and day numbers with integer arithmetic; they must agree with Date exactly.
describe('dates: integer calendar arithmetic agrees with Date', () => {
  const DAY = 86_400_000;
  it('ymd of every day from 1899 to 2101 and of far days', () => {
    const days = [];
    for (let d = Math.floor(Date.UTC(1899, 0, 1) / DAY); d <= Math.floor(Date.UTC(2101, 11, 31) / DAY); d++)
      days.push(d);
    days.push(-100_000_000, -719_468, -1, 0, 1, 2_932_896, 100_000_000);
    for (const d of days) {
      const date = new Date(d * DAY);
      expect(ymd(d)).toEqual({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
    }
  });
  it('day numbers of ISO days, and the same errors for impossible days', () => {
    const pad = (x: number, w: number) => String(x).padStart(w, '0');
    for (const y of [99, 100, 1600, 1899, 1900, 1970, 2000, 2023, 2024, 2100, 9999]) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const ms = Date.UTC(y, m - 1, d);
          const check = new Date(ms);
          if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
            expect(() => dayNumber(s, 'f')).toThrow('f is not a valid date');
          else expect(dayNumber(s, 'f')).toBe(Math.floor(ms / DAY));
        }
      }
    }
  });
  it('other shapes keep the Date path', () => {
    expect(dayNumber('2024-02-29T12:00:00Z')).toBe(19_782);
    expect(dayNumber(new Date(Date.UTC(2024, 1, 29, 23)))).toBe(19_782);
    expect(dayNumber('2024-03-01T00:00:00.000Z')).toBe(Math.floor(Date.parse('2024-03-01T00:00:00.000Z') / DAY));
    expect(() => dayNumber('not a date')).toThrow('date is not a valid date');
    expect(ymd(1.5)).toEqual({ year: 1970, month: 1, day: 2 });
    expect(() => ymd(Number.NaN)).toThrow('date is out of range'); // refused, not NaN fields (hardening item 12)
  });
});
