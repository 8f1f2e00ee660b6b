import type { planning } from '@kinfolio/contracts';
import type { z } from 'zod';
import { numberOrUndefined } from '../format';
import type { Dream, Household, Member, RecordFields, StoredRecord } from '../household/api';

/**
 * The goals screen's model (issue 31 observation 6; planning spec "Goals"): the goal kinds, the form a goal is edited
 * in and the body it sends, and a dream's goal (its kind read from the dream's title, its years from its answers).
 */
export type GoalKind = z.infer<typeof planning.GoalType>;
export type Goal = StoredRecord<'goal'>;
export type GoalFields = RecordFields<'goal'>;

/** The spec's goal kinds, in its order. */
export const GOAL_KINDS: ReadonlyArray<{ value: GoalKind; label: string }> = [
  { value: 'retirement', label: 'Retirement' },
  { value: 'education', label: 'Education' },
  { value: 'car', label: 'Car' },
  { value: 'property', label: 'Property' },
  { value: 'business', label: 'Business' },
  { value: 'custom', label: 'Custom' },
];
export const goalKindLabel = (kind: string) => GOAL_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** The engine's default retirement age when a member has none (docs/planning-model.md). */
export const DEFAULT_RETIREMENT_AGE = 55;

export interface GoalForm {
  type: GoalKind;
  title: string;
  member_id: string;
  year_from: string;
  year_to: string;
  amount: string;
  living_expense: string;
  play_expense: string;
  legacy_amount: string;
  inflation_rate: string;
  growth_rate: string;
  currency: string;
  /** The retirement goal's member's retirement age (the member's own field, saved on the member). */
  retirement_age: string;
  dream_id: string;
}
const NUMBER_FIELDS = [
  'year_from',
  'year_to',
  'amount',
  'living_expense',
  'play_expense',
  'legacy_amount',
  'inflation_rate',
  'growth_rate',
] as const;
/** The fields each kind keeps: a retirement goal has no start year (its member's retirement age) and no amount. */
const KIND_FIELDS: Record<'retirement' | 'other', ReadonlyArray<(typeof NUMBER_FIELDS)[number]>> = {
  retirement: ['year_to', 'living_expense', 'play_expense', 'legacy_amount', 'inflation_rate', 'growth_rate'],
  other: ['year_from', 'year_to', 'amount', 'inflation_rate', 'growth_rate'],
};
export const fieldsOf = (type: GoalKind) => KIND_FIELDS[type === 'retirement' ? 'retirement' : 'other'];

/** The member a goal is about when none is chosen: `me`, else the spouse (the service's rule too). */
export function mainMember(household: Household): Member | undefined {
  return household.members.find((m) => m.relation === 'me') ?? household.members.find((m) => m.relation === 'spouse');
}
/** The adults a goal can name (children are not members). */
export const goalMembers = (household: Household) =>
  household.members.filter((m) => m.relation === 'me' || m.relation === 'spouse');

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function goalForm(household: Household, goal: Partial<Goal> | null): GoalForm {
  const type = (goal?.type ?? 'education') as GoalKind;
  const member =
    household.members.find((m) => m.id === goal?.member_id) ??
    (type === 'retirement' || type === 'education' ? mainMember(household) : null);
  return {
    type,
    title: text(goal?.title),
    member_id: text(goal?.member_id ?? (type === 'education' || type === 'retirement' ? member?.id : '')),
    year_from: text(goal?.year_from),
    year_to: text(goal?.year_to),
    amount: text(goal?.amount),
    living_expense: text(goal?.living_expense),
    play_expense: text(goal?.play_expense),
    legacy_amount: text(goal?.legacy_amount),
    inflation_rate: text(goal?.inflation_rate),
    growth_rate: text(goal?.growth_rate),
    currency: text(goal?.currency ?? household.currency),
    retirement_age: text(member?.retirement_age),
    dream_id: text(goal?.dream_id),
  };
}

