import {
  api,
  Button,
  EmptyState,
  errorMessage,
  FormError,
  fieldErrors,
  Modal,
  Select,
  Skeleton,
  Table,
  TextInput,
  UnsavedChangesPopover,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ConfirmAction } from '../../components/ConfirmAction';
import { RowActions } from '../../components/RowActions';
import { amountOf, type PlanSummary, type ProjectionRow, type ProjectionTable, shownAmount } from './api';
import { Note, Wrap } from './InsurancePlansPage';

const VALUES = [
  ['premium', 'Premium'],
  ['cash_value', 'Cash value'],
  ['surrender_value', 'Surrender value'],
  ['death_benefit', 'Death benefit'],
] as const;
type ValueKey = (typeof VALUES)[number][0];
type RowText = { policy_year: string } & Record<ValueKey, string>;

/**
 * Insurance › Projections tables (platform-shell §2.4: exists but hidden from the menu; §7
 * admin/insurance-projections-tables create, {id}/update, DELETE {id}): a plan's illustrated policy values by year.
 */
export function ProjectionTablesPage() {
  const [tables, setTables] = useState<ProjectionTable[] | null>(null);
  const [plans, setPlans] = useState<PlanSummary[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<ProjectionTable | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProjectionTable | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const [rows, planRows] = await Promise.all([
        api.get<ProjectionTable[]>('admin/insurance-projections-tables', { signal }),
        api.get<PlanSummary[]>('admin/insurance-plans', { signal }),
      ]);
      if (signal?.aborted) return;
      setTables(rows);
      setPlans(planRows);
      setLoadError(null);
    } catch (err) {
      if (!signal?.aborted) setLoadError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`admin/insurance-projections-tables/${deleting.id}`);
      setNote({ ok: true, text: `Deleted the projection table '${deleting.name}'.` });
      setDeleting(null);
      await load();
    } catch (err) {
      setDeleteError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Wrap>
      <h1>Insurance Projections Tables</h1>
      <p className="kf-lead">Illustrated policy values by policy year for a plan.</p>
      <div className="kf-bar">
        <Button
          onClick={() => {
            setNote(null);
            setEditing('new');
          }}
          disabled={!plans.length}
        >
          Add projection table
        </Button>
      </div>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : tables === null ? (
        <Skeleton rows={4} label="Loading projection tables" />
      ) : tables.length === 0 ? (
        <EmptyState title="No projection tables yet">
          {plans.length ? 'Add a table of policy values for a plan.' : 'Add an insurance plan first.'}
        </EmptyState>
      ) : (
        <Table label="Projection tables">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Plan</th>
              <th scope="col">Entry age</th>
              <th scope="col">Years</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.plan_name}</td>
                <td>{t.entry_age ?? '—'}</td>
                <td>{t.rows.length}</td>
                <td>
                  <RowActions
                    name={t.name}
                    onEdit={() => setEditing(t)}
                    onDelete={() => {
                      setDeleteError(null);
                      setDeleting(t);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {note ? (
        <Note $ok={note.ok} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Note>
      ) : null}
      {editing ? (
        <TableEditor
          table={editing === 'new' ? null : editing}
          plans={plans}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setNote({ ok: true, text });
            await load();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmAction
          title="Delete this projection table?"
          message={`'${deleting.name}' of ${deleting.plan_name} will be deleted.`}
          confirmLabel="Delete"
          danger
          busy={busy}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </Wrap>
  );
}

function TableEditor({
  table,
  plans,
  onClose,
  onSaved,
}: {
  table: ProjectionTable | null;
  plans: PlanSummary[];
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState(() => ({
    name: table?.name ?? '',
    plan_id: table?.plan_id ?? '',
    entry_age: table?.entry_age === null || table?.entry_age === undefined ? '' : String(table.entry_age),
    rows: (table?.rows ?? []).map(
      (r): RowText => ({
        policy_year: String(r.policy_year),
        premium: shownAmount(r.premium),
        cash_value: shownAmount(r.cash_value),
        surrender_value: shownAmount(r.surrender_value),
        death_benefit: shownAmount(r.death_benefit),
      }),
    ),
  }));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const setRow = (i: number, patch: Partial<RowText>) =>
    setForm((f) => ({ ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!form.name.trim()) found.name = 'Enter name';
    if (!form.plan_id) found.plan_id = 'Choose a plan';
    const age = form.entry_age.trim() ? Number(form.entry_age) : null;
    if (age !== null && !(Number.isInteger(age) && age <= 120)) found.entry_age = 'Enter an age from 0 to 120';
    const rows: ProjectionRow[] = form.rows.map((r, i) => {
      const year = Number(r.policy_year);
      if (!/^\d{1,3}$/.test(r.policy_year) || year < 1 || year > 120)
        found[`rows.${i}.policy_year`] = 'Enter a policy year from 1 to 120';
      const out: ProjectionRow = { policy_year: year };
      for (const [k] of VALUES) {
        const v = amountOf(r[k]);
        if (v === undefined) found[`rows.${i}.${k}`] = 'Enter an amount';
        else out[k] = v;
      }
      return out;
    });
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure('Check the highlighted fields.');
      return;
    }
    setBusy(true);
    setFailure(null);
    const body = { name: form.name.trim(), plan_id: form.plan_id, entry_age: age, rows };
    try {
      if (table) await api.patch(`admin/insurance-projections-tables/${table.id}/update`, body);
      else await api.post('admin/insurance-projections-tables/create', body);
      await onSaved(
        table ? `Saved the projection table '${body.name}'.` : `Added the projection table '${body.name}'.`,
      );
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={table ? 'Edit projection table' : 'Add projection table'}
      onClose={guard.requestClose}
      width={760}
    >
      <form onSubmit={submit} aria-label="Projection table" noValidate style={{ position: 'relative' }}>
        <TextInput
          label="Table name"
          value={form.name}
          onChange={(v) => setForm((f) => ({ ...f, name: v }))}
          error={errors.name}
          maxLength={200}
        />
        <Select
          label="Plan"
          value={form.plan_id}
          onChange={(v) => setForm((f) => ({ ...f, plan_id: v }))}
          placeholder="Select plan"
          options={plans.map((p) => ({
            value: p.id,
            label: `${p.name}${p.company_name ? `, ${p.company_name}` : ''}`,
          }))}
          error={errors.plan_id}
        />
        <TextInput
          label="Entry age"
          optional
          value={form.entry_age}
          onChange={(v) => setForm((f) => ({ ...f, entry_age: v.replace(/\D/g, '').slice(0, 3) }))}
          error={errors.entry_age}
          inputMode="numeric"
          maxLength={3}
        />
        <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }}>
          <thead>
            <tr>
              <th scope="col">Policy year</th>
              {VALUES.map(([k, label]) => (
                <th scope="col" key={k}>
                  {label}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {form.rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
              <tr key={i}>
                <td>
                  <input
                    aria-label={`Policy year, row ${i + 1}`}
                    value={r.policy_year}
                    inputMode="numeric"
                    maxLength={3}
                    aria-invalid={errors[`rows.${i}.policy_year`] ? true : undefined}
                    title={errors[`rows.${i}.policy_year`]}
                    onChange={(ev) => setRow(i, { policy_year: ev.target.value.replace(/\D/g, '') })}
                    style={{ width: '100%', minHeight: 36 }}
                  />
                </td>
                {VALUES.map(([k, label]) => (
                  <td key={k}>
                    <input
                      aria-label={`${label}, row ${i + 1}`}
                      value={r[k]}
                      inputMode="decimal"
                      maxLength={16}
                      aria-invalid={errors[`rows.${i}.${k}`] ? true : undefined}
                      title={errors[`rows.${i}.${k}`]}
                      onChange={(ev) => setRow(i, { [k]: ev.target.value.replace(/[^\d.,]/g, '') })}
                      style={{ width: '100%', minHeight: 36 }}
                    />
                  </td>
                ))}
                <td>
                  <Button
                    variant="link"
                    onClick={() => setForm((f) => ({ ...f, rows: f.rows.filter((_, j) => j !== i) }))}
                    aria-label={`Remove row ${i + 1}`}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {Object.entries(errors)
          .filter(([k]) => k.startsWith('rows.'))
          .map(([k, m]) => (
            <p key={k} style={{ color: '#b3261e', margin: '4px 0', fontSize: 14 }}>
              Row {Number(k.split('.')[1]) + 1}: {m}
            </p>
          ))}
        <div style={{ marginTop: 8 }}>
          <Button
            variant="secondary"
            onClick={() =>
              setForm((f) => ({
                ...f,
                rows: [
                  ...f.rows,
                  {
                    policy_year: String((Number(f.rows[f.rows.length - 1]?.policy_year) || 0) + 1),
                    premium: '',
                    cash_value: '',
                    surrender_value: '',
                    death_benefit: '',
                  },
                ],
              }))
            }
          >
            Add year
          </Button>
        </div>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save table
          </Button>
        </div>
        <FormError>{failure ?? undefined}</FormError>
        <UnsavedChangesPopover
          open={guard.confirming}
          onDiscard={guard.discard}
          onKeepEditing={guard.keepEditing}
          style={{ top: 'auto', bottom: 'calc(100% + 6px)' }}
        />
      </form>
    </Modal>
  );
}
