import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UnknownCurrencyError } from '@kinfolio/money';
import { CalculationInputError, finite, result } from './errors';
import type { Explainer } from './explain';
import { recordProbability } from './montecarlo-explain';
import { type PlanTrace, planTrace, type ProjectionResult } from './projection';
import { type RateTables, rateTables, rateTablesGeneration } from './tables/registry';
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

/** sfc32 state seeded through splitmix32 (four 32-bit words; an Int32Array keeps them unboxed). */
function sfc32State(seed: number): Int32Array {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const st = new Int32Array(4);
  for (let i = 0; i < 4; i++) st[i] = split();
  return st;
}

/** The next 32-bit word of sfc32, as a signed integer. */
function sfc32Int(st: Int32Array): number {
  const a = st[0] as number;
  const b = st[1] as number;
  const c = st[2] as number;
  const d = st[3] as number;
  const t = (((a + b) | 0) + d) | 0;
  st[3] = (d + 1) | 0;
  st[0] = b ^ (b >>> 9);
  st[1] = (c + (c << 3)) | 0;
  st[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t;
}

/** One sfc32 step: the next number in [0, 1). */
function sfc32Next(st: Int32Array): number {
  return (sfc32Int(st) >>> 0) / 4294967296;
}

/** sfc32: small fast counter PRNG (32-bit), seeded through splitmix32. */
export function prng(seed: number): () => number {
  if (!Number.isInteger(seed)) throw new CalculationInputError('seed', 'seed must be a whole number');
  const st = sfc32State(seed);
  return () => sfc32Next(st);
}

/**
 * Standard normal draws by the ziggurat method (Marsaglia & Tsang 2000, 128 layers): a table lookup, a multiply and
 * a compare for about 98% of draws; the rest take the exact rejection step or the tail. Each draw spends one 32-bit
 * word: the low 7 bits choose the layer and the other 25 give the signed position in it, so the layer and the value
 * never share bits (Doornik 2005). About ten times faster than Box–Muller's log, square root, sine and cosine.
 */
const ZIG_LAYERS = 128;
const ZIG_R = 3.442619855899; // start of the tail
const ZIG_V = 9.91256303526217e-3; // area of each layer
const ZIG_SCALE = 2 ** 24; // |position| < 2^24
const zigK = new Float64Array(ZIG_LAYERS); // accept without further test when |position| < zigK[layer]
const zigW = new Float64Array(ZIG_LAYERS); // position → x
const zigF = new Float64Array(ZIG_LAYERS); // density at each layer's edge
{
  let dn = ZIG_R;
  let tn = dn;
  const q = ZIG_V / Math.exp(-0.5 * dn * dn);
  zigK[0] = (dn / q) * ZIG_SCALE;
  zigK[1] = 0;
  zigW[0] = q / ZIG_SCALE;
  zigW[ZIG_LAYERS - 1] = dn / ZIG_SCALE;
  zigF[0] = 1;
  zigF[ZIG_LAYERS - 1] = Math.exp(-0.5 * dn * dn);
  for (let i = ZIG_LAYERS - 2; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(ZIG_V / dn + Math.exp(-0.5 * dn * dn)));
    zigK[i + 1] = (dn / tn) * ZIG_SCALE;
    tn = dn;
    zigF[i] = Math.exp(-0.5 * dn * dn);
    zigW[i] = dn / ZIG_SCALE;
  }
}

/** A standard normal draw (mean 0, standard deviation 1). */
export function normalDraw(st: Int32Array): number {
  for (;;) {
    const j = sfc32Int(st);
    const layer = j & (ZIG_LAYERS - 1);
    const position = j >> 7; // signed, |position| ≤ 2^24
    const x = position * (zigW[layer] as number);
    if (Math.abs(position) < (zigK[layer] as number)) return x;
    if (layer === 0) {
      // the tail beyond ZIG_R (Marsaglia's exponential rejection)
      let tx: number;
      let ty: number;
      do {
        tx = -Math.log(1 - sfc32Next(st)) / ZIG_R;
        ty = -Math.log(1 - sfc32Next(st));
      } while (ty + ty < tx * tx);
      return position > 0 ? ZIG_R + tx : -ZIG_R - tx;
    }
    const f1 = zigF[layer] as number;
    if (f1 + sfc32Next(st) * ((zigF[layer - 1] as number) - f1) < Math.exp(-0.5 * x * x)) return x;
  }
}

