import { insurancePlanType } from '@kinfolio/contracts/src/plan-types';
import {
  ApiError,
  Button,
  errorMessage,
  FormError,
  fieldErrors,
  GuardedFormActions,
  SaveConfirmationDialog,
  Select,
  Skeleton,
  useResource,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { FieldInput, Fields, RowBox, RowsEditor } from '../../shared/form/fields';
import { MoveButtons, moveItem } from '../../shared/form/reorder';
import { StepNav, subErrors } from '../../shared/form/steps';
import {
  type Household,
  type InsuranceKind,
  insuranceApi,
  type ReferencePlan,
  type StoredPolicy,
} from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useEditorDraft } from '../../shared/household/useEditorDraft';
import { Card, Row } from '../../shared/ui/layout';
import { memberLabel, policyTitle, useInsuranceLinks, usePolicies } from './data';
import {
  assetClassProblem,
  BENEFICIARY_FIELDS,
  BENEFIT_FIELDS,
  BENEFIT_TYPES,
  type BenefitForm,
  BOOSTER_FIELDS,
  benefitBody,
  benefitForm,
  benefitKeys,
  benefitProblems,
  bodyOf,
  CONTINGENT_OWNER_FIELDS,
  emptyBenefit,
  type FieldDef,
  type FormValues,
  FUND_FIELDS,
  formOf,
  fundBalancingProblem,
  missingFields,
  OWNER_FIELDS,
  PAYOUT_FIELDS,
  PLAN_FIELDS,
  PLAN_TYPES,
  POLICY_SECTIONS,
  percentageProblem,
  TRANSACTION_FIELDS,
} from './model';
import { usePlanPremium } from './planPremium';

/** The form-step draft's step name (households issue: drafts are per user, named by form and step). */
export const DRAFT_STEP = 'insurance/policy-editor';

export const STEPS = [
  { id: 'policy', title: 'Policy' },
  { id: 'premium', title: 'Premium' },
  { id: 'values', title: 'Savings, withdrawal and retirement' },
  { id: 'benefits', title: 'Coverages and benefits' },
  { id: 'people', title: 'Owners and beneficiaries' },
  { id: 'money', title: 'Premium transactions, payouts and funds' },
] as const;

/**
 * The row lists each step edits, in order (after the step's own fields): `priced` rows start in the policy's
 * currency; `problem`: the list's own error (shares, fund balancing) is shown below it.
 */
const STEP_LISTS: Partial<
  Record<
    (typeof STEPS)[number]['id'],
    ReadonlyArray<{
      key: ListKey | 'owners';
      title: string;
      noun: string;
      defs: FieldDef[];
      priced?: boolean;
      problem?: boolean;
    }>
  >
> = {
  benefits: [
    { key: 'plans', title: 'Plans', noun: 'plan', defs: PLAN_FIELDS, priced: true },
    { key: 'boosters', title: 'Boosters and riders', noun: 'rider', defs: BOOSTER_FIELDS, priced: true },
  ],
  people: [
    { key: 'owners', title: 'Policy owners', noun: 'owner', defs: OWNER_FIELDS, problem: true },
    { key: 'beneficiaries', title: 'Beneficiaries', noun: 'beneficiary', defs: BENEFICIARY_FIELDS, problem: true },
    {
      key: 'contingentOwners',
      title: 'Contingent owners',
      noun: 'contingent owner',
      defs: CONTINGENT_OWNER_FIELDS,
      problem: true,
    },
  ],
  money: [
    { key: 'transactions', title: 'Premium transactions', noun: 'transaction', defs: TRANSACTION_FIELDS, priced: true },
    { key: 'payouts', title: 'Payouts', noun: 'payout', defs: PAYOUT_FIELDS, priced: true },
    { key: 'funds', title: 'Insurance funds', noun: 'fund', defs: FUND_FIELDS, priced: true, problem: true },
  ],
};

const POLICY_FIELDS: FieldDef[] = POLICY_SECTIONS.flatMap((s) => s.fields);
const sectionFields = (id: string) => POLICY_SECTIONS.find((s) => s.id === id)?.fields ?? [];

