import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { type Identity, startTestService, testIdentity } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';
import { reportFigures } from '../src/reports/figures';
import { benchGateway, p95, type Reply, serviceProcess } from './harness';
import { household, PER_KIND, type Row } from './household-rows';

const ADVISORS = 32;

async function main() {
  // the schema is made and seeded here; the service answering the calls runs in a process of its own, as in
  // distributed mode, so the load generator's work does not share its event loop
  const t = await startTestService(planningModule, { infra: 'real', poolMax: 10 });
  const service = await serviceProcess(t);
  const gw = await benchGateway(t, 'rep', 128, service.url);
  const { call, sessionOf } = gw;

  const db = t.svc.ctx.db;
  const advisors = Array.from({ length: ADVISORS }, () => testIdentity('advisor'));
  const rows = new Map<string, Row[]>();
  const hhs = advisors.map((a) => household(a.userId, rows));
  const t0 = performance.now();
  for (const table of [
    'households',
    'members',
    ...[...rows.keys()].filter((k) => k !== 'households' && k !== 'members'),
  ])
    await db.batchInsert(table, rows.get(table) as Row[], 1000);
  await db.raw('ANALYZE');
  for (const a of advisors) await sessionOf(a);
  const seeded = [...rows.values()].reduce((a, l) => a + l.length, 0);
  console.log(
    `seeded ${seeded.toLocaleString('en')} rows (${ADVISORS} households, ${PER_KIND} a kind) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ok = (r: Reply, what: string) => {
    if (r.status >= 300) throw new Error(`${what} answered ${r.status}: ${r.text().slice(0, 300)}`);
    return r;
  };
  const time = async (n: number, f: (i: number) => Promise<unknown>, before?: (i: number) => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      if (before) await before(i);
      const s = performance.now();
      await f(i);
      out.push(performance.now() - s);
    }
    return p95(out.slice(Math.floor(n / 10)));
  };
  const base = await time(300, () => call('GET', '/healthz'));
  const line = (what: string, ms: number, target: string, pass: boolean) =>
    console.log(
      `${what.padEnd(58)} p95 ${ms.toFixed(1).padStart(7)} ms  (target ${target}; gateway /healthz baseline ${base.toFixed(1)} ms)  ${pass ? 'ok' : 'OVER'}`,
    );
  const [first] = hhs as [(typeof hhs)[number]];
  const owner = advisors[0] as Identity;
  const report = (i = 0) =>
    call('GET', `customer/${hhs[i]?.id}/financial-report`, { as: advisors[i] }).then((r) => ok(r, 'report'));

  // cold: a record save (a change), then the whole report
  let amount = 400;
  const cold = await time(
    40,
    () => report(),
    async () => {
      amount += 1;
      ok(await call('PATCH', `customer/member-income/${first.income}`, { as: owner, body: { amount } }), 'save');
    },
  );
  line('whole report, cold (right after a change)', cold, '≤ 80 ms', cold <= 80);
  await report();
  const warm = await time(300, () => report());
  line('whole report, warm', warm, '≤ 15 ms', warm <= 15);

  // issue 34: explaining one figure (target p95 ≤ 50 ms through the gateway, 40 records a kind): figures of every tab and
  // the data table, in turn; the first explanation after a change records the household's steps (timed apart)
  const shown = (await report()).json() as { data: Parameters<typeof reportFigures>[0] };
  const table = ok(await call('POST', 'customer/calculate/data-tables', { as: owner, body: { household_id: first.id } }), 'data table');
  const figures = reportFigures(shown.data, (table.json() as { data: { rows: Parameters<typeof reportFigures>[1] } }).data.rows);
  const explain = (i: number) =>
    call('GET', `customer/${first.id}/financial-report/explain?figure=${encodeURIComponent(figures[(i * 7919) % figures.length]?.id as string)}`, { as: owner }).then((r) => ok(r, 'explain'));
  const explainCold = await time(
    20,
    (i) => explain(i),
    async () => {
      amount += 1;
      ok(await call('PATCH', `customer/member-income/${first.income}`, { as: owner, body: { amount } }), 'save');
    },
  );
  await explain(0);
  const explainWarm = await time(400, (i) => explain(i));
  line(`explain one figure (${figures.length} figures, in turn)`, explainWarm, '≤ 50 ms', explainWarm <= 50);
  line('explain one figure, first after a change (records the steps)', explainCold, 'none; shown', true);

  // 32 advisors at once, each on their own household, for 5 s (after one warm-up read each)
  await Promise.all(hhs.map((_, i) => report(i)));
  const RUN_MS = 5000;
  let reports = 0;
  const end = performance.now() + RUN_MS;
  await Promise.all(
    hhs.map(async (_, i) => {
      while (performance.now() < end) {
        await report(i);
        reports++;
      }
    }),
  );
  const rps = reports / (RUN_MS / 1000);
  console.log(
    `${'32 concurrent advisors, different households'.padEnd(58)} ${rps.toFixed(0).padStart(7)} reports/s  (target ≥ 300; baseline: /healthz p95 ${base.toFixed(1)} ms)  ${rps >= 300 ? 'ok' : 'UNDER'}`,
  );

  // Monte Carlo, 10,000 trials × 75 years (the me member is 25: to age 100) through the API
  const mcBody = (i: number) => ({
    household_id: hhs[i]?.id,
    scenario: { monte_carlo: { enabled: true, trials: 10000, seed: 7 } },
  });
  const mc = (i: number) =>
    call('POST', 'customer/calculate/scenario-modelling', { as: advisors[i], body: mcBody(i) }).then((r) =>
      ok(r, 'monte carlo'),
    );
  const mcP95 = await time(12, () => mc(1));
  line('Monte Carlo 10,000 trials × 75 years', mcP95, '≤ 300 ms', mcP95 <= 300);
  // what a run costs the service's own process (its event loop and V8's threads), its scenario processes apart
  const CPU_RUNS = 50;
  const cpu0 = service.cpuMs();
  for (let i = 0; i < CPU_RUNS; i++) await mc(1);
  const cpuPerRun = (service.cpuMs() - cpu0) / CPU_RUNS;
  console.log(
    `${'  of which on the service process (not its scenario processes)'.padEnd(58)} ${cpuPerRun.toFixed(2).padStart(7)} ms CPU a run (${CPU_RUNS} runs, 10 ms clock ticks)`,
  );

  // other endpoints alone, then with 4 Monte Carlo runs in flight
  const others: Array<[string, () => Promise<unknown>]> = [
    ['GET financial-report (warm)', () => report(2)],
    [
      'GET net-worth',
      () => call('GET', `customer/${hhs[2]?.id}/net-worth`, { as: advisors[2] }).then((r) => ok(r, 'net-worth')),
    ],
    [
      'GET balance-sheet',
      () =>
        call('GET', `customer/${hhs[2]?.id}/balance-sheet`, { as: advisors[2] }).then((r) => ok(r, 'balance-sheet')),
    ],
    [
      'GET insurance-coverage-by-member',
      () =>
        call('GET', `customer/insurance-coverage-by-member?lead_id=${hhs[2]?.id}`, { as: advisors[2] }).then((r) =>
          ok(r, 'coverage'),
        ),
    ],
  ];
  // Alone, busy and a control alternate, four rounds each, and each figure is the p95 of its rounds' samples
  // pooled: a slow spell of this shared machine then falls on every side instead of on one. The control keeps the
  // other core as busy as the Monte Carlo runs do, with a bare loop at the scenario processes' priority (no IPC, no
  // work on the service's event loop, no memory traffic): what any background work costs the other endpoints on
  // this machine, whatever its code.
  const samples = async (n: number, f: () => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await f();
      out.push(performance.now() - s);
    }
    return out;
  };
  const ROUNDS = 4;
  const PER_ROUND = 50;
  const alone = new Map<string, number[]>();
  const busy = new Map<string, number[]>();
  const control = new Map<string, number[]>();
  for (const [name, f] of others) {
    alone.set(name, []);
    busy.set(name, []);
    control.set(name, []);
    await samples(10, f); // warm
  }
  const nice = Number(process.env.KF_SCENARIO_NICE ?? 10);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, f] of others) alone.get(name)?.push(...(await samples(PER_ROUND, f)));
    let stop = false;
    const load = Promise.all(
      [3, 4, 5, 6].map(async (i) => {
        while (!stop) await mc(i);
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    for (const [name, f] of others) busy.get(name)?.push(...(await samples(PER_ROUND, f)));
    stop = true;
    await load;
    const spinner = spawn(process.execPath, ['-e', 'let x = 0; for (;;) x = (x * 1.0000001 + 1) % 1e9;'], {
      stdio: 'ignore',
    });
    if (spinner.pid) setPriority(spinner.pid, nice);
    await new Promise((r) => setTimeout(r, 200));
    for (const [name, f] of others) control.get(name)?.push(...(await samples(PER_ROUND, f)));
    spinner.kill('SIGKILL');
  }
  for (const [name] of others) {
    const was = p95(alone.get(name) as number[]);
    const now = p95(busy.get(name) as number[]);
    const bare = p95(control.get(name) as number[]);
    const pass = now <= was * 1.1;
    console.log(
      `${`${name}, 4 Monte Carlo runs in flight`.padEnd(58)} p95 ${now.toFixed(1).padStart(7)} ms  (alone ${was.toFixed(1)} ms, ratio ${(now / was).toFixed(2)}; target within 10%: ≤ ${(was * 1.1).toFixed(1)} ms; control, a bare busy loop at nice ${nice}: ${bare.toFixed(1)} ms, ratio ${(bare / was).toFixed(2)})  ${pass ? 'ok' : 'OVER'}`,
    );
  }

  await gw.stop();
  await service.stop();
  await t.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