/** A seeded source of standard normal draws (for tests and callers outside the simulation loop). */
export function normals(seed: number): () => number {
  if (!Number.isInteger(seed)) throw new CalculationInputError('seed', 'seed must be a whole number');
  const st = sfc32State(seed);
  return () => normalDraw(st);
}

/** Simulates liquid assets over the projection's years. `liquid` is the starting value per class. */
/**
 * The process's net-worth buffer, kept between runs up to SCRATCH_KEEP cells (10,000 trials × 100 years: 8 MB). A
 * run of 10,000 trials allocated 6 MB off the heap every time, which V8's background threads then had to free
 * (issue 14: a run took about 15% less time once the buffer was kept).
 */
const SCRATCH_KEEP = 1_000_000;
let scratch: Float64Array | null = null;
function scratchFor(cells: number): Float64Array {
  if (cells > SCRATCH_KEEP) return new Float64Array(cells);
  if (!scratch || scratch.length < cells) scratch = new Float64Array(Math.max(cells, 256));
  return scratch.subarray(0, cells);
}

/** Trials between two reports of a job's progress (about a tenth of a second each on this machine). */
export const TRIALS_CHUNK = 500;
/** Called after each chunk of trials with how many are done (issue 37: a Monte Carlo job's progress). */
export type TrialsListener = (done: number, total: number) => void;
let trialsListener: TrialsListener | null = null;
/** Sets (or, with null, removes) the listener of this process's runs' trials; without one a run is one pass. */
export function setTrialsListener(fn: TrialsListener | null): void {
  trialsListener = fn;
}

