/**
 * bench:scale (issue 37): Kinfolio at one hundredth of 10,000 advisors × 300 households × ~300 records, in distributed
 * mode on this machine's PostgreSQL, Redis and RabbitMQ.
 *
 * 1. A database of its own (kf_scale_<random>, dropped at the end, on failure and on SIGINT), migrated; svc-planning ×2
 *    (reads on the standby at 127.0.0.1:5433 when one answers there in recovery), the worker (when
 *    svc-planning/src/worker.ts exists), svc-support (when it relays job:progress) and the gateway in front.
 * 2. A template household made through the API (scale-seed.ts), cloned into 1, then 10, then 100 advisors × 300
 *    households (SCALE scales the households per advisor: SCALE=0.02 → 6); rows/s, wall time, database size and bytes
 *    per row by table family at each step.
 * 3. At each step, through the gateway, p50/p95 and service CPU of the everyday calls (scale-calls.ts) on the same
 *    households drawn the same way across every advisor seeded so far; ratio to the 1% step (target ≤ 1.3) and the
 *    existing benches' targets.
 * 4. Replica lag under a write load (standby present), 5. the shared cache's hit ratio in a mixed workload
 *    (/internal/cache-stats present), 6. Monte Carlo jobs: API p95 with 8 queued, first job:progress latency over the
 *    socket, time to done (worker and relay present). A phase that cannot run is "not measured — why".
 * 7. Last, EXPLAIN of every statement svc-planning and its worker ran in all of it (service-kit's SQL trace) at 100%,
 *    checked by scale-plans.ts.
 * 8. Tables, a JSON summary in bench-results/scale-<date>.json, exit 1 when a target is missed or a phase was not
 *    measured.
 *
 * Env: SCALE (1), ADVISORS (100), SAMPLES per call per step (200), CLIENTS (4), KEEP_DB=1 keeps the database.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SESSION_COOKIE, support } from '@kinfolio/contracts';
import {
  createDb,
  destroyNamespace,
  freePort,
  type Identity,
  type Knex,
  kitMigrations,
  migrate,
  RedisCache,
  readSqlTrace,
  signIdentityHeaders,
  testIdentity,
} from '@kinfolio/service-kit';
import knexFactory from 'knex';
import { io as ioClient } from 'socket.io-client';
import { planningModule } from '../src/module';
import { type BenchGateway, benchGateway, redisUrl } from './harness';
import { type HotCall, type HotHousehold, hotCalls, hotHousehold, type Send } from './scale-calls';
import { explainTrace, formatPlan } from './scale-plans';
import {
  advisorId,
  captureTemplate,
  cloneHouseholds,
  householdTables,
  makeTemplate,
  secondaryIndexes,
  type TableSize,
  type Template,
  tableSizes,
} from './scale-seed';

const root = resolve(__dirname, '../..');
const SCALE = Number(process.env.SCALE ?? 1);
const ADVISORS = Number(process.env.ADVISORS ?? 100);
const PER_ADVISOR = Math.max(3, Math.round(300 * SCALE));
const SAMPLES = Number(process.env.SAMPLES ?? 200);
// latency as the households, reports and exports benches measure their targets: one call at a time (their p95
// targets are per call, not under a load; the load's figures are the replica-lag, cache and jobs phases')
const CLIENTS = Number(process.env.CLIENTS ?? 1);
/** Samples of each short call while the Monte Carlo jobs run (and with none, just before). */
const JOB_PHASE_SAMPLES = Number(process.env.JOB_PHASE_SAMPLES ?? 200);
/** Rounds of SAMPLES per call and step: the p95 is the median of the rounds' p95s (one slow second of the machine
 * does not decide a step). */
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PER_KIND = 30;
const STEPS = [...new Set([Math.max(1, Math.round(ADVISORS / 100)), Math.max(1, Math.round(ADVISORS / 10)), ADVISORS])];
const RATIO_TARGET = 1.3;
const LAG_TARGET_MS = 1000;
const HIT_TARGET = 0.9;
const FIRST_PROGRESS_TARGET_MS = 300;
const PRIMARY = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const STANDBY = process.env.SCALE_STANDBY_URL ?? 'postgres://postgres@127.0.0.1:5433';
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

// ---------------------------------------------------------------------------------------------------- small helpers
const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const log = (s = '') => console.log(s);
/** A seeded PRNG (mulberry32): the same households drawn the same way at every step. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** CPU ms (user + kernel) of a process so far (10 ms clock ticks). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU ms of a process and its children (the scenario processes a service forks), from /proc. */
function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children file: the process alone
  }
  return cpuMs(pid) + children.reduce((a, c) => a + treeCpuMs(c), 0);
}

interface Proc {
  name: string;
  child: ChildProcess;
  url?: string;
}

/** Starts a process of the repo (node --import tsx) and, when it serves HTTP, waits for its /readyz. */
async function startProc(name: string, script: string, env: NodeJS.ProcessEnv, port?: number): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  if (port === undefined) {
    await sleep(3000);
    if (exited) throw new Error(`${name} stopped at its start`);
    return { name, child };
  }
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`${name} stopped at its start`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, child, url };
    if (Date.now() > until) throw new Error(`${name} did not become ready on ${port}`);
    await sleep(250);
  }
}

