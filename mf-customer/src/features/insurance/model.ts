/**
 * The insurance screens' model (spec planning-content §3 Insurance, Benefit template, §4, §5): benefit types with
 * their fixed positions and required keys, the editor's field tables, and the conversions between a stored policy
 * and the editor's form (every value a string while editing; numbers and booleans on the way out).
 */
import { INSURANCE_PLAN_TYPES } from '@kinfolio/contracts/src/plan-types';
import { type FieldDef, getPath, type SectionDef, toText } from '../../shared/form/engine';
import { fieldsOf, sectionsOf } from '../../shared/form/paths';
import type { InsuranceFields } from '../../shared/household/api';

// the form engine moved to shared/form/engine.ts (issue 33); the insurance screens and tests keep reading it here
export {
  agesText,
  BENEFICIARY_FIELDS,
  bodyOf,
  CONTINGENT_OWNER_FIELDS,
  emptyPerson,
  type FieldDef,
  type FieldKind,
  type FormValues,
  formOf,
  getPath,
  missingFields,
  OWNER_FIELDS,
  PERSON_FIELDS,
  type PersonForm,
  parseAges,
  percentageProblem,
  type SectionDef,
  setPath,
  toText,
} from '../../shared/form/engine';

/** §5: benefit types and their fixed positions. */
export const BENEFIT_TYPES = [
  { type: 'Death', position: 0 },
  { type: 'Disability', position: 1 },
  { type: 'Major Illness', position: 2 },
  { type: 'Early Critical Illness', position: 3 },
  { type: 'Premium Waiver', position: 4 },
  { type: 'Medical', position: 5 },
  { type: 'Personal Accident', position: 6 },
  { type: 'Custom Benefit', position: -1 },
] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number]['type'];
export const benefitPosition = (t: string): number => BENEFIT_TYPES.find((b) => b.type === t)?.position ?? -1;
/** §5: the investment-linked variants exist for these types (they use maturity_age). */
export const INVESTMENT_LINKED_TYPES: readonly string[] = ['Death', 'Disability', 'Major Illness', 'Custom Benefit'];
const CASH_BENEFIT_TYPES: readonly string[] = ['Death', 'Disability', 'Major Illness', 'Early Critical Illness'];

/** §4: premium frequencies (a single premium is one payment). */
export const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'semi_annual', label: 'Semi-annual' },
  { value: 'annual', label: 'Annual' },
  { value: 'single', label: 'Single premium' },
] as const;
export const frequencyLabel = (f: unknown) => FREQUENCIES.find((x) => x.value === f)?.label ?? String(f ?? '');
/** §4: months between premium dates by frequency; 0 = a single payment. */
export const FREQUENCY_MONTHS: Record<string, number> = {
  monthly: 1,
  quarterly: 3,
  semi_annual: 6,
  'semi annual': 6,
  annual: 12,
  single: 0,
  'single premium': 0,
};
/** Premium payments a year at a frequency (a single premium counts once). */
export const paymentsPerYear = (f: string) => {
  const m = FREQUENCY_MONTHS[f] ?? 12;
  return m === 0 ? 1 : 12 / m;
};

/**
 * §4: the premium dates from the policy date to the premium end date (inclusive), stepping by the frequency; a
 * single premium is one payment. Capped at `max` dates.
 */
export function premiumSchedule(policyDate: string, endDate: string | null | undefined, frequency: string, max = 600) {
  const start = parseDate(policyDate);
  if (!start) return [];
  const step = FREQUENCY_MONTHS[frequency] ?? 12;
  if (step === 0) return [policyDate];
  const end = parseDate(endDate ?? '') ?? addMonths(start, 12 * 100);
  const out: string[] = [];
  for (let i = 0; out.length < max; i++) {
    const d = addMonths(start, i * step);
    if (d > end) break;
    out.push(isoDate(d));
  }
  return out;
}
function parseDate(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
/** Adds months keeping the day, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** §3: medical room-and-board choices (or an amount). */
export const RNB_CHOICES = ['Private', 'A-Class (Public)', 'B-Class (Public)'] as const;

export const PAYMENT_TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'cpf', label: 'CPF' },
  { value: 'medisave', label: 'MediSave' },
  { value: 'srs', label: 'SRS' },
  { value: 'epf', label: 'EPF' },
  { value: 'other', label: 'Other' },
] as const;
export const paymentTypeLabel = (p: unknown) => PAYMENT_TYPES.find((x) => x.value === p)?.label ?? String(p ?? '');
/** The plan types: the one list the admin's plan editor and the service use too (a policy stores the name). */
export const PLAN_TYPES: ReadonlyArray<{ value: string; label: string }> = INSURANCE_PLAN_TYPES.map((t) => ({
  value: t.name,
  label: t.name,
}));
export const planTypeLabel = (p: unknown) => PLAN_TYPES.find((x) => x.value === p)?.label ?? String(p ?? '');
export const INTEGRATED_TYPES = [
  { value: 'basic', label: 'Basic plan' },
  { value: 'booster', label: 'Booster' },
  { value: 'rider', label: 'Rider' },
] as const;

