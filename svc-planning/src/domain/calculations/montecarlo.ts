import { CalculationInputError } from './errors';
import type { ProjectionResult } from './projection';
import type { AssetClass, HouseholdInput } from './types';

/**
 * Monte Carlo view (beyond the spec): yearly returns drawn per asset class from a normal distribution with stated
 * means and volatilities, from a seeded PRNG (sfc32) so a result can be reproduced. The deterministic projection gives
 * each year's net cash flow (before investment growth) and the illiquid part of net worth (pensions, property,
 * insurance, minus loans); liquid assets are simulated by class, and a negative cash bucket sells the other classes.
 */
export interface ClassAssumption {
  mean: number; // percent a year
  volatility: number; // percent a year (standard deviation)
}
export const DEFAULT_ASSUMPTIONS: Readonly<Record<AssetClass, ClassAssumption>> = {
  equity: { mean: 7, volatility: 15 },
  bond: { mean: 4, volatility: 5 },
  cash: { mean: 2, volatility: 1 },
  property: { mean: 4, volatility: 10 },
  others: { mean: 5, volatility: 10 },
};
const CLASSES: AssetClass[] = ['equity', 'bond', 'cash', 'property', 'others'];

export interface MonteCarloOptions {
  trials?: number;
  seed?: number;
  assumptions?: Partial<Record<AssetClass, ClassAssumption>>;
  percentiles?: number[];
}
export interface MonteCarloResult {
  trials: number;
  seed: number;
  assumptions: Record<AssetClass, ClassAssumption>;
  probability_never_runs_out: number;
  bands: Array<{ year: number; percentiles: Record<string, number> }>;
}

/** sfc32: small fast counter PRNG (32-bit), seeded through splitmix32. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Simulates liquid assets over the projection's years. `liquid` is the starting value per class. */
export function monteCarlo(projection: ProjectionResult, liquid: Record<AssetClass, number>, opts: MonteCarloOptions = {}): MonteCarloResult {
  const trials = opts.trials ?? 10_000;
  if (!Number.isInteger(trials) || trials < 1 || trials > 100_000) throw new CalculationInputError('monte_carlo.trials', 'trials must be a whole number from 1 to 100000');
  const seed = opts.seed ?? 42;
  const assumptions = { ...DEFAULT_ASSUMPTIONS, ...(opts.assumptions ?? {}) } as Record<AssetClass, ClassAssumption>;
  const pct = opts.percentiles ?? [10, 25, 50, 75, 90];
  const rows = projection.rows;
  const Y = rows.length;
  const C = CLASSES.length;
  const mean = new Float64Array(C);
  const vol = new Float64Array(C);
  CLASSES.forEach((c, i) => {
    mean[i] = assumptions[c].mean / 100;
    vol[i] = assumptions[c].volatility / 100;
  });
  const flow = new Float64Array(Y);
  const invest = new Float64Array(Y);
  const illiquid = new Float64Array(Y);
  for (let y = 0; y < Y; y++) {
    const r = rows[y] as ProjectionResult['rows'][number];
    flow[y] = r.net_cash_flow; // the deterministic flow (the base projection sells nothing)
    invest[y] = r.investment_contributions; // contributions go into the equity bucket (decision)
    illiquid[y] = r.assets.pensions + r.assets.properties + r.assets.insurance - r.liabilities.loans;
  }
  const start = new Float64Array(C);
  CLASSES.forEach((c, i) => {
    start[i] = liquid[c] ?? 0;
  });
  const rand = prng(seed);
  const nw = new Float64Array(trials * Y);
  const bucket = new Float64Array(C);
  let spare = 0;
  let hasSpare = false;
  const normal = () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    let u = rand();
    while (u <= 1e-12) u = rand();
    const v = rand();
    const m = Math.sqrt(-2 * Math.log(u));
    spare = m * Math.sin(2 * Math.PI * v);
    hasSpare = true;
    return m * Math.cos(2 * Math.PI * v);
  };
  let never = 0;
  const cashI = 2;
  for (let s = 0; s < trials; s++) {
    bucket.set(start);
    let ok = true;
    for (let y = 0; y < Y; y++) {
      let total = 0;
      if (y > 0) {
        for (let c = 0; c < C; c++) {
          const v = bucket[c] as number;
          if (v > 0) {
            let g = 1 + (mean[c] as number) + (vol[c] as number) * normal();
            if (g < 0) g = 0;
            bucket[c] = v * g;
          }
        }
      }
      bucket[cashI] = (bucket[cashI] as number) + (flow[y] as number);
      bucket[0] = (bucket[0] as number) + (invest[y] as number);
      if ((bucket[cashI] as number) < 0) {
        for (let c = 0; c < C && (bucket[cashI] as number) < 0; c++) {
          if (c === cashI) continue;
          const take = Math.min(bucket[c] as number, -(bucket[cashI] as number));
          if (take > 0) {
            bucket[c] = (bucket[c] as number) - take;
            bucket[cashI] = (bucket[cashI] as number) + take;
          }
        }
        if ((bucket[cashI] as number) < -0.005) ok = false;
      }
      for (let c = 0; c < C; c++) total += bucket[c] as number;
      nw[y * trials + s] = total + (illiquid[y] as number);
    }
    if (ok) never++;
  }
  const bands: MonteCarloResult['bands'] = [];
  for (let y = 0; y < Y; y++) {
    const slice = nw.subarray(y * trials, (y + 1) * trials).sort();
    const p: Record<string, number> = {};
    for (const q of pct) {
      const idx = Math.min(trials - 1, Math.max(0, Math.round((q / 100) * (trials - 1))));
      p[`p${q}`] = Math.round((slice[idx] as number) * 100) / 100;
    }
    bands.push({ year: (rows[y] as ProjectionResult['rows'][number]).year, percentiles: p });
  }
  return { trials, seed, assumptions, probability_never_runs_out: never / trials, bands };
}

/** Starting liquid assets by class from a household (cash accounts are cash; investments by their class). */
export function liquidByClass(h: HouseholdInput, fx: (currency: string | undefined) => number): Record<AssetClass, number> {
  const out: Record<AssetClass, number> = { equity: 0, bond: 0, cash: 0, property: 0, others: 0 };
  for (const c of h.cash_accounts ?? []) out.cash += c.current_value * fx(c.currency);
  for (const v of h.investments ?? []) out[v.asset_class ?? 'equity'] += v.current_value * fx(v.currency);
  return out;
}
