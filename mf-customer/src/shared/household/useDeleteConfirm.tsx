import { ConfirmDialog, errorMessage, useUndoableDelete } from '@kinfolio/ui-kit';
import { type ReactNode, useState } from 'react';

/**
 * One "delete after confirming, with Undo" for the dashboard's lists: `ask(item)` opens the dialog; confirming hides
 * the item and shows a toast with Undo for 8 s; the DELETE is sent when the toast expires (or the screen or tab goes
 * away), then `onDone` (reload) or `onError` with the server's message (docs/decisions/households.md, issue 30).
 * Lists leave out the items `hidden(item)` says are being deleted.
 */
export function useDeleteConfirm<T>(opts: {
  title: (item: T) => string;
  message?: (item: T) => ReactNode;
  confirmLabel?: string;
  /** What the Undo toast calls the item (default: the dialog's title without "Delete " and "?"). */
  name?: (item: T) => string;
  /** The item's id (default: its `id`). */
  idOf?: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  onDone: () => void;
  onError: (message: string) => void;
}): { ask: (item: T) => void; hidden: (item: T) => boolean; dialog: ReactNode } {
  const [target, setTarget] = useState<T | null>(null);
  const nameOf = (item: T) =>
    opts.name?.(item) ??
    opts
      .title(item)
      .replace(/^(Delete|Remove)\s+/i, '')
      .replace(/\?$/, '');
  const undoable = useUndoableDelete<T>({
    idOf: opts.idOf ?? ((item) => String((item as { id?: unknown }).id)),
    message: (item) => `${opts.confirmLabel === 'Remove' ? 'Removed' : 'Deleted'} ${nameOf(item)}.`,
    remove: opts.remove,
    onDone: opts.onDone,
    onError: (err) => opts.onError(errorMessage(err)),
  });
  const dialog = (
    <>
      <ConfirmDialog
        open={target !== null}
        title={target === null ? '' : opts.title(target)}
        message={target !== null && opts.message ? opts.message(target) : undefined}
        confirmLabel={opts.confirmLabel ?? 'Delete'}
        tone="danger"
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target === null) return;
          setTarget(null);
          undoable.start(target);
        }}
      />
      {undoable.toast}
    </>
  );
  return { ask: setTarget, hidden: undoable.hidden, dialog };
}
