import { z } from 'zod';
import { CalendarDate, Page, Timestamp, WholeAge } from './common';
import { BenefitType, CurrencyCode, DateStr } from './planning';
import { PlainText } from './validation';

/**
 * Stored insurance (issue 12, planning spec §3 Insurance and Benefit template, §4, §5, §6, §7 "Insurance", §9).
 * Every insurance thing is a record kind of the households records module: listed with GET customer/{lead_id}/{path},
 * created with POST customer/{path} ({lead_id, …fields}), changed with PATCH customer/{path}/{id}, removed with
 * DELETE customer/{path}/{id}; three of them are ordered with PATCH customer/bulk-update/{path}/positions. Request
 * bodies are strict objects (unknown keys are a 400 naming the key); every amount carries its currency; plain text
 * follows the spec's text rule (no control characters, unpaired surrogates, emoji or < > { } [ ] ~ ` | ^).
 * Children of a policy name it with `insurance_id` (a policy of the same household, else 400 `insurance_id`).
 */
const MAX_AMOUNT = 1e12;
const Uuid = z.string().uuid({ message: 'Use an id' });
const Amount = z.number({ error: 'Enter an amount' }).finite().min(0).max(MAX_AMOUNT);
const Years = z.number().finite().min(0).max(100);
const Percent0to100 = z.number().finite().min(0).max(100);
const Text = (max = 200) => PlainText(max);
const Note = PlainText(2000, { multiline: true });

/** Spec "Money amount: currency, amount". */
export const MoneyAmount = z.strictObject({ currency: CurrencyCode, amount: Amount });
export type MoneyAmount = z.infer<typeof MoneyAmount>;

/** Spec §4/§9: premium dates step by 1, 3, 6 or 12 months; a single premium is one payment. Default annual. */
export const PremiumFrequency = z.enum(['monthly', 'quarterly', 'semi_annual', 'annual', 'single']);
export type PremiumFrequency = z.infer<typeof PremiumFrequency>;
/** Where premiums are paid from (spec: payment_type, default cash; the other values are a decision). */
export const PaymentType = z.enum(['cash', 'cpf', 'medisave', 'srs', 'epf', 'other']);
/** The plan a policy uses: `custom` (the spec's default: custom company and plan name) or a reference plan's id. */
export const PlanId = z.union([z.literal('custom'), Uuid]);
export const IntegratedPlanType = z.enum(['basic', 'booster', 'rider']);

// ---------------------------------------------------------------- policy (customer/insurance)
/** spec "current_saving". */
export const CurrentSaving = z.strictObject({
  currency: CurrencyCode,
  amount: Amount.optional(),
  cash_value: Amount.optional(),
  fund_value: Amount.optional(),
});
/** spec "premium detail" (spread_over_years default 2). */
export const PremiumDetail = z.strictObject({
  amount: Amount.optional(),
  a_saver_premium: Amount.optional(),
  stamp_fee: Amount.optional(),
  ignore_total_premium_paid: z.boolean().default(false),
  /** Years of payments. */
  payment_term: Years.optional(),
  lump_sum: Amount.optional(),
  spread_over_years: z.number().int().min(1).max(100).default(2),
});
/** spec "withdrawal_limit". */
export const WithdrawalLimit = z.strictObject({
  amount: Amount.optional(),
  dividend: Amount.optional(),
  coupon: Amount.optional(),
  deposit_fund: Amount.optional(),
});
/** spec "retirement" (maturity_age default 100, growth_rate default 5). */
export const Retirement = z.strictObject({
  maturity_value: Amount.optional(),
  maturity_age: WholeAge.default(100),
  cash_out_age: WholeAge.optional(),
  growth_rate: z.number().finite().min(-99).max(100).default(5),
  /** Rate (percent a year) payouts left with the insurer grow at, when reinvested. */
  reinvestment: z.number().finite().min(-99).max(100).optional(),
});
/** spec "integrated_plan" (type default basic): a booster or rider names its basic plan. */
export const IntegratedPlan = z.strictObject({
  type: IntegratedPlanType.default('basic'),
  plan_id: Uuid.optional(),
  rider_id: Uuid.optional(),
});
/** spec "Policy owner" (owner_id: a member, or another person by name), with the share §6 scales views by. */
export const PolicyOwner = z.strictObject({
  owner_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent0to100,
});
export const InsurancePolicy = z.strictObject({
  /** The insured member (spec member_id). */
  member_id: Uuid,
  /** The insured's name as printed on the policy (tooltip "Insured Name"); the member's name when absent. */
  insured: Text(100).optional(),
  plan_id: PlanId.default('custom'),
  payer_id: Uuid.optional(),
  plan_type: Text(60).optional(),
  frequency: PremiumFrequency.default('annual'),
  premium: Amount,
  currency: CurrencyCode,
  /** Percent added on top of the premium. */
  premium_loading: z.number().finite().min(0).max(1000).default(0),
  policy_date: DateStr,
  premium_end_date: DateStr.optional(),
  /** Premium dates not paid (each must be a premium date of the policy). */
  unpaid_at: z.array(DateStr).max(1200).default([]),
  /** Prorate the first policy year's premium over its remaining months (spec §9 proration flag). */
  prorate: z.boolean().default(false),
  integrated_plan: IntegratedPlan.prefault({}),
  /** A reference insurance company's id; without one, custom_company_name names it. */
  insurance_company: Uuid.optional(),
  custom_company_name: Text(100).optional(),
  plan_name: Text(200).optional(),
  policy_number: Text(60).optional(),
  payment_type: PaymentType.default('cash'),
  common_note: Note.optional(),
  projected_maturity_value: Amount.optional(),
  current_saving: CurrentSaving.optional(),
  premium_detail: PremiumDetail.prefault({}),
  withdrawal_limit: WithdrawalLimit.optional(),
  retirement: Retirement.prefault({}),
  /** Policy owners with their shares (percentages total 100 when any is listed). */
  owners: z.array(PolicyOwner).max(10).default([]),
  /** Source Of Funds (policy detail label). */
  source_of_funds: Text(200).optional(),
  surrender_value: Amount.optional(),
});
export type InsurancePolicy = z.infer<typeof InsurancePolicy>;