/** The lists edited under a policy, with their record kind and fields. */
const LISTS = {
  benefits: { kind: 'benefit', fields: BENEFIT_FIELDS as FieldDef[], step: 3 },
  plans: { kind: 'plan', fields: PLAN_FIELDS, step: 3 },
  boosters: { kind: 'booster', fields: BOOSTER_FIELDS, step: 3 },
  beneficiaries: { kind: 'beneficiary', fields: BENEFICIARY_FIELDS, step: 4 },
  contingentOwners: { kind: 'contingentOwner', fields: CONTINGENT_OWNER_FIELDS, step: 4 },
  transactions: { kind: 'transaction', fields: TRANSACTION_FIELDS, step: 5 },
  payouts: { kind: 'cashPayout', fields: PAYOUT_FIELDS, step: 5 },
  funds: { kind: 'fund', fields: FUND_FIELDS, step: 5 },
} as const satisfies Record<string, { kind: InsuranceKind; fields: FieldDef[]; step: number }>;
type ListKey = keyof typeof LISTS;
const LIST_KEYS = Object.keys(LISTS) as ListKey[];

export interface EditorForm {
  policy: FormValues;
  /** Policy owners (kept in the policy, with their shares). */
  owners: FormValues[];
  benefits: FormValues[];
  plans: FormValues[];
  boosters: FormValues[];
  beneficiaries: FormValues[];
  contingentOwners: FormValues[];
  transactions: FormValues[];
  payouts: FormValues[];
  funds: FormValues[];
}

const withId = (fields: readonly FieldDef[], r: Record<string, unknown>, defaults: FormValues = {}): FormValues => ({
  id: String(r.id ?? ''),
  ...formOf(fields, r, defaults),
});

/** The editor's form of a stored policy, or of a new one (the insured is the `me` member, in the household currency). */
export function editorForm(household: Household, p: StoredPolicy | null): EditorForm {
  const me = household.members.find((m) => m.relation === 'me') ?? household.members[0];
  const currency = p?.currency ?? household.currency;
  const cur = { currency, 'payout.currency': currency };
  return {
    policy: {
      ...formOf(POLICY_FIELDS, p, { member_id: me?.id ?? '', currency }),
      plan_id: String(p?.plan_id ?? 'custom'),
      insurance_company: String(p?.insurance_company ?? ''),
    },
    owners: (p?.owners ?? []).map((o) => withId(OWNER_FIELDS, o)),
    benefits: (p?.benefits ?? []).map((b) => ({
      ...benefitForm(b, currency, (cid) => String(p?.coverages.find((c) => c.id === cid)?.member_id ?? '')),
    })),
    plans: (p?.plans ?? []).map((r) => withId(PLAN_FIELDS, r, cur)),
    boosters: (p?.boosters ?? []).map((r) => withId(BOOSTER_FIELDS, r, cur)),
    beneficiaries: (p?.beneficiaries ?? []).map((r) => withId(BENEFICIARY_FIELDS, r)),
    contingentOwners: (p?.contingent_owners ?? []).map((r) => withId(CONTINGENT_OWNER_FIELDS, r)),
    transactions: (p?.transactions ?? []).map((r) => withId(TRANSACTION_FIELDS, r, cur)),
    payouts: (p?.cash_payouts ?? []).map((r) => withId(PAYOUT_FIELDS, r, cur)),
    funds: (p?.funds ?? []).map((r) => withId(FUND_FIELDS, r, cur)),
  };
}

/** A person's name: as typed, else the chosen member's. */
function personBody(household: Household, fields: readonly FieldDef[], row: FormValues, idKey: string) {
  const body = bodyOf(fields, row);
  if (!body.name && row[idKey]) body.name = memberLabel(household, row[idKey]);
  return body;
}

/** The policy's own body: its fields, its owners, and the current saving's currency (the policy's). */
export function policyBody(household: Household, f: EditorForm): Record<string, unknown> {
  const body = bodyOf(POLICY_FIELDS, f.policy);
  // a reference plan (the admins' list) names its plan and company; the custom plan uses the typed names
  if (f.policy.plan_id && f.policy.plan_id !== 'custom') {
    body.plan_id = f.policy.plan_id;
    if (f.policy.insurance_company) body.insurance_company = f.policy.insurance_company;
  }
  if (body.current_saving) (body.current_saving as Record<string, unknown>).currency = body.currency;
  body.owners = f.owners.map((o) => personBody(household, OWNER_FIELDS, o, 'owner_id'));
  return body;
}

