import { errorMessage } from '@kinfolio/ui-kit';
import { useState } from 'react';

/** A form's save: `busy` while `work` runs; a failure goes to `fail`, worded by the error catalogue. */
export function useSave(fail: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
