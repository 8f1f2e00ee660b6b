import { useCallback, useRef, useState } from 'react';
import { EDITOR_HISTORY_DELAY_MS, EDITOR_HISTORY_MAX_STACK } from './constants';

export interface EditHistoryOptions {
  /** Changes closer together than this are one undo step (spec §9: 2000 ms). */
  delayMs?: number;
  /** Undo steps kept (spec §9: 500); the oldest are dropped. */
  maxStack?: number;
  now?: () => number;
}

/**
 * The rich-text editor's undo history (spec §9): a change made within `delayMs` of the last recorded one joins its
 * step; at most `maxStack` steps are kept. Pure, so it is easy to test; `useEditHistory` wraps it for React.
 */
export class EditHistory<T> {
  private undoStack: T[] = [];
  private redoStack: T[] = [];
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly delayMs: number;
  private readonly maxStack: number;
  private readonly now: () => number;

  constructor(
    private current: T,
    opts: EditHistoryOptions = {},
  ) {
    this.delayMs = opts.delayMs ?? EDITOR_HISTORY_DELAY_MS;
    this.maxStack = opts.maxStack ?? EDITOR_HISTORY_MAX_STACK;
    this.now = opts.now ?? Date.now;
  }

  get value(): T {
    return this.current;
  }
  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  get size(): number {
    return this.undoStack.length;
  }

  /** Records a new value. */
  change(next: T): void {
    if (Object.is(next, this.current)) return;
    const t = this.now();
    if (t - this.lastAt >= this.delayMs || this.undoStack.length === 0) {
      this.undoStack.push(this.current);
      if (this.undoStack.length > this.maxStack) this.undoStack.shift();
      this.lastAt = t;
    }
    this.redoStack = [];
    this.current = next;
  }

  undo(): T {
    if (this.undoStack.length === 0) return this.current;
    this.redoStack.push(this.current);
    this.current = this.undoStack.pop() as T;
    this.lastAt = Number.NEGATIVE_INFINITY;
    return this.current;
  }

  redo(): T {
    if (this.redoStack.length === 0) return this.current;
    this.undoStack.push(this.current);
    this.current = this.redoStack.pop() as T;
    this.lastAt = Number.NEGATIVE_INFINITY;
    return this.current;
  }

  /** Starts over from `value` with no steps (e.g. another record loaded into the editor). */
  reset(value: T): void {
    this.current = value;
    this.undoStack = [];
    this.redoStack = [];
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}

/**
 * React wrapper of EditHistory: `{ value, set, undo, redo, reset, canUndo, canRedo }`. `undo` and `redo` return the
 * value they restore, so a controlled editor can hand it to its `onChange` at once.
 */
export function useEditHistory<T>(initial: T, opts?: EditHistoryOptions) {
  const ref = useRef<EditHistory<T> | null>(null);
  if (!ref.current) ref.current = new EditHistory(initial, opts);
  const h = ref.current;
  const [value, setValue] = useState<T>(initial);
  /** Bumped when the stacks change without the value changing (a reset to the same value), to re-render. */
  const [, setVersion] = useState(0);
  const set = useCallback(
    (next: T) => {
      h.change(next);
      setValue(h.value);
    },
    [h],
  );
  const undo = useCallback((): T => {
    const v = h.undo();
    setValue(v);
    return v;
  }, [h]);
  const redo = useCallback((): T => {
    const v = h.redo();
    setValue(v);
    return v;
  }, [h]);
  const reset = useCallback(
    (next: T) => {
      h.reset(next);
      setValue(next);
      setVersion((n) => n + 1);
    },
    [h],
  );
  return { value, set, undo, redo, reset, canUndo: h.canUndo, canRedo: h.canRedo };
}
