import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { scenarios as S } from '@kinfolio/contracts';
import {
  createDb,
  type Knex,
  kitMigrations,
  migrate,
  startTestService,
  TEST_DATABASE_URL,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { distributionKey } from '../migrations/022_distribution_key';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { citusStatements, distributionProblems, GLOBAL_TABLES, keyColumnOf, schemaShape } from './distribution-schema';

jest.setTimeout(180_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Statements that name a tenant table without its key, and why that is right. Each is a fan-out in Citus (it asks
 * every shard) and is listed in docs/decisions/distribution.md.
 */
const UNKEYED: ReadonlyArray<{ table: string; sql: RegExp; why: string }> = [
  {
    table: 'households',
    sql: /^select .* from "households" where "customer_user_id" = \$1/i,
    why: 'a customer’s identity carries no advisor: their household is found once by their own user id (index households_customer); its row gives the advisor every later query of the call uses',
  },
];

/** The tables a statement names (FROM, JOIN, INTO, UPDATE, DELETE FROM; quoted or not). */
function tablesIn(sql: string): string[] {
  const out = new Set<string>();
  for (const m of sql.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi)) out.add(m[1] as string);
  return [...out];
}

/** Whether `sql` names `column` as a column (bare or quoted, maybe table-qualified). */
const mentions = (sql: string, column: string) =>
  new RegExp(`(^|[^a-z0-9_])"?${column}"?([^a-z0-9_]|$)`, 'i').test(sql);

describe('the statement scan', () => {
  it('finds the tables of knex and raw statements and sees a missing key', () => {
    expect(tablesIn('select * from "households" where "id" = $1')).toEqual(['households']);
    expect(
      tablesIn(
        'with "rec" as (insert into "goals" ("advisor_id") values ($1) returning *), "touched" as (update "households" set x = 1) select * from "rec"',
      ),
    ).toEqual(['goals', 'households', 'rec']);
    expect(tablesIn("SELECT 'x' AS tbl FROM debts d JOIN members m ON m.id = d.member_id")).toEqual([
      'debts',
      'members',
    ]);
    expect(mentions('select * from "goals" where "goals"."advisor_id" = $1', 'advisor_id')).toBe(true);
    expect(mentions('select * from "goals" where "household_id" = $1', 'advisor_id')).toBe(false);
  });
});

describe.each(testInfras())('svc-planning distribution key on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const ok = async (method: string, path: string, as: Who, body?: unknown) => {
    const res = await call(method, path, as, body);
    expect([method, path, res.status < 300 ? 'ok' : res.status, res.status < 300 ? undefined : res.body]).toEqual([
      method,
      path,
      'ok',
      undefined,
    ]);
    return res.body?.data;
  };

  it('every table is a tenant table keyed by its advisor, or a named global table', async () => {
    const shape = await schemaShape(t.svc.ctx.db);
    expect(shape.length).toBeGreaterThan(60);
    expect(distributionProblems(shape)).toEqual([]);
    // the record tables and households are tenant tables, keyed by advisor_id first
    for (const name of ['households', 'members', 'member_incomes', 'insurance_policies', 'named_scenarios']) {
      const table = shape.find((s) => s.table === name);
      expect([name, table?.primaryKey[0]]).toEqual([name, 'advisor_id']);
    }
    const ddl = citusStatements(shape);
    // Citus takes no ON UPDATE CASCADE on a key with the distribution column: the plan drops it first
    expect(ddl).toContain(
      'ALTER TABLE members DROP CONSTRAINT members_household_id_foreign, ADD CONSTRAINT members_household_id_foreign FOREIGN KEY (advisor_id, household_id) REFERENCES households (advisor_id, id) ON DELETE CASCADE;',
    );
    expect(ddl.findIndex((s) => s.startsWith('ALTER TABLE'))).toBeLessThan(
      ddl.findIndex((s) => s.startsWith('SELECT create_')),
    );
    expect(ddl).toContain("SELECT create_distributed_table('households', 'advisor_id');");
    expect(ddl).toContain("SELECT create_distributed_table('members', 'advisor_id', colocate_with => 'households');");
    // a parent comes before the tables that point at it
    expect(ddl.findIndex((s) => s.includes("'insurance_plan_categories'"))).toBeLessThan(
      ddl.findIndex((s) => s.includes("'insurance_plan_types'")),
    );
    if (process.env.PRINT_CITUS_DDL && infra === 'real') process.stdout.write(`${ddl.join('\n')}\n`);
  });

  it('the rule fails a table that breaks it', async () => {
    const shape = await schemaShape(t.svc.ctx.db);
    const goals = shape.find((s) => s.table === 'goals');
    if (!goals) throw new Error('no goals table');
    const broken = [
      { ...goals, table: 'loose_notes', primaryKey: ['id'], indexFirsts: [{ name: 'x', first: 'household_id' }] },
      {
        ...goals,
        table: 'bad_fk',
        foreignKeys: [
          {
            name: 'f',
            columns: ['household_id'],
            references: 'households',
            referencedColumns: ['id'],
            onUpdate: 'a',
            onDelete: 'c',
          },
        ],
      },
      { ...goals, table: 'no_key', columns: new Map([['id', true]]) },
    ];
    const problems = distributionProblems([...shape, ...broken]);
    expect(problems).toEqual([
      'loose_notes: primary key (id) lacks advisor_id',
      'loose_notes: no index starts with advisor_id',
      'bad_fk: foreign key f (household_id) → households (id) does not pair advisor_id with its key',
      'no_key: neither a global table (test/distribution-schema.ts) nor has advisor_id',
    ]);
  });

  it('migration 022 keys a populated database, and a household moved to another advisor takes its rows along', async () => {
    const tag = randomBytes(4).toString('hex');
    const schema = `t_h1_distribution_${tag}`;
    const dir = `/tmp/kinfolio-test/h1-distribution-${tag}`;
    const db: Knex =
      infra === 'real'
        ? await createDb({ kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 2 })
        : await createDb({ kind: 'pglite', dir });
    const upTo = (list: typeof migrations) =>
      migrate(db, [...kitMigrations, ...list], infra === 'real' ? schema : undefined);
    try {
      await upTo(migrations.filter((m) => m !== distributionKey));
      const [a, b, h, me, spouse, policy, coverage, income, wrong] = Array.from({ length: 9 }, () => randomUUID());
      await db('households').insert({ id: h, advisor_id: a, name: 'Alex Tan' });
      await db('members').insert([
        { id: me, advisor_id: a, household_id: h, relation: 'me', data: '{}' },
        { id: spouse, advisor_id: a, household_id: h, relation: 'spouse', data: '{}' },
      ]);
      await db('insurance_policies').insert({
        id: policy,
        advisor_id: a,
        household_id: h,
        member_id: spouse,
        data: '{}',
      });
      await db('insurance_coverages').insert({
        id: coverage,
        advisor_id: a,
        household_id: h,
        member_id: spouse,
        data: JSON.stringify({ insurance_id: policy }),
      });
      await db('member_incomes').insert([
        { id: income, advisor_id: a, household_id: h, member_id: me, data: '{}' },
        // a row whose advisor is not its household's: 022 puts it right before the composite keys check it
        { id: wrong, advisor_id: b, household_id: h, member_id: null, data: '{}' },
      ]);
      await db('named_scenarios').insert({ id: randomUUID(), advisor_id: a, household_id: h, name: 'A', inputs: '{}' });
      await db('scenario_settings').insert({ household_id: h, advisor_id: a, data: '{}' });
      await db('form_step_drafts').insert([
        { id: randomUUID(), owner_id: a, household_id: h, step: 'mine', data: '{}' },
        { id: randomUUID(), owner_id: b, household_id: h, step: 'not on my household', data: '{}' },
      ]);
      const issue = { record_table: 'members', kind: 'earning-member', field: 'date_of_birth', message: 'Edit' };
      await db('stored_record_issues').insert([
        { ...issue, record_id: me, household_id: h },
        { ...issue, record_id: randomUUID(), household_id: randomUUID() },
      ]);

      await upTo(migrations);
      expect(distributionProblems(await schemaShape(db))).toEqual([]);
      expect(await db('member_incomes').where({ id: wrong }).first('advisor_id')).toEqual({ advisor_id: a });
      expect(await db('form_step_drafts').orderBy('step').select('step', 'household_id')).toEqual([
        { step: 'mine', household_id: h },
        { step: 'not on my household', household_id: null },
      ]);
      expect(await db('stored_record_issues').select('advisor_id', 'record_id')).toEqual([
        { advisor_id: a, record_id: me },
      ]);

      // the move: one UPDATE of the household's key; every row of it follows (ON UPDATE CASCADE)
      await db('households').where({ advisor_id: a, id: h }).update({ advisor_id: b });
      const shape = await schemaShape(db);
      const withHousehold = shape.filter((t) => t.columns.has('household_id') && !GLOBAL_TABLES[t.table]);
      let moved = 0;
      for (const t of withHousehold) {
        const key = keyColumnOf(t.table);
        const rows: Array<Record<string, string>> = await db(t.table).where({ household_id: h }).select(key);
        moved += rows.length;
        expect([t.table, rows.filter((r) => r[key] !== b)]).toEqual([t.table, []]);
      }
      expect(moved).toBe(10);
      const left = await db('households').where({ advisor_id: a }).count<Array<{ n: string | number }>>({ n: '*' });
      expect(Number(left[0]?.n)).toBe(0);
      // a policy's children still go with it, keyed by the new advisor (the derived trigger)
      await db('insurance_policies').where({ advisor_id: b, id: policy }).delete();
      expect(await db('insurance_coverages').where({ advisor_id: b, id: coverage }).first()).toBeUndefined();
      // and the household's rows with the household
      await db('households').where({ advisor_id: b, id: h }).delete();
      for (const t of withHousehold)
        expect([t.table, await db(t.table).where({ household_id: h }).first()]).toEqual([t.table, undefined]);

      // down and up again: the shape before 022, then today's
      await distributionKey.down(db);
      expect(distributionProblems(await schemaShape(db))).toContain('households: primary key (id) lacks advisor_id');
      await distributionKey.up(db);
      expect(distributionProblems(await schemaShape(db))).toEqual([]);
    } finally {
      if (infra === 'real') await db.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await db.destroy();
      if (infra === 'embedded') rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every statement of a representative set of calls that names a tenant table names its key', async () => {
    const seen: string[] = [];
    let recording = true;
    const listener = (q: { sql: string }) => {
      if (recording) seen.push(q.sql);
    };
    t.svc.ctx.db.on('query', listener);
    try {
      const created = await ok('POST', 'leads', advisor, {
        name: 'Alex Tan',
        age: 40,
        currency: 'SGD',
        members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
      });
      const id = created.id as string;
      const members = created.members as Array<{ id: string; relation: string }>;
      const me = members.find((m) => m.relation === 'me')?.id as string;
      const spouse = members.find((m) => m.relation === 'spouse')?.id as string;
      const L = { lead_id: id, currency: 'SGD' };
      const income = await ok('POST', 'customer/member-income', advisor, {
        ...L,
        member_id: me,
        kind: 'gross income',
        amount: 8000,
        frequency: 'monthly',
      });
      await ok('POST', 'customer/member-expense', advisor, {
        ...L,
        category: 'food',
        amount: 1500,
        frequency: 'monthly',
      });
      await ok('POST', 'customer/saving-fund', advisor, { ...L, name: 'Bank', current_value: 50_000, growth_rate: 1 });
      await ok('POST', 'customer/debt', advisor, {
        ...L,
        name: 'Condo',
        type: 'property',
        purchase_price: 600_000,
        market_value: 750_000,
        growth_rate: 3,
        starting_year: 2015,
      });
      const policy = await ok('POST', 'customer/insurance', advisor, {
        ...L,
        member_id: spouse,
        plan_name: 'Life Plus',
        custom_company_name: 'Acme Assurance',
        premium: 2400,
        policy_date: '2020-01-15',
      });
      await ok('PATCH', `customer/member-income/${income.id}`, advisor, { amount: 8500 });
      await ok('GET', `single-lead/${id}`, advisor);
      await ok('GET', 'leads/lead?page=1&limit=10&search=alex', advisor);
      await ok('GET', `customer/${id}/member-income`, advisor);
      await ok('GET', `customer/${id}/insurance`, advisor);
      await ok('GET', `customer/${id}/balance-sheet`, advisor);
      await ok('GET', `customer/insurance-coverage-by-member?lead_id=${id}`, advisor);
      await ok('GET', `customer/${id}/financial-report`, advisor);
      await ok('GET', `customer/${id}/financial-report`, advisor);
      await ok(
        'POST',
        'customer/calculate/scenario-modelling',
        advisor,
        S.scenarioRunBody(id, S.ScenarioInputs.parse({})),
      );
      await ok('POST', `customer/${id}/named-scenarios`, advisor, { name: 'Retire at 60', inputs: {} });
      await ok('GET', `customer/${id}/named-scenarios`, advisor);
      await ok('POST', 'user/form-steps-draft/create', advisor, { step: 'on-boarding/members', lead_id: id, data: {} });
      await ok('POST', `customer/duplicate/${id}`, advisor);
      // the customer reads the household linked to their login
      recording = false;
      await t.svc.ctx
        .db('households')
        .where({ advisor_id: advisor.userId, id })
        .update({ customer_user_id: customer.userId });
      recording = true;
      await ok('GET', `single-lead/${id}`, customer);
      await ok('GET', `customer/${id}/financial-report`, customer);
      await ok('DELETE', `customer/insurance/${policy.id}`, advisor);
      await ok('DELETE', `members/${spouse}`, advisor);
      await ok('DELETE', `leads/${id}/destroy`, advisor);
    } finally {
      t.svc.ctx.db.removeListener('query', listener);
    }

    const tables = new Set((await schemaShape(t.svc.ctx.db)).map((s) => s.table));
    const tenant = (name: string) => tables.has(name) && !GLOBAL_TABLES[name];
    const named = new Set<string>();
    const missing: string[] = [];
    const excused = new Set<string>();
    for (const sql of seen)
      for (const table of tablesIn(sql)) {
        if (!tenant(table)) continue;
        named.add(table);
        if (mentions(sql, keyColumnOf(table))) continue;
        const why = UNKEYED.find((u) => u.table === table && u.sql.test(sql));
        if (why) excused.add(why.why);
        else missing.push(`${table}: ${sql}`);
      }
    // each exception is still needed (the customer's reads went through it)
    expect([...excused]).toEqual(UNKEYED.map((u) => u.why));
    // the calls reached the tables they stand for (not a vacuous pass)
    for (const table of [
      'households',
      'members',
      'member_incomes',
      'member_expenses',
      'saving_funds',
      'debts',
      'insurance_policies',
      'named_scenarios',
      'form_step_drafts',
    ])
      expect([table, named.has(table)]).toEqual([table, true]);
    expect(missing).toEqual([]);
  });
});