/** The policy's own sections (§3 Policy, current_saving, premium detail, withdrawal_limit, retirement). */
export const POLICY_SECTIONS: SectionDef[] = sectionsOf<InsuranceFields<'policy'>>([
  {
    id: 'policy',
    title: 'Policy',
    fields: [
      { path: 'member_id', label: 'Insured', kind: 'member' },
      { path: 'insured', label: 'Insured name on the policy', kind: 'text', optional: true },
      { path: 'payer_id', label: 'Payer', kind: 'member', optional: true },
      { path: 'plan_type', label: 'Plan type', kind: 'select', options: PLAN_TYPES, optional: true },
      { path: 'custom_company_name', label: 'Insurance company', kind: 'text', optional: true },
      { path: 'plan_name', label: 'Plan name', kind: 'text' },
      { path: 'policy_number', label: 'Policy number', kind: 'text', optional: true },
      {
        path: 'integrated_plan.type',
        label: 'Plan or rider',
        kind: 'select',
        options: INTEGRATED_TYPES,
        initial: 'basic',
      },
    ],
  },
  {
    id: 'premium',
    title: 'Premium',
    fields: [
      { path: 'currency', label: 'Currency', kind: 'currency' },
      { path: 'premium', label: 'Premium', kind: 'float', min: 0 },
      { path: 'frequency', label: 'Mode', kind: 'select', options: FREQUENCIES, initial: 'annual' },
      { path: 'premium_loading', label: 'Premium loading (%)', kind: 'float', optional: true, min: 0 },
      { path: 'policy_date', label: 'Policy Date', kind: 'date' },
      { path: 'premium_end_date', label: 'Premium End Date', kind: 'date', optional: true },
      {
        path: 'unpaid_at',
        label: 'Unpaid premium dates',
        kind: 'dates',
        optional: true,
        hint: 'Premium dates not paid, as YYYY-MM-DD, separated by commas',
      },
      { path: 'payment_type', label: 'Payment type', kind: 'select', options: PAYMENT_TYPES, initial: 'cash' },
      { path: 'source_of_funds', label: 'Source Of Funds', kind: 'text', optional: true },
      { path: 'prorate', label: 'Prorate the first year', kind: 'check' },
      { path: 'premium_detail.amount', label: 'Premium detail amount', kind: 'float', optional: true, min: 0 },
      { path: 'premium_detail.a_saver_premium', label: 'A-Saver premium', kind: 'float', optional: true, min: 0 },
      { path: 'premium_detail.stamp_fee', label: 'Stamp fee', kind: 'float', optional: true, min: 0 },
      { path: 'premium_detail.payment_term', label: 'Payment term (years)', kind: 'number', optional: true, min: 0 },
      { path: 'premium_detail.lump_sum', label: 'Lump sum', kind: 'float', optional: true, min: 0 },
      {
        path: 'premium_detail.spread_over_years',
        label: 'Spread over years',
        kind: 'number',
        optional: true,
        initial: '2',
        min: 0,
      },
      { path: 'premium_detail.ignore_total_premium_paid', label: 'Ignore total premium paid', kind: 'check' },
    ],
  },
  {
    id: 'values',
    title: 'Current saving, withdrawal and retirement',
    fields: [
      { path: 'surrender_value', label: 'Surrender Value', kind: 'float', optional: true, min: 0 },
      { path: 'current_saving.amount', label: 'Current saving', kind: 'float', optional: true, min: 0 },
      { path: 'current_saving.cash_value', label: 'Cash value', kind: 'float', optional: true, min: 0 },
      { path: 'current_saving.fund_value', label: 'Fund value', kind: 'float', optional: true, min: 0 },
      { path: 'projected_maturity_value', label: 'Projected Maturity Value', kind: 'float', optional: true, min: 0 },
      { path: 'withdrawal_limit.amount', label: 'Withdrawal Limit', kind: 'float', optional: true, min: 0 },
      { path: 'withdrawal_limit.dividend', label: 'Dividend', kind: 'float', optional: true, min: 0 },
      { path: 'withdrawal_limit.coupon', label: 'Coupon', kind: 'float', optional: true, min: 0 },
      { path: 'withdrawal_limit.deposit_fund', label: 'Deposit fund', kind: 'float', optional: true, min: 0 },
      { path: 'retirement.maturity_value', label: 'Maturity value', kind: 'float', optional: true, min: 0 },
      { path: 'retirement.maturity_age', label: 'Maturity age', kind: 'number', initial: '100', min: 0 },
      { path: 'retirement.cash_out_age', label: 'Cash-out age', kind: 'number', optional: true, min: 0 },
      { path: 'retirement.growth_rate', label: 'Growth rate (%)', kind: 'float', initial: '5', optional: true },
      { path: 'retirement.reinvestment', label: 'Reinvestment rate (%)', kind: 'float', optional: true },
      { path: 'common_note', label: 'Note', kind: 'area', optional: true },
    ],
  },
]);

