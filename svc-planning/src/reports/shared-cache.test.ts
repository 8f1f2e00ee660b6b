import { randomBytes } from 'node:crypto';
import { serialize } from 'node:v8';
import { MemoryCache, type ServiceContext } from '@kinfolio/service-kit';
import fc from 'fast-check';
import { calculateScenarioModelling } from '../domain/calculations';
import { installRateTables, rateTables } from '../domain/calculations/tables/registry';
import { StampedCache } from './cache';
import { householdArb, reportOf } from './households.arbitrary';
import { MAX_BYTES, sharedKey, structuredCodec } from './shared-cache';

/** Issue 37 (docs/decisions/scale-h5.md): the projection caches' shared level, on the in-memory cache port. */

const households = fc.sample(householdArb, { numRuns: 40, seed: 37 });

describe('the shared level codec', () => {
  const base = structuredCodec<ReturnType<typeof reportOf>>(({ shown: _s, ...rest }) => rest);
  const plain = structuredCodec<unknown>();

  it('round-trips generated households, their projections and reports exactly (prototypes, undefined, -0 too)', () => {
    for (const g of households) {
      const b = reportOf(g);
      expect(plain.decode(plain.encode(g.household))).toStrictEqual(g.household);
      expect(plain.decode(plain.encode(b.projection))).toStrictEqual(b.projection);
      expect(base.decode(base.encode(b))).toStrictEqual(b);
    }
  });

  it('round-trips scenario runs, with Monte Carlo', () => {
    for (const g of households.slice(0, 5)) {
      const run = calculateScenarioModelling(g.household, { monte_carlo: { enabled: true, trials: 50, seed: 3 } });
      expect(plain.decode(plain.encode(run))).toStrictEqual(run);
    }
  });

  it('leaves out the per-currency views of a report (functions cannot be stored)', () => {
    const b = reportOf(households[0] as (typeof households)[number]);
    b.shown = new Map([
      [
        'SGD',
        { report: { ...b.report, currency: 'SGD', rate: 1 }, projection: b.projection, amount: (x: number) => x },
      ],
    ]);
    const back = base.decode(base.encode(b));
    expect(back.shown).toBeUndefined();
    expect(back.report).toStrictEqual(b.report);
  });

  it('keeps Maps, Dates, typed arrays and non-finite numbers, and compresses a large value', () => {
    const odd = {
      m: new Map([['a', 1]]),
      d: new Date(0),
      f: new Float64Array([1.5, -0]),
      n: [Number.NaN, -0, Infinity],
      u: undefined,
    };
    expect(plain.decode(plain.encode(odd))).toStrictEqual(odd);
    const big = { rows: Array.from({ length: 40_000 }, (_, i) => ({ year: 2026 + (i % 80), amount: i * 1.25 })) };
    const bytes = plain.encode(big);
    expect(bytes[0]).toBe(2);
    expect(bytes.length).toBeLessThan(serialize(big).length / 3);
    expect(plain.decode(bytes)).toStrictEqual(big);
  });
});

const hh = { id: 'hh-1', advisor_id: 'adv-1' };

describe('the shared key', () => {
  it('carries the cache, the advisor, the household, the as-of part and a digest of the stamp', () => {
    const k = sharedKey('report', hh, '2026-03-01', 'stamp-a');
    expect(k).toMatch(/^pc:report:adv-1:hh-1:2026-03-01:[\w-]{43}$/);
    expect(sharedKey('report', hh, '2026-03-01', 'stamp-b')).not.toBe(k);
    expect(sharedKey('projection', hh, '2026-03-01', 'stamp-a')).not.toBe(k);
    expect(sharedKey('report', hh, '2026-03-01', 'stamp-a')).toBe(k);
  });

  it('changes with the rate tables this process has installed (a replica still on older tables reads apart)', () => {
    const k = sharedKey('report', hh, 'x', 's');
    const before = rateTables();
    try {
      installRateTables({ ...before, cpf: [...before.cpf] });
      expect(sharedKey('report', hh, 'x', 's')).toBe(k); // the same figures: the same key
      installRateTables({ ...before, cpf: before.cpf.slice(0, -1) });
      expect(sharedKey('report', hh, 'x', 's')).not.toBe(k);
    } finally {
      installRateTables(before);
    }
  });
});

