import type { insurance as I, planning, reference as Ref } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { CONST_12, constants, fxLeaf } from '../domain/calculations/debt-explain';
import type { Explainer, RulePart } from '../domain/calculations/explain';
import type { BenefitType } from '../domain/calculations/insurance';
import { benefitPosition } from './rules';

/**
 * Issue 31: the one computation of cover, target and gap per member and benefit type (docs/planning-model.md
 * "Insurance coverage and gaps"). The insurance tab's rows and headline, the report's insurance block and its cover
 * checks, and every insurance export read what `coverageRows` returns; nothing else computes a gap.
 *
 * - cover: every benefit of the row's type still covering at the member's age (amounts by the engine, in the
 *   household currency). The critical-illness row counts every benefit that pays on a critical-illness claim: Major
 *   Illness and Early Critical Illness (CRITICAL_ILLNESS).
 * - target: the advisor's coverage target for the member and row when set; else the planning threshold in force for
 *   the row (Death: life_cover_multiple, critical illness: critical_illness_cover_multiple) × the member's annual
 *   earned income in force this year, when that income is above 0; else none.
 * - gap: max(target − cover, 0) (0 when the cover is unlimited); null without a target.
 * Sums in integer cents.
 *
 * Explained (issue 34, docs/decisions/explanations-h4.md) when an Explainer is passed: `insurance:<member_id>:
 * <benefit_type>:cover|target|gap` per row (the benefit type as the row carries it), `insurance:<member_id>:
 * annual_income` and `insurance:total:cover|target|gap`, recorded here beside the sums they explain.
 */

/** Benefit types paying on a critical-illness claim: one "Critical illness" row, under the Major Illness type. */
export const CRITICAL_ILLNESS: readonly BenefitType[] = ['Major Illness', 'Early Critical Illness'];
/** The row a benefit type's cover (and an advisor's target of that type) counts in. */
export const rowTypeOf = (t: BenefitType): BenefitType => (CRITICAL_ILLNESS.includes(t) ? 'Major Illness' : t);
/** The row's name as every screen and export shows it. */
export const rowLabel = (t: BenefitType): string => (t === 'Major Illness' ? 'Critical illness' : t);

/** The planning threshold (reference.THRESHOLD_DEFAULTS key) that gives a row its target when the advisor set none. */
export const THRESHOLD_OF: Partial<Record<BenefitType, 'life_cover_multiple' | 'critical_illness_cover_multiple'>> = {
  Death: 'life_cover_multiple',
  'Major Illness': 'critical_illness_cover_multiple',
};

/** Incomes earned by work: what a cover multiple measures. */
export const EARNED = new Set(['gross income', 'bonus', 'business income']);

const cents = (x: number) => Math.round(x * 100);

/**
 * Each member's earned income in force in `year` (start/end years), a year's worth (monthly × 12), in the household
 * currency: `inHome` converts an amount to it (2 decimals). In cents, by member id.
 */
export function earnedIncomeCents(
  incomes: NonNullable<planning.Household['incomes']>,
  year: number,
  inHome: (amount: number, currency: string | undefined) => number,
  explain: EarnedExplain | null = null,
): Map<string, number> {
  const out = new Map<string, number>();
  const parts = explain === null ? null : new Map<string, Array<[string, 1]>>();
  for (const [k, i] of incomes.entries()) {
    if (!EARNED.has(i.kind)) continue;
    if ((i.start_year ?? year) > year || (i.end_year ?? year) < year) continue;
    const yearly = cents(inHome(i.amount * (i.frequency === 'annual' ? 1 : 12), i.currency));
    out.set(i.member_id, (out.get(i.member_id) ?? 0) + yearly);
    if (explain !== null && parts !== null) {
      const list = parts.get(i.member_id) ?? [];
      list.push([recordEarned(explain, i, k, year, yearly / 100), 1]);
      parts.set(i.member_id, list);
    }
  }
  if (explain !== null && parts !== null)
    for (const [memberId, list] of parts)
      explain.ex.sum(
        incomeId(memberId),
        (out.get(memberId) ?? 0) / 100,
        list,
        {
          label: `Annual earned income, ${year}`,
          rule: sumRule(explain.ex, list),
        },
        true,
      );
  return out;
}