function listBody(household: Household, key: ListKey, row: FormValues, policyId: string): Record<string, unknown> {
  if (key === 'benefits') return { ...benefitBody(row as unknown as BenefitForm), insurance_id: policyId };
  const { fields } = LISTS[key];
  const body =
    key === 'beneficiaries'
      ? personBody(household, fields, row, 'beneficiary_id')
      : key === 'contingentOwners'
        ? personBody(household, fields, row, 'owner_id')
        : bodyOf(fields, row);
  return { ...body, insurance_id: policyId };
}

/** The plan types (the contracts' one list), and a stored policy's own type when it is not one of them. */
const planTypeOptions = (current: string | undefined) =>
  current && !PLAN_TYPES.some((t) => t.value === current)
    ? [...PLAN_TYPES, { value: current, label: current }]
    : PLAN_TYPES;

/** The problems of a step, keyed by field path (policy) or `list.index.field` (the lists). */
export function stepProblems(step: number, f: EditorForm): Record<string, string> {
  const out: Record<string, string> = {};
  const id = STEPS[step]?.id;
  if (id === 'policy' || id === 'premium' || id === 'values')
    Object.assign(out, missingFields(sectionFields(id), f.policy));
  if (id === 'policy' && !f.policy.plan_name?.trim()) out.plan_name = 'Enter the plan name';
  const rows = (key: ListKey | 'owners', fields: readonly FieldDef[]) =>
    f[key].forEach((r, i) => {
      for (const [k, v] of Object.entries(missingFields(fields, r))) {
        // a household member chosen names the person
        if (k === 'name' && (r.beneficiary_id || r.owner_id)) continue;
        out[`${key}.${i}.${k}`] = v;
      }
    });
  if (id === 'benefits') {
    f.benefits.forEach((b, i) => {
      for (const [k, v] of Object.entries(benefitProblems(b as unknown as BenefitForm))) out[`benefits.${i}.${k}`] = v;
    });
    rows('plans', PLAN_FIELDS);
    rows('boosters', BOOSTER_FIELDS);
  }
  if (id === 'people') {
    rows('owners', OWNER_FIELDS);
    rows('beneficiaries', BENEFICIARY_FIELDS);
    rows('contingentOwners', CONTINGENT_OWNER_FIELDS);
    const pct = (key: 'owners' | 'beneficiaries' | 'contingentOwners') => {
      const msg = percentageProblem(f[key].map((r) => ({ ...r, percentage: r.percentage ?? '' }) as never));
      if (msg) out[key] = msg;
    };
    pct('owners');
    pct('beneficiaries');
    pct('contingentOwners');
  }
  if (id === 'money') {
    rows('transactions', TRANSACTION_FIELDS);
    f.transactions.forEach((t, i) => {
      if (t.type === 'custom' && !t.transaction_date?.trim())
        out[`transactions.${i}.transaction_date`] = 'Enter the date of the payment';
      if (t.type === 'premium' && !t.transaction_start_date?.trim())
        out[`transactions.${i}.transaction_start_date`] = 'Enter the first premium date';
    });
    rows('payouts', PAYOUT_FIELDS);
    rows('funds', FUND_FIELDS);
    f.funds.forEach((r, i) => {
      const m = assetClassProblem(r);
      if (m) out[`funds.${i}.asset_class.equity`] = m;
    });
    const balancing = fundBalancingProblem(f.funds);
    if (balancing) out.funds = balancing;
  }
  return out;
}

/** The step a policy field (or a list) is edited on. */
function stepOf(key: string): number {
  const list = key.split('.')[0] ?? '';
  if (list in LISTS) return LISTS[list as ListKey].step;
  if (list === 'owners') return 4;
  const i = POLICY_SECTIONS.findIndex((s) =>
    s.fields.some((f) => f.path === key || f.path.startsWith(`${key}.`) || key.startsWith(`${f.path}.`)),
  );
  return Math.max(i, 0);
}

