import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTHORIZATION_TYPE_HEADER,
  type EventEnvelope,
  investmentReference as IR,
  exportsContract as X,
  jobs as J,
} from '@kinfolio/contracts';
import {
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { sampleFeedCsv } from '../src/reference/investment/sample-feed';

jest.setTimeout(180_000);

type Progress = { job: J.Job; user_ids: string[]; admins: boolean };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 37, long work as jobs through svc-planning's HTTP API, on both infrastructures: the jobs queue is consumed
 * by the service's own worker (the in-process consumer: the memory bus in embedded mode, RabbitMQ's jobs queue with
 * prefetch 1 on the real one), the progress events read where svc-support would read them (its queue).
 */
describe.each(testInfras())('svc-planning jobs on %s', (infra) => {
  let t: TestService;
  let feed: Server;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const admin = testIdentity('admin');
  let hh: string;
  /** The progress events, in the order they arrived, by job id. */
  const events = new Map<string, Progress[]>();
  const saved = { ...process.env };

  beforeAll(async () => {
    // the fund price feed: the bundled sample, served over HTTP (the real infrastructure needs a feed URL)
    const csv = sampleFeedCsv();
    feed = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csv));
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', () => r()));
    Object.assign(process.env, {
      FUND_FEED_URL: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/funds.csv`,
      FUND_IMPORT_INTERVAL_MS: '0',
      FUND_IMPORT_BATCH_SIZE: '500',
      FUND_IMPORT_BATCH_PAUSE_MS: '150',
    });
    try {
      t = await startTestService(planningModule, { infra });
    } finally {
      process.env = saved;
    }
    // svc-support's queue receives the progress events (EventTopology); this test is its consumer here
    await t.ports.bus.subscribe('svc-support', ['planning.job.progress.v1'], async (e: EventEnvelope) => {
      if (e.type !== 'planning.job.progress.v1') return;
      const p = e.payload as Progress;
      events.set(p.job.id, [...(events.get(p.job.id) ?? []), p]);
    });
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, { as: advisor, body });
      if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const lead = await post('leads', { name: 'Robin Lim', age: 32, currency: 'SGD', members: [] });
    hh = lead.id;
    const L = { lead_id: hh, currency: 'SGD' };
    const me = lead.members[0].id;
    await post('customer/member-income', {
      ...L,
      member_id: me,
      kind: 'gross income',
      amount: 8000,
      frequency: 'monthly',
    });
    await post('customer/member-expense', {
      ...L,
      member_id: me,
      category: 'food',
      amount: 2500,
      frequency: 'monthly',
    });
    await post('customer/saving-fund', { ...L, bank_name: 'DBS', current_value: 40000 });
    // many holdings: each is a lane of every trial, so a run of 20,000 trials lasts long enough to be cancelled
    for (let k = 0; k < 60; k++)
      await post('customer/portfolio-fund', { ...L, plan_name: `Fund ${k}`, current_value: 5000 + 1000 * k });
    await t.svc.ctx.db('households').where({ id: hh }).update({ customer_user_id: customer.userId });
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
    await new Promise((r) => feed?.close(r));
  }, 60_000);

  const call = (method: string, path: string, as: ReturnType<typeof testIdentity> | null, body?: unknown) =>
    t.call(method, path, { as, body });
  const mcBody = (trials: number, seed: number) => ({
    household_id: hh,
    scenario: { overrides: { inflation_rate: 2.5 }, monte_carlo: { enabled: true, trials, seed } },
  });
  /** Waits for the job's final progress event (and answers every one of its events). */
  async function finalEvents(id: string, ms = 90_000): Promise<Progress[]> {
    const end = Date.now() + ms;
    for (;;) {
      const seen = events.get(id) ?? [];
      if (seen.some((e) => J.JOB_FINISHED.includes(e.job.status))) return seen;
      if (Date.now() > end) throw new Error(`no final event for ${id}: ${JSON.stringify(seen.map((e) => e.job))}`);
      await sleep(50);
    }
  }
  async function untilStatus(id: string, as: ReturnType<typeof testIdentity>, statuses: J.JobStatus[]) {
    const end = Date.now() + 90_000;
    for (;;) {
      const res = await call('GET', `jobs/${id}`, as);
      expect(res.status).toBe(200);
      const job = J.Job.parse(res.body.data);
      if (statuses.includes(job.status)) return job;
      if (Date.now() > end) throw new Error(`job ${id} stayed ${job.status}`);
      await sleep(30);
    }
  }

  it('a Monte Carlo job goes queued → running → done with its progress in order, and its result is the scenario call’s', async () => {
    const body = mcBody(20_000, 7);
    const res = await call('POST', `customer/${hh}/monte-carlo-jobs`, advisor, body);
    expect(res.status).toBe(202);
    const job = J.JobReply.parse(res.body).data;
    expect(job).toMatchObject({ kind: 'monte_carlo', household_id: hh, result_path: null });
    expect(['queued', 'running']).toContain(job.status);
    const seen = await finalEvents(job.id);
    // the first is the queued one written with the job, the last the outbox's done; progress never goes back
    expect(seen[0]?.job).toMatchObject({ status: 'queued', progress: 0 });
    expect(typeof seen[0]?.job.ahead).toBe('number');
    expect(seen.at(-1)?.job).toMatchObject({ status: 'done', progress: 100, stage: 'Ready' });
    expect(seen.map((e) => e.job.status)).toEqual(['queued', ...seen.slice(1, -1).map(() => 'running'), 'done']);
    const progress = seen.map((e) => e.job.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const trials = seen.map((e) => e.job.stage).filter((s) => /^Running [\d,]+ of 20,000 trials$/.test(s));
    expect(trials.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.user_ids.length === 1 && e.user_ids[0] === advisor.userId && !e.admins)).toBe(true);
    // at most about five a second
    const running = seen.filter((e) => e.job.status === 'running').length;
    expect(running).toBeLessThan(60);

    const done = J.JobReply.parse((await call('GET', `customer/${hh}/monte-carlo-jobs/${job.id}`, advisor)).body).data;
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      result_path: `customer/${hh}/monte-carlo-jobs/${job.id}/result`,
    });
    expect((await call('GET', `jobs/${job.id}`, advisor)).body.data).toEqual(done);
    const result = await call('GET', done.result_path as string, advisor);
    expect(result.status).toBe(200);
    const direct = await call('POST', 'customer/calculate/scenario-modelling', advisor, body);
    expect(direct.status).toBe(200);
    expect(result.body.data.monte_carlo.trials).toBe(20_000);
    expect(result.body.data).toEqual(direct.body.data);

    // the same request again (same household version, same body): the finished result, no second run
    const again = await call('POST', `customer/${hh}/monte-carlo-jobs`, customer, body);
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ status: 'done', progress: 100 });
    expect(again.body.data.id).not.toBe(job.id);
    expect((await call('GET', again.body.data.result_path, customer)).body.data).toEqual(direct.body.data);
    const row = await t.svc.ctx.db('jobs').where({ advisor_id: advisor.userId, id: again.body.data.id }).first();
    expect(row.attempts).toBe(0);
    // the requester's only: the advisor does not see the customer's job, nor another advisor either's
    expect((await call('GET', `customer/${hh}/monte-carlo-jobs/${again.body.data.id}`, advisor)).status).toBe(404);
    expect((await call('GET', `customer/${hh}/monte-carlo-jobs/${job.id}/result`, other)).status).toBe(404);
    expect((await call('GET', `jobs/${job.id}`, other)).status).toBe(404);
    expect((await call('GET', `jobs/${job.id}`, customer)).status).toBe(404);
    expect((await call('POST', `jobs/${job.id}/cancel`, other)).status).toBe(404);
  });

  it('bad bodies are 400 naming the field, another tenant’s household 404, and no job is made', async () => {
    const count = async () => Number((await t.svc.ctx.db('jobs').count({ n: '*' }))[0]?.n);
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ household_id: hh, scenario: { monte_carlo: { enabled: false } } }, 'scenario.monte_carlo.enabled'],
      [{ household_id: hh }, 'scenario.monte_carlo.enabled'],
      [{ household_id: hh, scenario: { monte_carlo: { enabled: true, trials: 0 } } }, 'scenario.monte_carlo.trials'],
      [{ household_id: hh, scenario: { monte_carlo: { enabled: true } }, colour: 'red' }, 'colour'],
      [{ household_id: randomUUID(), scenario: { monte_carlo: { enabled: true } } }, 'household_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', `customer/${hh}/monte-carlo-jobs`, advisor, body);
      const fields = (res.body?.errors ?? []).flatMap((e: Record<string, string[]>) => Object.keys(e));
      expect([field, res.status, fields]).toEqual([field, 400, [field]]);
    }
    const mc = { scenario: { monte_carlo: { enabled: true, trials: 100 } } };
    expect((await call('POST', `customer/${hh}/monte-carlo-jobs`, other, mc)).status).toBe(404);
    expect((await call('POST', `customer/${randomUUID()}/monte-carlo-jobs`, advisor, mc)).status).toBe(404);
    expect((await call('POST', `customer/${hh}/monte-carlo-jobs`, admin, mc)).status).toBe(403);
    expect((await call('GET', `jobs/${randomUUID()}`, advisor)).status).toBe(404);
    expect(await count()).toBe(before);
  });

  /** The fund import job made since `before` (its events go to admins; an admin learns its id from them). */
  async function newFundImportJob(before: Set<string>): Promise<string> {
    const end = Date.now() + 30_000;
    for (;;) {
      const id = [...events.values()].flat().find((e) => e.job.kind === 'fund_import' && !before.has(e.job.id))?.job.id;
      if (id) return id;
      if (Date.now() > end) throw new Error('no fund import job event');
      await sleep(20);
    }
  }
  const fundImportJobs = () =>
    new Set(
      [...events.values()]
        .flat()
        .filter((e) => e.job.kind === 'fund_import')
        .map((e) => e.job.id),
    );

  it('cancel: a queued job ends cancelled at once and is never run; a running one stops at its next step', async () => {
    // a worker takes one job at a time: the fund import (batches with a pause between them) holds this one
    const before = fundImportJobs();
    expect((await call('GET', 'scrap-all-funds', admin)).status).toBe(202);
    const importId = await newFundImportJob(before);
    await untilStatus(importId, admin, ['running']);
    const queued = (await call('POST', `customer/${hh}/monte-carlo-jobs`, advisor, mcBody(20_000, 102))).body.data;
    expect(queued.status).toBe('queued');
    // the same run asked again while the first waits (another tab, another screen of the same user): a job of its
    // own, so a cancel of one never ends the other's
    const twin = (await call('POST', `customer/${hh}/monte-carlo-jobs`, advisor, mcBody(20_000, 102))).body.data;
    expect([twin.status, twin.id === queued.id]).toEqual(['queued', false]);
    const cancelQueued = await call('POST', `jobs/${queued.id}/cancel`, advisor);
    expect([cancelQueued.status, cancelQueued.body.message, cancelQueued.body.data.status]).toEqual([
      200,
      'Cancelled',
      'cancelled',
    ]);
    expect((await call('GET', `jobs/${twin.id}`, advisor)).body.data.status).toBe('queued');
    expect((await call('POST', `jobs/${twin.id}/cancel`, advisor)).body.data.status).toBe('cancelled');
    expect((await finalEvents(queued.id)).map((e) => e.job.status)).toEqual(['queued', 'cancelled']);
    // a result that will never come: 409 with a clear message
    const none = await call('GET', `customer/${hh}/monte-carlo-jobs/${queued.id}/result`, advisor);
    expect([none.status, none.body.message]).toEqual([409, 'The Monte Carlo run was cancelled']);

    // the running one: asked to stop, it ends cancelled at its next step (the next batch), its run failed so
    expect((await call('POST', `jobs/${importId}/cancel`, advisor)).status).toBe(404);
    const cancelRunning = await call('POST', `jobs/${importId}/cancel`, admin);
    expect([cancelRunning.status, cancelRunning.body.message, cancelRunning.body.data.status]).toEqual([
      200,
      'Stopping',
      'running',
    ]);
    const asked = Date.now();
    const ended = await untilStatus(importId, admin, ['cancelled', 'done', 'failed']);
    expect(ended.status).toBe('cancelled');
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect((await finalEvents(importId)).at(-1)?.job.status).toBe('cancelled');
    const run = (await call('GET', 'scraping-funds-status', admin)).body.data.run;
    expect([run.state, run.error]).toEqual(['failed', 'Cancelled by an admin']);
    expect(run.done).toBeLessThan(run.total);
    // the queued one's message reached the worker once it was free, which acknowledged it without work
    await sleep(500);
    const row = await t.svc.ctx.db('jobs').where({ advisor_id: advisor.userId, id: queued.id }).first();
    expect([row.status, row.attempts, row.started_at]).toEqual(['cancelled', 0, null]);
    // cancelling a finished job answers it as it is
    const late = await call('POST', `jobs/${queued.id}/cancel`, advisor);
    expect([late.status, late.body.message, late.body.data.status]).toEqual([
      200,
      'The job had already finished',
      'cancelled',
    ]);
    // a run not finished yet: its result is 409 with a clear message
    const later = (await call('POST', `customer/${hh}/monte-carlo-jobs`, advisor, mcBody(20_000, 103))).body.data;
    const busy = await call('GET', `customer/${hh}/monte-carlo-jobs/${later.id}/result`, advisor);
    expect([busy.status, busy.body.message]).toEqual([409, 'The Monte Carlo run is not finished yet']);
    await finalEvents(later.id);
  });

  it('a running job whose worker and message are both gone is sent again when it is read, and finishes', async () => {
    // as a worker leaves it when it died and its message went with it (a dead-lettered message, a lost queue)
    const id = randomUUID();
    const db = t.svc.ctx.db;
    await db('jobs').insert({
      advisor_id: advisor.userId,
      id,
      household_id: hh,
      user_id: advisor.userId,
      user_type: 'advisor',
      kind: 'monte_carlo',
      status: 'running',
      progress: 40,
      stage: 'Running 400 of 1,000 trials',
      attempts: 1,
      payload: JSON.stringify(mcBody(1_000, 5)),
      started_at: db.raw("now() - interval '1 minute'"),
      heartbeat_at: db.raw("now() - interval '1 minute'"),
    });
    await sleep(1_500);
    expect((await db('jobs').where({ advisor_id: advisor.userId, id }).first()).status).toBe('running');
    // the browser's fallback poll reads it: its message is sent again, a worker takes it once its heartbeat is stale
    const read = await call('GET', `customer/${hh}/monte-carlo-jobs/${id}`, advisor);
    expect([read.status, read.body.data.status]).toEqual([200, 'running']);
    const done = await untilStatus(id, advisor, ['done', 'failed', 'cancelled']);
    expect(done.status).toBe('done');
    const row = await db('jobs').where({ advisor_id: advisor.userId, id }).first();
    expect(row.attempts).toBe(2);
    const direct = await call('POST', 'customer/calculate/scenario-modelling', advisor, mcBody(1_000, 5));
    expect((await call('GET', done.result_path as string, advisor)).body.data).toEqual(direct.body.data);
  });

  it('an export job is made on the worker with its progress, and its file downloads', async () => {
    const res = await call('POST', `customer/${hh}/export-jobs`, advisor, {
      report: 'client-plan',
      format: 'xlsx',
      sections: ['networth', 'appendix'],
    });
    expect(res.status).toBe(202);
    const job = X.ExportJobReply.parse(res.body).data;
    const seen = await finalEvents(job.id);
    expect(seen.at(-1)?.job).toMatchObject({
      kind: 'export',
      status: 'done',
      result_path: `customer/${hh}/export-jobs/${job.id}/download`,
    });
    const done = X.ExportJob.parse((await call('GET', `customer/${hh}/export-jobs/${job.id}`, advisor)).body.data);
    expect([done.status, done.progress, done.stage]).toEqual(['done', 100, 'Ready']);
    const file = await fetch(`${t.svc.url}/api/v1/${done.download_path}`, {
      headers: {
        ...signIdentityHeaders(t.secret, advisor, undefined, randomUUID(), { client: '127.0.0.1' }),
        [AUTHORIZATION_TYPE_HEADER]: advisor.type,
      },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(X.EXPORT_CONTENT_TYPES.xlsx);
    expect((await file.arrayBuffer()).byteLength).toBe(done.size);
    // another advisor's: 404
    expect((await call('GET', `customer/${hh}/export-jobs/${job.id}`, other)).status).toBe(404);
    expect((await call('GET', `jobs/${job.id}`, other)).status).toBe(404);
  });

  it('the fund price import is a job: its progress goes to admins, one at a time, and only admins see it', async () => {
    const before = fundImportJobs();
    const start = await call('GET', 'scrap-all-funds', admin);
    expect(start.status).toBe(202);
    const again = await call('GET', 'scrap-all-funds', admin);
    expect([again.status, again.body.message]).toEqual([200, IR.FUND_IMPORT_ALREADY_RUNNING]);
    // its events go to admins (and the admin who asked)
    const id = await newFundImportJob(before);
    const seen = await finalEvents(id);
    expect(seen.every((e) => e.admins && e.user_ids.length === 1 && e.user_ids[0] === admin.userId)).toBe(true);
    expect(seen.at(-1)?.job).toMatchObject({ status: 'done', progress: 100, household_id: null });
    const stages = seen.map((e) => e.job.stage).filter((s) => /^Imported \d+ of \d+ funds$/.test(s));
    expect(stages.length).toBeGreaterThan(1);
    const progress = seen.map((e) => e.job.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const status = (await call('GET', 'scraping-funds-status', admin)).body.data;
    expect(status.run).toMatchObject({ state: 'done' });
    expect(status.run.created).toBeGreaterThan(0);
    expect((await call('GET', `jobs/${id}`, admin)).body.data).toMatchObject({ status: 'done' });
    expect((await call('GET', `jobs/${id}`, advisor)).status).toBe(404);
  });
});
