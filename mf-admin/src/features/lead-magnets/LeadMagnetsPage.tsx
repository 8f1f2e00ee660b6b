import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  DOCUMENT_EXTENSIONS,
  errorMessage,
  extensionOf,
  FilePicker,
  FormError,
  MEDIA_EXTENSIONS,
  Modal,
  Select,
  Skeleton,
  Table,
  Tag,
  TextArea,
  TextInput,
  theme,
  uploadFiles,
  useSession,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { AdminPage, DeleteConfirm, ListStates, PageNoteView, useCrudPage } from '../../components/crud';
import { useAdminList } from '../../components/RowActions';

type Magnet = auth.AdminLeadMagnet;
type Access = auth.LeadMagnetAccess;

export const ACCESS_LABELS: Record<Access, string> = {
  all: 'All advisors',
  listed: 'Only the advisors listed',
  none: 'No advisors',
};
const ACCEPT = [...DOCUMENT_EXTENSIONS, ...MEDIA_EXTENSIONS].join(',');
const WRONG_TYPE = 'Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets.';

const Wrap = styled(AdminPage)`
  .kf-file { color: ${theme.colors.muted}; font-size: 14px; }
`;
const Checks = styled.fieldset`
  border: 1px solid #e3e8eb;
  border-radius: 8px;
  margin: 8px 0 0;
  padding: 8px 12px;
  max-height: 260px;
  overflow: auto;
  legend { font-weight: 600; padding: 0 4px; }
  label { display: flex; gap: 8px; align-items: center; padding: 4px 0; cursor: pointer; }
  input { width: 18px; height: 18px; }
`;

/** Upload one lead-magnet file through the existing upload flow (documents and images). */
async function uploadOne(file: File, userId: string): Promise<{ key: string; fileName: string } | { error: string }> {
  const ext = extensionOf(file.name);
  const kind = (MEDIA_EXTENSIONS as readonly string[]).includes(ext)
    ? 'media'
    : (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)
      ? 'document'
      : null;
  if (!kind) return { error: WRONG_TYPE };
  const { accepted, error } = validateUploads([file], kind);
  if (!accepted.length) return { error: error ?? WRONG_TYPE };
  const [up] = await uploadFiles(accepted, { kind, userId });
  return up ? { key: up.key, fileName: file.name } : { error: 'The file could not be uploaded. Please try again.' };
}

/**
 * CMS › Lead magnet (spec §2.4, §7 admin/advisor-magnet-files, admin/permissions): the files offered to advisors for
 * their public pages. Upload, edit, publish, delete, and per lead magnet who may use it: all advisors, only the ones
 * listed (the permission `lm:<id>`), or none.
 */
export function LeadMagnetsPage() {
  const { list, loadError, reload } = useAdminList<Magnet>('admin/advisor-magnet-files', {}, []);
  const crud = useCrudPage<Magnet>(reload);
  const { deleting, setNote } = crud;
  const [permission, setPermission] = useState<Magnet | null>(null);
  const [toggling, setToggling] = useState(false);
  /** Publishing and deleting share one busy state, as the page always had. */
  const busy = toggling || crud.deleteBusy;

  async function togglePublished(m: Magnet) {
    setToggling(true);
    setNote(null);
    try {
      await api.patch(`admin/advisor-magnet-files/${m.id}`, { published: !m.published });
      setNote({ ok: true, text: m.published ? `'${m.title}' is unpublished.` : `'${m.title}' is published.` });
      await reload();
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      setToggling(false);
    }
  }

  return (
    <Wrap>
      <h1>Lead magnets</h1>
      <p className="kf-lead">
        Files advisors may offer on their public page. Visitors download one after leaving their name and e-mail.
      </p>
      <div className="kf-bar">
        <Button onClick={crud.addKeepingNote}>Upload lead magnet</Button>
      </div>
      <ListStates
        list={list}
        loadError={loadError}
        loadingLabel="Loading lead magnets"
        rows={3}
        emptyTitle="No lead magnets yet"
        empty="Upload a guide or checklist advisors can offer their visitors."
      >
        {(rows) => (
          <Table label="Lead magnets">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Who may use it</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.title}
                    {m.description ? <div className="kf-file">{m.description}</div> : null}
                  </td>
                  <td className="kf-file">{m.file_name}</td>
                  <td>{m.published ? <Tag tone="green">Published</Tag> : <Tag>Draft</Tag>}</td>
                  <td>
                    {ACCESS_LABELS[m.access]}
                    {m.access === 'listed' ? ` (${m.advisor_ids.length})` : ''}
                  </td>
                  <td>
                    <div className="kf-actions">
                      <Button variant="secondary" onClick={() => crud.edit(m)} aria-label={`Edit ${m.title}`}>
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() => void togglePublished(m)}
                        aria-label={`${m.published ? 'Unpublish' : 'Publish'} ${m.title}`}
                      >
                        {m.published ? 'Unpublish' : 'Publish'}
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => setPermission(m)}
                        aria-label={`Permission of ${m.title}`}
                      >
                        Permission
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
      </ListStates>
      <PageNoteView note={crud.note} />
      {crud.editing ? (
        <MagnetEditor
          magnet={crud.editing === 'new' ? null : crud.editing}
          onClose={crud.closeEditor}
          onSaved={crud.saved}
        />
      ) : null}
      {permission ? (
        <PermissionEditor
          magnet={permission}
          onClose={() => setPermission(null)}
          onSaved={async (text) => {
            setPermission(null);
            setNote({ ok: true, text });
            await reload();
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirm
          crud={{ ...crud, deleteBusy: busy }}
          title="Delete this lead magnet?"
          message={`'${deleting.title}' will be removed from every advisor's public page.`}
          onConfirm={() => crud.remove(`admin/advisor-magnet-files/${deleting.id}`, `Deleted '${deleting.title}'.`)}
        />
      ) : null}
    </Wrap>
  );
}

function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of (err as { errors?: Array<Record<string, string[]>> }).errors ?? [])
    for (const [k, v] of Object.entries(entry)) if (v[0]) out[k] = v[0];
  return out;
}

