import knexFactory, { type Knex } from 'knex';
import {
  startTestService,
  TEST_READ_DATABASE_URL,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { planningModule } from '../src/module';
import { type ReadStats, readStats } from '../src/read-db';

jest.setTimeout(180_000);

/**
 * Issue 37: reads that can lag (report, projection, scenario run, exports) go to the read replica, a hot standby of
 * the primary, with read-your-writes (src/read-db.ts). On real infrastructure the service reads from the standby that
 * `node scripts/replica.mjs start` runs on 5433 (CI starts it; TEST_READ_DATABASE_URL overrides); in embedded mode
 * there is one database and every read uses it.
 */
const REPLICA_URL = TEST_READ_DATABASE_URL;
const advisor = testIdentity('advisor');
const admin = testIdentity('admin');
type Who = ReturnType<typeof testIdentity>;

/** A household with one saving fund (its value shows in the report's funds total). */
async function household(t: TestService) {
  const call = (method: string, path: string, body?: unknown, as: Who = advisor) => t.call(method, path, { as, body });
  const lead = await call('POST', 'leads', { name: 'Alex Tan', age: 40, currency: 'SGD', members: [] });
  expect(lead.status).toBe(201);
  const id = lead.body.data.id as string;
  const fund = await call('POST', 'customer/saving-fund', {
    lead_id: id,
    bank_name: 'DBS',
    currency: 'SGD',
    current_value: 1000,
  });
  expect(fund.status).toBe(201);
  const report = async (query = '') => {
    const res = await call('GET', `customer/${id}/financial-report${query}`);
    expect(res.status).toBe(200);
    return res.body.data as { funds: { total: number }; checks: { emergency_fund: { threshold: { value: number } } } };
  };
  const setFund = async (value: number) => {
    const res = await call('PATCH', `customer/saving-fund/${fund.body.data.id}`, { current_value: value });
    expect(res.status).toBe(200);
  };
  return { id, fundId: fund.body.data.id as string, call, report, setFund };
}

const delta = (before: ReadStats | null, after: ReadStats | null): ReadStats => ({
  replica: (after?.replica ?? 0) - (before?.replica ?? 0),
  primary: (after?.primary ?? 0) - (before?.primary ?? 0),
  ryw_primary: (after?.ryw_primary ?? 0) - (before?.ryw_primary ?? 0),
});

describe.each(testInfras())('svc-planning read replica on %s', (infra) => {
  let t: TestService;
  let standby: Knex | null = null;
  const stats = () => readStats(t.svc.ctx);

  beforeAll(async () => {
    if (infra === 'real') {
      standby = knexFactory({ client: 'pg', connection: REPLICA_URL, pool: { min: 0, max: 1 } });
      const up = await standby
        .raw('SELECT pg_is_in_recovery() AS standby')
        .then((r) => (r.rows[0] as { standby: boolean }).standby)
        .catch(() => false);
      if (!up)
        throw new Error(
          `no PostgreSQL hot standby answers at ${REPLICA_URL}: run \`node scripts/replica.mjs start\` (CI starts it)`,
        );
    }
    t = await startTestService(planningModule, { infra, env: { READ_DATABASE_URL: REPLICA_URL } });
  }, 60_000);
  afterAll(async () => {
    await standby?.raw('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await standby?.destroy();
    await t?.stop();
  }, 60_000);

  /** Waits until the standby has replayed everything the primary wrote so far. */
  const caughtUp = async () => {
    const lsn = (await t.svc.ctx.db.raw('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn as string;
    for (let i = 0; i < 200; i++) {
      const r = await standby!.raw('SELECT pg_last_wal_replay_lsn() >= ?::pg_lsn AS ok', [lsn]);
      if ((r.rows[0] as { ok: boolean }).ok) return;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error('the standby did not replay the primary within 5 s');
  };

  if (infra === 'embedded') {
    it('has one database: no replica even with READ_DATABASE_URL, every read on it and seeing the write', async () => {
      expect(t.svc.ctx.replica).toBeUndefined();
      const h = await household(t);
      for (let i = 1; i <= 5; i++) {
        await h.setFund(1000 + i);
        expect((await h.report()).funds.total).toBe(1000 + i);
      }
      expect(stats()).toBeNull();
      const answer = await t.call('GET', '/internal/read-stats');
      expect(answer.body).toEqual({ replica: 0, primary: 0, ryw_primary: 0 });
    });
    return;
  }

  it('a read right after a write sees it, every time (updates and inserts), and reads go to the replica once it replayed', async () => {
    expect(t.svc.ctx.replica).toBeDefined();
    const h = await household(t);
    const before = stats();
    let fund = 1000;
    let more = 0;
    for (let i = 1; i <= 40; i++) {
      if (i % 8 === 0) {
        // an insert (records/repository.ts insertRecord: one statement, no transaction)
        const made = await h.call('POST', 'customer/saving-fund', {
          lead_id: h.id,
          bank_name: 'OCBC',
          currency: 'SGD',
          current_value: 100,
        });
        expect(made.status).toBe(201);
        more += 100;
      } else {
        // an update (updateRecord: a transaction through households/changes.ts householdChanged)
        fund = 1000 + i;
        await h.setFund(fund);
      }
      expect([i, (await h.report()).funds.total]).toEqual([i, fund + more]);
    }
    const expected = fund + more;
    const during = delta(before, stats());
    // every read right after its write: none may have read a replica that had not replayed it
    expect(during.ryw_primary + during.replica).toBeGreaterThanOrEqual(40);

    // once the standby replayed the household's last write, its reads go there (and still see it)
    await caughtUp();
    await new Promise((r) => setTimeout(r, 50)); // past the cached replay position
    const at = stats();
    expect((await h.report('?as_of=2030-01-01')).funds.total).toBe(expected);
    const after = delta(at, stats());
    expect(after).toEqual({ replica: 1, primary: 0, ryw_primary: 0 });
    const answer = await t.call('GET', '/internal/read-stats');
    expect(answer.body).toEqual(stats());
    expect((await t.call('GET', '/internal/read-stats', { unsigned: true })).status).toBe(403);
  });

  it('with the replay paused, a write is still read at once (from the primary); a change the service did not mark is read from the replica', async () => {
    const h = await household(t);
    const quiet = await household(t);
    await h.setFund(2000);
    await quiet.setFund(5000);
    await caughtUp();
    await standby!.raw('SELECT pg_wal_replay_pause()');
    try {
      // the service's own write: marked, so the read goes to the primary and sees it
      const s0 = stats();
      await h.setFund(2500);
      expect((await h.report()).funds.total).toBe(2500);
      const d0 = delta(s0, stats());
      expect(d0.ryw_primary).toBeGreaterThan(0);
      expect(d0.replica).toBe(0);

      // a change written behind the service's back (no mark) to a household the standby has replayed: the stamp, read
      // on the primary, changes, and the figures come from the paused standby, which still has 5000 — the reads do
      // go to the replica (and this is why every write of a household must mark it)
      await new Promise((r) => setTimeout(r, 50)); // past the cached replay position
      const s1 = stats();
      const db = t.svc.ctx.db;
      await db('saving_funds')
        .where({ id: quiet.fundId })
        .update({ data: db.raw(`jsonb_set(data, '{current_value}', '9999')`) });
      await db('households').where({ id: quiet.id }).update({ updated_at: new Date() });
      expect((await quiet.report()).funds.total).toBe(5000);
      expect(delta(s1, stats())).toEqual({ replica: 1, primary: 0, ryw_primary: 0 });

      // a planning threshold changed by an admin (what every report reads) is marked for every household: reports
      // compute on the primary until the standby replayed it
      const made = await quiet.call(
        'POST',
        'admin/threshold/create',
        { key: 'emergency_fund_months', value: 4 },
        admin,
      );
      expect(made.status).toBe(201);
      const s2 = stats();
      expect((await quiet.report('?as_of=2032-01-01')).checks.emergency_fund.threshold.value).toBe(4);
      expect(delta(s2, stats()).replica).toBe(0);
      expect(delta(s2, stats()).ryw_primary).toBeGreaterThan(0);
    } finally {
      await standby!.raw('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    await new Promise((r) => setTimeout(r, 50));
    const s3 = stats();
    expect((await quiet.report('?as_of=2033-01-01')).funds.total).toBe(9999);
    expect(delta(s3, stats())).toEqual({ replica: 1, primary: 0, ryw_primary: 0 });
  });

  it('a replica that does not answer sends reads to the primary; the service stays ready', async () => {
    const down = await startTestService(planningModule, {
      infra,
      env: { READ_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' },
    });
    try {
      const h = await household(down);
      await h.setFund(3000);
      expect((await h.report()).funds.total).toBe(3000);
      expect((await h.report('?as_of=2030-01-01')).funds.total).toBe(3000);
      const s = readStats(down.svc.ctx);
      expect(s?.replica).toBe(0);
      expect((s?.primary ?? 0) + (s?.ryw_primary ?? 0)).toBeGreaterThanOrEqual(2);
      expect((await down.call('GET', '/readyz')).status).toBe(200);
    } finally {
      await down.stop();
    }
  });
});
