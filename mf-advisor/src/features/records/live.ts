import { useHouseholdChanges } from '@kinfolio/ui-kit';

/** Live changes to the advisor's households (a new lead from on-boarding, a colleague's edit): reload the list. */
export function useHouseholdsLive(onChange: () => void): void {
  useHouseholdChanges(() => true, onChange);
}
