import { useSearchParams } from 'react-router-dom';
import { RELATION_LABELS } from '../format';
import type { Household } from './api';

/** A member's display name: their name, else their relation. */
export function memberLabel(household: Household, memberId: unknown): string {
  const m = household.members.find((x) => x.id === memberId);
  if (!m) return '';
  return m.name || RELATION_LABELS[m.relation] || m.relation;
}

/** The member whose share the money figures show (§6: ?view=), or null for whole policies. */
export function useViewAs(household: Household): string | null {
  const [search] = useSearchParams();
  const v = search.get('view');
  return v && household.members.some((m) => m.id === v) ? v : null;
}