async function stopProc(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------------- the summary
interface CallFigures {
  name: string;
  target: number;
  targetFrom: string;
  byStep: Array<{
    advisors: number;
    p50: number;
    p95: number;
    cpuMsPerCall: number;
    gatewayCpuMsPerCall: number;
    dbCpuMsPerCall: number;
    errors: number;
  }>;
  ratio: number;
  ok: boolean;
}
const summary = {
  date: new Date().toISOString(),
  commit: '',
  machine: { cpus: 0, loadavg: [] as number[], node: process.version },
  scale: { SCALE, advisors: ADVISORS, perAdvisor: PER_ADVISOR, samples: SAMPLES, clients: CLIENTS },
  template: { records: 0, rowsPerHousehold: 0 },
  seeding: [] as Array<{
    advisors: number;
    households: number;
    rowsAdded: number;
    insertSeconds: number;
    indexSeconds: number;
    analyzeSeconds: number;
    rowsPerSecond: number;
    databaseBytes: number;
    families: Record<string, { rows: number; heapBytes: number; indexBytes: number; bytesPerRow: number }>;
  }>,
  healthzP95: [] as number[],
  calls: [] as CallFigures[],
  plans: { statements: 0, failed: 0, notExplained: 0, allowed: 0, smallTables: 0 },
  replica: null as null | Record<string, unknown>,
  cache: null as null | Record<string, unknown>,
  jobs: null as null | JobFigures,
  monteCarlo: null as null | { runs: number; p50: number; p95: number; cpuMsPerRun: number },
  notMeasured: [] as string[],
  missed: [] as string[],
  phaseSeconds: {} as Record<string, number>,
};

// ---------------------------------------------------------------------------------------------------- main
async function main(): Promise<void> {
  const t0 = performance.now();
  const phase = (name: string, since: number) => {
    summary.phaseSeconds[name] = Math.round((performance.now() - since) / 100) / 10;
  };
  try {
    summary.commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    summary.commit = 'unknown';
  }
  summary.machine.cpus = (await import('node:os')).cpus().length;
  const tag = randomBytes(4).toString('hex');
  const dbName = `kf_scale_${tag}`;
  const dbUrl = `${PRIMARY}/${dbName}`;
  const namespace = `scale${tag}.`;
  const redisPrefix = `scale:${tag}:`;
  const secret = randomBytes(24).toString('hex');
  const traceFile = join(tmpdir(), `kf-scale-${tag}.sql.jsonl`);
  const admin = knexFactory({ client: 'pg', connection: `${PRIMARY}/postgres`, pool: { min: 0, max: 1 } });
  const procs: Proc[] = [];
  let gw: BenchGateway | undefined;
  let db: Knex | undefined;

  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await gw?.stop().catch(() => undefined);
    await Promise.all(procs.map((p) => stopProc(p).catch(() => undefined)));
    await db?.destroy().catch(() => undefined);
    await destroyNamespace(AMQP_URL, namespace).catch(() => undefined);
    const cache = new RedisCache(redisUrl, redisPrefix);
    try {
      const keys = await cache.client.keys(`${redisPrefix}*`);
      if (keys.length) await cache.client.del(...keys);
    } catch {
      // Redis gone: nothing to clean
    } finally {
      await cache.client.quit().catch(() => undefined);
    }
    if (!process.env.KEEP_DB)
      await admin.raw(`drop database if exists "${dbName}" with (force)`).catch((e) => console.error(e));
    await admin.destroy().catch(() => undefined);
  };
  const onSignal = () => {
    console.error('bench:scale interrupted: cleaning up');
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // an error nothing awaited still ends in the clean-up (processes, database, queues, keys)
  process.once('unhandledRejection', (err) => {
    console.error('bench:scale: unhandled', err);
    cleanup().finally(() => process.exit(1));
  });

  try {
    // ------------------------------------------------------------------------------------------------ set-up
    let since = performance.now();
    await admin.raw(`create database "${dbName}"`);
    db = await createDb({ kind: 'pg', url: dbUrl, schema: 'svc_planning', poolMax: 4 });
    await migrate(db, [...kitMigrations, ...planningModule.migrations], 'svc_planning');
    const readUrl = await standbyUrl(dbName);
    const worker = existsSync(join(root, 'svc-planning/src/worker.ts'));
    const relay = supportRelays();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MODE: 'distributed',
      DATABASE_URL: dbUrl,
      AMQP_URL,
      REDIS_URL: redisUrl,
      AMQP_NAMESPACE: namespace,
      REDIS_PREFIX: redisPrefix,
      INTERNAL_SECRET: secret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      KF_SQL_TRACE: traceFile,
      ...(readUrl ? { READ_DATABASE_URL: readUrl } : {}),
      // the long work on the worker process only, as start:distributed and the k8s Deployments run it
      ...(worker ? { PLANNING_JOBS: 'workers' } : {}),
      // as start:distributed and the k8s Deployment run svc-planning
      PREWARM_REPORTS: 'on',
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      procs.push(
        await startProc(`svc-planning#${i + 1}`, 'svc-planning/src/main.ts', { ...env, PORT: String(port) }, port),
      );
    }
    const planning = procs.slice(0, 2);
    if (worker) procs.push(await startProc('svc-planning worker', 'svc-planning/src/worker.ts', env));
    let supportUrl: string | undefined;
    if (relay) {
      const port = await freePort();
      const { KF_SQL_TRACE: _, ...supportEnv } = env;
      const p = await startProc('svc-support', 'svc-support/src/main.ts', { ...supportEnv, PORT: String(port) }, port);
      procs.push(p);
      supportUrl = p.url;
    }
    const planningUrls = planning.map((p) => p.url).join(',');
    gw = await benchGateway(
      { secret, svc: { url: planningUrls } },
      'scale',
      128,
      planningUrls,
      supportUrl ?? planningUrls,
    );
    const gateway = gw;
    log(
      `bench:scale ${summary.date} commit ${summary.commit}: SCALE=${SCALE} → ${ADVISORS} advisors × ${PER_ADVISOR} households × ~${PER_KIND * 9 + 35} records; steps ${STEPS.join(' → ')} advisors; ${SAMPLES} samples a call, ${CLIENTS} clients; database ${dbName}`,
    );
    log(
      `processes: svc-planning ×2 (reads: ${readUrl ? 'standby on 5433' : 'primary — no standby answers on 5433'}), worker ${worker ? 'yes' : 'no (svc-planning/src/worker.ts missing)'}, svc-support ${relay ? 'yes (job:progress relay)' : 'no (no job:progress relay in svc-support)'}, gateway`,
    );
    phase('set-up', since);

    // ------------------------------------------------------------------------------------------------ template
    since = performance.now();
    const owner = testIdentity('advisor');
    await gateway.sessionOf(owner);
    const made = async (path: string, body: Record<string, unknown>) => {
      const r = await gateway.call('POST', path, { as: owner, body });
      if (r.status !== 201) throw new Error(`${path} answered ${r.status}: ${r.text().slice(0, 300)}`);
      return (r.json() as { data: { id: string } }).data;
    };
    const made1 = await makeTemplate(made, PER_KIND);
    const tpl = await captureTemplate(db, made1);
    summary.template = { records: made1.records, rowsPerHousehold: tpl.rowsPerHousehold };
    log(
      `template household: ${made1.records} records through the API, ${tpl.rowsPerHousehold} rows in ${tpl.rows.size} tables (${((performance.now() - since) / 1000).toFixed(1)} s)`,
    );
    phase('template', since);

    // ------------------------------------------------------------------------------------------------ steps
    const identities: Identity[] = [];
    const tables = await householdTables(db);
    let households = 0;
    const figures = new Map<string, CallFigures>();
    const calls = hotCalls(Math.max(1, Math.floor((PER_ADVISOR * 2) / 3 / 20)));
    for (const [s, advisors] of STEPS.entries()) {
      since = performance.now();
      const target = advisors * PER_ADVISOR;
      const adding = (target - households) * tpl.rowsPerHousehold;
      // a big step loads without the secondary indexes and builds them after (faster than keeping them up to date)
      const rebuild = adding >= 1_000_000;
      const indexes = rebuild ? await secondaryIndexes(db, tables) : [];
      for (const ix of indexes) await db.raw(`drop index if exists "${ix.name}"`);
      const ins0 = performance.now();
      let shown = 0;
      const added = await cloneHouseholds(db, tpl, households, target, {
        perAdvisor: PER_ADVISOR,
        vary: true,
        chunk: Math.max(10, Math.min(300, PER_ADVISOR)),
        parallel: 3,
        progress: (rows) => {
          if (rows - shown >= 1_000_000) {
            shown = rows;
            log(`  … ${rows.toLocaleString('en')} rows (${((performance.now() - ins0) / 1000).toFixed(0)} s)`);
          }
        },
      });
      const insertSeconds = (performance.now() - ins0) / 1000;
      const ix0 = performance.now();
      await Promise.all(
        [0, 1].map(async (k) => {
          for (let i = k; i < indexes.length; i += 2)
            await db?.transaction(async (trx) => {
              await trx.raw("set local maintenance_work_mem = '256MB'");
              await trx.raw((indexes[i] as { def: string }).def);
            });
        }),
      );
      const indexSeconds = (performance.now() - ix0) / 1000;
      const an0 = performance.now();
      // steady state before measuring: the bulk load vacuumed (visibility map, hint bits: what autovacuum would do
      // in the middle of the measure otherwise) and analysed, and the standby caught up with the load's WAL
      await db.raw('vacuum (analyze)');
      const analyzeSeconds = (performance.now() - an0) / 1000;
      if (readUrl) await standbyCaughtUp(db, readUrl);
      households = target;
      for (let a = identities.length; a < advisors; a++) {
        const who = testIdentity('advisor', advisorId(a));
        identities.push(who);
        await gateway.sessionOf(who);
      }
      const sizes = await tableSizes(db, tables);
      const databaseBytes = Number(
        ((await db.raw('select pg_database_size(current_database()) as b')).rows[0] as { b: string }).b,
      );
      const families = familySizes(sizes);
      const rowsPerSecond = added / (insertSeconds + indexSeconds);
      summary.seeding.push({
        advisors,
        households,
        rowsAdded: added,
        insertSeconds,
        indexSeconds,
        analyzeSeconds,
        rowsPerSecond,
        databaseBytes,
        families,
      });
      const totalRows = sizes.reduce((a, t) => a + t.rows, 0);
      log(
        `\n== step ${s + 1}: ${advisors} advisors, ${households.toLocaleString('en')} households, ${totalRows.toLocaleString('en')} rows ==`,
      );
      log(
        `seeded ${added.toLocaleString('en')} rows in ${insertSeconds.toFixed(1)} s${rebuild ? ` + ${indexes.length} indexes rebuilt in ${indexSeconds.toFixed(1)} s` : ''} (${Math.round(rowsPerSecond).toLocaleString('en')} rows/s); VACUUM ANALYZE and the standby's catch-up ${analyzeSeconds.toFixed(1)} s; database ${mb(databaseBytes)}`,
      );
      log(
        `  ${'family'.padEnd(14)} ${'rows'.padStart(11)} ${'heap'.padStart(12)} ${'indexes'.padStart(12)} ${'bytes/row'.padStart(9)}`,
      );
      for (const [f, v] of Object.entries(families))
        log(
          `  ${f.padEnd(14)} ${v.rows.toLocaleString('en').padStart(11)} ${mb(v.heapBytes).padStart(12)} ${mb(v.indexBytes).padStart(12)} ${v.bytesPerRow.toFixed(0).padStart(9)}`,
        );
      phase(`seed step ${s + 1}`, since);

      // ---------------------------------------------------------------------------------------------- measure
      since = performance.now();
      const rand = prng(37);
      const sample: HotHousehold[] = Array.from({ length: 64 }, () =>
        hotHousehold(tpl, Math.floor(rand() * households)),
      );
      const sendAs =
        (who: Identity): Send =>
        async (method, path, body) =>
          (await gateway.call(method, path, { as: who, body })).status;
      const advisorOf = (h: HotHousehold) => identities[Math.floor(h.n / PER_ADVISOR)] as Identity;
      const health: number[] = [];
      for (let i = 0; i < 300; i++) {
        const st = performance.now();
        await gateway.call('GET', '/healthz');
        health.push(performance.now() - st);
      }
      summary.healthzP95.push(pct(health.slice(30), 0.95));
      log(`\n  gateway /healthz p95 ${ms(pct(health.slice(30), 0.95))} ms (baseline)`);
      log(
        `  ${'call'.padEnd(52)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}   CPU ms a call: svc-planning / gateway / PostgreSQL   target`,
      );
      const measured = await measureAll(calls, sample, sendAs, advisorOf, planning, gateway.pid, db);
      for (const c of calls) {
        const r = measured.get(c.name) as Measured;
        let f = figures.get(c.name);
        if (!f) {
          f = { name: c.name, target: c.target, targetFrom: c.targetFrom, byStep: [], ratio: 0, ok: false };
          figures.set(c.name, f);
        }
        f.byStep.push({ advisors, ...r });
        log(
          `  ${c.name.padEnd(52)} ${ms(r.p50).padStart(7)} ${ms(r.p95).padStart(7)}   ${r.cpuMsPerCall.toFixed(2).padStart(8)} / ${r.gatewayCpuMsPerCall.toFixed(2).padStart(6)} / ${r.dbCpuMsPerCall.toFixed(2).padStart(6)}   ≤ ${c.target} ms${r.errors ? `  ${r.errors} ERRORS` : ''}`,
        );
      }
      phase(`measure step ${s + 1}`, since);
    }
    for (const f of figures.values()) {
      const first = f.byStep[0];
      const last = f.byStep.at(-1);
      f.ratio = first && last ? last.p95 / first.p95 : Number.NaN;
      f.ok = !!last && f.ratio <= RATIO_TARGET && last.p95 <= f.target && f.byStep.every((b) => b.errors === 0);
      summary.calls.push(f);
      if (!f.ok) summary.missed.push(`${f.name}: p95 ${ms(last?.p95 ?? Number.NaN)} ms, ratio ${f.ratio.toFixed(2)}`);
    }
    log(`\n== p95 by step (ms), through the gateway; ratio = last step / first step (target ≤ ${RATIO_TARGET}) ==`);
    log(
      `  ${'call'.padEnd(52)} ${STEPS.map((a) => `${a} adv`.padStart(9)).join(' ')} ${'ratio'.padStart(6)} ${'target'.padStart(7)}`,
    );
    for (const f of summary.calls)
      log(
        `  ${f.name.padEnd(52)} ${f.byStep.map((b) => ms(b.p95).padStart(9)).join(' ')} ${f.ratio.toFixed(2).padStart(6)} ${`≤ ${f.target}`.padStart(7)}  ${f.ok ? 'ok' : 'OVER'}`,
      );


    // ------------------------------------------------------------------------------------------------ replica lag
    since = performance.now();
    const rand = prng(41);
    const writeSet = Array.from({ length: 64 }, () => hotHousehold(tpl, Math.floor(rand() * households)));
    const saveLoad = async (untilMs: number) => {
      let saves = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let i = c; performance.now() < untilMs; i += CLIENTS) {
            const h = writeSet[i % writeSet.length] as HotHousehold;
            const who = identities[Math.floor(h.n / PER_ADVISOR)] as Identity;
            await gateway.call('PATCH', `customer/member-income/${h.income}`, {
              as: who,
              body: { amount: 4000 + (i % 89) },
            });
            saves++;
          }
        }),
      );
      return saves;
    };
    if (!readUrl) {
      summary.notMeasured.push(
        'replica lag: no PostgreSQL standby in recovery on 127.0.0.1:5433 (scripts/replica.mjs start)',
      );
      log('\nreplica lag: not measured — no standby in recovery on 127.0.0.1:5433');
    } else {
      summary.replica = await replicaLag(db, readUrl, saveLoad).catch((e: Error) => {
        summary.notMeasured.push(`replica lag: ${e.message}`);
        return { markerP99Ms: Number.NaN, markerP50Ms: Number.NaN, replayLagP99Ms: Number.NaN, saves: 0 };
      });
      const p99 = summary.replica.markerP99Ms as number;
      log(
        `\n== replica lag under the write load (${summary.replica.saves} saves in 10 s) ==\n  marker rows: p50 ${ms(summary.replica.markerP50Ms as number)} ms, p99 ${ms(p99)} ms (target ≤ ${LAG_TARGET_MS}); pg_stat_replication replay_lag p99 ${ms(summary.replica.replayLagP99Ms as number)} ms  ${p99 <= LAG_TARGET_MS ? 'ok' : 'OVER'}`,
      );
      if (!(p99 <= LAG_TARGET_MS)) summary.missed.push(`replica lag p99 ${ms(p99)} ms`);
    }
    phase('replica lag', since);

    // ------------------------------------------------------------------------------------------------ cache
    since = performance.now();
    const stats = async () => Promise.all(planning.map((p) => cacheStats(p.url as string, secret)));
    const before = await stats();
    if (before.some((s) => !s)) {
      summary.notMeasured.push('cache hit ratio: GET /internal/cache-stats does not answer on svc-planning');
      log('\ncache hit ratio: not measured — GET /internal/cache-stats does not answer');
    } else {
      const working = Array.from({ length: 50 }, (_, i) => hotHousehold(tpl, Math.floor(prng(43 + i)() * households)));
      const OPS = 2000;
      let next = 0;
      let writes = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let i = next++; i < OPS; i = next++) {
            const h = working[(i * 7) % working.length] as HotHousehold;
            const who = identities[Math.floor(h.n / PER_ADVISOR)] as Identity;
            if (i % 20 === 19) {
              writes++;
              await gateway.call('PATCH', `customer/member-income/${h.income}`, {
                as: who,
                body: { amount: 5000 + i },
              });
            } else {
              const path = [
                `customer/${h.id}/financial-report`,
                `customer/${h.id}/balance-sheet`,
                `customer/insurance-coverage-by-member?lead_id=${h.id}`,
              ][i % 3] as string;
              await gateway.call('GET', path, { as: who });
            }
          }
        }),
      );
      const after = await stats();
      summary.cache = cacheRatios(before as CacheStats[], after as CacheStats[], OPS, writes);
      log(
        `\n== shared projection cache: mixed workload of ${OPS} calls over 50 households, 1 write in 20, both replicas ==`,
      );
      for (const [name, c] of Object.entries(summary.cache.caches as Record<string, CacheDelta>))
        log(
          `  ${name.padEnd(24)} local ${c.local_hits} shared ${c.shared_hits} misses ${c.misses} errors ${c.shared_errors} made ahead ${c.prewarmed ?? 0} → hit ratio ${(c.ratio * 100).toFixed(1)}%  ${c.bytesPerWrite ? `${(c.bytesPerWrite / 1024).toFixed(1)} KiB a write` : ''}`,
        );
      const reportCache = summary.cache.reportCache as string | null;
      const ratio = reportCache ? (summary.cache.caches as Record<string, CacheDelta>)[reportCache]?.ratio : undefined;
      log(
        `  report cache (${reportCache ?? 'none found'}): ${ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)}%`} (target ≥ ${HIT_TARGET * 100}%)  ${ratio !== undefined && ratio >= HIT_TARGET ? 'ok' : 'UNDER'}`,
      );
      if (ratio === undefined)
        summary.notMeasured.push('cache hit ratio: no report/projection cache in /internal/cache-stats');
      else if (ratio < HIT_TARGET) summary.missed.push(`report cache hit ratio ${(ratio * 100).toFixed(1)}%`);
    }
    phase('cache', since);

    // ------------------------------------------------------------------------------------------------ Monte Carlo cost
    // what one Monte Carlo run of 10,000 trials costs today (the synchronous scenario call, on the service's scenario
    // processes): the queue's work per job in the capacity model, whether or not the jobs' worker exists
    since = performance.now();
    {
      const h = hotHousehold(tpl, 1);
      const who = identities[0] as Identity;
      // a seed of its own each run: the same inputs would be answered from the cache
      const body = (seed: number) => ({
        household_id: h.id,
        scenario: { monte_carlo: { enabled: true, trials: 10000, seed } },
      });
      await gateway.call('POST', 'customer/calculate/scenario-modelling', { as: who, body: body(1) });
      const RUNS = 20;
      const times: number[] = [];
      const cpu0 = planning.reduce((a, p) => a + treeCpuMs(p.child.pid), 0);
      for (let i = 0; i < RUNS; i++) {
        const st = performance.now();
        const r = await gateway.call('POST', 'customer/calculate/scenario-modelling', { as: who, body: body(100 + i) });
        times.push(performance.now() - st);
        if (r.status !== 200) throw new Error(`Monte Carlo run answered ${r.status}`);
      }
      const cpu = (planning.reduce((a, p) => a + treeCpuMs(p.child.pid), 0) - cpu0) / RUNS;
      summary.monteCarlo = { runs: RUNS, p50: pct(times, 0.5), p95: pct(times, 0.95), cpuMsPerRun: cpu };
      log(
        `\n== Monte Carlo, 10,000 trials, synchronous (the scenario call): p50 ${ms(pct(times, 0.5))} ms, p95 ${ms(pct(times, 0.95))} ms, CPU ${ms(cpu)} ms a run (svc-planning and its scenario processes) ==`,
      );
    }
    phase('monte carlo cost', since);

    // ------------------------------------------------------------------------------------------------ jobs
    since = performance.now();
    if (!worker || !relay) {
      const why = [!worker && 'svc-planning/src/worker.ts missing', !relay && 'svc-support does not relay job:progress']
        .filter(Boolean)
        .join('; ');
      summary.notMeasured.push(`Monte Carlo jobs: ${why}`);
      log(`\nMonte Carlo jobs: not measured — ${why}`);
    } else {
      const workerProc = procs.find((p) => p.name === 'svc-planning worker');
      const j = await jobsPhase(gateway, tpl, identities, households, workerProc).catch((e: Error) => {
        summary.notMeasured.push(`Monte Carlo jobs: ${e.message}`);
        return null;
      });
      summary.jobs = j;
    }
    if (summary.jobs) {
      const j = summary.jobs;
      log(
        `\n== Monte Carlo jobs (10,000 trials): 8 queued, short calls meanwhile, first job:progress over the socket ==`,
      );
      log(
        `  warm report p95 with 8 jobs queued   ${ms(j.reportP95)} ms (p50 ${ms(j.reportP50)}; with no job ${ms(j.aloneP95)} ms, ratio ${(j.reportP95 / j.aloneP95).toFixed(2)}; target ≤ 15)  ${j.reportP95 <= 15 ? 'ok' : 'OVER'}`,
      );
      log(
        `  whole household p95 with 8 queued    ${ms(j.householdP95)} ms (target ≤ 40)  ${j.householdP95 <= 40 ? 'ok' : 'OVER'}`,
      );
      log(
        `  first progress after the click p95   ${ms(j.firstProgressP95)} ms over ${j.clicks} clicks (target ≤ ${FIRST_PROGRESS_TARGET_MS})  ${j.firstProgressP95 <= FIRST_PROGRESS_TARGET_MS ? 'ok' : 'OVER'}`,
      );
      log(
        `  time to done p50 / max               ${ms(j.doneP50)} / ${ms(j.doneMax)} ms (${j.done} of ${j.jobs} done); worker CPU ${ms(j.workerCpuMsPerJob)} ms a job`,
      );
      if (!(j.reportP95 <= 15)) summary.missed.push(`warm report with 8 jobs queued p95 ${ms(j.reportP95)} ms`);
      if (!(j.householdP95 <= 40))
        summary.missed.push(`whole household with 8 jobs queued p95 ${ms(j.householdP95)} ms`);
      if (!(j.firstProgressP95 <= FIRST_PROGRESS_TARGET_MS))
        summary.missed.push(`first job progress p95 ${ms(j.firstProgressP95)} ms`);
      if (j.done < j.jobs) summary.missed.push(`${j.jobs - j.done} Monte Carlo jobs not done`);
    }
    phase('jobs', since);
    // ------------------------------------------------------------------------------------------------ plans
    // last: the statements of every phase before, the jobs' and the replica's write load's included
    since = performance.now();
    const entries = existsSync(traceFile) ? readSqlTrace(readFileSync(traceFile, 'utf8')) : [];
    const checks = await explainTrace(db, entries);
    log(
      `\n== plans of every statement svc-planning ran (${checks.length} explained of ${entries.length} traced), at ${households.toLocaleString('en')} households ==`,
    );
    for (const c of checks) log(formatPlan(c));
    summary.plans = {
      statements: checks.length,
      failed: checks.filter((c) => c.problems.length).length,
      notExplained: checks.filter((c) => c.error).length,
      allowed: checks.filter((c) => c.allowed).length,
      smallTables: checks.filter((c) => c.small).length,
    };
    if (!checks.length) summary.notMeasured.push('plans: no statement traced (KF_SQL_TRACE)');
    if (summary.plans.failed)
      summary.missed.push(`plans: ${summary.plans.failed} statements read a tenant table unbounded`);
    log(
      `plans: ${summary.plans.statements} statements, ${summary.plans.failed} FAIL, ${summary.plans.allowed} cross-tenant on purpose, ${summary.plans.smallTables} seq-scan only small tables (index-bounded with enable_seqscan off), ${summary.plans.notExplained} not explained`,
    );
    phase('plans', since);
  } finally {
    summary.machine.loadavg = loadavg();
    const since = performance.now();
    await cleanup();
    phase('clean-up', since);
    phase('total', t0);
  }

  // ---------------------------------------------------------------------------------------------------- report
  log(
    `\n== phases (s) ==\n  ${Object.entries(summary.phaseSeconds)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}`,
  );
  log(`  load average at the end: ${summary.machine.loadavg.map((l) => l.toFixed(2)).join(' ')}`);
  const total = summary.phaseSeconds.total ?? 0;
  if (total > 15 * 60) summary.missed.push(`ran ${(total / 60).toFixed(1)} min (target < 15)`);
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  const out = join(root, 'bench-results', `scale-${summary.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  log(`summary: ${out}`);
  for (const m of summary.notMeasured) log(`not measured — ${m}`);
  for (const m of summary.missed) log(`MISSED — ${m}`);
  const ok = !summary.notMeasured.length && !summary.missed.length;
  log(ok ? 'bench:scale: every target met' : 'bench:scale: targets missed or not measured (exit 1)');
  process.exitCode = ok ? 0 : 1;
}

