import {
  errorMessage,
  FloatInput,
  FormError,
  fieldErrors,
  GuardedFormActions,
  Modal,
  NumberInput,
  Select,
  TextInput,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useMemo, useState } from 'react';
import { type Household, householdApi } from '../household/api';
import { currencyOptions, numberOrUndefined, RELATION_LABELS } from '../household/format';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
    const local = goalProblems(form);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setError(null);
    try {
      const age = numberOrUndefined(form.retirement_age);
      if (retirement && member && age !== undefined && age !== member.retirement_age)
        await householdApi.saveMember(memberWithRetirementAge(member, household.id, age) as never);
      const body = goalBody(form, editing) as never;
      const saved =
        editing && goal?.id
          ? await householdApi.updateRecord('goal', goal.id, body)
          : await householdApi.createRecord('goal', household.id, body);
      onSaved(saved);
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
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
        {retirement ? (
          <>
            <NumberInput
              label="Retirement age"
              value={form.retirement_age}
              onChange={set('retirement_age')}
              error={errors.retirement_age}
              maxLength={3}
              optional
              hint={`The member's retirement age: their work income stops and this goal starts there (default ${DEFAULT_RETIREMENT_AGE}). The retirement dream and the scenarios use the same age.`}
            />
            <FloatInput
              label="Living expense a month"
              value={form.living_expense}
              onChange={set('living_expense')}
              error={errors.living_expense}
              decimals={2}
              hint="In today's money"
            />
            <FloatInput
              label="Play expense a month"
              value={form.play_expense}
              onChange={set('play_expense')}
              error={errors.play_expense}
              decimals={2}
              optional
              hint="Travel and leisure, in today's money"
            />
            <FloatInput
              label="Legacy amount"
              value={form.legacy_amount}
              onChange={set('legacy_amount')}
              error={errors.legacy_amount}
              decimals={2}
              optional
              hint="Left at the end of the goal, in today's money"
            />
            <NumberInput
              label="Last year"
              value={form.year_to}
              onChange={set('year_to')}
              error={errors.year_to}
              maxLength={4}
              optional
              hint="Leave empty: to the end of the plan"
            />
          </>
        ) : (
          <>
            <NumberInput
              label="Year from"
              value={form.year_from}
              onChange={set('year_from')}
              error={errors.year_from}
              maxLength={4}
            />
            <NumberInput
              label="Year to"
              value={form.year_to}
              onChange={set('year_to')}
              error={errors.year_to}
              maxLength={4}
              optional={!(form.type === 'business' || form.type === 'custom')}
              hint="The goal's last year (empty: the year from only)"
            />
            <FloatInput
              label="Amount a year"
              value={form.amount}
              onChange={set('amount')}
              error={errors.amount}
              decimals={2}
              hint="Spent in each of the goal's years, in today's money"
            />
          </>
        )}
        <FloatInput
          label="Inflation (% a year)"
          value={form.inflation_rate}
          onChange={set('inflation_rate')}
          error={errors.inflation_rate}
          decimals={2}
          allowNegative
          optional
          hint="Empty: the household's inflation"
        />
        <FloatInput
          label="Growth above inflation (% a year)"
          value={form.growth_rate}
          onChange={set('growth_rate')}
          error={errors.growth_rate}
          decimals={2}
          allowNegative
          optional
          hint="How much faster than prices this goal's cost grows (e.g. school fees); compounded with the inflation"
        />
        <Select label="Currency" value={form.currency} onChange={set('currency')} options={currencyOptions} />
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel="Save goal" />
      </form>
    </Modal>
  );
}
