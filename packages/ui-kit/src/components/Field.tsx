import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { INVALID_FLASH_MS } from '../constants';
import { theme } from '../theme';

export interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  /** Shows the '(Optional)' marker. */
  optional?: boolean;
  /** Shown as an inline tooltip by the field (spec §8). */
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  children: ReactNode;
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 14px;
  position: relative;
  label { font-weight: 600; font-size: 14px; color: ${theme.colors.text}; }
  .kf-optional { font-weight: 400; color: ${theme.colors.muted}; margin-left: 4px; }
  .kf-hint { font-size: 13px; color: ${theme.colors.muted}; }
`;

const Tip = styled.div`
  align-self: flex-start;
  position: relative;
  margin-top: 4px;
  padding: 4px 10px;
  font-size: 13px;
  color: #fff;
  background: ${theme.colors.danger};
  border-radius: 6px;
  &::before {
    content: '';
    position: absolute;
    top: -5px;
    left: 12px;
    border: 5px solid transparent;
    border-top: 0;
    border-bottom-color: ${theme.colors.danger};
  }
`;

export const errorIdFor = (id: string) => `${id}-error`;
export const hintIdFor = (id: string) => `${id}-hint`;

export function Field({ label, htmlFor, optional, error, hint, hideLabel, children }: FieldProps) {
  return (
    <Wrap>
      <label htmlFor={htmlFor} className={hideLabel ? 'kf-visually-hidden' : undefined}>
        {label}
        {optional ? <span className="kf-optional">(Optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <div className="kf-hint" id={hintIdFor(htmlFor)}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <Tip role="alert" id={errorIdFor(htmlFor)}>
          {error}
        </Tip>
      ) : null}
    </Wrap>
  );
}

/** The 200 ms invalid flash of spec §5. */
export function useFlash(ms = INVALID_FLASH_MS): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flash = useCallback(() => {
    setOn(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [on, flash];
}

export const controlStyles = `
  width: 100%;
  min-height: 42px;
  padding: 8px 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: #fff;
  color: ${theme.colors.text};
  &:focus { border-color: ${theme.colors.primaryDark}; outline: 2px solid ${theme.colors.primary}; outline-offset: 0; }
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
  &[data-flash='true'] { border-color: ${theme.colors.danger}; background: ${theme.colors.dangerSoft}; }
  &:disabled { background: #eef2f2; }
`;

/** aria-describedby for a control with an optional hint and error. */
export function describedBy(id: string, error?: string | null, hint?: unknown): string | undefined {
  const ids = [hint ? hintIdFor(id) : null, error ? errorIdFor(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
