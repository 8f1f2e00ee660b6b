import { useState } from 'react';
import { errorMessage } from './api';

/** What a screen says after an action: the text, and whether it worked. */
export type ActionNote = { ok: boolean; text: string } | null;

/**
 * A screen's actions on what it lists (publish, reorder, delete, save an order): `busy` while one runs, its note
 * cleared when it starts, then the text `work` answers as the note, or the failure's message; `after` runs once it
 * worked (e.g. reading the list again after the note shows). The admin and advisor screens each wrote this out.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<ActionNote>(null);
  const act = async (work: () => Promise<string>, after?: () => Promise<unknown>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ ok: true, text: await work() });
      await after?.();
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, note, setNote, act };
}