describe('two levels: each instance its LRU, one shared level', () => {
  const logs: string[] = [];
  const logger = {
    warn: (...a: unknown[]) => logs.push(`warn ${a.at(-1)}`),
    info: (...a: unknown[]) => logs.push(`info ${a.at(-1)}`),
  };
  const replica = (cache: MemoryCache, mode = 'distributed') =>
    ({ config: { MODE: mode }, ports: { cache }, logger }) as unknown as ServiceContext;
  let n = 0;
  const cacheNamed = () =>
    new StampedCache<{ v: number; at: Map<string, number> }>(`test-${++n}`, { codec: structuredCodec() });

  it('a miss on A computes and stores; B reads it from the shared level; A again from its own LRU', async () => {
    const store = new MemoryCache();
    const [a, b] = [replica(store), replica(store)];
    const c = cacheNamed();
    let computed = 0;
    const compute = async () => ({ v: ++computed, at: new Map([['x', computed]]) });
    const first = await c.get(a, hh, '2026-03-01', 's1', compute);
    const onB = await c.get(b, hh, '2026-03-01', 's1', compute);
    const again = await c.get(a, hh, '2026-03-01', 's1', compute);
    expect(computed).toBe(1);
    expect(onB).toStrictEqual(first);
    expect(onB).not.toBe(first);
    expect(again).toBe(first);
    expect(c.counters(a)).toMatchObject({ misses: 1, local_hits: 1, shared_hits: 0, shared_errors: 0 });
    expect(c.counters(a).bytes_written).toBeGreaterThan(0);
    expect(c.counters(b)).toMatchObject({ misses: 0, local_hits: 0, shared_hits: 1, bytes_written: 0 });
    // a new stamp (a write): new keys on both levels, computed once more
    const changed = await c.get(b, hh, '2026-03-01', 's2', compute);
    expect(changed.v).toBe(2);
    expect((await c.get(a, hh, '2026-03-01', 's2', compute)).v).toBe(2);
    expect(computed).toBe(2);
    await store.close();
  });

  it('a cold key missed on two replicas at once is computed once: the second waits for the first', async () => {
    const store = new MemoryCache();
    const [a, b] = [replica(store), replica(store)];
    const c = cacheNamed();
    let computed = 0;
    const slow = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 40));
      return { v: computed, at: new Map() };
    };
    const [x, y] = await Promise.all([c.get(a, hh, 'd', 's', slow), c.get(b, hh, 'd', 's', slow)]);
    expect(computed).toBe(1);
    expect(y).toStrictEqual(x);
    expect(c.counters(b)).toMatchObject({ shared_hits: 1, waited_hits: 1, misses: 0 });
    await store.close();
  });

  it('with the shared level down, reads compute on their replica, counted, with one warning per outage', async () => {
    const store = new MemoryCache();
    const a = replica(store);
    const c = cacheNamed();
    let up = false;
    jest.spyOn(store, 'isReady').mockImplementation(() => up);
    logs.length = 0;
    let computed = 0;
    const compute = async () => ({ v: ++computed, at: new Map() });
    await c.get(a, hh, 'd', 's1', compute);
    await c.get(a, hh, 'd', 's2', compute);
    await c.get(a, hh, 'd', 's2', compute); // its LRU still serves
    expect(computed).toBe(2);
    expect(c.counters(a)).toMatchObject({ misses: 2, local_hits: 1, shared_errors: 2 });
    expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    up = true;
    await c.get(a, hh, 'd', 's3', compute);
    expect(logs.at(-1)).toBe('info shared projection cache is back');
    await store.close();
  });

  it('a slow shared level is given up: the read computes', async () => {
    const store = new MemoryCache();
    const a = replica(store);
    const c = cacheNamed();
    jest.spyOn(store, 'getBuffer').mockImplementation(() => new Promise(() => undefined));
    const t0 = performance.now();
    expect((await c.get(a, hh, 'd', 's', async () => ({ v: 7, at: new Map() }))).v).toBe(7);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(c.counters(a).shared_errors).toBe(1);
    await store.close();
  });

  it('a value over the size limit is not stored', async () => {
    const store = new MemoryCache();
    const [a, b] = [replica(store), replica(store)];
    const c = new StampedCache<string>(`test-big-${++n}`, { codec: structuredCodec() });
    // random text does not deflate below the limit
    const big = randomBytes(MAX_BYTES).toString('latin1');
    let computed = 0;
    await c.get(a, hh, 'd', 's', async () => (computed++, big));
    await c.get(b, hh, 'd', 's', async () => (computed++, big));
    expect(computed).toBe(2);
    expect(c.counters(a)).toMatchObject({ too_large: 1, bytes_written: 0 });
  });

  it('in embedded mode there is no shared level: the LRU alone, as before', async () => {
    const store = new MemoryCache();
    const [a, b] = [replica(store, 'embedded'), replica(store, 'embedded')];
    const c = cacheNamed();
    let computed = 0;
    const compute = async () => ({ v: ++computed, at: new Map() });
    await c.get(a, hh, 'd', 's', compute);
    await c.get(b, hh, 'd', 's', compute);
    expect(computed).toBe(2);
    expect(c.counters(b)).toMatchObject({ misses: 1, shared_hits: 0, bytes_written: 0 });
    await store.close();
  });

  it('concurrent reads on one instance share one computation, and a failed one is not kept', async () => {
    const store = new MemoryCache();
    const a = replica(store);
    const c = cacheNamed();
    let computed = 0;
    const compute = async () => ({ v: ++computed, at: new Map() });
    const [x, y] = await Promise.all([c.get(a, hh, 'd', 's', compute), c.get(a, hh, 'd', 's', compute)]);
    expect(x).toBe(y);
    await expect(c.get(a, hh, 'e', 's', async () => Promise.reject(new Error('engine')))).rejects.toThrow('engine');
    expect((await c.get(a, hh, 'e', 's', compute)).v).toBe(2);
    await store.close();
  });
});
