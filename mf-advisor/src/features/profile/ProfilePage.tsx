import type { auth } from '@kinfolio/contracts';
import { api, EmailInput, errorMessage, ResultMessage, TextInput, useSession } from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Bone, Card, Empty, Page, SaveCancel } from '../../components/ui';
import { ExpertContent } from './ExpertContent';
import { type BasicDetails, type FieldErrors, fieldErrorsFromReply, validateBasicDetails } from './validate';

type User = auth.User;

/** Business phone: digits, spaces and '+' only (other keys are ignored). */
const PHONE_CHARS = /^[\d +]*$/;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  margin-top: 8px;
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  column-gap: 20px;
`;

function detailsOf(u: User): BasicDetails {
  return {
    name: u.name ?? '',
    designation: u.designation ?? '',
    business_email: u.business_email ?? '',
    business_phone: u.business_phone ?? '',
  };
}

/**
 * Expert Positioning (spec §1, §2.3): basic details, profile meta data, testimonials and reviews, with a live preview
 * of the public page; editable by the advisor whose id is in the route.
 */
export function ProfilePage() {
  const { advisorId } = useParams();
  const { user, status } = useSession();
  if (!user) {
    return status !== 'loaded' && status !== 'error' ? (
      <Page aria-busy="true">
        <Bone $w="240px" $h="28px" />
      </Page>
    ) : null;
  }
  if (!advisorId || advisorId !== user.id) {
    return (
      <Page>
        <Empty title="Profile not found">You can only view and edit your own expert profile.</Empty>
      </Page>
    );
  }
  return <ProfileForm userId={user.id} />;
}

function ProfileForm({ userId }: { userId: string }) {
  const ids = useId();
  const { setUser } = useSession();
  const [loaded, setLoaded] = useState<{ loading: boolean; error: string | null }>({ loading: true, error: null });
  const [initial, setInitial] = useState<BasicDetails | null>(null);
  const [values, setValues] = useState<BasicDetails>({
    name: '',
    designation: '',
    business_email: '',
    business_phone: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [email, setEmail] = useState('');

  useEffect(() => {
    const ctrl = new AbortController();
    api.get<User>(`users/${encodeURIComponent(userId)}`, undefined, { signal: ctrl.signal }).then(
      (u) => {
        if (ctrl.signal.aborted) return;
        const d = detailsOf(u);
        setInitial(d);
        setValues(d);
        setEmail(u.email);
        setLoaded({ loading: false, error: null });
      },
      (e: unknown) => !ctrl.signal.aborted && setLoaded({ loading: false, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [userId]);

  const set = (k: keyof BasicDetails) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
    setResult(null);
  };
  /** A detail's value, setter and error, to spread on its input. */
  const field = (k: keyof BasicDetails) => ({ value: values[k], onChange: set(k), error: errors[k] });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const checked = validateBasicDetails(userId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await api.patch<User>('user/update', checked.body);
      const d = detailsOf(updated);
      setInitial(d);
      setValues(d);
      setUser(updated);
      setResult({ ok: true, text: 'Your details were saved.' });
    } catch (err) {
      const fieldErrs = fieldErrorsFromReply((err as { errors?: unknown } | null)?.errors);
      setErrors(fieldErrs);
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  function reset() {
    if (!initial) return;
    setValues(initial);
    setErrors({});
    setResult(null);
  }

  const dirty =
    initial !== null && (Object.keys(values) as Array<keyof BasicDetails>).some((k) => values[k] !== initial[k]);

  return (
    <Page>
      <h1>Expert Positioning</h1>
      <p className="lead">Your public expert profile: how customers see you on your invitation link page.</p>
      <Card aria-labelledby={`${ids}-basic`} aria-busy={loaded.loading}>
        <h2 id={`${ids}-basic`}>Basic details</h2>
        {loaded.loading ? (
          <div data-testid="profile-skeleton">
            {[0, 1, 2, 3].map((i) => (
              <Bone key={i} $h="36px" />
            ))}
          </div>
        ) : loaded.error ? (
          <ResultMessage type="error">{loaded.error}</ResultMessage>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-label="Basic details">
            <Grid>
              <TextInput label="Name" {...field('name')} maxLength={120} autoComplete="name" required />
              <TextInput
                label="Designation"
                optional
                {...field('designation')}
                maxLength={120}
                autoComplete="organization-title"
              />
              <EmailInput label="Business e-mail" optional {...field('business_email')} />
              <TextInput
                label="Business phone"
                optional
                type="tel"
                value={values.business_phone}
                onChange={(v) => PHONE_CHARS.test(v) && set('business_phone')(v)}
                error={errors.business_phone}
                maxLength={20}
                autoComplete="tel"
              />
            </Grid>
            <SaveCancel
              Bar={Actions}
              saving={saving}
              saveLabel="Save"
              cancelDisabled={saving || !dirty}
              onCancel={reset}
              result={result}
            />
          </form>
        )}
      </Card>
      {!loaded.loading && !loaded.error ? <ExpertContent details={values} email={email} /> : null}
    </Page>
  );
}
