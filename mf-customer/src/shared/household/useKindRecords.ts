import { useResource } from '@kinfolio/ui-kit';
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
  const { data, error, setError } = useResource(
    householdId && ([kind, householdId, version] as const),
    ([k, hid], signal) => householdApi.listRecords(k, hid, {}, signal).then((p) => p.rows as T[]),
  );
  return { rows: data, error, setError };
}
