import { errorMessage } from './api';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

/** What a screen reads of one fetched resource. */
export interface Resource<T> {
  /** The last reply (kept while a newer one loads, and after a failed reload); null before the first. */
  data: T | null;
  /** The last failure as the message to show (the ui-kit's catalogue); null after a success. */
  error: string | null;
  /** A request is running. */
  loading: boolean;
  /** Fetch again with the same key (after a save). */
  reload: () => void;
  /** Change the held data in place (an optimistic move, a removed row) until the next reply replaces it. */
  setData: Dispatch<SetStateAction<T | null>>;
  /** Show a message in `error` (a failed save of the same list). */
  setError: Dispatch<SetStateAction<string | null>>;
}

/** A resource's key: the values it depends on (household id, version, a filter …), or nothing to fetch yet. */
export type ResourceKey = readonly unknown[];

/**
 * The one fetch hook of every remote (issue 33; load.ts's `useLoadState` is an adapter over it):
 * `useResource(key, fetcher)` calls `fetcher(key, signal)` when the key is first given and whenever one of its
 * values changes, and on `reload()`. The request before is aborted (so is the last one on unmount), and a reply or failure of a request that is no
 * longer the latest is ignored, so a slow old reply never overwrites a newer one. A failure becomes `error` through
 * the ui-kit's `errorMessage` (one place); a fetcher that throws at once counts as a failure too. A null, false or
 * undefined key fetches nothing and keeps what is held.
 */
export function useResource<T, K extends ResourceKey>(
  key: K | null | false | undefined | '',
  fetcher: (key: K, signal: AbortSignal) => Promise<T>,
): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState<boolean>(!!key);
  const [round, setRound] = useState(0);
  // the latest fetcher and key, read when a request starts (an inline fetcher does not refetch by itself)
  const latest = useRef({ key, fetcher });
  latest.current = { key, fetcher };
  const keyText = key ? JSON.stringify(key) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's values (as text) and reload rounds start a request
  useEffect(() => {
    const { key: k, fetcher: f } = latest.current;
    if (!k) {
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    // called at once (a read starts with its render), and a fetcher that throws at once fails like a rejected one
    let request: Promise<T>;
    try {
      request = f(k, ctrl.signal);
    } catch (e) {
      request = Promise.reject(e);
    }
    request.then(
      (d) => {
        if (ctrl.signal.aborted) return;
        setData(() => d);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(errorMessage(e));
        setLoading(false);
      },
    );
    return () => ctrl.abort();
  }, [keyText, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload, setData, setError };
}
