import type {
  balanceSheet,
  households,
  insurance,
  planning,
  recordKinds,
  reference,
  scenarios,
} from '@kinfolio/contracts';
import { api } from '@kinfolio/ui-kit';
import type { z } from 'zod';
import { kindPath } from '../data/kindPath';
import { kindRoutes } from '../data/kindRoutes';

/**
 * The household calls of the dashboard, typed by the contracts (issue 11). Every screen of mf-customer goes through
 * these, so a path lives in one place. The API client unwraps `{ data }`.
 */
export type Household = households.Household;
export type Member = households.Member;
export type CashFlowSummary = households.CashFlowSummary;
type Kinds = typeof recordKinds.KINDS;
/** The record kinds of a family (contracts record-kinds.ts), by name. */
type KindsOf<F extends recordKinds.Family> = {
  [K in keyof Kinds]: Kinds[K]['family'] extends F ? K : never;
}[keyof Kinds];
/** The household family's kinds served by the generic routes (dreams and concerns have their own, below). */
export type RecordKindName = Exclude<KindsOf<'household'>, 'dream' | 'concern'>;
export type RecordFields<K extends RecordKindName> = z.input<Kinds[K]['schema']>;
export type StoredRecord<K extends RecordKindName> = z.output<Kinds[K]['schema']> &
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
// every record kind's path comes from its declaration (contracts record-kinds.ts, through shared/data/kindPath)

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
  ) => kindRoutes.list<PageOf<StoredRecord<K>>>(kind, householdId, query, signal),
  createRecord: <K extends RecordKindName>(kind: K, householdId: string, fields: RecordFields<K>) =>
    kindRoutes.create<StoredRecord<K>>(kind, householdId, fields),
  updateRecord: <K extends RecordKindName>(kind: K, recordId: string, fields: Partial<RecordFields<K>>) =>
    kindRoutes.update<StoredRecord<K>>(kind, recordId, fields),
  deleteRecord: (kind: RecordKindName, recordId: string) => kindRoutes.remove(kind, recordId),

  dreams: (householdId: string, signal?: AbortSignal) =>
    api.get<PageOf<Dream>>(`advisor/leads/${id(householdId)}/${kindPath('dream')}`, { signal }),
  dream: (householdId: string, dreamId: string) =>
    api.get<Dream>(`advisor/leads/${id(householdId)}/${kindPath('dream')}/${id(dreamId)}`),
  saveDream: (householdId: string, body: z.input<typeof households.DreamRecord>) =>
    api.post<Dream>(`advisor/leads/${id(householdId)}/${kindPath('dream')}`, body),
  deleteDream: (householdId: string, dreamId: string) =>
    api.del<{ message: string }>(`advisor/leads/${id(householdId)}/${kindPath('dream')}/${id(dreamId)}`),
  concerns: (householdId: string, signal?: AbortSignal) =>
    api.get<PageOf<Concern>>(`advisor/leads/${id(householdId)}/${kindPath('concern')}`, { signal }),
  saveConcern: (householdId: string, body: z.input<typeof households.ConcernRecord>) =>
    api.post<Concern>(`advisor/leads/${id(householdId)}/${kindPath('concern')}`, body),
  dreamMeta: (signal?: AbortSignal) => api.get<MetaQuestion[]>('meta-data/dream', { signal }),
  concernMeta: (signal?: AbortSignal) => api.get<MetaQuestion[]>('meta-data/concern', { signal }),
};

// ---------------------------------------------------------------- insurance (issue 12)
export type InsuranceKind = KindsOf<'insurance'>;
/** The fields of a create (lead_id is added here). */
export type InsuranceFields<K extends InsuranceKind> = z.input<Kinds[K]['schema']>;
export type StoredPolicy = insurance.StoredPolicy;
export type StoredBenefit = z.infer<typeof insurance.StoredBenefit>;
export type StoredTransaction = z.infer<typeof insurance.StoredTransaction>;
export type CoverageByMember = z.infer<typeof insurance.CoverageByMemberReply>['data'];
export type CoverageRow = z.infer<typeof insurance.CoverageRow>;
export type Projections = z.infer<typeof insurance.ProjectionsReply>['data'];
export type PlanType = z.infer<typeof insurance.PlanTypeRow>;
export type ReferencePlan = z.infer<typeof insurance.InsurancePlansReply>['data'][number];
export type PlanPremium = reference.PremiumLookup;
export type InsuranceRecord = Record<string, unknown> & { id: string; position: number };
type PositionKind = 'policy' | 'plan' | 'benefit';