/** What earnedIncomeCents records with: the Explainer, the household currency and 1 unit of a currency in it. */
export interface EarnedExplain {
  ex: Explainer;
  currency: string;
  rate: (currency: string) => number;
}
/** A member's annual earned income, the figure a cover multiple multiplies. */
export const incomeId = (memberId: string) => `insurance:${memberId}:annual_income`;

/** One income's year's worth in the household currency: its amount (× 12 a month), converted, to the cent. */
function recordEarned(
  { ex, currency, rate }: EarnedExplain,
  i: NonNullable<planning.Household['incomes']>[number],
  k: number,
  year: number,
  yearly: number,
): string {
  const id = i.id ?? `incomes.${k}`;
  const what = i.kind === 'gross income' ? 'Gross income' : i.kind === 'bonus' ? 'Bonus' : 'Business income';
  const own = (i.currency ?? currency).toUpperCase();
  const amount = ex.input(`in:incomes:${id}:amount`, i.amount, {
    label: `${what}, ${i.frequency === 'annual' ? 'a year' : 'a month'}`,
    records: [{ kind: 'income', id, field: 'amount' }],
    rule: own === currency ? [] : ['in ', own],
  });
  const f = own === currency ? 1 : rate(own);
  const out = `insurance:income:${id}:${year}:yearly`;
  constants(ex);
  const parts = i.frequency === 'annual' ? [amount] : [amount, CONST_12];
  if (f !== 1) parts.push(fxLeaf(ex, own, currency, f));
  ex.add(out, yearly, { op: parts.length === 1 ? 'sum' : 'product', round: true }, parts, {
    label: `${what} in ${year}, a year`,
    rule: [
      { value: i.amount, unit: 'money' },
      ...(i.frequency === 'annual' ? [] : [' × 12 months']),
      ...(f === 1 ? [] : [` ${own} × `, { value: f, unit: 'factor' as const }, ` (1 ${own} in ${currency})`]),
    ],
  });
  return out;
}

/** "a + b + c" with the parts' labels and values put in. */
function sumRule(ex: Explainer, parts: ReadonlyArray<readonly [string, 1 | -1]>, none = 'none'): RulePart[] {
  if (parts.length === 0) return [none];
  return parts.flatMap(([id, sign], k): RulePart[] => [
    ...(k > 0 ? [sign < 0 ? ' − ' : ' + '] : sign < 0 ? ['− '] : []),
    `${ex.get(id)?.label ?? id} `,
    { value: ex.get(id)?.value ?? 0, unit: ex.get(id)?.unit ?? 'money' },
  ]);
}

export interface HeldBenefit {
  member_id: string;
  type: BenefitType;
  insurance_id: string;
  benefit_id: string;
  plan_name: string | null;
  /** The engine's amount in the household currency. */
  amount: number;
  until_age: number;
  unlimited: boolean;
  /** Explaining only: the benefit's amount in its own currency and 1 unit of it in the household's. */
  own?: { amount: number; currency: string; rate: number };
}
/** The planning thresholds' source, as an explanation's table names it. */
export const THRESHOLD_SOURCE =
  "Kinfolio's default: LIA Singapore's protection-gap study (9× annual income life cover, 4× critical illness)";
export interface CoverageInput {
  currency: string;
  members: ReadonlyArray<{ id: string; name: string; age: number | null }>;
  /** Benefits still covering at their member's age. */
  benefits: readonly HeldBenefit[];
  /** The advisor's targets, amounts in the household currency. */
  targets: ReadonlyArray<{
    id: string;
    member_id: string;
    benefit_type: BenefitType;
    amount: number;
    /** Explaining only: the target in its own currency and 1 unit of it in the household's. */
    own?: { amount: number; currency: string; rate: number };
  }>;
  thresholds: readonly Ref.Threshold[];
  /** Annual earned income by member, cents (earnedIncomeCents). */
  earned: ReadonlyMap<string, number>;
  /** The year the earned income is taken in (an explained threshold target names it). */
  year?: number;
}
type Row = I.CoverageRow;
export type CoverageMember = {
  member_id: string;
  name: string;
  age: number | null;
  annual_income: number;
  rows: Row[];
};

