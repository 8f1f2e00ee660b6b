/**
 * bench:scale's seeder (issue 37), shared with its small correctness test (svc-planning/test/scale.test.ts).
 *
 * One template household is made through the API (valid records of the kinds an advisor keeps, parents before
 * children), its rows are read back from every table that holds a household's rows, and it is cloned at the database
 * level: one `INSERT … SELECT` per table and chunk of households, the template's rows crossed with
 * `generate_series`, each row rebuilt with `jsonb_populate_record` from the template row's JSON in which every id of
 * the household (its own, its members', its records' — in columns and inside `data`) was replaced by a token that
 * the clone's number turns into a new id. The ids are deterministic:
 *
 *   household n, template row k → `<n, 8 hex>-<k, 4 hex>-4000-8000-5ca1e0000000`
 *   advisor a                   → `a<a, 7 hex>-0000-4000-8000-000000000000`
 *
 * so the bench and the test name any clone's household, member or record without reading it back. Household n belongs
 * to advisor ⌊n / perAdvisor⌋; its name, e-mail, type (2 of 3 customers) and creation time differ per clone so the
 * customers page's search and sort mean something, and with `vary` its incomes and expenses get n % 100 cents.
 */
import type { Knex } from '@kinfolio/service-kit';
import { recordKinds } from '@kinfolio/contracts';
import { seedRecords } from '../../e2e/support/household-seed';

/** POSTs `body` to `path` (under /api/v1/) as the template's advisor; answers the created record. */
export type Made = (path: string, body: Record<string, unknown>) => Promise<{ id: string }>;

export interface Template {
  householdId: string;
  advisorId: string;
  /** The template's `me` and `spouse` members. */
  me: string;
  spouse: string;
  /** Rows by table, households first and members second: the row as JSON with its ids turned into tokens. */
  rows: Map<string, string[]>;
  /** Template id → its token index k. */
  index: Map<string, number>;
  /** The template's row ids by table, in id order. */
  ids: Map<string, string[]>;
  /** Rows a clone adds, all tables. */
  rowsPerHousehold: number;
}

const SALT = '5ca1e0000000';
/** In a template row, where the clone's number (8 hex) goes in each id, and where its advisor's (7 hex). */
const HOUSEHOLD_TOKEN = '@@@@@@@@';
const ADVISOR_TOKEN = '&&&&&&&';
/** Marks the seeder's own statements, which the plan check leaves out (they are not the service's). */
export const SEEDER = '/* scale-seed */';
const hex = (v: number, width: number) => v.toString(16).padStart(width, '0');
export const advisorId = (a: number): string => `a${hex(a, 7)}-0000-4000-8000-000000000000`;
export const cloneId = (n: number, k: number): string => `${hex(n, 8)}-${hex(k, 4)}-4000-8000-${SALT}`;

/**
 * The template household: 2 members, `perKind` records of each kind seedRecords makes (incomes, expenses, living
 * expenses, savings, goals, saving and portfolio funds, policies with a benefit; pensions, loans, a property, coverage
 * targets) and one record of every other kind, children on the first parent of their kind (30: about 300 records).
 */
