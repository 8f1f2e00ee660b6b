import { useResource } from '@kinfolio/ui-kit';
import { useLinksKeeping } from '../../shared/frame/links';
import { balanceSheetApi, type Household } from '../../shared/household/api';

/** The engine's figures of every loan and property (§6: a member's share with `view`). */
export function useDebtSummary(household: Household | null, version: number, view: string | null) {
  const householdId = household?.id ?? null;
  const { data, error } = useResource(householdId && ([householdId, version, view] as const), ([hid, , v], signal) =>
    balanceSheetApi.debtSummary(hid, v, signal),
  );
  return { summary: data, error };
}

/** A stored record as the balance sheet sends it: its fields, its children and figures, and its §6 share. */
export type SheetRow = Record<string, unknown> & { id: string; position: number; share?: number };

/** The whole balance sheet (every record with its children, figures and §6 share for `view`). */
export function useBalanceSheet(household: Household | null, version: number, view: string | null) {
  const householdId = household?.id ?? null;
  const { data, error, setData } = useResource(
    householdId && ([householdId, version, view] as const),
    ([hid, , v], signal) => balanceSheetApi.balanceSheet(hid, v, signal),
  );
  return { sheet: data, error, setSheet: setData };
}

/** Addresses of views of the page: the list, and the editor (?edit=<id>|new), keeping the tab and the view. */
export function useSectionLinks() {
  const to = useLinksKeeping(['on_boarding', 'view', 'activeTab', 'from']);
  return { list: to(), edit: (id: string, extra: Record<string, string> = {}) => to({ edit: id, ...extra }), to };
}
