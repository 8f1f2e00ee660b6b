/**
 * bench:scale's plan check (issue 37), shared with svc-planning/test/scale.test.ts: EXPLAIN (FORMAT JSON) of every
 * statement svc-planning ran (the SQL trace of service-kit, KF_SQL_TRACE), each plan printed one line a node, and a
 * problem named when a tenant table (one with an advisor_id or household_id column) is read without a bound: a Seq
 * Scan, an index scan without an index condition, or a scan whose conditions name neither advisor_id, household_id
 * nor id. Reference tables may be scanned. EXPLAIN without ANALYZE runs nothing, writes included.
 */
import type { Knex, SqlTraceEntry } from '@kinfolio/service-kit';
import { SEEDER } from './scale-seed';

/**
 * Statements that read a tenant table across tenants on purpose, each bounded by an index (not a scan of the table),
 * and why. They are shown with their plans and not counted as failures.
 */
export const CROSS_TENANT: Array<{ match: RegExp; why: string }> = [
  {
    match: /^select count\(\*\) as "n" from "jobs" where "status" = \$1 and "created_at" < \$2/,
    why: 'how many jobs are queued ahead of a new one: the one queue every tenant shares, by its partial index',
  },
  {
    match: /^select "advisor_id", "id" from "jobs" where "status" in \(\$1, \$2\) order by "created_at" asc/,
    why: "the open jobs embedded mode's one process remakes at its start, by the queue's partial index",
  },
];

export interface PlanNode {
  depth: number;
  type: string;
  relation?: string;
  index?: string;
  rows: number;
  /** The index condition of an index scan. */
  indexCond?: string;
  /** Every condition of the node (index, recheck, filter, join). */
  cond?: string;
}

export interface PlanCheck {
  sql: string;
  bindings: unknown[];
  /** The plan's nodes, depth first; empty when the statement could not be explained (`error`). */
  nodes: PlanNode[];
  /** What is wrong with the plan for a tenant table (empty: bounded). */
  problems: string[];
  /** Why a statement reads across tenants on purpose (CROSS_TENANT): the advisor/household bound is not asked of it. */
  allowed?: string;
  /**
   * The plan seq-scans only small tables (fewer rows than `smallRows`: the planner's right choice there) and, with
   * enable_seqscan off, an index bounds it: `small` says so and `bounded` is that plan; its problems are not counted.
   */
  small?: string;
  bounded?: PlanNode[];
  error?: string;
}

/** Tables of the current schema with an advisor_id or household_id column (the tenant's), and households. */
export async function tenantTables(db: Knex): Promise<Set<string>> {
  const rows = (
    await db.raw(
      `select distinct c.table_name as t from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.column_name in ('advisor_id', 'household_id')`,
    )
  ).rows as Array<{ t: string }>;
  return new Set(['households', ...rows.map((r) => r.t)]);
}

/** Statements worth a plan: reads and writes of the service's data (not its bookkeeping, not the catalogue). */
export function explainable(sql: string): boolean {
  if (sql.includes(SEEDER)) return false;
  const s = sql.trim().toLowerCase();
  if (!/^(select|with|insert|update|delete)\b/.test(s)) return false;
  if (/^select 1\b/.test(s) || /\b(pg_catalog|information_schema|pg_stat|pg_try_advisory|pg_advisory)\b/.test(s))
    return false;
  if (/knex_migrations/.test(s)) return false;
  if (/^select current_schema/.test(s)) return false;
  return true;
}

/** A native statement (`$1`) as a knex raw statement (`?`), its bindings in order, literal `?` escaped. */
function asKnexRaw(sql: string, bindings: unknown[]): { sql: string; bindings: unknown[] } {
  const ordered: unknown[] = [];
  if (!/\$\d+/.test(sql)) return { sql, bindings };
  const text = sql.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_, d: string) => {
    ordered.push(bindings[Number(d) - 1]);
    return '?';
  });
  return { sql: text, bindings: ordered };
}

interface RawNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Hash Cond'?: string;
  'Join Filter'?: string;
  'Merge Cond'?: string;
  Plans?: RawNode[];
}

function flatten(node: RawNode, depth: number, out: PlanNode[]): void {
  const cond = [
    node['Index Cond'],
    node['Recheck Cond'],
    node.Filter,
    node['Hash Cond'],
    node['Merge Cond'],
    node['Join Filter'],
  ]
    .filter(Boolean)
    .join(' AND ');
  out.push({
    depth,
    type: node['Node Type'],
    relation: node['Relation Name'],
    index: node['Index Name'],
    rows: node['Plan Rows'],
    indexCond: node['Index Cond'],
    cond: cond || undefined,
  });
  for (const child of node.Plans ?? []) flatten(child, depth + 1, out);
}

const BOUND = /\b(advisor_id|household_id|id)\b/;

