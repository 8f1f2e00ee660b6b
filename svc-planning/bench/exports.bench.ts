import { type Identity, startTestService, testIdentity } from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { seedRecords } from '../../e2e/support/household-seed';
import { benchGateway, type Reply } from './harness';

const PER_KIND = 40;
const RUNS = Number(process.env.EXPORT_RUNS ?? 10);
const TARGETS = { xlsx: 700, pptx: 1500, docx: 1000, pdf: 1500 } as const;
/** Issue 35: the whole client plan of this household (40 records a kind), p95 in ms. */
const PLAN_TARGETS = { xlsx: 2000, pptx: 3000, docx: 2000, pdf: 3000 } as const;
/** The report a screen reads (bench:reports: the whole report warm, p95 ≤ 15 ms through the gateway). */
const REPORT_WARM_TARGET = 15;

const FORMATS = ['xlsx', 'pptx', 'docx', 'pdf'] as const;

/** Makes a client plan as a job: POST customer/{id}/export-jobs, then polls it every 50 ms until it is done. */
async function planJob(
  call: (method: string, path: string, body?: unknown) => Promise<Reply>,
  id: string,
  format: (typeof FORMATS)[number],
): Promise<void> {
  let started = await call('POST', `customer/${id}/export-jobs`, { report: 'client-plan', format });
  // 503: the gateway found the replica hung (the last render held its event loop); once more when it answers again
  if (started.status === 503) {
    await new Promise((r) => setTimeout(r, 2500));
    started = await call('POST', `customer/${id}/export-jobs`, { report: 'client-plan', format });
  }
  if (started.status !== 202) throw new Error(`export-jobs answered ${started.status}: ${started.text()}`);
  const job = (started.json() as { data: { id: string } }).data.id;
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const r = await call('GET', `customer/${id}/export-jobs/${job}`);
    // a 503 while the replica is marked hung (a render holding its event loop): poll again
    if (r.status === 503) continue;
    const status = (r.json() as { data: { status: string; stage: string } }).data;
    if (status.status === 'done') return;
    if (status.status === 'failed') throw new Error(`the job failed: ${status.stage}`);
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};

