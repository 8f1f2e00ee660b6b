import type { auth } from '@kinfolio/contracts';
import { api, Button, EmailInput, errorMessage, FormError, isEmailStrict, TextInput } from '@kinfolio/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

type Magnet = auth.AdvisorPublicPage['lead_magnets'][number];

export const CONSENT_TEXT = 'I agree that this advisor may contact me about my download.';
export const CONSENT_REQUIRED = 'Please agree to be contacted to download this file';

const Wrap = styled.section`
  max-width: 1040px;
  margin: 0 auto;
  padding: 8px 24px 40px;
  color: #1d2b2b;
  h2 { font-size: 24px; margin: 0 0 14px; color: #10302f; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr)); gap: 16px; }
  li { background: #fff; border-radius: 12px; padding: 18px; box-shadow: 0 1px 6px rgba(16, 48, 47, 0.08); }
  h3 { margin: 0 0 6px; font-size: 19px; }
  p { margin: 0 0 10px; overflow-wrap: anywhere; white-space: pre-line; }
  form { display: flex; flex-direction: column; gap: 6px; margin-top: 8px; }
  .kf-consent { display: flex; gap: 10px; align-items: flex-start; font-size: 15px; cursor: pointer; }
  .kf-consent input { width: 20px; height: 20px; margin-top: 2px; flex: none; }
  .kf-error { color: #a4262c; font-size: 14px; margin: 0; }
  .kf-done { color: #1d6b3a; font-weight: 600; }
  @media (max-width: 480px) { padding: 8px 16px 32px; }
`;

/** Starts the browser's download of `url` (the service answers it as an attachment). */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function MagnetCard({ magnet }: { magnet: Magnet }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; email?: string; consent?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Enter name';
    if (!isEmailStrict(email.trim())) next.email = 'Enter a valid e-mail address';
    if (!consent) next.consent = CONSENT_REQUIRED;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await api.post<{ url: string }>(
        `advisor/public/lead-magnets/${magnet.id}/download`,
        { name: name.trim(), email: email.trim(), consent: true },
        { catalogue: false },
      );
      setUrl(reply.url);
      startDownload(reply.url);
    } catch (err) {
      const byField: typeof errors = {};
      for (const entry of (err as { errors?: Array<Record<string, string[]>> }).errors ?? [])
        for (const [k, v] of Object.entries(entry))
          if (k === 'name' || k === 'email' || k === 'consent') byField[k] = v[0];
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <h3 id={`${ids}-t`}>{magnet.title}</h3>
      {magnet.description ? <p>{magnet.description}</p> : null}
      {url ? (
        <p className="kf-done" role="status">
          Thank you! Your download has started. <a href={url}>Download again</a>
        </p>
      ) : !open ? (
        <Button onClick={() => setOpen(true)} aria-label={`Download ${magnet.title}`}>
          Download
        </Button>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids}-t`}>
          <TextInput
            label="Your name"
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={100}
            autoComplete="name"
          />
          <EmailInput label="Your e-mail" value={email} onChange={setEmail} error={errors.email} />
          <label className="kf-consent" htmlFor={`${ids}-consent`}>
            <input
              id={`${ids}-consent`}
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${ids}-consent-error` : undefined}
            />
            {CONSENT_TEXT}
          </label>
          {errors.consent ? (
            <p className="kf-error" id={`${ids}-consent-error`} role="alert">
              {errors.consent}
            </p>
          ) : null}
          <FormError>{failure}</FormError>
          <Button type="submit" loading={busy}>
            Get the file
          </Button>
        </form>
      )}
    </li>
  );
}

/**
 * The advisor public page's lead magnets (issue 15): each a file the visitor downloads after leaving name, e-mail and
 * consent; the visitor becomes the advisor's lead. Part of the page's lazy sections chunk (misc.tsx).
 */
export default function LeadMagnets({ magnets }: { magnets: ReadonlyArray<Magnet> | undefined }) {
  if (!magnets?.length) return null;
  return (
    <Wrap aria-labelledby="kf-advisor-resources">
      <h2 id="kf-advisor-resources">Free resources</h2>
      <ul>
        {magnets.map((m) => (
          <MagnetCard key={m.id} magnet={m} />
        ))}
      </ul>
    </Wrap>
  );
}
