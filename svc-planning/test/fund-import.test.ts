import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTHORIZATION_TYPE_HEADER, CSRF_HEADER, CSRF_VALUE, investmentReference as IR } from '@kinfolio/contracts';
import {
  closePorts,
  createDb,
  createLogger,
  createPorts,
  type DbConfig,
  KitConfig,
  loadConfig,
  type RunningService,
  signIdentityHeaders,
  startService,
  TEST_DATABASE_URL,
  type TestInfra,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import knexFactory from 'knex';
import { planningModule } from '../src/module';
import { SAMPLE_FEED_SOURCE, SAMPLE_FUND_COUNT, SAMPLE_FUND_HOUSES } from '../src/reference/investment/sample-feed';

jest.setTimeout(300_000);
type Data = Record<string, any>;

/**
 * Issue 15, the fund price import through the service's HTTP API (GET scrap-all-funds, GET scraping-funds-status)
 * against a real HTTP feed: a rerun changes nothing; a failed fund is reported while the rest import; two replicas
 * (two service instances on one database) never run it at once; a run cut by a restart (graceful, or a replica that
 * died holding the lease) completes on the next start.
 */

// ---------------------------------------------------------------- the feed: a real HTTP server serving CSV or JSON
let feedBody = '';
let feedType = 'text/csv';
let feedServer: Server;
let feedUrl = '';
const FUNDS = 1_200;
const row = (i: number, price = (1 + i / 1000).toFixed(4)) =>
  `TST${String(i).padStart(5, '0')},"Test Fund ${i}, Class A",Test House,${i % 2 ? 'SGD' : 'USD'},${price},2026-01-02,medium,60,30,10`;
const HEADER = 'code,name,company,currency,price,price_date,risk_level,equity,bond,others';
/** FUNDS good funds, plus a bad price, an unknown currency and a code listed twice. */
function csvFeed(change: (i: number) => string | undefined = () => undefined): string {
  const lines = [HEADER];
  for (let i = 1; i <= FUNDS; i++) lines.push(row(i, change(i)));
  lines.push('BAD00001,Broken Price Fund,Test House,SGD,abc,2026-01-02,low,0,100,0');
  lines.push('BAD00002,Unknown Currency Fund,Test House,XYZ,1.5,2026-01-02,low,0,100,0');
  lines.push(row(7));
  return `${lines.join('\r\n')}\r\n`;
}

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    if (req.url !== '/funds') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': feedType }).end(feedBody);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/funds`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
});

// ---------------------------------------------------------------- replicas: service instances on a database we name
interface Replica {
  svc: RunningService;
  call(method: string, path: string): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}
const admin = testIdentity('admin');
const advisor = testIdentity('advisor');

