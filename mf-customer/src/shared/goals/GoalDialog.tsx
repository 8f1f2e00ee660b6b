import {
  FloatInput,
  FormError,
  GuardedFormActions,
  Modal,
  NumberInput,
  Select,
  TextInput,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useMemo, useState } from 'react';
import { useFormSave } from '../form/useFormSave';
import { currencyOptions, numberOrUndefined, RELATION_LABELS } from '../format';
import { type Household, householdApi } from '../household/api';
import {
  DEFAULT_RETIREMENT_AGE,
  GOAL_KINDS,
  type Goal,
  type GoalForm,
  type GoalKind,
  goalBody,
  goalForm,
  goalMembers,
  goalProblems,
  memberWithRetirementAge,
} from './model';

interface NumberField {
  key: keyof GoalForm;
  label: string;
  kind: 'year' | 'age' | 'money';
  optional?: boolean;
  negative?: boolean;
  hint?: string;
}
const RATES: NumberField[] = [
  {
    key: 'inflation_rate',
    label: 'Inflation (% a year)',
    kind: 'money',
    optional: true,
    negative: true,
    hint: "Empty: the household's inflation",
  },
  {
    key: 'growth_rate',
    label: 'Growth above inflation (% a year)',
    kind: 'money',
    optional: true,
    negative: true,
    hint: "How much faster than prices this goal's cost grows (e.g. school fees); compounded with the inflation",
  },
];
const RETIREMENT_FIELDS: NumberField[] = [
  {
    key: 'retirement_age',
    label: 'Retirement age',
    kind: 'age',
    optional: true,
    hint: `The member's retirement age: their work income stops and this goal starts there (default ${DEFAULT_RETIREMENT_AGE}). The retirement dream and the scenarios use the same age.`,
  },
  { key: 'living_expense', label: 'Living expense a month', kind: 'money', hint: "In today's money" },
  {
    key: 'play_expense',
    label: 'Play expense a month',
    kind: 'money',
    optional: true,
    hint: "Travel and leisure, in today's money",
  },
  {
    key: 'legacy_amount',
    label: 'Legacy amount',
    kind: 'money',
    optional: true,
    hint: "Left at the end of the goal, in today's money",
  },
  { key: 'year_to', label: 'Last year', kind: 'year', optional: true, hint: 'Leave empty: to the end of the plan' },
  ...RATES,
];
/** The numbers a goal of a kind is entered with, in the form's order. */
function numberFields(type: GoalKind): NumberField[] {
  if (type === 'retirement') return RETIREMENT_FIELDS;
  return [
    { key: 'year_from', label: 'Year from', kind: 'year' },
    {
      key: 'year_to',
      label: 'Year to',
      kind: 'year',
      optional: !(type === 'business' || type === 'custom'),
      hint: "The goal's last year (empty: the year from only)",
    },
    {
      key: 'amount',
      label: 'Amount a year',
      kind: 'money',
      hint: "Spent in each of the goal's years, in today's money",
    },
    ...RATES,
  ];
}

/**
 * Add or edit one goal (planning spec "Goals"). A goal made from a dream comes prefilled (`goal` without an id): its
 * kind, title and link to the dream; the amount and years are the advisor's to fill. A retirement goal starts at its
 * member's retirement age, edited here and saved on the member (the one value the projection, the scenario and the
 * pension use).
 */
export function GoalDialog({
  household,
  goal,
  onClose,
  onSaved,
}: {
  household: Household;
  /** The stored goal to edit, or the fields a new one starts with. */
  goal: Partial<Goal> | null;
  onClose: () => void;
  onSaved: (saved: Goal) => void;
}) {
  const editing = Boolean(goal?.id);
  const initial = useMemo(() => goalForm(household, goal), [household, goal]);
  const [form, setForm] = useState<GoalForm>(initial);
  const { errors, error, busy, save } = useFormSave();
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const set = (k: keyof GoalForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const retirement = form.type === 'retirement';
  const member = household.members.find((m) => m.id === form.member_id);
  const setMember = (id: string) =>
    setForm((f) => {
      const m = household.members.find((x) => x.id === id);
      return { ...f, member_id: id, retirement_age: m?.retirement_age === undefined ? '' : String(m.retirement_age) };
    });
  const memberOptions = goalMembers(household).map((m) => ({
    value: m.id,
    label: `${m.name || RELATION_LABELS[m.relation]} (${RELATION_LABELS[m.relation] ?? m.relation})`,
  }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save(
      goalProblems(form),
      async () => {
        const age = numberOrUndefined(form.retirement_age);
        if (retirement && member && age !== undefined && age !== member.retirement_age)
          await householdApi.saveMember(memberWithRetirementAge(member, household.id, age) as never);
        const body = goalBody(form, editing) as never;
        return editing && goal?.id
          ? householdApi.updateRecord('goal', goal.id, body)
          : householdApi.createRecord('goal', household.id, body);
      },
      onSaved,
    );
  };
  const title = `${editing ? 'Edit' : 'Add'} goal`;
  return (
    <Modal open title={title} onClose={guard.requestClose} width={560}>
      <form onSubmit={submit} aria-label="Goal" noValidate style={{ position: 'relative' }}>
        {form.dream_id ? <p>From the dream “{goal?.title ?? form.title}”: fill in its amount and years.</p> : null}
        <Select
          label="Goal kind"
          value={form.type}
          onChange={(v) => setForm((f) => ({ ...f, type: v as GoalKind }))}
          options={GOAL_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          error={errors.type}
        />
        <TextInput label="Title" value={form.title} onChange={set('title')} error={errors.title} optional />
        <Select
          label="Member"
          value={form.member_id}
          onChange={setMember}
          options={memberOptions}
          placeholder={retirement || form.type === 'education' ? 'Choose a member' : 'The whole household'}
          error={errors.member_id}
          optional={!(retirement || form.type === 'education')}
        />
        {numberFields(form.type).map((f) => {
          const props = {
            label: f.label,
            value: form[f.key],
            onChange: set(f.key),
            error: errors[f.key],
            optional: f.optional,
            hint: f.hint,
          };
          return f.kind === 'money' ? (
            <FloatInput key={f.key} {...props} decimals={2} allowNegative={f.negative} />
          ) : (
            <NumberInput key={f.key} {...props} maxLength={f.kind === 'year' ? 4 : 3} />
          );
        })}
        <Select label="Currency" value={form.currency} onChange={set('currency')} options={currencyOptions} />
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel="Save goal" />
      </form>
    </Modal>
  );
}