export function monteCarlo(
  projection: ProjectionResult,
  liquid: Record<AssetClass, number>,
  opts: MonteCarloOptions = {},
  ex: Explainer | null = null,
): MonteCarloResult {
  const trials = opts.trials ?? 10_000;
  if (!Number.isInteger(trials) || trials < 1 || trials > 100_000)
    throw new CalculationInputError('monte_carlo.trials', 'trials must be a whole number from 1 to 100000');
  const seed = opts.seed ?? 42;
  if (!Number.isInteger(seed)) throw new CalculationInputError('monte_carlo.seed', 'seed must be a whole number');
  const assumptions = { ...DEFAULT_ASSUMPTIONS, ...(opts.assumptions ?? {}) } as Record<AssetClass, ClassAssumption>;
  for (const c of CLASSES) {
    if (!(assumptions[c].mean >= -100 && assumptions[c].mean <= 100))
      throw new CalculationInputError(
        `monte_carlo.assumptions.${c}.mean`,
        'mean must be a percentage from -100 to 100',
      );
    if (!(assumptions[c].volatility >= 0 && assumptions[c].volatility <= 100))
      throw new CalculationInputError(
        `monte_carlo.assumptions.${c}.volatility`,
        'volatility must be a percentage from 0 to 100',
      );
  }
  const pct = opts.percentiles ?? [10, 25, 50, 75, 90];
  pct.forEach((q, i) => {
    if (!(q >= 0 && q <= 100))
      throw new CalculationInputError(`monte_carlo.percentiles.${i}`, 'percentiles must be from 0 to 100');
  });
  const rows = projection.rows;
  const Y = rows.length;
  const C = CLASSES.length;
  const vol = new Float64Array(C);
  CLASSES.forEach((c, i) => {
    vol[i] = assumptions[c].volatility / 100;
  });
  // The plan the trials replay (planTrace, projection.ts): its liquid records with their own growth as the mean, the
  // order a deficit draws on them, and what its pension and property sales raised. A result not made by project()
  // (a bench's synthetic rows) is replayed as one record per class at the class's mean, drawn cash first.
  const planned = planTrace(projection);
  const trace = lanes(planned ?? classTrace(liquid, assumptions));
  const K = trace.liquids.length;
  const value0 = new Float64Array(K);
  const G = new Float64Array(K);
  const contrib = new Float64Array(K);
  const contribTo = new Float64Array(K);
  const cls = new Int32Array(K);
  const isCash = new Uint8Array(K);
  for (let i = 0; i < K; i++) {
    const l = trace.liquids[i] as PlanTrace['liquids'][number];
    value0[i] = l.value;
    G[i] = l.g;
    contrib[i] = l.contrib;
    contribTo[i] = l.contribTo;
    cls[i] = CLASSES.indexOf(l.asset_class);
    isCash[i] = l.cash ? 1 : 0;
  }
  // the classes a year draws for: those holding a record, with a volatility (class by class, in CLASSES' order)
  const drawn: number[] = [];
  for (let c = 0; c < C; c++) if ((vol[c] as number) > 0 && cls.includes(c)) drawn.push(c);
  const order = Int32Array.from(trace.order);
  const nOrder = order.length;
  const part = trace.firstYearPart;
  const { cashG, borrowG } = trace;
  const flow = new Float64Array(Y);
  // the rows' other assets and their loans, as the rows round them (net worth is summed as the projection sums it)
  const pensionsY = new Float64Array(Y);
  const propertiesY = new Float64Array(Y);
  const insuranceY = new Float64Array(Y);
  const loansY = new Float64Array(Y);
  const year = new Float64Array(Y);
  // years in which the plan sold a pension or property: the trials take those proceeds where the order reaches them
  const sells = new Uint8Array(Y);
  for (let y = 0; y < Y; y++) {
    const r = rows[y] as ProjectionResult['rows'][number];
    flow[y] = trace.flow[y] ?? r.net_cash_flow;
    year[y] = r.year;
    pensionsY[y] = r.assets.pensions;
    propertiesY[y] = r.assets.properties;
    insuranceY[y] = r.assets.insurance;
    loansY[y] = r.liabilities.loans;
    for (const a of trace.illiquid) if (a && (a[y] as number) !== 0) sells[y] = 1;
  }
  const rng = sfc32State(seed);
  // Net worth by year and trial, year-major (each year's trials side by side for the percentiles). Every cell is
  // written before it is read, so a run reuses the thread's scratch buffer when it fits (scratchFor).
  const nw = scratchFor(trials * Y);
  // The lanes in the trials' order: the cash lanes first, then the others, each in the trace's order (each total is
  // summed in the same order as before, so the same figures), so the year loop sums them without a test per lane.
  const perm = new Int32Array(K);
  const at = new Int32Array(K);
  let nCash = 0;
  for (let i = 0; i < K; i++) if (isCash[i] === 1) at[i] = nCash++;
  let nOther = nCash;
  for (let i = 0; i < K; i++) if (isCash[i] !== 1) at[i] = nOther++;
  for (let i = 0; i < K; i++) perm[at[i] as number] = i;
  const pick = (a: Float64Array | Int32Array | Uint8Array) => {
    const b = a.slice();
    for (let k = 0; k < K; k++) b[k] = a[perm[k] as number] as number;
    return b;
  };
  const orderAt = new Int32Array(nOrder);
  for (let j = 0; j < nOrder; j++) orderAt[j] = (order[j] as number) >= 0 ? (at[order[j] as number] as number) : -1;
  const pValue0 = pick(value0) as Float64Array;
  const pG = pick(G) as Float64Array;
  const pContrib = pick(contrib) as Float64Array;
  const pContribTo = pick(contribTo) as Float64Array;
  const pCls = pick(cls) as Int32Array;
  const drawnAt = Int32Array.from(drawn);
  // issue 37: a job's run reports its trials as they go (a listener is set in its process), in chunks of trials that
  // continue one another (the same generator, the same cells): the same figures as one pass
  const listener = trialsListener;
  const chunk = listener ? TRIALS_CHUNK : trials;
  let never = 0;
  for (let from = 0; from < trials; from += chunk) {
    const to = Math.min(trials, from + chunk);
    never += runTrials(
      trials,
      from,
      to,
      Y,
      K,
      nCash,
      pValue0,
      pG,
      pContrib,
      pContribTo,
      pCls,
      drawnAt,
      vol,
      orderAt,
      trace.illiquid,
      part,
      cashG,
      borrowG,
      flow,
      year,
      sells,
      pensionsY,
      propertiesY,
      insuranceY,
      loansY,
      rng,
      nw,
    );
    listener?.(to, trials);
  }
  // Percentile q is the value at rank round(q/100 · (trials − 1)) in ascending order.
  const ranks = pct.map((q) => Math.min(trials - 1, Math.max(0, Math.round((q / 100) * (trials - 1)))));
  const bands: MonteCarloResult['bands'] = [];
  for (let y = 0; y < Y; y++) {
    const slice = nw.subarray(y * trials, (y + 1) * trials);
    orderStatistics(slice, ranks);
    const p: Record<string, number> = {};
    pct.forEach((q, i) => {
      p[`p${q}`] = result(Math.round((slice[ranks[i] as number] as number) * 100) / 100, 'monte_carlo');
    });
    bands.push({ year: (rows[y] as ProjectionResult['rows'][number]).year, percentiles: p });
  }
  // issue 34: the probability with the counts it is made of and what the trials ran on
  if (ex !== null)
    recordProbability(ex, {
      trials,
      never,
      seed,
      probability: never / trials,
      classes: drawn.map((c) => {
        const k = CLASSES[c] as AssetClass;
        return { asset_class: k, mean: assumptions[k].mean, volatility: assumptions[k].volatility };
      }),
      means: planned === undefined,
    });
  return { trials, seed, assumptions, probability_never_runs_out: never / trials, bands };
}

