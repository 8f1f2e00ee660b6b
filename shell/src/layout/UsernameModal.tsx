import {
  api,
  Button,
  errorMessage,
  FormError,
  MODAL_LINK_COPIED_MS,
  Modal,
  normaliseUsername,
  type SessionUser,
  UsernameInput,
  usernameError,
  useSession,
} from '@kinfolio/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { copyText, invitationLinkFor } from './invitation';

export const USERNAME_HELPER = '* Only alpha and numeric characters are allowed.';

type Phase = 'idle' | 'saving' | 'copied';

/**
 * The Add User Name modal (spec §2.7, §4): static backdrop; saving calls user/update {user_id, username}, then shows
 * 'Link Copied' for 2 seconds, then closes. 'Enter user name' when empty; server errors shown under the field.
 */
export function UsernameModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, setUser } = useSession();
  const [value, setValue] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (open) {
      setValue('');
      setPhase('idle');
      setError(null);
      setFormError(null);
    }
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async () => {
    if (!user || phase !== 'idle') return;
    const problem = usernameError(value);
    if (problem) {
      setError(problem);
      return;
    }
    const username = normaliseUsername(value);
    setError(null);
    setFormError(null);
    setPhase('saving');
    try {
      const updated = await api.patch<SessionUser | null>('user/update', { user_id: user.id, username });
      setUser(updated && typeof updated === 'object' && 'id' in updated ? updated : { ...user, username });
      await copyText(await invitationLinkFor(username));
      setPhase('copied');
      timer.current = setTimeout(() => {
        setPhase('idle');
        onClose();
      }, MODAL_LINK_COPIED_MS);
    } catch (e) {
      setPhase('idle');
      const msg = errorMessage(e);
      if (/user ?name/i.test(msg)) setError(msg);
      else setFormError(msg);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Add User Name" staticBackdrop hideClose={phase !== 'idle'}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <UsernameInput
          label="User Name"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
          hint={USERNAME_HELPER}
          disabled={phase !== 'idle'}
          autoFocus
        />
        <FormError>{formError}</FormError>
        {phase === 'copied' ? (
          <p role="status" style={{ color: '#1e7a3c', fontWeight: 600, margin: '8px 0 0' }}>
            Link Copied
          </p>
        ) : null}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
          <Button variant="secondary" onClick={onClose} disabled={phase !== 'idle'}>
            Cancel
          </Button>
          <Button type="submit" loading={phase === 'saving'} disabled={phase === 'copied'}>
            {phase === 'copied' ? 'Link Copied' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
