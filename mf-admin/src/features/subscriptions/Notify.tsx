import { Button, errorMessage, ResultMessage } from '@kinfolio/ui-kit';
import { useState } from 'react';

/**
 * The Notify block the Subscriptions pages share: one reminder in flight at a time, its outcome as a notice above the
 * list (`role=status` when sent, `role=alert` when refused, e.g. the once-a-day 429), and a 'Notify' button per row.
 */
export interface Notifier {
  notice: { ok: boolean; text: string } | null;
  sending: string | null;
  notify: (userId: string, email: string | null | undefined) => Promise<void>;
}

export function useNotifier(send: (userId: string) => Promise<{ message?: string } | null | undefined>): Notifier {
  const [notice, setNotice] = useState<Notifier['notice']>(null);
  const [sending, setSending] = useState<string | null>(null);
  const notify = async (userId: string, email: string | null | undefined) => {
    setSending(userId);
    setNotice(null);
    try {
      const r = await send(userId);
      const who = email ?? 'The advisor';
      setNotice({ ok: true, text: r?.message ? `${r.message} (${who})` : `Reminder sent to ${who}.` });
    } catch (e) {
      setNotice({ ok: false, text: errorMessage(e) });
    } finally {
      setSending(null);
    }
  };
  return { notice, sending, notify };
}

/** The outcome of the last reminder, above the list. */
export function NotifyNotice({ notifier }: { notifier: Notifier }) {
  const { notice } = notifier;
  return notice ? (
    <ResultMessage type={notice.ok ? 'success' : 'error'} placement="above">
      {notice.text}
    </ResultMessage>
  ) : null;
}

/** A row's 'Notify' button; its accessible name says whom and why ("Notify a@b.c to subscribe"). */
export function NotifyButton({
  notifier,
  userId,
  email,
  purpose,
}: {
  notifier: Notifier;
  userId: string;
  email: string | null | undefined;
  /** What the reminder asks: 'to subscribe', 'to finish registering'. */
  purpose: string;
}) {
  const { sending, notify } = notifier;
  return (
    <Button
      variant="secondary"
      loading={sending === userId}
      disabled={sending !== null && sending !== userId}
      aria-label={`Notify ${email ?? 'this advisor'} ${purpose}`}
      onClick={() => notify(userId, email)}
    >
      Notify
    </Button>
  );
}
