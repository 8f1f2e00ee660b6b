import { KIND_FACTS, type KindName, kindPath } from '@kinfolio/contracts/src/kind-facts';

/**
 * The record kinds' paths, from their one declaration (contracts record-kinds.ts) through the zod-free facts file
 * generated from it (record-kinds.facts.json), so the remote does not bundle zod with the contracts' schemas.
 */
export { type KindName, kindPath };

/** Every kind with its path (for tests and tools). */
export const kindPaths = (): Readonly<Record<KindName, string>> =>
  Object.fromEntries(Object.entries(KIND_FACTS).map(([k, f]) => [k, f.path])) as Record<KindName, string>;
