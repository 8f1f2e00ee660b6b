import * as errorsModule from './errors';
import type { Frequency } from './frequency';
import * as frequencyModule from './frequency';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, finiteTree, growthPercent: growth, result } = errorsModule;
const { normaliseFrequency, PAYMENTS_PER_YEAR } = frequencyModule;

/** Spec §5 benefit types and their fixed positions. */
export const BENEFIT_POSITIONS = {
  Death: 0,
  Disability: 1,
  'Major Illness': 2,
  'Early Critical Illness': 3,
  'Premium Waiver': 4,
  Medical: 5,
  'Personal Accident': 6,
  'Custom Benefit': -1,
} as const;
export type BenefitType = keyof typeof BENEFIT_POSITIONS;
export const BENEFIT_TYPES = Object.keys(BENEFIT_POSITIONS) as BenefitType[];

export interface Benefit {
  type: BenefitType;
  investment_linked?: boolean;
  expiry_age?: number;
  maturity_age?: number;
  payout?: {
    lump_sum_payout?: { amount: number };
    regular?: { amount: number; frequency?: string; duration?: number };
  };
  duration?: number;
  premium_waiver?: {
    payer?: boolean;
    non_payer?: { major_illness?: boolean; disability?: boolean; death?: boolean };
    insured?: { major_illness?: boolean; disability?: boolean };
  };
  medical?: { rnb?: string | number; annual_limit?: number; lifetime_limit?: number };
  medical_amount?: { amount: number };
  lump_sum?: { amount: number };
  critical_illness?: { ci_guard?: { amount: number }; ci_advance?: { amount: number } };
  title?: string;
  description?: string;
}

/** Spec §5 required keys per benefit (investment-linked variants use maturity_age; see requiredKeys). */
export function requiredKeys(type: BenefitType, investmentLinked = false): string[] {
  if (investmentLinked) {
    if (type === 'Death' || type === 'Disability') return ['maturity_age', 'lump_sum'];
    if (type === 'Major Illness') return ['maturity_age', 'critical_illness'];
    if (type === 'Custom Benefit') return ['title', 'payout', 'maturity_age'];
  }
  switch (type) {
    case 'Death':
    case 'Disability':
    case 'Major Illness':
    case 'Early Critical Illness':
      return ['expiry_age', 'payout', 'duration'];
    case 'Premium Waiver':
      return ['premium_waiver'];
    case 'Medical':
      return ['expiry_age', 'medical'];
    case 'Personal Accident':
      return ['expiry_age', 'payout', 'duration', 'medical_amount'];
    case 'Custom Benefit':
      return ['title', 'payout', 'expiry_age|maturity_age'];
  }
}

/** Validation messages naming each missing key, e.g. "Death: expiry_age is required". Empty when valid. */
export function validateBenefit(b: Benefit): string[] {
  if (!(b.type in BENEFIT_POSITIONS)) return [`Unknown benefit type ${String(b.type)}`];
  if (b.investment_linked && !['Death', 'Disability', 'Major Illness', 'Custom Benefit'].includes(b.type))
    return [`${b.type}: no investment-linked variant exists`];
  const rec = b as unknown as Record<string, unknown>;
  const missing: string[] = [];
  for (const key of requiredKeys(b.type, b.investment_linked)) {
    const alts = key.split('|');
    if (!alts.some((k) => rec[k] !== undefined && rec[k] !== null && rec[k] !== '')) {
      missing.push(
        alts.length > 1 ? `${b.type}: expiry_age or maturity_age is required` : `${b.type}: ${key} is required`,
      );
    }
  }
  return missing;
}

export function assertBenefit(b: Benefit, field: string): void {
  const errs = validateBenefit(b);
  if (errs.length) throw new CalculationInputError(field, errs[0] as string);
}

/** Regular payout total: amount × payments per year × duration (years). */
export function regularPayoutTotal(r: { amount: number; frequency?: string; duration?: number }): number {
  const f: Frequency = normaliseFrequency(r.frequency ?? 'monthly');
  finite(r.amount, 'payout.regular.amount');
  if (r.duration !== undefined) finite(r.duration, 'duration');
  return result(
    r.amount * (f === 'single' ? 1 : PAYMENTS_PER_YEAR[f]) * (f === 'single' ? 1 : (r.duration ?? 1)),
    'payout.regular.amount',
  );
}

