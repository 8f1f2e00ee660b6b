import { z } from 'zod';
import { CalendarDate, Timestamp } from './common';
import { PremiumFrequency } from './insurance';
import { INSURANCE_PLAN_CATEGORIES, INSURANCE_PLAN_TYPE_IDS } from './plan-types';
import { CurrencyCode, DateStr } from './planning';
import { CleanString, PlainText } from './validation';

export * from './plan-types';

/**
 * Planning reference data that admins keep (issue 15; platform-shell §2.4 Insurance and CMS, §7 "Admin"; planning
 * §3 Plan, §7 Reference): insurance companies, insurance plans with their premium tables by age and gender,
 * additional coverage premium and riders, projection tables (policy values by year of a plan), and the planning
 * thresholds the reports use. Every write is admin-only; the advisor's pickers (`customer/insurance-plans`,
 * `insurance/plan-types`, `insurance-plans-category`) and `GET user/threshold` read what is kept here.
 * Request bodies are strict (an unknown key is a 400 naming it).
 */
const MAX_AMOUNT = 1e12;
const Uuid = z.string().uuid({ message: 'Use an id' });
const Amount = z.number({ error: 'Enter an amount' }).finite().min(0).max(MAX_AMOUNT);
const Age = z.number({ error: 'Enter an age' }).int('Use a whole number of years').min(0).max(120);
const Name = (max: number) => PlainText(max).refine((v) => v.length > 0, 'Enter name');

// ---------------------------------------------------------------- companies
export const InsuranceCompanyBody = z.strictObject({
  name: Name(200),
  /** ISO 3166 alpha-2 country code, optional. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'Use a two-letter country code' })
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional(),
});
export const InsuranceCompany = z.object({
  id: Uuid,
  name: z.string(),
  country: z.string().nullable(),
  /** How many plans of the admins' list name this company. */
  plan_count: z.number().int(),
});
export type InsuranceCompany = z.infer<typeof InsuranceCompany>;
export const InsuranceCompaniesReply = z.object({ data: z.array(InsuranceCompany) });
export const InsuranceCompanyReply = z.object({ message: z.string(), data: InsuranceCompany });

// ---------------------------------------------------------------- plans
/** One row of a plan's premium table: the yearly premium at an age, by gender (spec Plan `data_by_age`). */
export const PremiumRow = z.strictObject({
  age: Age,
  male: Amount.nullable().optional(),
  female: Amount.nullable().optional(),
});
export type PremiumRow = z.infer<typeof PremiumRow>;
export const RiderPremiumRow = z.strictObject({ age: Age, premium: Amount });
export const Rider = z.strictObject({
  name: Name(200),
  /** The rider's premium by age (one row per age). */
  data_by_age: z.array(RiderPremiumRow).max(121).default([]),
});
export type Rider = z.infer<typeof Rider>;

const planFields = {
  name: Name(200),
  insurance_company: Uuid,
  category: z.enum(INSURANCE_PLAN_CATEGORIES.map((c) => c.id) as [string, ...string[]], { error: 'Choose a category' }),
  /** One of the plan types of packages/contracts/src/plan-types.ts (the advisor's policy editor offers the same). */
  plan_type: z.enum(INSURANCE_PLAN_TYPE_IDS, { error: 'Choose a plan type' }),
  currency: CurrencyCode,
  data_by_age: z.array(PremiumRow).max(121),
  additional_coverage_premium: Amount.nullable(),
  riders: z.array(Rider).max(20),
};
export const InsurancePlanBody = z.strictObject({
  ...planFields,
  currency: planFields.currency.default('SGD'),
  data_by_age: planFields.data_by_age.default([]),
  additional_coverage_premium: planFields.additional_coverage_premium.optional(),
  riders: planFields.riders.default([]),
});
export type InsurancePlanBody = z.infer<typeof InsurancePlanBody>;
/** A change: only the fields sent are changed (no defaults are filled in). */
export const InsurancePlanPatch = z.strictObject(planFields).partial();

export const InsurancePlan = z.object({
  id: Uuid,
  name: z.string(),
  insurance_company: Uuid.nullable(),
  company_name: z.string().nullable(),
  category: z.string().nullable(),
  plan_type: z.string().nullable(),
  currency: z.string(),
  data_by_age: z.array(z.object({ age: z.number(), male: z.number().nullable(), female: z.number().nullable() })),
  additional_coverage_premium: z.number().nullable(),
  riders: z.array(
    z.object({ name: z.string(), data_by_age: z.array(z.object({ age: z.number(), premium: z.number() })) }),
  ),
  updated_at: Timestamp,
});
export type InsurancePlan = z.infer<typeof InsurancePlan>;
export const InsurancePlanListQuery = z.object({
  search: PlainText(100).optional(),
  insurance_company: Uuid.optional(),
  category: PlainText(40).optional(),
  plan_type: PlainText(40).optional(),
});
export const InsurancePlanSummary = InsurancePlan.omit({ data_by_age: true, riders: true }).extend({
  premium_rows: z.number().int(),
  rider_count: z.number().int(),
});
export const InsurancePlansListReply = z.object({ data: z.array(InsurancePlanSummary) });
export const InsurancePlanReply = z.object({ message: z.string().optional(), data: InsurancePlan });

// ---------------------------------------------------------------- premium lookup (issue 31 item 8)
/**
 * GET customer/insurance-plans/{id}/premium: the premium of a reference plan for a household member, from the plan's
 * premium table (its premiums are yearly amounts by age and gender, docs/decisions/plan-reference.md).
 */
