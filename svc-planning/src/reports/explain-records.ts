import type { explanations as X } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import type { RecordRef } from '../domain/calculations/explain';
import type { HouseholdRow } from '../records/access';
import { allKinds, type RecordKind } from '../records/kinds';
import { type RecordRow, toRecord } from '../records/repository';

/**
 * The records an explanation names, as links (issue 34): each engine or report reference (`{ kind, id, field }`, the
 * kind as the engine's section names it) is looked up among the household's own records (tenant-scoped: another
 * household's id finds nothing and is left out) and answered with its record kind, its name and the dashboard screen
 * that edits it.
 */

/** The household workspace screen (below the dashboard's base) that edits a record of a kind. */
export function screenOf(kind: RecordKind): string {
  if (kind.family === 'insurance') return 'financial-report/insurance';
  if (kind.family === 'balanceSheet')
    return kind.table.startsWith('debt') ? 'financial-report/debt' : 'financial-report/funds';
  if (kind.name === 'goal') return 'goals';
  if (kind.name === 'concern') return 'dreams-concerns/my-concerns';
  if (kind.name === 'dream' || kind.table.startsWith('retirement_dream')) return 'dreams-concerns/my-dreams';
  return 'financial-report/cashflow';
}

const FIELD_WORDS: Record<string, string> = { current_value: 'current value', market_value: 'market value' };
const nameOf = (r: Record<string, unknown>, kind: RecordKind): string => {
  for (const k of ['name', 'plan_name', 'category', 'kind', 'type', 'benefit_type']) {
    const v = r[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return kind.name;
};

/** The kinds a household's records are stored in (the household, insurance and balance-sheet families). */
const recordKinds = (): RecordKind[] => allKinds().filter((k) => k.family !== 'scenarios');

export async function recordLinks(
  ctx: ServiceContext,
  hh: HouseholdRow,
  refs: readonly RecordRef[],
): Promise<X.ExplanationRecord[]> {
  if (refs.length === 0) return [];
  const out: X.ExplanationRecord[] = [];
  const people = refs.filter((r) => r.kind === 'members' || r.kind === 'household');
  for (const r of people)
    out.push({
      kind: r.kind === 'members' ? 'member' : 'household',
      id: r.id,
      field: r.field ?? null,
      label: r.label ?? (r.kind === 'members' ? 'Household member' : 'Household'),
      screen: 'profile',
    });
  const ids = [...new Set(refs.filter((r) => !people.includes(r)).map((r) => r.id))].filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  if (ids.length === 0) return out;
  const kinds = recordKinds();
  const marks = ids.map(() => '?').join(', ');
  const sql = kinds
    .map(
      (k) =>
        `SELECT '${k.table}' AS tbl, id, advisor_id, household_id, member_id, position, data, created_at, updated_at FROM ${k.table} WHERE advisor_id = ? AND household_id = ? AND id IN (${marks})`,
    )
    .join(' UNION ALL ');
  const res = await ctx.db.raw(
    sql,
    kinds.flatMap(() => [hh.advisor_id, hh.id, ...ids]),
  );
  const found = new Map<string, { kind: RecordKind; rec: Record<string, unknown> }>();
  for (const row of res.rows as Array<RecordRow & { tbl: string }>) {
    const kind = kinds.find((k) => k.table === row.tbl);
    if (kind) found.set(row.id, { kind, rec: toRecord(row) });
  }
  const seen = new Set<string>();
  for (const r of refs) {
    const f = found.get(r.id);
    const key = `${r.id}|${r.field ?? ''}`;
    if (!f || seen.has(key)) continue;
    seen.add(key);
    const field = r.field ?? null;
    out.push({
      kind: f.kind.name,
      id: r.id,
      field,
      label: `${nameOf(f.rec, f.kind)}${field ? `: ${FIELD_WORDS[field] ?? field.replace(/_/g, ' ')}` : ''}`,
      screen: screenOf(f.kind),
    });
  }
  return out;
}