/** What is wrong with a plan for the tenant tables. */
export function planProblems(nodes: PlanNode[], tenant: Set<string>, crossTenant = false): string[] {
  const problems: string[] = [];
  for (const n of nodes) {
    if (!n.relation || !tenant.has(n.relation)) continue;
    if (n.type === 'Seq Scan') problems.push(`Seq Scan on ${n.relation}`);
    else if ((n.type === 'Index Scan' || n.type === 'Index Only Scan') && !n.indexCond)
      problems.push(`${n.type} of ${n.index} on ${n.relation} without an index condition (the whole index)`);
    else if (!crossTenant && /Scan$/.test(n.type) && !BOUND.test(n.cond ?? ''))
      problems.push(`${n.type} on ${n.relation} bounded by neither advisor_id, household_id nor id`);
  }
  return problems;
}

/**
 * EXPLAINs each explainable entry on `db` (in one transaction, rolled back; with `seqscanOff`, SET enable_seqscan =
 * off so the planner shows whether an index can bound the query at all, as on a big table).
 */
export async function explainTrace(
  db: Knex,
  entries: SqlTraceEntry[],
  o: { seqscanOff?: boolean; tenant?: Set<string>; smallRows?: number } = {},
): Promise<PlanCheck[]> {
  const tenant = o.tenant ?? (await tenantTables(db));
  const smallRows = o.smallRows ?? 10_000;
  const rowsOf = new Map(
    (
      (
        await db.raw(
          'select relname as t, greatest(reltuples, 0)::float8 as n from pg_class where relnamespace = current_schema()::regnamespace and relkind = ?',
          ['r'],
        )
      ).rows as Array<{ t: string; n: number }>
    ).map((r) => [r.t, Number(r.n)]),
  );
  const out: PlanCheck[] = [];
  const trx = await db.transaction();
  try {
    if (o.seqscanOff) await trx.raw('set local enable_seqscan = off');
    for (const e of entries) {
      if (!explainable(e.sql)) continue;
      const q = asKnexRaw(e.sql, e.bindings);
      const check: PlanCheck = { sql: e.sql, bindings: e.bindings, nodes: [], problems: [] };
      try {
        await trx.raw('savepoint explain_one');
        const r = (await trx.raw(`explain (format json) ${q.sql}`, q.bindings as Knex.RawBinding[])) as {
          rows: Array<{ 'QUERY PLAN': Array<{ Plan: RawNode }> }>;
        };
        const plan = r.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (plan) flatten(plan, 0, check.nodes);
        const allowed = CROSS_TENANT.find((a) => a.match.test(e.sql));
        if (allowed) check.allowed = allowed.why;
        check.problems = planProblems(check.nodes, tenant, !!allowed);
        const scanned = check.nodes.filter((n) => n.type === 'Seq Scan' && tenant.has(n.relation ?? ''));
        if (
          check.problems.length &&
          !o.seqscanOff &&
          scanned.every((n) => (rowsOf.get(n.relation ?? '') ?? 0) < smallRows)
        ) {
          await trx.raw('set local enable_seqscan = off');
          const again = (await trx.raw(`explain (format json) ${q.sql}`, q.bindings as Knex.RawBinding[])) as typeof r;
          await trx.raw('set local enable_seqscan = on');
          const bounded: PlanNode[] = [];
          const p2 = again.rows[0]?.['QUERY PLAN'][0]?.Plan;
          if (p2) flatten(p2, 0, bounded);
          if (!planProblems(bounded, tenant, !!allowed).length) {
            check.small = `Seq Scan of small tables (${scanned.map((n) => `${n.relation} ${rowsOf.get(n.relation ?? '') ?? 0} rows`).join(', ')}); with enable_seqscan off an index bounds it`;
            check.bounded = bounded;
            check.problems = [];
          }
        }
        await trx.raw('release savepoint explain_one');
      } catch (err) {
        check.error = (err as Error).message.split('\n')[0];
        await trx.raw('rollback to savepoint explain_one');
      }
      out.push(check);
    }
  } finally {
    await trx.rollback();
  }
  return out;
}

function node(n: PlanNode, indent: string): string {
  const cond = n.cond ? ` [${n.cond.length > 100 ? `${n.cond.slice(0, 100)}…` : n.cond}]` : '';
  return `${indent}${'  '.repeat(n.depth)}${n.type}${n.relation ? ` on ${n.relation}` : ''}${n.index ? ` using ${n.index}` : ''} rows=${n.rows}${cond}`;
}

/** A plan in a few lines: the statement (shortened) and one line a node (type, relation, index, rows, condition). */
export function formatPlan(c: PlanCheck, width = 160): string {
  const head = c.sql.replace(/\s+/g, ' ');
  const mark = c.problems.length ? 'FAIL' : c.error ? 'N/A ' : c.allowed ? 'allw' : c.small ? 'smll' : 'ok  ';
  const lines = [`${mark} ${head.length > width ? `${head.slice(0, width)}…` : head}`];
  if (c.error) lines.push(`       not explained: ${c.error}`);
  if (c.allowed) lines.push(`       cross-tenant on purpose: ${c.allowed}`);
  for (const n of c.nodes) lines.push(node(n, '       '));
  if (c.small) {
    lines.push(`       ${c.small}:`);
    for (const n of c.bounded ?? []) lines.push(node(n, '         '));
  }
  for (const p of c.problems) lines.push(`       ✗ ${p}`);
  return lines.join('\n');
}