export const insuranceApi = {
  /** The household's policies with their children and the tooltip and detail figures. */
  policies: (householdId: string, signal?: AbortSignal, view?: string | null) =>
    api.get<PageOf<StoredPolicy>>(`customer/${id(householdId)}/insurance`, {
      query: { page_size: 200, view: view || undefined },
      signal,
    }),
  list: (kind: InsuranceKind, householdId: string, signal?: AbortSignal) =>
    kindRoutes.list<PageOf<InsuranceRecord>>(kind, householdId, {}, signal),
  create: <K extends InsuranceKind>(kind: K, householdId: string, fields: InsuranceFields<K>) =>
    kindRoutes.create<InsuranceRecord>(kind, householdId, fields),
  update: <K extends InsuranceKind>(kind: K, recordId: string, fields: Partial<InsuranceFields<K>>) =>
    kindRoutes.update<InsuranceRecord>(kind, recordId, fields),
  remove: (kind: InsuranceKind, recordId: string) => kindRoutes.remove(kind, recordId),
  /** The position bulk updates of policies, plans and benefits (spec §7). */
  positions: (kind: PositionKind, householdId: string, ids: readonly string[]) =>
    kindRoutes.positions(kind, householdId, ids),
  /** Per policy: its premium schedule from the stored transactions and its projected years. */
  projections: (householdId: string, policyId: string, signal?: AbortSignal) =>
    api.get<Projections>('customer/insurance-projections-tables', {
      query: { lead_id: householdId, insurance_id: policyId },
      signal,
    }),
  /** The allocation of new premiums over a policy's funds (every fund once; they total 100). */
  fundBalancing: (householdId: string, policyId: string, funds: Array<{ id: string; asset_balancing: number }>) =>
    api.patch<{ message: string }>('customer/insurance-fund-asset-balancing', {
      lead_id: householdId,
      insurance_id: policyId,
      funds,
    }),
  /** Reference data the admins keep: plan types, and the plan picker (the custom plan always first). */
  planTypes: (signal?: AbortSignal) => api.get<PlanType[]>('insurance/plan-types', { signal }),
  plans: (signal?: AbortSignal) => api.get<ReferencePlan[]>('customer/insurance-plans', { signal }),
  /** A reference plan's premium for a member, from the plan's premium table (issue 31 item 8). */
  planPremium: (planId: string, query: z.input<typeof reference.PremiumLookupQuery>, signal?: AbortSignal) =>
    api.get<PlanPremium>(`customer/insurance-plans/${planId}/premium`, { query, signal }),
  coverageByMember: (householdId: string, signal?: AbortSignal) =>
    api.get<CoverageByMember>('customer/insurance-coverage-by-member', { query: { lead_id: householdId }, signal }),
};

/** Form-step drafts (the households issue's): kept per signed-in user, named in the editor's address. */
export const draftApi = {
  save: (body: z.input<typeof households.DraftBody>) =>
    api.post<households.Draft>('user/form-steps-draft/create', body),
  read: (draftId: string, signal?: AbortSignal) =>
    api.get<households.Draft>(`user/form-steps-draft/${id(draftId)}/read`, { signal }),
  remove: (draftId: string) => api.del<{ message: string }>(`user/form-steps-draft/${id(draftId)}`),
};

// ---------------------------------------------------------------- balance sheet (issue 13)
export type BalanceSheetKind = KindsOf<'balanceSheet'>;
/** The fields of a create (lead_id is added here). */
export type BalanceSheetFields<K extends BalanceSheetKind> = z.input<Kinds[K]['schema']>;
/** A stored record of a kind: its fields (defaults applied) and the record meta. */
export type BalanceSheetRecord<K extends BalanceSheetKind> = z.output<Kinds[K]['schema']> &
  z.infer<typeof households.RecordMeta>;
export type DebtSummary = z.infer<typeof balanceSheet.DebtSummary>;
export type DebtSummaryLoan = z.infer<typeof balanceSheet.DebtSummaryLoan>;
/** The whole balance sheet: every record (its stored fields) with its children, figures and §6 share. */
export type BalanceSheetData = z.infer<typeof balanceSheet.BalanceSheet>;

