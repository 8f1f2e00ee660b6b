import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  ConfirmDialog,
  errorMessage,
  FormError,
  fieldErrors,
  formatDate,
  GuardedFormActions,
  Modal,
  MoveButtons,
  ResultMessage,
  TextArea,
  TextInput,
  theme,
  useAction,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Bone, Card, SaveCancel } from '../../components/ui';
import { LeadMagnetsCard, type ShownLeadMagnet } from './LeadMagnets';
import type { BasicDetails } from './validate';

type MetaField = auth.ProfileMetaField;
type Testimonial = auth.Testimonial;
/** How a testimonial is named in its buttons' labels and notes. */
const about = (t: Testimonial) => `the testimonial from ${t.name}`;
type Review = auth.Review;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-top: 8px;
`;
const List = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li {
    border: 1px solid #e3eaea;
    border-radius: ${theme.radius};
    padding: 12px 14px;
    margin-bottom: 10px;
  }
  blockquote { margin: 0 0 6px; white-space: pre-line; }
  .kf-who { margin: 0; color: ${theme.colors.muted}; font-size: 14px; }
  .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
  .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin-top: 8px;
  font-weight: 600;
  cursor: pointer;
  input { width: 20px; height: 20px; accent-color: ${theme.colors.primaryDark}; }
`;

/** '★★★★☆' with a spoken equivalent. */
export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} style={{ color: '#8a5a00', letterSpacing: 2 }}>
      {'★'.repeat(full)}
      {'☆'.repeat(Math.max(0, 5 - full))}
    </span>
  );
}

/** The published reviews' average (one decimal), as the public page computes it. */
export function averageOf(reviews: ReadonlyArray<{ rating: number }>): number | null {
  if (!reviews.length) return null;
  return Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10;
}

/** Expert positioning beyond the basic details: meta data, testimonials, reviews, and a live preview of the page. */
export function ExpertContent({ details, email }: { details: BasicDetails; email: string }) {
  const [meta, setMeta] = useState<MetaField[] | null>(null);
  const [metaValues, setMetaValues] = useState<Record<string, string>>({});
  const [testimonials, setTestimonials] = useState<Testimonial[] | null>(null);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [shownMagnets, setShownMagnets] = useState<ShownLeadMagnet[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);

  const loadTestimonials = useCallback(
    (signal?: AbortSignal) =>
      api.get<Testimonial[]>('advisor/testimonial', { signal }).then((t) => !signal?.aborted && setTestimonials(t)),
    [],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    const fail = (e: unknown) => !ctrl.signal.aborted && setLoadError(errorMessage(e));
    api.get<MetaField[]>('advisor/profile-meta-data', { signal: ctrl.signal }).then((m) => {
      if (ctrl.signal.aborted) return;
      setMeta(m);
      setMetaValues(Object.fromEntries(m.map((f) => [f.meta_id, f.value ?? ''])));
    }, fail);
    loadTestimonials(ctrl.signal).catch(fail);
    api
      .get<Review[]>('customer/review-and-ratings', { signal: ctrl.signal })
      .then((r) => !ctrl.signal.aborted && setReviews(r), fail);
    return () => ctrl.abort();
  }, [loadTestimonials]);

  if (loadError)
    return (
      <Card>
        <ResultMessage type="error">{loadError}</ResultMessage>
      </Card>
    );
  return (
    <>
      <MetaDataCard fields={meta} values={metaValues} onValues={setMetaValues} onSaved={setMeta} />
      <TestimonialsCard list={testimonials} reload={() => loadTestimonials()} />
      <LeadMagnetsCard onShown={setShownMagnets} />
      <ReviewsCard
        list={reviews}
        onChange={(r) => setReviews((all) => all?.map((x) => (x.id === r.id ? r : x)) ?? null)}
      />
      <PublicPreview
        details={details}
        email={email}
        meta={(meta ?? [])
          .map((f) => ({ title: f.title, value: metaValues[f.meta_id] ?? '' }))
          .filter((m) => m.value.trim())}
        testimonials={testimonials ?? []}
        reviews={(reviews ?? []).filter((r) => r.is_published)}
        leadMagnets={shownMagnets}
      />
    </>
  );
}

