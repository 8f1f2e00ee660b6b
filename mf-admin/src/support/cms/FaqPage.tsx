import { sanitizeHtml } from '@kinfolio/support-ui';
import { api } from '@kinfolio/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useSave } from '../../components/useSave';
import { HtmlEditor } from '../shared/HtmlEditor';
import { ConfirmDelete, ErrorLine, PageFrame, PlainButton, useCmsList } from '../shared/ui';

export interface FaqAnswerRow {
  id: string;
  faq_topic_id?: string;
  question: string;
  answer: string;
}
export interface FaqTopicRow {
  id: string;
  title: string;
  FAQAnswers: FaqAnswerRow[];
}

const Topic = styled.section`
  border: 1px solid #e3e8eb;
  border-radius: 10px;
  padding: 10px 12px;
  margin-bottom: 12px;
  background: #fff;
  header { display: flex; gap: 8px; align-items: center; }
  header h2 { flex: 1; margin: 0; }
  details { border-top: 1px solid #eef1f3; padding: 6px 0; }
  summary { cursor: pointer; }
  .row { display: flex; gap: 6px; margin-top: 6px; }
`;
const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 8px 0;
  input { width: 100%; box-sizing: border-box; }
`;

/** A form's send: busy while `save` runs, its failure's message shown in the form. */
function useFormSubmit(save: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const { busy, save: run } = useSave(setError);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    await run(save);
  };
  return { error, busy, submit };
}

/** A form's end: the failure (an alert), then its submit button and Cancel when it can be cancelled. */
function FormEnd({
  error,
  busy,
  submitLabel,
  onCancel,
  className,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
  className?: string;
}) {
  return (
    <>
      <ErrorLine text={error} />
      <div className={className} style={{ display: 'flex', gap: 6 }}>
        <PlainButton type="submit" $primary disabled={busy}>
          {submitLabel}
        </PlainButton>
        {onCancel && (
          <PlainButton type="button" onClick={onCancel}>
            Cancel
          </PlainButton>
        )}
      </div>
    </>
  );
}

function TitleForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  onSave: (title: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const id = useId();
  const { error, busy, submit } = useFormSubmit(async () => {
    await onSave(title.trim());
    if (!initial) setTitle('');
  });
  return (
    <Form onSubmit={(e) => void submit(e)} aria-label={submitLabel}>
      <label htmlFor={id}>Topic title</label>
      <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      <FormEnd className="row" error={error} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </Form>
  );
}

function AnswerForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: FaqAnswerRow;
  submitLabel: string;
  onSave: (v: { question: string; answer: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const id = useId();
  const { error, busy, submit } = useFormSubmit(async () => {
    await onSave({ question: question.trim(), answer });
    if (!initial) {
      setQuestion('');
      setAnswer('');
    }
  });
  return (
    <Form onSubmit={(e) => void submit(e)} aria-label={submitLabel}>
      <label htmlFor={id}>Question</label>
      <input id={id} value={question} onChange={(e) => setQuestion(e.target.value)} maxLength={2000} />
      <HtmlEditor label="Answer (HTML)" value={answer} onChange={setAnswer} />
      <FormEnd error={error} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </Form>
  );
}

/** CMS → FAQ: topics, their questions, and HTML answers (sanitised preview; svc-support sanitises on save). */
export function FaqPage() {
  const { rows: topics, error, setError, load } = useCmsList<FaqTopicRow>('admin/faq');
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  const { save } = useSave(setError);
  // a change to a topic or question, then the list read again whether it worked or not
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    await save(fn);
    await load();
  };

  return (
    <PageFrame>
      <h1>FAQ</h1>
      <ErrorLine text={error} />
      <TitleForm
        initial=""
        submitLabel="Add topic"
        onSave={async (title) => {
          await api.post('admin/faq-topic/create', { title });
          await load();
        }}
      />
      {topics === null ? (
        <p aria-busy="true">Loading…</p>
      ) : topics.length === 0 ? (
        <p className="muted">No FAQ topics yet.</p>
      ) : (
        topics.map((t) => (
          <Topic key={t.id} aria-label={t.title}>
            {editing === `topic:${t.id}` ? (
              <TitleForm
                initial={t.title}
                submitLabel="Save topic"
                onCancel={() => setEditing(null)}
                onSave={async (title) => {
                  await api.patch(`admin/faq-topic/${t.id}/update`, { title });
                  setEditing(null);
                  await load();
                }}
              />
            ) : (
              <header>
                <h2>{t.title}</h2>
                <PlainButton type="button" aria-label={`Rename ${t.title}`} onClick={() => setEditing(`topic:${t.id}`)}>
                  Rename
                </PlainButton>
                <ConfirmDelete label={t.title} onConfirm={() => run(() => api.del(`admin/faq-topic/${t.id}`))} />
              </header>
            )}
            {t.FAQAnswers.map((a) =>
              editing === `answer:${a.id}` ? (
                <AnswerForm
                  key={a.id}
                  initial={a}
                  submitLabel="Save question"
                  onCancel={() => setEditing(null)}
                  onSave={async (v) => {
                    await api.patch(`admin/faq-answer/${a.id}/update`, v);
                    setEditing(null);
                    await load();
                  }}
                />
              ) : (
                <details key={a.id}>
                  <summary>{a.question}</summary>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
                  <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(a.answer) }} />
                  <div className="row">
                    <PlainButton
                      type="button"
                      aria-label={`Edit ${a.question}`}
                      onClick={() => setEditing(`answer:${a.id}`)}
                    >
                      Edit
                    </PlainButton>
                    <ConfirmDelete
                      label={a.question}
                      onConfirm={() => run(() => api.del(`admin/faq-answer/${a.id}`))}
                    />
                  </div>
                </details>
              ),
            )}
            {adding === t.id ? (
              <AnswerForm
                submitLabel="Add question"
                onCancel={() => setAdding(null)}
                onSave={async (v) => {
                  await api.post('admin/faq-answer/create', { ...v, faq_topic_id: t.id });
                  setAdding(null);
                  await load();
                }}
              />
            ) : (
              <PlainButton type="button" onClick={() => setAdding(t.id)} aria-label={`Add a question to ${t.title}`}>
                + Question
              </PlainButton>
            )}
          </Topic>
        ))
      )}
    </PageFrame>
  );
}