// ---------------------------------------------------------------- benefits (the benefit template)
export interface BenefitForm {
  /** The stored benefit's id; empty for a new one. */
  id: string;
  type: string;
  /** The covered member when not the policy's insured (stored as an insurance-coverage record). */
  covered_member: string;
  investment_linked: string;
  title: string;
  description: string;
  note: string;
  currency: string;
  expiry_age: string;
  maturity_age: string;
  duration: string;
  lump_sum_payout: string;
  regular_monthly: string;
  regular_annual: string;
  regular_duration: string;
  lump_sum: string;
  ci_guard: string;
  ci_advance: string;
  pw_payer: string;
  pw_non_payer_major_illness: string;
  pw_non_payer_disability: string;
  pw_non_payer_death: string;
  pw_insured_major_illness: string;
  pw_insured_disability: string;
  rnb: string;
  annual_limit: string;
  lifetime_limit: string;
  medical_amount: string;
}

export function emptyBenefit(type: string, currency: string): BenefitForm {
  return {
    id: '',
    type,
    covered_member: '',
    investment_linked: '',
    title: '',
    description: '',
    note: '',
    currency,
    expiry_age: '',
    maturity_age: '',
    duration: '',
    lump_sum_payout: '',
    regular_monthly: '',
    regular_annual: '',
    regular_duration: '',
    lump_sum: '',
    ci_guard: '',
    ci_advance: '',
    pw_payer: '',
    pw_non_payer_major_illness: '',
    pw_non_payer_disability: '',
    pw_non_payer_death: '',
    pw_insured_major_illness: '',
    pw_insured_disability: '',
    rnb: '',
    annual_limit: '',
    lifetime_limit: '',
    medical_amount: '',
  };
}

const num = (s: string): number | undefined => {
  const t = s.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};
const money = (currency: string, s: string) => (num(s) === undefined ? undefined : { currency, amount: num(s) });
const clean = (o: Record<string, unknown>): Record<string, unknown> | undefined => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const c = clean(v as Record<string, unknown>);
      if (c) out[k] = c;
    } else out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
};