/** A benefit's coverage amount: lump sum payout (or lump_sum / CI amounts) plus the regular payout total. */
export function benefitAmount(b: Benefit): number {
  finiteTree(b, '');
  let sum = 0;
  if (b.payout?.lump_sum_payout) sum += finite(b.payout.lump_sum_payout.amount, 'payout.lump_sum_payout.amount');
  if (b.payout?.regular)
    sum += regularPayoutTotal({ ...b.payout.regular, duration: b.payout.regular.duration ?? b.duration });
  if (b.lump_sum) sum += finite(b.lump_sum.amount, 'lump_sum.amount');
  if (b.critical_illness)
    sum +=
      finite(b.critical_illness.ci_guard?.amount ?? 0, 'critical_illness.ci_guard.amount') +
      finite(b.critical_illness.ci_advance?.amount ?? 0, 'critical_illness.ci_advance.amount');
  if (b.medical_amount) sum += finite(b.medical_amount.amount, 'medical_amount.amount');
  if (
    b.type === 'Medical' &&
    b.medical?.annual_limit !== undefined &&
    finite(b.medical.annual_limit, 'medical.annual_limit') > 0
  )
    sum += b.medical.annual_limit;
  return result(sum, 'benefits');
}

/** Whether a benefit still covers at an age (expiry or maturity age, default maturity 100). */
export function coversAt(b: Benefit, age: number): boolean {
  finite(age, 'age');
  finiteTree(b, '');
  return age < (b.expiry_age ?? b.maturity_age ?? 100);
}

export interface PolicyCoverage {
  member_id: string;
  benefits: readonly Benefit[];
}

/** Coverage totals per member and per benefit type at each member's age. */
export function coverageTotals(
  policies: readonly PolicyCoverage[],
  ages: ReadonlyMap<string, number>,
): Record<string, Partial<Record<BenefitType, number>>> {
  const out: Record<string, Partial<Record<BenefitType, number>>> = {};
  for (const p of policies) {
    const age = ages.get(p.member_id) ?? 0;
    let bucket = out[p.member_id];
    if (!bucket) {
      bucket = {};
      out[p.member_id] = bucket;
    }
    for (const b of p.benefits) {
      if (!coversAt(b, age)) continue;
      bucket[b.type] = result((bucket[b.type] ?? 0) + benefitAmount(b), 'benefits');
    }
  }
  return out;
}

/** Spec §9 defaults for insurance retirement/maturity values. */
export const INSURANCE_DEFAULTS = {
  maturity_age: 100,
  growth_rate: 5,
  spread_over_years: 2,
  dividend_period: { start: 1, end: 5 },
} as const;

/**
 * Value of a policy's savings at an age: current cash value grown at growth_rate (default 5%) from the current age.
 * At the maturity age the projected maturity value is paid when given (decision: it overrides the grown value).
 */
export function cashValueAt(
  current: number,
  currentAge: number,
  age: number,
  growthPercent: number = INSURANCE_DEFAULTS.growth_rate,
): number {
  finite(current, 'cash_value');
  finite(currentAge, 'age');
  finite(age, 'age');
  growth(growthPercent, 'growth_rate');
  return result(current * (1 + growthPercent / 100) ** Math.max(0, age - currentAge), 'cash_value');
}

/** Dividend/coupon payouts: `amount` each year of the policy from period.start to period.end (default 1 to 5). */
export function dividendPayoutInYear(
  amount: number,
  policyYearIndex: number,
  period: { start?: number; end?: number } = {},
): number {
  const s = period.start ?? INSURANCE_DEFAULTS.dividend_period.start;
  const e = period.end ?? INSURANCE_DEFAULTS.dividend_period.end;
  finite(amount, 'amount');
  finite(policyYearIndex, 'policy_year');
  finiteTree(period, 'dividend');
  return policyYearIndex >= s && policyYearIndex <= e ? amount : 0;
}

/** Premium waiver: whether a policy's premiums stop after an event happening to the payer or the insured. */
export function premiumWaived(
  waiver: Benefit['premium_waiver'] | undefined,
  event: 'death' | 'disability' | 'critical_illness',
  who: 'payer' | 'insured',
): boolean {
  if (!waiver) return false;
  if (who === 'payer') {
    if (waiver.payer) return true;
    const np = waiver.non_payer;
    return !!np && (event === 'death' ? !!np.death : event === 'disability' ? !!np.disability : !!np.major_illness);
  }
  const ins = waiver.insured;
  return (
    !!ins && (event === 'disability' ? !!ins.disability : event === 'critical_illness' ? !!ins.major_illness : false)
  );
}
