import { serialize } from 'node:v8';
import { brotliCompressSync, brotliDecompressSync, constants, deflateRawSync } from 'node:zlib';
import {
  type RedisCache,
  startTestReplica,
  startTestService,
  type TestService,
  testIdentity,
} from '@kinfolio/service-kit';
import { todayIso } from '../src/balance-sheet/rules';
import { planningModule } from '../src/module';
import type { HouseholdRow } from '../src/records/access';
import { householdStamp } from '../src/reports/cache';
import { householdCache, projectionCache } from '../src/reports/projection';
import { reportCache } from '../src/reports/read';
import { type Counters, sharedKey, structuredCodec } from '../src/reports/shared-cache';
import { recordSteps } from '../src/reports/explain';
import { p95 } from './harness';
import { household, PER_KIND, type Row } from './household-rows';

/**
 * The shared projection cache (issue 37, docs/decisions/scale-h5.md), measured on one household of 40 records a kind
 * on the machine's PostgreSQL and Redis: the financial report's latency cold (computed, then written to Redis),
 * cold without a shared level (what it costs to write), a shared hit on another replica, and a local hit; the encoded
 * size of each shared value and what compression would save. Replicas A and B (and C, with no shared level) are
 * service instances in this process, called over HTTP on loopback one call at a time (no gateway).
 * Run: node --import tsx svc-planning/bench/shared-cache.bench.ts
 */

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const ms = (x: number) => `${x.toFixed(2).padStart(7)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1).padStart(7)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const a = await startTestService(planningModule, { infra: 'real', poolMax: 10 });
  const b = await startTestReplica(planningModule, a);
  // C: a replica without the shared level (embedded mode's cache port on the same database): the cold read as before
  const c = await startTestReplica(planningModule, a, { MODE: 'embedded' });
  const advisor = testIdentity('advisor');
  const rows = new Map<string, Row[]>();
  const hh = household(advisor.userId, rows);
  const db = a.svc.ctx.db;
  for (const table of [
    'households',
    'members',
    ...[...rows.keys()].filter((k) => k !== 'households' && k !== 'members'),
  ])
    await db.batchInsert(table, rows.get(table) as Row[], 1000);
  await db.raw('ANALYZE');
  const seeded = [...rows.values()].reduce((n, l) => n + l.length, 0);
  console.log(`one household, ${PER_KIND} records a kind (${seeded} rows); ${ROUNDS} rounds`);

  const timed = async (t: TestService) => {
    const s = performance.now();
    const res = await t.call('GET', `customer/${hh.id}/financial-report`, { as: advisor });
    const took = performance.now() - s;
    if (res.status !== 200) throw new Error(`report answered ${res.status}`);
    return took;
  };
  const stats = async (t: TestService) =>
    ((await t.call('GET', '/internal/cache-stats')).body as { caches: Record<string, Counters> }).caches;
  let amount = 400;
  const change = async () => {
    amount += 1;
    const res = await a.call('PATCH', `customer/member-income/${hh.income}`, { as: advisor, body: { amount } });
    if (res.status !== 200) throw new Error(`save answered ${res.status}`);
  };

  // warm the code paths (JIT) on every replica
  for (let i = 0; i < 5; i++) {
    await change();
    await timed(a);
    await timed(b);
    await timed(c);
  }
  const cold: number[] = [];
  const coldNoShared: number[] = [];
  const sharedHit: number[] = [];
  const localHit: number[] = [];
  const before = { a: await stats(a), b: await stats(b) };
  for (let i = 0; i < ROUNDS; i++) {
    await change();
    coldNoShared.push(await timed(c));
    cold.push(await timed(a));
    sharedHit.push(await timed(b));
    localHit.push(await timed(b));
  }
  const after = { a: await stats(a), b: await stats(b) };
  const d = (x: 'a' | 'b', cache: string, k: keyof Counters) =>
    ((after[x][cache] as Counters)[k] - (before[x][cache] as Counters)[k]) / ROUNDS;
  console.log('financial report over HTTP (median, p95):');
  for (const [what, xs] of [
    ['cold, shared level (computed, written to Redis)', cold],
    ['cold, no shared level (computed)', coldNoShared],
    ['shared hit (another replica: read from Redis, decoded)', sharedHit],
    ['local hit (this replica’s LRU)', localHit],
  ] as Array<[string, number[]]>)
    console.log(`  ${what.padEnd(58)} ${ms(median(xs))} ${ms(p95(xs))}`);
  console.log(
    `  per round on A: report misses ${d('a', 'report', 'misses')}, projection misses ${d('a', 'projection', 'misses')}, household misses ${d('a', 'household', 'misses')}; on B: report shared hits ${d('b', 'report', 'shared_hits')}, local hits ${d('b', 'report', 'local_hits')}, misses ${d('b', 'report', 'misses')}`,
  );
  // a cold key read on two replicas at once: the first takes the lock and computes, the other waits for its value
  const pairs: number[] = [];
  const both0 = { a: await stats(a), b: await stats(b) };
  for (let i = 0; i < ROUNDS; i++) {
    await change();
    const s = performance.now();
    await Promise.all([timed(a), timed(b)]);
    pairs.push(performance.now() - s);
  }
  const both1 = { a: await stats(a), b: await stats(b) };
  const sum = (x: typeof both0, k: keyof Counters) => (x.a.report as Counters)[k] + (x.b.report as Counters)[k];
  console.log(
    `  ${'cold on A and B at once (both answered)'.padEnd(58)} ${ms(median(pairs))} ${ms(p95(pairs))}  computations per round ${((sum(both1, 'misses') - sum(both0, 'misses')) / ROUNDS).toFixed(2)}, waited hits ${((sum(both1, 'waited_hits') - sum(both0, 'waited_hits')) / ROUNDS).toFixed(2)}`,
  );
  console.log('bytes written to Redis per cold read (A, per cache):');
  for (const cache of ['report', 'projection', 'household'])
    console.log(`  ${cache.padEnd(12)} ${kb(d('a', cache, 'bytes_written'))}`);

  // the stored values themselves: encode and decode times, and what compression would give
  const row = (await db('households').where({ id: hh.id }).first()) as HouseholdRow;
  const stamp = await householdStamp(db, row);
  const store = a.ports.cache as RedisCache;
  console.log('codec (V8 serialisation), per value (mean of 50):');
  for (const cache of [reportCache, projectionCache, householdCache] as const) {
    const bytes = await store.getBuffer(sharedKey(cache.name, row, `today:${todayIso()}`, stamp));
    if (!bytes || !cache.codec) throw new Error(`no shared ${cache.name} entry`);
    const codec = cache.codec as { encode(v: unknown): Buffer; decode(b: Buffer): unknown };
    const value = codec.decode(bytes);
    const time = (f: () => unknown) => {
      const s = performance.now();
      for (let i = 0; i < 50; i++) f();
      return (performance.now() - s) / 50;
    };
    const raw = serialize(value);
    const json = JSON.stringify(value);
    const enc = time(() => codec.encode(value));
    const dec = time(() => codec.decode(bytes));
    const jsonMs = time(() => JSON.parse(json));
    const deflated = deflateRawSync(raw, { level: constants.Z_BEST_SPEED });
    const deflateMs = time(() => deflateRawSync(raw, { level: constants.Z_BEST_SPEED }));
    const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const brotliMs = time(() => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }));
    const unbrotliMs = time(() => brotliDecompressSync(brotli));
    console.log(
      `  ${cache.name.padEnd(10)} stored ${kb(bytes.length)} (uncompressed: v8 ${kb(raw.length)}, JSON ${kb(json.length)}); encode ${ms(enc)}, decode ${ms(dec)} (JSON.parse ${ms(jsonMs)}); deflate-1 ${kb(deflated.length)} in ${ms(deflateMs)}, brotli-1 ${kb(brotli.length)} in ${ms(brotliMs)} (back in ${ms(unbrotliMs)})`,
    );
  }

  // the explanation steps (issue 34), kept per replica: what sharing them would store
  {
    const codec = structuredCodec<unknown>();
    const t0 = performance.now();
    const steps = await recordSteps(a.svc.ctx, row, undefined, stamp);
    const recorded = performance.now() - t0;
    const raw = serialize(steps);
    const t1 = performance.now();
    const bytes = codec.encode(steps);
    const encoded = performance.now() - t1;
    const t2 = performance.now();
    codec.decode(bytes);
    const decoded = performance.now() - t2;
    console.log(
      `  explain     ${steps.size} steps recorded in ${ms(recorded)}; v8 ${kb(raw.length)}, stored would be ${kb(bytes.length)}; encode ${ms(encoded)}, decode ${ms(decoded)}`,
    );
  }

  await c.stop();
  await b.stop();
  await a.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
