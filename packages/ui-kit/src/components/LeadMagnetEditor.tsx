import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage, fieldErrors } from '../api';
import { DOCUMENT_EXTENSIONS, extensionOf, MEDIA_EXTENSIONS, uploadFiles, validateUploads } from '../uploads';
import { FilePicker } from './FilePicker';
import { FormError, TextArea, TextInput } from './inputs';
import { FormDialog } from './Modal';

/** What a lead magnet may be: the upload flow's documents (pdf, pptx, xlsx) and images. */
export const LEAD_MAGNET_ACCEPT = [...DOCUMENT_EXTENSIONS, ...MEDIA_EXTENSIONS].join(',');
export const LEAD_MAGNET_WRONG_TYPE = 'Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets.';

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

/** What the editor stores: the file only when a new one was uploaded. */
export interface LeadMagnetDraft {
  title: string;
  description: string;
  file_key?: string;
  file_name?: string;
}

export interface LeadMagnetEditorProps {
  /** The lead magnet edited, or null to upload a new one (a file is then required). */
  magnet: { title: string; description?: string | null; file_name?: string | null } | null;
  /** The signed-in user's id (the upload flow names media files by it); no upload without one. */
  userId: string | undefined;
  onClose: () => void;
  /** Stores the draft (the caller's create or update call); a refusal's field errors show by their fields. */
  save: (draft: LeadMagnetDraft) => Promise<unknown>;
  /** After a save: the confirmation's text ("Added 'title'." / "Saved 'title'."). */
  onSaved: (text: string) => Promise<void>;
  /** Fields of the caller's own below the file (the admin's Published box). */
  children?: ReactNode;
}

const FIELDS = ['title', 'description', 'file_key'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The lead magnet upload and edit dialog, one for the admin's CMS and the advisor's expert positioning: title,
 * description, the file (uploaded when picked; Save waits for it), and the caller's own fields.
 */
export function LeadMagnetEditor({ magnet, userId, onClose, save, onSaved, children }: LeadMagnetEditorProps) {
  const [title, setTitle] = useState(magnet?.title ?? '');
  const [description, setDescription] = useState(magnet?.description ?? '');
  const [file, setFile] = useState<{ key: string; fileName: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const onFiles = async (files: File[]) => {
    const f = files[0];
    if (!f || !userId) return;
    setUploading(true);
    setErrors((e) => ({ ...e, file_key: undefined }));
    try {
      const up = await uploadLeadMagnetFile(f, userId);
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
    try {
      await save({
        title: t,
        description: description.trim(),
        ...(file ? { file_key: file.key, file_name: file.fileName } : {}),
      });
      await onSaved(magnet ? `Saved '${t}'.` : `Added '${t}'.`);
    } catch (err) {
      // the fields this dialog shows take their own errors; anything else is said under the form
      const all = fieldErrors(err);
      const byField: typeof errors = {};
      for (const k of FIELDS) if (all[k]) byField[k] = all[k];
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={magnet ? 'Edit lead magnet' : 'Upload lead magnet'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      saveDisabled={uploading}
    >
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
      {children}
      <FormError>{failure}</FormError>
    </FormDialog>
  );
}
