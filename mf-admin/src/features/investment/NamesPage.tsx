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
import { Note, type ReferenceName, Wrap } from './shared';

interface Kind {
  /** admin/investment/{path} */
  path: 'company' | 'bank';
  title: string;
  lead: string;
  one: string;
  label: string;
  empty: string;
  emptyText: string;
  deleteText: (name: string) => string;
}

const COMPANY: Kind = {
  path: 'company',
  title: 'Investment Companies',
  lead: 'The fund houses and platforms whose funds and investment plans advisors choose from.',
  one: 'company',
  label: 'Company name',
  empty: 'No investment companies yet',
  emptyText: 'Add the first fund house, then its investment plans.',
  deleteText: (name) => `'${name}' will be deleted. A company that investment plans name cannot be deleted.`,
};
const BANK: Kind = {
  path: 'bank',
  title: 'Banks',
  lead: 'The banks advisors pick for savings and cash accounts.',
  one: 'bank',
  label: 'Bank name',
  empty: 'No banks yet',
  emptyText: 'Add the first bank advisors can choose.',
  deleteText: (name) => `'${name}' will be deleted. Accounts already recorded keep the name they were saved with.`,
};

/** Investment › Company (platform-shell §2.4, §7 admin/investment/company GET, POST, PUT {id}, DELETE {id}). */
export const InvestmentCompaniesPage = () => <NamesPage kind={COMPANY} />;
/** Investment › Bank (platform-shell §2.4, §7 admin/investment/bank GET, POST, PUT {id}, DELETE {id}). */
export const BanksPage = () => <NamesPage kind={BANK} />;

function NamesPage({ kind }: { kind: Kind }) {
  const base = `admin/investment/${kind.path}`;
  const { list, loadError, reload: load } = useAdminList<ReferenceName>(base, {}, [base]);
  const [editing, setEditing] = useState<ReferenceName | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReferenceName | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`${base}/${deleting.id}`);
      setNote({ ok: true, text: `Deleted the ${kind.one} '${deleting.name}'.` });
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
      <h1>{kind.title}</h1>
      <p className="kf-lead">{kind.lead}</p>
      <div className="kf-bar">
        <Button
          onClick={() => {
            setNote(null);
            setEditing('new');
          }}
        >
          Add {kind.one}
        </Button>
      </div>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : list === null ? (
        <Skeleton rows={4} label={`Loading ${kind.title.toLowerCase()}`} />
      ) : list.length === 0 ? (
        <EmptyState title={kind.empty}>{kind.emptyText}</EmptyState>
      ) : (
        <Table label={kind.title}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
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
        <NameEditor
          kind={kind}
          item={editing === 'new' ? null : editing}
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
          title={`Delete this ${kind.one}?`}
          message={kind.deleteText(deleting.name)}
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

function NameEditor({
  kind,
  item,
  onClose,
  onSaved,
}: {
  kind: Kind;
  item: ReferenceName | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState({ name: item?.name ?? '' });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = form.name.trim();
    if (!name) {
      setErrors({ name: 'Enter name' });
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    try {
      if (item) await api.put(`admin/investment/${kind.path}/${item.id}`, { name });
      else await api.post(`admin/investment/${kind.path}`, { name });
      await onSaved(item ? `Saved the ${kind.one} '${name}'.` : `Added the ${kind.one} '${name}'.`);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={item ? `Edit ${kind.one}` : `Add ${kind.one}`} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label={kind.title} noValidate style={{ position: 'relative' }}>
        <TextInput
          label={kind.label}
          value={form.name}
          onChange={(v) => setForm({ name: v })}
          error={errors.name}
          maxLength={200}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save {kind.one}
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
