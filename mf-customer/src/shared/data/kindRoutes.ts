import { api } from '@kinfolio/ui-kit';
import { type KindName, kindPath } from './kindPath';

const id = (v: string) => encodeURIComponent(v);

/**
 * The five routes every record kind is served with (contracts' recordKindRoutes): list a household's records,
 * create (lead_id added here), update, remove, and the positions bulk update. The typed api objects of
 * shared/household/api.ts name their kinds and reply types and call these, so a kind's path is read in one place.
 */
export const kindRoutes = {
  list: <T>(
    kind: KindName,
    householdId: string,
    query: Record<string, string | number | undefined> = {},
    signal?: AbortSignal,
  ) => api.get<T>(`customer/${id(householdId)}/${kindPath(kind)}`, { query: { page_size: 200, ...query }, signal }),
  create: <T>(kind: KindName, householdId: string, fields: object) =>
    api.post<T>(`customer/${kindPath(kind)}`, { ...fields, lead_id: householdId }),
  update: <T>(kind: KindName, recordId: string, fields: object) =>
    api.patch<T>(`customer/${kindPath(kind)}/${id(recordId)}`, fields),
  remove: (kind: KindName, recordId: string) =>
    api.del<{ message: string }>(`customer/${kindPath(kind)}/${id(recordId)}`),
  /** The order of a household's records of a kind: each id with its index. */
  positions: (kind: KindName, householdId: string, ids: readonly string[]) =>
    api.patch<{ message: string }>(`customer/bulk-update/${kindPath(kind)}/positions`, {
      lead_id: householdId,
      positions: ids.map((rid, position) => ({ id: rid, position })),
    }),
};