function MetaDataCard({
  fields,
  values,
  onValues,
  onSaved,
}: {
  fields: MetaField[] | null;
  values: Record<string, string>;
  onValues: (v: Record<string, string>) => void;
  onSaved: (f: MetaField[]) => void;
}) {
  const ids = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const initial = Object.fromEntries((fields ?? []).map((f) => [f.meta_id, f.value ?? '']));
  const dirty = (fields ?? []).some((f) => (values[f.meta_id] ?? '') !== (initial[f.meta_id] ?? ''));

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!fields) return;
    setSaving(true);
    setResult(null);
    setErrors({});
    try {
      const items = fields.map((f) => ({ meta_id: f.meta_id, value: (values[f.meta_id] ?? '').trim() }));
      const saved = await api.post<MetaField[]>('advisor/bulk-update/profile-meta-data', { items });
      onSaved(saved);
      onValues(Object.fromEntries(saved.map((f) => [f.meta_id, f.value ?? ''])));
      setResult({ ok: true, text: 'Your profile meta data was saved.' });
    } catch (err) {
      const byField: Record<string, string> = {};
      for (const [k, message] of Object.entries(fieldErrors(err))) {
        const i = /^items\.(\d+)\./.exec(k)?.[1];
        const f = i === undefined ? undefined : fields[Number(i)];
        if (f) byField[f.meta_id] = message;
      }
      setErrors(byField);
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card aria-labelledby={`${ids}-meta`}>
      <h2 id={`${ids}-meta`}>Profile meta data</h2>
      {fields === null ? (
        <Bone $h="36px" />
      ) : fields.length === 0 ? (
        <p>No profile fields are defined yet. The Kinfolio team adds them.</p>
      ) : (
        <form noValidate onSubmit={save} aria-label="Profile meta data">
          {fields.map((f) => (
            <TextArea
              key={f.meta_id}
              label={f.title}
              optional
              placeholder={f.placeholder ?? undefined}
              value={values[f.meta_id] ?? ''}
              onChange={(v) => {
                onValues({ ...values, [f.meta_id]: v });
                setResult(null);
              }}
              error={errors[f.meta_id]}
              rows={2}
            />
          ))}
          <SaveCancel
            Bar={Row}
            saving={saving}
            saveLabel="Save meta data"
            saveDisabled={!dirty}
            cancelDisabled={saving || !dirty}
            onCancel={() => onValues(initial)}
            result={result}
          />
        </form>
      )}
    </Card>
  );
}

interface TestimonialForm {
  name: string;
  designation: string;
  content: string;
}
const EMPTY_FORM: TestimonialForm = { name: '', designation: '', content: '' };

