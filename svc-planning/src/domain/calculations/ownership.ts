import * as errorsModule from './errors';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { finite, result } = errorsModule;

/** Ownership (spec §3 Member sorting; §6 shared assets scaled to a member's percentage). */
export type Relation = 'me' | 'spouse' | 'joint' | 'all';
const ORDER: Record<Relation, number> = { joint: 0, all: 0, me: 1, spouse: 2 };

/** Sorting puts joint/all first, then me, then spouse (stable for equal relations). */
export function sortMembers<T extends { relation: Relation }>(members: readonly T[]): T[] {
  return members
    .map((m, i) => [m, i] as const)
    .sort((a, b) => ORDER[a[0].relation] - ORDER[b[0].relation] || a[1] - b[1])
    .map(([m]) => m);
}

export interface OwnerShare {
  member_id: string;
  percentage: number;
}

/**
 * A member's share (0-1) of an asset. Without owner shares the asset belongs wholly to `ownerId`. With shares, a
 * member's view is scaled to their percentage (0 when not an owner).
 */
export function shareOf(
  memberId: string,
  ownerId: string | null | undefined,
  owners: readonly OwnerShare[] | undefined,
): number {
  if (owners && owners.length > 0) {
    let pct = 0;
    for (let i = 0; i < owners.length; i++) {
      const o = owners[i] as OwnerShare;
      if (o.member_id === memberId) pct += finite(o.percentage, `owners.${i}.percentage`);
    }
    return pct / 100;
  }
  return ownerId === memberId ? 1 : 0;
}

/** The value a view shows: the joint/all view shows the whole asset once; a member's view their share. */
export function viewValue(
  value: number,
  view: { relation: Relation; id: string },
  ownerId: string | null | undefined,
  owners?: readonly OwnerShare[],
): number {
  finite(value, 'value');
  if (view.relation === 'joint' || view.relation === 'all') return value;
  return result(value * shareOf(view.id, ownerId, owners), 'value');
}
