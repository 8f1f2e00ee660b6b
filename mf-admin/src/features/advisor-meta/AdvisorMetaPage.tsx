import type { auth } from '@kinfolio/contracts';
import { api, Button, EmptyState, MoveButtons, Table, TableHead, TextInput, useLoad } from '@kinfolio/ui-kit';
import { useState } from 'react';
import {
  AdminPage,
  DeleteConfirm,
  type EditorCallbacks,
  EditorModal,
  Note,
  PageNoteView,
  useCrudPage,
  useEditorForm,
} from '../../components/crud';
import { RowActions } from '../../components/RowActions';

type Meta = auth.AdvisorMeta;

/**
 * CMS › Advisor meta data (spec §2.4, §7 admin/advisor-meta): the profile fields advisors fill in on their Expert
 * Positioning page and show on their public page. List, create, edit, delete, and reorder (saved in one bulk call).
 */
export function AdvisorMetaPage() {
  const [order, setOrder] = useState<Meta[]>([]);

  const {
    data: list,
    loadError,
    reload,
    setData: setList,
  } = useLoad((signal) => api.get<Meta[]>('admin/advisor-meta', { signal }), [], { onData: setOrder });
  const crud = useCrudPage<Meta>(reload);
  const { deleting } = crud;
  /** Saving the order and deleting share one busy state, as the page always had. */
  const busy = crud.busy;

  const reordered = list !== null && order.some((m, i) => m.id !== list[i]?.id);
  const move = (i: number, by: number) =>
    setOrder((o) => {
      const next = [...o];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });

  const saveOrder = () =>
    crud.act(async () => {
      const rows = await api.put<Meta[]>('admin/advisor-meta/bulk-update', {
        items: order.map((m, position) => ({ id: m.id, position })),
      });
      setList(rows);
      setOrder(rows);
      return 'The new order was saved.';
    });

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
                  <RowActions
                    name={m.title}
                    onEdit={() => crud.edit(m)}
                    onDelete={() => crud.askDelete(m)}
                    before={
                      <MoveButtons
                        at={i}
                        count={order.length}
                        onMove={(by) => move(i, by)}
                        named={(d) => `Move ${m.title} ${d}`}
                      />
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <PageNoteView note={crud.note} />
      {crud.editing ? (
        <MetaEditor meta={crud.editing === 'new' ? null : crud.editing} position={order.length} {...crud.editorProps} />
      ) : null}
      {deleting ? (
        <DeleteConfirm
          crud={crud}
          title="Delete this field?"
          message={`'${deleting.title}' and every advisor's answer to it will be deleted.`}
          onConfirm={() => crud.remove(`admin/advisor-meta/${deleting.id}`, `Deleted the field '${deleting.title}'.`)}
        />
      ) : null}
    </AdminPage>
  );
}

function MetaEditor({ meta, position, onClose, onSaved }: { meta: Meta | null; position: number } & EditorCallbacks) {
  const editor = useEditorForm({ title: meta?.title ?? '', placeholder: meta?.placeholder ?? '' }, onClose);
  const { form } = editor;

  async function submit() {
    const title = form.title.trim();
    if (!editor.check(title ? {} : { title: 'Enter title' })) return;
    const body = { title, placeholder: form.placeholder.trim() };
    await editor.saveRow(meta, `field '${title}'`, onSaved, () =>
      meta
        ? api.patch(`admin/advisor-meta/${meta.id}/update`, body)
        : api.post('admin/advisor-meta/create', { ...body, position }),
    );
  }

  return (
    <EditorModal noun="field" row={meta} label="Advisor meta field" editor={editor} onSubmit={submit}>
      <TextInput label="Title" {...editor.field('title')} maxLength={120} />
      <TextInput
        label="Placeholder"
        optional
        {...editor.field('placeholder')}
        maxLength={200}
        hint="An example answer shown to advisors in the empty field."
      />
    </EditorModal>
  );
}