const PAYOUT_KEYS = ['lump_sum_payout', 'regular_monthly', 'regular_annual', 'regular_duration'] as const;
/** The benefit template's fields the editor shows for a benefit's type (and investment-linked variant). */
export function benefitKeys(type: string, investmentLinked: boolean): Set<keyof BenefitForm> {
  const il = investmentLinked && INVESTMENT_LINKED_TYPES.includes(type);
  const keys = new Set<keyof BenefitForm>(['covered_member', 'note', 'currency']);
  const add = (...k: Array<keyof BenefitForm>) => {
    for (const x of k) keys.add(x);
  };
  if (INVESTMENT_LINKED_TYPES.includes(type)) add('investment_linked');
  if (CASH_BENEFIT_TYPES.includes(type)) {
    add('expiry_age', 'duration', ...PAYOUT_KEYS);
    if (type === 'Major Illness' || type === 'Early Critical Illness') add('ci_guard', 'ci_advance');
    if (il) add('maturity_age');
    if (il && (type === 'Death' || type === 'Disability')) add('lump_sum');
  } else if (type === 'Premium Waiver') {
    add(
      'expiry_age',
      'pw_payer',
      'pw_non_payer_major_illness',
      'pw_non_payer_disability',
      'pw_non_payer_death',
      'pw_insured_major_illness',
      'pw_insured_disability',
    );
  } else if (type === 'Medical') {
    add('expiry_age', 'rnb', 'annual_limit', 'lifetime_limit');
  } else if (type === 'Personal Accident') {
    add('expiry_age', 'duration', 'medical_amount', ...PAYOUT_KEYS);
  } else if (type === 'Custom Benefit') {
    add('title', 'description', 'expiry_age', 'maturity_age', 'duration', ...PAYOUT_KEYS);
    if (il) add('lump_sum');
  }
  return keys;
}

/** A benefit form as the benefit template's body (§3): the type's fields that are filled in. */
export function benefitBody(form: BenefitForm): Record<string, unknown> {
  const keys = benefitKeys(form.type, form.investment_linked === 'true');
  const b = { ...form };
  for (const k of Object.keys(b) as Array<keyof BenefitForm>) {
    if (k !== 'id' && k !== 'type' && !keys.has(k)) b[k] = '';
  }
  const medical = !b.rnb
    ? undefined
    : clean({
        currency: b.rnb ? b.currency : undefined,
        rnb: b.rnb ? (num(b.rnb) ?? b.rnb) : undefined,
        annual_limit: num(b.annual_limit),
        lifetime_limit: num(b.lifetime_limit),
      });
  const body = clean({
    type: b.type,
    investment_linked: INVESTMENT_LINKED_TYPES.includes(b.type) && b.investment_linked === 'true' ? true : undefined,
    title: b.title.trim() || undefined,
    description: b.description.trim() || undefined,
    note: b.note.trim() || undefined,
    expiry_age: num(b.expiry_age),
    maturity_age: num(b.maturity_age),
    duration: num(b.duration),
    payout: {
      lump_sum_payout: money(b.currency, b.lump_sum_payout),
      regular:
        num(b.regular_monthly) !== undefined || num(b.regular_annual) !== undefined
          ? clean({
              currency: b.currency,
              monthly_amount: num(b.regular_monthly),
              annual_amount: num(b.regular_annual),
              duration: num(b.regular_duration),
              show: true,
            })
          : undefined,
    },
    lump_sum: money(b.currency, b.lump_sum),
    critical_illness: { ci_guard: money(b.currency, b.ci_guard), ci_advance: money(b.currency, b.ci_advance) },
    premium_waiver:
      b.type === 'Premium Waiver'
        ? {
            payer: b.pw_payer === 'true',
            non_payer: {
              major_illness: b.pw_non_payer_major_illness === 'true',
              disability: b.pw_non_payer_disability === 'true',
              death: b.pw_non_payer_death === 'true',
            },
            insured: {
              major_illness: b.pw_insured_major_illness === 'true',
              disability: b.pw_insured_disability === 'true',
            },
          }
        : undefined,
    medical,
    medical_amount: money(b.currency, b.medical_amount),
  });
  return body ?? { type: b.type };
}