function MagnetEditor({
  magnet,
  onClose,
  onSaved,
}: {
  magnet: Magnet | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const { user } = useSession();
  const formId = useId();
  const [title, setTitle] = useState(magnet?.title ?? '');
  const [description, setDescription] = useState(magnet?.description ?? '');
  const [published, setPublished] = useState(magnet?.published ?? false);
  const [file, setFile] = useState<{ key: string; fileName: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const onFiles = async (files: File[]) => {
    const f = files[0];
    if (!f || !user) return;
    setUploading(true);
    setErrors(({ file_key: _, ...rest }) => rest);
    try {
      const up = await uploadOne(f, user.id);
      if ('error' in up) setErrors((e) => ({ ...e, file_key: up.error }));
      else setFile(up);
    } catch (err) {
      setErrors((e) => ({ ...e, file_key: errorMessage(err) }));
    } finally {
      setUploading(false);
    }
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = title.trim();
    const next: Record<string, string> = {};
    if (!t) next.title = 'Enter title';
    if (!magnet && !file) next.file_key = 'Upload a file';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure(null);
    const body = {
      title: t,
      description: description.trim(),
      published,
      ...(file ? { file_key: file.key, file_name: file.fileName } : {}),
    };
    try {
      if (magnet) await api.patch(`admin/advisor-magnet-files/${magnet.id}`, body);
      else await api.post('admin/advisor-magnet-files', body);
      await onSaved(magnet ? `Saved '${t}'.` : `Added '${t}'.`);
    } catch (err) {
      const byField = fieldErrors(err);
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={magnet ? 'Edit lead magnet' : 'Upload lead magnet'}
      onClose={onClose}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={uploading}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <TextInput label="Title" value={title} onChange={setTitle} error={errors.title} maxLength={120} />
        <TextArea
          label="Description"
          optional
          value={description}
          onChange={setDescription}
          error={errors.description}
          maxLength={1000}
        />
        <FilePicker
          label="File"
          accept={ACCEPT}
          disabled={uploading || busy}
          error={errors.file_key ?? null}
          hint="A .pdf, .pptx, .xlsx or image file of up to 10MB."
          status={uploading ? 'Uploading…' : (file?.fileName ?? magnet?.file_name ?? 'No file chosen')}
          onFiles={(f) => void onFiles(f)}
        />
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12, fontWeight: 600 }}>
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
          Published (advisors with permission can use it)
        </label>
        <FormError>{failure}</FormError>
      </form>
    </Modal>
  );
}

function PermissionEditor({
  magnet,
  onClose,
  onSaved,
}: {
  magnet: Magnet;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [access, setAccess] = useState<Access>(magnet.access);
  const [chosen, setChosen] = useState<Set<string>>(new Set(magnet.advisor_ids));
  const [advisors, setAdvisors] = useState<auth.User[] | null>(null);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (access !== 'listed' || advisors) return;
    const ctrl = new AbortController();
    api
      .post<{ rows: auth.User[] }>(
        'admin/get-filtered-users',
        { status: 'active', type: 'advisor', page: 1, page_size: 200 },
        { signal: ctrl.signal },
      )
      .then(
        (p) => !ctrl.signal.aborted && setAdvisors(p.rows),
        (err) => !ctrl.signal.aborted && setFailure(errorMessage(err)),
      );
    return () => ctrl.abort();
  }, [access, advisors]);

  const shown = (advisors ?? []).filter((a) =>
    `${a.name} ${a.email}`.toLowerCase().includes(search.trim().toLowerCase()),
  );

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      await api.patch(`admin/advisor-magnet-files/${magnet.id}`, {
        access,
        ...(access === 'listed' ? { advisor_ids: [...chosen] } : {}),
      });
      await onSaved(`Saved who may use '${magnet.title}'.`);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Permission: ${magnet.title}`}
      onClose={onClose}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <Select
        label="Who may use this lead magnet"
        value={access}
        onChange={(v) => setAccess(v as Access)}
        options={(Object.keys(ACCESS_LABELS) as Access[]).map((k) => ({ value: k, label: ACCESS_LABELS[k] }))}
      />
      {access === 'listed' ? (
        advisors === null ? (
          <Skeleton rows={2} label="Loading advisors" />
        ) : (
          <>
            <TextInput label="Find advisor" type="search" optional value={search} onChange={setSearch} />
            <Checks>
              <legend>Advisors ({chosen.size} chosen)</legend>
              {shown.length === 0 ? <p>No advisors match.</p> : null}
              {shown.map((a) => (
                <label key={a.id}>
                  <input
                    type="checkbox"
                    checked={chosen.has(a.id)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(a.id);
                      else next.delete(a.id);
                      setChosen(next);
                    }}
                  />
                  {a.name} ({a.email})
                </label>
              ))}
            </Checks>
          </>
        )
      ) : null}
      <FormError>{failure}</FormError>
    </Modal>
  );
}
