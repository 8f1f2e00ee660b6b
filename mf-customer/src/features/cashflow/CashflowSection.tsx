import type { planning } from '@kinfolio/contracts';
import {
  FloatInput,
  FormError,
  GuardedFormActions,
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
import { type FormEvent, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { cap, currencyOptions, formatAmount, numberOrUndefined, RELATION_LABELS } from '../../shared/format';
import { useDashboard } from '../../shared/frame/Frame';
import {
  type CashFlowSummary,
  type Household,
  householdApi,
  type RecordKindName,
  type StoredRecord,
} from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { RecordTable } from '../../shared/household/RecordTable';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { useEditing } from '../../shared/household/useEditing';
import { useKindRecords } from '../../shared/household/useKindRecords';
import { useRecordSave } from '../../shared/household/useRecordSave';
import { Card } from '../../shared/ui/layout';
import { useSavedDialog } from '../../shared/ui/useSavedDialog';
import { CashflowChart } from './CashflowChart';

type IncomeKind = z.infer<typeof planning.IncomeKind>;
type ExpenseCategory = z.infer<typeof planning.ExpenseCategory>;
/** Spec §3 "Income kinds" and "Expense categories", in the spec's order. */
export const INCOME_KINDS = [
  'gross income',
  'bonus',
  'business income',
  'rental',
  'dividend',
] as const satisfies readonly IncomeKind[];
export const EXPENSE_CATEGORIES = [
  'living expense',
  'children',
  'insurance',
  'loan',
  'tax',
  'other',
  'investment',
  'save',
  'food',
  'tobacco',
  'clothing',
  'utility',
  'phone',
  'health',
  'transport',
  'parents',
  'entertainment',
  'education',
  'dining',
  'holiday',
] as const satisfies readonly ExpenseCategory[];
const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

type EditableKind = Extract<RecordKindName, 'income' | 'expense' | 'livingExpense' | 'saving'>;
interface KindUi {
  title: string;
  noun: string;
  empty: string;
  /** The member select: required, optional (household-level when empty) or absent. */
  member: 'required' | 'optional' | 'none';
  /** The kind's own choice (income kind, expense category) or a free title. */
  choice?: { field: 'kind' | 'category'; label: string; options: readonly string[] };
  titled?: boolean;
  /** Optional start and end years (an income or expense that starts or stops, e.g. a university cost 2036-2039). */
  years?: boolean;
}
export const KIND_UI: Record<EditableKind, KindUi> = {
  income: {
    title: 'Incomes',
    noun: 'income',
    empty: 'No incomes yet',
    member: 'required',
    choice: { field: 'kind', label: 'Income kind', options: INCOME_KINDS },
    years: true,
  },
  expense: {
    title: 'Expenses',
    noun: 'expense',
    empty: 'No expenses yet',
    member: 'optional',
    choice: { field: 'category', label: 'Category', options: EXPENSE_CATEGORIES },
    years: true,
  },
  livingExpense: {
    title: 'Living expenses',
    noun: 'living expense',
    empty: 'No living expenses yet',
    member: 'optional',
    titled: true,
  },
  saving: { title: 'Savings', noun: 'saving', empty: 'No savings yet', member: 'required', titled: true },
};

interface EntryForm {
  member_id: string;
  choice: string;
  title: string;
  amount: string;
  currency: string;
  frequency: string;
  start_year: string;
  end_year: string;
}
type AnyRecord = StoredRecord<EditableKind> & Record<string, unknown>;

function entryForm(kind: EditableKind, r: AnyRecord | null, household: Household): EntryForm {
  const ui = KIND_UI[kind];
  const me = household.members.find((m) => m.relation === 'me');
  return {
    member_id: String(r?.member_id ?? (ui.member === 'required' ? (me?.id ?? '') : '')),
    choice: ui.choice ? String(r?.[ui.choice.field] ?? ui.choice.options[0]) : '',
    title: String(r?.title ?? ''),
    amount: r ? String(r.amount) : '',
    currency: String(r?.currency ?? household.currency),
    frequency: String(r?.frequency ?? 'monthly'),
    start_year: r?.start_year === undefined ? '' : String(r.start_year),
    end_year: r?.end_year === undefined ? '' : String(r.end_year),
  };
}

/** "2036–2039", "From 2036", "Until 2030" or "Every year": the years an income or expense runs. */
export function yearsLabel(start: unknown, end: unknown): string {
  const from = typeof start === 'number' ? start : null;
  const to = typeof end === 'number' ? end : null;
  if (from !== null && to !== null) return from === to ? String(from) : `${from}–${to}`;
  if (from !== null) return `From ${from}`;
  if (to !== null) return `Until ${to}`;
  return 'Every year';
}

/** A start/end year pair's problems (the contract's rule, checked before sending). */
export function yearsProblems(start: string, end: string, names = ['start_year', 'end_year']): Record<string, string> {
  const from = numberOrUndefined(start);
  const to = numberOrUndefined(end);
  if (from !== undefined && to !== undefined && to < from)
    return { [names[1] as string]: 'The end year is before the start year' };
  return {};
}

/** The body of a create or update: the kind's fields only. */
export function entryBody(kind: EditableKind, f: EntryForm, editing = false): Record<string, unknown> {
  const ui = KIND_UI[kind];
  const body: Record<string, unknown> = {
    amount: numberOrUndefined(f.amount),
    currency: f.currency,
    frequency: f.frequency,
  };
  if (ui.member !== 'none' && f.member_id) body.member_id = f.member_id;
  if (ui.choice) body[ui.choice.field] = f.choice;
  if (ui.titled && f.title.trim()) body.title = f.title.trim();
  if (ui.years)
    for (const key of ['start_year', 'end_year'] as const) {
      const year = numberOrUndefined(f[key]);
      // an edit that clears a year removes it (null); a new entry leaves it out
      if (year !== undefined) body[key] = year;
      else if (editing) body[key] = null;
    }
  return body;
}

function EntryDialog({
  kind,
  record,
  household,
  onClose,
  onSaved,
}: {
  kind: EditableKind;
  record: AnyRecord | null;
  household: Household;
  onClose: () => void;
  onSaved: () => void;
}) {
  const ui = KIND_UI[kind];
  const initial = useMemo(() => entryForm(kind, record, household), [kind, record, household]);
  const [form, setForm] = useState(initial);
  const { errors, error, busy, save } = useRecordSave(kind, household.id, record?.id ?? null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const set = (k: keyof EntryForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const memberOptions = household.members.map((m) => ({
    value: m.id,
    label: `${m.name || RELATION_LABELS[m.relation]} (${RELATION_LABELS[m.relation] ?? m.relation})`,
  }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (numberOrUndefined(form.amount) === undefined) local.amount = 'Enter an amount';
    if (ui.member === 'required' && !form.member_id) local.member_id = 'Choose a member';
    if (ui.years) Object.assign(local, yearsProblems(form.start_year, form.end_year));
    await save(local, () => entryBody(kind, form, record !== null), onSaved);
  };
  return (
    <Modal open title={`${record ? 'Edit' : 'Add'} ${ui.noun}`} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label={cap(ui.noun)} noValidate style={{ position: 'relative' }}>
        {ui.member === 'none' ? null : (
          <Select
            label="Member"
            value={form.member_id}
            onChange={set('member_id')}
            options={memberOptions}
            placeholder={ui.member === 'optional' ? 'The whole household' : undefined}
            error={errors.member_id}
          />
        )}
        {ui.choice ? (
          <Select
            label={ui.choice.label}
            value={form.choice}
            onChange={set('choice')}
            options={ui.choice.options.map((o) => ({ value: o, label: cap(o) }))}
            error={errors[ui.choice.field]}
          />
        ) : null}
        {ui.titled ? (
          <TextInput label="Title" value={form.title} onChange={set('title')} error={errors.title} optional />
        ) : null}
        <FloatInput label="Amount" value={form.amount} onChange={set('amount')} error={errors.amount} decimals={2} />
        <Select label="Entered as" value={form.frequency} onChange={set('frequency')} options={FREQUENCIES} />
        <Select label="Currency" value={form.currency} onChange={set('currency')} options={currencyOptions} />
        {ui.years ? (
          <>
            <NumberInput
              label="Start year"
              value={form.start_year}
              onChange={set('start_year')}
              error={errors.start_year}
              maxLength={4}
              optional
              hint="Leave empty: from today"
            />
            <NumberInput
              label="End year"
              value={form.end_year}
              onChange={set('end_year')}
              error={errors.end_year}
              maxLength={4}
              optional
              hint={`Leave empty: as long as the plan runs. The last year the ${ui.noun} is counted.`}
            />
          </>
        ) : null}
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel={`Save ${ui.noun}`} />
      </form>
    </Modal>
  );
}

function KindCard({ kind, household, onSaved }: { kind: EditableKind; household: Household; onSaved: () => void }) {
  const ui = KIND_UI[kind];
  const { readOnly, reload } = useHousehold();
  const { rows, error, setError } = useKindRecords<EditableKind, AnyRecord>(kind, household.id);
  const editing = useEditing<AnyRecord>(() => {
    onSaved();
    reload();
  });

  const memberName = (id: unknown) => {
    const m = household.members.find((x) => x.id === id);
    return m ? m.name || RELATION_LABELS[m.relation] : 'Household';
  };
  const what = (r: AnyRecord) => (ui.choice ? cap(String(r[ui.choice.field])) : String(r.title ?? '') || cap(ui.noun));
  const headingId = `kind-${kind}`;
  const removal = useDeleteConfirm<AnyRecord>({
    title: () => `Delete this ${ui.noun}?`,
    name: (r) => `${what(r)} (${r.currency} ${formatAmount(Number(r.amount))})`,
    message: (r) => `${what(r)}: ${r.currency} ${formatAmount(Number(r.amount))}`,
    remove: (r) => householdApi.deleteRecord(kind, r.id),
    onDone: reload,
    onError: setError,
  });
  // a row deleted a moment ago is left out while its Undo toast shows
  const shown = rows ? rows.filter((r) => !removal.hidden(r)) : null;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{ui.title}</h2>
      {error ? <FormError>{error}</FormError> : null}
      {!rows && !error ? <Skeleton rows={2} label={`Loading ${ui.title.toLowerCase()}`} /> : null}
      {shown && shown.length === 0 ? <p>{ui.empty}</p> : null}
      {shown ? (
        <RecordTable
          label={`${ui.title} entries`}
          rows={shown}
          columns={[
            { header: ui.choice?.label ?? 'Title', cell: what },
            ...(ui.member === 'none' ? [] : [{ header: 'Member', cell: (r: AnyRecord) => memberName(r.member_id) }]),
            { header: 'Amount', cell: (r) => `${String(r.currency)} ${formatAmount(Number(r.amount))}` },
            { header: 'Entered as', cell: (r) => cap(String(r.frequency)) },
            ...(ui.years ? [{ header: 'Years', cell: (r: AnyRecord) => yearsLabel(r.start_year, r.end_year) }] : []),
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
        <EntryDialog
          kind={kind}
          record={editing.record}
          household={household}
          onClose={editing.close}
          onSaved={editing.done}
        />
      ) : null}
      {removal.dialog}
    </Card>
  );
}

function SummaryCard({ summary }: { summary: CashFlowSummary }) {
  const t = summary.totals;
  const lines = [
    ['Income', t.income],
    ['Expenses', t.expenses],
    ['Living expenses', t.living_expenses],
    ['Savings', t.savings],
    ['Net cash flow', t.net],
  ] as const;
  return (
    <Card aria-labelledby="cashflow-summary">
      <h2 id="cashflow-summary">Cash flow ({summary.currency})</h2>
      <CashflowChart currency={summary.currency} bars={lines.map(([label, f]) => ({ label, value: f.annual }))} />
      <Table label="Cash flow summary">
        <TableHead columns={['Total', 'Monthly', 'Annual']} />
        <tbody>
          {lines.map(([label, f]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatAmount(f.monthly)}</td>
              <td>{formatAmount(f.annual)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {summary.members.length > 1 ? (
        <Table label="Cash flow by member">
          <TableHead columns={['Member', 'Income a month', 'Savings a month', 'Net a month']} />
          <tbody>
            {summary.members.map((m) => (
              <tr key={m.member_id}>
                <th scope="row">{m.name || RELATION_LABELS[m.relation]}</th>
                <td>{formatAmount(m.income.monthly)}</td>
                <td>{formatAmount(m.savings.monthly)}</td>
                <td>{formatAmount(m.net.monthly)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </Card>
  );
}

const KINDS: EditableKind[] = ['income', 'expense', 'livingExpense', 'saving'];

/**
 * Income & Expenses (issue 11): the cash-flow summary of the stored household, then its incomes, expenses, living
 * expenses and savings. The advisor edits each entry (monthly or annual, in its own currency); the customer reads.
 */
export function CashflowSection() {
  const { base } = useDashboard();
  const { pathname } = useLocation();
  const { household, status, error, version } = useHousehold();
  const { data: summary, error: summaryError } = useResource(
    household && ([household.id, version] as const),
    ([hid], signal) => householdApi.cashFlow(hid, signal),
  );
  const summaryRoute = `${base}/financial-report/dashboard/cashflow`;
  const saved = useSavedDialog(summaryRoute, pathname === summaryRoute);

  if (status === 'missing')
    return (
      <Card>
        <h2>Income &amp; Expenses</h2>
        <p>There is no household at this address, or it is not yours to see.</p>
      </Card>
    );
  if (status === 'error')
    return (
      <Card>
        <h2>Income &amp; Expenses</h2>
        <FormError>{error}</FormError>
      </Card>
    );
  if (!household) return <Skeleton rows={6} label="Loading income and expenses" />;
  return (
    <section aria-label="Income & Expenses">
      <h2>Income &amp; Expenses</h2>
      {summaryError ? <FormError>{summaryError}</FormError> : null}
      {summary ? <SummaryCard summary={summary} /> : <Skeleton rows={4} label="Loading the cash flow" />}
      {KINDS.map((k) => (
        <KindCard key={k} kind={k} household={household} onSaved={saved.show} />
      ))}
      {saved.dialog}
    </section>
  );
}
