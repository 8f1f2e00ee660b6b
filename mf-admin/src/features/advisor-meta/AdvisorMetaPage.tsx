import type { auth } from '@kinfolio/contracts';
import { api, Button, EmptyState, errorMessage, Table, TableHead, TextInput, useLoad } from '@kinfolio/ui-kit';
import { useState } from 'react';
import {
  AdminPage,
  DeleteConfirm,
  EditorModal,
  Note,
  PageNoteView,
  useCrudPage,
  useEditorForm,
} from '../../components/crud';

type Meta = auth.AdvisorMeta;

/**
 * CMS › Advisor meta data (spec §2.4, §7 admin/advisor-meta): the profile fields advisors fill in on their Expert
 * Positioning page and show on their public page. List, create, edit, delete, and reorder (saved in one bulk call).
 */
export function AdvisorMetaPage() {
  const [order, setOrder] = useState<Meta[]>([]);
  const [ordering, setOrdering] = useState(false);

  const {
    data: list,
    loadError,
    reload,
    setData: setList,
  } = useLoad((signal) => api.get<Meta[]>('admin/advisor-meta', { signal }), [], { onData: setOrder });
  const crud = useCrudPage<Meta>(reload);
  const { deleting, setNote } = crud;
  /** Saving the order and deleting share one busy state, as the page always had. */
  const busy = ordering || crud.deleteBusy;

  const reordered = list !== null && order.some((m, i) => m.id !== list[i]?.id);
  const move = (i: number, by: number) =>
    setOrder((o) => {
      const next = [...o];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });

  async function saveOrder() {
    setOrdering(true);
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
      setOrdering(false);
    }
  }

  return (
    <AdminPage>
      <h1>Advisor meta data</h1>
      <p className="kf-lead">
        The profile fields advisors fill in on their Expert Positioning page and show on their public page.
      </p>
      <div className="kf-bar">
        <Button onClick={crud.addKeepingNote}>Add field</Button>
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
          <TableHead columns={['Order', 'Title', 'Placeholder', 'Actions']} />
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
                    <Button variant="secondary" onClick={() => crud.edit(m)} aria-label={`Edit ${m.title}`}>
                      Edit
                    </Button>
                    <Button variant="danger" onClick={() => crud.askDelete(m)} aria-label={`Delete ${m.title}`}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <PageNoteView note={crud.note} />
      {crud.editing ? (
        <MetaEditor
          meta={crud.editing === 'new' ? null : crud.editing}
          position={order.length}
          onClose={crud.closeEditor}
          onSaved={crud.saved}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirm
          crud={{ ...crud, deleteBusy: busy }}
          title="Delete this field?"
          message={`'${deleting.title}' and every advisor's answer to it will be deleted.`}
          onConfirm={() => crud.remove(`admin/advisor-meta/${deleting.id}`, `Deleted the field '${deleting.title}'.`)}
        />
      ) : null}
    </AdminPage>
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
  const editor = useEditorForm({ title: meta?.title ?? '', placeholder: meta?.placeholder ?? '' }, onClose);
  const { form, errors } = editor;

  async function submit() {
    const title = form.title.trim();
    if (!editor.check(title ? {} : { title: 'Enter title' })) return;
    const body = { title, placeholder: form.placeholder.trim() };
    await editor.save(
      () =>
        meta
          ? api.patch(`admin/advisor-meta/${meta.id}/update`, body)
          : api.post('admin/advisor-meta/create', { ...body, position }),
      () => onSaved(meta ? `Saved the field '${title}'.` : `Added the field '${title}'.`),
    );
  }

  return (
    <EditorModal
      title={meta ? 'Edit field' : 'Add field'}
      label="Advisor meta field"
      editor={editor}
      submitLabel="Save field"
      onSubmit={submit}
    >
      <TextInput label="Title" value={form.title} onChange={editor.set('title')} error={errors.title} maxLength={120} />
      <TextInput
        label="Placeholder"
        optional
        value={form.placeholder}
        onChange={editor.set('placeholder')}
        error={errors.placeholder}
        maxLength={200}
        hint="An example answer shown to advisors in the empty field."
      />
    </EditorModal>
  );
}
