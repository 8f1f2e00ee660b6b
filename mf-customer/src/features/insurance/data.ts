import { useResource } from '@kinfolio/ui-kit';
import { useLinksKeeping } from '../../shared/frame/links';
import { type Household, insuranceApi, type StoredPolicy } from '../../shared/household/api';

const byPosition = (a: StoredPolicy, b: StoredPolicy) => a.position - b.position || a.id.localeCompare(b.id);

/**
 * The household's whole insurance in one call (each policy comes with its benefits, beneficiaries, transactions,
 * payouts, plans and owners), loaded again whenever the household changed (`version`: a save here or a live change).
 */
export function usePolicies(household: Household | null, version: number, viewAs: string | null = null) {
  const householdId = household?.id ?? null;
  const { data, error, setData } = useResource(
    householdId && ([householdId, version, viewAs] as const),
    ([hid, , view], signal) => insuranceApi.policies(hid, signal, view).then((p) => [...p.rows].sort(byPosition)),
  );
  return { policies: data, error, setPolicies: setData };
}

/** The policy's title in lists: plan name, else company, else 'Policy'. */
export function policyTitle(p: { plan_name?: string | null; custom_company_name?: string | null }): string {
  return String(p.plan_name || p.custom_company_name || 'Policy');
}

/** The address of a view of this page: the list, a policy's detail (?policy=) or the editor (?edit=). */
export function useInsuranceLinks() {
  const to = useLinksKeeping(['on_boarding', 'view']);
  return {
    list: to(),
    detail: (id: string) => to({ policy: id }),
    edit: (id: string) => to({ edit: id }),
  };
}

// the member helpers moved to shared/household/members.ts (issue 33): the balance sheet uses them too
export { memberLabel, useViewAs } from '../../shared/household/members';