/** What the form would send wrong, by field (checked before sending; the service checks the same). */
export function goalProblems(f: GoalForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.type === 'education' && !f.member_id) out.member_id = 'An education goal names the member';
  if (f.type === 'retirement') {
    if (!f.member_id) out.member_id = 'Choose whose retirement it is';
    const age = numberOrUndefined(f.retirement_age);
    if (age !== undefined && (age < 30 || age > 100)) out.retirement_age = 'Enter an age from 30 to 100';
    if (numberOrUndefined(f.living_expense) === undefined && numberOrUndefined(f.play_expense) === undefined)
      out.living_expense = 'Enter the living expense a month';
  } else {
    if (numberOrUndefined(f.year_from) === undefined) out.year_from = 'Enter year from';
    if (numberOrUndefined(f.amount) === undefined) out.amount = 'Enter an amount';
    if ((f.type === 'business' || f.type === 'custom') && numberOrUndefined(f.year_to) === undefined)
      out.year_to = 'Enter year from and year to';
  }
  const from = numberOrUndefined(f.year_from);
  const to = numberOrUndefined(f.year_to);
  if (f.type !== 'retirement' && from !== undefined && to !== undefined && to < from)
    out.year_to = 'Year to is before year from';
  return out;
}

/**
 * The body of a create (`editing` false) or an update: the kind's fields; on an update a field the kind does not
 * keep, or one left empty, is removed (null).
 */
export function goalBody(f: GoalForm, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { type: f.type, currency: f.currency };
  const clear = (key: string) => {
    if (editing) body[key] = null;
  };
  if (f.title.trim()) body.title = f.title.trim();
  else clear('title');
  if (f.member_id) body.member_id = f.member_id;
  else clear('member_id');
  const kept = fieldsOf(f.type);
  for (const key of NUMBER_FIELDS) {
    const n = kept.includes(key) ? numberOrUndefined(f[key]) : undefined;
    if (n !== undefined) body[key] = n;
    else clear(key);
  }
  if (f.dream_id) body.dream_id = f.dream_id;
  return body;
}

/** The member body that saves a new retirement age (the member's stored fields, without the record's meta). */
export function memberWithRetirementAge(member: Member, householdId: string, age: number) {
  const { household_id: _h, position: _p, created_at: _c, updated_at: _u, ...fields } = member;
  return { ...fields, lead_id: householdId, retirement_age: age };
}

/** "2036–2039", "From 2036", or the retirement goal's "From age 60" (its member's retirement age). */
export function goalYears(goal: Pick<Goal, 'type' | 'year_from' | 'year_to'>, retirementAge?: number): string {
  if (goal.type === 'retirement') {
    const from = `From age ${retirementAge ?? DEFAULT_RETIREMENT_AGE}`;
    return goal.year_to === undefined ? `${from} to the end of the plan` : `${from} to ${goal.year_to}`;
  }
  const from = goal.year_from;
  const to = goal.year_to ?? from;
  if (from === undefined) return '—';
  return to === from ? String(from) : `${from}–${to}`;
}

const DREAM_KINDS: Array<[RegExp, GoalKind]> = [
  [/retire/i, 'retirement'],
  [/educat|school|universit|college/i, 'education'],
  [/\bcar\b|vehicle/i, 'car'],
  [/home|house|property|flat|condo/i, 'property'],
  [/business|company|shop/i, 'business'],
];
/** The goal kind a dream's title names (Custom when none). */
export function goalKindOfDream(title: string): GoalKind {
  return DREAM_KINDS.find(([re]) => re.test(title))?.[1] ?? 'custom';
}
/** The first calendar year (1900-2200) a dream's answers mention, if any. */
export function yearInAnswers(dream: Pick<Dream, 'question_answers'>): number | undefined {
  for (const qa of dream.question_answers)
    for (const m of qa.answer.matchAll(/\b(19|20|21)\d{2}\b/g)) {
      const y = Number(m[0]);
      if (y >= 1900 && y <= 2200) return y;
    }
  return undefined;
}
/** The goal a dream becomes, to be completed in the form: its kind, its title, its first year and the link to it. */
export function goalFromDream(dream: Dream): Partial<Goal> {
  const type = goalKindOfDream(dream.title);
  const year = type === 'retirement' ? undefined : yearInAnswers(dream);
  return { type, title: dream.title, dream_id: dream.id, ...(year === undefined ? {} : { year_from: year }) };
}
