import { z } from 'zod';
import { Page, Timestamp } from './common';
import { RecordMeta, StoredScenarioBody } from './households';
import { RecordId, ScenarioReply } from './planning';
import { PlainText } from './validation';

/**
 * Scenario modelling's stored inputs and the data table's saved filters (issue 14; planning spec §7 "Calculations":
 * POST customer/saved-filters and GET customer/{id}/saved-filters; POST customer/scenario-sell-sequence and GET
 * customer/{id}/scenario-sell-sequence; GET, POST, DELETE customer/locked-assets). Saved filters and locked assets
 * are record kinds of the records module (listed, created with `{lead_id, …}`, deleted by id); the sell sequence is
 * one ordered list per household, replaced whole. The advisor writes; the household's customer reads.
 */
const Uuid = z.string().uuid({ message: 'Use an id' });

/** The data table's columns: the engine's yearly row (planning YearRow), nested values by dotted key. */
export const DATA_TABLE_COLUMNS = [
  'ages',
  'income',
  'tax',
  'employee_contribution',
  'expenses',
  'premiums',
  'loan_repayments',
  'goals',
  'investment_contributions',
  'insurance_payouts',
  'pension_payouts',
  'property_sales',
  'asset_sales',
  'net_cash_flow',
  'assets.cash',
  'assets.investments',
  'assets.pensions',
  'assets.properties',
  'assets.insurance',
  'liabilities.loans',
  'liabilities.shortfall',
  'total_assets',
  'total_liabilities',
  'net_worth',
] as const;
export const DataTableColumn = z.enum(DATA_TABLE_COLUMNS);
export type DataTableColumn = z.infer<typeof DataTableColumn>;

const Year = z.number().int().min(1900).max(2200);

/** A named choice of the data table's columns and years (per household). */
export const SavedFilterRecord = z.strictObject({
  name: PlainText(80).pipe(z.string().min(1, { message: 'Enter a name' })),
  columns: z
    .array(DataTableColumn)
    .min(1, { message: 'Choose at least one column' })
    .max(DATA_TABLE_COLUMNS.length)
    .refine((c) => new Set(c).size === c.length, { message: 'A column is chosen twice' }),
  year_from: Year.optional(),
  year_to: Year.optional(),
});
export type SavedFilterRecord = z.infer<typeof SavedFilterRecord>;
export const SavedFilter = SavedFilterRecord.extend(RecordMeta.shape);
export type SavedFilter = z.infer<typeof SavedFilter>;

/** An asset (engine id of a cash account, investment, pension or property) a scenario must never sell. */
export const LockedAssetRecord = z.strictObject({
  asset_id: RecordId,
  /** What the screen showed when it was locked (the asset may later be renamed or removed). */
  label: PlainText(120).optional(),
});
export type LockedAssetRecord = z.infer<typeof LockedAssetRecord>;
export const LockedAsset = LockedAssetRecord.extend(RecordMeta.shape);
export type LockedAsset = z.infer<typeof LockedAsset>;

/** POST customer/scenario-sell-sequence: the household's order of sale on a shortfall, replaced whole. */
export const SellSequenceBody = z.strictObject({
  lead_id: Uuid,
  asset_ids: z
    .array(RecordId)
    .max(500)
    .refine((a) => new Set(a).size === a.length, { message: 'An asset is listed twice' }),
});
export type SellSequenceBody = z.infer<typeof SellSequenceBody>;
export const SellSequence = z.object({
  lead_id: Uuid,
  asset_ids: z.array(z.string()),
  /** null until the advisor first saves one. */
  updated_at: Timestamp.nullable(),
});
export type SellSequence = z.infer<typeof SellSequence>;
export const SellSequenceReply = z.object({ message: z.string().optional(), data: SellSequence });

/**
 * POST customer/scenario-settings (decision, docs/decisions/scenarios.md): the scenario's own changes, stored per
 * household so the customer sees the scenario the advisor built: retirement age by member id, income change in %
 * by income record id, expense change in % by expense or living-expense record id, and the Monte Carlo trials.
 * Replaced whole; ids must be the household's own.
 */
const ChangePct = z.number().finite().min(-100).max(1000);
export const SCENARIO_TRIALS_MAX = 100_000;
export const ScenarioSettingsShape = z.strictObject({
  retirement_age: z.record(RecordId, z.number().int().min(18).max(100)).default({}),
  income_change_percent: z.record(RecordId, ChangePct).default({}),
  expense_change_percent: z.record(RecordId, ChangePct).default({}),
  trials: z.number().int().min(100).max(SCENARIO_TRIALS_MAX).optional(),
});
export const ScenarioSettingsBody = ScenarioSettingsShape.extend({ lead_id: Uuid });
export type ScenarioSettingsBody = z.infer<typeof ScenarioSettingsBody>;
export const ScenarioSettings = ScenarioSettingsShape.extend({
  lead_id: Uuid,
  /** null until the advisor first saves one. */
  updated_at: Timestamp.nullable(),
});
export type ScenarioSettings = z.infer<typeof ScenarioSettings>;
export const ScenarioSettingsReply = z.object({ message: z.string().optional(), data: ScenarioSettings });

export const SavedFilterPageReply = z.object({ data: Page(SavedFilter) });
export const LockedAssetPageReply = z.object({ data: Page(LockedAsset) });