/** A stored benefit as the editor's form (`coverageMember`: the member of a coverage id). */
export function benefitForm(
  r: Record<string, unknown>,
  currency: string,
  coverageMember: (coverageId: string) => string = () => '',
): BenefitForm {
  const t = (p: string) => toText(getPath(r, p));
  const cur = String(
    getPath(r, 'payout.lump_sum_payout.currency') ??
      getPath(r, 'payout.regular.currency') ??
      getPath(r, 'lump_sum.currency') ??
      getPath(r, 'medical.currency') ??
      currency,
  );
  return {
    ...emptyBenefit(String(r.type ?? 'Death'), cur),
    id: String(r.id ?? ''),
    covered_member: r.coverage_id ? coverageMember(String(r.coverage_id)) : '',
    investment_linked: t('investment_linked'),
    title: t('title'),
    description: t('description'),
    note: t('note'),
    expiry_age: t('expiry_age'),
    maturity_age: t('maturity_age'),
    duration: t('duration'),
    lump_sum_payout: t('payout.lump_sum_payout.amount'),
    regular_monthly: t('payout.regular.monthly_amount'),
    regular_annual: t('payout.regular.annual_amount'),
    regular_duration: t('payout.regular.duration'),
    lump_sum: t('lump_sum.amount'),
    ci_guard: t('critical_illness.ci_guard.amount'),
    ci_advance: t('critical_illness.ci_advance.amount'),
    pw_payer: t('premium_waiver.payer'),
    pw_non_payer_major_illness: t('premium_waiver.non_payer.major_illness'),
    pw_non_payer_disability: t('premium_waiver.non_payer.disability'),
    pw_non_payer_death: t('premium_waiver.non_payer.death'),
    pw_insured_major_illness: t('premium_waiver.insured.major_illness'),
    pw_insured_disability: t('premium_waiver.insured.disability'),
    rnb: t('medical.rnb'),
    annual_limit: t('medical.annual_limit'),
    lifetime_limit: t('medical.lifetime_limit'),
    medical_amount: t('medical_amount.amount'),
  };
}

/**
 * §5's required keys of a benefit, as `{field: message}` (empty when complete). Death, Disability, Major Illness and
 * Early Critical Illness need expiry_age, payout and duration; Premium Waiver its waiver; Medical expiry_age and
 * medical; Personal Accident expiry_age, payout, duration and medical_amount; Custom Benefit a title, payout and an
 * expiry or maturity age. Investment-linked variants use maturity_age; Death and Disability then need lump_sum and
 * Major Illness critical_illness.
 */
export function benefitProblems(b: BenefitForm): Partial<Record<keyof BenefitForm, string>> {
  const p: Partial<Record<keyof BenefitForm, string>> = {};
  const has = (s: string) => s.trim() !== '';
  const payout = has(b.lump_sum_payout) || has(b.regular_monthly) || has(b.regular_annual);
  const il = INVESTMENT_LINKED_TYPES.includes(b.type) && b.investment_linked === 'true';
  const age = (k: 'expiry_age' | 'maturity_age') => {
    if (!has(b[k])) p[k] = k === 'expiry_age' ? 'Enter the expiry age' : 'Enter the maturity age';
  };
  if (il) {
    age('maturity_age');
    if ((b.type === 'Death' || b.type === 'Disability') && !has(b.lump_sum)) p.lump_sum = 'Enter the lump sum';
    if (b.type === 'Major Illness' && !has(b.ci_guard) && !has(b.ci_advance))
      p.ci_guard = 'Enter the critical-illness cover (CI guard or CI advance)';
    if (b.type === 'Custom Benefit' && !has(b.title)) p.title = 'Enter a title';
    return p;
  }
  if (CASH_BENEFIT_TYPES.includes(b.type) || b.type === 'Personal Accident') {
    age('expiry_age');
    if (!payout) p.lump_sum_payout = 'Enter the payout (lump sum or regular)';
    if (!has(b.duration)) p.duration = 'Enter the duration';
    if (b.type === 'Personal Accident' && !has(b.medical_amount)) p.medical_amount = 'Enter the medical amount';
  } else if (b.type === 'Premium Waiver') {
    const any = [
      b.pw_payer,
      b.pw_non_payer_major_illness,
      b.pw_non_payer_disability,
      b.pw_non_payer_death,
      b.pw_insured_major_illness,
      b.pw_insured_disability,
    ].some((v) => v === 'true');
    if (!any) p.pw_payer = 'Choose what the premium waiver covers';
  } else if (b.type === 'Medical') {
    age('expiry_age');
    if (!has(b.rnb)) p.rnb = 'Choose the room and board (or enter an amount)';
  } else if (b.type === 'Custom Benefit') {
    if (!has(b.title)) p.title = 'Enter a title';
    if (!payout) p.lump_sum_payout = 'Enter the payout (lump sum or regular)';
    if (!has(b.expiry_age) && !has(b.maturity_age)) p.expiry_age = 'Enter an expiry or a maturity age';
  }
  return p;
}