/** Per member, a row for every benefit type held or targeted (§5 order, Custom Benefit last), and their sums. */
export function coverageRows(
  input: CoverageInput,
  ex: Explainer | null = null,
): {
  members: CoverageMember[];
  totals: { cover: number; target: number; gap: number };
} {
  // explaining: each row's cover parts (benefit amounts) by row, and the advisor's target leaves by row
  const coverParts = ex === null ? null : new Map<Row, string[]>();
  const targetLeaf = ex === null ? null : new Map<Row, string>();
  const rows = new Map<string, Map<BenefitType, Row>>();
  const byId = new Map(input.members.map((m) => [m.id, m]));
  const rowOf = (memberId: string, type: BenefitType): Row => {
    let byType = rows.get(memberId);
    if (!byType) {
      byType = new Map();
      rows.set(memberId, byType);
    }
    let r = byType.get(type);
    if (!r) {
      const m = byId.get(memberId);
      r = {
        member_id: memberId,
        name: m?.name ?? '',
        age: m?.age ?? null,
        benefit_type: type,
        label: rowLabel(type),
        benefit_position: benefitPosition(type),
        currency: input.currency,
        cover: 0,
        unlimited: false,
        until_age: null,
        policies: [],
        target: null,
        target_id: null,
        target_source: null,
        threshold: null,
        gap: null,
      };
      byType.set(type, r);
    }
    return r;
  };
  for (const b of input.benefits) {
    if (!byId.has(b.member_id)) continue;
    const r = rowOf(b.member_id, rowTypeOf(b.type));
    r.cover = (cents(r.cover) + cents(b.amount)) / 100;
    if (b.unlimited) r.unlimited = true;
    r.until_age = Math.max(r.until_age ?? 0, b.until_age);
    r.policies.push({
      insurance_id: b.insurance_id,
      benefit_id: b.benefit_id,
      benefit_type: b.type,
      plan_name: b.plan_name,
      amount: round2(b.amount),
      until_age: b.until_age,
    });
    if (ex !== null && coverParts !== null) {
      const list = coverParts.get(r) ?? [];
      list.push(recordBenefit(ex, input.currency, b));
      coverParts.set(r, list);
    }
  }
  // the advisor's targets; a row's own type wins over another type counted in it (Early Critical Illness)
  const sorted = [...input.targets].sort(
    (a, b) =>
      Number(rowTypeOf(a.benefit_type) !== a.benefit_type) - Number(rowTypeOf(b.benefit_type) !== b.benefit_type),
  );
  for (const t of sorted) {
    if (!byId.has(t.member_id)) continue;
    const r = rowOf(t.member_id, rowTypeOf(t.benefit_type));
    if (r.target_source === 'advisor') continue;
    r.target = round2(t.amount);
    r.target_id = t.id;
    r.target_source = 'advisor';
    if (ex !== null && targetLeaf !== null) targetLeaf.set(r, recordTarget(ex, input.currency, t, r.target));
  }
  // the planning thresholds for the rows the advisor left without a target, for members earning an income
  for (const m of input.members) {
    const incomeC = input.earned.get(m.id) ?? 0;
    if (incomeC <= 0) continue;
    for (const [type, key] of Object.entries(THRESHOLD_OF) as Array<[BenefitType, string]>) {
      const th = input.thresholds.find((x) => x.key === key);
      if (!th) continue;
      const r = rowOf(m.id, type);
      if (r.target_source === 'advisor') continue;
      r.target = Math.round(incomeC * th.value) / 100;
      r.target_source = 'threshold';
      r.threshold = { key: th.key, label: th.label, multiple: th.value, annual_income: incomeC / 100 };
    }
  }
  let coverC = 0;
  let targetC = 0;
  let gapC = 0;
  const order = (p: number) => (p < 0 ? 100 : p);
  const members = input.members.map((m) => {
    const list = [...(rows.get(m.id)?.values() ?? [])].sort(
      (a, b) => order(a.benefit_position) - order(b.benefit_position),
    );
    for (const r of list) {
      if (r.target !== null) r.gap = r.unlimited ? 0 : Math.max(cents(r.target) - cents(r.cover), 0) / 100;
      coverC += r.unlimited ? 0 : cents(r.cover);
      targetC += cents(r.target ?? 0);
      gapC += cents(r.gap ?? 0);
      if (ex !== null) recordRow(ex, input, m, r, coverParts?.get(r) ?? [], targetLeaf?.get(r));
    }
    return {
      member_id: m.id,
      name: m.name,
      age: m.age,
      annual_income: (input.earned.get(m.id) ?? 0) / 100,
      rows: list,
    };
  });
  const totals = { cover: coverC / 100, target: targetC / 100, gap: gapC / 100 };
  if (ex !== null) recordTotals(ex, members, totals);
  return { members, totals };
}