export async function makeTemplate(
  made: Made,
  perKind = 30,
): Promise<{ householdId: string; me: string; spouse: string; records: number }> {
  const lead = (await made('leads', {
    name: 'Template Tan',
    age: 40,
    email: 'template.tan@example.com',
    currency: 'SGD',
    members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
  })) as { id: string; members?: Array<{ id: string; relation: string }> };
  const me = lead.members?.find((m) => m.relation === 'me')?.id;
  const spouse = lead.members?.find((m) => m.relation === 'spouse')?.id;
  if (!me || !spouse) throw new Error('the template lead came back without its members');
  const first = new Map<string, string>();
  // the first record made on each path (and of each debt type: seedRecords makes them 8 at a time, in any order)
  const track: Made = async (path, body) => {
    const r = await made(path, body);
    const key = typeof body.type === 'string' ? `${path}:${body.type}` : path;
    if (!first.has(key)) first.set(key, r.id);
    return r;
  };
  const { records } = await seedRecords(track, lead.id, { me, spouse }, perKind);
  const L = { lead_id: lead.id };
  const SGD = { currency: 'SGD' };
  const of = (path: string) => first.get(`customer/${path}`) as string;
  const [policy, savingFund, pension, portfolio, debt] = [
    'insurance',
    'saving-fund',
    'pension:CPF',
    'portfolio-fund',
    'debt:mortgage',
  ].map(of);
  const person = (name: string) => ({ name, percentage: 50 });
  const extras: Array<[string, Record<string, unknown>]> = [
    ['life-uncertainty/cash-flow', { member_id: me, event: 'disability', ...SGD }],
    ['retirement-dream-rental', { property_value: 500000, monthly_rental: 2000, start_year: 2045, ...SGD }],
    [
      'retirement-dream-capital-preservation',
      { capital: 300000, expected_return: 4, withdrawal_rate: 3, start_year: 2045, ...SGD },
    ],
    ['insurance-plan', { insurance_id: policy, ...SGD }],
    ['insurance-plan-booster', { insurance_id: policy, name: 'Booster', ...SGD }],
    ['insurance-coverage', { insurance_id: policy, member_id: me }],
    ['insurance-cash-payout', { insurance_id: policy, payout: { amount: 1000, ...SGD } }],
    ['insurance-beneficiary', { insurance_id: policy, ...person('Kim Tan') }],
    ['insurance-contingent-owner', { insurance_id: policy, name: 'Kim Tan' }],
    ['insurance-transaction', { insurance_id: policy, amount: 1200, transaction_date: '2024-01-01', ...SGD }],
    ['insurance-fund', { insurance_id: policy, name: 'ILP growth', ...SGD }],
    ['saving-fund-owner', { saving_fund_id: savingFund, ...person('Kim Tan') }],
    ['saving-fund-contingent-owner', { saving_fund_id: savingFund, ...person('Lee Tan') }],
    ['saving-transactions', { saving_fund_id: savingFund, amount: 500, transaction_date: '2024-01-01', ...SGD }],
    ['pension-beneficiary', { pension_id: pension, ...person('Kim Tan') }],
    ['pension-transaction', { pension_id: pension, amount: 800, transaction_date: '2024-01-01', ...SGD }],
    ['portfolio-fund-owner', { portfolio_fund_id: portfolio, ...person('Kim Tan') }],
    ['portfolio-fund-contingent-owner', { portfolio_fund_id: portfolio, ...person('Lee Tan') }],
    ['portfolio-fund-details', { portfolio_fund_id: portfolio, name: 'World equity', units: 100, price: 1.5, ...SGD }],
    [
      'portfolio-fund-transactions',
      { portfolio_fund_id: portfolio, amount: 700, transaction_date: '2024-01-01', ...SGD },
    ],
    ['investment-beneficiary', { portfolio_fund_id: portfolio, ...person('Kim Tan') }],
    ['debt-mortgage-owner', { debt_id: debt, ...person('Kim Tan') }],
    ['debt-transactions', { debt_id: debt, amount: 900, transaction_start_date: '2024-01-01', ...SGD }],
    ['debt-mortgage-rental-income', { debt_id: debt, amount: 1500, transaction_start_date: '2024-01-01', ...SGD }],
    ['saved-filters', { name: 'Cash view', columns: ['income', 'expenses', 'net_worth'] }],
    ['locked-assets', { asset_id: 'cash-1' }],
  ];
  for (const [path, body] of extras) await made(`customer/${path}`, { ...L, ...body });
  // dreams and concerns are posted under the lead (their body has no lead_id)
  await made(`advisor/leads/${lead.id}/dreams`, { title: 'Retire by the sea' });
  await made(`advisor/leads/${lead.id}/concerns`, { title: 'Medical bills' });
  return { householdId: lead.id, me, spouse, records: records + extras.length + 2 };
}

