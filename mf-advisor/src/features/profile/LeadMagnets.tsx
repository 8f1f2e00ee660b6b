import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  ConfirmDialog,
  DOCUMENT_EXTENSIONS,
  errorMessage,
  extensionOf,
  FilePicker,
  FormError,
  MEDIA_EXTENSIONS,
  Modal,
  ResultMessage,
  Select,
  TextArea,
  TextInput,
  theme,
  uploadFiles,
  useSession,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Bone, Card } from '../../components/ui';

type Mine = auth.AdvisorLeadMagnet;
type Available = auth.AvailableLeadMagnet;

/** What a lead magnet may be: the upload flow's documents (pdf, pptx, xlsx) and images. */
export const LEAD_MAGNET_ACCEPT = [...DOCUMENT_EXTENSIONS, ...MEDIA_EXTENSIONS].join(',');
export const LEAD_MAGNET_WRONG_TYPE = 'Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets.';

const List = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li { border: 1px solid #e3eaea; border-radius: ${theme.radius}; padding: 12px 14px; margin-bottom: 10px; }
  h3 { margin: 0 0 4px; font-size: 1rem; }
  p { margin: 0 0 4px; }
  .kf-file { color: ${theme.colors.muted}; font-size: 14px; }
  .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; align-items: center; }
  .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  cursor: pointer;
  input { width: 20px; height: 20px; accent-color: ${theme.colors.primaryDark}; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  margin-top: 8px;
`;

/** Upload one lead-magnet file through the existing upload flow: its key, or an error to show. */
export async function uploadLeadMagnetFile(
  file: File,
  userId: string,
): Promise<{ key: string; fileName: string } | { error: string }> {
  const ext = extensionOf(file.name);
  const kind = (MEDIA_EXTENSIONS as readonly string[]).includes(ext)
    ? 'media'
    : (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)
      ? 'document'
      : null;
  if (!kind) return { error: LEAD_MAGNET_WRONG_TYPE };
  const { accepted, error } = validateUploads([file], kind);
  if (!accepted.length) return { error: error ?? LEAD_MAGNET_WRONG_TYPE };
  const [up] = await uploadFiles(accepted, { kind, userId });
  if (!up) return { error: 'The file could not be uploaded. Please try again.' };
  return { key: up.key, fileName: file.name };
}

/**
 * Expert positioning › Lead magnets (issue 15): the files the advisor offers on their public page — their own uploads
 * or admin ones they were permitted to use — each with "Show on my public page". Visitors download one after leaving
 * name and e-mail, and become the advisor's leads.
 */
/** What the public page shows of the advisor's lead magnets (the ones marked "show on my page"). */
export type ShownLeadMagnet = Pick<auth.AdvisorLeadMagnet, 'id' | 'title' | 'description'>;

export function LeadMagnetsCard({ onShown }: { onShown?: (shown: ShownLeadMagnet[]) => void } = {}) {
  const ids = useId();
  const [data, setData] = useState<auth.AdvisorLeadMagnets | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Mine | null>(null);
  const [deleting, setDeleting] = useState<Mine | null>(null);
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const d = await api.get<auth.AdvisorLeadMagnets>('advisor-magnet-files', { signal });
      if (!signal?.aborted) {
        setData(d);
        setLoadError(null);
      }
    } catch (err) {
      if (!signal?.aborted) setLoadError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);
  // the live preview of the public page follows what is shown
  useEffect(() => {
    if (data)
      onShown?.(
        data.mine.filter((m) => m.show_on_page).map((m) => ({ id: m.id, title: m.title, description: m.description })),
      );
  }, [data, onShown]);

  const act = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    setNote(null);
    try {
      await fn();
      await load();
      setNote({ ok: true, text: ok });
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const offered = new Set((data?.mine ?? []).map((m) => m.lead_magnet_id).filter(Boolean));
  const choices: Available[] = (data?.available ?? []).filter((a) => !offered.has(a.id));

  return (
    <Card aria-labelledby={`${ids}-lm`}>
      <h2 id={`${ids}-lm`}>Lead magnets</h2>
      <p>Files visitors of your public page download after leaving their name and e-mail: each becomes a lead.</p>
      {loadError ? (
        <ResultMessage type="error">{loadError}</ResultMessage>
      ) : data === null ? (
        <Bone $h="60px" aria-label="Loading lead magnets" />
      ) : (
        <>
          {data.mine.length === 0 ? (
            <p>No lead magnets yet. Upload a guide or checklist, or choose one your platform offers.</p>
          ) : (
            <List aria-label="Your lead magnets">
              {data.mine.map((m) => (
                <li key={m.id}>
                  <h3>{m.title}</h3>
                  {m.description ? <p>{m.description}</p> : null}
                  <p className="kf-file">
                    {m.file_name}
                    {m.source === 'admin' ? ' · offered by the platform' : ''}
                  </p>
                  <div className="kf-actions">
                    <Toggle>
                      <input
                        type="checkbox"
                        checked={m.show_on_page}
                        disabled={busy}
                        onChange={(e) => {
                          const show = e.target.checked;
                          void act(
                            () => api.patch(`advisor-magnet-files/${m.id}`, { show_on_page: show }),
                            show
                              ? `'${m.title}' shows on your public page.`
                              : `'${m.title}' is hidden from your public page.`,
                          );
                        }}
                      />
                      Show on my public page
                    </Toggle>
                    {m.source === 'own' ? (
                      <Button variant="secondary" onClick={() => setEditing(m)} aria-label={`Edit ${m.title}`}>
                        Edit
                      </Button>
                    ) : null}
                    <Button variant="danger" onClick={() => setDeleting(m)} aria-label={`Remove ${m.title}`}>
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </List>
          )}
          <Button onClick={() => setAdding(true)}>Upload lead magnet</Button>
          {choices.length ? (
            <Row>
              <Select
                label="Lead magnets offered by the platform"
                value={pick}
                onChange={setPick}
                placeholder="Choose a lead magnet"
                options={choices.map((c) => ({ value: c.id, label: c.title }))}
              />
              <Button
                variant="secondary"
                disabled={!pick || busy}
                onClick={() => {
                  const chosen = choices.find((c) => c.id === pick);
                  void act(
                    () => api.post('advisor-magnet-files', { lead_magnet_id: pick, show_on_page: true }),
                    `Added '${chosen?.title ?? 'the lead magnet'}'.`,
                  ).then(() => setPick(''));
                }}
              >
                Use this lead magnet
              </Button>
            </Row>
          ) : null}
        </>
      )}
      {note ? <ResultMessage type={note.ok ? 'success' : 'error'}>{note.text}</ResultMessage> : null}
      {adding || editing ? (
        <LeadMagnetEditor
          magnet={editing}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={async (text) => {
            setAdding(false);
            setEditing(null);
            await load();
            setNote({ ok: true, text });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Remove this lead magnet?"
        message={deleting ? `'${deleting.title}' will no longer show on your public page.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const m = deleting;
          setDeleting(null);
          if (m) void act(() => api.del(`advisor-magnet-files/${m.id}`), `Removed '${m.title}'.`);
        }}
      />
    </Card>
  );
}