/** A benefit's server error key (a template key like `payout` or `medical.rnb`) as the benefit form's input. */
function benefitErrorKey(key: string): string {
  const map: Array<[string, string]> = [
    ['payout.regular', 'regular_annual'],
    ['payout', 'lump_sum_payout'],
    ['lump_sum', 'lump_sum'],
    ['critical_illness.ci_advance', 'ci_advance'],
    ['critical_illness', 'ci_guard'],
    ['premium_waiver', 'pw_payer'],
    ['medical_amount', 'medical_amount'],
    ['medical.annual_limit', 'annual_limit'],
    ['medical.lifetime_limit', 'lifetime_limit'],
    ['medical', 'rnb'],
  ];
  for (const [prefix, to] of map) if (key === prefix || key.startsWith(`${prefix}.`)) return to;
  return key;
}

function BenefitsEditor({
  rows,
  onChange,
  errors,
  household,
  currency,
}: {
  rows: FormValues[];
  onChange: (rows: FormValues[]) => void;
  errors: Record<string, string>;
  household: Household;
  currency: string;
}) {
  const [newType, setNewType] = useState<string>(BENEFIT_TYPES[0].type);
  return (
    <section aria-labelledby="benefits-h">
      <h3 id="benefits-h">Benefits</h3>
      {rows.length === 0 ? <p>No benefits yet.</p> : null}
      {rows.map((b, i) => {
        const keys = benefitKeys(b.type ?? '', b.investment_linked === 'true');
        const label = `${b.type} ${i + 1}`;
        return (
          <RowBox key={b.id || `new-${i}`} data-testid="benefit-editor">
            <legend>
              Benefit {i + 1}: {b.type}
            </legend>
            <FieldInputRow>
              {BENEFIT_FIELDS.filter((d) => keys.has(d.path)).map((d) => (
                <FieldInput
                  key={d.path}
                  def={d}
                  value={b[d.path] ?? ''}
                  error={errors[`benefits.${i}.${d.path}`]}
                  household={household}
                  onChange={(v) => onChange(rows.map((r, j) => (j === i ? { ...r, [d.path]: v } : r)))}
                />
              ))}
            </FieldInputRow>
            <Row style={{ justifyContent: 'flex-start' }}>
              <MoveButtons
                index={i}
                count={rows.length}
                label={label}
                onMove={(a, c) => onChange(moveItem(rows, a, c))}
              />
              <Button variant="link" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove benefit {i + 1}
              </Button>
            </Row>
          </RowBox>
        );
      })}
      <Row style={{ justifyContent: 'flex-start', alignItems: 'flex-end' }}>
        <Select
          label="New benefit type"
          value={newType}
          onChange={setNewType}
          options={BENEFIT_TYPES.map((t) => ({ value: t.type, label: t.type }))}
        />
        <Button
          variant="secondary"
          onClick={() => onChange([...rows, { ...emptyBenefit(newType, currency) } as unknown as FormValues])}
        >
          Add benefit
        </Button>
      </Row>
    </section>
  );
}
const FieldInputRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 4px 16px;
  align-items: start;