/**
 * The trials (monteCarlo's hot loop, a function of its own so that every array is a local of it, none a captured
 * variable): fills `nw` year-major for trials `from` to `to` (of `trials`) and answers how many of them never ran out.
 * Lanes 0 to nCash − 1 are cash.
 */
function runTrials(
  trials: number,
  from: number,
  to: number,
  Y: number,
  K: number,
  nCash: number,
  value0: Float64Array,
  G: Float64Array,
  contrib: Float64Array,
  contribTo: Float64Array,
  cls: Int32Array,
  drawn: Int32Array,
  vol: Float64Array,
  order: Int32Array,
  illiquid: PlanTrace['illiquid'],
  part: number,
  cashG: number,
  borrowG: number,
  flow: Float64Array,
  year: Float64Array,
  sells: Uint8Array,
  pensionsY: Float64Array,
  propertiesY: Float64Array,
  insuranceY: Float64Array,
  loansY: Float64Array,
  rng: Int32Array,
  nw: Float64Array,
): number {
  const nOrder = order.length;
  const nDrawn = drawn.length;
  const vals = new Float64Array(K);
  const z = new Float64Array(vol.length);
  // Lanes of the same growth and class grow alike: the first year's powers (g^part, g^(part/2)) are taken once per
  // such group (the sample plan's 41 lanes are 20 groups; the powers were a tenth of a run).
  const grp = new Int32Array(K);
  const grpG: number[] = [];
  const grpCls: number[] = [];
  for (let i = 0; i < K; i++) {
    let q = 0;
    while (q < grpG.length && !(grpG[q] === G[i] && grpCls[q] === cls[i])) q++;
    if (q === grpG.length) {
      grpG.push(G[i] as number);
      grpCls.push(cls[i] as number);
    }
    grp[i] = q;
  }
  const nGrp = grpG.length;
  const gAt = new Float64Array(nGrp);
  const gPow = new Float64Array(nGrp);
  const gHalf = new Float64Array(nGrp);
  // each year's loans as a row sums them when the household owes nothing (r2 of loans + r2(0)): the same expression,
  // evaluated once a year instead of once a trial
  const loansR = new Float64Array(Y);
  for (let y = 0; y < Y; y++) loansR[y] = r2((loansY[y] as number) + r2(0));
  let never = 0;
  for (let s = from; s < to; s++) {
    vals.set(value0);
    let hh = 0;
    let ok = true;
    for (let y = 0; y < Y; y++) {
      for (let d = 0; d < nDrawn; d++) {
        const c = drawn[d] as number;
        z[c] = (vol[c] as number) * normalDraw(rng);
      }
      // every liquid record grows by its own rate plus its class's draw, then takes its contribution mid-period
      // (as liquidYears: the first year for its part still to come)
      let cash = 0;
      let invest = 0;
      const yr = year[y] as number;
      if (y === 0) {
        for (let q = 0; q < nGrp; q++) {
          let g = (grpG[q] as number) + (z[grpCls[q] as number] as number);
          if (g < 0) g = 0;
          gAt[q] = g;
          gPow[q] = part === 1 ? g : g ** part;
          gHalf[q] = Number.NaN; // g^(part/2), taken when a lane of the group contributes
        }
        for (let i = 0; i < K; i++) {
          const q = grp[i] as number;
          let v = vals[i] as number;
          const ci = contrib[i] as number;
          v *= gPow[q] as number;
          if (ci > 0 && yr <= (contribTo[i] as number)) {
            let half = gHalf[q] as number;
            if (Number.isNaN(half)) {
              half = (gAt[q] as number) ** (part / 2);
              gHalf[q] = half;
            }
            v += ci * part * half;
          }
          vals[i] = v;
          if (i < nCash) cash += v;
          else invest += v;
        }
        hh = hh * 1 + (flow[0] as number);
      } else {
        for (let i = 0; i < nCash; i++) {
          let g = (G[i] as number) + (z[cls[i] as number] as number);
          if (g < 0) g = 0;
          let v = (vals[i] as number) * g;
          const ci = contrib[i] as number;
          if (ci > 0 && yr <= (contribTo[i] as number)) v += ci * Math.sqrt(g);
          vals[i] = v;
          cash += v;
        }
        for (let i = nCash; i < K; i++) {
          let g = (G[i] as number) + (z[cls[i] as number] as number);
          if (g < 0) g = 0;
          let v = (vals[i] as number) * g;
          const ci = contrib[i] as number;
          if (ci > 0 && yr <= (contribTo[i] as number)) v += ci * Math.sqrt(g);
          vals[i] = v;
          invest += v;
        }
        // the year's net cash flow into the household's cash (a surplus earns the deposit rate, a shortfall costs
        // the borrowing rate)
        hh = hh * (hh < 0 ? borrowG : cashG) + (flow[y] as number);
      }
      // a deficit draws on the plan's order, and the plan's sales arrive where the order reaches them
      if (hh < 0 || sells[y] === 1) {
        for (let j = 0; j < nOrder; j++) {
          const idx = order[j] as number;
          if (idx >= 0) {
            if (hh >= 0) continue;
            const have = vals[idx] as number;
            const take = have < -hh ? have : -hh;
            if (take > 0) {
              vals[idx] = have - take;
              hh += take;
              if (idx < nCash) cash -= take;
              else invest -= take;
            }
          } else {
            const a = illiquid[j];
            if (a) hh += a[y] as number;
          }
        }
      }
      if (hh < -0.005) ok = false;
      // net worth as the projection's row sums it: each figure rounded to cents, then the totals
      const assets = r2(
        r2(cash + (hh > 0 ? hh : 0)) +
          r2(invest) +
          (pensionsY[y] as number) +
          (propertiesY[y] as number) +
          (insuranceY[y] as number),
      );
      nw[y * trials + s] = r2(assets - (hh < 0 ? r2((loansY[y] as number) + r2(-hh)) : (loansR[y] as number)));
    }
    if (ok) never++;
  }
  return never;
}