function LeadMagnetEditor({
  magnet,
  onClose,
  onSaved,
}: {
  magnet: Mine | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const { user } = useSession();
  const [title, setTitle] = useState(magnet?.title ?? '');
  const [description, setDescription] = useState(magnet?.description ?? '');
  const [file, setFile] = useState<{ key: string; fileName: string } | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file_key?: string; description?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const onFiles = async (files: File[]) => {
    const f = files[0];
    if (!f || !user) return;
    setUploading(true);
    setErrors((e) => ({ ...e, file_key: undefined }));
    try {
      const up = await uploadLeadMagnetFile(f, user.id);
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
    const next: typeof errors = {};
    if (!t) next.title = 'Enter title';
    if (!magnet && !file) next.file_key = 'Upload a file';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure(null);
    const body = {
      title: t,
      description: description.trim(),
      ...(file ? { file_key: file.key, file_name: file.fileName } : {}),
    };
    try {
      if (magnet) await api.patch(`advisor-magnet-files/${magnet.id}`, body);
      else await api.post('advisor-magnet-files', { ...body, show_on_page: true });
      await onSaved(magnet ? `Saved '${t}'.` : `Added '${t}'.`);
    } catch (err) {
      const byField: typeof errors = {};
      for (const entry of (err as { errors?: Array<Record<string, string[]>> }).errors ?? [])
        for (const [k, v] of Object.entries(entry))
          if (k === 'title' || k === 'file_key' || k === 'description') byField[k] = v[0];
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
          <Button type="submit" form="kf-lead-magnet-form" loading={busy} disabled={uploading}>
            Save
          </Button>
        </>
      }
    >
      <form id="kf-lead-magnet-form" onSubmit={(e) => void submit(e)} noValidate>
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
          accept={LEAD_MAGNET_ACCEPT}
          disabled={uploading || busy}
          error={errors.file_key ?? null}
          hint="A .pdf, .pptx, .xlsx or image file of up to 10MB."
          status={uploading ? 'Uploading…' : (file?.fileName ?? magnet?.file_name ?? 'No file chosen')}
          onFiles={(f) => void onFiles(f)}
        />
        <FormError>{failure}</FormError>
      </form>
    </Modal>
  );
}
