import type { investmentReference } from '@kinfolio/contracts';
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
import { Link } from 'react-router-dom';
import { ConfirmAction } from '../../components/ConfirmAction';
import { RowActions } from '../../components/RowActions';
import { type InvestmentPlan, Note, type ReferenceName, Wrap } from './shared';

/** The contract's INVESTMENT_PLAN_TYPES (kept here so the page does not bundle the schemas; the type checks them). */
const PLAN_TYPES: investmentReference.InvestmentPlanTypeName[] = [
  'Unit trust',
  'Investment-linked policy',
  'Discretionary portfolio',
  'Robo-advisor',
  'Brokerage account',
  'Other',
];
const TYPES = PLAN_TYPES.map((t) => ({ value: t, label: t }));

/**
 * Investment › Investment Plans (platform-shell §2.4): the plans each investment company offers (name, company,
 * type), which advisors name on a customer's investment account. Filtered by company; create, edit, delete.
 */
export function InvestmentPlansPage() {
  const [plans, setPlans] = useState<InvestmentPlan[] | null>(null);
  const [companies, setCompanies] = useState<ReferenceName[]>([]);
  const [company, setCompany] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<InvestmentPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InvestmentPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (companyId: string, signal?: AbortSignal) => {
    try {
      const [rows, cos] = await Promise.all([
        api.get<InvestmentPlan[]>(`admin/investment/plan${companyId ? `?company_id=${companyId}` : ''}`, { signal }),
        api.get<ReferenceName[]>('admin/investment/company', { signal }),
      ]);
      if (signal?.aborted) return;
      setPlans(rows);
      setCompanies(cos);
      setLoadError(null);
    } catch (err) {
      if (!signal?.aborted) setLoadError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(company, ctrl.signal);
    return () => ctrl.abort();
  }, [load, company]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`admin/investment/plan/${deleting.id}`);
      setNote({ ok: true, text: `Deleted the plan '${deleting.name}'.` });
      setDeleting(null);
      await load(company);
    } catch (err) {
      setDeleteError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Wrap>
      <h1>Investment Plans</h1>
      <p className="kf-lead">The plans each investment company offers, by type.</p>
      <div className="kf-bar">
        <Select
          label="Company"
          value={company}
          onChange={setCompany}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          placeholder="All companies"
        />
        <Button
          disabled={companies.length === 0}
          onClick={() => {
            setNote(null);
            setEditing('new');
          }}
        >
          Add plan
        </Button>
      </div>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : plans === null ? (
        <Skeleton rows={4} label="Loading investment plans" />
      ) : companies.length === 0 ? (
        <EmptyState title="No investment companies yet">
          Plans belong to a company: <Link to="../investment/company">add an investment company</Link> first.
        </EmptyState>
      ) : plans.length === 0 ? (
        <EmptyState title="No investment plans yet">Add the first plan a company offers.</EmptyState>
      ) : (
        <Table label="Investment plans">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Company</th>
              <th scope="col">Type</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{p.company_name}</td>
                <td>{p.type}</td>
                <td>
                  <RowActions
                    name={p.name}
                    onEdit={() => setEditing(p)}
                    onDelete={() => {
                      setDeleteError(null);
                      setDeleting(p);
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
        <PlanEditor
          plan={editing === 'new' ? null : editing}
          companies={companies}
          defaultCompany={company}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setNote({ ok: true, text });
            await load(company);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmAction
          title="Delete this plan?"
          message={`'${deleting.name}' of ${deleting.company_name} will be deleted.`}
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

function PlanEditor({
  plan,
  companies,
  defaultCompany,
  onClose,
  onSaved,
}: {
  plan: InvestmentPlan | null;
  companies: ReferenceName[];
  defaultCompany: string;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState({
    name: plan?.name ?? '',
    company_id: plan?.company_id ?? defaultCompany,
    type: plan?.type ?? '',
  });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = form.name.trim();
    const found: Record<string, string> = {};
    if (!name) found.name = 'Enter name';
    if (!form.company_id) found.company_id = 'Choose a company';
    if (!form.type) found.type = 'Choose a plan type';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    const body = { name, company_id: form.company_id, type: form.type };
    try {
      if (plan) await api.put(`admin/investment/plan/${plan.id}`, body);
      else await api.post('admin/investment/plan', body);
      await onSaved(plan ? `Saved the plan '${name}'.` : `Added the plan '${name}'.`);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={plan ? 'Edit plan' : 'Add plan'} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label="Investment plan" noValidate style={{ position: 'relative' }}>
        <TextInput
          label="Plan name"
          value={form.name}
          onChange={(v) => setForm((f) => ({ ...f, name: v }))}
          error={errors.name}
          maxLength={200}
        />
        <Select
          label="Company"
          value={form.company_id}
          onChange={(v) => setForm((f) => ({ ...f, company_id: v }))}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          placeholder="Select company"
          error={errors.company_id}
        />
        <Select
          label="Plan type"
          value={form.type}
          onChange={(v) => setForm((f) => ({ ...f, type: v }))}
          options={TYPES}
          placeholder="Select plan type"
          error={errors.type}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save plan
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
