import {
  type ActionNote,
  api,
  Button,
  EmptyState,
  errorMessage,
  FormError,
  fieldErrors,
  GuardedFormActions,
  Modal,
  Skeleton,
  theme,
  useAction,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { ConfirmAction } from './ConfirmAction';
import { type CrudColumn, CrudTable } from './RowActions';

/**
 * The admin back office's list-and-editor pages share one shape: a list read from the API (loading skeleton, error,
 * empty state), an Add button, a modal editor per row with the unsaved-changes guard, a delete confirmation, and a
 * note saying what was done. The pieces here are that shape, written once; each page keeps its own columns, fields,
 * texts and rules.
 */

/** A page's frame: heading, lead, the bar of actions above the list, and row actions in tables. */
export const AdminPage = styled.div`
  h1 { margin: 0 0 6px; font-size: 1.5rem; }
  h2 { margin: 20px 0 8px; font-size: 1.15rem; }
  .kf-lead { margin: 0 0 16px; color: ${theme.colors.muted}; }
  .kf-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; margin-bottom: 12px; }
  .kf-bar > div { min-width: 220px; }
  td .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  td .kf-actions button { min-height: 36px; padding: 4px 12px; }
  .kf-pager { display: flex; gap: 8px; align-items: center; margin-top: 12px; }
  .kf-num { text-align: right; font-variant-numeric: tabular-nums; }
`;

/** What a page says after an action: green and polite when it worked, red and assertive when it did not. */
export const Note = styled.p<{ $ok: boolean }>`
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: 6px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

export type PageNote = ActionNote;

/** What an editor of a list page is told: close (after the unsaved-changes guard), or saved, with the note to show. */
export interface EditorCallbacks {
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}

export function PageNoteView({ note }: { note: PageNote }) {
  return note ? (
    <Note $ok={note.ok} role={note.ok ? 'status' : 'alert'}>
      {note.text}
    </Note>
  ) : null;
}

/**
 * A list's states in order: the read failed (alert), still loading (skeleton), nothing yet (empty state), else the
 * list itself.
 */
export function ListStates<T>({
  list,
  loadError,
  loadingLabel,
  rows = 4,
  emptyTitle,
  empty,
  children,
}: {
  list: T[] | null;
  loadError: string | null;
  loadingLabel: string;
  rows?: number;
  emptyTitle: string;
  empty?: ReactNode;
  children: (list: T[]) => ReactNode;
}) {
  if (loadError)
    return (
      <Note $ok={false} role="alert">
        {loadError}
      </Note>
    );
  if (list === null) return <Skeleton rows={rows} label={loadingLabel} />;
  if (list.length === 0) return <EmptyState title={emptyTitle}>{empty}</EmptyState>;
  return <>{children(list)}</>;
}

/**
 * The state of a list page with an editor and a delete confirmation: which row is being edited ('new' for an add)
 * or deleted, the note, and the delete itself (`remove`: its DELETE path and the note it leaves).
 */
export function useCrudPage<T>(reload: () => Promise<void>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const action = useAction();
  const { note, setNote } = action;
  const closeEditor = () => setEditing(null);
  /** The editor saved: close it, say so, read the list again. */
  const saved = async (text: string) => {
    setEditing(null);
    setNote({ ok: true, text });
    await reload();
  };
  return {
    editing,
    deleting,
    note,
    setNote,
    /** The editor's callbacks, to spread on the page's editor. */
    editorProps: { onClose: closeEditor, onSaved: saved } satisfies EditorCallbacks,
    /**
     * A page's own action on a row (publish, save an order, remove a file): busy meanwhile (with the delete: one busy
     * state), the note cleared, then the text `work` answers as the note, or the failure; `after` runs once it worked.
     */
    act: action.act,
    /** An action or a delete is under way. */
    busy: action.busy || busy,
    add: () => {
      setNote(null);
      setEditing('new');
    },
    /** Opens the editor for an add, leaving the note as it is (for pages whose Add keeps the last note showing). */
    addKeepingNote: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    closeEditor,
    saved,
    askDelete: (row: T) => {
      setDeleteError(null);
      setDeleting(row);
    },
    cancelDelete: () => setDeleting(null),
    /** Deletes through `path`; on success says `text` and reads the list again, on failure shows why in the dialog. */
    remove: async (path: string, text: string) => {
      setBusy(true);
      setDeleteError(null);
      try {
        await api.del(path);
        setNote({ ok: true, text });
        setDeleting(null);
        await reload();
      } catch (err) {
        setDeleteError(errorMessage(err));
      } finally {
        setBusy(false);
      }
    },
    deleteBusy: busy,
    deleteError,
  };
}

/** The delete confirmation of a `useCrudPage` page, open while a row is being deleted. */
export function DeleteConfirm({
  crud,
  title,
  message,
  onConfirm,
  confirmLabel = 'Delete',
}: {
  crud: { busy: boolean; deleteError: string | null; cancelDelete: () => void };
  title: string;
  message: string;
  onConfirm: () => void;
  confirmLabel?: string;
}) {
  return (
    <ConfirmAction
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      danger
      busy={crud.busy}
      error={crud.deleteError}
      onConfirm={onConfirm}
      onCancel={crud.cancelDelete}
    />
  );
}

/** How an editor reads a refusal: its errors by field and its message. */
export interface RefusalReaders {
  fieldErrorsOf?: (err: unknown) => Record<string, string>;
  messageOf?: (err: unknown) => string;
}

/**
 * An editor's form state: the values, the errors by field, the save in progress and its failure, and the
 * unsaved-changes guard on closing. `save` runs a request; a refusal's field errors and message show in the form.
 */
export function useEditorForm<F>(initialValues: F, onClose: () => void) {
  const [initial] = useState(initialValues);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  /** Sets one field. */
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  /** Shows `found` (errors by field) and answers whether the form may be sent. */
  const check = (found: Record<string, string>) => {
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /**
   * Sends `request` (busy meanwhile) and hands its answer to `onDone`; a refusal's field errors and message show in the
   * form (`fieldErrorsOf` and `messageOf` read them: the error catalogue's by default).
   */
  async function save<R>(
    request: () => Promise<R>,
    onDone: (answer: R) => Promise<void>,
    { fieldErrorsOf = fieldErrors, messageOf = errorMessage }: RefusalReaders = {},
  ) {
    setBusy(true);
    setFailure(null);
    try {
      await onDone(await request());
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  /** A field's value, its setter and its error, to spread on the field's input. */
  const field = <K extends keyof F & string>(key: K) => ({ value: form[key], onChange: set(key), error: errors[key] });
  /** Saves an edited `row` (or a new one when null) with `request`, then says "Saved the {what}." or "Added the {what}.". */
  const saveRow = (
    row: unknown,
    what: string,
    onSaved: (text: string) => Promise<void>,
    request: () => Promise<unknown>,
  ) => save(request, () => onSaved(`${row ? 'Saved' : 'Added'} the ${what}.`));
  return { form, setForm, set, errors, setErrors, check, busy, failure, setFailure, guard, save, saveRow, field };
}

/**
 * An editor in a modal: the form (labelled `label`), Cancel (through the unsaved-changes guard) and the submit
 * button, the failure in red, and the guard's popover.
 */
export function EditorModal({
  noun,
  row,
  title = row ? `Edit ${noun}` : `Add ${noun}`,
  label,
  editor,
  submitLabel = `Save ${noun}`,
  onSubmit,
  width,
  children,
}: {
  /** What is edited ('company'): the title says 'Edit company' for a `row`, 'Add company' without; Save says 'Save company'. */
  noun?: string;
  row?: unknown;
  title?: string;
  label: string;
  editor: Pick<ReturnType<typeof useEditorForm>, 'guard' | 'busy' | 'failure'>;
  submitLabel?: string;
  onSubmit: () => void | Promise<void>;
  width?: number;
  children: ReactNode;
}) {
  const { guard, busy, failure } = editor;
  return (
    <Modal open title={title} onClose={guard.requestClose} width={width}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void onSubmit();
        }}
        aria-label={label}
        noValidate
        style={{ position: 'relative' }}
      >
        {children}
        <GuardedFormActions guard={guard} busy={busy} submitLabel={submitLabel} />
        <FormError>{failure ?? undefined}</FormError>
      </form>
    </Modal>
  );
}

/** What a `useCrudPage` page holds: the row being edited or deleted, the note, and their actions. */
export type Crud<T> = ReturnType<typeof useCrudPage<T>>;

/**
 * The admin list page with an editor, written once: heading, lead, the bar of actions (`actions` inside the page's
 * bar, or a whole `toolbar` of the page's own), the list's states and its table (each row's Edit and Delete), the
 * note, the editor (`editor`, given the row or null for an add) and the delete confirmation (`remove`: its texts and
 * the DELETE path). Each page keeps its own columns, fields, texts and rules.
 */
export function CrudListPage<E extends { id: string; name: string }, Row extends E = E>({
  title,
  lead,
  intro,
  actions,
  toolbar,
  crud,
  list,
  loadError,
  loadingLabel,
  skeletonRows,
  emptyTitle,
  empty,
  tableLabel,
  columns,
  onEdit,
  below,
  editor,
  remove,
}: {
  title: ReactNode;
  lead: ReactNode;
  /** What stands between the lead and the bar. */
  intro?: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
  crud: Crud<E>;
  list: Row[] | null;
  loadError: string | null;
  loadingLabel: string;
  skeletonRows?: number;
  emptyTitle: string;
  empty?: ReactNode;
  tableLabel: string;
  columns: readonly CrudColumn<Row>[];
  /** Opens a row's editor (default: with the row as listed). */
  onEdit?: (row: Row) => void;
  /** What follows the table (a pager). */
  below?: ReactNode;
  editor: (row: E | null) => ReactNode;
  remove: { title: string; message: (row: E) => string; path: (row: E) => string; done: (row: E) => string };
}) {
  const { deleting } = crud;
  return (
    <AdminPage>
      <h1>{title}</h1>
      <p className="kf-lead">{lead}</p>
      {intro}
      {toolbar ?? <div className="kf-bar">{actions}</div>}
      <ListStates
        list={list}
        loadError={loadError}
        loadingLabel={loadingLabel}
        rows={skeletonRows}
        emptyTitle={emptyTitle}
        empty={empty}
      >
        {(rows) => (
          <>
            <CrudTable
              label={tableLabel}
              rows={rows}
              columns={columns}
              onEdit={onEdit ?? crud.edit}
              onDelete={crud.askDelete}
            />
            {below}
          </>
        )}
      </ListStates>
      <PageNoteView note={crud.note} />
      {crud.editing ? editor(crud.editing === 'new' ? null : crud.editing) : null}
      {deleting ? (
        <DeleteConfirm
          crud={crud}
          title={remove.title}
          message={remove.message(deleting)}
          onConfirm={() => crud.remove(remove.path(deleting), remove.done(deleting))}
        />
      ) : null}
    </AdminPage>
  );
}

/** A table row's Remove cell in an editor's table of figures ('Remove', named after the row for screen readers). */
export function RemoveRowCell({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <td>
      <Button variant="link" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </td>
  );
}

/** Without the item at `at`: what an editor's table keeps when a row is removed. */
export const without = <T,>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);

/**
 * A list page's second dialog on a row (a lead magnet's permissions, a folder's new file): `open` it with the row;
 * when it saved, it closes, the page says so and reads the list again.
 */
export function useRowDialog<T>(setNote: (note: PageNote) => void, reload: () => Promise<void>) {
  const [row, setRow] = useState<T | null>(null);
  const props: EditorCallbacks = {
    onClose: () => setRow(null),
    onSaved: async (text) => {
      setRow(null);
      setNote({ ok: true, text });
      await reload();
    },
  };
  return { row, open: setRow, props };
}
