import type { households } from '@kinfolio/contracts';
import { api } from '@kinfolio/ui-kit';
import type { z } from 'zod';

/**
 * The household calls of the dashboard, typed by the contracts (issue 11). Every screen of mf-customer goes through
 * these, so a path lives in one place. The API client unwraps `{ data }`.
 */
export type Household = households.Household;
export type Member = households.Member;
export type CashFlowSummary = households.CashFlowSummary;
export type RecordKindName = households.RecordKindName;
export type RecordFields<K extends RecordKindName> = z.input<(typeof households.recordKinds)[K]['schema']>;
export type StoredRecord<K extends RecordKindName> = z.output<(typeof households.recordKinds)[K]['schema']> &
  z.infer<typeof households.RecordMeta>;
export type Dream = z.output<typeof households.DreamRecord> & z.infer<typeof households.RecordMeta>;
export type Concern = z.output<typeof households.ConcernRecord> & z.infer<typeof households.RecordMeta>;
export type MetaQuestion = z.infer<typeof households.MetaQuestion>;
export interface PageOf<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

const id = (v: string) => encodeURIComponent(v);
/**
 * The record kinds' paths, as the contract declares them (the type checks they match). Kept as plain strings so the
 * remote does not bundle zod with the contracts.
 */
const KIND_PATHS = {
  income: 'member-income',
  expense: 'member-expense',
  livingExpense: 'member-living-expense',
  saving: 'member-saving',
  lifeUncertainty: 'life-uncertainty/cash-flow',
  retirementDreamRental: 'retirement-dream-rental',
  retirementDreamCapitalPreservation: 'retirement-dream-capital-preservation',
  goal: 'goals',
} as const satisfies { [K in RecordKindName]: (typeof households.recordKinds)[K]['path'] };
const kindPath = (kind: RecordKindName) => KIND_PATHS[kind];

export const householdApi = {
  get: (householdId: string, signal?: AbortSignal) => api.get<Household>(`single-lead/${id(householdId)}`, { signal }),
  patch: (householdId: string, body: households.LeadPatchBody) =>
    api.patch<Household>(`leads/${id(householdId)}`, body),
  members: (householdId: string, signal?: AbortSignal) =>
    api.get<Member[]>('earning-member', { query: { lead_id: householdId }, signal }),
  /** Create (no id) or update (id) one member. */
  saveMember: (body: z.input<typeof households.EarningMemberBody>) => api.post<Member>('earning-member', body),
  deleteMember: (memberId: string) => api.del<{ message: string }>(`members/${id(memberId)}`),
  cashFlow: (householdId: string, signal?: AbortSignal) =>
    api.get<CashFlowSummary>(`customer/cash-flow/${id(householdId)}`, { signal }),

  listRecords: <K extends RecordKindName>(
    kind: K,
    householdId: string,
    query: { page?: number; page_size?: number; member_id?: string } = {},
    signal?: AbortSignal,
  ) =>
    api.get<PageOf<StoredRecord<K>>>(`customer/${id(householdId)}/${kindPath(kind)}`, {
      query: { page_size: 200, ...query },
      signal,
    }),
  createRecord: <K extends RecordKindName>(kind: K, householdId: string, fields: RecordFields<K>) =>
    api.post<StoredRecord<K>>(`customer/${kindPath(kind)}`, { ...fields, lead_id: householdId }),
  updateRecord: <K extends RecordKindName>(kind: K, recordId: string, fields: Partial<RecordFields<K>>) =>
    api.patch<StoredRecord<K>>(`customer/${kindPath(kind)}/${id(recordId)}`, fields),
  deleteRecord: (kind: RecordKindName, recordId: string) =>
    api.del<{ message: string }>(`customer/${kindPath(kind)}/${id(recordId)}`),

  dreams: (householdId: string, signal?: AbortSignal) =>
    api.get<PageOf<Dream>>(`advisor/leads/${id(householdId)}/dreams`, { signal }),
  dream: (householdId: string, dreamId: string) =>
    api.get<Dream>(`advisor/leads/${id(householdId)}/dreams/${id(dreamId)}`),
  saveDream: (householdId: string, body: z.input<typeof households.DreamRecord>) =>
    api.post<Dream>(`advisor/leads/${id(householdId)}/dreams`, body),
  deleteDream: (householdId: string, dreamId: string) =>
    api.del<{ message: string }>(`advisor/leads/${id(householdId)}/dreams/${id(dreamId)}`),
  concerns: (householdId: string, signal?: AbortSignal) =>
    api.get<PageOf<Concern>>(`advisor/leads/${id(householdId)}/concerns`, { signal }),
  saveConcern: (householdId: string, body: z.input<typeof households.ConcernRecord>) =>
    api.post<Concern>(`advisor/leads/${id(householdId)}/concerns`, body),
  dreamMeta: (signal?: AbortSignal) => api.get<MetaQuestion[]>('meta-data/dream', { signal }),
  concernMeta: (signal?: AbortSignal) => api.get<MetaQuestion[]>('meta-data/concern', { signal }),
};
