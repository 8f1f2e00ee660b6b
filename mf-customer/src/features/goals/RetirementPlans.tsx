import {
  FloatInput,
  FormError,
  GuardedFormActions,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  TextInput,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useMemo, useState } from 'react';
import { currencyOptions, formatAmount, numberOrUndefined } from '../../shared/format';
import { type Household, householdApi, type StoredRecord } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { RecordTable } from '../../shared/household/RecordTable';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { useEditing } from '../../shared/household/useEditing';
import { useKindRecords } from '../../shared/household/useKindRecords';
import { useRecordSave } from '../../shared/household/useRecordSave';
import { Card } from '../../shared/ui/layout';

/**
 * The two retirement-dream records (issue 31 observation 6): a property rented out in retirement (its rental is an
 * income of the household's main member in its years) and a capital kept intact (the plan keeps it, in today's
 * money, at its end, like a retirement goal's legacy). One list-and-form, configured per kind.
 */
type PlanKind = 'retirementDreamRental' | 'retirementDreamCapitalPreservation';
type Plan = StoredRecord<PlanKind> & Record<string, unknown>;
interface PlanField {
  key: string;
  label: string;
  type: 'money' | 'year' | 'percent';
  optional?: boolean;
  hint?: string;
}
interface PlanUi {
  title: string;
  noun: string;
  lead: string;
  empty: string;
  fields: PlanField[];
  /** What the plan does to the figures, as the list shows it. */
  effect: (p: Plan) => string;
}
const money = (v: unknown) => formatAmount(Number(v ?? 0));
export const PLAN_UI: Record<PlanKind, PlanUi> = {
  retirementDreamRental: {
    title: 'Rental in retirement',
    noun: 'rental',
    lead: 'A property rented out in retirement: its rent (times its occupancy) is an income of the plan in its years.',
    empty: 'No rental in retirement yet',
    fields: [
      {
        key: 'property_value',
        label: 'Property value',
        type: 'money',
        hint: 'Shown only: the property itself belongs on the balance sheet',
      },
      { key: 'monthly_rental', label: 'Rent a month', type: 'money', hint: "In today's money" },
      { key: 'occupancy_percent', label: 'Occupancy (%)', type: 'percent', optional: true, hint: 'Empty: 100' },
      { key: 'start_year', label: 'Start year', type: 'year' },
      { key: 'end_year', label: 'End year', type: 'year', optional: true, hint: 'Empty: as long as the plan runs' },
      { key: 'growth_rate', label: 'Rent growth (% a year)', type: 'percent', optional: true, hint: 'Empty: 0' },
    ],
    effect: (p) =>
      `${p.currency} ${money((Number(p.monthly_rental) * Number(p.occupancy_percent ?? 100)) / 100)} a month from ${p.start_year}${p.end_year === undefined ? '' : ` to ${p.end_year}`}`,
  },
  retirementDreamCapitalPreservation: {
    title: 'Capital preserved in retirement',
    noun: 'capital preservation',
    lead: "Capital the family wants to keep intact: the plan keeps it, in today's money, at its end (like a legacy).",
    empty: 'No capital preservation yet',
    fields: [
      { key: 'capital', label: 'Capital', type: 'money', hint: "In today's money" },
      {
        key: 'expected_return',
        label: 'Expected return (% a year)',
        type: 'percent',
        hint: 'Shown only: the household’s own assets earn their own rates in the plan',
      },
      {
        key: 'withdrawal_rate',
        label: 'Withdrawal rate (% a year)',
        type: 'percent',
        hint: 'Shown only: what a year’s withdrawal would be',
      },
      { key: 'start_year', label: 'Start year', type: 'year', hint: 'Shown only' },
    ],
    effect: (p) =>
      `${p.currency} ${money(p.capital)} kept to the end of the plan; withdrawing ${p.withdrawal_rate}% is ${p.currency} ${money((Number(p.capital) * Number(p.withdrawal_rate)) / 100)} a year`,
  },
};

