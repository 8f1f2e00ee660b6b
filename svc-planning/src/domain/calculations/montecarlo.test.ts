import fc from 'fast-check';
import { normals, orderStatistics, prng } from './montecarlo';

/** Standard normal CDF (Zelen & Severo, Abramowitz–Stegun 26.2.17; |error| < 7.5e-8). */
function phi(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

describe('Monte Carlo building blocks', () => {
  it('prng keeps its sfc32 sequence (a seed reproduces the same draws)', () => {
    const draws = (seed: number) => {
      const r = prng(seed);
      return [r(), r(), r()];
    };
    expect(draws(0)).toEqual([0.1080503910779953, 0.48646655259653926, 0.7435757895000279]);
    expect(draws(42)).toEqual([0.9105992272961885, 0.36439116508699954, 0.7828414337709546]);
  });

  it('normal draws (ziggurat) have the standard normal distribution, tails included', () => {
    const n = 1_000_000;
    const draw = normals(2026);
    const xs = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      xs[i] = draw();
      sum += xs[i] as number;
    }
    const mean = sum / n;
    let m2 = 0;
    let m3 = 0;
    let m4 = 0;
    for (const x of xs) {
      const d = x - mean;
      m2 += d * d;
      m3 += d * d * d;
      m4 += d * d * d * d;
    }
    m2 /= n;
    m3 /= n;
    m4 /= n;
    // standard errors at n = 10^6: mean 0.001, variance 0.0014, skewness 0.0025, kurtosis 0.005
    expect(Math.abs(mean)).toBeLessThan(0.005);
    expect(Math.abs(m2 - 1)).toBeLessThan(0.007);
    expect(Math.abs(m3 / m2 ** 1.5)).toBeLessThan(0.012);
    expect(Math.abs(m4 / m2 ** 2 - 3)).toBeLessThan(0.025);
    // Kolmogorov–Smirnov distance to Φ (critical value at 1% for n = 10^6: 1.63/1000)
    xs.sort();
    let ks = 0;
    for (let i = 0; i < n; i += 7) {
      const f = phi(xs[i] as number);
      ks = Math.max(ks, Math.abs(f - i / n), Math.abs(f - (i + 1) / n));
    }
    expect(ks).toBeLessThan(0.00163);
    // the tail beyond the ziggurat's base layer (|x| > 3.4426) and far out
    const beyond = (r: number) => xs.filter((x) => Math.abs(x) > r).length / n;
    expect(beyond(3.442619855899)).toBeCloseTo(2 * (1 - phi(3.442619855899)), 4);
    expect(beyond(4)).toBeGreaterThan(0.00002);
    expect(beyond(4)).toBeLessThan(0.00011); // expected 0.0000633
    expect(beyond(1.959964)).toBeCloseTo(0.05, 2);
  });

  it('normal draws are reproducible from the seed', () => {
    const a = normals(9);
    const b = normals(9);
    const c = normals(10);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
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
