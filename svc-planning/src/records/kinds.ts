import { households as H } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { goalDreamBelongs, retirementAgeFromDream } from '../households/retirement-dream';
import type { HouseholdRow } from './access';

/**
 * One declaration per stored record kind: its contract (path, zod schema, parent: packages/contracts
 * households.ts), its table (made by createRecordTable in a migration) and any cross-field rule. Everything else
 * (list, create, update, delete, positions, tenancy, customer read access) is the records module's.
 */
export interface RecordKind {
  name: string;
  path: string;
  table: string;
  schema: z.ZodObject;
  parent: 'household' | 'member';
  /** Cross-field rules on the whole record, checked after create and after a patch is merged. */
  check?: (record: Record<string, unknown>) => Array<{ field: string; message: string }>;
  /**
   * Rules that read other rows (a parent of the same household, percentages over siblings, dates of a schedule),
   * run in the write's transaction before it; `id` is the record's own on update (null on create). May complete
   * `data` (derived fields). Throws a 400 naming the field.
   */
  verify?: (trx: Knex, hh: HouseholdRow, data: Record<string, unknown>, id: string | null) => Promise<void>;
  /** Fields the server derives (verify sets them): their stored values are dropped before a patch is merged. */
  derived?: readonly string[];
}

const kind = (name: string, c: H.RecordKindContract, table: string, check?: RecordKind['check']): RecordKind => ({
  name,
  ...c,
  table,
  check,
});

export const kinds = {
  income: kind('income', H.recordKinds.income, 'member_incomes', H.yearRangeIssues),
  expense: kind('expense', H.recordKinds.expense, 'member_expenses', H.yearRangeIssues),
  livingExpense: kind('livingExpense', H.recordKinds.livingExpense, 'member_living_expenses'),
  saving: kind('saving', H.recordKinds.saving, 'member_savings'),
  lifeUncertainty: kind('lifeUncertainty', H.recordKinds.lifeUncertainty, 'life_uncertainty_cash_flows'),
  retirementDreamRental: kind('retirementDreamRental', H.recordKinds.retirementDreamRental, 'retirement_dream_rentals'),
  retirementDreamCapitalPreservation: kind(
    'retirementDreamCapitalPreservation',
    H.recordKinds.retirementDreamCapitalPreservation,
    'retirement_dream_capital_preservations',
  ),
  goal: { ...kind('goal', H.recordKinds.goal, 'goals', (g) => H.goalIssues(g)), verify: goalDreamBelongs },
  // a dream's answered retirement age becomes its member's (households/retirement-dream.ts)
  dream: { ...kind('dream', H.ownRouteKinds.dream, 'dreams'), verify: retirementAgeFromDream },
  concern: kind('concern', H.ownRouteKinds.concern, 'concerns'),
} satisfies Record<H.RecordKindName | keyof typeof H.ownRouteKinds, RecordKind>;

/** The kinds served by the generic routes (customer/{path}…). */
export const genericKinds: RecordKind[] = (Object.keys(H.recordKinds) as H.RecordKindName[]).map((k) => kinds[k]);
/** Every kind, for cascades and duplication. */
export const allKinds: RecordKind[] = Object.values(kinds);
