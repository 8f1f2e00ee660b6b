import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { PROGRESS_CAP, PROGRESS_HIDE_MS, PROGRESS_START, PROGRESS_STEP, PROGRESS_STEP_MS } from './constants';
import { theme } from './theme';

export interface RouteProgress {
  /** 0..100 */
  value: number;
  visible: boolean;
  /** Route change started: 5, then +10 every 500 ms up to 90. */
  start(): void;
  /** Completion or error: 100, hidden 250 ms later. */
  done(): void;
}

/** The progress bar's state machine (spec §4, §9). */
export function useRouteProgress(): RouteProgress {
  const [value, setValue] = useState(0);
  const [visible, setVisible] = useState(false);
  const step = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);

  const clear = useCallback(() => {
    if (step.current) clearInterval(step.current);
    if (hide.current) clearTimeout(hide.current);
    step.current = undefined;
    hide.current = undefined;
  }, []);

  const start = useCallback(() => {
    clear();
    running.current = true;
    setValue(PROGRESS_START);
    setVisible(true);
    step.current = setInterval(() => {
      setValue((v) => Math.min(PROGRESS_CAP, v + PROGRESS_STEP));
    }, PROGRESS_STEP_MS);
  }, [clear]);

  const done = useCallback(() => {
    if (!running.current) return;
    running.current = false;
    clear();
    setValue(100);
    hide.current = setTimeout(() => {
      setVisible(false);
      setValue(0);
    }, PROGRESS_HIDE_MS);
  }, [clear]);

  useEffect(() => clear, [clear]);
  return { value, visible, start, done };
}

const Track = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: 2000;
  pointer-events: none;
  div { height: 100%; background: ${theme.colors.primary}; transition: width 0.2s ease-out; }
`;

/** The thin bar shown on route changes. */
export function ProgressBar({ value, visible }: { value: number; visible: boolean }) {
  if (!visible) return null;
  return (
    <Track role="progressbar" aria-label="Page loading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div style={{ width: `${value}%` }} />
    </Track>
  );
}