export const PremiumLookupQuery = z.object({
  lead_id: Uuid,
  member_id: Uuid,
  frequency: PremiumFrequency.default('annual'),
  /** The policy date: the insured's age is taken on it (entry age); without it, today. */
  policy_date: DateStr.optional(),
});
export const PremiumLookup = z.object({
  plan_id: Uuid,
  member_id: Uuid,
  gender: z.enum(['male', 'female']),
  /** The insured's age on `age_on`; null when the member has neither an age nor a date of birth. */
  age: z.number().int().nullable(),
  age_on: CalendarDate,
  frequency: PremiumFrequency,
  currency: z.string(),
  /** The table's yearly premium for that age and gender, or null when the table has none. */
  annual_premium: z.number().nullable(),
  /** One payment at the frequency (the yearly premium divided by the payments a year, to cents), or null. */
  premium: z.number().nullable(),
  /** Why there is no premium (null when there is one): shown beside the premium field. */
  message: z.string().nullable(),
});
export type PremiumLookup = z.infer<typeof PremiumLookup>;
export const PremiumLookupReply = z.object({ data: PremiumLookup });

/** Largest premium-table file accepted (xlsx or CSV, before base64). */
export const PREMIUM_IMPORT_MAX_BYTES = 512 * 1024;
/** A premium-table file sent as JSON: its name (.xlsx or .csv) and its bytes in base64. */
export const PremiumImportBody = z.strictObject({
  file_name: CleanString(200).refine((v) => /\.(xlsx|csv)$/i.test(v.trim()), 'Choose an .xlsx or .csv file'),
  content: z
    .string()
    .max(Math.ceil(PREMIUM_IMPORT_MAX_BYTES / 3) * 4 + 4, { message: 'The file is larger than 512 KB' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'Send the file as base64' }),
});
export const PremiumImportReply = z.object({
  message: z.string(),
  data: z.object({ data_by_age: z.array(PremiumRow), rows: z.number().int() }),
});

// ---------------------------------------------------------------- projection tables
/** One policy year of a plan's projection table (admin-kept illustration values). */
export const ProjectionRow = z.strictObject({
  policy_year: z.number().int().min(1).max(120),
  premium: Amount.nullable().optional(),
  cash_value: Amount.nullable().optional(),
  surrender_value: Amount.nullable().optional(),
  death_benefit: Amount.nullable().optional(),
});
const projectionFields = {
  plan_id: Uuid,
  name: Name(200),
  /** Illustrated at this entry age (optional). */
  entry_age: Age.nullable(),
  rows: z.array(ProjectionRow).max(120),
};
export const ProjectionTableBody = z.strictObject({
  ...projectionFields,
  entry_age: projectionFields.entry_age.optional(),
  rows: projectionFields.rows.default([]),
});
export const ProjectionTablePatch = z.strictObject(projectionFields).partial();
export const ProjectionTable = z.object({
  id: Uuid,
  plan_id: Uuid,
  plan_name: z.string(),
  name: z.string(),
  entry_age: z.number().nullable(),
  rows: z.array(ProjectionRow),
  updated_at: Timestamp,
});
export const ProjectionTablesQuery = z.object({ plan_id: Uuid.optional() });
export const ProjectionTablesReply = z.object({ data: z.array(ProjectionTable) });
export const ProjectionTableReply = z.object({ message: z.string(), data: ProjectionTable });

// ---------------------------------------------------------------- thresholds
export const ThresholdUnit = z.enum(['months', 'multiple', 'percent', 'amount', 'years']);
export type ThresholdUnit = z.infer<typeof ThresholdUnit>;
const ThresholdValue = z.number({ error: 'Enter a value' }).finite().min(0).max(1e9);
export const ThresholdKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,59}$/, { message: 'Use lower-case letters, digits and _ (2 to 60)' });

/**
 * The planning thresholds the reports use, with their defaults (decision, docs/decisions/reference-data.md): Singapore
 * planning norms (LIA Singapore's protection-gap study: 9x income life cover and 4x critical illness; MAS TDSR 55%).
 */
export const THRESHOLD_DEFAULTS = [
  { key: 'emergency_fund_months', label: 'Emergency fund', unit: 'months', value: 6 },
  { key: 'life_cover_multiple', label: 'Life cover (multiple of annual income)', unit: 'multiple', value: 9 },
  {
    key: 'critical_illness_cover_multiple',
    label: 'Critical illness cover (multiple of annual income)',
    unit: 'multiple',
    value: 4,
  },
  { key: 'retirement_income_replacement', label: 'Retirement income replacement', unit: 'percent', value: 70 },
  { key: 'debt_service_ratio_max', label: 'Debt service ratio, maximum', unit: 'percent', value: 55 },
] as const satisfies ReadonlyArray<{ key: string; label: string; unit: ThresholdUnit; value: number }>;

/** Create: a value for a listed threshold (label and unit optional), or a new threshold (label and unit required). */
export const ThresholdCreateBody = z.strictObject({
  key: ThresholdKey,
  value: ThresholdValue,
  label: PlainText(120).optional(),
  unit: ThresholdUnit.optional(),
});
export const ThresholdUpdateBody = z.strictObject({
  value: ThresholdValue.optional(),
  label: PlainText(120)
    .refine((v) => v.length > 0, 'Enter label')
    .optional(),
  unit: ThresholdUnit.optional(),
});
export const Threshold = z.object({
  /** The stored value's id; null while the default applies. */
  id: Uuid.nullable(),
  key: z.string(),
  label: z.string(),
  unit: ThresholdUnit,
  value: z.number(),
  /** null for a threshold an admin added (it has no default). */
  default: z.number().nullable(),
  is_default: z.boolean(),
});
export type Threshold = z.infer<typeof Threshold>;
export const ThresholdsReply = z.object({ data: z.array(Threshold) });
export const ThresholdReply = z.object({ message: z.string(), data: Threshold });
