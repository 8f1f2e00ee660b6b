import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  ConfirmDialog,
  errorMessage,
  FormError,
  fieldErrors,
  GuardedFormActions,
  Modal,
  TextArea,
  theme,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

type Review = auth.Review;

const Strip = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 14px;
  margin: 0 0 16px;
  padding: 10px 14px;
  border: 1px solid #e3eaea;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 { margin: 0; font-size: 1rem; }
  p { margin: 0; color: ${theme.colors.muted}; }
  .kf-grow { flex: 1 1 200px; }
  .kf-stars { color: #8a5a00; letter-spacing: 2px; }
`;
const StarsField = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
  .kf-row { display: flex; gap: 4px; }
  label { position: relative; cursor: pointer; font-size: 32px; line-height: 1; color: #8a5a00; padding: 2px; }
  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  input:focus-visible + span { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; border-radius: 4px; }
  .kf-error { color: ${theme.colors.danger}; margin: 4px 0 0; font-size: 14px; }
`;

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * 'Rate your advisor' (spec §1: customers leave reviews and ratings): a signed-in customer rates their own advisor
 * 1 to 5 with a review, edits or deletes it. The advisor chooses whether it shows on their public page. Nothing is
 * fetched until the customer opens it, so the dashboard's own calls are unchanged.
 */
export function RateAdvisor() {
  const ids = useId();
  /** undefined: not looked up yet; null: none written. */
  const [review, setReview] = useState<Review | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function open() {
    setNote(null);
    setBusy(true);
    try {
      const list = await api.get<Review[]>('customer/review-and-ratings');
      setReview(list[0] ?? null);
      setEditing(true);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Strip aria-labelledby={`${ids}-h`}>
      <div className="kf-grow">
        <h2 id={`${ids}-h`}>{review ? 'Your review of your advisor' : 'Rate your advisor'}</h2>
        {review ? (
          <p>
            <span className="kf-stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>{' '}
            {review.is_published
              ? 'Shown on your advisor’s public page.'
              : 'Not public: your advisor chooses which reviews appear.'}
          </p>
        ) : (
          <p>Tell others how your advisor helps you.</p>
        )}
        {note ? (
          <p
            role={note.ok ? 'status' : 'alert'}
            style={{ color: note.ok ? theme.colors.success : theme.colors.danger }}
          >
            {note.text}
          </p>
        ) : null}
      </div>
      <Button onClick={open} loading={busy && !editing && !deleting}>
        {review ? 'Change your review' : 'Rate your advisor'}
      </Button>
      {editing && review !== undefined ? (
        <ReviewEditor
          review={review}
          onClose={() => setEditing(false)}
          onDelete={() => {
            setEditing(false);
            setDeleting(true);
          }}
          onSaved={(r) => {
            setEditing(false);
            setReview(r);
            setNote({ ok: true, text: 'Thank you for your review.' });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete your review?"
        confirmLabel="Delete"
        tone="danger"
        loading={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          if (!review) return;
          setBusy(true);
          try {
            await api.del(`customer/review-and-ratings/${review.id}`);
            setReview(null);
            setNote({ ok: true, text: 'Your review was deleted.' });
          } catch (err) {
            setNote({ ok: false, text: errorMessage(err) });
          } finally {
            setBusy(false);
            setDeleting(false);
          }
        }}
      />
    </Strip>
  );
}

function ReviewEditor({
  review,
  onClose,
  onSaved,
  onDelete,
}: {
  review: Review | null;
  onClose: () => void;
  onSaved: (r: Review) => void;
  onDelete: () => void;
}) {
  const name = useId();
  const [initial] = useState({ rating: review?.rating ?? 0, review: review?.review ?? '' });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<{ rating?: string; review?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: typeof errors = {};
    if (form.rating < 1) missing.rating = 'Choose a rating from 1 to 5';
    if (!form.review.trim()) missing.review = 'Enter review';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    const body = { rating: form.rating, review: form.review.trim() };
    try {
      onSaved(
        review
          ? await api.patch<Review>(`customer/review-and-ratings/${review.id}/update`, body)
          : await api.post<Review>('customer/review-and-ratings/create', body),
      );
    } catch (err) {
      const byField: typeof errors = {};
      for (const [k, message] of Object.entries(fieldErrors(err)))
        if (k === 'rating' || k === 'review') byField[k] = message;
      setErrors(byField);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={review ? 'Edit your review' : 'Rate your advisor'} onClose={guard.requestClose} width={520}>
      <form onSubmit={submit} aria-label="Your review" noValidate style={{ position: 'relative' }}>
        <StarsField aria-describedby={errors.rating ? `${name}-err` : undefined}>
          <legend>Rating</legend>
          <div className="kf-row">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={form.rating === n}
                  onChange={() => {
                    setForm((f) => ({ ...f, rating: n }));
                    setErrors((e) => ({ ...e, rating: undefined }));
                  }}
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${RATING_WORDS[n]}`}
                />
                <span aria-hidden="true">{n <= form.rating ? '★' : '☆'}</span>
              </label>
            ))}
          </div>
          {errors.rating ? (
            <p className="kf-error" id={`${name}-err`} role="alert">
              {errors.rating}
            </p>
          ) : null}
        </StarsField>
        <TextArea
          label="Review"
          value={form.review}
          onChange={(v) => setForm((f) => ({ ...f, review: v }))}
          error={errors.review}
          rows={4}
        />
        {review?.is_published ? (
          <p>Changing your review takes it off the public page until your advisor shows it again.</p>
        ) : null}
        <GuardedFormActions
          guard={guard}
          busy={busy}
          submitLabel="Send review"
          leading={
            review ? (
              <Button variant="danger" onClick={onDelete} disabled={busy}>
                Delete review
              </Button>
            ) : null
          }
        />
        <FormError>{failure ?? undefined}</FormError>
      </form>
    </Modal>
  );
}
