import { yearLabelIndexes } from './yearLabels';

describe('yearLabelIndexes', () => {
  it('writes every year that fits, fewer when narrow, always the first and the last, never closer than a slot', () => {
    expect(yearLabelIndexes(0, 500, 40)).toEqual([]);
    expect(yearLabelIndexes(1, 500, 40)).toEqual([0]);
    expect(yearLabelIndexes(10, 1000, 40)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [n, width] of [
      [25, 300],
      [30, 260],
      [31, 984],
      [17, 360],
    ] as const) {
      const shown = yearLabelIndexes(n, width, 40);
      const slot = width / n;
      expect(shown[0]).toBe(0);
      expect(shown[shown.length - 1]).toBe(n - 1);
      expect(shown.length).toBeLessThanOrEqual(Math.floor(width / 40));
      for (let i = 1; i < shown.length; i++)
        expect(((shown[i] as number) - (shown[i - 1] as number)) * slot).toBeGreaterThanOrEqual(40);
    }
  });
});
