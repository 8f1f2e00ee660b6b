import {
  api,
  errorMessage,
  FilePicker,
  TableHead,
  UPLOAD_ACCEPT,
  uploadFiles,
  useSession,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useSave } from '../../components/useSave';
import { PresentationsLink } from '../../features/presentations/PresentationsLink';
import { HtmlEditor } from '../shared/HtmlEditor';
import { ConfirmDelete, DataTable, ErrorLine, PageFrame, PlainButton, useCmsList } from '../shared/ui';

export interface WalkthroughRow {
  id: string;
  title: string;
  description: string;
  link: string;
  page_meta: { data: string[]; folder_name: string };
  uploaded_files: { files: string[] };
}
export type WalkthroughInput = Omit<WalkthroughRow, 'id'>;

const empty = (): WalkthroughInput => ({
  title: '',
  description: '',
  link: '',
  page_meta: { data: [], folder_name: '' },
  uploaded_files: { files: [] },
});

/** Page values are typed comma-separated ('advisor, customers'); each must be contained in the page's path. */
export function parsePageValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: 1000px;
  border: 1px solid #e3e8eb;
  border-radius: 10px;
  padding: 12px;
  background: #fff;
  margin-bottom: 16px;
  .field { display: flex; flex-direction: column; gap: 4px; }
  .hint { font-size: 12px; color: #4f5d5d; }
`;

function WalkthroughForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: WalkthroughInput;
  onSave: (v: WalkthroughInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { user } = useSession();
  const [v, setV] = useState<WalkthroughInput>(initial);
  const [values, setValues] = useState(initial.page_meta.data.join(', '));
  const [error, setError] = useState<string | null>(null);
  const { busy, save } = useSave(setError);
  const [uploading, setUploading] = useState(false);
  const ids = { title: useId(), link: useId(), values: useId(), folder: useId() };

  const onFiles = async (files: File[]) => {
    if (!files.length || !user) return;
    const { accepted, error: tooBig } = validateUploads(files, 'document');
    setError(tooBig ?? null);
    if (!accepted.length) return;
    setUploading(true);
    try {
      const up = await uploadFiles(accepted, { kind: 'document', userId: user.id });
      setV((x) => ({ ...x, uploaded_files: { files: [...x.uploaded_files.files, ...up.map((u) => u.key)] } }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // only the walkthrough's own fields: the row being edited also carries id and timestamps, which the API
    // refuses as unknown keys (issue 30 item 6)
    await save(() =>
      onSave({
        title: v.title.trim(),
        description: v.description,
        link: v.link.trim(),
        page_meta: { folder_name: v.page_meta.folder_name, data: parsePageValues(values) },
        uploaded_files: { files: v.uploaded_files.files },
      }),
    );
  };

  return (
    <Form onSubmit={(e) => void submit(e)} aria-label="Walkthrough">
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor={ids.link}>Media link (Optional)</label>
        <input
          id={ids.link}
          type="url"
          value={v.link}
          onChange={(e) => setV({ ...v, link: e.target.value })}
          placeholder="https://www.loom.com/share/…"
        />
      </div>
      <div className="field">
        <label htmlFor={ids.values}>Page values</label>
        <input
          id={ids.values}
          value={values}
          onChange={(e) => setValues(e.target.value)}
          aria-describedby={`${ids.values}-hint`}
        />
        <span className="hint" id={`${ids.values}-hint`}>
          Comma-separated; the walkthrough shows on pages whose path contains every value (e.g. advisor, customers).
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.folder}>Folder name (Optional)</label>
        <input
          id={ids.folder}
          value={v.page_meta.folder_name}
          onChange={(e) => setV({ ...v, page_meta: { ...v.page_meta, folder_name: e.target.value } })}
        />
      </div>
      <HtmlEditor
        label="Description (HTML)"
        value={v.description}
        onChange={(description) => setV({ ...v, description })}
      />
      <div className="field">
        <FilePicker
          label="Files (pptx, pdf, xlsx)"
          optional
          accept={UPLOAD_ACCEPT.document}
          multiple
          disabled={uploading}
          status={
            uploading
              ? 'Uploading…'
              : `${v.uploaded_files.files.length || 'No'} ${v.uploaded_files.files.length === 1 ? 'file' : 'files'} added`
          }
          onFiles={(files) => void onFiles(files)}
        />
        {v.uploaded_files.files.length > 0 && (
          <ul aria-label="Uploaded files">
            {v.uploaded_files.files.map((f) => (
              <li key={f}>
                {f.split('/').pop()}{' '}
                <button
                  type="button"
                  aria-label={`Remove ${f.split('/').pop()}`}
                  onClick={() =>
                    setV((x) => ({ ...x, uploaded_files: { files: x.uploaded_files.files.filter((g) => g !== f) } }))
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorLine text={error} />
      <div style={{ display: 'flex', gap: 6 }}>
        <PlainButton type="submit" $primary disabled={busy || uploading}>
          Save
        </PlainButton>
        <PlainButton type="button" onClick={onCancel}>
          Cancel
        </PlainButton>
      </div>
    </Form>
  );
}

/** CMS → Page walkthroughs: list, create, edit, delete. */
export function PageWalkthroughPage() {
  const { rows, error, setError, load } = useCmsList<WalkthroughRow>('admin/page-walkthrough');
  const [editing, setEditing] = useState<WalkthroughRow | 'new' | null>(null);

  return (
    <PageFrame>
      <h1>Page walkthroughs</h1>
      <ErrorLine text={error} />
      {editing ? (
        <WalkthroughForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? empty() : editing}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            if (editing === 'new') await api.post('admin/page-walkthrough/create', v);
            else await api.patch(`admin/page-walkthrough/${editing.id}/update`, v);
            setEditing(null);
            setError(null);
            await load();
          }}
        />
      ) : (
        <div className="toolbar">
          <PlainButton type="button" $primary onClick={() => setEditing('new')}>
            Add walkthrough
          </PlainButton>
          <PresentationsLink />
        </div>
      )}
      {rows === null ? (
        <p aria-busy="true">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No walkthroughs yet.</p>
      ) : (
        <DataTable label="Page walkthroughs">
          <TableHead columns={['Title', 'Page values', 'Link', 'Files', 'Actions']} />
          <tbody>
            {rows.map((w) => (
              <tr key={w.id}>
                <td>{w.title}</td>
                <td>{w.page_meta.data.join(', ')}</td>
                <td className="clip">
                  {w.link && (
                    <a href={w.link} target="_blank" rel="noopener noreferrer">
                      {w.link}
                    </a>
                  )}
                </td>
                <td>{w.uploaded_files.files.length}</td>
                <td style={{ display: 'flex', gap: 6 }}>
                  <PlainButton type="button" aria-label={`Edit ${w.title}`} onClick={() => setEditing(w)}>
                    Edit
                  </PlainButton>
                  <ConfirmDelete
                    label={w.title}
                    onConfirm={async () => {
                      try {
                        await api.del(`admin/page-walkthrough/${w.id}`);
                      } catch (err) {
                        setError(errorMessage(err));
                      }
                      await load();
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </PageFrame>
  );
}
