import { ProgressBar, useRouteProgress } from '@kinfolio/ui-kit';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Longest a route may take before the bar completes anyway. */
const SAFETY_MS = 15_000;

const ReadyContext = createContext<(key: string) => void>(() => undefined);

/**
 * The thin progress bar on route changes (spec §2.1, §4): starts when the location changes and completes when the
 * new route's content (a page or a remote, after its Suspense) has rendered: each renders <RouteReady/>.
 */
export function RouteProgressProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const progress = useRouteProgress();
  const { start, done } = progress;
  const lastReady = useRef<string | null>(null);
  const waiting = useRef<string | null>(null);
  const first = useRef(true);

  const ready = useCallback(
    (key: string) => {
      lastReady.current = key;
      if (waiting.current === key) {
        waiting.current = null;
        done();
      }
    },
    [done],
  );

  // Child effects run before this one: a route that rendered at once has already reported ready.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    start();
    if (lastReady.current === location.key) done();
    else waiting.current = location.key;
    const t = setTimeout(done, SAFETY_MS);
    return () => clearTimeout(t);
  }, [location.key, start, done]);

  const value = useMemo(() => ready, [ready]);
  return (
    <ReadyContext.Provider value={value}>
      <ProgressBar value={progress.value} visible={progress.visible} />
      {children}
    </ReadyContext.Provider>
  );
}

/** Rendered inside each route's content: reports the location it shows. */
export function RouteReady() {
  const ready = useContext(ReadyContext);
  const { key } = useLocation();
  useEffect(() => {
    ready(key);
  }, [ready, key]);
  return null;
}
