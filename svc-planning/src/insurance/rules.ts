import { type insurance as I, isCalendarDate } from '@kinfolio/contracts';
import { dayNumber, ymd } from '../domain/calculations/dates';
import {
  BENEFIT_POSITIONS,
  type Benefit,
  type BenefitType,
  benefitAmount,
  coversAt,
  INSURANCE_DEFAULTS,
  validateBenefit,
} from '../domain/calculations/insurance';
import { type PremiumPayment, policyYearOf, premiumSchedule } from '../domain/calculations/premiums';

/**
 * The insurance rules enforced on save (spec §4, §5, §6), as pure functions over the contract shapes. The engine
 * (domain/calculations) owns benefit positions, required keys, amounts and premium schedules; these map stored
 * records onto it and name the field a rule is about.
 */
export interface Issue {
  field: string;
  message: string;
}
type Money = { currency: string; amount: number };
/** Converts an amount from its currency (the identity when amounts stay in their own currencies). */
export type Convert = (amount: number, currency: string) => number;
const same: Convert = (amount) => amount;

/** The fixed position of a benefit type (spec §5: Death 0 … Personal Accident 6, Custom Benefit -1). */
export const benefitPosition = (type: BenefitType): number => BENEFIT_POSITIONS[type];

/** A stored benefit (contract shape) as the engine's Benefit, its amounts converted by `convert`. */
export function toEngineBenefit(b: Partial<I.InsuranceBenefit> & { type: BenefitType }, convert = same): Benefit {
  const m = (x: Money | undefined) => (x ? { amount: convert(x.amount, x.currency) } : undefined);
  const regular = b.payout?.regular;
  const regularAmount = regular?.monthly_amount ?? regular?.annual_amount;
  return {
    type: b.type,
    investment_linked: b.investment_linked,
    expiry_age: b.expiry_age,
    maturity_age: b.maturity_age,
    duration: b.duration,
    payout: b.payout
      ? {
          lump_sum_payout: m(b.payout.lump_sum_payout),
          regular:
            regular && regularAmount !== undefined
              ? {
                  amount: convert(regularAmount, regular.currency),
                  frequency: regular.monthly_amount !== undefined ? 'monthly' : 'annual',
                  duration: regular.duration ?? b.duration,
                }
              : undefined,
        }
      : undefined,
    premium_waiver: b.premium_waiver,
    medical: b.medical
      ? {
          rnb: b.medical.rnb,
          annual_limit:
            b.medical.annual_limit === undefined || b.medical.annual_limit < 0
              ? b.medical.annual_limit
              : convert(b.medical.annual_limit, b.medical.currency),
          lifetime_limit:
            b.medical.lifetime_limit === undefined || b.medical.lifetime_limit < 0
              ? b.medical.lifetime_limit
              : convert(b.medical.lifetime_limit, b.medical.currency),
        }
      : undefined,
    medical_amount: m(b.medical_amount),
    lump_sum: m(b.lump_sum),
    critical_illness: b.critical_illness
      ? { ci_guard: m(b.critical_illness.ci_guard), ci_advance: m(b.critical_illness.ci_advance) }
      : undefined,
    title: b.title,
    description: b.description,
  };
}

/** The field an engine message is about ("Death: expiry_age is required" → expiry_age). */
function fieldOf(message: string): string {
  if (message.includes('investment-linked')) return 'investment_linked';
  if (message.includes('expiry_age or maturity_age')) return 'expiry_age';
  return /: (\w+) is required/.exec(message)?.[1] ?? 'type';
}

/**
 * Spec §5 on one benefit: the position matches the type, the required keys of the type (and of its
 * investment-linked variant) are there, and a payout holds a lump sum or a regular amount.
 */
export function benefitIssues(b: Partial<I.InsuranceBenefit> & { type: BenefitType }): Issue[] {
  const out: Issue[] = [];
  const position = benefitPosition(b.type);
  if (b.benefit_position !== undefined && b.benefit_position !== position)
    out.push({ field: 'benefit_position', message: `${b.type} has the fixed position ${position}` });
  for (const message of validateBenefit(toEngineBenefit(b))) out.push({ field: fieldOf(message), message });
  const regular = b.payout?.regular;
  if (regular && regular.monthly_amount === undefined && regular.annual_amount === undefined)
    out.push({ field: 'payout.regular', message: 'Enter the monthly or the annual amount' });
  else if (b.payout && !b.payout.lump_sum_payout && !regular && !out.some((i) => i.field === 'payout'))
    out.push({ field: 'payout', message: 'Enter a lump sum payout or a regular payout' });
  if (b.expiry_age !== undefined && b.maturity_age !== undefined && b.maturity_age < b.expiry_age)
    out.push({ field: 'maturity_age', message: 'Maturity age is before the expiry age' });
  return out;
}

/** The age a benefit covers to, exclusive (as the engine's coversAt: expiry age, else maturity age, else 100). */
export function coveredUntil(b: Benefit): number {
  return b.expiry_age ?? b.maturity_age ?? INSURANCE_DEFAULTS.maturity_age;
}

/** Whether the benefit covers a member of this age (unknown age: covered while the benefit runs at all). */
export const covers = (b: Benefit, age: number | null): boolean => coversAt(b, age ?? 0);

/** A benefit's amount by the engine (lump sum + regular payout total + lump_sum + CI + medical amount). */
export const benefitValue = (b: Partial<I.InsuranceBenefit> & { type: BenefitType }, convert = same): number =>
  benefitAmount(toEngineBenefit(b, convert));