// ---------------------------------------------------------------- plan (insurance-plan) and boosters/riders
/** spec "Plan: data_by_age list (age and gender-specific premium)". */
export const PremiumByAge = z.strictObject({ age: WholeAge, male: Amount.optional(), female: Amount.optional() });
export const InsurancePlan = z.strictObject({
  insurance_id: Uuid,
  currency: CurrencyCode,
  name: Text(200).optional(),
  data_by_age: z.array(PremiumByAge).max(121).default([]),
  additional_coverage_premium: Amount.optional(),
  /** The household's insurance-plan this one continues, if any. */
  existing_plan_id: Uuid.optional(),
});
/** A booster or rider attached to a policy (spec integrated_plan: basic plan + boosters/riders). */
export const InsurancePlanBooster = z.strictObject({
  insurance_id: Uuid,
  type: z.enum(['booster', 'rider']).default('rider'),
  plan_id: PlanId.default('custom'),
  rider_id: Uuid.optional(),
  name: Text(200),
  premium: Amount.optional(),
  currency: CurrencyCode,
  frequency: PremiumFrequency.default('annual'),
  policy_date: DateStr.optional(),
  premium_end_date: DateStr.optional(),
  note: Note.optional(),
});

// ---------------------------------------------------------------- coverages and benefits
/** Who a policy covers: one record per covered member (a family plan covers several). */
export const InsuranceCoverage = z.strictObject({
  insurance_id: Uuid,
  member_id: Uuid,
  title: Text(200).optional(),
  note: Note.optional(),
});
/** Spec "Medical cover: rnb (Private, A-Class (Public), B-Class (Public) or an amount)". */
export const RNB_CHOICES = ['Private', 'A-Class (Public)', 'B-Class (Public)'] as const;
export const Rnb = z.union([z.enum(RNB_CHOICES), Amount]);
/** -1 means unlimited. */
export const UNLIMITED = -1;
const Limit = z.union([z.literal(UNLIMITED), Amount]);

export { BenefitType };
/**
 * Spec "Benefit template" and §5. Rules on save (400 naming the field): required keys per type (Death, Disability,
 * Major Illness, Early Critical Illness: expiry_age, payout, duration; Premium Waiver: premium_waiver; Medical:
 * expiry_age, medical; Personal Accident: expiry_age, payout, duration, medical_amount; Custom Benefit: title,
 * payout and an expiry or maturity age); investment-linked variants (Death, Disability, Major Illness, Custom
 * Benefit) use maturity_age, Death and Disability need lump_sum, Major Illness critical_illness. `benefit_position`
 * is fixed by the type (Death 0 … Personal Accident 6, Custom Benefit -1): the server sets it; a sent one must match.
 */
