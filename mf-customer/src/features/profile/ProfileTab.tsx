import type { households } from '@kinfolio/contracts';
import {
  Button,
  EmailInput,
  FloatInput,
  FormError,
  GuardedFormActions,
  hasUnsavedChanges,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Table,
  TableHead,
  TextInput,
  useResource,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { SharedDocuments } from '../../shared/exports/SharedDocuments';
import { useFormSave } from '../../shared/form/useFormSave';
import { cap, currencyOptions, formatAmount, numberOrUndefined, RELATION_LABELS } from '../../shared/format';
import { useDashboard } from '../../shared/frame/Frame';
import { type CashFlowSummary, type Household, householdApi, type Member } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { useEditing } from '../../shared/household/useEditing';
import { Card, Facts, Grid, Row } from '../../shared/ui/layout';
import { useSavedDialog } from '../../shared/ui/useSavedDialog';

const Checks = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: 6px;
  }
  label {
    margin-right: 16px;
  }
`;

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const MARITAL = ['single', 'married', 'divorced', 'widowed'].map((v) => ({ value: v, label: cap(v) }));
const CITIZENSHIP = [
  { value: 'citizen', label: 'Citizen' },
  { value: 'pr', label: 'Permanent resident' },
  { value: 'foreigner', label: 'Foreigner' },
];
const DEPENDANTS = ['spouse', 'children', 'parents'] as const;
const RELATIONS = ['spouse', 'joint', 'all'].map((v) => ({ value: v, label: RELATION_LABELS[v] ?? v }));

/** The profile form's fields as text (inputs hold strings; the guard compares numeric strings as numbers). */
interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  gender: string;
  age: string;
  marital_status: string;
  dependencies: string[];
  children_count: string;
  children: ChildForm[];
  citizenship: string;
  currency: string;
  inflation_rate: string;
}
/** One child of the household as typed: a date of birth or an age (their child tax reliefs follow the age). */
interface ChildForm {
  name: string;
  date_of_birth: string;
  age: string;
}
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The children as PATCH leads/{id} takes them (empty fields left out). */
export function childrenBody(children: ChildForm[]): households.Child[] {
  return children.map((c) => {
    const out: households.Child = {};
    if (c.name.trim()) out.name = c.name.trim();
    if (c.date_of_birth.trim()) out.date_of_birth = c.date_of_birth.trim();
    const age = numberOrUndefined(c.age);
    if (age !== undefined) out.age = age;
    return out;
  });
}
/** Field errors of the children list, keyed as the API names them (children.0.date_of_birth). */
export function childrenErrors(children: ChildForm[]): Record<string, string> {
  const out: Record<string, string> = {};
  children.forEach((c, i) => {
    const dob = c.date_of_birth.trim();
    if (dob && !DATE.test(dob)) out[`children.${i}.date_of_birth`] = 'Enter the date as YYYY-MM-DD';
    else if (!dob && !c.age.trim()) out[`children.${i}.date_of_birth`] = 'Enter date of birth or age';
  });
  return out;
}
const childLabel = (c: { name?: string; age?: number; date_of_birth?: string }, i: number) =>
  `${c.name || `Child ${i + 1}`} (${c.date_of_birth ? `born ${c.date_of_birth}` : `age ${c.age}`})`;
/** The number of children: the count typed, at least the children listed (the two never read against each other). */
export const childrenCount = (h: Pick<Household, 'children_count' | 'children'>) =>
  Math.max(h.children_count, h.children?.length ?? 0);
/** The children listed, and how many of the count are not listed by name yet. */
export function childrenText(h: Pick<Household, 'children_count' | 'children'>): string {
  const listed = (h.children ?? []).map(childLabel);
  const unnamed = childrenCount(h) - listed.length;
  if (unnamed > 0) listed.push(`${unnamed} not yet listed by name`);
  return listed.join(', ') || 'None';
}
const profileForm = (h: Household): ProfileForm => ({
  name: h.name,
  email: h.email ?? '',
  phone: h.phone ?? '',
  gender: h.gender,
  age: h.age === null ? '' : String(h.age),
  marital_status: h.marital_status,
  dependencies: [...h.dependencies],
  children_count: String(h.children_count),
  children: (h.children ?? []).map((c) => ({
    name: c.name ?? '',
    date_of_birth: c.date_of_birth ?? '',
    age: c.age === undefined ? '' : String(c.age),
  })),
  citizenship: h.citizenship,
  currency: h.currency,
  inflation_rate: h.inflation_rate === null ? '' : String(h.inflation_rate),
});
/** Only what changed goes to PATCH leads/{id}. */
export function profilePatch(before: ProfileForm, after: ProfileForm): households.LeadPatchBody {
  const out: Record<string, unknown> = {};
  const changed = (k: keyof ProfileForm) => JSON.stringify(before[k]) !== JSON.stringify(after[k]);
  if (changed('name')) out.name = after.name.trim();
  if (changed('email')) out.email = after.email.trim() || null;
  if (changed('phone')) out.phone = after.phone.trim() || null;
  if (changed('gender')) out.gender = after.gender;
  if (changed('age')) out.age = numberOrUndefined(after.age) ?? null;
  if (changed('marital_status')) out.marital_status = after.marital_status;
  if (changed('dependencies')) out.dependencies = after.dependencies;
  if (changed('children_count')) out.children_count = numberOrUndefined(after.children_count) ?? 0;
  if (changed('children')) out.children = childrenBody(after.children);
  if (changed('citizenship')) out.citizenship = after.citizenship;
  if (changed('currency')) out.currency = after.currency;
  if (changed('inflation_rate')) out.inflation_rate = numberOrUndefined(after.inflation_rate) ?? null;
  return out as households.LeadPatchBody;
}

function useSaved() {
  const { base, onBoarding } = useDashboard();
  return useSavedDialog(`${base}/financial-report/dashboard`, onBoarding);
}

function ProfileCard({ household }: { household: Household }) {
  const { readOnly, reload } = useHousehold();
  const initial = useMemo(() => profileForm(household), [household]);
  const [form, setForm] = useState(initial);
  const { errors, error, busy, save } = useFormSave();
  const saved = useSaved();
  useEffect(() => setForm(initial), [initial]);
  const set = (k: keyof ProfileForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  if (readOnly)
    return (
      <Card aria-labelledby="profile-h">
        <h2 id="profile-h">Household profile</h2>
        <Facts>
          <dt>Name</dt>
          <dd>{household.name}</dd>
          <dt>Email</dt>
          <dd>{household.email ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{household.phone ?? '—'}</dd>
          <dt>Gender</dt>
          <dd>{cap(household.gender)}</dd>
          <dt>Age</dt>
          <dd>{household.age ?? '—'}</dd>
          <dt>Marital status</dt>
          <dd>{cap(household.marital_status)}</dd>
          <dt>Dependants</dt>
          <dd>{household.dependencies.map(cap).join(', ') || 'None'}</dd>
          <dt>Number of children</dt>
          <dd>{childrenCount(household)}</dd>
          <dt>Children</dt>
          <dd>{childrenText(household)}</dd>
          <dt>Citizenship</dt>
          <dd>{CITIZENSHIP.find((c) => c.value === household.citizenship)?.label ?? household.citizenship}</dd>
          <dt>Currency</dt>
          <dd>{household.currency}</dd>
        </Facts>
      </Card>
    );

  const dirty = hasUnsavedChanges(initial, form);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = 'Enter name';
    Object.assign(local, childrenErrors(form.children));
    await save(
      local,
      () => householdApi.patch(household.id, profilePatch(initial, form)),
      () => {
        saved.show();
        reload();
      },
    );
  };
  return (
    <Card aria-labelledby="profile-h">
      <h2 id="profile-h">Household profile</h2>
      <form onSubmit={submit} aria-label="Household profile" noValidate>
        <Grid>
          <TextInput label="Name" value={form.name} onChange={set('name')} error={errors.name} optional={false} />
          <EmailInput label="Email" value={form.email} onChange={set('email')} error={errors.email} optional />
          <TextInput
            label="Phone"
            type="tel"
            value={form.phone}
            onChange={set('phone')}
            error={errors.phone}
            optional
          />
          <Select label="Gender" value={form.gender} onChange={set('gender')} options={GENDERS} />
          <NumberInput label="Age" value={form.age} onChange={set('age')} error={errors.age} optional maxLength={3} />
          <Select
            label="Marital status"
            value={form.marital_status}
            onChange={set('marital_status')}
            options={MARITAL}
          />
          <NumberInput
            label="Number of children"
            value={form.children_count}
            onChange={set('children_count')}
            error={errors.children_count}
            maxLength={2}
          />
          <Select label="Citizenship" value={form.citizenship} onChange={set('citizenship')} options={CITIZENSHIP} />
          <Select label="Currency" value={form.currency} onChange={set('currency')} options={currencyOptions} />
          <FloatInput
            label="Inflation rate (% a year)"
            value={form.inflation_rate}
            onChange={set('inflation_rate')}
            error={errors.inflation_rate}
            optional
          />
        </Grid>
        <Checks>
          <legend>Dependants</legend>
          {DEPENDANTS.map((d) => (
            <label key={d}>
              <input
                type="checkbox"
                checked={form.dependencies.includes(d)}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    dependencies: e.target.checked
                      ? DEPENDANTS.filter((x) => x === d || f.dependencies.includes(x))
                      : f.dependencies.filter((x) => x !== d),
                  }))
                }
              />{' '}
              {cap(d)}
            </label>
          ))}
        </Checks>
        <ChildrenFields
          list={form.children}
          errors={errors}
          onChange={(children) => setForm((f) => ({ ...f, children }))}
        />
        <FormError>{error}</FormError>
        <Row>
          <Button variant="secondary" disabled={!dirty || busy} onClick={() => setForm(initial)}>
            Undo changes
          </Button>
          <Button type="submit" loading={busy} disabled={!dirty}>
            Save profile
          </Button>
        </Row>
      </form>
      {saved.dialog}
    </Card>
  );
}

/** The children list of the profile form: each a name and a date of birth or an age; add and remove. */
function ChildrenFields({
  list: children,
  errors,
  onChange,
}: {
  list: ChildForm[];
  errors: Record<string, string>;
  onChange: (next: ChildForm[]) => void;
}) {
  const setAt = (i: number, k: keyof ChildForm) => (v: string) =>
    onChange(children.map((c, j) => (j === i ? { ...c, [k]: v } : c)));
  return (
    <Checks>
      <legend>Children</legend>
      {children.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity
        <Grid key={i} role="group" aria-label={`Child ${i + 1}`}>
          <TextInput label={`Child ${i + 1} name`} value={c.name} onChange={setAt(i, 'name')} optional />
          <TextInput
            label={`Child ${i + 1} date of birth`}
            value={c.date_of_birth}
            onChange={setAt(i, 'date_of_birth')}
            placeholder="YYYY-MM-DD"
            error={errors[`children.${i}.date_of_birth`]}
            optional
            maxLength={10}
          />
          <NumberInput label={`Child ${i + 1} age`} value={c.age} onChange={setAt(i, 'age')} optional maxLength={2} />
          <div>
            <Button variant="secondary" onClick={() => onChange(children.filter((_, j) => j !== i))}>
              Remove child {i + 1}
            </Button>
          </div>
        </Grid>
      ))}
      {children.length < 20 ? (
        <Button variant="secondary" onClick={() => onChange([...children, { name: '', date_of_birth: '', age: '' }])}>
          Add child
        </Button>
      ) : null}
    </Checks>
  );
}

interface MemberForm {
  name: string;
  relation: string;
  gender: string;
  age: string;
  income: string;
  currency: string;
}
const memberForm = (m: Member | null, currency: string): MemberForm => ({
  name: m?.name ?? '',
  relation: m?.relation ?? 'spouse',
  gender: m?.gender ?? 'female',
  age: m?.age === undefined || m?.age === null ? '' : String(m.age),
  income: m?.income?.amount === undefined ? '' : String(m.income.amount),
  currency: m?.income?.currency ?? currency,
});

function MemberDialog({
  household,
  member,
  onClose,
  onSaved,
}: {
  household: Household;
  member: Member | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const initial = useMemo(() => memberForm(member, household.currency), [member, household.currency]);
  const [form, setForm] = useState(initial);
  const { errors, error, busy, save } = useFormSave();
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const set = (k: keyof MemberForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const isMe = member?.relation === 'me';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = form.name.trim() ? {} : { name: 'Enter name' };
    await save(
      local,
      () => {
        const amount = numberOrUndefined(form.income);
        return householdApi.saveMember({
          lead_id: household.id,
          ...(member ? { id: member.id } : {}),
          name: form.name.trim(),
          relation: (isMe ? 'me' : form.relation) as households.MemberBody['relation'],
          gender: form.gender as 'male' | 'female',
          ...(numberOrUndefined(form.age) !== undefined ? { age: numberOrUndefined(form.age) } : {}),
          ...(amount !== undefined ? { income: { currency: form.currency, amount } } : {}),
        });
      },
      () => onSaved(),
    );
  };
  return (
    <Modal open title={member ? `Edit ${member.name || 'member'}` : 'Add a family member'} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label="Family member" noValidate style={{ position: 'relative' }}>
        <TextInput label="Name" value={form.name} onChange={set('name')} error={errors.name} optional={false} />
        {isMe ? null : <Select label="Relation" value={form.relation} onChange={set('relation')} options={RELATIONS} />}
        <Select label="Gender" value={form.gender} onChange={set('gender')} options={GENDERS} />
        <NumberInput label="Age" value={form.age} onChange={set('age')} error={errors.age} optional maxLength={3} />
        <FloatInput
          label="Monthly income"
          value={form.income}
          onChange={set('income')}
          error={errors['income.amount']}
          optional
          decimals={2}
        />
        <Select label="Income currency" value={form.currency} onChange={set('currency')} options={currencyOptions} />
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel="Save member" />
      </form>
    </Modal>
  );
}

/**
 * Each member's monthly income as the plan has it: the sum of their income records a month, in the household
 * currency (the cash-flow summary). A member with no income record shows the income typed on the member, else "—".
 */
function useMonthlyIncomes(householdId: string, version: number) {
  const { data, error, loading } = useResource([householdId, version] as const, ([hid], signal) =>
    householdApi.cashFlow(hid, signal),
  );
  // 'loading' while it loads; null when it could not be had (each member then shows the income typed on them)
  const summary: CashFlowSummary | null | 'loading' = loading ? 'loading' : error ? null : data;
  return summary;
}
export function monthlyIncomeText(m: Member, summary: CashFlowSummary | null): string {
  const fromRecords = summary?.members.find((x) => x.member_id === m.id)?.income.monthly ?? 0;
  if (summary && fromRecords > 0) return `${summary.currency} ${formatAmount(fromRecords)}`;
  return m.income?.amount !== undefined ? `${m.income.currency} ${formatAmount(m.income.amount)}` : '—';
}

function MembersCard({ household }: { household: Household }) {
  const { readOnly, reload, version } = useHousehold();
  const incomes = useMonthlyIncomes(household.id, version);
  const editing = useEditing<Member>(() => {
    saved.show();
    reload();
  });
  const [error, setError] = useState<string | null>(null);
  const saved = useSaved();
  const removal = useDeleteConfirm<Member>({
    title: (m) => `Remove ${m.name || 'this member'}?`,
    message: () => 'Their incomes, savings and other records go with them.',
    confirmLabel: 'Remove',
    remove: (m) => householdApi.deleteMember(m.id),
    onDone: reload,
    onError: setError,
  });
  return (
    <Card aria-labelledby="members-h">
      <h2 id="members-h">Family members</h2>
      <Table label="Family members">
        <TableHead
          columns={['Name', 'Relation', 'Gender', 'Age', 'Monthly income', ...(readOnly ? [] : ['Actions'])]}
        />
        <tbody>
          {household.members
            .filter((m) => !removal.hidden(m))
            .map((m) => (
              <tr key={m.id}>
                <td>{m.name || '—'}</td>
                <td>{RELATION_LABELS[m.relation] ?? m.relation}</td>
                <td>{cap(m.gender)}</td>
                <td>{m.age ?? '—'}</td>
                <td data-testid="member-income">
                  {incomes === 'loading' ? (
                    <Skeleton rows={1} label={`Loading the income of ${m.name || 'the member'}`} />
                  ) : (
                    monthlyIncomeText(m, incomes)
                  )}
                </td>
                {readOnly ? null : (
                  <td>
                    <Button variant="link" onClick={() => editing.edit(m)} aria-label={`Edit ${m.name || m.relation}`}>
                      Edit
                    </Button>
                    {m.relation === 'me' ? null : (
                      <Button
                        variant="link"
                        onClick={() => removal.ask(m)}
                        aria-label={`Remove ${m.name || m.relation}`}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
        </tbody>
      </Table>
      <FormError>{error}</FormError>
      {readOnly ? null : (
        <Row>
          <Button variant="secondary" onClick={editing.add}>
            Add a family member
          </Button>
        </Row>
      )}
      {editing.open ? (
        <MemberDialog household={household} member={editing.record} onClose={editing.close} onSaved={editing.done} />
      ) : null}
      {removal.dialog}
      {saved.dialog}
    </Card>
  );
}

/** Profile tab (issue 11): the household profile and its members; the advisor edits, the customer reads. */
export function ProfileTab() {
  const { household, status, error } = useHousehold();
  if (status === 'missing')
    return (
      <Card>
        <h2>Profile</h2>
        <p>There is no household at this address, or it is not yours to see.</p>
      </Card>
    );
  if (status === 'error')
    return (
      <Card>
        <h2>Profile</h2>
        <FormError>{error}</FormError>
      </Card>
    );
  if (!household) return <Skeleton rows={6} label="Loading the profile" />;
  return (
    <>
      <ProfileCard household={household} />
      <MembersCard household={household} />
      <SharedDocuments />
    </>
  );
}
