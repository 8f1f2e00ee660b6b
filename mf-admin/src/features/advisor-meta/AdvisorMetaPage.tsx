import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  EmptyState,
  errorMessage,
  FormError,
  Modal,
  Table,
  TextInput,
  theme,
  UnsavedChangesPopover,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ConfirmAction } from '../../components/ConfirmAction';

type Meta = auth.AdvisorMeta;

const Wrap = styled.div`
  h1 { margin: 0 0 6px; font-size: 1.5rem; }
  .kf-lead { margin: 0 0 16px; color: ${theme.colors.muted}; }
  .kf-bar { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
  td .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  td .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
const Note = styled.p<{ $ok: boolean }>`
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: 6px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

/**
 * CMS › Advisor meta data (spec §2.4, §7 admin/advisor-meta): the profile fields advisors fill in on their Expert
 * Positioning page and show on their public page. List, create, edit, delete, and reorder (saved in one bulk call).
 */
export function AdvisorMetaPage() {
  const [list, setList] = useState<Meta[] | null>(null);
  const [order, setOrder] = useState<Meta[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Meta | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Meta | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const rows = await api.get<Meta[]>('admin/advisor-meta', { signal });
      if (signal?.aborted) return;
      setList(rows);
      setOrder(rows);
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

  const reordered = list !== null && order.some((m, i) => m.id !== list[i]?.id);
  const move = (i: number, by: number) =>
    setOrder((o) => {
      const next = [...o];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });

  async function saveOrder() {
    setBusy(true);
    setNote(null);
    try {
      const rows = await api.put<Meta[]>('admin/advisor-meta/bulk-update', {
        items: order.map((m, position) => ({ id: m.id, position })),
      });
      setList(rows);
      setOrder(rows);
      setNote({ ok: true, text: 'The new order was saved.' });
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`admin/advisor-meta/${deleting.id}`);
      setNote({ ok: true, text: `Deleted the field '${deleting.title}'.` });
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
      <h1>Advisor meta data</h1>
      <p className="kf-lead">
        The profile fields advisors fill in on their Expert Positioning page and show on their public page.
      </p>
      <div className="kf-bar">
        <Button onClick={() => setEditing('new')}>Add field</Button>
        {reordered ? (
          <>
            <Button onClick={saveOrder} loading={busy}>
              Save order
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setOrder(list ?? [])}>
              Undo reorder
            </Button>
          </>
        ) : null}
      </div>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : list === null ? (
        <p aria-busy="true">Loading…</p>
      ) : order.length === 0 ? (
        <EmptyState title="No advisor meta fields yet">
          Add the first field advisors can fill in, such as 'Languages spoken'.
        </EmptyState>
      ) : (
        <Table label="Advisor meta fields">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Title</th>
              <th scope="col">Placeholder</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {order.map((m, i) => (
              <tr key={m.id}>
                <td>{i + 1}</td>
                <td>{m.title}</td>
                <td>{m.placeholder ?? '—'}</td>
                <td>
                  <div className="kf-actions">
                    <Button
                      variant="secondary"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`Move ${m.title} up`}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={i === order.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`Move ${m.title} down`}
                    >
                      Down
                    </Button>
                    <Button variant="secondary" onClick={() => setEditing(m)} aria-label={`Edit ${m.title}`}>
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(m);
                      }}
                      aria-label={`Delete ${m.title}`}
                    >
                      Delete
                    </Button>
                  </div>
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
        <MetaEditor
          meta={editing === 'new' ? null : editing}
          position={order.length}
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
          title="Delete this field?"
          message={`'${deleting.title}' and every advisor's answer to it will be deleted.`}
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

function MetaEditor({
  meta,
  position,
  onClose,
  onSaved,
}: {
  meta: Meta | null;
  position: number;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState({ title: meta?.title ?? '', placeholder: meta?.placeholder ?? '' });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<{ title?: string; placeholder?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const title = form.title.trim();
    if (!title) {
      setErrors({ title: 'Enter title' });
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    const body = { title, placeholder: form.placeholder.trim() };
    try {
      if (meta) await api.patch(`admin/advisor-meta/${meta.id}/update`, body);
      else await api.post('admin/advisor-meta/create', { ...body, position });
      await onSaved(meta ? `Saved the field '${title}'.` : `Added the field '${title}'.`);
    } catch (err) {
      const byField: typeof errors = {};
      for (const entry of (err as { errors?: Array<Record<string, string[]>> }).errors ?? [])
        for (const [k, msgs] of Object.entries(entry))
          if ((k === 'title' || k === 'placeholder') && msgs[0]) byField[k] = msgs[0];
      setErrors(byField);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={meta ? 'Edit field' : 'Add field'} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label="Advisor meta field" noValidate style={{ position: 'relative' }}>
        <TextInput
          label="Title"
          value={form.title}
          onChange={(v) => setForm((f) => ({ ...f, title: v }))}
          error={errors.title}
          maxLength={120}
        />
        <TextInput
          label="Placeholder"
          optional
          value={form.placeholder}
          onChange={(v) => setForm((f) => ({ ...f, placeholder: v }))}
          error={errors.placeholder}
          maxLength={200}
          hint="An example answer shown to advisors in the empty field."
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save field
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