interface Measured {
  p50: number;
  p95: number;
  cpuMsPerCall: number;
  gatewayCpuMsPerCall: number;
  dbCpuMsPerCall: number;
  errors: number;
}

/**
 * Times every call on the sample's households, CLIENTS at once, SAMPLES a round, ROUNDS rounds (after a warm-up of 20
 * each). The rounds go across the calls (round 1 of every call, then round 2 …), so a passing disturbance of the
 * machine (a checkpoint, the standby's replay, autovacuum) lands in one round of several calls rather than in every
 * round of one; a call's p95 is the median of its rounds' p95s. CPU is counted per call over its rounds.
 */
async function measureAll(
  calls: HotCall[],
  sample: HotHousehold[],
  sendAs: (who: Identity) => Send,
  advisorOf: (h: HotHousehold) => Identity,
  planning: Proc[],
  gatewayPid: number | undefined,
  db: Knex,
): Promise<Map<string, Measured>> {
  const run = async (c: HotCall, n: number, offset: number, times: number[] | null) => {
    let next = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = next++; i < n; i = next++) {
          const h = sample[(i + offset) % sample.length] as HotHousehold;
          const send = sendAs(advisorOf(h));
          const pre = c.before ? await c.before(send, h, i + offset) : [];
          const s = performance.now();
          const statuses = await c.run(send, h, i + offset);
          times?.push(performance.now() - s);
          if ([...pre, ...statuses].some((st) => st < 200 || st >= 300)) errors++;
        }
      }),
    );
    return errors;
  };
  const acc = new Map(
    calls.map((c) => [c.name, { times: [] as number[], roundP95: [] as number[], cpu: 0, gw: 0, pg: 0, errors: 0 }]),
  );
  for (const c of calls) await run(c, 20, 1000, null);
  for (let r = 0; r < ROUNDS; r++)
    for (const c of calls) {
      const a = acc.get(c.name) as NonNullable<ReturnType<typeof acc.get>>;
      const cpu0 = planning.reduce((x, p) => x + cpuMs(p.child.pid), 0);
      const gw0 = cpuMs(gatewayPid);
      const pg0 = await backendCpu(db);
      const round: number[] = [];
      a.errors += await run(c, SAMPLES, r * SAMPLES, round);
      a.cpu += planning.reduce((x, p) => x + cpuMs(p.child.pid), 0) - cpu0;
      a.gw += cpuMs(gatewayPid) - gw0;
      for (const [pid, v] of await backendCpu(db)) a.pg += v - (pg0.get(pid) ?? 0);
      a.roundP95.push(pct(round, 0.95));
      a.times.push(...round);
    }
  const n = SAMPLES * ROUNDS;
  return new Map(
    [...acc].map(([name, a]) => [
      name,
      {
        p50: pct(a.times, 0.5),
        p95: pct(a.roundP95, 0.5),
        cpuMsPerCall: a.cpu / n,
        gatewayCpuMsPerCall: a.gw / n,
        dbCpuMsPerCall: a.pg / n,
        errors: a.errors,
      },
    ]),
  );
}

