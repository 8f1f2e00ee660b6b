import { type KeyboardEvent, useId, useRef } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

/**
 * A segmented control: one choice of a few (SGD / RM, Graph / Table, Side by side / Stacked), drawn as joined
 * buttons with the chosen one filled. The toggle-button pattern: each option is a native button with `aria-pressed`
 * (so screen readers say which is chosen), the group is a `role="group"` named by its label. Keyboard: Tab reaches
 * the buttons, Enter or Space chooses one; within the group the arrow keys, Home and End move between the options.
 */
export interface ToggleOption<T extends string> {
  value: T;
  /** The visible text, which is also the button's accessible name. */
  label: string;
}

export interface ToggleGroupProps<T extends string> {
  /** Names the group (and is shown before it unless `hideLabel`). */
  label: string;
  value: T;
  options: ReadonlyArray<ToggleOption<T>>;
  onChange: (value: T) => void;
  /** Only the group's accessible name carries the label (the surrounding text already says it). */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

const Wrap = styled.div`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 4px 6px;
  font-size: 0.875rem;
  > .kf-toggle-label {
    color: ${theme.colors.muted};
  }
`;
const Segments = styled.div`
  display: inline-flex;
  border: 1px solid ${theme.colors.primaryDark};
  border-radius: ${theme.radius};
  overflow: hidden;
  background: #fff;
  button {
    appearance: none;
    margin: 0;
    min-height: 36px;
    min-width: 44px;
    padding: 6px 8px;
    border: 0;
    border-left: 1px solid ${theme.colors.primaryDark};
    background: #fff;
    color: ${theme.colors.primaryDark};
    font: inherit;
    font-weight: 600;
    line-height: 1.2;
    white-space: nowrap;
    cursor: pointer;
  }
  button:first-child {
    border-left: 0;
  }
  button:hover:not(:disabled):not([aria-pressed='true']) {
    background: ${theme.colors.primarySoft};
  }
  button[aria-pressed='true'] {
    background: ${theme.colors.primaryDark};
    color: #fff;
  }
  button:focus-visible {
    outline: 3px solid ${theme.colors.text};
    outline-offset: -3px;
  }
  button:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

export function ToggleGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  hideLabel = false,
  disabled = false,
  className,
}: ToggleGroupProps<T>) {
  const labelId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = options.length;
    const at = buttons.current.findIndex((b) => b === e.target);
    if (at < 0 || n === 0) return;
    let to: number;
    if (NEXT.has(e.key)) to = (at + 1) % n;
    else if (PREVIOUS.has(e.key)) to = (at - 1 + n) % n;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = n - 1;
    else return;
    e.preventDefault();
    buttons.current[to]?.focus();
  };
  return (
    <Wrap className={className}>
      {hideLabel ? null : (
        <span className="kf-toggle-label" id={labelId}>
          {label}
        </span>
      )}
      <Segments
        role="group"
        aria-label={hideLabel ? label : undefined}
        aria-labelledby={hideLabel ? undefined : labelId}
        onKeyDown={onKeyDown}
      >
        {options.map((o, i) => (
          <button
            key={o.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            aria-pressed={o.value === value}
            disabled={disabled}
            onClick={() => {
              if (o.value !== value) onChange(o.value);
            }}
          >
            {o.label}
          </button>
        ))}
      </Segments>
    </Wrap>
  );
}