export const InsuranceBenefit = z.strictObject({
  insurance_id: Uuid,
  /** The coverage (covered member) it belongs to; without one it covers the policy's insured member. */
  coverage_id: Uuid.optional(),
  type: BenefitType,
  benefit_position: z.number().int().min(-1).max(6).optional(),
  investment_linked: z.boolean().default(false),
  expiry_age: WholeAge.optional(),
  maturity_age: WholeAge.optional(),
  /** Years a payout lasts. */
  duration: Years.optional(),
  payout: z
    .strictObject({
      lump_sum_payout: MoneyAmount.optional(),
      regular: z
        .strictObject({
          currency: CurrencyCode,
          monthly_amount: Amount.optional(),
          annual_amount: Amount.optional(),
          duration: Years.optional(),
          show: z.boolean().default(true),
        })
        .optional(),
    })
    .optional(),
  lump_sum: MoneyAmount.optional(),
  critical_illness: z.strictObject({ ci_guard: MoneyAmount.optional(), ci_advance: MoneyAmount.optional() }).optional(),
  premium_waiver: z
    .strictObject({
      payer: z.boolean().default(false),
      non_payer: z
        .strictObject({
          major_illness: z.boolean().default(false),
          disability: z.boolean().default(false),
          death: z.boolean().default(false),
        })
        .optional(),
      insured: z
        .strictObject({ major_illness: z.boolean().default(false), disability: z.boolean().default(false) })
        .optional(),
    })
    .optional(),
  medical: z
    .strictObject({
      currency: CurrencyCode,
      rnb: Rnb,
      annual_limit: Limit.optional(),
      lifetime_limit: Limit.optional(),
    })
    .optional(),
  medical_amount: MoneyAmount.optional(),
  note: Note.optional(),
  title: Text(200).optional(),
  description: PlainText(1000, { multiline: true }).optional(),
});
export type InsuranceBenefit = z.infer<typeof InsuranceBenefit>;

// ---------------------------------------------------------------- payouts, beneficiaries, owners
/** Spec "Payout record" (period 1 to 5, dividend every year, maturity coupon paid out by default). */
export const DividendFrequency = z.enum(['every year', 'every 2 years', 'every 3 years', 'every 5 years']);
export const InsuranceCashPayout = z.strictObject({
  insurance_id: Uuid,
  type: z.enum(['dividend', 'coupon', 'cash_back', 'maturity']).default('dividend'),
  payout: MoneyAmount,
  period: z
    .strictObject({
      start: z.number().int().min(1).max(100).default(1),
      end: z.number().int().min(1).max(100).default(5),
    })
    .prefault({}),
  dividend_frequency: DividendFrequency.default('every year'),
  maturity_coupon_type: z.enum(['payout', 'reinvest']).default('payout'),
  /** Percent a year a reinvested payout grows at. */
  reinvestment: z.number().finite().min(-99).max(100).optional(),
});
export type InsuranceCashPayout = z.infer<typeof InsuranceCashPayout>;
/** Spec "Beneficiary": a policy's beneficiaries' percentages may not total more than 100. */
export const InsuranceBeneficiary = z.strictObject({
  insurance_id: Uuid,
  /** A member of the household, when the beneficiary is one. */
  beneficiary_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent0to100,
});
/** Spec §6 contingent owner: who owns the policy if the owner dies; percentages may not total more than 100. */
export const InsuranceContingentOwner = z.strictObject({
  insurance_id: Uuid,
  owner_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent0to100.default(100),
});

// ---------------------------------------------------------------- premium transactions
/**
 * Spec "Premium transaction" (type default custom). A `premium` transaction is a run of premiums from
 * transaction_start_date stepping by the policy's frequency up to transaction_end_date (single: one payment, the
 * end date is the start date); `unpaid_at` dates must be dates of that run. A `custom` one is one payment on
 * transaction_date.
 */
export const InsuranceTransaction = z.strictObject({
  insurance_id: Uuid,
  type: z.enum(['premium', 'custom']).default('custom'),
  transaction_date: DateStr.optional(),
  transaction_start_date: DateStr.optional(),
  transaction_end_date: DateStr.optional(),
  transaction_type: z.enum(['installment', 'withdrawal']).default('installment'),
  payment_type: PaymentType.default('cash'),
  amount: Amount,
  currency: CurrencyCode,
  unpaid_at: z.array(DateStr).max(1200).default([]),
  note: Note.optional(),
});

export type InsuranceTransaction = z.infer<typeof InsuranceTransaction>;