async function main() {
  const t = await startTestService(planningModule, { infra: 'real', poolMax: 10 });
  const advisor: Identity = testIdentity('advisor');
  const gw = await benchGateway(t, 'exp', 16);
  await gw.sessionOf(advisor);
  const call = (method: string, path: string, body?: unknown) => gw.call(method, path, { as: advisor, body });
  try {
    // the household, stored through the API
    const made = async (path: string, body: Record<string, unknown>) => {
      const r = await call('POST', path, body);
      if (r.status !== 201) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.json())}`);
      return (r.json() as { data: { id: string } }).data;
    };
    const t0 = performance.now();
    const lead = (await made('leads', {
      name: 'Bench Household',
      age: 42,
      email: 'bench@example.com',
      currency: 'SGD',
      members: [{ name: 'Sam', relation: 'spouse', age: 40, gender: 'female' }],
    })) as unknown as { id: string; members: Array<{ id: string; relation: string }> };
    const me = lead.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = lead.members.find((m) => m.relation === 'spouse')?.id as string;
    await seedRecords(
      made,
      lead.id,
      {
        me,
        spouse,
      },
      PER_KIND,
    );
    console.log(
      `stored a household of ${PER_KIND} records per kind through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    /**
     * p50 and p95 of RUNS calls after a warm-up. A reply other than 200 is counted, not thrown: a render that holds
     * the service's event loop past the gateway's health probe (1 s) gets the replica marked hung, and the calls
     * after it a 503 until the probe sees it answer again (about 2 s, waited before the next call).
     */
    const time = async (f: () => Promise<{ status: number; bytes: number }>) => {
      const failed: number[] = [];
      const warm = await f();
      if (warm.status !== 200) {
        failed.push(warm.status);
        await new Promise((r) => setTimeout(r, 2500));
      }
      const xs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const r = await f();
        xs.push(performance.now() - s);
        if (r.status !== 200) {
          failed.push(r.status);
          await new Promise((res) => setTimeout(res, 2500));
        } else bytes = r.bytes;
      }
      return { p50: pct(xs, 0.5), p95: pct(xs, 0.95), bytes, failed };
    };
    /** What a line adds when calls failed: how many of how many, and their statuses. */
    const failures = (r: { failed: number[] }) =>
      r.failed.length ? `  FAILED ${r.failed.length} of ${RUNS + 1} (${r.failed.join(', ')})` : '';
    const reportRead = await call('GET', `customer/${lead.id}/financial-report`);
    const baselineName =
      reportRead.status === 200 ? 'GET customer/{id}/financial-report (JSON)' : 'POST calculate/data-tables (JSON)';
    const base = await time(() =>
      reportRead.status === 200
        ? call('GET', `customer/${lead.id}/financial-report`)
        : call('POST', 'customer/calculate/data-tables', { household_id: lead.id }),
    );
    console.log(
      `baseline ${baselineName}: p50 ${base.p50.toFixed(1)} ms, p95 ${base.p95.toFixed(1)} ms (${RUNS} runs after a warm-up)`,
    );
    /** The financial-report export's p95 by format: the client plan's baseline below. */
    const reportP95: Partial<Record<(typeof FORMATS)[number], number>> = {};
    for (const format of FORMATS) {
      const r = await time(() =>
        call('POST', `customer/${lead.id}/exports`, {
          report: 'financial-report',
          format,
          branding: { advisor_name: 'Bench Advisor', designation: 'CFP' },
        }),
      );
      const target = TARGETS[format];
      reportP95[format] = r.p95;
      console.log(
        `export financial-report ${format.padEnd(4)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95
          .toFixed(0)
          .padStart(
            5,
          )} ms  (target ≤ ${target} ms; baseline p95 ${base.p95.toFixed(1)} ms; ${(r.bytes / 1024).toFixed(0)} KiB)  ${
          r.p95 <= target && !r.failed.length ? 'ok' : 'OVER'
        }${failures(r)}`,
      );
    }
    const dt = await time(() => call('POST', `customer/${lead.id}/exports`, { report: 'data-table', format: 'xlsx' }));
    console.log(
      `export data-table xlsx      p50 ${dt.p50.toFixed(0).padStart(5)} ms  p95 ${dt.p95.toFixed(0).padStart(5)} ms${failures(dt)}`,
    );

    // issue 35: the whole client plan (every section, the saved scenario's Monte Carlo run included), each format
    // against its target and as a ratio to the same household's financial-report export measured above
    const branding = { advisor_name: 'Bench Advisor', designation: 'CFP' };
    for (const format of FORMATS) {
      const r = await time(() =>
        call('POST', `customer/${lead.id}/exports`, { report: 'client-plan', format, branding }),
      );
      const target = PLAN_TARGETS[format];
      const ratio = r.p95 / (reportP95[format] as number);
      console.log(
        `export client-plan ${format.padEnd(4)}      p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95
          .toFixed(0)
          .padStart(5)} ms  (target ≤ ${target} ms; ${ratio.toFixed(2)}× the financial-report ${format} p95 ${(
          reportP95[format] as number
        ).toFixed(
          0,
        )} ms; ${(r.bytes / 1024).toFixed(0)} KiB)  ${r.p95 <= target && !r.failed.length ? 'ok' : 'OVER'}${failures(r)}`,
      );
    }

    // the plan as a job (POST export-jobs, polled every 50 ms until done): what the browser waits for
    const jobTimes: number[] = [];
    for (let i = 0; i < Math.max(3, Math.round(RUNS / 2)); i++) {
      const s = performance.now();
      await planJob(call, lead.id, 'pdf');
      jobTimes.push(performance.now() - s);
    }
    console.log(
      `client-plan pdf as a job, POST to done   p50 ${pct(jobTimes, 0.5).toFixed(0).padStart(5)} ms  p95 ${pct(
        jobTimes,
        0.95,
      )
        .toFixed(0)
        .padStart(5)} ms  (${jobTimes.length} jobs; target ≤ ${PLAN_TARGETS.pdf} ms plus the polling)`,
    );

    // other calls keep their targets while plans are made: the screen's report read (warm) alone, then while client
    // plans are made one after the other as jobs (the service makes one at a time)
    const warmRead = () => call('GET', `customer/${lead.id}/financial-report`);
    const readAlone = await time(warmRead);
    let making = true;
    const background = (async () => {
      let k = 0;
      while (making) await planJob(call, lead.id, FORMATS[k++ % FORMATS.length] as (typeof FORMATS)[number]);
    })();
    await new Promise((r) => setTimeout(r, 300));
    const during: number[] = [];
    const refused: number[] = [];
    const until = performance.now() + 8000;
    while (performance.now() < until) {
      const s = performance.now();
      const r = await warmRead();
      during.push(performance.now() - s);
      if (r.status !== 200) refused.push(r.status);
      await new Promise((res) => setTimeout(res, 20));
    }
    making = false;
    await background;
    const duringP95 = pct(during, 0.95);
    console.log(
      `GET financial-report (warm) while client plans are made as jobs  p50 ${pct(during, 0.5).toFixed(1)} ms  p95 ${duringP95.toFixed(
        1,
      )} ms  (${during.length} reads; alone p95 ${readAlone.p95.toFixed(1)} ms, ratio ${(
        duringP95 / readAlone.p95
      ).toFixed(
        2,
      )}; target ≤ ${REPORT_WARM_TARGET} ms)  ${duringP95 <= REPORT_WARM_TARGET && !refused.length ? 'ok' : 'OVER'}${
        refused.length ? `  FAILED ${refused.length} (${[...new Set(refused)].join(', ')})` : ''
      }`,
    );
  } finally {
    await gw.stop();
    await t.stop();
    await closeScenarioPool();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
