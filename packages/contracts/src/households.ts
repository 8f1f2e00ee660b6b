import { z } from 'zod';
import { CalendarDate, Page, Timestamp, WholeAge } from './common';
import { CurrencyCode, DateStr, ExpenseCategory, GoalType, IncomeKind, Relation, ScenarioRequest } from './planning';
import { CountryCode, Email, Phone, SafeText, textProblem } from './validation';

/**
 * Stored households (issue 11, planning spec §3 Common, Goals/dreams/concerns; platform-shell §7 "Leads and
 * members"). A household is a lead or a customer of one advisor; its members and records belong to it. Request
 * bodies are strict objects (unknown keys, `__proto__` included, are a 400 naming the key); every amount carries
 * its currency.
 */
const MAX_AMOUNT = 1e12;
const Uuid = z.string().uuid({ message: 'Use an id' });
const Money = z.number({ error: 'Enter an amount' }).finite().min(0).max(MAX_AMOUNT);
const Pct = z.number().finite().min(-99).max(100);
const YearN = z.number().int().min(1900).max(2200);
const Text = (max = 200) => SafeText(max);
const Freq = z.enum(['monthly', 'annual']);

// ---------------------------------------------------------------- members
/** spec "Family member defaults": money objects of a member carry their currency. */
export const MemberMoney = z.strictObject({ currency: CurrencyCode, amount: Money });
export const MemberIncome = z.strictObject({
  currency: CurrencyCode,
  amount: Money.optional(),
  salary_amount: Money.optional(),
  business_amount: Money.optional(),
  other_amount: Money.optional(),
});
export const MemberStatus = z.enum(['active', 'inactive']);
export const PensionType = z.enum(['CPF', 'EPF', 'Pension']);
export const MemberBody = z.strictObject({
  name: Text(100).default(''),
  gender: z.enum(['male', 'female']).default('male'),
  relation: Relation.default('me'),
  age: WholeAge.optional(),
  date_of_birth: DateStr.optional(),
  country_citizenship: Text(60).optional(),
  holding_pr: z.boolean().default(false),
  country_pr: Text(60).optional(),
  pension_type: PensionType.optional(),
  retirement_age: WholeAge.optional(),
  maturity_age: WholeAge.optional(),
  income: MemberIncome.optional(),
  expense: MemberMoney.optional(),
  saving: MemberMoney.optional(),
  cashflow: MemberMoney.optional(),
  status: MemberStatus.default('active'),
  user_info: z
    .strictObject({ email: Email.optional(), phone: Phone.optional(), country_code: CountryCode.optional() })
    .optional(),
});
export type MemberBody = z.infer<typeof MemberBody>;
export const Member = MemberBody.extend({
  id: Uuid,
  household_id: Uuid,
  position: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Member = z.infer<typeof Member>;

/** POST earning-member: create (no id) or update (id) one member of a household. */
export const EarningMemberBody = MemberBody.extend({ lead_id: Uuid, id: Uuid.optional() });
export const MembersUpdateBody = z.strictObject({
  members: z
    .array(MemberBody.extend({ id: Uuid.optional() }))
    .min(1)
    .max(20),
});

// ---------------------------------------------------------------- households (leads and customers)
export const HouseholdType = z.enum(['lead', 'customer']);
export const MaritalStatus = z.enum(['single', 'married', 'divorced', 'widowed']);
export const Dependant = z.enum(['spouse', 'children', 'parents']);
export const Citizenship = z.enum(['citizen', 'pr', 'foreigner']);
/**
 * A child of the household (not a member: children have no incomes or records of their own). Their ages give the
 * projection its child tax reliefs year by year (issue 17); a date of birth, else an age as of today.
 */
export const Child = z
  .strictObject({
    name: Text(100).optional(),
    date_of_birth: DateStr.optional(),
    age: WholeAge.optional(),
  })
  .refine((c) => c.date_of_birth !== undefined || c.age !== undefined, {
    message: 'Enter date of birth or age',
    path: ['date_of_birth'],
  });
export type Child = z.infer<typeof Child>;
export const CHILDREN_MAX = 20;
/** The onboarding profile (spec "Onboarding profile") and the lead's contact; name/gender/age are the `me` member's. */
const ProfileShape = {
  name: Text(100).refine((v) => v.length > 0, { message: 'Enter name' }),
  email: Email.optional(),
  phone: Phone.optional(),
  country_code: CountryCode.optional(),
  gender: z.enum(['male', 'female']).default('male'),
  age: WholeAge.optional(),
  date_of_birth: DateStr.optional(),
  marital_status: MaritalStatus.default('married'),
  dependencies: z.array(Dependant).max(3).default([]),
  children_count: z.number().int().min(0).max(20).default(0),
  children: z.array(Child).max(CHILDREN_MAX).optional(),
  citizenship: Citizenship.default('citizen'),
  holding_pr: z.boolean().default(false),
  country_pr: Text(60).optional(),
  referral_id: Text(100).optional(),
  currency: CurrencyCode.default('SGD'),
  inflation_rate: Pct.optional(),
};
export const LeadBody = z.strictObject({
  ...ProfileShape,
  /** Further family members (spouse, children, joint); the `me` member is made from the profile. */
  members: z
    .array(
      MemberBody.refine((m) => m.relation !== 'me', {
        message: 'The me member comes from the profile',
        path: ['relation'],
      }),
    )
    .max(19)
    .optional(),
});
export type LeadBody = z.infer<typeof LeadBody>;
export const LeadPatchBody = z.strictObject({
  name: ProfileShape.name.optional(),
  email: Email.nullable().optional(),
  phone: Phone.nullable().optional(),
  country_code: CountryCode.nullable().optional(),
  gender: z.enum(['male', 'female']).optional(),
  age: WholeAge.nullable().optional(),
  date_of_birth: DateStr.nullable().optional(),
  marital_status: MaritalStatus.optional(),
  dependencies: z.array(Dependant).max(3).optional(),
  children_count: z.number().int().min(0).max(20).optional(),
  children: z.array(Child).max(CHILDREN_MAX).optional(),
  citizenship: Citizenship.optional(),
  holding_pr: z.boolean().optional(),
  country_pr: Text(60).nullable().optional(),
  referral_id: Text(100).nullable().optional(),
  currency: CurrencyCode.optional(),
  inflation_rate: Pct.nullable().optional(),
});
export type LeadPatchBody = z.infer<typeof LeadPatchBody>;

export const HouseholdSummary = z.object({
  id: Uuid,
  type: HouseholdType,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  gender: z.string(),
  age: z.number().nullable(),
  currency: z.string(),
  members_count: z.number().int(),
  customer_user_id: Uuid.nullable(),
  shared_at: Timestamp.nullable(),
  converted_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type HouseholdSummary = z.infer<typeof HouseholdSummary>;
export const Household = HouseholdSummary.extend({
  advisor_id: Uuid,
  date_of_birth: CalendarDate.nullable(),
  marital_status: MaritalStatus,
  dependencies: z.array(Dependant),
  children_count: z.number().int(),
  children: z.array(
    z.object({ name: z.string().optional(), date_of_birth: CalendarDate.optional(), age: z.number().optional() }),
  ),
  citizenship: Citizenship,
  holding_pr: z.boolean(),
  country_pr: z.string().nullable(),
  referral_id: z.string().nullable(),
  inflation_rate: z.number().nullable(),
  /** Ordered joint/all, me, spouse, then the others by position. */
  members: z.array(Member),
});
export type Household = z.infer<typeof Household>;
export const HouseholdReply = z.object({ message: z.string().optional(), data: Household });
export const LeadSort = z.enum(['name', 'email', 'created_at', 'updated_at']);
export const LeadListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: Text(100).optional(),
  sort: LeadSort.default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const LeadListReply = z.object({ data: Page(HouseholdSummary) });
export const CheckEmailBody = z.strictObject({ email: Email, exclude_id: Uuid.optional() });
export const CheckEmailReply = z.object({ data: z.object({ email: z.string(), available: z.boolean() }) });
export const MembersReply = z.object({ data: z.array(Member) });
export const MemberReply = z.object({ data: Member });
export const MessageReply = z.object({ message: z.string(), data: z.object({ id: Uuid }).optional() });

// ---------------------------------------------------------------- record kinds
/** Fields of one record kind; the records module adds id, lead_id, position and timestamps. */
const TextAnswer = z.strictObject({ question: Text(500), answer: Text(2000).default('') });
export const IncomeRecord = z.strictObject({
  member_id: Uuid,
  kind: IncomeKind,
  amount: Money,
  currency: CurrencyCode,
  frequency: Freq.default('monthly'),
  growth_rate: Pct.optional(),
  start_year: YearN.optional(),
  end_year: YearN.optional(),
  note: Text(500).optional(),
});
export const ExpenseRecord = z.strictObject({
  member_id: Uuid.optional(),
  category: ExpenseCategory,
  amount: Money,
  currency: CurrencyCode,
  frequency: Freq.default('monthly'),
  inflation_rate: Pct.optional(),
  start_year: YearN.optional(),
  end_year: YearN.optional(),
  note: Text(500).optional(),
});
export const LivingExpenseRecord = z.strictObject({
  member_id: Uuid.optional(),
  title: Text(100).optional(),
  amount: Money,
  currency: CurrencyCode,
  frequency: Freq.default('monthly'),
  inflation_rate: Pct.optional(),
});
export const SavingRecord = z.strictObject({
  member_id: Uuid,
  title: Text(100).optional(),
  amount: Money,
  currency: CurrencyCode,
  frequency: Freq.default('monthly'),
});
/** Life-uncertainty cash flow: how a member's death, disability or critical illness changes the cash flow. */
export const LifeUncertaintyRecord = z.strictObject({
  member_id: Uuid,
  event: z.enum(['death', 'disability', 'critical_illness']),
  year: YearN.optional(),
  income_change_percent: z.number().finite().min(-100).max(1000).default(-100),
  expense_change_percent: z.number().finite().min(-100).max(1000).default(0),
  lump_sum_need: Money.optional(),
  currency: CurrencyCode,
  note: Text(500).optional(),
});
export const DreamRecord = z.strictObject({
  /** The meta-data dream it answers (GET meta-data/dream), if any. */
  dream_id: Uuid.optional(),
  title: Text(200).refine((v) => v.length > 0, { message: 'Enter title' }),
  question_answers: z.array(TextAnswer).max(50).default([]),
});
export const ConcernRecord = z.strictObject({
  concern_id: Uuid.optional(),
  title: Text(200).refine((v) => v.length > 0, { message: 'Enter title' }),
  question_answers: z.array(TextAnswer).max(50).default([]),
});
export const RetirementDreamRentalRecord = z.strictObject({
  title: Text(100).optional(),
  property_value: Money,
  monthly_rental: Money,
  currency: CurrencyCode,
  start_year: YearN,
  end_year: YearN.optional(),
  growth_rate: Pct.optional(),
  occupancy_percent: z.number().finite().min(0).max(100).default(100),
});
export const RetirementDreamCapitalPreservationRecord = z.strictObject({
  title: Text(100).optional(),
  capital: Money,
  currency: CurrencyCode,
  expected_return: Pct,
  withdrawal_rate: z.number().finite().min(0).max(100),
  start_year: YearN,
});
/** Goals (spec "Goals"): retirement (start/end, living/play expense, legacy, inflation, growth), education per member, car, property, business and custom with year_from/year_to. */
export const GoalRecord = z.strictObject({
  type: GoalType,
  title: Text(100).optional(),
  member_id: Uuid.optional(),
  year_from: YearN.optional(),
  year_to: YearN.optional(),
  amount: Money.optional(),
  living_expense: Money.optional(),
  play_expense: Money.optional(),
  legacy_amount: Money.optional(),
  inflation_rate: Pct.optional(),
  /** The goal's own growth a year above prices (%), compounded with its inflation (docs/planning-model.md, Goals). */
  growth_rate: Pct.optional(),
  currency: CurrencyCode,
  /** The household's dream this goal makes real (a dream record's id), if it came from one. */
  dream_id: Uuid.optional(),
});
export type GoalRecord = z.infer<typeof GoalRecord>;
/** Cross-field rule of an income or expense: its end year is not before its start year. */
export const yearRangeIssues = (r: { start_year?: unknown; end_year?: unknown }) =>
  typeof r.start_year === 'number' && typeof r.end_year === 'number' && r.end_year < r.start_year
    ? [{ field: 'end_year', message: 'The end year is before the start year' }]
    : [];
/** Cross-field rules of a goal, checked on the merged record after create and update. */
export const goalIssues = (g: Partial<z.infer<typeof GoalRecord>>): Array<{ field: string; message: string }> => {
  const out: Array<{ field: string; message: string }> = [];
  if (g.type === 'education' && !g.member_id)
    out.push({ field: 'member_id', message: 'An education goal names the member' });
  if ((g.type === 'business' || g.type === 'custom') && (g.year_from === undefined || g.year_to === undefined))
    out.push({ field: g.year_from === undefined ? 'year_from' : 'year_to', message: 'Enter year from and year to' });
  if (g.type === 'retirement' && g.year_from !== undefined)
    out.push({
      field: 'year_from',
      message: "A retirement goal starts at the member's retirement age: change the age instead",
    });
  if (g.year_from !== undefined && g.year_to !== undefined && g.year_to < g.year_from)
    out.push({ field: 'year_to', message: 'Year to is before year from' });
  return out;
};

/** Every stored record as the API returns it: its kind's fields plus these. */
export const RecordMeta = z.object({
  id: Uuid,
  lead_id: Uuid,
  position: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const withMeta = <T extends z.ZodObject>(kind: T) => kind.extend(RecordMeta.shape);
export const RecordListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(100),
  sort: z.enum(['position', 'created_at', 'updated_at']).default('position'),
  order: z.enum(['asc', 'desc']).default('asc'),
  member_id: Uuid.optional(),
});
export const PositionsBody = z.strictObject({
  lead_id: Uuid,
  positions: z
    .array(z.strictObject({ id: Uuid, position: z.number().int().min(0).max(100000) }))
    .min(1)
    .max(500),
});
/** POST body of a record kind: its fields and the household (lead_id). */
export const createBody = <T extends z.ZodObject>(kind: T) => kind.extend({ lead_id: Uuid });

// ---------------------------------------------------------------- cash flow summary
const Flow = z.object({ monthly: z.number(), annual: z.number() });
export const CashFlowSummary = z.object({
  household_id: Uuid,
  currency: z.string(),
  members: z.array(
    z.object({
      member_id: Uuid,
      name: z.string(),
      relation: Relation,
      income: Flow,
      expenses: Flow,
      living_expenses: Flow,
      savings: Flow,
      net: Flow,
    }),
  ),
  /** Household-level expenses and living expenses (no member). */
  household: z.object({ expenses: Flow, living_expenses: Flow }),
  incomes_by_kind: z.record(z.string(), Flow),
  expenses_by_category: z.record(z.string(), Flow),
  totals: z.object({ income: Flow, expenses: Flow, living_expenses: Flow, savings: Flow, net: Flow }),
});
export type CashFlowSummary = z.infer<typeof CashFlowSummary>;
export const CashFlowReply = z.object({ data: CashFlowSummary });

// ---------------------------------------------------------------- meta-data, drafts
export const MetaQuestion = z.object({
  id: Uuid,
  title: z.string(),
  description: z.string().nullable(),
  questions: z.array(z.string()),
  position: z.number().int(),
});
export const MetaQuestionsReply = z.object({ data: z.array(MetaQuestion) });

const DRAFT_MAX_DEPTH = 8;
const DRAFT_MAX_CHARS = 65_536;
const BAD_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
function draftIssue(v: unknown, depth: number): string | null {
  if (depth > DRAFT_MAX_DEPTH) return `Nested deeper than ${DRAFT_MAX_DEPTH}`;
  // the contracts' one text rule (control characters, unpaired surrogates), in keys as in values
  if (typeof v === 'string') return textProblem(v, true);
  if (Array.isArray(v)) {
    for (const x of v) {
      const e = draftIssue(x, depth + 1);
      if (e) return e;
    }
    return null;
  }
  if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      if (BAD_KEYS.has(k)) return `The key ${k} is not allowed`;
      const keyProblem = textProblem(k);
      if (keyProblem) return `Key: ${keyProblem}`;
      const e = draftIssue((v as Record<string, unknown>)[k], depth + 1);
      if (e) return e;
    }
  }
  return null;
}
/** A form step's unsaved data: any JSON object up to 64 KB and 8 levels deep, no control characters. */
export const DraftData = z.unknown().superRefine((v, ctx) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    ctx.addIssue({ code: 'custom', message: 'Use an object' });
    return;
  }
  const issue = draftIssue(v, 0);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
  else if (JSON.stringify(v).length > DRAFT_MAX_CHARS)
    ctx.addIssue({ code: 'custom', message: 'The draft is larger than 64 KB' });
});
export const DraftBody = z.strictObject({
  /** Update this draft instead of creating one. */
  id: Uuid.optional(),
  /** The form and step, e.g. `on-boarding/members`. */
  step: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_./-]+$/, { message: 'Use letters, digits, . _ / or -' }),
  lead_id: Uuid.optional(),
  data: DraftData,
});
export const Draft = z.object({
  id: Uuid,
  step: z.string(),
  lead_id: Uuid.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Draft = z.infer<typeof Draft>;
export const DraftReply = z.object({ data: Draft });

// ---------------------------------------------------------------- calculations on stored data
/** customer/calculate/* with a stored household: its id, and optionally the date and scenario the screen asks for. */
export const StoredCalculationBody = z.strictObject({
  household_id: Uuid,
  as_of: DateStr.optional(),
});
export const StoredScenarioBody = StoredCalculationBody.extend({ scenario: ScenarioRequest.shape.scenario });

// ---------------------------------------------------------------- public on-boarding
/**
 * POST on-boarding/submit (public): a visitor from an advisor's invitation link sends the whole fact-find at once;
 * the lead, its members, incomes and expenses are created for `advisor_id` in one transaction.
 */
export const OnBoardingSubmitBody = z.strictObject({
  advisor_id: Uuid,
  referral_id: Text(100).optional(),
  lead: LeadBody,
  /** Gross income a month by person: 0 is the visitor, then `lead.members` in order. */
  incomes: z
    .array(z.strictObject({ member_index: z.number().int().min(0).max(19), amount: Money }))
    .max(20)
    .default([]),
  expenses: z
    .array(z.strictObject({ category: ExpenseCategory, amount: Money }))
    .max(20)
    .default([]),
});
export type OnBoardingSubmitBody = z.infer<typeof OnBoardingSubmitBody>;
export const OnBoardingSubmitReply = z.object({ message: z.string(), data: z.object({ id: Uuid }) });