/** Rounds to cents as the projection's rows do (half away from zero, past float noise). */
const r2 = (x: number) => (x === 0 ? 0 : Math.round((x + (x >= 0 ? 1e-9 : -1e-9)) * 100) / 100 + 0);

/**
 * The trace with records that move alike merged into one (a lane): records next to each other in the draw order with
 * the same class, growth and cash flag and no contributions (drawing on them one after the other is drawing on their
 * sum), and locked records (never drawn on) with the same class, growth and flag. The sample household's forty cash
 * accounts at 0.5% are one lane. The same figures up to the order of float additions.
 */
function lanes(t: PlanTrace): PlanTrace {
  type Rec = PlanTrace['liquids'][number];
  const alike = (a: Rec, b: Rec) =>
    a.contrib === 0 && b.contrib === 0 && a.g === b.g && a.asset_class === b.asset_class && a.cash === b.cash;
  const laneOf = new Int32Array(t.liquids.length).fill(-1);
  const liquids: Rec[] = [];
  const order: number[] = [];
  const illiquid: PlanTrace['illiquid'] = [];
  let last = -1;
  for (let j = 0; j < t.order.length; j++) {
    const idx = t.order[j] as number;
    if (idx < 0) {
      order.push(-1);
      illiquid.push(t.illiquid[j] ?? null);
      last = -1;
      continue;
    }
    const l = t.liquids[idx] as Rec;
    const prev = liquids[last];
    if (prev && alike(prev, l)) prev.value += l.value;
    else {
      liquids.push({ ...l });
      last = liquids.length - 1;
      order.push(last);
      illiquid.push(null);
    }
    laneOf[idx] = last;
  }
  const kept = new Map<string, Rec>();
  for (let i = 0; i < t.liquids.length; i++) {
    if ((laneOf[i] as number) >= 0) continue;
    const l = t.liquids[i] as Rec;
    const key = l.contrib === 0 ? `${l.g}|${l.asset_class}|${l.cash}` : null;
    const lane = key === null ? undefined : kept.get(key);
    if (lane) lane.value += l.value;
    else {
      const own = { ...l };
      liquids.push(own);
      if (key !== null) kept.set(key, own);
    }
  }
  return { ...t, liquids, order, illiquid };
}