/** A row's figure id: `insurance:<member_id>:<benefit_type>:<what>`, the type as the row carries it. */
export const coverageId = (memberId: string, type: BenefitType, what: 'cover' | 'target' | 'gap') =>
  `insurance:${memberId}:${type}:${what}`;

const money = (value: number): RulePart => ({ value, unit: 'money' });

/** A benefit's amount in the household currency: its record's amount, converted when in another currency. */
function recordBenefit(ex: Explainer, currency: string, b: HeldBenefit): string {
  const name = `${b.plan_name ?? 'Policy'}: ${b.type} benefit`;
  const records = [{ kind: 'benefit', id: b.benefit_id, field: 'amount' }];
  const leaf = `in:benefits:${b.benefit_id}:amount`;
  const ruleTo: RulePart[] = ['covers to age ', { value: b.until_age, unit: 'age' }];
  if (!b.own || b.own.rate === 1) {
    ex.input(leaf, b.amount, { label: name, records, rule: ruleTo });
    return leaf;
  }
  ex.input(leaf, b.own.amount, { label: `${name}, in ${b.own.currency}`, records, rule: ruleTo });
  const id = `insurance:benefit:${b.benefit_id}:amount`;
  ex.add(id, b.amount, { op: 'product', round: true }, [leaf, fxLeaf(ex, b.own.currency, currency, b.own.rate)], {
    label: name,
    rule: [money(b.own.amount), ` ${b.own.currency} × `, { value: b.own.rate, unit: 'factor' }],
  });
  return id;
}

/** The advisor's coverage target: the record's amount, converted when in another currency. */
function recordTarget(ex: Explainer, currency: string, t: CoverageInput['targets'][number], value: number): string {
  const records = [{ kind: 'coverageTarget', id: t.id, field: 'amount' }];
  const leaf = `in:coverage_targets:${t.id}:amount`;
  const label = `The advisor's ${rowLabel(rowTypeOf(t.benefit_type))} cover target`;
  if (!t.own || t.own.rate === 1) {
    ex.input(leaf, value, { label, records, rule: ['set by the advisor'] });
    return leaf;
  }
  ex.input(leaf, t.own.amount, { label: `${label}, in ${t.own.currency}`, records, rule: ['set by the advisor'] });
  const id = `insurance:coverage_target:${t.id}:amount`;
  ex.add(id, t.amount, { op: 'product' }, [leaf, fxLeaf(ex, t.own.currency, currency, t.own.rate)], {
    label,
    rule: [money(t.own.amount), ` ${t.own.currency} × `, { value: t.own.rate, unit: 'factor' }],
  });
  return id;
}

