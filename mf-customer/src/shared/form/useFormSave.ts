import { errorMessage, fieldErrors } from '@kinfolio/ui-kit';
import { useState } from 'react';

/**
 * A form's save: `save(local, write, onSaved)` shows the form's own checks (`local`, a message by field) and stops
 * when any is found; otherwise it runs `write` while `busy` and hands its answer to `onSaved`. A failure puts the
 * server's field errors beside their fields and its message (`error`) above the buttons.
 */
export function useFormSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async <T>(
    local: Record<string, string>,
    write: () => Promise<T>,
    onSaved: (answer: T) => void,
  ): Promise<void> => {
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await write());
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { errors, error, busy, save };
}
