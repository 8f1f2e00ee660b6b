import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { AUTHORIZATION_TYPE_HEADER, CSRF_HEADER, CSRF_VALUE, jobs as J } from '@kinfolio/contracts';
import {
  destroyNamespace,
  freePort,
  type Identity,
  signIdentityHeaders,
  TEST_AMQP_URL,
  TEST_DATABASE_URL,
  testIdentity,
} from '@kinfolio/service-kit';
import knexFactory, { type Knex } from 'knex';
import { waitFor } from '../../../e2e/support/distributed';

jest.setTimeout(240_000);

const root = resolve(__dirname, '../../..');
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Proc {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/**
 * Issue 37: a job survives its worker's death. Real processes on the machine's PostgreSQL and RabbitMQ: svc-planning's
 * API (PLANNING_JOBS=workers: it runs no job itself) and two workers (`svc-planning/src/worker.ts`). The worker
 * running a Monte Carlo job is killed (SIGKILL) mid-run: RabbitMQ hands the unacknowledged message to the other
 * worker, which takes the job once the dead one's heartbeat is stale and runs it again. The job is done once: one
 * result, two attempts, one final progress event, and the figures of the scenario call.
 */
describe('svc-planning job workers: a worker killed mid-run (distributed)', () => {
  const tag = randomBytes(4).toString('hex');
  const database = `kf_jobs_${tag}`;
  const namespace = `jobs${tag}.`;
  const secret = randomBytes(32).toString('hex');
  const procs: Proc[] = [];
  let db: Knex;
  const advisor = testIdentity('advisor');
  const admin = () => knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    MODE: 'distributed',
    INTERNAL_SECRET: secret,
    DATABASE_URL: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${database}`),
    AMQP_URL: TEST_AMQP_URL,
    REDIS_URL: REDIS,
    AMQP_NAMESPACE: namespace,
    REDIS_PREFIX: `jobs:${tag}:`,
    DATA_DIR: `/tmp/kinfolio-jobs-${tag}`,
    OFFLINE_OUTBOX: 'true',
    LOG_LEVEL: 'info',
    PLANNING_JOBS: 'workers',
    FUND_IMPORT_INTERVAL_MS: '0',
    NODE_OPTIONS: '',
  };

  async function start(name: string, script: string, portKey: 'PORT' | 'WORKER_PORT'): Promise<Proc> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...env, [portKey]: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { name, url: `http://127.0.0.1:${port}`, port, child, output: [] };
    const keep = (b: Buffer) => {
      p.output.push(b.toString());
      if (p.output.length > 2000) p.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    procs.push(p);
    await waitFor(`${p.url}/readyz`, 90_000, { name, port, child, output: p.output });
    return p;
  }

  const call = async (api: Proc, method: string, path: string, who: Identity, body?: unknown) => {
    const res = await fetch(`${api.url}/api/v1/${path}`, {
      method,
      headers: {
        ...signIdentityHeaders(secret, who, undefined, randomUUID(), { client: '127.0.0.1' }),
        [CSRF_HEADER]: CSRF_VALUE,
        [AUTHORIZATION_TYPE_HEADER]: who.type,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    const a = admin();
    await a.raw(`CREATE DATABASE ${database}`);
    await a.destroy();
    db = knexFactory({
      client: 'pg',
      connection: env.DATABASE_URL,
      pool: { min: 0, max: 2 },
      searchPath: ['svc_planning'],
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((done) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return done();
            p.child.once('exit', () => done());
            p.child.kill('SIGTERM');
            setTimeout(() => {
              p.child.kill('SIGKILL');
              done();
            }, 10_000).unref();
          }),
      ),
    );
    await db?.destroy();
    const a = admin();
    await a.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await a.destroy();
    await destroyNamespace(TEST_AMQP_URL, namespace).catch(() => undefined);
  }, 60_000);

  let api: Proc;
  let household: string;
  /** Waits until job `id` is running (its work begun, not ended), and answers the worker process holding it. */
  async function midRun(id: string, among: Proc[]): Promise<Proc> {
    const key = { advisor_id: advisor.userId, id };
    const until = Date.now() + 60_000;
    let row: { status: string; progress: number; attempts: number } | undefined;
    for (;;) {
      row = await db('jobs').where(key).first('status', 'progress', 'attempts');
      if (row?.status === 'running' && row.progress >= 1) break;
      if (Date.now() > until || (row && J.JOB_FINISHED.includes(row.status as J.JobStatus)))
        throw new Error(`the job was not caught mid-run: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(row?.progress).toBeLessThan(95);
    const holder = among.find((w) => w.child.exitCode === null && w.output.join('').includes(`"jobId":"${id}"`));
    if (!holder) throw new Error(`no worker logged job ${id}`);
    return holder;
  }
  async function finished(id: string): Promise<J.Job> {
    const end = Date.now() + 90_000;
    for (;;) {
      const res = await call(api, 'GET', `jobs/${id}`, advisor);
      const job = J.Job.parse(res.body.data);
      if (J.JOB_FINISHED.includes(job.status)) return job;
      if (Date.now() > end) throw new Error(`the job stayed ${job.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const workers: Proc[] = [];

  it('SIGKILL of the worker running a Monte Carlo job: the other worker finishes it, done once', async () => {
    // the API first (it migrates), then the two workers
    api = await start('svc-planning', 'svc-planning/src/main.ts', 'PORT');
    workers.push(
      await start('svc-planning#worker-1', 'svc-planning/src/worker.ts', 'WORKER_PORT'),
      await start('svc-planning#worker-2', 'svc-planning/src/worker.ts', 'WORKER_PORT'),
    );
    // a household with something to simulate
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await call(api, 'POST', path, advisor, body);
      if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const lead = await post('leads', { name: 'Kim Ng', age: 30, currency: 'SGD', members: [] });
    household = lead.id;
    const L = { lead_id: lead.id, currency: 'SGD' };
    const me = lead.members[0].id;
    await post('customer/member-income', {
      ...L,
      member_id: me,
      kind: 'gross income',
      amount: 9000,
      frequency: 'monthly',
    });
    await post('customer/member-expense', {
      ...L,
      member_id: me,
      category: 'food',
      amount: 3000,
      frequency: 'monthly',
    });
    // many holdings: each is a lane of every trial, so a run lasts long enough to be caught in the middle
    for (let k = 0; k < 120; k++)
      await post('customer/portfolio-fund', { ...L, plan_name: `Fund ${k}`, current_value: 20000 + 1000 * k });
    const body = { household_id: lead.id, scenario: { monte_carlo: { enabled: true, trials: 20_000, seed: 99 } } };

    const made = await call(api, 'POST', `customer/${lead.id}/monte-carlo-jobs`, advisor, body);
    expect(made.status).toBe(202);
    const id = made.body.data.id as string;
    // mid-run: taken and running, not finished
    const key = { advisor_id: advisor.userId, id };
    const holder = await midRun(id, workers);
    const survivor = workers.find((w) => w !== holder) as Proc;
    holder.child.kill('SIGKILL');
    await new Promise((r) => holder.child.once('exit', r));

    // the other worker takes it (attempt 2) and finishes it
    expect((await finished(id)).status).toBe('done');
    const after = await db('jobs').where(key).first('status', 'attempts', 'result');
    expect([after.status, after.attempts]).toEqual(['done', 2]);
    expect(survivor.output.join('')).toMatch(new RegExp(`"jobId":"${id}".*"attempt":2.*"msg":"job done"`));
    // one final event: the outbox holds one finished progress event for the job, and it says done
    const finals = (await db('outbox').where({ type: 'planning.job.progress.v1' }).select('payload'))
      .map((r: { payload: { job: J.Job } }) => r.payload.job)
      .filter((j: J.Job) => j.id === id && J.JOB_FINISHED.includes(j.status));
    expect(finals.map((j: J.Job) => j.status)).toEqual(['done']);
    // its figures are the scenario call's
    const result = await call(api, 'GET', `customer/${lead.id}/monte-carlo-jobs/${id}/result`, advisor);
    const direct = await call(api, 'POST', 'customer/calculate/scenario-modelling', advisor, body);
    expect([result.status, direct.status]).toEqual([200, 200]);
    expect(result.body.data).toEqual(direct.body.data);
    // the survivor lives on
    expect(survivor.child.exitCode).toBeNull();
  });

  it('SIGTERM of the worker running a job: it gives the job back at its next step and exits; another finishes it', async () => {
    // two fresh workers; the one left from the test above stops gracefully while idle (it exits 0 at once)
    const fresh = [
      await start('svc-planning#worker-3', 'svc-planning/src/worker.ts', 'WORKER_PORT'),
      await start('svc-planning#worker-4', 'svc-planning/src/worker.ts', 'WORKER_PORT'),
    ];
    workers.push(...fresh);
    for (const idle of workers.filter((w) => !fresh.includes(w) && w.child.exitCode === null && !w.child.signalCode)) {
      idle.child.kill('SIGTERM');
      expect(await new Promise((r) => idle.child.once('exit', (c) => r(c)))).toBe(0);
    }
    const alive = fresh;
    const body = { household_id: household, scenario: { monte_carlo: { enabled: true, trials: 20_000, seed: 7 } } };
    const made = await call(api, 'POST', `customer/${household}/monte-carlo-jobs`, advisor, body);
    expect(made.status).toBe(202);
    const id = made.body.data.id as string;
    const holder = await midRun(id, alive);
    const asked = Date.now();
    holder.child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => holder.child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    expect(Date.now() - asked).toBeLessThan(8_000);
    expect(holder.output.join('')).toMatch(new RegExp(`"jobId":"${id}".*"msg":"job given back"`));
    expect((await finished(id)).status).toBe('done');
    const row = await db('jobs').where({ advisor_id: advisor.userId, id }).first('attempts');
    expect(row.attempts).toBe(2);
    const result = await call(api, 'GET', `customer/${household}/monte-carlo-jobs/${id}/result`, advisor);
    const direct = await call(api, 'POST', 'customer/calculate/scenario-modelling', advisor, body);
    expect(result.body.data).toEqual(direct.body.data);
  });
});
