import type { FieldUse } from './field-use';
import facts from './record-kinds.facts.json';

/**
 * The record kinds as a browser sees them, without zod: generated from record-kinds.ts (`npm run gen:kinds`; its test
 * fails when this file is stale). mf-customer takes every record path from here, so a path lives in one place.
 */
export type KindName = keyof typeof facts;
export type KindFamily = 'household' | 'insurance' | 'balanceSheet' | 'scenarios';
interface KindFact {
  path: string;
  family: KindFamily;
  parent: string;
  plan?: Record<string, FieldUse>;
}
export const KIND_FACTS = facts as unknown as Record<KindName, KindFact>;
/** The URL segment of a kind: GET customer/{id}/{path}, POST customer/{path}, PATCH/DELETE customer/{path}/{id}. */
export const kindPath = (name: KindName): string => KIND_FACTS[name].path;
/** The plan marks of a kind's stored fields (record-kinds.ts `plan`). */
export const planMarksOf = (name: KindName): Record<string, FieldUse> => KIND_FACTS[name].plan ?? {};
