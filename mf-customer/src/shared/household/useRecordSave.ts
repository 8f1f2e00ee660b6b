import { errorMessage, fieldErrors } from '@kinfolio/ui-kit';
import { useState } from 'react';
import { householdApi, type RecordKindName } from './api';

/**
 * A record dialog's save: a new record is created in the household, a stored one updated; the server's field errors
 * land beside their fields and its message above the buttons. `errors` also takes the dialog's own checks
 * (`setErrors`), which stop the save when any is found (`save` returns false then).
 */
export function useRecordSave(kind: RecordKindName, householdId: string, recordId: string | null) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (local: Record<string, string>, body: () => unknown, onSaved: () => void): Promise<void> => {
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setError(null);
    try {
      if (recordId) await householdApi.updateRecord(kind, recordId, body() as never);
      else await householdApi.createRecord(kind, householdId, body() as never);
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { errors, error, busy, save };
}
