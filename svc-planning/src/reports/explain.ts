import type { explanations as X } from '@kinfolio/contracts';
import { notFound, type ServiceContext } from '@kinfolio/service-kit';
import { Explainer, type Step } from '../domain/calculations/explain';
import { nodeOf } from '../domain/calculations/explain-tree';
import { coverageByMember } from '../insurance/read';
import { readableHousehold, type HouseholdRow } from '../records/access';
import { listCurrencyRates } from '../currency/repository';
import { planningThresholds } from '../reference/thresholds/read';
import { householdStamp, type Stamp, StampedCache } from './cache';
import { planSettingsAt, projectHousehold, storedHouseholdAt } from './projection';
import { assembleReport, readModel, reportRecords } from './read';
import { recordLinks } from './explain-records';

/**
 * "How was this calculated?" (issue 34, docs/decisions/explanations.md): the steps of one household version, recorded
 * by the same code that computes the report (the engine with an Explainer, the report's assembly, the coverage and
 * the debt figures), kept per version like the report (./cache.ts: a write changes the stamp). Explaining a figure is
 * then a lookup: the figure's step, its parts one level down, its records named.
 */
export const explainCache = new StampedCache<ReadonlyMap<string, Step>>('explain', { limit: 64 });

/** Records every step of the household's report at a version (no cache). */
export async function recordSteps(
  ctx: ServiceContext,
  hh: HouseholdRow,
  asOf: string | undefined,
  stamp: Stamp,
): Promise<ReadonlyMap<string, Step>> {
  const thresholdsRead = planningThresholds(ctx.db);
  const [household, plan, recs, rateRows, thresholds] = await Promise.all([
    storedHouseholdAt(ctx, hh, asOf, stamp),
    planSettingsAt(ctx, hh, stamp),
    reportRecords(ctx, hh),
    listCurrencyRates(ctx.db),
    thresholdsRead,
  ]);
  const ex = new Explainer();
  const p = projectHousehold(household, plan, ex);
  const coverage = await coverageByMember(ctx, hh, {
    household: Promise.resolve(household),
    thresholds: Promise.resolve(thresholds),
    ex,
  });
  assembleReport({ hh, asOf, p, coverage, recs, rateRows, thresholds, ex });
  return ex.steps;
}

/** A node's money in the currency asked for (`amount`, the report's one conversion); other units as they are. */
function inCurrency(n: X.Explanation, amount: (x: number) => number): X.Explanation {
  const money = (value: number, unit: string) => (unit === 'money' ? amount(value) : value);
  return {
    ...n,
    value: money(n.value, n.unit),
    rule: n.rule.map((r) => (typeof r === 'string' ? r : { value: money(r.value, r.unit), unit: r.unit })),
    parts: n.parts.map((p) => ({ ...p, value: money(p.value, p.unit) })),
  };
}

/** GET customer/{id}/financial-report/explain: one figure of a household the caller may read (else a 404). */
export async function explainFigure(
  ctx: ServiceContext,
  id: string,
  q: X.ExplanationQuery,
): Promise<X.ExplanationData> {
  const hh = await readableHousehold(ctx, id);
  const stamp = await householdStamp(ctx.db, hh);
  const [model, steps] = await Promise.all([
    readModel(ctx, hh, q),
    explainCache.get(ctx, hh, q.as_of, stamp, () => recordSteps(ctx, hh, q.as_of, stamp)),
  ]);
  const s = steps.get(q.figure);
  if (!s) throw notFound(`No figure ${q.figure} in this household's report`);
  const records = await recordLinks(ctx, hh, s.records ?? []);
  return {
    customer_id: hh.id,
    currency: model.report.currency,
    as_of: model.report.as_of,
    explanation: { ...inCurrency(nodeOf(steps, s.id), model.amount), records },
  };
}