/**
 * CPU ms so far of each PostgreSQL backend on the bench database but this one (the services' pools; a backend that
 * ends during a measure is missed, one that starts is counted whole).
 */
async function backendCpu(db: Knex): Promise<Map<number, number>> {
  const pids = (
    await db.raw('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
  ).rows as Array<{ pid: number }>;
  return new Map(pids.map((p) => [p.pid, cpuMs(p.pid)]));
}

function familySizes(sizes: TableSize[]) {
  const out: Record<string, { rows: number; heapBytes: number; indexBytes: number; bytesPerRow: number }> = {};
  for (const t of sizes) {
    const f = out[t.family] ?? { rows: 0, heapBytes: 0, indexBytes: 0, bytesPerRow: 0 };
    out[t.family] = f;
    f.rows += t.rows;
    f.heapBytes += t.heapBytes;
    f.indexBytes += t.indexBytes;
  }
  for (const f of Object.values(out)) f.bytesPerRow = f.rows ? (f.heapBytes + f.indexBytes) / f.rows : 0;
  return out;
}

/** The standby's URL for the bench database when one answers on 5433 and is in recovery. */
/** Waits until the standby has replayed everything the primary wrote so far (at most 5 minutes). */
async function standbyCaughtUp(db: Knex, readUrl: string): Promise<void> {
  const lsn = ((await db.raw('select pg_current_wal_lsn()::text as l')).rows[0] as { l: string }).l;
  const k = knexFactory({ client: 'pg', connection: readUrl, pool: { min: 0, max: 1 } });
  try {
    for (let i = 0; i < 3000; i++) {
      const r = (await k.raw('select pg_last_wal_replay_lsn() >= ?::pg_lsn as ok', [lsn])).rows[0] as { ok: boolean };
      if (r.ok) return;
      await sleep(100);
    }
  } finally {
    await k.destroy();
  }
}

async function standbyUrl(dbName: string): Promise<string | null> {
  const k = knexFactory({
    client: 'pg',
    connection: `${STANDBY}/postgres`,
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 3000,
  });
  try {
    const r = (await k.raw('select pg_is_in_recovery() as r')).rows[0] as { r: boolean };
    if (!r.r) return null;
    // the new database reaches the standby through the WAL: wait until it can be opened there
    for (let i = 0; i < 50; i++) {
      const d = (await k.raw('select 1 from pg_database where datname = ?', [dbName])).rows;
      if (d.length) return `${STANDBY}/${dbName}`;
      await sleep(100);
    }
    return null;
  } catch {
    return null;
  } finally {
    await k.destroy();
  }
}

/** Replica lag under 10 s of saves: marker rows timed to the standby every 200 ms, and replay_lag every 100 ms. */
async function replicaLag(db: Knex, readUrl: string, saveLoad: (untilMs: number) => Promise<number>) {
  const standby = knexFactory({ client: 'pg', connection: readUrl, pool: { min: 0, max: 2 } });
  await db.raw('create table if not exists public.scale_marker (id int primary key, at timestamptz default now())');
  const markers: number[] = [];
  const replay: number[] = [];
  const until = performance.now() + 10_000;
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      const r = (
        await db.raw(
          'select coalesce(extract(epoch from max(replay_lag)) * 1000, 0)::float8 as ms from pg_stat_replication',
        )
      ).rows[0] as { ms: number };
      replay.push(Number(r.ms));
      await sleep(100);
    }
  })();
  const marking = (async () => {
    for (let id = 1; !stop; id++) {
      const s = performance.now();
      await db.raw('insert into public.scale_marker (id) values (?)', [id]);
      for (;;) {
        // the table itself may not have reached the standby yet (42P01): not seen
        const seen = await standby.raw('select 1 from public.scale_marker where id = ?', [id]).then(
          (r: { rows: unknown[] }) => r.rows.length > 0,
          (e: { code?: string }) => {
            if (e.code === '42P01') return false;
            throw e;
          },
        );
        if (seen) break;
        if (performance.now() - s > 30_000) break;
        await sleep(5);
      }
      markers.push(performance.now() - s);
      await sleep(200);
    }
  })();
  // an error of the sampler or the markers is raised after the load, not left unhandled during it
  const settled = Promise.allSettled([sampler, marking]);
  const saves = await saveLoad(until).finally(() => {
    stop = true;
  });
  const failed = (await settled).find((r) => r.status === 'rejected');
  await standby.destroy();
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return {
    saves,
    markers: markers.length,
    markerP50Ms: pct(markers, 0.5),
    markerP99Ms: pct(markers, 0.99),
    replayLagP50Ms: pct(replay, 0.5),
    replayLagP99Ms: pct(replay, 0.99),
  };
}

