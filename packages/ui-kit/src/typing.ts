import { useEffect, useRef } from 'react';

/**
 * Calls `apply` with what was typed once typing has paused for `ms` (and once on the first render): a list's search
 * box sends its search then, not on every key. `apply` is the latest one passed; a new key restarts the wait.
 */
export function useAfterTyping(typed: string, ms: number, apply: (typed: string) => void): void {
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(typed), ms);
    return () => clearTimeout(timer);
  }, [typed, ms]);
}
