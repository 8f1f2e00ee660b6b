import {
  api,
  Button,
  EmptyState,
  errorMessage,
  FormError,
  fieldErrors,
  Modal,
  Skeleton,
  Table,
  TextInput,
  UnsavedChangesPopover,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useState } from 'react';
import { ConfirmAction } from '../../components/ConfirmAction';
import { RowActions, useAdminList } from '../../components/RowActions';
import type { Company } from './api';
import { Note, Wrap } from './InsurancePlansPage';

/**
 * Insurance › Company (platform-shell §2.4, §7 admin/insurance/company GET, POST, PUT {id}, DELETE {id}): the
 * insurers whose plans advisors pick from. A company whose plans customers' policies use cannot be deleted.
 */
export function CompaniesPage() {
  const { list, loadError, reload: load } = useAdminList<Company>('admin/insurance/company', {}, []);
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`admin/insurance/company/${deleting.id}`);
      setNote({ ok: true, text: `Deleted the company '${deleting.name}'.` });
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
      <h1>Insurance Companies</h1>
      <p className="kf-lead">The insurers whose plans advisors choose from.</p>
      <div className="kf-bar">
        <Button
          onClick={() => {
            setNote(null);
            setEditing('new');
          }}
        >
          Add company
        </Button>
      </div>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : list === null ? (
        <Skeleton rows={4} label="Loading companies" />
      ) : list.length === 0 ? (
        <EmptyState title="No insurance companies yet">Add the first insurer, then its plans.</EmptyState>
      ) : (
        <Table label="Insurance companies">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Country</th>
              <th scope="col">Plans</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.country ?? '—'}</td>
                <td>{c.plan_count}</td>
                <td>
                  <RowActions
                    name={c.name}
                    onEdit={() => setEditing(c)}
                    onDelete={() => {
                      setDeleteError(null);
                      setDeleting(c);
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
        <CompanyEditor
          company={editing === 'new' ? null : editing}
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
          title="Delete this company?"
          message={`'${deleting.name}' and its ${deleting.plan_count} plan(s) will be deleted. A company whose plans customers' policies use cannot be deleted.`}
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

function CompanyEditor({
  company,
  onClose,
  onSaved,
}: {
  company: Company | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState({ name: company?.name ?? '', country: company?.country ?? '' });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = form.name.trim();
    const country = form.country.trim().toUpperCase();
    const found: Record<string, string> = {};
    if (!name) found.name = 'Enter name';
    if (country && !/^[A-Z]{2}$/.test(country)) found.country = 'Use a two-letter country code';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    const body = { name, country: country || null };
    try {
      if (company) await api.put(`admin/insurance/company/${company.id}`, body);
      else await api.post('admin/insurance/company', body);
      await onSaved(company ? `Saved the company '${name}'.` : `Added the company '${name}'.`);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={company ? 'Edit company' : 'Add company'} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label="Insurance company" noValidate style={{ position: 'relative' }}>
        <TextInput
          label="Company name"
          value={form.name}
          onChange={(v) => setForm((f) => ({ ...f, name: v }))}
          error={errors.name}
          maxLength={200}
        />
        <TextInput
          label="Country"
          optional
          value={form.country}
          onChange={(v) => setForm((f) => ({ ...f, country: v.replace(/[^A-Za-z]/g, '').slice(0, 2) }))}
          error={errors.country}
          maxLength={2}
          hint="Two-letter code, such as SG or MY."
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save company
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
