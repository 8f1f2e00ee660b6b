import { ApiError, errorMessage, useHouseholdChanges } from '@kinfolio/ui-kit';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Household, householdApi } from './api';

export interface HouseholdState {
  household: Household | null;
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  /** Customers view their household; only its advisor edits it (spec §6). */
  readOnly: boolean;
  /** Bumped whenever the household changed (a save here, or a live change from the other side). */
  version: number;
  /** Reload the household and tell every section to refetch its records. */
  reload(): void;
}

const Ctx = createContext<HouseholdState>({
  household: null,
  status: 'idle',
  error: null,
  readOnly: true,
  version: 0,
  reload: () => undefined,
});

/** The household on screen, for every tab of the dashboard. */
export const useHousehold = () => useContext(Ctx);

/** Loads the household once per dashboard and again on `reload()` (saves, live changes). */
export function HouseholdProvider({
  householdId,
  readOnly,
  children,
}: {
  householdId: string | null;
  readOnly: boolean;
  children: ReactNode;
}) {
  const [household, setHousehold] = useState<Household | null>(null);
  const [status, setStatus] = useState<HouseholdState['status']>('idle');
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // a change saved elsewhere (the advisor in a meeting, the customer's own device) reloads this dashboard live
  const shownId = household?.id ?? null;
  useHouseholdChanges((msg) => msg.household_id === shownId, reload, shownId !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!householdId) {
      setHousehold(null);
      setStatus('idle');
      return;
    }
    const ctrl = new AbortController();
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    householdApi.get(householdId, ctrl.signal).then(
      (h) => {
        if (ctrl.signal.aborted) return;
        setHousehold(h);
        setError(null);
        setStatus('ready');
      },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        if (e instanceof ApiError && e.status === 404) {
          setHousehold(null);
          setStatus('missing');
          return;
        }
        setError(errorMessage(e));
        setStatus('error');
      },
    );
    return () => ctrl.abort();
    // version: a reload fetches again
  }, [householdId, version]);

  const value = useMemo(
    () => ({ household, status, error, readOnly, version, reload }),
    [household, status, error, readOnly, version, reload],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