function PlanDialog({
  kind,
  household,
  record,
  onClose,
  onSaved,
}: {
  kind: PlanKind;
  household: Household;
  record: Plan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const ui = PLAN_UI[kind];
  const initial = useMemo(() => {
    const out: Record<string, string> = {
      title: String(record?.title ?? ''),
      currency: String(record?.currency ?? household.currency),
    };
    for (const f of ui.fields) out[f.key] = record?.[f.key] === undefined ? '' : String(record[f.key]);
    return out;
  }, [ui, record, household]);
  const [form, setForm] = useState(initial);
  const { errors, error, busy, save } = useRecordSave(kind, household.id, record?.id ?? null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const set = (k: string) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    const body: Record<string, unknown> = { currency: form.currency };
    if (form.title?.trim()) body.title = form.title.trim();
    else if (record) body.title = null;
    for (const f of ui.fields) {
      const n = numberOrUndefined(form[f.key] ?? '');
      if (n !== undefined) body[f.key] = n;
      else if (!f.optional) local[f.key] = f.type === 'year' ? 'Enter a year' : 'Enter an amount';
      else if (record) body[f.key] = null;
    }
    await save(local, () => body, onSaved);
  };
  return (
    <Modal open title={`${record ? 'Edit' : 'Add'} ${ui.noun}`} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label={ui.title} noValidate style={{ position: 'relative' }}>
        <TextInput label="Title" value={form.title ?? ''} onChange={set('title')} error={errors.title} optional />
        {ui.fields.map((f) => {
          const common = {
            label: f.label,
            value: form[f.key] ?? '',
            onChange: set(f.key),
            error: errors[f.key],
            optional: f.optional,
            hint: f.hint,
          };
          return f.type === 'year' ? (
            <NumberInput key={f.key} {...common} maxLength={4} />
          ) : (
            <FloatInput key={f.key} {...common} decimals={2} />
          );
        })}
        <Select label="Currency" value={form.currency ?? ''} onChange={set('currency')} options={currencyOptions} />
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel={`Save ${ui.noun}`} />
      </form>
    </Modal>
  );
}

/** One retirement-dream kind: its records, what each does to the plan, add / edit / delete with Undo. */
export function PlanList({ kind, household }: { kind: PlanKind; household: Household }) {
  const ui = PLAN_UI[kind];
  const { readOnly, reload } = useHousehold();
  const { rows, error, setError } = useKindRecords<PlanKind, Plan>(kind, household.id);
  const editing = useEditing<Plan>(reload);
  const what = (p: Plan) => String(p.title ?? '') || ui.title;
  const removal = useDeleteConfirm<Plan>({
    title: () => `Delete this ${ui.noun}?`,
    name: what,
    message: (p) => `${what(p)}: ${ui.effect(p)}`,
    remove: (p) => householdApi.deleteRecord(kind, p.id),
    onDone: reload,
    onError: setError,
  });
  const shown = rows ? rows.filter((r) => !removal.hidden(r)) : null;
  const headingId = `plan-${kind}`;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{ui.title}</h2>
      <p>{ui.lead}</p>
      {error ? <FormError>{error}</FormError> : null}
      {!rows && !error ? <Skeleton rows={2} label={`Loading ${ui.title.toLowerCase()}`} /> : null}
      {shown && shown.length === 0 ? <p>{ui.empty}</p> : null}
      {shown ? (
        <RecordTable
          label={`${ui.title} entries`}
          rows={shown}
          columns={[
            { header: 'Title', cell: what },
            { header: 'In the plan', cell: ui.effect },
          ]}
          name={what}
          readOnly={readOnly}
          onEdit={editing.edit}
          onDelete={removal.ask}
          addLabel={`Add ${ui.noun}`}
          onAdd={editing.add}
        />
      ) : null}
      {editing.open ? (
        <PlanDialog
          kind={kind}
          household={household}
          record={editing.record}
          onClose={editing.close}
          onSaved={editing.done}
        />
      ) : null}
      {removal.dialog}
    </Card>
  );
}
