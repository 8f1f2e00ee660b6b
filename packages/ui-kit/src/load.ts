import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api';
import { useResource } from './resource';

/**
 * What `useLoad` gives a screen: the data (null until the first read answers), the read's failure, `reload`, and
 * `setData` for a screen that puts an answer of its own in place (or null to show loading again).
 */
export interface Loaded<T> {
  data: T | null;
  loadError: string | null;
  reload: (signal?: AbortSignal) => Promise<void>;
  setData: (data: T | null) => void;
  /** Starts over: no error, no data (loading shows again), then the read. */
  retry: () => Promise<void>;
}

/** `onData` sees each answer as it is taken (for a screen that keeps an editable copy); `errorText` words a failure. */
export interface LoadOptions<T> {
  onData?: (data: T) => void;
  errorText?: (err: unknown) => string;
}

/**
 * One read a screen shows: runs `read` when mounted and whenever `deps` change, and again on `reload`. A read the
 * screen no longer needs (unmounted, or its deps changed) is aborted and never shown. A failure keeps the last data
 * and gives the error catalogue's message (or `errorText`'s); a later success clears it. This is the fetch effect the
 * admin and advisor screens each wrote out.
 */
export function useLoad<T>(
  read: (signal?: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { onData, errorText = errorMessage }: LoadOptions<T> = {},
): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the read depends on
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await read(signal);
        if (signal?.aborted) return;
        setData(answer);
        onData?.(answer);
        setLoadError(null);
      } catch (err) {
        if (!signal?.aborted) setLoadError(errorText(err));
      }
    },
    [...deps],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void reload(ctrl.signal);
    return () => ctrl.abort();
  }, [reload]);
  const retry = () => {
    setLoadError(null);
    setData(null);
    return reload();
  };
  return { data, loadError, reload, setData, retry };
}

/** A read in progress or done: `loading` while it runs (the last data stays shown), then its data or its error. */
export interface LoadState<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

/**
 * A read that says when it is under way (paged lists dim their rows and hold the pager meanwhile): runs `read`
 * whenever `deps` change while `enabled`; a failure drops the data and gives the error catalogue's message. A read
 * the screen no longer needs is aborted and never shown.
 */
export function useLoadState<T>(
  read: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  enabled = true,
): LoadState<T> {
  const { data, error, loading } = useResource(enabled && [...deps], (_key, signal) => read(signal));
  // a new read clears the last failure, and a failure drops the data (also while the next read runs)
  return { loading, data: error ? null : data, error: loading ? null : error };
}
