import { errorMessage } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { householdApi, type RecordKindName, type StoredRecord } from './api';
import { useHousehold } from './context';

/**
 * A household's records of one kind, fetched again whenever the household changed (a save here, a live change):
 * `rows` null while loading, `error` the server's message (also for the caller's own failures, through `setError`).
 */
export function useKindRecords<K extends RecordKindName, T = StoredRecord<K>>(
  kind: K,
  householdId: string | undefined,
) {
  const { version } = useHousehold();
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!householdId) return;
    const ctrl = new AbortController();
    householdApi.listRecords(kind, householdId, {}, ctrl.signal).then(
      (p) => {
        if (ctrl.signal.aborted) return;
        setRows(p.rows as T[]);
        setError(null);
      },
      (e: unknown) => !ctrl.signal.aborted && setError(errorMessage(e)),
    );
    return () => ctrl.abort();
  }, [kind, householdId, version]);
  return { rows, error, setError };
}