/** The tables of the current schema that hold a household's rows (a `household_id` column), and `households`. */
export async function householdTables(db: Knex): Promise<string[]> {
  const rows = (
    await db.raw(
      `${SEEDER} select table_name as t from information_schema.columns
        where table_schema = current_schema() and column_name = 'household_id'
        order by table_name`,
    )
  ).rows as Array<{ t: string }>;
  const rest = rows.map((r) => r.t).filter((t) => t !== 'members');
  return ['households', 'members', ...rest];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Reads the template household's rows back from every table and turns its ids into tokens. */
export async function captureTemplate(
  db: Knex,
  t: { householdId: string; me: string; spouse: string },
): Promise<Template> {
  // a row's own id (tables keyed by the household alone, e.g. client_plan_settings, have none)
  const raw = new Map<string, Array<{ id: string | null; json: string }>>();
  for (const table of await householdTables(db)) {
    const where = table === 'households' ? 'id' : 'household_id';
    const rows = (
      (
        await db.raw(`${SEEDER} select row_to_json(x)::text as json from ?? x where ?? = ?`, [
          table,
          where,
          t.householdId,
        ])
      ).rows as Array<{ json: string }>
    )
      .map((r) => ({ json: r.json, id: (JSON.parse(r.json) as { id?: string }).id ?? null }))
      .sort((a, b) => (a.id ?? a.json).localeCompare(b.id ?? b.json));
    if (rows.length) raw.set(table, rows);
  }
  const household = raw.get('households')?.[0];
  if (!household) throw new Error(`template household ${t.householdId} not found`);
  const advisor = (JSON.parse(household.json) as { advisor_id: string }).advisor_id;
  const index = new Map<string, number>();
  for (const rows of raw.values()) for (const r of rows) if (r.id && !index.has(r.id)) index.set(r.id, index.size + 1);
  if (index.size > 0xffff) throw new Error('a template household of more than 65,535 rows');
  const rows = new Map<string, string[]>();
  let total = 0;
  for (const [table, list] of raw) {
    rows.set(
      table,
      list.map((r) =>
        r.json.replace(UUID, (id) => {
          if (id === advisor) return `a${ADVISOR_TOKEN}-0000-4000-8000-000000000000`;
          const k = index.get(id);
          return k === undefined ? id : `${HOUSEHOLD_TOKEN}-${hex(k, 4)}-4000-8000-${SALT}`;
        }),
      ),
    );
    total += list.length;
  }
  const ids = new Map([...raw].map(([table, list]) => [table, list.flatMap((r) => (r.id ? [r.id] : []))]));
  return { ...t, advisorId: advisor, rows, index, ids, rowsPerHousehold: total };
}

/** The clone of template row `templateId` in household n. */
export function cloneOf(tpl: Template, templateId: string, n: number): string {
  const k = tpl.index.get(templateId);
  if (k === undefined) throw new Error(`${templateId} is not a row of the template`);
  return cloneId(n, k);
}

export interface CloneOptions {
  /** Households a given advisor holds (household n belongs to advisor ⌊n / perAdvisor⌋). */
  perAdvisor: number;
  /** Incomes and expenses get n % 100 cents so clones differ (off: a clone's figures equal the template's). */
  vary?: boolean;
  /** Households per INSERT statement. */
  chunk?: number;
  /** Statements at once (each on its own connection). */
  parallel?: number;
  /** Told after each statement: rows added so far. */
  progress?(rows: number): void;
}

const FIRST = ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua', 'Koh', 'Teo'];
const GIVEN = ['Alex', 'Bea', 'Chen', 'Dev', 'Ema', 'Farid', 'Grace', 'Hui', 'Ivan', 'Jia', 'Kumar', 'Lina'];
const sqlList = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * The JSON of a template row for clone n, as SQL over `s.body` and `g.n`: two plain replaces (a regular expression
 * per row cost 1.5× the whole clone), the household's own columns and, with `vary`, an income's or expense's amount.
 */
function cloneExpr(table: string, vary: boolean, perAdvisor: number): string {
  const json = `replace(replace(s.body, '${HOUSEHOLD_TOKEN}', lpad(to_hex(g.n), 8, '0')), '${ADVISOR_TOKEN}', lpad(to_hex(g.n / ${perAdvisor}), 7, '0'))::jsonb`;
  if (table === 'households')
    return `(${json} || jsonb_build_object(
      'name', (${sqlList(FIRST)})[1 + g.n % ${FIRST.length}] || ' ' || (${sqlList(GIVEN)})[1 + (g.n / ${FIRST.length}) % ${GIVEN.length}] || ' ' || g.n,
      'email', 'client' || g.n || '@example.com',
      'type', CASE WHEN g.n % 3 = 0 THEN 'lead' ELSE 'customer' END,
      'created_at', now() - make_interval(mins => g.n),
      'updated_at', now() - make_interval(secs => g.n)))`;
  if (vary && (table === 'member_incomes' || table === 'member_expenses'))
    return `(select j || jsonb_build_object('data', (j->'data') || jsonb_build_object('amount', (j->'data'->>'amount')::numeric + (g.n % 100) / 100.0)) from (select ${json} as j) x)`;
  return json;
}

/**
 * Adds households [from, to) as clones of the template (their advisors' ids from advisorId), table by table and
 * chunk by chunk, foreign keys and triggers not fired (session_replication_role = replica: the clone is consistent by
 * construction). Answers the rows added.
 */
export async function cloneHouseholds(
  db: Knex,
  tpl: Template,
  from: number,
  to: number,
  o: CloneOptions,
): Promise<number> {
  const chunk = o.chunk ?? 100;
  const tasks: Array<() => Promise<number>> = [];
  for (const [table, bodies] of tpl.rows) {
    const sql = `${SEEDER} insert into ?? select r.* from unnest(?::text[]) as s(body)
      cross join generate_series(?::int, ?::int) as g(n)
      cross join lateral jsonb_populate_record(null::??, ${cloneExpr(table, o.vary ?? false, o.perAdvisor)}) as r`;
    for (let a = from; a < to; a += chunk) {
      const b = Math.min(to, a + chunk) - 1;
      tasks.push(async () => {
        await db.transaction(async (trx) => {
          await trx.raw('set local session_replication_role = replica');
          await trx.raw(sql, [table, bodies, a, b, table]);
        });
        return bodies.length * (b - a + 1);
      });
    }
  }
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<number>;
      const n = await task();
      done += n;
      o.progress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.parallel ?? 1) }, worker));
  return done;
}

