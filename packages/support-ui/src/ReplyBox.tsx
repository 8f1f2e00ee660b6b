import {
  errorMessage,
  FilePicker,
  filterTextInput,
  SUPPORT_TEXT_MAX_LENGTH,
  uploadFiles,
  validateUploads,
} from '@kinfolio/ui-kit';
import { type KeyboardEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { truncateName } from './format';
import { PlainButton, VisuallyHidden } from './styles';
import type { Draft, DraftAttachment } from './types';

/** Spec §5: the reply picker takes .jpg, .jpeg, .png, .webp and any video, several at once. */
export const REPLY_ACCEPT = '.jpg,.jpeg,.png,.webp,video/*';
export const CLOSED_TEXT = 'You cannot reply to this conversation anymore';

export const emptyDraft = (): Draft => ({ reply: '', attachments: [] });

export function canSend(draft: Draft): boolean {
  return draft.reply.trim().length > 0 || draft.attachments.length > 0;
}

interface Props {
  closed: boolean;
  userId: string;
  /** Sends the draft; resolves on success, rejects on failure (the draft is then kept, spec §8). */
  onSend: (draft: Draft) => Promise<void>;
  label?: string;
}

const Box = styled.form`
  border-top: 1px solid #e3e8eb;
  padding: 10px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  textarea {
    width: 100%;
    min-height: 60px;
    resize: vertical;
    box-sizing: border-box;
    border: 1px solid #c9d3d8;
    border-radius: 8px;
    padding: 8px;
    font: inherit;
  }
`;
const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
`;
const Chip = styled.li`
  display: inline-flex;
  gap: 4px;
  align-items: center;
  background: #eef1f3;
  border-radius: 12px;
  padding: 2px 8px;
  font-size: 12px;
  button { border: 0; background: transparent; cursor: pointer; font-size: 14px; line-height: 1; }
`;
const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
`;
const Refusal = styled.p`
  margin: 0;
  padding: 14px;
  border-top: 1px solid #e3e8eb;
  color: #4f5d5d;
  text-align: center;
`;
const ErrorText = styled.p`
  margin: 0;
  color: #c0392b;
  font-size: 13px;
`;

/** Reply box of spec §2.10/§4/§5: text, attachments (uploaded when picked), Enter sends, Shift+Enter new line. */
export function ReplyBox({ closed, userId, onSend, label = 'Type your message' }: Props) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const textId = useId();

  if (closed) return <Refusal role="status">{CLOSED_TEXT}</Refusal>;

  const sendable = canSend(draft) && !sending && !uploading;

  const send = async () => {
    if (!sendable) return;
    setSending(true);
    try {
      await onSend({ reply: draft.reply.trim(), attachments: draft.attachments });
      setDraft(emptyDraft());
    } catch {
      // Spec §8: on failure only the sending state clears; no message; the draft is kept.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onPick = async (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, error } = validateUploads(files, 'media');
    setUploadError(error ?? null);
    if (accepted.length === 0) return;
    setUploading(true);
    try {
      const uploaded = await uploadFiles(accepted, { kind: 'media', userId });
      const added: DraftAttachment[] = uploaded.map((u) => ({
        media: u.key,
        mimetype: u.mimetype,
        fileName: u.fileName,
      }));
      setDraft((d) => ({ ...d, attachments: [...d.attachments, ...added] }));
    } catch (err) {
      // Failed uploads return nothing and the upload flag clears (spec §8).
      setUploadError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const remove = (index: number) =>
    setDraft((d) => ({ ...d, attachments: d.attachments.filter((_, i) => i !== index) }));

  return (
    <Box
      aria-label="Reply"
      aria-busy={sending || uploading}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <VisuallyHidden as="label" htmlFor={textId}>
        {label}
      </VisuallyHidden>
      <textarea
        id={textId}
        placeholder={label}
        value={draft.reply}
        onChange={(e) => {
          // Spec §5 text rule, as the server applies it: a forbidden character or emoji is not taken.
          const reply = filterTextInput(e.target.value, SUPPORT_TEXT_MAX_LENGTH);
          if (reply !== null) setDraft((d) => ({ ...d, reply }));
        }}
        onKeyDown={onKeyDown}
      />
      {draft.attachments.length > 0 && (
        <Chips aria-label="Attachments">
          {draft.attachments.map((a, i) => (
            <Chip key={a.media} title={a.fileName}>
              <span>{truncateName(a.fileName)}</span>
              <button type="button" aria-label={`Remove ${a.fileName}`} onClick={() => remove(i)}>
                ×
              </button>
            </Chip>
          ))}
        </Chips>
      )}
      {uploadError && <ErrorText role="alert">{uploadError}</ErrorText>}
      <Row>
        <FilePicker
          compact
          label="Attach files"
          buttonLabel={uploading ? 'Uploading…' : 'Attach'}
          accept={REPLY_ACCEPT}
          multiple
          disabled={uploading}
          status=""
          data-testid="reply-file-input"
          onFiles={(files) => void onPick(files)}
        />
        <span style={{ flex: 1 }} />
        <PlainButton type="submit" $primary disabled={!sendable} aria-label="Send">
          {sending ? 'Sending…' : 'Send'}
        </PlainButton>
      </Row>
    </Box>
  );
}