/** A plan trace of one record per class at the class's mean (cash first), for a result project() did not make. */
function classTrace(liquid: Record<AssetClass, number>, assumptions: Record<AssetClass, ClassAssumption>): PlanTrace {
  const order = ['cash', 'equity', 'bond', 'property', 'others'] as const;
  const liquids = order.map((c) => ({
    id: c,
    value: liquid[c] ?? 0,
    g: 1 + assumptions[c].mean / 100,
    contrib: 0,
    contribTo: 0,
    locked: false,
    cash: c === 'cash',
    asset_class: c,
  }));
  return {
    firstYearPart: 1,
    liquids,
    order: liquids.map((_, k) => k),
    illiquid: liquids.map(() => null),
    flow: new Float64Array(0),
    cashG: 1,
    borrowG: 1,
  };
}

/**
 * Rearranges `a` so that a[k], for every k in `ranks`, holds the value a full ascending sort would put there
 * (quickselect for each rank in turn, each on the part above the previous one: O(n) a rank instead of a sort).
 * With a NaN or a −0 (where `<` cannot order like the typed-array sort) it sorts instead.
 */
export function orderStatistics(a: Float64Array, ranks: readonly number[]): void {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    // a NaN (neither below nor above 0) or a −0 (1 / −0 is −Infinity). With Number.isNaN and Object.is here, V8
    // deoptimised this function over a thousand times in bench:engine's sequence (the synthetic plan's trials, then
    // the sample plan's: node --trace-deopt), and the sample plan's run took 184 ms instead of 170.
    if (x === 0 ? 1 / x < 0 : !(x < 0 || x > 0)) {
      a.sort();
      return;
    }
  }
  const ks = [...ranks].sort((x, y) => x - y);
  selectRanks(a, ks, 0, ks.length, 0, a.length - 1);
}

/**
 * Selects the ranks ks[from..to) (ascending, all within [lo, hi]): the middle one first, then those below it in the
 * part below it and those above in the part above (the five percentiles of 10,000 trials scan about 2.5 times the
 * array instead of 3.4 times when each rank took the whole part above the previous one).
 */
function selectRanks(a: Float64Array, ks: readonly number[], from: number, to: number, lo: number, hi: number): void {
  if (from >= to) return;
  const m = (from + to) >> 1;
  const k = ks[m] as number;
  quickselect(a, k, lo, hi);
  let below = m;
  while (below > from && ks[below - 1] === k) below--;
  let above = m + 1;
  while (above < to && ks[above] === k) above++;
  selectRanks(a, ks, from, below, lo, k - 1);
  selectRanks(a, ks, above, to, k + 1, hi);
}

/**
 * Puts the k-th smallest of a[lo..hi] at a[k], no greater value before it, no smaller after (Floyd and Rivest's
 * SELECT, 1975: on a part above 600 values it first selects k in a sample-sized window around where it expects the
 * value, so the partition's pivot is near the k-th value and a part is scanned about once and a half instead of about
 * 3.4 times by a median-of-3 quickselect: the percentiles of 10,000 trials in half the time).
 */