/** Secondary indexes of the household tables (not those behind a primary key or unique constraint). */
export async function secondaryIndexes(db: Knex, tables: string[]): Promise<Array<{ name: string; def: string }>> {
  return (
    await db.raw(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any(?::text[])
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [tables],
    )
  ).rows as Array<{ name: string; def: string }>;
}

/** Table families for the size report: the record kinds' (contracts), households and members apart. */
export function familyOf(table: string): string {
  if (table === 'households' || table === 'members') return table;
  for (const k of Object.values(recordKinds.KINDS)) if (k.table === table) return k.family;
  return 'other';
}

export interface TableSize {
  table: string;
  family: string;
  rows: number;
  heapBytes: number;
  indexBytes: number;
  totalBytes: number;
}

/** Rows (exact) and bytes of each household table, after ANALYZE. */
export async function tableSizes(db: Knex, tables: string[]): Promise<TableSize[]> {
  const out: TableSize[] = [];
  for (const table of tables) {
    const r = (
      await db.raw(
        `select (select count(*) from ??)::bigint as rows, pg_table_size(?::regclass)::bigint as heap,
                pg_indexes_size(?::regclass)::bigint as idx, pg_total_relation_size(?::regclass)::bigint as total`,
        [table, table, table, table],
      )
    ).rows[0] as { rows: string; heap: string; idx: string; total: string };
    out.push({
      table,
      family: familyOf(table),
      rows: Number(r.rows),
      heapBytes: Number(r.heap),
      indexBytes: Number(r.idx),
      totalBytes: Number(r.total),
    });
  }
  return out;
}