export const balanceSheetApi = {
  list: <K extends BalanceSheetKind>(kind: K, householdId: string, signal?: AbortSignal) =>
    kindRoutes.list<PageOf<BalanceSheetRecord<K>>>(kind, householdId, {}, signal),
  create: <K extends BalanceSheetKind>(kind: K, householdId: string, fields: BalanceSheetFields<K>) =>
    kindRoutes.create<BalanceSheetRecord<K>>(kind, householdId, fields),
  update: <K extends BalanceSheetKind>(kind: K, recordId: string, fields: Record<string, unknown>) =>
    kindRoutes.update<BalanceSheetRecord<K>>(kind, recordId, fields),
  remove: (kind: BalanceSheetKind, recordId: string) => kindRoutes.remove(kind, recordId),
  /** The order of a household's records of a kind (the spec's bulk-update/portfolio-fund/positions). */
  positions: (kind: 'savingFund' | 'pension' | 'portfolioFund' | 'debt', householdId: string, ids: readonly string[]) =>
    kindRoutes.positions(kind, householdId, ids),
  /** The engine's figures of every loan and property (schedules, outstanding by year, sale plan), §6-scaled by `view`. */
  debtSummary: (householdId: string, view: string | null, signal?: AbortSignal) =>
    api.get<DebtSummary>(`customer/${id(householdId)}/debt-summary`, { query: { view: view || undefined }, signal }),
  /** Reference: the property types the admins keep (spec §7 GET property/types). */
  propertyTypes: (signal?: AbortSignal) =>
    api.get<Array<z.infer<typeof balanceSheet.ReferenceItem>>>('property/types', { signal }),
  /** The whole balance sheet with its totals, §6-scaled by `view`. */
  balanceSheet: (householdId: string, view: string | null, signal?: AbortSignal) =>
    api.get<BalanceSheetData>(`customer/${id(householdId)}/balance-sheet`, {
      query: { view: view || undefined },
      signal,
    }),
  /**
   * A debt's whole list of instalment transactions: listed ids kept, new ones created, the rest removed (the reply:
   * the ids in the order sent).
   */
  bulkDebtTransactions: (
    householdId: string,
    debtId: string,
    transactions: Omit<z.input<typeof balanceSheet.DebtTransactionsBulkBody>, 'lead_id'>['transactions'],
  ) =>
    api.patch<{ ids: string[] }>(`customer/bulk-update/debt-transactions/${id(debtId)}`, {
      lead_id: householdId,
      transactions,
    }),
  /** The allocation of new money over a portfolio's holdings (every holding once; they total 100). */
  holdingAssetBalancing: (
    householdId: string,
    portfolioId: string,
    funds: Array<{ id: string; asset_balancing: number }>,
  ) =>
    api.patch<{ message: string }>('customer/portfolio-fund-details-asset-balancing', {
      lead_id: householdId,
      portfolio_fund_id: portfolioId,
      funds,
    }),
  /** The fund list the admins keep, searched by name (spec §7 GET investment-funds). */
  investmentFunds: (search: string, signal?: AbortSignal) =>
    api.get<InvestmentFund[]>('investment-funds', { query: { search: search || undefined }, signal }),
  /** The asset classes the admins keep (spec §7 GET fund-asset-class). */
  fundAssetClasses: (signal?: AbortSignal) =>
    api.get<Array<z.infer<typeof balanceSheet.FundAssetClass>>>('fund-asset-class', { signal }),
};
export type InvestmentFund = z.infer<typeof balanceSheet.InvestmentFund>;

// ---------------------------------------------------------------- data table and scenario modelling (issue 14)
export type DataTables = z.infer<typeof planning.DataTablesReply>;
export type YearRow = z.infer<typeof planning.YearRow>;
export type ScenarioResult = z.infer<typeof planning.ScenarioReply>;
export type ScenarioChanges = NonNullable<z.input<typeof households.StoredScenarioBody>['scenario']>;
export type SavedFilter = scenarios.SavedFilter;
export type SavedFilterFields = z.input<typeof scenarios.SavedFilterRecord>;
export type LockedAsset = scenarios.LockedAsset;
export type SellSequence = scenarios.SellSequence;
export type ScenarioSettings = scenarios.ScenarioSettings;
export type NamedScenario = scenarios.NamedScenario;
export type ScenarioInputs = scenarios.ScenarioInputs;
export type StoredScenarioRunBody = scenarios.StoredScenarioRunBody;
export type CompareResult = z.infer<typeof scenarios.CompareScenariosReply>['data'];
export type ScenarioSettingsFields = Omit<scenarios.ScenarioSettingsBody, 'lead_id'>;

