/**
 * bench:scale's correctness at a tiny scale (issue 37): the seeder's clones are right and tenant-scoped, and every
 * statement the bench's everyday calls run can be answered by an index bounded by the advisor or the household.
 *
 * - A template household is made through the API, cloned at the database level into 2 advisors × 3 households; each
 *   clone read back through the API gives the template's figures (report, balance sheet, insurance coverage, the
 *   household), its ids being its own; advisor A's customers page lists only A's customers; B cannot read A's.
 * - The bench's calls (scale-calls.ts) run on the clones with service-kit's SQL trace on; each traced statement is
 *   EXPLAINed with enable_seqscan off (as the planner would choose on a big table) and no plan may read a tenant
 *   table with a Seq Scan, a whole index, or without a bound by advisor_id, household_id or id.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Identity,
  readSqlTrace,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { hotCalls, hotHousehold } from '../bench/scale-calls';
import { explainTrace, formatPlan } from '../bench/scale-plans';
import { advisorId, captureTemplate, cloneHouseholds, cloneId, makeTemplate, type Template } from '../bench/scale-seed';

const PER_ADVISOR = 3;

/** Where two replies differ (paths, at most 10); when the figures were computed and the household's name apart. */
function differences(a: unknown, b: unknown, path = '$', out: string[] = []): string[] {
  if (out.length >= 10 || /\.(computed_at|created_at|updated_at)$/.test(path)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
  } else if (a !== b) out.push(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  return out;
}
const HOUSEHOLDS = 2 * PER_ADVISOR;

describe.each(testInfras())('bench:scale seeder and plan check (%s)', (infra) => {
  let t: TestService;
  let dir: string;
  let trace: string;
  let tpl: Template;
  /** Trace lines written by the start (migrations, e.g. 015's one-off scan of every household): not the calls'. */
  let atStart = 0;
  const owner = testIdentity('advisor');
  const advisors: Identity[] = [0, 1].map((a) => testIdentity('advisor', advisorId(a)));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kf-scale-test-'));
    trace = join(dir, 'sql.jsonl');
    process.env.KF_SQL_TRACE = trace;
    try {
      t = await startTestService(planningModule, { infra });
    } finally {
      delete process.env.KF_SQL_TRACE;
    }
    atStart = readFileSync(trace, 'utf8').split('\n').filter(Boolean).length;
    const made = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, { as: owner, body });
      if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.data as { id: string };
    };
    const made1 = await makeTemplate(made, 3);
    tpl = await captureTemplate(t.svc.ctx.db, made1);
    const rows = await cloneHouseholds(t.svc.ctx.db, tpl, 0, HOUSEHOLDS, { perAdvisor: PER_ADVISOR, chunk: 2 });
    expect(rows).toBe(tpl.rowsPerHousehold * HOUSEHOLDS);
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const get = async (path: string, as: Identity) => {
    const res = await t.call('GET', path, { as });
    return { status: res.status, text: JSON.stringify(res.body) };
  };

  test('every clone reads back through the API with the template’s figures, under its own ids', async () => {
    const reads = (id: string) => [
      `customer/${id}/financial-report`,
      `customer/${id}/balance-sheet`,
      `customer/${id}/debt-summary`,
      `customer/insurance-coverage-by-member?lead_id=${id}`,
      `customer/${id}/member-income`,
      `customer/${id}/insurance`,
    ];
    const template = await Promise.all(reads(tpl.householdId).map((p) => get(p, owner)));
    for (const r of template) expect(r.status).toBe(200);
    for (let n = 0; n < HOUSEHOLDS; n++) {
      const as = advisors[Math.floor(n / PER_ADVISOR)] as Identity;
      const id = cloneId(n, tpl.index.get(tpl.householdId) as number);
      const clone = await Promise.all(reads(id).map((p) => get(p, as)));
      clone.forEach((r, i) => {
        expect([reads(id)[i], r.status]).toEqual([reads(id)[i], 200]);
        // the clone's ids are its own: none of the template's appears in its replies
        for (const tid of tpl.index.keys()) expect(r.text.includes(tid)).toBe(false);
        // …and named back to the template's, the reply is the template's
        let back = r.text;
        for (const [tid, k] of tpl.index) back = back.split(cloneId(n, k)).join(tid);
        expect([reads(id)[i], differences(JSON.parse(back), JSON.parse(template[i]?.text ?? 'null'))]).toEqual([
          reads(id)[i],
          [],
        ]);
      });
    }
  }, 120_000);

  test("an advisor's customers page lists only their own customers; another advisor's household is not found", async () => {
    const [a, b] = advisors as [Identity, Identity];
    const page = await t.call('GET', 'leads/customer?page_size=100', { as: a });
    expect(page.status).toBe(200);
    const ids = (page.body.data.rows as Array<{ id: string }>).map((r) => r.id).sort();
    const hh = tpl.index.get(tpl.householdId) as number;
    // households 0..2 are advisor 0's; 1 in 3 is a lead (n % 3 = 0), the others customers
    expect(ids).toEqual([cloneId(1, hh), cloneId(2, hh)].sort());
    expect((await get(`single-lead/${cloneId(1, hh)}`, b)).status).toBe(404);
    expect((await get(`customer/${cloneId(1, hh)}/financial-report`, b)).status).toBe(404);
    expect((await get(`single-lead/${cloneId(4, hh)}`, b)).status).toBe(200);
  });

  test("every statement of the bench's calls is bounded by the advisor or the household (no Seq Scan, enable_seqscan off)", async () => {
    const calls = hotCalls(1);
    for (let n = 0; n < HOUSEHOLDS; n++) {
      const as = advisors[Math.floor(n / PER_ADVISOR)] as Identity;
      const h = hotHousehold(tpl, n);
      const send = async (method: string, path: string, body?: unknown) =>
        (await t.call(method, path, { as, body })).status;
      for (const c of calls) {
        for (const s of [...((await c.before?.(send, h, n)) ?? []), ...(await c.run(send, h, n))])
          expect([c.name, s]).toEqual([c.name, 200]);
      }
    }
    const entries = readSqlTrace(readFileSync(trace, 'utf8').split('\n').filter(Boolean).slice(atStart).join('\n'));
    const checks = await explainTrace(t.svc.ctx.db, entries, { seqscanOff: true });
    // the calls did reach the tables: the plans name the record tables they read
    const read = new Set(checks.flatMap((c) => c.nodes.map((n) => n.relation)));
    for (const table of ['households', 'members', 'member_incomes', 'insurance_policies', 'debts'])
      expect([table, read.has(table)]).toEqual([table, true]);
    const failed = checks.filter((c) => c.problems.length || c.error).map((c) => formatPlan(c));
    expect(failed).toEqual([]);
  }, 120_000);
});