/** svc-support relays planning.job.progress.v1 as job:progress (h4's relay is in its source). */
function supportRelays(): boolean {
  try {
    return (
      execSync("grep -rl --include=*.ts 'job:progress' svc-support/src", { cwd: root }).toString().trim().length > 0
    );
  } catch {
    return false;
  }
}

interface CacheCounters {
  local_hits: number;
  shared_hits: number;
  misses: number;
  shared_errors: number;
  bytes_written: number;
  /** Computed ahead of a read after a write (PREWARM_REPORTS): not a read's hit or miss, shown beside them. */
  prewarmed?: number;
}
interface CacheStats {
  caches: Record<string, CacheCounters>;
}
interface CacheDelta extends CacheCounters {
  ratio: number;
  bytesPerWrite: number;
}
async function cacheStats(url: string, secret: string): Promise<CacheStats | null> {
  try {
    const r = await fetch(`${url}/internal/cache-stats`, {
      headers: signIdentityHeaders(secret, null, undefined, randomUUID()),
    });
    if (!r.ok) return null;
    const body = (await r.json()) as CacheStats & { data?: CacheStats };
    const s = body.caches ? body : body.data;
    return s?.caches ? s : null;
  } catch {
    return null;
  }
}
function cacheRatios(before: CacheStats[], after: CacheStats[], ops: number, writes: number) {
  const caches: Record<string, CacheDelta> = {};
  after.forEach((a, i) => {
    for (const [name, c] of Object.entries(a.caches)) {
      const b = before[i]?.caches[name];
      const d = caches[name] ?? {
        local_hits: 0,
        shared_hits: 0,
        misses: 0,
        shared_errors: 0,
        bytes_written: 0,
        prewarmed: 0,
        ratio: 0,
        bytesPerWrite: 0,
      };
      caches[name] = d;
      for (const k of ['local_hits', 'shared_hits', 'misses', 'shared_errors', 'bytes_written', 'prewarmed'] as const)
        d[k] += (c[k] ?? 0) - (b?.[k] ?? 0);
    }
  });
  for (const d of Object.values(caches)) {
    const reads = d.local_hits + d.shared_hits + d.misses;
    d.ratio = reads ? (d.local_hits + d.shared_hits) / reads : 0;
    const made = d.misses + (d.prewarmed ?? 0);
    d.bytesPerWrite = made ? d.bytes_written / made : 0;
  }
  // the financial report's own cache when there is one (h5's `report`), else the projection under it
  const names = Object.keys(caches);
  const reportCache = names.find((n) => n === 'report') ?? names.find((n) => /report|projection/i.test(n)) ?? null;
  return { ops, writes, caches, reportCache };
}

