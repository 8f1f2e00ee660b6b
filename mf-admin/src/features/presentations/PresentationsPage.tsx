import {
  api,
  Button,
  errorMessage,
  FilePicker,
  FormDialog,
  FormError,
  TextInput,
  UPLOAD_ACCEPT,
  uploadFiles,
  useLoad,
  useSession,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  AdminPage,
  DeleteConfirm,
  type EditorCallbacks,
  ListStates,
  PageNoteView,
  useCrudPage,
  useRowDialog,
} from '../../components/crud';
import { useSave } from '../../components/useSave';

/** A file of a folder as the service answers it: `key` is what was stored (an upload key or an https link). */
export interface PresentationFile {
  name: string;
  url: string;
  key?: string;
}
export interface PresentationFolder {
  id: string;
  folder_name: string;
  files: PresentationFile[];
}

/** What a folder's file is saved as: the stored key (or link), never the resolved read URL. */
const stored = (f: PresentationFile) => ({ name: f.name, url: f.key ?? f.url });
/** A link must be https and end in one of the presentation types (spec §2.11: a pptx may be a link for the office viewer). */
export const LINK_PATTERN = /^https:\/\/[^\s"'<>]+\.(pdf|pptx|xlsx|doc)(\?[^\s"'<>]*)?$/i;

const Wrap = styled(AdminPage)`
  .kf-bar { align-items: center; }
`;
const Folder = styled.section`
  border: 1px solid #e3e8eb;
  border-radius: 10px;
  padding: 12px 14px;
  margin-bottom: 12px;
  background: #fff;
  h2 { margin: 0 0 8px; font-size: 1.1rem; }
  ul { margin: 0 0 8px; padding-left: 18px; }
  li { margin: 4px 0; }
  li button { margin-left: 8px; min-height: 32px; padding: 2px 10px; }
  .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
/**
 * CMS › Page walkthrough › Presentations (spec §2.11): folders of pdf, pptx, xlsx and doc files that the help widget's
 * Presentation tab shows to signed-in users. Create, rename and delete folders; add files by upload (the existing
 * upload flow: pdf, pptx, xlsx) or by an https link (a pptx link opens in the embedded office viewer).
 */
export function PresentationsPage() {
  const {
    data: folders,
    loadError,
    reload,
  } = useLoad(async (signal) => {
    const data = await api.get<PresentationFolder[] | { rows: PresentationFolder[] }>('admin/presentations', {
      signal,
    });
    return Array.isArray(data) ? data : data.rows;
  }, []);
  const crud = useCrudPage<PresentationFolder>(reload);
  const { editing: naming, deleting, setNote } = crud;
  const adding = useRowDialog<PresentationFolder>(setNote, reload);
  /** Removing a file and deleting a folder share one busy state, as the page always had. */
  const busy = crud.busy;

  const removeFile = (folder: PresentationFolder, index: number) =>
    crud.act(async () => {
      const file = folder.files[index];
      await api.patch(`admin/presentations/${folder.id}/update`, {
        files: folder.files.filter((_, i) => i !== index).map(stored),
      });
      return `Removed '${file?.name}' from '${folder.folder_name}'.`;
    }, reload);

  return (
    <Wrap>
      <h1>Presentations</h1>
      <p className="kf-lead">
        Folders of pdf, pptx, xlsx and doc files shown in the help widget's Presentation tab.{' '}
        <Link to="/admin-dashboard/page-walkthrough">Back to page walkthroughs</Link>
      </p>
      <div className="kf-bar">
        <Button onClick={crud.addKeepingNote}>Add folder</Button>
      </div>
      <ListStates
        list={folders}
        loadError={loadError}
        loadingLabel="Loading presentations"
        rows={3}
        emptyTitle="No presentations yet"
        empty="Add a folder and its files: the help widget shows a Presentation tab once there is one."
      >
        {(rows) =>
          rows.map((f) => (
            <Folder key={f.id} aria-label={f.folder_name}>
              <h2>{f.folder_name}</h2>
              {f.files.length === 0 ? (
                <p>No files in this folder yet.</p>
              ) : (
                <ul aria-label={`Files of ${f.folder_name}`}>
                  {f.files.map((file, i) => (
                    <li key={`${file.key ?? file.url}-${file.name}`}>
                      {file.name}
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() => void removeFile(f, i)}
                        aria-label={`Remove ${file.name} from ${f.folder_name}`}
                      >
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="kf-actions">
                <Button
                  variant="secondary"
                  onClick={() => adding.open(f)}
                  aria-label={`Add a file to ${f.folder_name}`}
                >
                  Add a file
                </Button>
                <Button variant="secondary" onClick={() => crud.edit(f)} aria-label={`Rename ${f.folder_name}`}>
                  Rename
                </Button>
                <Button variant="danger" onClick={() => crud.askDelete(f)} aria-label={`Delete ${f.folder_name}`}>
                  Delete
                </Button>
              </div>
            </Folder>
          ))
        }
      </ListStates>
      <PageNoteView note={crud.note} />
      {naming ? <FolderNameEditor folder={naming === 'new' ? null : naming} {...crud.editorProps} /> : null}
      {adding.row ? <AddFile folder={adding.row} {...adding.props} /> : null}
      {deleting ? (
        <DeleteConfirm
          crud={crud}
          title="Delete this folder?"
          message={`'${deleting.folder_name}' and its ${deleting.files.length} file(s) will no longer show in the help widget.`}
          onConfirm={() =>
            crud.remove(`admin/presentations/${deleting.id}`, `Deleted the folder '${deleting.folder_name}'.`)
          }
        />
      ) : null}
    </Wrap>
  );
}

function FolderNameEditor({ folder, onClose, onSaved }: { folder: PresentationFolder | null } & EditorCallbacks) {
  const [name, setName] = useState(folder?.folder_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const { busy, save } = useSave(setError);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.trim();
    if (!n) {
      setError('Enter a folder name');
      return;
    }
    setError(null);
    await save(async () => {
      if (folder) await api.patch(`admin/presentations/${folder.id}/update`, { folder_name: n });
      else await api.post('admin/presentations/create', { folder_name: n, files: [] });
      await onSaved(folder ? `Renamed the folder to '${n}'.` : `Added the folder '${n}'.`);
    });
  }

  return (
    <FormDialog
      title={folder ? 'Rename folder' : 'Add folder'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      width={480}
    >
      <TextInput label="Folder name" value={name} onChange={setName} error={error} maxLength={200} />
    </FormDialog>
  );
}

function AddFile({ folder, onClose, onSaved }: { folder: PresentationFolder } & EditorCallbacks) {
  const { user } = useSession();
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [uploaded, setUploaded] = useState<{ key: string; fileName: string } | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string; link?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { busy, save } = useSave(setFailure);

  const onFiles = async (files: File[]) => {
    if (!files.length || !user) return;
    const { accepted, error } = validateUploads(files.slice(0, 1), 'document');
    setErrors((e) => ({ ...e, file: error }));
    if (!accepted.length) return;
    setUploading(true);
    try {
      const [up] = await uploadFiles(accepted, { kind: 'document', userId: user.id });
      if (!up) setErrors((e) => ({ ...e, file: 'The file could not be uploaded. Please try again.' }));
      else {
        setUploaded({ key: up.key, fileName: accepted[0]!.name });
        setName((n) => n || accepted[0]!.name);
      }
    } catch (err) {
      setErrors((e) => ({ ...e, file: errorMessage(err) }));
    } finally {
      setUploading(false);
    }
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.trim();
    const l = link.trim();
    const next: typeof errors = {};
    if (!n) next.name = 'Enter a name';
    if (!uploaded && !l) next.file = 'Upload a file or enter a link';
    if (!uploaded && l && !LINK_PATTERN.test(l)) next.link = 'Enter an https link to a .pdf, .pptx, .xlsx or .doc file';
    setErrors(next);
    if (Object.keys(next).length) return;
    setFailure(null);
    await save(async () => {
      await api.patch(`admin/presentations/${folder.id}/update`, {
        files: [...folder.files.map(stored), { name: n, url: uploaded ? uploaded.key : l }],
      });
      await onSaved(`Added '${n}' to '${folder.folder_name}'.`);
    });
  }

  return (
    <FormDialog
      title={`Add a file to ${folder.folder_name}`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      saveDisabled={uploading}
    >
      <TextInput label="Name" value={name} onChange={setName} error={errors.name} maxLength={200} />
      <FilePicker
        label="File"
        optional
        accept={UPLOAD_ACCEPT.document}
        disabled={uploading || busy}
        error={errors.file ?? null}
        hint="A .pdf, .pptx or .xlsx file of up to 10MB."
        status={uploading ? 'Uploading…' : (uploaded?.fileName ?? 'No file chosen')}
        onFiles={(f) => void onFiles(f)}
      />
      <TextInput
        label="Or a link"
        type="url"
        optional
        value={link}
        onChange={setLink}
        error={errors.link}
        hint="An https link, e.g. to a PowerPoint file for the office viewer."
        maxLength={2000}
      />
      <FormError>{failure}</FormError>
    </FormDialog>
  );
}