/** Where one test's database lives: a PGlite directory, or a schema of the test PostgreSQL. */
function sharedDb(infra: TestInfra): { db: DbConfig; drop(): Promise<void> } {
  const tag = randomBytes(4).toString('hex');
  if (infra === 'embedded') {
    const dir = `/tmp/kinfolio-test/fund-import-${tag}`;
    return { db: { kind: 'pglite', dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `t_fund_import_${tag}`;
  return {
    db: { kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 4 },
    async drop() {
      const k = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await k.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await k.destroy();
    },
  };
}

/** Starts svc-planning on `db` with the import's keys in the environment (the importer reads them at start). */
async function replica(db: DbConfig, importEnv: Record<string, string>): Promise<Replica> {
  const saved = { ...process.env };
  Object.assign(process.env, { FUND_FEED_URL: feedUrl, FUND_IMPORT_INTERVAL_MS: '0', ...importEnv });
  const secret = randomBytes(24).toString('hex');
  const config = loadConfig(
    KitConfig,
    {
      INTERNAL_SECRET: secret,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      MODE: 'embedded',
      DATA_DIR: '/tmp/kinfolio-test/fi',
    },
    'svc-planning',
  );
  const logger = createLogger('svc-planning', config.LOG_LEVEL);
  const ports = createPorts(config, logger);
  let svc: RunningService;
  try {
    svc = await startService(planningModule, { config, ports, port: 0, logger, db });
  } finally {
    process.env = saved;
  }
  return {
    svc,
    async call(method, path) {
      const as = path === 'investment-funds' || path.startsWith('investment-funds?') ? advisor : admin;
      const res = await fetch(`${svc.url}/api/v1/${path}`, {
        method,
        headers: {
          ...signIdentityHeaders(secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
          [CSRF_HEADER]: CSRF_VALUE,
          [AUTHORIZATION_TYPE_HEADER]: as.type,
        },
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async stop() {
      await svc.stop();
      await closePorts(ports);
    },
  };
}

const status = async (r: Replica): Promise<IR.FundImportStatus> => {
  const s = await r.call('GET', 'scraping-funds-status');
  expect(s.status).toBe(200);
  return s.body.data as IR.FundImportStatus;
};
async function until(
  r: Replica,
  done: (s: IR.FundImportStatus) => boolean,
  ms = 120_000,
): Promise<IR.FundImportStatus> {
  const end = Date.now() + ms;
  for (;;) {
    const s = await status(r);
    if (done(s)) return s;
    if (Date.now() > end)
      throw new Error(`gave up waiting; last status ${JSON.stringify({ ...s, run: { ...s.run, failures: [] } })}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
const finished = (s: IR.FundImportStatus) => s.run !== null && s.run.state !== 'running';
/** The stored feed funds, as the database has them (code, price, date, last change). */
const storedFunds = async (r: Replica) =>
  r.svc.ctx
    .db('investment_funds')
    .whereNotNull('code')
    .orderBy('code')
    .select('code', 'name', 'currency', 'price', r.svc.ctx.db.raw('price_date::text as price_date'), 'updated_at');

describe.each(testInfras())('svc-planning fund price import on %s', (infra) => {
  it('imports the feed with per-fund failures reported, and a rerun of the same feed changes nothing', async () => {
    feedBody = csvFeed();
    feedType = 'text/csv';
    const where = sharedDb(infra);
    const r = await replica(where.db, { FUND_IMPORT_BATCH_SIZE: '500' });
    try {
      expect(await status(r)).toMatchObject({ configured: true, running: false, run: null, interval_ms: 0 });
      const start = await r.call('GET', 'scrap-all-funds');
      expect([start.status, start.body.message]).toEqual([202, IR.FUND_IMPORT_STARTED]);
      expect(start.body.data.running).toBe(true);
      const first = (await until(r, finished)).run!;
      expect(first).toMatchObject({
        state: 'done',
        trigger: 'demand',
        source: feedUrl,
        total: FUNDS + 3,
        done: FUNDS + 3,
        created: FUNDS,
        updated: 0,
        unchanged: 0,
        failed: 3,
        error: null,
      });
      expect(first.failures.map((f) => [f.code, f.field, f.message]).sort()).toEqual([
        ['BAD00001', 'price', "Not a valid price: 'abc'"],
        ['BAD00002', 'currency', "Unknown currency 'XYZ'"],
        ['TST00007', 'code', 'Listed twice in the feed'],
      ]);
      const stored = await storedFunds(r);
      expect(stored).toHaveLength(FUNDS);
      expect(stored[0]).toMatchObject({
        code: 'TST00001',
        name: 'Test Fund 1, Class A',
        currency: 'SGD',
        price_date: '2026-01-02',
      });
      expect(Number(stored[0]?.price)).toBe(1.001);
      // the admin's list and the household holding picker both see an imported fund
      const listed = await r.call('GET', 'admin/investment-funds?search=TST00042');
      expect(listed.body.data.rows.map((f: Data) => [f.code, f.price, f.asset_class])).toEqual([
        ['TST00042', 1.042, { equity: 60, bond: 30, others: 10 }],
      ]);
      const picker = await r.call('GET', `investment-funds?search=${encodeURIComponent('Test Fund 42, Class A')}`);
      expect(picker.body.data.map((f: Data) => f.name)).toEqual(['Test Fund 42, Class A']);
      // issue 31 item 8: a real feed's funds are not samples; its fund house is listed under Investment › Company
      expect(picker.body.data[0]).toMatchObject({ price: 1.042, price_date: '2026-01-02', sample: false });
      const houses = await r.call('GET', 'admin/investment/company?search=test%20house');
      expect(houses.body.data.map((c: Data) => c.name)).toEqual(['Test House']);
      const preview = await r.call('GET', 'scrap-all-funds/preview');
      expect(preview.body.data).toEqual({ configured: true, sample: false, source: feedUrl, new_funds: null });

      // the same feed again: nothing is written (same rows, same updated_at)
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      const again = (await until(r, (s) => finished(s) && s.run?.id !== first.id)).run!;
      expect(again).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: FUNDS, failed: 3 });
      expect(await storedFunds(r)).toEqual(stored);

      // a JSON feed in which one price moved: that fund alone changes
      feedType = 'application/json';
      feedBody = JSON.stringify({
        funds: Array.from({ length: FUNDS }, (_, k) => {
          const i = k + 1;
          return {
            code: `TST${String(i).padStart(5, '0')}`,
            name: `Test Fund ${i}, Class A`,
            company: 'Test House',
            currency: i % 2 ? 'SGD' : 'USD',
            price: i === 5 ? '9.9900' : (1 + i / 1000).toFixed(4),
            price_date: '2026-01-02',
            risk_level: 'medium',
            asset_class: { equity: 60, bond: 30, others: 10 },
          };
        }),
      });
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      const moved = (await until(r, (s) => finished(s) && s.run?.id !== again.id)).run!;
      expect(moved).toMatchObject({ state: 'done', created: 0, updated: 1, unchanged: FUNDS - 1, failed: 0 });
      const after = await storedFunds(r);
      const changed = after.filter((f, k) => f.updated_at.getTime() !== stored[k]?.updated_at.getTime());
      expect(changed.map((f) => [f.code, Number(f.price)])).toEqual([['TST00005', 9.99]]);
    } finally {
      await r.stop();
      await where.drop();
    }
  });

  it('issue 31 item 8: the sample feed says it is one and how many funds it adds before adding them; advisors see them marked as samples; their fund houses are listed as companies', async () => {
    const where = sharedDb(infra);
    const r = await replica(where.db, { FUND_FEED_URL: '' });
    try {
      expect(await status(r)).toMatchObject({ configured: true, sample: true, run: null });
      const preview = await r.call('GET', 'scrap-all-funds/preview');
      expect([preview.status, preview.body.data]).toEqual([
        200,
        { configured: true, sample: true, source: SAMPLE_FEED_SOURCE, new_funds: SAMPLE_FUND_COUNT },
      ]);
      // the preview adds nothing
      expect(await storedFunds(r)).toEqual([]);
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      const run = (await until(r, finished)).run!;
      expect(run).toMatchObject({ state: 'done', source: SAMPLE_FEED_SOURCE, created: SAMPLE_FUND_COUNT, failed: 0 });
      expect((await r.call('GET', 'scrap-all-funds/preview')).body.data.new_funds).toBe(0);
      // the advisor's picker: a sample fund says so, with its price and date; real funds come first
      const picker = (
        await r.call('GET', `investment-funds?search=${encodeURIComponent('Straits Global Equity Fund')}`)
      ).body.data as Data[];
      expect(picker.length).toBeGreaterThan(0);
      expect(picker.every((f) => f.sample === true && f.price > 0 && f.price_date === '2026-01-02')).toBe(true);
      const all = (await r.call('GET', 'investment-funds')).body.data as Data[];
      const firstSample = all.findIndex((f) => f.sample);
      expect(firstSample).toBeGreaterThan(0);
      expect(all.slice(firstSample).every((f) => f.sample)).toBe(true);
      const listed = await r.call('GET', 'admin/investment-funds?search=KF000001');
      expect(listed.body.data.rows.map((f: Data) => [f.code, f.sample])).toEqual([['KF000001', true]]);
      // the sample's fund houses are under Investment › Company, once each
      const companies = (await r.call('GET', 'admin/investment/company')).body.data.map((c: Data) => c.name);
      for (const house of SAMPLE_FUND_HOUSES)
        expect([house, companies.filter((n: string) => n === house).length]).toEqual([house, 1]);
    } finally {
      await r.stop();
      await where.drop();
    }
  });

  it('a feed that cannot be read fails the run with its reason, and the funds stay as they were', async () => {
    const where = sharedDb(infra);
    const r = await replica(where.db, { FUND_FEED_URL: `${feedUrl}-missing` });
    try {
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      const run = (await until(r, finished)).run!;
      expect([run.state, run.error, run.created]).toEqual(['failed', 'The fund price feed answered 404', 0]);
      expect(await storedFunds(r)).toEqual([]);
    } finally {
      await r.stop();
      await where.drop();
    }
  });

  it('one run at a time: a second start while one runs says so, on this replica and on a second one on the same database', async () => {
    feedBody = csvFeed();
    feedType = 'text/csv';
    const where = sharedDb(infra);
    const slow = { FUND_IMPORT_BATCH_SIZE: '100', FUND_IMPORT_BATCH_PAUSE_MS: '150' };
    const a = await replica(where.db, slow);
    // PGlite is one process's database: the second replica shares PostgreSQL only; embedded races one instance
    const b = infra === 'real' ? await replica(where.db, slow) : a;
    try {
      const starts = await Promise.all([
        a.call('GET', 'scrap-all-funds'),
        b.call('GET', 'scrap-all-funds'),
        a.call('GET', 'scrap-all-funds'),
        b.call('GET', 'scrap-all-funds'),
      ]);
      expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 200, 202]);
      expect(starts.filter((s) => s.status === 200).map((s) => s.body.message)).toEqual([
        IR.FUND_IMPORT_ALREADY_RUNNING,
        IR.FUND_IMPORT_ALREADY_RUNNING,
        IR.FUND_IMPORT_ALREADY_RUNNING,
      ]);
      // while it runs, every further start is refused and both replicas report the same progress
      let seenMidway = false;
      let secondStarted = false;
      for (;;) {
        const s = await status(b);
        if (finished(s)) break;
        if (s.run && s.run.done > 0 && s.run.done < s.run.total) seenMidway = true;
        const again = await (seenMidway ? a : b).call('GET', 'scrap-all-funds');
        if (again.status === 202) {
          // the run ended between the status read and this start: a new run is allowed only once the first is done
          secondStarted = true;
          await until(a, (t) => finished(t) && t.run?.id !== s.run?.id);
          break;
        }
        expect([again.status, again.body.message]).toEqual([200, IR.FUND_IMPORT_ALREADY_RUNNING]);
        await new Promise((res) => setTimeout(res, 100));
      }
      expect(seenMidway).toBe(true);
      const runs = await a.svc.ctx
        .db('fund_import_runs')
        .orderBy('started_at')
        .select('state', 'created', 'resumed', 'started_at', 'finished_at');
      expect(runs.map(({ state, created, resumed }) => ({ state, created, resumed }))[0]).toEqual({
        state: 'done',
        created: FUNDS,
        resumed: 0,
      });
      expect(runs).toHaveLength(secondStarted ? 2 : 1);
      if (secondStarted) {
        // never two at once: the second began after the first had finished, and created nothing new
        expect(new Date(runs[1].started_at).getTime()).toBeGreaterThanOrEqual(new Date(runs[0].finished_at).getTime());
        expect([runs[1].state, runs[1].created]).toEqual(['done', 0]);
      }
      expect(await storedFunds(a)).toHaveLength(FUNDS);
    } finally {
      if (b !== a) await b.stop();
      await a.stop();
      await where.drop();
    }
  });

  it('a run cut by a restart completes on the next start, and one left by a replica that died resumes once its lease expires', async () => {
    feedBody = csvFeed();
    feedType = 'text/csv';
    const where = sharedDb(infra);
    const slow = { FUND_IMPORT_BATCH_SIZE: '100', FUND_IMPORT_BATCH_PAUSE_MS: '150', FUND_IMPORT_LEASE_MS: '1000' };
    let r = await replica(where.db, slow);
    try {
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      await until(r, (s) => (s.run?.done ?? 0) >= 200);
      await r.stop(); // a graceful stop between batches: the run stays 'running' where it was
      r = await replica(where.db, slow);
      const resumed = (await until(r, finished)).run!;
      expect(resumed).toMatchObject({ state: 'done', resumed: 1, created: FUNDS, done: FUNDS + 3, failed: 3 });
      expect(resumed.failures).toHaveLength(3);
      expect(await storedFunds(r)).toHaveLength(FUNDS);

      // a replica that died mid-run: its run is 'running' and its lease still held for a moment
      feedBody = csvFeed((i) => (i <= 600 ? (2 + i / 1000).toFixed(4) : undefined));
      expect((await r.call('GET', 'scrap-all-funds')).status).toBe(202);
      await until(r, (s) => (s.run?.done ?? 0) >= 200 && s.run?.id !== resumed.id);
      await r.stop();
      // as if that replica had died: the lease is held by a holder that never renews it
      const k = await createDb(where.db);
      await k('fund_import_lease').update({ holder: 'dead-replica', expires_at: k.raw("now() + interval '1 second'") });
      await k.destroy();
      r = await replica(where.db, slow);
      const later = (await until(r, (s) => finished(s) && s.run?.id !== resumed.id)).run!;
      expect(later).toMatchObject({ state: 'done', resumed: 1, created: 0, updated: 600, unchanged: FUNDS - 600 });
      const repriced = (await storedFunds(r)).filter(
        (f) => f.price === `${(2 + Number(f.code.slice(3)) / 1000).toFixed(4)}00`,
      );
      expect([repriced.length, repriced.at(-1)?.code]).toEqual([600, 'TST00600']);
    } finally {
      await r.stop();
      await where.drop();
    }
  });
});
