import { type DraftAttachment, PlainButton, REPLY_ACCEPT, truncateName } from '@kinfolio/support-ui';
import {
  api,
  errorMessage,
  FilePicker,
  filterTextInput,
  SUPPORT_TEXT_MAX_LENGTH,
  uploadFiles,
  useSession,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { conversationHref } from './TicketList';

export const QUERY_TYPES = ['General enquiry', 'Others'] as const;

const Form = styled.form`
  max-width: 640px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
  textarea, select { font: inherit; padding: 8px; border: 1px solid #c9d3d8; border-radius: 8px; font-weight: 400; }
  textarea { min-height: 120px; }
  .error { color: #c0392b; margin: 0; }
  .actions { display: flex; gap: 8px; }
  ul { margin: 0; padding-left: 18px; }
`;

/** Only same-site paths are followed back (never '//host' or 'https://…'). */
export function safeBackPath(as: string | null): string {
  return as?.startsWith('/') && !as.startsWith('//') && !as.startsWith('/\\') ? as : '/support';
}

/** /support/raise-ticket?as={path}: query, query type (default 'General enquiry') and attachments. */
export function RaiseTicket() {
  const [params] = useSearchParams();
  const back = safeBackPath(params.get('as'));
  const navigate = useNavigate();
  const { user } = useSession();
  const [query, setQuery] = useState('');
  const [queryType, setQueryType] = useState<string>(QUERY_TYPES[0]);
  const [attachments, setAttachments] = useState<DraftAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (files: File[]) => {
    if (!files.length || !user) return;
    const { accepted, error: tooBig } = validateUploads(files, 'media');
    setError(tooBig ?? null);
    if (!accepted.length) return;
    setUploading(true);
    try {
      const up = await uploadFiles(accepted, { kind: 'media', userId: user.id });
      setAttachments((a) => [...a, ...up.map((u) => ({ media: u.key, mimetype: u.mimetype, fileName: u.fileName }))]);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!query.trim()) {
      setError('Enter your query');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const ticket = await api.post<{ id: string }>('user/query-ticket', {
        query: query.trim(),
        query_type: queryType,
        attachments,
      });
      navigate(conversationHref(ticket.id));
    } catch (err) {
      setError(errorMessage(err));
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} aria-label="Raise a ticket" noValidate>
      <h1>Raise a ticket</h1>
      <label>
        Query type
        <select value={queryType} onChange={(e) => setQueryType(e.target.value)}>
          {QUERY_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Query
        <textarea
          value={query}
          onChange={(e) => {
            // Spec §5 text rule, as the server applies it: a forbidden character or emoji is not taken.
            const next = filterTextInput(e.target.value, SUPPORT_TEXT_MAX_LENGTH);
            if (next !== null) setQuery(next);
          }}
          placeholder="Enter query"
          maxLength={SUPPORT_TEXT_MAX_LENGTH}
        />
      </label>
      <FilePicker
        label="Attachments"
        optional
        accept={REPLY_ACCEPT}
        multiple
        disabled={uploading}
        status={
          uploading
            ? 'Uploading…'
            : attachments.length
              ? `${attachments.length} ${attachments.length === 1 ? 'file' : 'files'} attached`
              : undefined
        }
        onFiles={(files) => void onPick(files)}
      />
      {attachments.length > 0 && (
        <ul aria-label="Attachments">
          {attachments.map((a, i) => (
            <li key={a.media} title={a.fileName}>
              {truncateName(a.fileName)}{' '}
              <button
                type="button"
                aria-label={`Remove ${a.fileName}`}
                onClick={() => setAttachments((all) => all.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <PlainButton type="button" onClick={() => navigate(back)}>
          Cancel
        </PlainButton>
        <PlainButton type="submit" $primary disabled={saving || uploading}>
          {saving ? 'Submitting…' : 'Submit'}
        </PlainButton>
      </div>
    </Form>
  );
}
