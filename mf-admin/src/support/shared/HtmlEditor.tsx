import { sanitizeHtml } from '@kinfolio/support-ui';
import { useEditHistory } from '@kinfolio/ui-kit';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
  textarea { width: 100%; box-sizing: border-box; min-height: 160px; font-family: ui-monospace, monospace; font-size: 13px; }
  .preview { border: 1px dashed #c9d3d8; border-radius: 8px; padding: 8px; min-height: 160px; overflow: auto; }
  .preview img { max-width: 100%; }
`;

const Toolbar = styled.div`
  display: flex;
  gap: 6px;
  margin: 4px 0;
  button { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid #c9d3d8; border-radius: 6px; background: #fff; cursor: pointer; }
  button:disabled { opacity: 0.5; cursor: default; }
`;

export type HistoryAction = 'undo' | 'redo';

/** The editor's history keys: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo; anything else is no command. */
export function historyAction(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): HistoryAction | null {
  if (e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

const HISTORY_BUTTONS: ReadonlyArray<{ action: HistoryAction; text: string; keys: string }> = [
  { action: 'undo', text: 'Undo', keys: 'Control+Z Meta+Z' },
  { action: 'redo', text: 'Redo', keys: 'Control+Shift+Z Meta+Shift+Z Control+Y' },
];

/**
 * A plain HTML editor: the source in a text area and a live preview, sanitised with DOMPurify. It keeps its own undo
 * history (spec §9: changes within 2000 ms are one step, at most 500 steps; ui-kit's `useEditHistory` defaults):
 * Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y or the Undo and Redo buttons, each result handed to `onChange`. A value
 * that comes from outside (another record, the form cleared after a save) starts a new history.
 */
export function HtmlEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const history = useEditHistory(value);
  const { reset } = history;
  /** The last value this editor handed out; any other `value` is an outside change. */
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    reset(value);
  }, [value, reset]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };
  const apply = (action: HistoryAction) => {
    const next = action === 'undo' ? history.undo() : history.redo();
    if (next !== value) emit(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = historyAction(e);
    if (!action) return;
    // the browser's own text-area undo knows nothing of this history: ours replaces it
    e.preventDefault();
    apply(action);
  };

  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <Toolbar role="group" aria-label={`${label} history`}>
        {HISTORY_BUTTONS.map(({ action, text, keys }) => (
          <button
            key={action}
            type="button"
            onClick={() => apply(action)}
            disabled={!(action === 'undo' ? history.canUndo : history.canRedo)}
            aria-keyshortcuts={keys}
          >
            {text}
          </button>
        ))}
      </Toolbar>
      <Wrap>
        <textarea
          id={id}
          value={value}
          onChange={(e) => {
            history.set(e.target.value);
            emit(e.target.value);
          }}
          onKeyDown={onKeyDown}
          spellCheck
        />
        <section className="preview" aria-label="Preview">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
          <div data-testid="html-preview" dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />
        </section>
      </Wrap>
    </div>
  );
}
