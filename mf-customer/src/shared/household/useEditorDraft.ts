import { errorMessage } from '@kinfolio/ui-kit';
import { useSearchParams } from 'react-router-dom';
import { draftApi } from './api';

/**
 * An editor's form-step draft, named in its address (`?draft=<id>`): read when the editor opens, kept at each step,
 * removed once the editor has saved. A draft that cannot be read or kept is said in the editor's notice; the editor
 * goes on with the stored values. Used by the balance-sheet record editor and the policy editor.
 */
export function useEditorDraft(householdId: string, draftStep: string, setNotice: (text: string) => void) {
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  const named = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('draft', id);
    else next.delete('draft');
    setParams(next, { replace: true });
  };
  return {
    draftId,
    /** The named draft's data, or null: none is named, or it could not be read (the notice says so). */
    read: async (): Promise<Record<string, unknown> | null> => {
      if (!draftId) return null;
      try {
        return (await draftApi.read(draftId)).data as Record<string, unknown>;
      } catch (e) {
        setNotice(`The draft could not be read: ${errorMessage(e)}`);
        return null;
      }
    },
    /** Keeps `data` as the draft (a new draft is named in the address). */
    keep: async (data: Record<string, unknown>): Promise<void> => {
      try {
        const d = await draftApi.save({
          ...(draftId ? { id: draftId } : {}),
          step: draftStep,
          lead_id: householdId,
          data,
        });
        if (!draftId) named(d.id);
      } catch (e) {
        setNotice(`The draft could not be kept: ${errorMessage(e)}`);
      }
    },
    /** After a save: the draft is removed (a failure to remove it changes nothing) and no longer named. */
    discard: async (): Promise<void> => {
      if (draftId) await draftApi.remove(draftId).catch(() => undefined);
      named(null);
    },
  };
}
