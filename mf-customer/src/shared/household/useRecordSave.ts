import { useFormSave } from '../form/useFormSave';
import { householdApi, type RecordKindName } from './api';

/**
 * A record dialog's save (`useFormSave`): a new record is created in the household, a stored one updated. The
 * dialog's own checks (`local`) stop the save when any is found.
 */
export function useRecordSave(kind: RecordKindName, householdId: string, recordId: string | null) {
  const form = useFormSave();
  const save = (local: Record<string, string>, body: () => unknown, onSaved: () => void): Promise<void> =>
    form.save(
      local,
      () =>
        recordId
          ? householdApi.updateRecord(kind, recordId, body() as never)
          : householdApi.createRecord(kind, householdId, body() as never),
      () => onSaved(),
    );
  return { ...form, save };
}
