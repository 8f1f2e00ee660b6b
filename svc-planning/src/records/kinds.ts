import { recordKinds as R } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import { balanceSheetRules } from '../balance-sheet/kinds';
import { retirementAgeFromDream } from '../households/retirement-dream';
import { insuranceRules } from '../insurance/kinds';
import type { HouseholdRow } from './access';

/**
 * svc-planning's record kinds: each is its declaration (packages/contracts record-kinds.ts: path, table, schema,
 * parent, references, positions, duplication, family) plus, only where the kind has behaviour, its rules hook.
 * Everything else (routes, tables and cascades, checks of parents, members and references, shares, uniqueness,
 * tenancy, duplication, reads) is the records module's, derived from the declaration.
 */
export type Data = Record<string, unknown>;
/**
 * The rules of a kind that read other rows or derive fields, run in the write's transaction after the declared checks
 * (the parent is locked and its data given; members and references are the household's); `id` is the record's own on
 * update (null on create). May complete `data` (derived fields). Throws a 400 naming the field.
 */
export type RulesHook = (
  trx: Knex,
  hh: HouseholdRow,
  data: Data,
  at: { id: string | null; parent: Data | null },
) => Promise<void>;

export interface RecordKind extends R.KindDeclaration {
  name: string;
  rules?: RulesHook;
}

/** The server's kinds: each declaration with its rules hook, if it has one. */
export function serverKinds<N extends string>(
  declarations: Readonly<Record<N, R.KindDeclaration>>,
  hooks: Partial<Record<string, RulesHook>>,
): Record<N, RecordKind> {
  const out = {} as Record<N, RecordKind>;
  for (const name of Object.keys(declarations) as N[]) {
    const rules = hooks[name];
    out[name] = { ...declarations[name], name, ...(rules ? { rules } : {}) };
  }
  return out;
}

/** A dream's answered retirement age becomes its member's (households/retirement-dream.ts). */
const householdRules: Partial<Record<R.KindName, RulesHook>> = { dream: retirementAgeFromDream };

export const kinds: Record<R.KindName, RecordKind> = serverKinds(R.KINDS, {
  ...householdRules,
  ...insuranceRules,
  ...balanceSheetRules,
});
/** Every kind, in declaration order (routes, tables, duplication, reads of stored record issues). */
export const allKinds = (): RecordKind[] => Object.values(kinds);
/** The kinds a household duplicate copies (declared `duplicate`). */
export const duplicatedKinds = (): RecordKind[] => allKinds().filter((k) => k.duplicate);
/** The kinds of one family, in declaration order. */
export const kindsIn = (family: R.Family): RecordKind[] => allKinds().filter((k) => k.family === family);
/** The kind stored in `table`. */
export const kindOfTable = (table: string): RecordKind | undefined => allKinds().find((k) => k.table === table);

/**
 * Adds a kind to the registry before the service starts, as an entry in KINDS does: its routes, table, cascades and
 * duplication follow from the declaration (records/throwaway-kind.test.ts proves a kind needs nothing else).
 */
export function registerKind(name: string, declaration: R.KindDeclaration, rules?: RulesHook): RecordKind {
  const kind: RecordKind = { ...declaration, name, ...(rules ? { rules } : {}) };
  (kinds as Record<string, RecordKind>)[name] = kind;
  return kind;
}
