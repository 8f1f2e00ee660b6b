import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  AUTHORIZATION_TYPE_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  households as H,
  planning as P,
  rateTables as RT,
  reports as R,
} from '@kinfolio/contracts';
import {
  closePorts,
  createLogger,
  createPorts,
  type DbConfig,
  type Identity,
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
import { BUILT_IN_TABLES, installRateTables } from '../src/domain/calculations/tables/registry';
import { planningModule } from '../src/module';
import { forgetRateTablesForTests } from '../src/rate-tables/service';
import { householdCache, projectionCache } from '../src/reports/projection';
import { reportCache } from '../src/reports/read';

jest.setTimeout(300_000);
type Data = Record<string, any>;

/**
 * Issue 32, rate tables an admin keeps, through svc-planning's HTTP API on a database this test names (so the service
 * can be stopped and started again on it): the admin lists every table; adds the next version of a kind (201), which
 * the next projection of a household whose years it covers names, and a report computed before names other versions
 * than one computed after; every bad input is a 4xx with its message and stores nothing; a restart keeps the
 * version; a replica whose installed tables are older than the stored ones reloads them before it computes.
 */

interface Replica {
  svc: RunningService;
  call(method: string, path: string, as: Identity | null, body?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

function sharedDb(infra: TestInfra): { db: DbConfig; drop(): Promise<void> } {
  const tag = randomBytes(4).toString('hex');
  if (infra === 'embedded') {
    const dir = `/tmp/kinfolio-test/rate-tables-${tag}`;
    return { db: { kind: 'pglite', dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `t_rate_tables_${tag}`;
  return {
    db: { kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 4 },
    async drop() {
      const k = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await k.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await k.destroy();
    },
  };
}

async function replica(db: DbConfig): Promise<Replica> {
  const secret = randomBytes(24).toString('hex');
  const config = loadConfig(
    KitConfig,
    {
      INTERNAL_SECRET: secret,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      MODE: 'embedded',
      DATA_DIR: '/tmp/kinfolio-test/rt',
      CONTRACT_CHECK: 'strict',
      OFFLINE_OUTBOX: 'true',
      SEED_DEMO: 'false',
    },
    'svc-planning',
  );
  const logger = createLogger('svc-planning', config.LOG_LEVEL);
  const ports = createPorts(config, logger);
  const svc = await startService(planningModule, { config, ports, port: 0, logger, db });
  return {
    svc,
    async call(method, path, as, body) {
      const res = await fetch(`${svc.url}/api/v1/${path}`, {
        method,
        headers: {
          ...signIdentityHeaders(secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
          [CSRF_HEADER]: CSRF_VALUE,
          ...(as ? { [AUTHORIZATION_TYPE_HEADER]: as.type } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
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

const admin = testIdentity('admin');
const advisor = testIdentity('advisor');
const customer = testIdentity('customer');

describe.each(testInfras())('svc-planning rate tables on %s', (infra) => {
  let where: ReturnType<typeof sharedDb>;
  let a: Replica;
  let household = '';
  let cpf: RT.RateTable;
  /** The year after the newest CPF version (built-in today; a later release may ship more). */
  let next = 0;

  beforeAll(async () => {
    installRateTables(BUILT_IN_TABLES);
    where = sharedDb(infra);
    a = await replica(where.db);
    // a Singapore household with a CPF pension: member aged 45, projected to 100 (every year of the next decades)
    const lead = await a.call('POST', 'leads', advisor, {
      name: 'Lee Ong',
      age: 45,
      email: `lee.${randomBytes(3).toString('hex')}@example.com`,
      currency: 'SGD',
    });
    expect(lead.status).toBe(201);
    const h = H.Household.parse(lead.body.data);
    household = h.id;
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const L = { lead_id: h.id };
    for (const [path, body] of [
      [
        'member-income',
        { ...L, member_id: me, kind: 'gross income', amount: 6000, currency: 'SGD', frequency: 'monthly' },
      ],
      ['pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 50000 }],
    ] as const) {
      const res = await a.call('POST', `customer/${path}`, advisor, body);
      expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    }
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await where?.drop();
    installRateTables(BUILT_IN_TABLES);
  }, 60_000);

  const list = async (): Promise<RT.RateTable[]> => {
    const res = await a.call('GET', 'admin/rate-tables', admin);
    expect(res.status).toBe(200);
    return RT.RateTablesReply.parse(res.body).data.tables;
  };
  const cpfNow = async () => {
    const res = await a.call('GET', 'admin/rate-tables/cpf', admin);
    expect(res.status).toBe(200);
    return RT.RateTableReply.parse(res.body).data;
  };
  const newest = (t: RT.RateTable) => t.versions[t.versions.length - 1] as RT.RateTableVersion;
  const source = {
    publisher: 'CPF Board',
    title: 'CPF contribution and allocation rates (test version)',
    url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay',
  };
  const reportTables = async (): Promise<string[]> => {
    const res = await a.call('GET', `customer/${household}/financial-report`, advisor);
    expect(res.status).toBe(200);
    return R.FinancialReportReply.parse(res.body).data.tables;
  };
  const storedCount = async () => Number((await a.svc.ctx.db('rate_table_versions').count('* as n'))[0]?.n ?? 0);

  it('lists every kind in the registry order, each with its title, built-in versions ascending and the one in force', async () => {
    const tables = await list();
    expect(tables.map((t) => [t.kind, t.title])).toEqual([
      ['cpf', 'CPF (Singapore)'],
      ['epf', 'EPF (Malaysia)'],
      ['epfDividend', 'EPF dividends'],
      ['sgIncomeTax', 'Singapore income tax'],
      ['myIncomeTax', 'Malaysia income tax'],
      ['sgSsd', "Singapore Seller's Stamp Duty"],
      ['myRpgt', 'Malaysia Real Property Gains Tax'],
    ]);
    for (const t of tables) {
      const years = t.versions.map((v) => v.from_year);
      expect(years).toEqual([...years].sort((x, y) => x - y));
      expect(t.versions.every((v) => v.origin === 'built_in' && v.created_by === null && v.created_at === null)).toBe(
        true,
      );
      expect(t.versions.map((v) => v.name)).toContain(t.in_force);
      expect(t.problems).toBeUndefined();
    }
    cpf = await cpfNow();
    expect(cpf.versions.map((v) => v.name)).toEqual(tables[0]?.versions.map((v) => v.name));
    // the figures are the engine's version without its period and source
    expect(Object.keys(newest(cpf).figures)).toContain('owCeiling');
    expect(Object.keys(newest(cpf).figures)).not.toContain('fromYear');
    next = newest(cpf).from_year + 1;
    expect((await a.call('GET', 'admin/rate-tables/cpfx', admin)).status).toBe(404);
  });

  it('only admins: an advisor or a customer is refused (403), a signed-out caller 401; nothing is stored', async () => {
    const body = { from_year: next, source, figures: newest(cpf).figures };
    for (const who of [advisor, customer]) {
      expect((await a.call('GET', 'admin/rate-tables', who)).status).toBe(403);
      expect((await a.call('GET', 'admin/rate-tables/cpf', who)).status).toBe(403);
      expect((await a.call('POST', 'admin/rate-tables/cpf/versions', who, body)).status).toBe(403);
    }
    expect((await a.call('GET', 'admin/rate-tables', null)).status).toBe(401);
    expect((await a.call('POST', 'admin/rate-tables/cpf/versions', null, body)).status).toBe(401);
    expect(await storedCount()).toBe(0);
  });

  it('an admin adds the next CPF version: 201, stored with who and when, audited, an event written; the next projection names it and a report before names other versions than one after', async () => {
    const before = await reportTables();
    expect(before).not.toContain(`cpf@${next}`);
    expect(before).toContain(cpf.in_force);
    const res = await a.call('POST', 'admin/rate-tables/cpf/versions', admin, {
      from_year: next,
      to_year: next + 1,
      source,
      figures: newest(cpf).figures,
    });
    expect([res.status, res.body.message]).toEqual([201, 'Rate table version added']);
    const v = RT.RateTableVersionReply.parse(res.body).data;
    expect(v).toMatchObject({
      kind: 'cpf',
      name: `cpf@${next}`,
      from_year: next,
      to_year: next + 1,
      source,
      figures: newest(cpf).figures,
      origin: 'admin',
      created_by: { id: admin.userId, name: 'Admin' },
    });
    expect(Math.abs(Date.parse(v.created_at as string) - Date.now())).toBeLessThan(60_000);
    // listed after the built-in versions
    const now = await cpfNow();
    expect(now.versions.map((x) => x.name)).toEqual([...cpf.versions.map((x) => x.name), `cpf@${next}`]);
    // the report (cached per household version and rate tables) names the new version: a different set than before
    const after = await reportTables();
    expect(after).toContain(`cpf@${next}`);
    expect(after).not.toEqual(before);
    // the projection replies too (data tables and finance of the stored household, net worth)
    const dt = await a.call('POST', 'customer/calculate/data-tables', advisor, { household_id: household });
    expect(P.DataTablesReply.parse(dt.body.data).tables).toContain(`cpf@${next}`);
    const nw = await a.call('GET', `customer/${household}/net-worth`, advisor);
    expect(nw.body.data.tables).toContain(`cpf@${next}`);
    // who and when, an audit entry and the event, in the same transaction
    const db = a.svc.ctx.db;
    const audit = await db('rate_table_audit').select('*');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'version_added',
      kind: 'cpf',
      version_name: `cpf@${next}`,
      actor_id: admin.userId,
    });
    const events = await db('outbox').where({ type: 'planning.rate_tables.changed.v1' }).select('payload');
    expect(events).toHaveLength(1);
    const payload = typeof events[0]?.payload === 'string' ? JSON.parse(events[0].payload) : events[0]?.payload;
    expect(payload).toMatchObject({ kind: 'cpf', name: `cpf@${next}`, from_year: next, to_year: next + 1 });
  });

  describe('bad input: a 400 naming the problem, and nothing stored', () => {
    const refused = async (body: Data, kind = 'cpf') => {
      const count = await storedCount();
      const res = await a.call('POST', `admin/rate-tables/${kind}/versions`, admin, body);
      expect(await storedCount()).toBe(count);
      return res;
    };
    const figures = () => JSON.parse(JSON.stringify(newest(cpf).figures)) as Data;

    it("an overlap: a version starting within the stored version's period", async () => {
      const res = await refused({ from_year: next + 1, source, figures: figures() });
      expect([res.status, res.body.message]).toEqual([
        400,
        `The cpf version from ${next + 1} overlaps the version from ${next} (in force to ${next + 1}).`,
      ]);
      expect(res.body.errors).toEqual([{ from_year: [res.body.message] }]);
    });
    it('a gap: a year no version covers', async () => {
      const res = await refused({ from_year: next + 3, source, figures: figures() });
      expect([res.status, res.body.message]).toEqual([
        400,
        `The cpf version from ${next + 3} leaves a gap: the version from ${next} ends in ${next + 1} and nothing covers ${next + 2}.`,
      ]);
    });
    it('an edit of a past year: a version must start after the newest one', async () => {
      for (const year of [next, next - 1]) {
        const res = await refused({ from_year: year, source, figures: figures() });
        expect([res.status, res.body.message]).toEqual([
          400,
          `A new cpf version must start after ${next}, the year its newest version starts: a published version is never edited (add the next one instead).`,
        ]);
      }
    });
    it('a negative rate, naming the field and the value', async () => {
      const f = figures();
      f.rates[1].employer = -1;
      const res = await refused({ from_year: next + 2, source, figures: f });
      expect([res.status, res.body.message]).toEqual([
        400,
        'figures.rates[1].employer must not be negative (it is -1).',
      ]);
      expect(res.body.errors).toEqual([{ 'figures.rates[1].employer': [res.body.message] }]);
    });
    it('a band out of order', async () => {
      const f = figures();
      const [one, two] = [f.rates[1], f.rates[2]];
      f.rates[1] = two;
      f.rates[2] = one;
      const res = await refused({ from_year: next + 2, source, figures: f });
      expect([res.status, res.body.message]).toEqual([
        400,
        `figures.rates must be in ascending order of toAge: ${one.toAge} comes after ${two.toAge}.`,
      ]);
    });
    it('a figure the kind does not have, or one it lacks', async () => {
      const f = figures();
      f.owCieling = f.owCeiling;
      delete f.owCeiling;
      const res = await refused({ from_year: next + 2, source, figures: f });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { 'figures.owCeiling': ['figures.owCeiling is missing.'] },
        { 'figures.owCieling': ['figures.owCieling is not a cpf figure.'] },
      ]);
    });
    it('the period or source inside the figures', async () => {
      const res = await refused({ from_year: next + 2, source, figures: { ...figures(), fromYear: next + 2 } });
      expect([res.status, res.body.message]).toEqual([
        400,
        'figures.fromYear is not a cpf figure (the period and source are from_year, to_year and source).',
      ]);
    });
    it('an unknown kind is a 404; an unknown body key, a bad year or a non-https source a 400 naming the field', async () => {
      const unknown = await refused({ from_year: next + 2, source, figures: figures() }, 'cpfx');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/^No rate table 'cpfx'/);
      const extra = await refused({ from_year: next + 2, source, figures: figures(), fromYear: next + 2 });
      expect([extra.status, extra.body.errors]).toEqual([400, [{ fromYear: ['This key is not allowed'] }]]);
      const year = await refused({ from_year: 2026.5, source, figures: figures() });
      expect([year.status, Object.keys(year.body.errors[0])]).toEqual([400, ['from_year']]);
      const http = await refused({
        from_year: next + 2,
        source: { ...source, url: 'http://www.cpf.gov.sg/' },
        figures: figures(),
      });
      expect([http.status, Object.keys(http.body.errors[0])]).toEqual([400, ['source.url']]);
    });
  });

  it('a replica whose installed tables are older than the stored ones reloads them before it computes', async () => {
    // as a replica that started before the version was added: the built-in set installed, its report cache empty
    forgetRateTablesForTests();
    for (const c of [projectionCache, reportCache, householdCache]) c.clear();
    expect(await reportTables()).toContain(`cpf@${next}`);
    // a posted household (no household stamp) too: the calculate route checks the tables' own stamp
    forgetRateTablesForTests();
    const posted = await a.call('POST', 'customer/calculate/finance', advisor, {
      as_of: '2026-06-30',
      currency: 'SGD',
      members: [{ id: 'm1', relation: 'me', age: 45 }],
      pensions: [{ id: 'p1', member_id: 'm1', type: 'CPF', monthly_salary: 6000 }],
    });
    expect(posted.status).toBe(200);
    expect(posted.body.data.tables).toContain(`cpf@${next}`);
  });

  it('a restart keeps the version: listed, in the projection, with who and when', async () => {
    await a.stop();
    installRateTables(BUILT_IN_TABLES); // a new process starts with the built-in tables and no cache
    forgetRateTablesForTests();
    for (const c of [projectionCache, reportCache, householdCache]) c.clear();
    a = await replica(where.db);
    const now = await cpfNow();
    const v = now.versions.find((x) => x.name === `cpf@${next}`);
    expect(v).toMatchObject({ origin: 'admin', created_by: { id: admin.userId, name: 'Admin' }, to_year: next + 1 });
    const dt = await a.call('POST', 'customer/calculate/data-tables', advisor, { household_id: household });
    expect(dt.body.data.tables).toContain(`cpf@${next}`);
  });
  it("a stored set that fails validation (a release's built-in version now clashing with a stored one) is never used: logged, shown in the GET reply, the last good set kept (at start: built-in)", async () => {
    // as if a later release shipped a built-in version for a year an admin had stored: two versions of one year
    const builtInNewest = cpf.versions[cpf.versions.length - 1] as RT.RateTableVersion;
    await a.svc.ctx.db('rate_table_versions').insert({
      id: randomUUID(),
      kind: 'cpf',
      from_year: builtInNewest.from_year,
      to_year: null,
      source: JSON.stringify(source),
      figures: JSON.stringify(builtInNewest.figures),
      created_by_id: admin.userId,
      created_by_name: 'Admin',
    });
    const clash = `Two cpf versions start in ${builtInNewest.from_year}: a year has one version.`;
    // this replica keeps the set it had (the built-in one and cpf@next) and says why
    const res = await a.call('GET', 'admin/rate-tables', admin);
    const body = RT.RateTablesReply.parse(res.body).data;
    expect(body.problems?.map((p) => p.message)).toContain(clash);
    expect(body.tables[0]?.problems?.map((p) => p.message)).toContain(clash);
    for (const c of [projectionCache, reportCache, householdCache]) c.clear();
    expect(await reportTables()).toContain(`cpf@${next}`);
    // a restart on the broken set: the built-in tables only, the problem still shown
    await a.stop();
    installRateTables(BUILT_IN_TABLES);
    forgetRateTablesForTests();
    for (const c of [projectionCache, reportCache, householdCache]) c.clear(); // a new process has no cache
    a = await replica(where.db);
    const now = await cpfNow();
    expect(now.problems?.map((p) => p.message)).toContain(clash);
    expect(now.in_force).toBe(cpf.in_force);
    const tables = await reportTables();
    expect(tables).not.toContain(`cpf@${next}`);
    expect(tables).toContain(cpf.in_force);
  });
});
