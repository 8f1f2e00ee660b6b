import { ConfirmDialog, errorMessage } from '@kinfolio/ui-kit';
import { type ReactNode, useState } from 'react';

/**
 * One "delete after confirming" for the dashboard's lists: `ask(item)` opens the dialog; confirming runs `remove`,
 * then `onDone` (reload) or `onError` with the server's message.
 */
export function useDeleteConfirm<T>(opts: {
  title: (item: T) => string;
  message?: (item: T) => ReactNode;
  confirmLabel?: string;
  remove: (item: T) => Promise<unknown>;
  onDone: () => void;
  onError: (message: string) => void;
}): { ask: (item: T) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const finish = () => {
    setBusy(false);
    setTarget(null);
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target === null ? '' : opts.title(target)}
      message={target !== null && opts.message ? opts.message(target) : undefined}
      confirmLabel={opts.confirmLabel ?? 'Delete'}
      tone="danger"
      loading={busy}
      onCancel={() => setTarget(null)}
      onConfirm={() => {
        if (target === null) return;
        setBusy(true);
        opts.remove(target).then(
          () => {
            finish();
            opts.onDone();
          },
          (err: unknown) => {
            finish();
            opts.onError(errorMessage(err));
          },
        );
      }}
    />
  );
  return { ask: setTarget, dialog };
}