function TestimonialsCard({ list, reload }: { list: Testimonial[] | null; reload: () => Promise<unknown> }) {
  const ids = useId();
  const [editing, setEditing] = useState<Testimonial | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);

  const { busy, note, setNote, act: run } = useAction();
  /** Runs `fn`, reads the list again, then says `ok`. */
  const act = (fn: () => Promise<unknown>, ok: string) =>
    run(async () => {
      await fn();
      await reload();
      return ok;
    });
  const move = (t: Testimonial, to: number) =>
    act(() => api.patch(`advisor/testimonial/${t.id}`, { position: to }), `Moved ${about(t)}.`);

  return (
    <Card aria-labelledby={`${ids}-t`}>
      <h2 id={`${ids}-t`}>Testimonials</h2>
      {list === null ? (
        <Bone $h="60px" />
      ) : list.length === 0 ? (
        <p>No testimonials yet. Add what your customers say about you.</p>
      ) : (
        <List aria-label="Your testimonials">
          {list.map((t, i) => (
            <li key={t.id}>
              <blockquote>{t.content}</blockquote>
              <p className="kf-who">
                {t.name}
                {t.designation ? `, ${t.designation}` : ''}
              </p>
              <div className="kf-actions">
                <Button variant="secondary" onClick={() => setEditing(t)} aria-label={`Edit ${about(t)}`}>
                  Edit
                </Button>
                <MoveButtons
                  at={i}
                  count={list.length}
                  onMove={(by) => move(t, i + by)}
                  named={(d) => `Move ${d} ${about(t)}`}
                  labels={['Move up', 'Move down']}
                  disabled={busy}
                />
                <Button variant="danger" onClick={() => setDeleting(t)} aria-label={`Delete ${about(t)}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </List>
      )}
      <Button onClick={() => setEditing('new')}>Add testimonial</Button>
      {note ? <ResultMessage type={note.ok ? 'success' : 'error'}>{note.text}</ResultMessage> : null}
      {editing ? (
        <TestimonialEditor
          testimonial={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            await reload();
            setNote({ ok: true, text });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this testimonial?"
        message={
          deleting ? `The testimonial from ${deleting.name} will no longer show on your public page.` : undefined
        }
        confirmLabel="Delete"
        tone="danger"
        loading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const t = deleting;
          setDeleting(null);
          if (t) void act(() => api.del(`advisor/testimonial/${t.id}`), `Deleted ${about(t)}.`);
        }}
      />
    </Card>
  );
}

function TestimonialEditor({
  testimonial,
  onClose,
  onSaved,
}: {
  testimonial: Testimonial | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState<TestimonialForm>(
    testimonial
      ? { name: testimonial.name, designation: testimonial.designation ?? '', content: testimonial.content }
      : EMPTY_FORM,
  );
  const [form, setForm] = useState<TestimonialForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof TestimonialForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const set = (k: keyof TestimonialForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: typeof errors = {};
    if (!form.name.trim()) missing.name = 'Enter name';
    if (!form.content.trim()) missing.content = 'Enter testimonial';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    const body = { name: form.name.trim(), designation: form.designation.trim(), content: form.content.trim() };
    try {
      if (testimonial) await api.patch(`advisor/testimonial/${testimonial.id}`, body);
      else await api.post('advisor/testimonial', body);
      await onSaved(
        testimonial ? `Saved the testimonial from ${body.name}.` : `Added the testimonial from ${body.name}.`,
      );
    } catch (err) {
      const byField: typeof errors = {};
      for (const [k, message] of Object.entries(fieldErrors(err)))
        if (k in EMPTY_FORM) byField[k as keyof TestimonialForm] = message;
      setErrors(byField);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={testimonial ? 'Edit testimonial' : 'Add testimonial'} onClose={guard.requestClose} width={560}>
      <form onSubmit={submit} aria-label="Testimonial details" noValidate style={{ position: 'relative' }}>
        <TextInput label="Customer name" value={form.name} onChange={set('name')} error={errors.name} maxLength={120} />
        <TextInput
          label="Designation"
          optional
          value={form.designation}
          onChange={set('designation')}
          error={errors.designation}
          maxLength={120}
        />
        <TextArea label="Testimonial" value={form.content} onChange={set('content')} error={errors.content} rows={4} />
        <GuardedFormActions guard={guard} busy={busy} submitLabel="Save testimonial" />
        <FormError>{failure ?? undefined}</FormError>
      </form>
    </Modal>
  );
}

function ReviewsCard({ list, onChange }: { list: Review[] | null; onChange: (r: Review) => void }) {
  const ids = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Optimistic: the box follows the click at once and goes back if the server refuses. */
  const toggle = async (r: Review) => {
    setBusy(r.id);
    setFailure(null);
    onChange({ ...r, is_published: !r.is_published });
    try {
      onChange(
        await api.patch<Review>(`customer/review-and-ratings/${r.id}/update`, { is_published: !r.is_published }),
      );
    } catch (err) {
      onChange(r);
      setFailure(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card aria-labelledby={`${ids}-r`}>
      <h2 id={`${ids}-r`}>Reviews and ratings</h2>
      <p className="lead">Your customers' reviews. Choose which ones appear on your public page.</p>
      {list === null ? (
        <Bone $h="60px" />
      ) : list.length === 0 ? (
        <p>No reviews yet. Your customers can rate you from their dashboard.</p>
      ) : (
        <List aria-label="Reviews from your customers">
          {list.map((r) => (
            <li key={r.id}>
              <Stars rating={r.rating} />
              <blockquote>{r.review}</blockquote>
              <p className="kf-who">
                {r.customer_name} · {formatDate(r.created_at)}
              </p>
              <Toggle>
                <input
                  type="checkbox"
                  checked={r.is_published}
                  disabled={busy === r.id}
                  onChange={() => void toggle(r)}
                />
                Show on my public page
              </Toggle>
            </li>
          ))}
        </List>
      )}
      <FormError>{failure ?? undefined}</FormError>
    </Card>
  );
}

const Preview = styled.section`
  border: 2px dashed ${theme.colors.primary};
  border-radius: ${theme.radius};
  overflow: hidden;
  margin-bottom: 16px;
  .kf-hero { background: linear-gradient(160deg, #10302f 0%, #1f6f6c 100%); color: #fff; padding: 20px; }
  .kf-hero h3 { margin: 0 0 4px; font-size: 1.4rem; }
  .kf-hero p { margin: 0 0 4px; color: #e3f1f1; overflow-wrap: anywhere; }
  .kf-body { background: #fff; padding: 16px 20px; }
  h4 { margin: 12px 0 6px; }
  dl { margin: 0; }
  dt { font-weight: 700; }
  dd { margin: 0 0 8px; white-space: pre-line; }
  blockquote { margin: 0 0 4px; white-space: pre-line; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { margin-bottom: 10px; }
`;

/** A live preview of the public page (the shell's advisor page shows the same content from advisor/public). */
function PublicPreview({
  details,
  email,
  meta,
  testimonials,
  reviews,
  leadMagnets,
}: {
  details: BasicDetails;
  email: string;
  meta: Array<{ title: string; value: string }>;
  testimonials: Testimonial[];
  reviews: Review[];
  leadMagnets: ShownLeadMagnet[];
}) {
  const ids = useId();
  const avg = averageOf(reviews);
  return (
    <Card aria-labelledby={`${ids}-p`}>
      <h2 id={`${ids}-p`}>Preview of your public page</h2>
      <Preview aria-label="Public page preview" data-testid="public-preview">
        <div className="kf-hero">
          <h3>{details.name}</h3>
          {details.designation ? <p>{details.designation}</p> : null}
          <p>E-mail: {details.business_email || email}</p>
          {details.business_phone ? <p>Phone: {details.business_phone}</p> : null}
        </div>
        <div className="kf-body">
          {meta.length ? (
            <>
              <h4>About</h4>
              <dl>
                {meta.map((m) => (
                  <div key={m.title}>
                    <dt>{m.title}</dt>
                    <dd>{m.value}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {testimonials.length ? (
            <>
              <h4>Testimonials</h4>
              <ul>
                {testimonials.map((t) => (
                  <li key={t.id}>
                    <blockquote>{t.content}</blockquote>— {t.name}
                    {t.designation ? `, ${t.designation}` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {leadMagnets.length ? (
            <>
              <h4>Free resources</h4>
              <ul>
                {leadMagnets.map((m) => (
                  <li key={m.id}>
                    <strong>{m.title}</strong>
                    {m.description ? ` — ${m.description}` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h4>Reviews</h4>
          {avg === null ? (
            <p>No published reviews yet.</p>
          ) : (
            <>
              <p>
                <Stars rating={avg} /> {avg.toFixed(1)} from {reviews.length}{' '}
                {reviews.length === 1 ? 'review' : 'reviews'}
              </p>
              <ul>
                {reviews.map((r) => (
                  <li key={r.id}>
                    <Stars rating={r.rating} />
                    <blockquote>{r.review}</blockquote>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Preview>
    </Card>
  );
}