/** One row's cover (Σ its benefits), target (the advisor's or income × the threshold) and gap (max(target − cover, 0)). */
function recordRow(
  ex: Explainer,
  input: CoverageInput,
  m: CoverageInput['members'][number],
  r: Row,
  benefits: readonly string[],
  advisorTarget: string | undefined,
): void {
  const what = rowLabel(r.benefit_type);
  const cover = coverageId(m.id, r.benefit_type, 'cover');
  const benefitRecords = r.policies.map((p) => ({ kind: 'benefit', id: p.benefit_id, field: 'amount' }));
  if (r.unlimited) {
    // the report and the totals count unlimited cover as 0; the screens say "Unlimited"
    ex.input(cover, 0, {
      label: `${m.name}: ${what} cover`,
      records: benefitRecords,
      rule: ['unlimited: a benefit without an annual limit covers any amount (counted as 0 in the totals)'],
    });
  } else {
    const parts = benefits.map((b): [string, 1] => [b, 1]);
    ex.sum(
      cover,
      r.cover,
      parts,
      {
        label: `${m.name}: ${what} cover`,
        rule: sumRule(ex, parts, `no policy covers ${m.name} for this at age ${m.age ?? 'unknown'}`),
      },
      true,
    );
  }
  if (r.target === null) return;
  const target = coverageId(m.id, r.benefit_type, 'target');
  if (r.target_source === 'advisor' && advisorTarget !== undefined) {
    ex.sum(
      target,
      r.target,
      [[advisorTarget, 1]],
      {
        label: `${m.name}: ${what} target`,
        rule: ["the advisor's target ", money(r.target)],
      },
      true,
    );
  } else if (r.threshold) {
    const year = input.year ?? new Date().getUTCFullYear();
    const th = input.thresholds.find((x) => x.key === r.threshold?.key);
    const multiple = ex.input(`tbl:planning_thresholds:${year}:${r.threshold.key}`, r.threshold.multiple, {
      label: r.threshold.label,
      unit: 'factor',
      table: {
        name: 'planning thresholds',
        version: year,
        year,
        source: th && !th.is_default ? "set by your firm's administrator" : THRESHOLD_SOURCE,
      },
    });
    const income = incomeId(m.id);
    if (!ex.has(income))
      ex.input(income, r.threshold.annual_income, {
        label: 'Annual earned income',
        leaf: 'engine',
        rule: ['the earned incomes in force, a year’s worth'],
      });
    ex.add(target, r.target, { op: 'product', round: true }, [income, multiple], {
      label: `${m.name}: ${what} target`,
      rule: [
        { value: r.threshold.multiple, unit: 'factor' },
        ' × annual earned income ',
        money(r.threshold.annual_income),
        ' (the planning threshold: ',
        r.threshold.label,
        ')',
      ],
    });
  } else return;
  const gap = coverageId(m.id, r.benefit_type, 'gap');
  if (r.unlimited) {
    ex.input(gap, 0, {
      label: `${m.name}: ${what} gap`,
      records: benefitRecords,
      rule: ['no gap: the cover is unlimited'],
    });
    return;
  }
  const short = `insurance:${m.id}:${r.benefit_type}:target_less_cover`;
  const diff = (cents(r.target) - cents(r.cover)) / 100;
  ex.sum(
    short,
    diff,
    [
      [target, 1],
      [cover, -1],
    ],
    {
      label: `${m.name}: ${what} target less cover`,
      rule: ['target ', money(r.target), ' − cover ', money(r.cover)],
    },
    true,
  );
  ex.add(gap, r.gap ?? 0, { op: 'floor0' }, [short], {
    label: `${m.name}: ${what} gap`,
    rule:
      diff > 0
        ? ['target ', money(r.target), ' − cover ', money(r.cover)]
        : ['none: the cover ', money(r.cover), ' meets the target ', money(r.target)],
  });
}

/** The headline: the rows' cover (unlimited counted 0), targets and gaps, summed in cents. */
function recordTotals(
  ex: Explainer,
  members: readonly CoverageMember[],
  totals: { cover: number; target: number; gap: number },
): void {
  const rows = members.flatMap((m) => m.rows.map((r) => ({ m, r })));
  const line = (what: 'cover' | 'target' | 'gap', label: string, value: number, use: (r: Row) => boolean) => {
    const parts = rows
      .filter(({ r }) => use(r))
      .map(({ m, r }): [string, 1] => [coverageId(m.member_id, r.benefit_type, what), 1]);
    ex.sum(`insurance:total:${what}`, value, parts, { label, rule: sumRule(ex, parts) }, true);
  };
  line('cover', 'Total cover', totals.cover, (r) => !r.unlimited);
  line('target', 'Total cover targets', totals.target, (r) => r.target !== null);
  line('gap', 'Total gap', totals.gap, (r) => r.target !== null);
}
