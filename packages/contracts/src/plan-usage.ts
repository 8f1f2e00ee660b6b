/**
 * What every stored field does for the plan (issue 31): the marks of each record kind are declared with the kind
 * (record-kinds.ts `plan`); the members' marks are here (a member is not a record kind). svc-planning's
 * records/plan-usage.test.ts holds them to the figures. The screens read `notUsedByPlan` to mark such a field in its
 * form ("Not used by the plan").
 */
import { type FieldUse, LABEL, notUsed, used } from './field-use';
import { planMarksOf } from './kind-facts';

export { COVER_TAB, type FieldUse, REPORT_TAB } from './field-use';

export const PLAN_KINDS = [
  'income',
  'expense',
  'livingExpense',
  'goal',
  'member',
  'pension',
  'savingFund',
  'portfolioFund',
  'portfolioFundDetail',
  'debt',
  'rental',
  'policy',
  'benefit',
  'coverage',
  'coverageTarget',
  'retirementDreamRental',
  'retirementDreamCapitalPreservation',
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

const MEMBER: Record<string, FieldUse> = {
  name: LABEL,
  gender: notUsed(
    'the plan reads premiums and CPF LIFE payouts as they are; a premium table reads it when a premium is looked up',
  ),
  relation: used,
  age: used,
  date_of_birth: used,
  country_citizenship: notUsed('the schemes are chosen by the pension records, not by citizenship'),
  holding_pr: notUsed('the projection applies the citizen rates of the member’s scheme'),
  country_pr: notUsed('the projection applies the citizen rates of the member’s scheme'),
  pension_type: notUsed('the pension records say which scheme a member has'),
  retirement_age: used,
  maturity_age: used,
  income: notUsed('the on-boarding summary; the plan reads the income records'),
  expense: notUsed('the on-boarding summary; the plan reads the expense records'),
  saving: notUsed('the on-boarding summary; the plan reads the balance sheet'),
  cashflow: notUsed('the on-boarding summary; the plan computes the cash flow'),
  status: notUsed('whether the member is shown as active; an inactive member is still projected'),
  user_info: notUsed('contact details'),
};
export const PLAN_USAGE: Record<PlanKind, Record<string, FieldUse>> = {
  income: planMarksOf('income'),
  expense: planMarksOf('expense'),
  livingExpense: planMarksOf('livingExpense'),
  goal: planMarksOf('goal'),
  member: MEMBER,
  pension: planMarksOf('pension'),
  savingFund: planMarksOf('savingFund'),
  portfolioFund: planMarksOf('portfolioFund'),
  portfolioFundDetail: planMarksOf('portfolioFundDetail'),
  debt: planMarksOf('debt'),
  rental: planMarksOf('debtRentalIncome'),
  policy: planMarksOf('policy'),
  benefit: planMarksOf('benefit'),
  coverage: planMarksOf('coverage'),
  coverageTarget: planMarksOf('coverageTarget'),
  retirementDreamRental: planMarksOf('retirementDreamRental'),
  retirementDreamCapitalPreservation: planMarksOf('retirementDreamCapitalPreservation'),
};

/**
 * The hint a form shows under a field the plan does not use ("Not used by the plan: why"), or null: for a field the
 * plan uses, and for names, references and notes (plainly not figures). `field` may be a dotted path.
 */
export function notUsedByPlan(kind: PlanKind, field: string): string | null {
  const u = PLAN_USAGE[kind][field.split('.')[0] ?? field];
  return u?.use === 'not used' && !u.label ? `Not used by the plan: ${u.why}` : null;
}