// ---------------------------------------------------------------- insurance funds (investment-linked)
export const InsuranceFund = z.strictObject({
  insurance_id: Uuid,
  /** A reference fund's id, when picked from the fund list. */
  fund_id: Uuid.optional(),
  name: Text(200),
  currency: CurrencyCode,
  units: Amount.optional(),
  price: Amount.optional(),
  value: Amount.optional(),
  more_info: z
    .strictObject({
      dividend_declaration_type: z.enum(['units', 'cash']).default('units'),
      invested_date: DateStr.optional(),
      capital_invested: Amount.optional(),
    })
    .prefault({}),
  /** Percent of new premiums allocated to this fund (the funds of a policy total 100 after balancing). */
  asset_balancing: Percent0to100.optional(),
  /** Percent by asset class; equity + bond + others total 100 when given. */
  asset_class: z
    .strictObject({
      type: Text(60).optional(),
      equity: Percent0to100.default(0),
      bond: Percent0to100.default(0),
      others: Percent0to100.default(0),
    })
    .optional(),
});
/** PATCH customer/insurance-fund-asset-balancing: every fund of the policy with its allocation; they total 100. */
export const FundAssetBalancingBody = z.strictObject({
  lead_id: Uuid,
  insurance_id: Uuid,
  funds: z
    .array(z.strictObject({ id: Uuid, asset_balancing: Percent0to100 }))
    .min(1)
    .max(100),
});

// ---------------------------------------------------------------- coverage targets and coverage by member
/** The cover an advisor wants a member to hold for one benefit type (one per member and type). */
export const InsuranceCoverageTarget = z.strictObject({
  member_id: Uuid,
  benefit_type: BenefitType,
  currency: CurrencyCode,
  amount: Amount,
});
export type InsuranceCoverageTarget = z.infer<typeof InsuranceCoverageTarget>;
export const CoverageByMemberQuery = z.object({ lead_id: Uuid });
/**
 * Where a coverage row's target comes from (issue 31, docs/planning-model.md "Insurance coverage and gaps"): the
 * advisor's coverage target when one is set, else the planning threshold in force (a multiple of the member's annual
 * earned income: life cover for Death, critical-illness cover for the critical-illness row); null without either.
 */
export const TargetSource = z.enum(['advisor', 'threshold']);
export type TargetSource = z.infer<typeof TargetSource>;
export const CoverageRow = z.object({
  member_id: Uuid,
  name: z.string(),
  age: z.number().nullable(),
  /**
   * The row's benefit type. The critical-illness row is `Major Illness`: it counts every benefit paying on a
   * critical-illness claim (Major Illness and Early Critical Illness benefits); no row of its own for the early type.
   */
  benefit_type: BenefitType,
  /** The row's name on every screen and export: the benefit type, or "Critical illness" for the critical-illness row. */
  label: z.string(),
  benefit_position: z.number().int(),
  /** The household's currency: every amount below is converted to it with the stored rates. */
  currency: z.string(),
  /** Sum of the benefits of this type covering the member at their age (medical: the annual limit; -1 unlimited). */
  cover: z.number(),
  unlimited: z.boolean(),
  /** Latest age any of these benefits covers to (expiry or maturity age, default 100); null without cover. */
  until_age: z.number().nullable(),
  policies: z.array(
    z.object({
      insurance_id: Uuid,
      benefit_id: Uuid,
      /** The benefit's own type (an Early Critical Illness benefit in the critical-illness row says so). */
      benefit_type: BenefitType,
      plan_name: z.string().nullable(),
      amount: z.number(),
      until_age: z.number(),
    }),
  ),
  /** The advisor's target, else the planning threshold's (multiple × annual earned income); null without either. */
  target: z.number().nullable(),
  /** The advisor's stored target of this row (null while the threshold or nothing applies). */
  target_id: Uuid.nullable(),
  target_source: TargetSource.nullable(),
  /** With a threshold target: the threshold and the annual earned income it multiplies. */
  threshold: z
    .object({ key: z.string(), label: z.string(), multiple: z.number(), annual_income: z.number() })
    .nullable(),
  /** max(target − cover, 0); null without a target; 0 when unlimited. */
  gap: z.number().nullable(),
});
export type CoverageRow = z.infer<typeof CoverageRow>;
export const CoverageByMemberReply = z.object({
  data: z.object({
    lead_id: Uuid,
    currency: z.string(),
    members: z.array(
      z.object({
        member_id: Uuid,
        name: z.string(),
        age: z.number().nullable(),
        /** Earned income (gross, bonus, business) in force this year, a year's worth, household currency. */
        annual_income: z.number(),
        rows: z.array(CoverageRow),
      }),
    ),
    /** The sums of every member's rows: what a headline shows (cover of unlimited rows counts 0). */
    totals: z.object({ cover: z.number(), target: z.number(), gap: z.number() }),
  }),
});