/** Owner shares listed on a policy total 100 (§6), or none is listed. */
export function ownersIssue(owners: ReadonlyArray<{ percentage: number }>): Issue | null {
  if (!owners.length) return null;
  const total = owners.reduce((a, o) => a + o.percentage, 0);
  return Math.abs(total - 100) > 1e-6
    ? { field: 'owners', message: `The owners' percentages total ${round(total)}; they must total 100` }
    : null;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The dates a run of premiums falls on (spec §4: stepping 1, 3, 6 or 12 months; single: one payment). */
export function premiumDates(
  start: string,
  frequency: I.PremiumFrequency,
  end?: string | null,
  paymentTerm?: number | null,
): string[] {
  return premiumSchedule({
    premium: 0,
    frequency,
    policy_date: start,
    premium_end_date: end,
    payment_term: paymentTerm,
  }).map((p) => p.date);
}

/** Each unpaid date must be a premium date of the run. */
export function unpaidIssues(unpaid: readonly string[], dates: readonly string[], field = 'unpaid_at'): Issue[] {
  const known = new Set(dates);
  const out: Issue[] = [];
  unpaid.forEach((d, i) => {
    if (!known.has(d))
      out.push({
        field: `${field}.${i}`,
        message: `${d} is not a premium date (dates step by the frequency from the start)`,
      });
  });
  return out;
}

type Policy = Pick<I.InsurancePolicy, 'frequency' | 'policy_date' | 'premium_end_date' | 'unpaid_at'> & {
  premium_detail?: { payment_term?: number };
};

/** The policy's own dates: from policy_date by its frequency to the end date or payment term; unpaid dates on them. */
export function policyIssues(p: Policy): Issue[] {
  const out: Issue[] = [];
  if (p.premium_end_date && p.premium_end_date < p.policy_date)
    out.push({ field: 'premium_end_date', message: 'Premium end date is before the policy date' });
  else if (p.unpaid_at?.length)
    out.push(
      ...unpaidIssues(
        p.unpaid_at,
        premiumDates(p.policy_date, p.frequency, p.premium_end_date, p.premium_detail?.payment_term),
      ),
    );
  return out;
}

type Tx = Pick<
  I.InsuranceTransaction,
  'type' | 'transaction_date' | 'transaction_start_date' | 'transaction_end_date' | 'unpaid_at'
>;

/**
 * A premium transaction's dates: a `premium` run starts on transaction_start_date and steps by the policy's
 * frequency; its end date must be one of its premium dates (single: the start date itself); unpaid dates are dates
 * of the run. A `custom` transaction is one payment on transaction_date.
 */
export function transactionIssues(t: Tx, frequency: I.PremiumFrequency): Issue[] {
  if (t.type === 'custom') {
    if (!t.transaction_date) return [{ field: 'transaction_date', message: 'Enter the transaction date' }];
    return t.unpaid_at?.length
      ? [{ field: 'unpaid_at', message: 'A custom transaction is one payment; it has no unpaid dates' }]
      : [];
  }
  const start = t.transaction_start_date;
  if (!start) return [{ field: 'transaction_start_date', message: 'Enter the first premium date' }];
  const end = t.transaction_end_date;
  if (end && end < start) return [{ field: 'transaction_end_date', message: 'The end date is before the start date' }];
  const dates = premiumDates(start, frequency, end);
  if (end && dates[dates.length - 1] !== end)
    return [
      {
        field: 'transaction_end_date',
        message:
          frequency === 'single'
            ? 'A single premium is one payment: the end date is the start date'
            : `${end} is not a premium date: dates step by the ${frequency.replace('_', ' ')} frequency from ${start}`,
      },
    ];
  return unpaidIssues(t.unpaid_at ?? [], dates);
}

/**
 * The premiums the stored transactions make (installments only; withdrawals are not premiums): a premium run by the
 * policy's frequency, a custom one as dated. Sorted by date.
 */
export function scheduleFromTransactions(
  frequency: I.PremiumFrequency,
  txs: ReadonlyArray<Tx & { amount: number; transaction_type?: string }>,
): PremiumPayment[] {
  const out: PremiumPayment[] = [];
  for (const t of txs) {
    if (t.transaction_type === 'withdrawal') continue;
    if (t.type === 'custom') {
      if (!t.transaction_date) continue;
      const day = dayNumber(t.transaction_date);
      out.push({ date: t.transaction_date, day, amount: t.amount, policy_year: policyYearOf(day) });
    } else if (t.transaction_start_date)
      out.push(
        ...premiumSchedule({
          premium: t.amount,
          frequency,
          policy_date: t.transaction_start_date,
          premium_end_date: t.transaction_end_date,
          unpaid_at: t.unpaid_at,
        }),
      );
  }
  return out.sort((a, b) => a.day - b.day);
}

/** Asset-class percentages of a fund total 100 when given. */
export function assetClassIssue(a: { equity: number; bond: number; others: number } | undefined): Issue | null {
  if (!a) return null;
  const total = a.equity + a.bond + a.others;
  return Math.abs(total - 100) > 1e-6
    ? { field: 'asset_class', message: `Equity, bond and others total ${round(total)}; they must total 100` }
    : null;
}

/** A member's age in a year: from the date of birth, else the stored age (as of this year). */
export function ageIn(member: { age?: number | null; date_of_birth?: string | null }, year: number, thisYear: number) {
  // an impossible date of birth stored before dates were checked is left out (records/issues.ts)
  if (member.date_of_birth && isCalendarDate(member.date_of_birth))
    return year - ymd(dayNumber(member.date_of_birth)).year;
  return member.age === undefined || member.age === null ? null : member.age + (year - thisYear);
}