/** The amount a benefit covers, for lists and the coverage view: lump-sum payout, else regular a year × years. */
export function benefitCover(r: Record<string, unknown>): number {
  const n = (p: string) => {
    const v = Number(getPath(r, p));
    return Number.isFinite(v) ? v : 0;
  };
  const lump = n('payout.lump_sum_payout.amount') || n('lump_sum.amount');
  if (lump) return lump;
  const annual = n('payout.regular.annual_amount') || n('payout.regular.monthly_amount') * 12;
  const years = n('payout.regular.duration') || n('duration') || 1;
  if (annual) return annual * years;
  return n('medical.annual_limit') || n('medical_amount.amount') || n('critical_illness.ci_guard.amount');
}

// ---------------------------------------------------------------- the list tooltip
/** The tooltip's facts of a policy (§3): insured's name and age, maturity year, years to maturity. */
export function maturityFacts(
  policy: Record<string, unknown>,
  insured: { name?: string | null; age?: number | null } | undefined,
  thisYear = new Date().getUTCFullYear(),
): { name: string | null; age: number | null; year: number | null; years_to_mature: number | null } {
  const given = (k: string) => {
    const v = policy[k];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const name = (policy.insured_name as string | undefined) ?? insured?.name ?? null;
  const age = given('insured_age') ?? (typeof insured?.age === 'number' ? insured.age : null);
  const maturityAge = Number(getPath(policy, 'retirement.maturity_age'));
  let years = given('years_to_mature');
  let year = given('maturity_year') ?? given('year');
  if (years === null && age !== null && Number.isFinite(maturityAge) && maturityAge > 0)
    years = Math.max(0, maturityAge - age);
  if (year === null && years !== null) year = thisYear + years;
  return { name: name || null, age, year, years_to_mature: years };
}

// ---------------------------------------------------------------- the records under a policy
const TRANSACTION_TYPES = [
  { value: 'premium', label: 'Premium (a run of premiums)' },
  { value: 'custom', label: 'Custom (one payment)' },
];
export const TRANSACTION_FIELDS: FieldDef[] = fieldsOf<InsuranceFields<'transaction'>>([
  { path: 'type', label: 'Transaction', kind: 'select', options: TRANSACTION_TYPES, initial: 'custom' },
  {
    path: 'transaction_type',
    label: 'Kind',
    kind: 'select',
    options: [
      { value: 'installment', label: 'Instalment' },
      { value: 'withdrawal', label: 'Withdrawal' },
    ],
    initial: 'installment',
  },
  { path: 'transaction_date', label: 'Date (custom)', kind: 'date', optional: true },
  { path: 'transaction_start_date', label: 'First premium date', kind: 'date', optional: true },
  { path: 'transaction_end_date', label: 'Last premium date', kind: 'date', optional: true },
  { path: 'amount', label: 'Amount', kind: 'float', min: 0 },
  { path: 'currency', label: 'Currency', kind: 'currency' },
  { path: 'payment_type', label: 'Payment type', kind: 'select', options: PAYMENT_TYPES, initial: 'cash' },
  {
    path: 'unpaid_at',
    label: 'Unpaid premium dates',
    kind: 'dates',
    optional: true,
    hint: 'Dates as YYYY-MM-DD, separated by commas',
  },
  { path: 'note', label: 'Note', kind: 'text', optional: true },
]);
export const PAYOUT_TYPES = [
  { value: 'dividend', label: 'Dividend' },
  { value: 'coupon', label: 'Coupon' },
  { value: 'cash_back', label: 'Cash back' },
  { value: 'maturity', label: 'Maturity' },
];
export const DIVIDEND_FREQUENCIES = ['every year', 'every 2 years', 'every 3 years', 'every 5 years'].map((v) => ({
  value: v,
  label: v[0]?.toUpperCase() + v.slice(1),
}));
export const PAYOUT_FIELDS: FieldDef[] = fieldsOf<InsuranceFields<'cashPayout'>>([
  { path: 'type', label: 'Payout type', kind: 'select', options: PAYOUT_TYPES, initial: 'dividend' },
  { path: 'payout.amount', label: 'Payout amount', kind: 'float', min: 0 },
  { path: 'payout.currency', label: 'Payout currency', kind: 'currency' },
  { path: 'period.start', label: 'From policy year', kind: 'number', initial: '1', min: 1 },
  { path: 'period.end', label: 'To policy year', kind: 'number', initial: '5', min: 1 },
  {
    path: 'dividend_frequency',
    label: 'Dividend frequency',
    kind: 'select',
    options: DIVIDEND_FREQUENCIES,
    initial: 'every year',
  },
  {
    path: 'maturity_coupon_type',
    label: 'Maturity coupon',
    kind: 'select',
    options: [
      { value: 'payout', label: 'Paid out' },
      { value: 'reinvest', label: 'Reinvested' },
    ],
    initial: 'payout',
  },
  { path: 'reinvestment', label: 'Reinvestment rate (%)', kind: 'float', optional: true },
]);
export const BOOSTER_FIELDS: FieldDef[] = fieldsOf<InsuranceFields<'booster'>>([
  {
    path: 'type',
    label: 'Booster or rider',
    kind: 'select',
    options: [
      { value: 'rider', label: 'Rider' },
      { value: 'booster', label: 'Booster' },
    ],
    initial: 'rider',
  },
  { path: 'name', label: 'Rider name', kind: 'text' },
  { path: 'premium', label: 'Rider premium', kind: 'float', optional: true, min: 0 },
  { path: 'currency', label: 'Rider currency', kind: 'currency' },
  { path: 'frequency', label: 'Rider mode', kind: 'select', options: FREQUENCIES, initial: 'annual' },
  { path: 'note', label: 'Rider note', kind: 'text', optional: true },
]);

/** Years a payout record pays in: policy years start…end, stepping by its dividend frequency. */
export function payoutYears(policyDate: string, start: number, end: number, frequency: string): number[] {
  const first = Number(policyDate.slice(0, 4));
  const step = Number(/every (\d+) years/.exec(frequency)?.[1] ?? 1);
  if (!Number.isFinite(first) || start < 1 || end < start) return [];
  const out: number[] = [];
  for (let y = start; y <= end && out.length < 100; y += step) out.push(first + y - 1);
  return out;
}

/** The benefit template's inputs (their paths are the editor's benefit form keys); shown by `benefitKeys`. */
export const BENEFIT_FIELDS: Array<FieldDef & { path: keyof BenefitForm }> = [
  { path: 'covered_member', label: 'Covered member', kind: 'member', optional: true, placeholder: 'The insured' },
  { path: 'investment_linked', label: 'Investment-linked', kind: 'check' },
  { path: 'title', label: 'Title', kind: 'text' },
  { path: 'description', label: 'Description', kind: 'text', optional: true },
  { path: 'currency', label: 'Benefit currency', kind: 'currency' },
  { path: 'lump_sum_payout', label: 'Lump-sum payout', kind: 'float', optional: true, min: 0 },
  { path: 'regular_monthly', label: 'Regular payout a month', kind: 'float', optional: true, min: 0 },
  { path: 'regular_annual', label: 'Regular payout a year', kind: 'float', optional: true, min: 0 },
  { path: 'regular_duration', label: 'Regular payout years', kind: 'number', optional: true, min: 0 },
  { path: 'duration', label: 'Duration (years)', kind: 'number', min: 0 },
  { path: 'expiry_age', label: 'Expiry age', kind: 'number', min: 0 },
  { path: 'maturity_age', label: 'Maturity age', kind: 'number', min: 0 },
  { path: 'lump_sum', label: 'Lump sum', kind: 'float', optional: true, min: 0 },
  { path: 'ci_guard', label: 'CI guard', kind: 'float', optional: true, min: 0 },
  { path: 'ci_advance', label: 'CI advance', kind: 'float', optional: true, min: 0 },
  { path: 'pw_payer', label: 'Waived for the payer', kind: 'check' },
  { path: 'pw_non_payer_major_illness', label: 'Non-payer: major illness', kind: 'check' },
  { path: 'pw_non_payer_disability', label: 'Non-payer: disability', kind: 'check' },
  { path: 'pw_non_payer_death', label: 'Non-payer: death', kind: 'check' },
  { path: 'pw_insured_major_illness', label: 'Insured: major illness', kind: 'check' },
  { path: 'pw_insured_disability', label: 'Insured: disability', kind: 'check' },
  {
    path: 'rnb',
    label: 'Room and board',
    kind: 'text',
    hint: 'Private, A-Class (Public), B-Class (Public) or an amount',
  },
  {
    path: 'annual_limit',
    label: 'Annual limit',
    kind: 'float',
    optional: true,
    min: -1,
    hint: '-1 means unlimited',
  },
  {
    path: 'lifetime_limit',
    label: 'Lifetime limit',
    kind: 'float',
    optional: true,
    min: -1,
    hint: '-1 means unlimited',
  },
  { path: 'medical_amount', label: 'Medical amount', kind: 'float', optional: true, min: 0 },
  { path: 'note', label: 'Benefit note', kind: 'text', optional: true },
];

// ---------------------------------------------------------------- plans: premiums by age and gender
export const PLAN_FIELDS: FieldDef[] = fieldsOf<InsuranceFields<'plan'>>([
  { path: 'name', label: 'Plan name', kind: 'text', optional: true },
  { path: 'currency', label: 'Plan currency', kind: 'currency' },
  { path: 'additional_coverage_premium', label: 'Additional coverage premium', kind: 'float', optional: true, min: 0 },
  {
    path: 'data_by_age',
    label: 'Premiums by age',
    kind: 'ages',
    optional: true,
    hint: 'One age a line: age, premium for a man, premium for a woman (e.g. 40, 1200, 1100)',
  },
]);

/** Insurance funds of an investment-linked policy, with the share of new premiums each gets (asset balancing). */
export const FUND_FIELDS: FieldDef[] = fieldsOf<InsuranceFields<'fund'>>([
  { path: 'name', label: 'Fund name', kind: 'text' },
  { path: 'currency', label: 'Fund currency', kind: 'currency' },
  { path: 'units', label: 'Units', kind: 'float', optional: true, min: 0 },
  { path: 'price', label: 'Unit price', kind: 'float', optional: true, min: 0 },
  { path: 'value', label: 'Fund value', kind: 'float', optional: true, min: 0 },
  { path: 'more_info.capital_invested', label: 'Capital invested', kind: 'float', optional: true, min: 0 },
  { path: 'more_info.invested_date', label: 'Invested on', kind: 'date', optional: true },
  {
    path: 'more_info.dividend_declaration_type',
    label: 'Dividends declared as',
    kind: 'select',
    options: [
      { value: 'units', label: 'Units' },
      { value: 'cash', label: 'Cash' },
    ],
    initial: 'units',
  },
  { path: 'asset_balancing', label: 'Share of new premiums (%)', kind: 'float', optional: true, min: 0 },
  { path: 'asset_class.equity', label: 'Equity (%)', kind: 'float', optional: true, min: 0 },
  { path: 'asset_class.bond', label: 'Bonds (%)', kind: 'float', optional: true, min: 0 },
  { path: 'asset_class.others', label: 'Others (%)', kind: 'float', optional: true, min: 0 },
]);

/** Funds' allocations: none given, or every fund's, totalling 100 (the message, or null). */
export function fundBalancingProblem(funds: ReadonlyArray<Record<string, string>>): string | null {
  const given = funds.filter((f) => (f.asset_balancing ?? '').trim() !== '');
  if (given.length === 0) return null;
  if (given.length !== funds.length) return 'Give every fund its share of new premiums, or none';
  const total = given.reduce((s, f) => s + Number(f.asset_balancing), 0);
  return Math.abs(total - 100) > 0.001
    ? `The shares of new premiums add up to ${+total.toFixed(3)}%; they must add up to 100%`
    : null;
}
/** A fund's asset classes: none given, or equity + bonds + others = 100 (the message, or null). */
export function assetClassProblem(f: Record<string, string>): string | null {
  const parts = ['asset_class.equity', 'asset_class.bond', 'asset_class.others'].map((k) => (f[k] ?? '').trim());
  if (parts.every((p) => p === '')) return null;
  const total = parts.reduce((s, p) => s + (Number(p) || 0), 0);
  return Math.abs(total - 100) > 0.001
    ? `Equity, bonds and others add up to ${+total.toFixed(3)}%; they must add up to 100%`
    : null;
}
