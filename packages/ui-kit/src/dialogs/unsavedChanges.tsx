import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button';
import { theme } from '../theme';

export const UNSAVED_TITLE = 'Discard unsaved changes?';
export const UNSAVED_MESSAGE = 'You have changes that are not saved. If you close now they will be lost.';
export const UNSAVED_KEEP = 'Keep editing';
export const UNSAVED_DISCARD = 'Discard changes';

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The value as compared by the guard (spec §4): numeric strings count as numbers ('5', '5.0' and 5 are equal);
 * null, undefined and '' all count as empty; arrays and plain objects are compared member by member.
 */
function comparable(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return null;
    return NUMERIC.test(t) ? Number(t) : v;
  }
  if (v instanceof Date) return v.getTime();
  return v;
}

/** True when `current` differs from `initial` under the guard's comparison. */
export function hasUnsavedChanges(initial: unknown, current: unknown): boolean {
  return !sameData(initial, current);
}

function sameData(a: unknown, b: unknown): boolean {
  const x = comparable(a);
  const y = comparable(b);
  if (Object.is(x, y)) return true;
  if (typeof x === 'number' && typeof y === 'number') return x === y;
  if (Array.isArray(x) || Array.isArray(y)) {
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    return x.every((item, i) => sameData(item, y[i]));
  }
  if (x && y && typeof x === 'object' && typeof y === 'object') {
    const ox = x as Record<string, unknown>;
    const oy = y as Record<string, unknown>;
    const keys = new Set([...Object.keys(ox), ...Object.keys(oy)]);
    for (const k of keys) if (!sameData(ox[k], oy[k])) return false;
    return true;
  }
  return false;
}

export interface UnsavedChangesGuard {
  /** The form's data differs from its initial data. */
  dirty: boolean;
  /** The confirmation popover is showing. */
  confirming: boolean;
  /** Call instead of closing: closes at once when nothing changed, else asks first. */
  requestClose(): void;
  /** The popover's 'Discard changes': hides it and closes the form. */
  discard(): void;
  /** The popover's 'Keep editing': hides it, the form stays open. */
  keepEditing(): void;
}

/**
 * The unsaved-changes guard (spec §4): closing a form whose data differs from the initial data shows a
 * confirmation popover; with no changes it closes directly.
 */
export function useUnsavedChangesGuard<T>(initial: T, current: T, onClose: () => void): UnsavedChangesGuard {
  const [confirming, setConfirming] = useState(false);
  const dirty = hasUnsavedChanges(initial, current);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const requestClose = useCallback(() => {
    if (dirtyRef.current) setConfirming(true);
    else closeRef.current();
  }, []);
  const discard = useCallback(() => {
    setConfirming(false);
    closeRef.current();
  }, []);
  const keepEditing = useCallback(() => setConfirming(false), []);
  return { dirty, confirming, requestClose, discard, keepEditing };
}

const Pop = styled.div`
  position: absolute;
  z-index: 1100;
  min-width: 260px;
  max-width: 340px;
  background: #fff;
  color: ${theme.colors.text};
  border: 1px solid ${theme.colors.border};
  border-radius: 10px;
  box-shadow: ${theme.shadow};
  padding: 14px 16px;
  h3 { margin: 0 0 6px; font-size: 16px; }
  p { margin: 0 0 12px; font-size: 14px; color: ${theme.colors.muted}; }
  .kf-pop-actions { display: flex; justify-content: flex-end; gap: 8px; }
`;

export interface UnsavedChangesPopoverProps {
  open: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
  title?: string;
  message?: string;
  /** Where the popover sits inside its (position: relative) parent; default under the right edge. */
  style?: CSSProperties;
}

/** The guard's confirmation popover: Escape or 'Keep editing' keeps the form open; focus starts on Keep editing. */
export function UnsavedChangesPopover({
  open,
  onDiscard,
  onKeepEditing,
  title = UNSAVED_TITLE,
  message = UNSAVED_MESSAGE,
  style,
}: UnsavedChangesPopoverProps) {
  const titleId = useId();
  const msgId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) boxRef.current?.querySelector<HTMLButtonElement>('button[data-keep]')?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <Pop
      ref={boxRef}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={msgId}
      style={{ right: 0, top: 'calc(100% + 6px)', ...style }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onKeepEditing();
        }
      }}
    >
      <h3 id={titleId}>{title}</h3>
      <p id={msgId}>{message}</p>
      <div className="kf-pop-actions">
        <Button variant="secondary" data-keep onClick={onKeepEditing}>
          {UNSAVED_KEEP}
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          {UNSAVED_DISCARD}
        </Button>
      </div>
    </Pop>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 12px;
`;

export interface GuardedFormActionsProps {
  guard: UnsavedChangesGuard;
  /** Saving: the submit button shows its spinner. */
  busy?: boolean;
  /** The submit button's text ('Save member', 'Next'). */
  submitLabel: ReactNode;
  /** Buttons before Cancel (e.g. Delete review). */
  leading?: ReactNode;
  /** A form of steps past its first: Back, between Cancel and the submit button. */
  onBack?: (() => void) | null;
  /** The popover's right edge on the form's (forms as wide as their dialog); else its left edge. */
  popoverRight?: boolean;
}

/**
 * A guarded form's actions, at its end: Cancel (through the guard: asks first when something changed, spec §4), Back
 * in a form of steps, the submit button, and the unsaved-changes popover above them (the form is their positioned
 * container).
 */
export function GuardedFormActions({
  guard,
  busy,
  submitLabel,
  leading,
  onBack,
  popoverRight,
}: GuardedFormActionsProps) {
  return (
    <>
      <Actions>
        {leading}
        <Button variant="secondary" onClick={guard.requestClose}>
          Cancel
        </Button>
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Back
          </Button>
        ) : null}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Actions>
      <UnsavedChangesPopover
        open={guard.confirming}
        onDiscard={guard.discard}
        onKeepEditing={guard.keepEditing}
        style={{ top: 'auto', bottom: 'calc(100% + 6px)', ...(popoverRight ? { right: 0 } : {}) }}
      />
    </>
  );
}
