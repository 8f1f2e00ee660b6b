import fc from 'fast-check';
import { orderStatistics, prng } from './montecarlo';

describe('Monte Carlo building blocks', () => {
  it('prng keeps its sfc32 sequence (a seed reproduces the same draws)', () => {
    const draws = (seed: number) => {
      const r = prng(seed);
      return [r(), r(), r()];
    };
    expect(draws(0)).toEqual([0.1080503910779953, 0.48646655259653926, 0.7435757895000279]);
    expect(draws(42)).toEqual([0.9105992272961885, 0.36439116508699954, 0.7828414337709546]);
  });

  it('property: order statistics are the values a full ascending sort puts at those ranks', () => {
    const value = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true }),
      fc.constant(0),
      fc.constant(-0),
      fc.constant(Number.NaN),
    );
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 300 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (values, picks) => {
          const a = Float64Array.from(values);
          const ranks = picks.map((p) => p % a.length);
          const sorted = a.slice().sort();
          orderStatistics(a, ranks);
          for (const k of ranks) expect(Object.is(a[k], sorted[k])).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('order statistics of a large random slice (quickselect path)', () => {
    const r = prng(7);
    const a = Float64Array.from({ length: 10_001 }, () => Math.round(r() * 5000) / 7);
    const ranks = [0, 1000, 2500, 5000, 7500, 9000, 10_000];
    const sorted = a.slice().sort();
    orderStatistics(a, ranks);
    for (const k of ranks) expect(a[k]).toBe(sorted[k]);
  });
});