// ---------------------------------------------------------------- reference data
export const PlanTypeRow = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  investment_linked: z.boolean(),
  position: z.number().int(),
});
export const PlanTypesReply = z.object({ data: z.array(PlanTypeRow) });
export const PlanCategoriesReply = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), position: z.number().int() })),
});
export const InsurancePlansQuery = z.object({
  insurance_company: Uuid.optional(),
  plan_type: Text(60).optional(),
  search: Text(100).optional(),
});
/** GET customer/insurance-plans: the plan picker; the `custom` plan (own company and plan name) is always first. */
export const InsurancePlansReply = z.object({
  data: z.array(
    z.object({
      id: PlanId,
      name: z.string(),
      insurance_company: Uuid.nullable(),
      company_name: z.string().nullable(),
      plan_type: z.string().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------- replies
const Meta = {
  id: Uuid,
  lead_id: Uuid,
  position: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const StoredBenefit = InsuranceBenefit.extend({
  ...Meta,
  benefit_position: z.number().int(),
  /** The benefit's amount by the engine (lump sum + regular payout total + CI + medical amount). */
  amount: z.number(),
});
export const StoredTransaction = InsuranceTransaction.extend(Meta);
/**
 * A policy as GET customer/{lead_id}/insurance lists it: its fields, its children, the tooltip figures and, with
 * `?view=<member_id>`, the share of that member (§6: a non-owner's view scaled to their percentage).
 */
export const StoredPolicy = InsurancePolicy.extend({
  ...Meta,
  insured_name: z.string(),
  insured_age: z.number().nullable(),
  maturity_year: z.number().nullable(),
  years_to_mature: z.number().nullable(),
  annualised_premium: z.number(),
  /**
   * Premiums paid to date (issue 31): the premiums of the policy's schedule dated up to today. The schedule is the
   * stored premium transactions' when the policy has any (withdrawals are not premiums), else the policy's own
   * (policy date, frequency, premium and loading, end date or payment term) less its unpaid dates.
   */
  total_premium: z.number(),
  /** Which schedule `total_premium` and the projection tables read: `transactions` or `policy`. */
  premium_source: z.enum(['transactions', 'policy']),
  beneficiary_percentage_total: z.number(),
  /** 1 for the whole policy; the viewing member's share (0–1) with ?view=. */
  share: z.number(),
  /** Premium, annualised premium, total premium, current saving and maturity values × share. */
  view: z.object({
    premium: z.number(),
    annualised_premium: z.number(),
    total_premium: z.number(),
    cash_value: z.number().nullable(),
    fund_value: z.number().nullable(),
    projected_maturity_value: z.number().nullable(),
  }),
  plans: z.array(z.record(z.string(), z.unknown())),
  boosters: z.array(z.record(z.string(), z.unknown())),
  coverages: z.array(z.record(z.string(), z.unknown())),
  benefits: z.array(StoredBenefit),
  cash_payouts: z.array(z.record(z.string(), z.unknown())),
  beneficiaries: z.array(z.record(z.string(), z.unknown())),
  contingent_owners: z.array(z.record(z.string(), z.unknown())),
  transactions: z.array(StoredTransaction),
  funds: z.array(z.record(z.string(), z.unknown())),
});
export type StoredPolicy = z.infer<typeof StoredPolicy>;
export const PolicyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(100),
  member_id: Uuid.optional(),
  /** Scale money to this member's share (§6). */
  view: Uuid.optional(),
});
export const PolicyPageReply = z.object({ data: Page(StoredPolicy) });

/** GET customer/insurance-projections-tables?lead_id=[&insurance_id=]: per policy, its premium schedule and years. */
export const ProjectionsQuery = z.object({ lead_id: Uuid, insurance_id: Uuid.optional() });
export const PremiumPaymentRow = z.object({ date: CalendarDate, amount: z.number(), policy_year: z.number().int() });
export const ProjectionYear = z.object({
  year: z.number().int(),
  age: z.number().nullable(),
  policy_year: z.number().int(),
  premium: z.number(),
  cumulative_premium: z.number(),
  cash_value: z.number(),
  payouts: z.number(),
  cover: z.record(z.string(), z.number()),
});
export const ProjectionsReply = z.object({
  data: z.array(
    z.object({
      insurance_id: Uuid,
      plan_name: z.string().nullable(),
      currency: z.string(),
      /** `transactions` when the policy has premium transactions, else `policy` (its own dates and premium). */
      premium_source: z.enum(['transactions', 'policy']),
      /** The premiums of `premium_schedule` dated up to today: the policy list's `total_premium`, same figure. */
      premiums_paid_to_date: z.number(),
      /** From the stored premium transactions (premium runs stepped by frequency; custom ones as dated). */
      premium_schedule: z.array(PremiumPaymentRow),
      years: z.array(ProjectionYear),
    }),
  ),
});