/** 8 Monte Carlo jobs queued; the short calls' p95 meanwhile; first job:progress per click over the socket. */
interface JobFigures {
  jobs: number;
  done: number;
  clicks: number;
  reportP95: number;
  reportP50: number;
  /** The warm report with no job anywhere, just before (this phase's baseline). */
  aloneP95: number;
  householdP95: number;
  firstProgressP50: number;
  firstProgressP95: number;
  doneP50: number;
  doneMax: number;
  workerCpuMsPerJob: number;
}
async function jobsPhase(
  gateway: BenchGateway,
  tpl: Template,
  identities: Identity[],
  households: number,
  workerProc: Proc | undefined,
): Promise<JobFigures> {
  const rand = prng(47);
  const pick = () => hotHousehold(tpl, Math.floor(rand() * Math.min(households, PER_ADVISOR)));
  // one advisor (the first) clicks: their socket sees every progress of their jobs
  const who = identities[0] as Identity;
  const token = gateway.tokenOf(who);
  const firstSeen = new Map<string, number>();
  const doneAt = new Map<string, number>();
  const socket = ioClient(`http://127.0.0.1:${gateway.port}`, {
    path: support.SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` },
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((res, rej) => {
    socket.once('connect', () => res());
    socket.once('connect_error', (e) => rej(e));
  });
  socket.on('job:progress', (m: { job: { id: string; status: string } }) => {
    const now = performance.now();
    if (!firstSeen.has(m.job.id)) firstSeen.set(m.job.id, now);
    if (['done', 'failed', 'cancelled'].includes(m.job.status)) doneAt.set(m.job.id, now);
  });
  const sentAt = new Map<string, number>();
  const post = async () => {
    const h = pick();
    const s = performance.now();
    const r = await gateway.call('POST', `customer/${h.id}/monte-carlo-jobs`, {
      as: who,
      body: {
        household_id: h.id,
        scenario: { monte_carlo: { enabled: true, trials: 10000, seed: 1000 + sentAt.size } },
      },
    });
    if (r.status !== 202 && r.status !== 201)
      throw new Error(`monte-carlo-jobs answered ${r.status}: ${r.text().slice(0, 200)}`);
    const id = (r.json() as { data: { id: string } }).data.id;
    sentAt.set(id, s);
    return id;
  };
  const cpu0 = cpuMs(workerProc?.child.pid);
  // the same short calls with no job anywhere first: the baseline of this phase, measured in the same run
  const calls0 = hotCalls(1);
  const warm0 = calls0.find((c) => c.name === 'financial report, warm') as HotCall;
  const send0: Send = async (method, path, body) => (await gateway.call(method, path, { as: who, body })).status;
  const alone: number[] = [];
  for (let i = 0; i < JOB_PHASE_SAMPLES; i++) {
    const h = pick();
    // warm on both replicas (the gateway alternates them), as a report someone views is: the step phase's "warm"
    await warm0.before?.(send0, h, i);
    await warm0.before?.(send0, h, i);
    const s = performance.now();
    await warm0.run(send0, h, i);
    alone.push(performance.now() - s);
  }
  // 8 jobs kept in the queue (posted again as they finish) while the short calls and the clicks are measured
  const background: string[] = [];
  const outstanding = () => [...sentAt.keys()].filter((id) => !doneAt.has(id)).length;
  const topUp = async () => {
    while (outstanding() < 8) background.push(await post());
  };
  await topUp();
  const report: number[] = [];
  const whole: number[] = [];
  const calls = hotCalls(1);
  const warm = calls.find((c) => c.name === 'financial report, warm') as HotCall;
  const hh = calls.find((c) => c.name.startsWith('whole household')) as HotCall;
  const send: Send = async (method, path, body) => (await gateway.call(method, path, { as: who, body })).status;
  for (let i = 0; i < JOB_PHASE_SAMPLES; i++) {
    await topUp();
    const h = pick();
    await warm.before?.(send, h, i);
    await warm.before?.(send, h, i);
    let s = performance.now();
    await warm.run(send, h, i);
    report.push(performance.now() - s);
    s = performance.now();
    await hh.run(send, h, i);
    whole.push(performance.now() - s);
  }
  // clicks with 8 jobs queued: the first job:progress of each
  const clicks: string[] = [];
  for (let i = 0; i < 12; i++) {
    await topUp();
    clicks.push(await post());
    await sleep(150);
  }
  const queued = background;
  const all = [...queued, ...clicks];
  const until = Date.now() + 3 * 60_000;
  while (all.some((id) => !doneAt.has(id)) && Date.now() < until) await sleep(250);
  socket.close();
  const first = clicks.map((id) => (firstSeen.get(id) ?? Number.POSITIVE_INFINITY) - (sentAt.get(id) as number));
  const done = all.filter((id) => doneAt.has(id)).map((id) => (doneAt.get(id) as number) - (sentAt.get(id) as number));
  return {
    jobs: all.length,
    done: done.length,
    clicks: clicks.length,
    reportP95: pct(report, 0.95),
    reportP50: pct(report, 0.5),
    aloneP95: pct(alone, 0.95),
    householdP95: pct(whole, 0.95),
    firstProgressP50: pct(first, 0.5),
    firstProgressP95: pct(first, 0.95),
    doneP50: pct(done, 0.5),
    doneMax: Math.max(...done),
    workerCpuMsPerJob: done.length ? (cpuMs(workerProc?.child.pid) - cpu0) / done.length : Number.NaN,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
