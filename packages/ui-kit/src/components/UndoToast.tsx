import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button } from './Button';

/** How long a delete can be undone (issue 30 item 14; docs/decisions/households.md). */
export const UNDO_DELETE_MS = 8_000;

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: 24px;
  transform: translateX(-50%);
  z-index: 2500;
  display: flex;
  align-items: center;
  gap: 16px;
  max-width: calc(100vw - 32px);
  padding: 10px 12px 10px 16px;
  border-radius: ${theme.radius};
  background: ${theme.colors.header};
  color: #fff;
  box-shadow: ${theme.shadow};
  button {
    color: #fff;
    border-color: #fff;
  }
`;

/**
 * A toast saying what was deleted, with an Undo button, announced politely (role=status). The button is an ordinary
 * one in the page's tab order; when the deleted row had the focus (it is gone now), the focus moves to Undo so a
 * keyboard user is not left at the top of the page.
 */
export function UndoToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    if (!active || active === document.body) bar.current?.querySelector('button')?.focus();
  }, []);
  return (
    <Bar ref={bar} role="status" aria-live="polite">
      <span>{message}</span>
      <Button variant="secondary" onClick={onUndo}>
        Undo
      </Button>
    </Bar>
  );
}

interface Pending<T> {
  item: T;
  id: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Delete with Undo: `start(item)` hides the item at once and shows the toast; the DELETE is sent only when the toast
 * expires (UNDO_DELETE_MS), when another delete starts, when the screen goes away, or on pagehide (the API client
 * sends DELETEs with keepalive, so they survive the tab closing). Undo shows the item again and sends nothing.
 */
export function useUndoableDelete<T>(opts: {
  idOf: (item: T) => string;
  /** The toast's text, e.g. "Deleted Walk Bank." */
  message: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  onDone: () => void;
  onError: (err: unknown) => void;
  delayMs?: number;
}): { start: (item: T) => void; hidden: (item: T) => boolean; toast: ReactNode } {
  const latest = useRef(opts);
  latest.current = opts;
  const pending = useRef<Pending<T> | null>(null);
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState<{ id: string; message: string } | null>(null);

  const unhide = useCallback((id: string) => {
    setHiddenIds((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
  }, []);

  /** Sends the pending delete now; the item stays hidden until the list has reloaded without it. */
  const commit = useCallback(
    (mounted: boolean) => {
      const p = pending.current;
      if (!p) return;
      pending.current = null;
      clearTimeout(p.timer);
      if (mounted) setShown((s) => (s?.id === p.id ? null : s));
      latest.current.remove(p.item).then(
        () => {
          if (!mounted) return;
          latest.current.onDone();
          unhide(p.id);
        },
        (err: unknown) => {
          if (!mounted) return;
          unhide(p.id);
          latest.current.onError(err);
        },
      );
    },
    [unhide],
  );

  const start = useCallback(
    (item: T) => {
      commit(true);
      const id = latest.current.idOf(item);
      const timer = setTimeout(() => commit(true), latest.current.delayMs ?? UNDO_DELETE_MS);
      pending.current = { item, id, timer };
      setHiddenIds((s) => new Set(s).add(id));
      setShown({ id, message: latest.current.message(item) });
    },
    [commit],
  );

  const undo = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    clearTimeout(p.timer);
    unhide(p.id);
    setShown(null);
  }, [unhide]);

  // the tab closing or the screen going away sends what was deleted (not undone)
  useEffect(() => {
    const onHide = () => commit(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      commit(false);
    };
  }, [commit]);

  const hidden = useCallback((item: T) => hiddenIds.has(latest.current.idOf(item)), [hiddenIds]);
  const toast = shown ? <UndoToast key={shown.id} message={shown.message} onUndo={undo} /> : null;
  return { start, hidden, toast };
}
