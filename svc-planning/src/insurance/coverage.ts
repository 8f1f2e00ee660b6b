import type { insurance as I, planning, reference as Ref } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
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
): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of incomes) {
    if (!EARNED.has(i.kind)) continue;
    if ((i.start_year ?? year) > year || (i.end_year ?? year) < year) continue;
    const yearly = cents(inHome(i.amount * (i.frequency === 'annual' ? 1 : 12), i.currency));
    out.set(i.member_id, (out.get(i.member_id) ?? 0) + yearly);
  }
  return out;
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
}
export interface CoverageInput {
  currency: string;
  members: ReadonlyArray<{ id: string; name: string; age: number | null }>;
  /** Benefits still covering at their member's age. */
  benefits: readonly HeldBenefit[];
  /** The advisor's targets, amounts in the household currency. */
  targets: ReadonlyArray<{ id: string; member_id: string; benefit_type: BenefitType; amount: number }>;
  thresholds: readonly Ref.Threshold[];
  /** Annual earned income by member, cents (earnedIncomeCents). */
  earned: ReadonlyMap<string, number>;
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
export function coverageRows(input: CoverageInput): {
  members: CoverageMember[];
  totals: { cover: number; target: number; gap: number };
} {
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
    }
    return {
      member_id: m.id,
      name: m.name,
      age: m.age,
      annual_income: (input.earned.get(m.id) ?? 0) / 100,
      rows: list,
    };
  });
  return { members, totals: { cover: coverC / 100, target: targetC / 100, gap: gapC / 100 } };
}
