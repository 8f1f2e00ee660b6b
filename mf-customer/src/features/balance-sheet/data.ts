import { errorMessage } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { type BalanceSheetData, balanceSheetApi, type DebtSummary, type Household } from '../../shared/household/api';

/** The engine's figures of every loan and property (§6: a member's share with `view`). */
export function useDebtSummary(household: Household | null, version: number, view: string | null) {
  const [summary, setSummary] = useState<DebtSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const householdId = household?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!householdId) return;
    const ctrl = new AbortController();
    balanceSheetApi.debtSummary(householdId, view, ctrl.signal).then(
      (s) => {
        if (ctrl.signal.aborted) return;
        setSummary(s);
        setError(null);
      },
      (e: unknown) => !ctrl.signal.aborted && setError(errorMessage(e)),
    );
    return () => ctrl.abort();
  }, [householdId, version, view]);
  return { summary, error };
}

/** A stored record as the balance sheet sends it: its fields, its children and figures, and its §6 share. */
export type SheetRow = Record<string, unknown> & { id: string; position: number; share?: number };

/** The whole balance sheet (every record with its children, figures and §6 share for `view`). */
export function useBalanceSheet(household: Household | null, version: number, view: string | null) {
  const [sheet, setSheet] = useState<BalanceSheetData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const householdId = household?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!householdId) return;
    const ctrl = new AbortController();
    balanceSheetApi.balanceSheet(householdId, view, ctrl.signal).then(
      (s) => {
        if (ctrl.signal.aborted) return;
        setSheet(s);
        setError(null);
      },
      (e: unknown) => !ctrl.signal.aborted && setError(errorMessage(e)),
    );
    return () => ctrl.abort();
  }, [householdId, version, view]);
  return { sheet, error, setSheet };
}

/** Addresses of views of the page: the list, and the editor (?edit=<id>|new), keeping the tab and the view. */
export function useSectionLinks() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const keep = new URLSearchParams();
  for (const k of ['on_boarding', 'view', 'activeTab', 'from']) {
    const v = search.get(k);
    if (v !== null) keep.set(k, v);
  }
  const to = (extra: Record<string, string> = {}) => {
    const q = new URLSearchParams(keep);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    const s = q.toString();
    return `${pathname}${s ? `?${s}` : ''}`;
  };
  return { list: to(), edit: (id: string, extra: Record<string, string> = {}) => to({ edit: id, ...extra }), to };
}