`;

const blankOf = (fields: readonly FieldDef[], defaults: FormValues) => () => ({
  id: '',
  ...formOf(fields, null, defaults),
});

/**
 * The policy editor (advisor): six steps (policy; premium; savings, withdrawal and retirement; coverages and
 * benefits with boosters and riders; owners and beneficiaries; premium transactions and payouts). Each Next keeps
 * the form as a form-step draft named in the address (&draft=), so the same link resumes it; Save writes the policy
 * and then its records, shows 'Saved Successfully!' and deletes the draft. A 400 is shown at the field it names,
 * on its step. Closing with changes asks first.
 */
const NO_PLANS: ReferencePlan[] = [];

export function PolicyEditor({ household, policyId }: { household: Household; policyId: string | null }) {
  const { version, reload } = useHousehold();
  const { policies, error: loadError } = usePolicies(household, version);
  const navigate = useNavigate();
  const links = useInsuranceLinks();
  const [initial, setInitial] = useState<EditorForm | null>(null);
  const [form, setForm] = useState<EditorForm | null>(null);
  const [savedId, setSavedId] = useState<string | null>(policyId);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const draft = useEditorDraft(household.id, DRAFT_STEP, setNotice);
  const draftId = draft.draftId;

  // the stored policy (or a new one), then the draft named in the address on top of it
  // biome-ignore lint/correctness/useExhaustiveDependencies: draft.read is a new function each render; draftId is listed
  useEffect(() => {
    if (started.current || !policies) return;
    const stored = policyId ? (policies.find((p) => p.id === policyId) ?? null) : null;
    if (policyId && !stored) return;
    started.current = true;
    const base = editorForm(household, stored);
    setInitial(base);
    if (!draftId) {
      setForm(base);
      return;
    }
    draft.read().then((kept) => {
      if (!kept) {
        setForm(base);
        return;
      }
      const data = kept as { step?: number; form?: EditorForm; policy_id?: string | null };
      setForm(data.form && (data.policy_id ?? null) === policyId ? { ...base, ...data.form } : base);
      if (typeof data.step === 'number') setStep(Math.min(Math.max(data.step, 0), STEPS.length - 1));
    });
  }, [policies, policyId, household, draftId]);

  // the admins' reference plans; without them the custom plan is used (plan types: the contracts' one list)
  const plans = useResource([] as const, (_, signal) =>
    insuranceApi.plans(signal).then(
      (p) => (Array.isArray(p) ? p : NO_PLANS),
      () => NO_PLANS,
    ),
  ).data;
  const reference = { plans: plans ?? NO_PLANS };
  // a reference plan's premium for the insured, from the admin's premium table (issue 31 item 8)
  const premium = usePlanPremium(household.id, form?.policy ?? null, Boolean(policyId), (amount, currency) =>
    setForm((f) => (f ? { ...f, policy: { ...f.policy, premium: amount, currency } } : f)),
  );

  // each step starts at its heading, for keyboard and screen-reader users
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (started.current) heading.current?.focus();
  }, [step]);

  const close = () => navigate(savedId ? links.detail(savedId) : links.list);
  const guard = useUnsavedChangesGuard(initial, form, close);

  if (loadError) return <FormError>{loadError}</FormError>;
  if (policies && policyId && !policies.some((p) => p.id === policyId))
    return (
      <Card>
        <h2>Edit policy</h2>
        <p>This policy is not in the household any more.</p>
        <Link to={links.list}>Back to insurance</Link>
      </Card>
    );
  if (!form || !initial) return <Skeleton rows={6} label="Loading the policy editor" />;

  const setPolicy = (path: string, v: string) => setForm((f) => (f ? { ...f, policy: { ...f.policy, [path]: v } } : f));
  const setList = (key: ListKey | 'owners') => (rows: FormValues[]) => setForm((f) => (f ? { ...f, [key]: rows } : f));
  const currency = form.policy.currency || household.currency;

  /** Keeps the form as the user's form-step draft (named in the address). */
  const keep = (nextStep: number) =>
    draft.keep({ policy_id: savedId, step: nextStep, form: form as unknown as Record<string, unknown> });

  const stored0 = savedId ? policies?.find((p) => p.id === savedId) : null;
  const save = async () => {
    const f: EditorForm = JSON.parse(JSON.stringify(form));
    let pid = savedId;
    let where: { key: ListKey | 'policy'; index: number } = { key: 'policy', index: 0 };
    try {
      const body = policyBody(household, f);
      if (pid) await insuranceApi.update('policy', pid, withNulls(body, policyBody(household, initial)) as never);
      else {
        const created = await insuranceApi.create('policy', household.id, body as never);
        pid = created.id;
        setSavedId(pid);
      }
      // a benefit covering another member than the insured goes under that member's coverage record
      const coverageOf = new Map<string, string>(
        (stored0?.coverages ?? []).map((c) => [String(c.member_id), String(c.id)] as [string, string]),
      );
      const insured = f.policy.member_id ?? '';
      for (const [i, b] of f.benefits.entries()) {
        const m = b.covered_member ?? '';
        if (!m || m === insured || coverageOf.has(m)) continue;
        where = { key: 'benefits', index: i };
        const c = await insuranceApi.create('coverage', household.id, { insurance_id: pid, member_id: m });
        coverageOf.set(m, c.id);
      }
      const coverageId = (b: FormValues) => {
        const m = b.covered_member ?? '';
        return m && m !== insured ? coverageOf.get(m) : undefined;
      };
      for (const key of LIST_KEYS) {
        const { kind } = LISTS[key];
        const before = new Map(initial[key].filter((r) => r.id).map((r) => [r.id, r]));
        const kept = new Set(f[key].map((r) => r.id).filter(Boolean));
        for (const [rid] of before) {
          if (kept.has(rid as string)) continue;
          where = { key, index: -1 };
          await insuranceApi.remove(kind, rid as string);
        }
        // shares first go down, then up, then new ones: the server refuses totals over 100 at each step
        const order = f[key].map((r, i) => ({ r, i })).sort((a, b) => rank(a.r, before) - rank(b.r, before));
        for (const { r, i } of order) {
          where = { key, index: i };
          const body = listBody(household, key, r, pid);
          if (key === 'benefits' && coverageId(r)) body.coverage_id = coverageId(r);
          else if (key === 'benefits' && r.id && before.get(r.id)?.covered_member) body.coverage_id = null;
          if (!r.id) {
            const created = await insuranceApi.create(kind, household.id, body as never);
            r.id = created.id;
          } else if (JSON.stringify(before.get(r.id)) !== JSON.stringify(r)) {
            const prev = listBody(household, key, before.get(r.id) as FormValues, pid);
            await insuranceApi.update(kind, r.id, withNulls(body, prev) as never);
          }
        }
      }
      if (f.benefits.length > 1) {
        where = { key: 'benefits', index: -1 };
        await insuranceApi.positions(
          'benefit',
          household.id,
          f.benefits.map((b) => b.id as string),
        );
      }
      if (f.funds.some((r) => (r.asset_balancing ?? '').trim() !== '')) {
        where = { key: 'funds', index: -1 };
        await insuranceApi.fundBalancing(
          household.id,
          pid,
          f.funds.map((r) => ({ id: r.id as string, asset_balancing: Number(r.asset_balancing) })),
        );
      }
      if (f.plans.length > 1) {
        where = { key: 'plans', index: -1 };
        await insuranceApi.positions(
          'plan',
          household.id,
          f.plans.map((r) => r.id as string),
        );
      }
    } catch (err) {
      // what is saved so far stays saved (with its new ids): a second Save goes on from there
      setForm(f);
      setInitial((i) => (i ? { ...i, ...Object.fromEntries(LIST_KEYS.map((k) => [k, f[k].filter((r) => r.id)])) } : i));
      const fe = fieldErrors(err);
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fe)) {
        if (where.key === 'policy') mapped[k] = v;
        else if (where.index < 0) mapped[where.key] = v;
        else mapped[`${where.key}.${where.index}.${where.key === 'benefits' ? benefitErrorKey(k) : k}`] = v;
      }
      setErrors(mapped);
      setError(errorMessage(err));
      const first = Object.keys(mapped)[0];
      setStep(first ? stepOf(first) : where.key === 'policy' ? step : LISTS[where.key].step);
      if (err instanceof ApiError && err.status >= 500) setError(errorMessage(err));
      return;
    }
    await draft.discard();
    setForm(f);
    setInitial(f);
    setErrors({});
    setError(null);
    setSaved(true);
    reload();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = stepProblems(step, form);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setError('Check the highlighted fields.');
      return;
    }
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      if (step < STEPS.length - 1) {
        await keep(step + 1);
        setStep(step + 1);
      } else {
        // every step once more: a draft may have skipped one
        for (let s = 0; s < STEPS.length; s++) {
          const p = stepProblems(s, form);
          if (Object.keys(p).length) {
            setErrors(p);
            setError('Check the highlighted fields.');
            setStep(s);
            return;
          }
        }
        await save();
      }
    } finally {
      setBusy(false);
    }
  };

  const stored = savedId ? policies?.find((p) => p.id === savedId) : null;
  const title = savedId ? `Edit ${stored ? policyTitle(stored) : 'policy'}` : 'Add policy';
  const listErrors = (key: ListKey | 'owners') => subErrors(errors, key);
  const stepId = STEPS[step]?.id;
  const cur = { currency, 'payout.currency': currency };
  return (
    <Card aria-labelledby="editor-h">
      <h2 id="editor-h">{title}</h2>
      <StepNav steps={STEPS} current={step} />
      <form onSubmit={submit} noValidate aria-labelledby="step-h" style={{ position: 'relative' }}>
        <h3 id="step-h" tabIndex={-1} ref={heading}>
          Step {step + 1} of {STEPS.length}: {STEPS[step]?.title}
        </h3>
        {stepId === 'policy' && reference.plans.some((p) => p.id !== 'custom') ? (
          <Select
            label="Plan from the insurers' list"
            value={form.policy.plan_id || 'custom'}
            onChange={(v) => {
              const ref = reference.plans.find((p) => p.id === v);
              setForm((f) =>
                f
                  ? {
                      ...f,
                      policy: {
                        ...f.policy,
                        plan_id: v,
                        insurance_company: ref?.insurance_company ?? '',
                        ...(ref && v !== 'custom'
                          ? {
                              plan_name: ref.name,
                              custom_company_name: ref.company_name ?? '',
                              plan_type: insurancePlanType(ref.plan_type)?.name ?? f.policy.plan_type ?? '',
                            }
                          : {}),
                      },
                    }
                  : f,
              );
            }}
            options={reference.plans.map((p) => ({
              value: String(p.id),
              label:
                p.id === 'custom'
                  ? 'Custom (own company and plan name)'
                  : `${p.name}${p.company_name ? `, ${p.company_name}` : ''}`,
            }))}
          />
        ) : null}
        {stepId === 'policy' || stepId === 'premium' || stepId === 'values' ? (
          <Fields
            defs={sectionFields(stepId).map((d) =>
              d.path === 'plan_type'
                ? { ...d, options: planTypeOptions(form.policy.plan_type) }
                : d.path === 'premium' && (premium.loading || premium.note)
                  ? { ...d, hint: premium.loading ? "Looking up the plan's premium…" : (premium.note ?? undefined) }
                  : d,
            )}
            form={form.policy}
            onChange={setPolicy}
            errors={errors}
            household={household}
          />
        ) : null}
        {stepId === 'benefits' ? (
          <BenefitsEditor
            rows={form.benefits}
            onChange={setList('benefits')}
            errors={errors}
            household={household}
            currency={currency}
          />
        ) : null}
        {(stepId ? (STEP_LISTS[stepId] ?? []) : []).map((l) => (
          <Fragment key={l.key}>
            <RowsEditor
              title={l.title}
              noun={l.noun}
              defs={l.defs}
              rows={form[l.key]}
              onChange={setList(l.key)}
              errors={listErrors(l.key)}
              household={household}
              blank={blankOf(l.defs, l.priced ? cur : {})}
            />
            {l.problem ? <FormError>{errors[l.key]}</FormError> : null}
          </Fragment>
        ))}
        {notice ? <p role="status">{notice}</p> : null}
        <FormError>{error}</FormError>
        <GuardedFormActions
          guard={guard}
          busy={busy}
          submitLabel={step < STEPS.length - 1 ? 'Next' : 'Save policy'}
          popoverRight
          onBack={step > 0 ? () => setStep(step - 1) : null}
        />
      </form>
      <SaveConfirmationDialog open={saved} onHide={() => setSaved(false)} summaryRoute={links.list} />
    </Card>
  );
}

/** Save order of a list's rows: lowered or unchanged shares, then raised ones, then new rows. */
function rank(r: FormValues, before: Map<string | undefined, FormValues>): number {
  if (!r.id) return 2;
  const old = Number(before.get(r.id)?.percentage ?? 0);
  return Number(r.percentage ?? 0) <= old ? 0 : 1;
}

/**
 * A PATCH body that also removes what the form cleared: a top-level field the stored record had and the form no
 * longer sends goes as null (the server removes it, or puts its default back). Nested objects are sent whole.
 */
export function withNulls(body: Record<string, unknown>, before: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const k of Object.keys(before)) if (!(k in out)) out[k] = null;
  return out;
}