/** Cross-field rule of a saved filter: the years, when both given, in order. */
export const savedFilterIssues = (f: Record<string, unknown>): Array<{ field: string; message: string }> =>
  typeof f.year_from === 'number' && typeof f.year_to === 'number' && f.year_to < f.year_from
    ? [{ field: 'year_to', message: 'Year to is before year from' }]
    : [];

/**
 * POST customer/calculate/scenario-modelling for a stored household: the planning scenario, plus expense changes
 * by expense record id in percent (the scenario only; the current plan keeps the stored amounts). The stored sell
 * sequence and locked assets apply unless the scenario names its own.
 */
export const StoredScenarioRunBody = StoredScenarioBody.extend({
  expense_change_percent: z.record(RecordId, z.number().finite().min(-100).max(1000)).optional(),
  /**
   * Issue 36: a property's selling year in the scenario only, by property record id (null: the scenario keeps it).
   * The current plan keeps the stored years.
   */
  property_sale_year: z.record(RecordId, Year.nullable()).optional(),
});
export type StoredScenarioRunBody = z.infer<typeof StoredScenarioRunBody>;

// ---------------------------------------------------------------- named scenarios (issue 36)
const LifeEvent = z.strictObject({
  member_id: RecordId,
  type: z.enum(['death', 'disability', 'critical_illness']),
  year: Year,
});
/**
 * A scenario's own inputs, as a named scenario stores them and as a meeting's what-if carries them: retirement ages
 * by member id, income and expense changes in % by record id, a property's selling year by property id (null: kept),
 * the sell sequence and locked assets (absent: the household's stored ones), life events (absent: the household's
 * recorded ones) and the Monte Carlo trials. `scenarioRunBody` turns them into the scenario run's body.
 */
export const ScenarioInputs = z.strictObject({
  retirement_age: z.record(RecordId, z.number().int().min(18).max(100)).default({}),
  income_change_percent: z.record(RecordId, ChangePct).default({}),
  expense_change_percent: z.record(RecordId, ChangePct).default({}),
  property_sale_year: z.record(RecordId, Year.nullable()).default({}),
  sell_sequence: z
    .array(RecordId)
    .max(500)
    .refine((a) => new Set(a).size === a.length, { message: 'An asset is listed twice' })
    .optional(),
  locked_assets: z
    .array(RecordId)
    .max(500)
    .refine((a) => new Set(a).size === a.length, { message: 'An asset is listed twice' })
    .optional(),
  events: z.array(LifeEvent).max(20).optional(),
  trials: z.number().int().min(100).max(SCENARIO_TRIALS_MAX).optional(),
});
export type ScenarioInputs = z.infer<typeof ScenarioInputs>;
export type ScenarioInputsInput = z.input<typeof ScenarioInputs>;

// scenarioRunBody lives in its own zod-free module: the browser runs it (mf-customer's first load carries no zod)
export { scenarioRunBody } from './scenario-run';

/**
 * A named scenario of a household ("Retire at 60", "Sell the condo in 2035"): any number per household. At most one
 * is `recommended` (the plan the customer sees first); the customer sees the recommended one and those `shared`.
 */
export const NamedScenarioBody = z.strictObject({
  name: PlainText(80).pipe(z.string().min(1, { message: 'Enter a name' })),
  description: PlainText(500).optional(),
  inputs: ScenarioInputs,
  shared: z.boolean().default(false),
  recommended: z.boolean().default(false),
});
export type NamedScenarioBody = z.input<typeof NamedScenarioBody>;
export const NamedScenarioPatch = z
  .strictObject({
    name: NamedScenarioBody.shape.name.optional(),
    description: PlainText(500).nullable().optional(),
    inputs: ScenarioInputs.optional(),
    shared: z.boolean().optional(),
    recommended: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: 'Change at least one field' });
export type NamedScenarioPatch = z.input<typeof NamedScenarioPatch>;
export const NamedScenario = z.object({
  id: Uuid,
  lead_id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  inputs: ScenarioInputs,
  shared: z.boolean(),
  recommended: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type NamedScenario = z.infer<typeof NamedScenario>;
export const NamedScenarioReply = z.object({ message: z.string().optional(), data: NamedScenario });
export const NamedScenarioListReply = z.object({ data: z.array(NamedScenario) });

/**
 * POST customer/{id}/named-scenarios/compare: two scenarios side by side, each a named scenario's id or `working`
 * (the household's working scenario, scenario-settings), each run with Monte Carlo when `monte_carlo` (same seed
 * for both, so the difference is the inputs').
 */
export const ScenarioRef = z.union([Uuid, z.literal('working')]);
export const CompareScenariosBody = z
  .strictObject({
    a: ScenarioRef,
    b: ScenarioRef,
    monte_carlo: z
      .strictObject({
        trials: z.number().int().min(100).max(20_000).optional(),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1)
          .optional(),
      })
      .optional(),
  })
  .refine((b) => b.a !== b.b, { message: 'Choose two different scenarios', path: ['b'] });
export type CompareScenariosBody = z.input<typeof CompareScenariosBody>;

/** One side of a comparison: which scenario, its name and inputs, and its run (the current plan beside it). */
export const CompareSide = z.object({
  ref: ScenarioRef,
  name: z.string(),
  inputs: ScenarioInputs,
  result: ScenarioReply,
});
export type CompareSide = z.infer<typeof CompareSide>;
export const CompareScenariosReply = z.object({ data: z.object({ a: CompareSide, b: CompareSide }) });