export const scenarioApi = {
  /** The engine's year-by-year rows of the stored household. */
  dataTables: (householdId: string, signal?: AbortSignal) =>
    api.post<DataTables>('customer/calculate/data-tables', { household_id: householdId }, { signal }),
  /** Current plan versus the scenario (the stored sell sequence and locked assets apply unless posted). */
  scenario: (
    householdId: string,
    scenario: ScenarioChanges,
    expenseChange?: Record<string, number>,
    signal?: AbortSignal,
  ) =>
    api.post<ScenarioResult>(
      'customer/calculate/scenario-modelling',
      {
        household_id: householdId,
        scenario,
        ...(expenseChange && Object.keys(expenseChange).length ? { expense_change_percent: expenseChange } : {}),
      },
      { signal },
    ),
  savedFilters: (householdId: string, signal?: AbortSignal) =>
    kindRoutes.list<PageOf<SavedFilter>>('savedFilter', householdId, {}, signal),
  saveFilter: (householdId: string, fields: SavedFilterFields) =>
    kindRoutes.create<SavedFilter>('savedFilter', householdId, fields),
  deleteFilter: (filterId: string) => kindRoutes.remove('savedFilter', filterId),
  lockedAssets: (householdId: string, signal?: AbortSignal) =>
    kindRoutes.list<PageOf<LockedAsset>>('lockedAsset', householdId, {}, signal),
  lockAsset: (householdId: string, assetId: string, label?: string) =>
    api.post<LockedAsset>(`customer/${kindPath('lockedAsset')}`, { lead_id: householdId, asset_id: assetId, label }),
  unlockAsset: (lockId: string) => kindRoutes.remove('lockedAsset', lockId),
  sellSequence: (householdId: string, signal?: AbortSignal) =>
    api.get<SellSequence>(`customer/${id(householdId)}/scenario-sell-sequence`, { signal }),
  saveSellSequence: (householdId: string, assetIds: readonly string[]) =>
    api.post<SellSequence>('customer/scenario-sell-sequence', { lead_id: householdId, asset_ids: assetIds }),
  settings: (householdId: string, signal?: AbortSignal) =>
    api.get<ScenarioSettings>(`customer/${id(householdId)}/scenario-settings`, { signal }),
  saveSettings: (householdId: string, fields: ScenarioSettingsFields) =>
    api.post<ScenarioSettings>('customer/scenario-settings', { ...fields, lead_id: householdId }),
  /** Runs a prepared body (`scenarioRunBody`: a named scenario's or a meeting's what-if), nothing stored. */
  run: (body: StoredScenarioRunBody, signal?: AbortSignal) =>
    api.post<ScenarioResult>('customer/calculate/scenario-modelling', body, { signal }),
  /** The household's named scenarios (a customer gets the recommended one and those shared). */
  namedScenarios: (householdId: string, signal?: AbortSignal) =>
    api.get<NamedScenario[]>(`customer/${id(householdId)}/named-scenarios`, { signal }),
  createNamedScenario: (householdId: string, body: scenarios.NamedScenarioBody) =>
    api.post<NamedScenario>(`customer/${id(householdId)}/named-scenarios`, body),
  updateNamedScenario: (householdId: string, scenarioId: string, patch: scenarios.NamedScenarioPatch) =>
    api.patch<NamedScenario>(`customer/${id(householdId)}/named-scenarios/${id(scenarioId)}`, patch),
  deleteNamedScenario: (householdId: string, scenarioId: string) =>
    api.del<{ message: string }>(`customer/${id(householdId)}/named-scenarios/${id(scenarioId)}`),
  /** Two scenarios (named ones or `working`) side by side, each beside the current plan. */
  compareScenarios: (householdId: string, body: scenarios.CompareScenariosBody, signal?: AbortSignal) =>
    api.post<CompareResult>(`customer/${id(householdId)}/named-scenarios/compare`, body, { signal }),
};