function quickselect(a: Float64Array, k: number, lo: number, hi: number): void {
  let left = lo;
  let right = hi;
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const i = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (i - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (i * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - i) * s) / n + sd));
      quickselect(a, k, newLeft, newRight);
    }
    const t = a[k] as number;
    let i = left;
    let j = right;
    a[k] = a[left] as number;
    a[left] = t;
    if ((a[right] as number) > t) {
      a[left] = a[right] as number;
      a[right] = t;
    }
    while (i < j) {
      const x = a[i] as number;
      a[i] = a[j] as number;
      a[j] = x;
      i++;
      j--;
      while ((a[i] as number) < t) i++;
      while ((a[j] as number) > t) j--;
    }
    if ((a[left] as number) === t) {
      const x = a[left] as number;
      a[left] = a[j] as number;
      a[j] = x;
    } else {
      j++;
      const x = a[j] as number;
      a[j] = a[right] as number;
      a[right] = x;
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

/** Starting liquid assets by class from a household (cash accounts are cash; investments by their class). */
export function liquidByClass(
  h: HouseholdInput,
  fx: (currency: string | undefined) => number,
): Record<AssetClass, number> {
  const out: Record<AssetClass, number> = { equity: 0, bond: 0, cash: 0, property: 0, others: 0 };
  (h.cash_accounts ?? []).forEach((c, i) => {
    out.cash += finite(c.current_value, `cash_accounts.${i}.current_value`) * fx(c.currency);
  });
  (h.investments ?? []).forEach((v, i) => {
    const k = v.asset_class ?? 'equity';
    out[k] += finite(v.current_value, `investments.${i}.current_value`) * fx(v.currency);
  });
  for (const k of CLASSES) result(out[k], k === 'cash' ? 'cash_accounts' : 'investments');
  return out;
}

// ---------------------------------------------------------------- off the event loop
/**
 * A small pool of processes (child_process.fork, montecarlo.worker.ts) running scenario calculations with Monte
 * Carlo, so 10,000 trials never hold up the service's other requests: the event loop only sends the household and
 * receives the result. Each process lowers its own priority (all of its threads, V8's included), so trials take
 * the cores only when the service's requests leave them free. Processes start on first use, then stay (unref'd:
 * they never keep the service alive, and end when it does); calls beyond the pool's size wait in a queue. Size:
 * KF_SCENARIO_THREADS, else the machine's cores less one (at least 1, at most 4).
 */
type Job = {
  id: number;
  h: unknown;
  s: unknown;
  /** The household's number while it is kept (RunOptions.keep), else 0. */
  hid: number;
  onTrials?: TrialsListener;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
/**
 * What the service sends a process: the household itself, or only its number when the process keeps it; and the rate
 * tables the service has installed when the process has not had them yet (issue 32: a process computes with the same
 * tables as the service, an admin's new version included).
 */
export type ScenarioMessage = {
  id: number;
  s: unknown;
  h?: unknown;
  hid: number;
  tables?: RateTables;
  /** Send the trials' progress as they go (`{id, trials: [done, total]}` before the answer). */
  progress?: boolean;
};
/** How many households a scenario process keeps (the service and the process evict the least recently used). */
export const KEPT_HOUSEHOLDS = 32;
export interface RunOptions {
  /**
   * The household is an object the caller keeps and never changes (a stored household's version from its cache):
   * each process keeps a copy, and later runs on the same object send only its number, not the household again.
   */
  keep?: boolean;
  /** Issue 37 (a Monte Carlo job): told how many trials are done, as they go. */
  onTrials?: TrialsListener;
  /** Issue 37 (a cancelled job): ends the run, a queued one at once, a running one by ending its process. */
  signal?: AbortSignal;
}
/** A number per kept household object (its identity is its version). */
const householdIds = new WeakMap<object, number>();
let nextHouseholdId = 1;
/** Marks `hid` as the most recently used of `kept`, evicting the least recently used beyond KEPT_HOUSEHOLDS. */
export function touchKept<V>(kept: Map<number, V>, hid: number, v: V): void {
  kept.delete(hid);
  kept.set(hid, v);
  if (kept.size > KEPT_HOUSEHOLDS) kept.delete(kept.keys().next().value as number);
}
type Reply = {
  id: number;
  ok: boolean;
  trials?: [number, number];
  value?: unknown;
  error?: { kind: string; message: string; field?: string; currency?: string };
};
type Channel = { ref(): void; unref(): void };
const channelOf = (p: ChildProcess) => (p as unknown as { channel?: Channel }).channel;

class ScenarioPool {
  private idle: ChildProcess[] = [];
  private busy = new Map<ChildProcess, Job>();
  private queue: Job[] = [];
  private size = 0;
  private next = 1;
  constructor(private readonly max: number) {}

  /** Which kept households each process holds (their numbers, least recently used first). */
  private kept = new Map<ChildProcess, Map<number, true>>();
  /** The service's rate-tables generation each process was last sent (registry.ts rateTablesGeneration). */
  private tablesAt = new Map<ChildProcess, number>();

  run<T>(h: unknown, s: unknown, o: RunOptions = {}): Promise<T> {
    let hid = 0;
    if (o.keep && h && typeof h === 'object') {
      hid = householdIds.get(h) ?? 0;
      if (!hid) {
        hid = nextHouseholdId++;
        householdIds.set(h, hid);
      }
    }
    const { signal, onTrials } = o;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: this.next++, h, s, hid, onTrials, resolve: resolve as (v: unknown) => void, reject };
      signal?.addEventListener('abort', () => this.abort(job, signal.reason), { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Ends a job: taken out of the queue, or its process ended (the next run starts another). */
  private abort(job: Job, reason: unknown): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      job.reject(reason);
      return;
    }
    for (const [p, running] of this.busy)
      if (running === job) {
        this.lost(p, reason);
        return;
      }
  }

  /** Ends every process (service stop, tests). */
  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle = [];
    this.size = 0;
    for (const job of this.busy.values()) job.reject(new Error('The scenario pool closed'));
    this.busy.clear();
    await Promise.all(
      all.map(
        (p) =>
          new Promise<void>((done) => {
            if (p.exitCode !== null || p.signalCode !== null) return done();
            p.once('exit', () => done());
            p.kill();
          }),
      ),
    );
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let p = this.idle.pop();
      if (!p && this.size < this.max) p = this.spawn();
      if (!p) return;
      const job = this.queue.shift() as Job;
      this.busy.set(p, job);
      p.ref();
      channelOf(p)?.ref();
      const kept = this.kept.get(p) ?? new Map<number, true>();
      this.kept.set(p, kept);
      const known = job.hid !== 0 && kept.has(job.hid);
      if (job.hid !== 0) touchKept(kept, job.hid, true);
      const message: ScenarioMessage = known
        ? { id: job.id, s: job.s, hid: job.hid }
        : { id: job.id, s: job.s, h: job.h, hid: job.hid };
      if (job.onTrials) message.progress = true;
      const generation = rateTablesGeneration();
      if (this.tablesAt.get(p) !== generation) {
        message.tables = rateTables();
        this.tablesAt.set(p, generation);
      }
      p.send(message, (e) => {
        if (e) this.lost(p, e);
      });
    }
  }

  private spawn(): ChildProcess {
    const ts = __filename.endsWith('.ts');
    const file = join(__dirname, ts ? 'montecarlo.worker.ts' : 'montecarlo.worker.js');
    // A TypeScript source runs through tsx (as the services run); the parent's own flags (jest's) stay with it.
    const p = fork(file, [], {
      execArgv: ts ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      env: { ...process.env, KF_SCENARIO_PROCESS: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.size++;
    const rest = () => {
      p.unref();
      channelOf(p)?.unref();
    };
    rest();
    p.on('message', (r: Reply) => {
      const job = this.busy.get(p);
      if (!job || job.id !== r.id) return;
      if (r.trials) return job.onTrials?.(r.trials[0], r.trials[1]);
      this.busy.delete(p);
      rest();
      this.idle.push(p);
      if (r.ok) job.resolve(r.value);
      else if (r.error?.kind === 'miss') {
        // the process no longer holds the household: send it again, whole
        this.kept.get(p)?.delete(job.hid);
        this.queue.unshift(job);
      } else job.reject(revive(r.error));
      this.pump();
    });
    p.on('error', (e) => this.lost(p, e));
    p.on('exit', (code, signal) => this.lost(p, new Error(`A scenario process stopped (${signal ?? code})`)));
    return p;
  }

  private lost(p: ChildProcess, e: unknown): void {
    const job = this.busy.get(p);
    const wasIdle = this.idle.indexOf(p);
    if (!job && wasIdle === -1) return;
    this.busy.delete(p);
    this.kept.delete(p);
    this.tablesAt.delete(p);
    if (wasIdle !== -1) this.idle.splice(wasIdle, 1);
    this.size = Math.max(0, this.size - 1);
    if (p.exitCode === null && p.signalCode === null) p.kill();
    job?.reject(e);
    this.pump();
  }
}

function revive(e: Reply['error']): Error {
  if (!e) return new Error('The scenario process gave no answer');
  if (e.kind === 'input') return new CalculationInputError(e.field ?? 'scenario', e.message);
  if (e.kind === 'currency') return new UnknownCurrencyError(e.currency ?? '');
  if (e.kind === 'range') return new RangeError(e.message);
  return new Error(e.message);
}

let pool: ScenarioPool | null = null;
/** The process's scenario pool (made on first use). */
export function scenarioPool(): ScenarioPool {
  if (!pool) {
    const env = Number(process.env.KF_SCENARIO_THREADS);
    const cores = availableParallelism();
    pool = new ScenarioPool(Number.isInteger(env) && env > 0 ? env : Math.min(4, Math.max(1, cores - 1)));
  }
  return pool;
}
/** Ends the pool's processes, if any were started. */
export async function closeScenarioPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
