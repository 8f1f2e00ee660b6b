import type { CpfVersion } from './cpf';
import * as cpfModule from './cpf';
import type { EpfDividend, EpfVersion } from './epf';
import * as epfModule from './epf';
import type { MyRpgtVersion } from './property-my';
import * as propertyMyModule from './property-my';
import type { SgSsdVersion } from './property-sg';
import * as propertySgModule from './property-sg';
import type { MyTaxVersion } from './tax-my';
import * as taxMyModule from './tax-my';
import type { SgTaxVersion } from './tax-sg';
import * as taxSgModule from './tax-sg';
import type { Version } from './versioned';

/**
 * The rate tables the engine computes with (issue 32): one list of versions per kind. The engine reads them only
 * through `rateTables()`, never a module constant, so a version an admin adds (svc-planning rate-tables) is used by
 * the next projection without a release. `useRateTables` validates before it installs (tables/validate.ts): a
 * projection never runs on a broken table.
 */
export interface RateTables {
  /** CPF: contribution and allocation rates by age, wage ceilings, retirement sums, BHS, interest, CPF LIFE. */
  cpf: readonly CpfVersion[];
  /** EPF: contribution rates and accounts. */
  epf: readonly EpfVersion[];
  /** EPF declared dividends, one version per dividend year. */
  epfDividend: readonly EpfDividend[];
  /** Singapore resident income tax (by Year of Assessment) and reliefs. */
  sgIncomeTax: readonly SgTaxVersion[];
  /** Malaysia resident income tax (by Year of Assessment) and reliefs. */
  myIncomeTax: readonly MyTaxVersion[];
  /** Singapore Seller's Stamp Duty. */
  sgSsd: readonly SgSsdVersion[];
  /** Malaysia Real Property Gains Tax. */
  myRpgt: readonly MyRpgtVersion[];
}
export type RateTableKind = keyof RateTables;
/** The kinds in the order the back office lists them; the API's kind names are these (contracts rate-tables.ts). */
export const RATE_TABLE_KINDS: readonly RateTableKind[] = ['cpf', 'epf', 'epfDividend', 'sgIncomeTax', 'myIncomeTax', 'sgSsd', 'myRpgt'];

/** The versions that ship with the code (each cites its source). */
export const BUILT_IN_TABLES: RateTables = {
  cpf: cpfModule.CPF_TABLES,
  epf: epfModule.EPF_TABLES,
  epfDividend: epfModule.EPF_DIVIDENDS,
  sgIncomeTax: taxSgModule.SG_TAX_TABLES,
  myIncomeTax: taxMyModule.MY_TAX_TABLES,
  sgSsd: propertySgModule.SG_SSD_TABLES,
  myRpgt: propertyMyModule.MY_RPGT_TABLES,
};

let current: RateTables = BUILT_IN_TABLES;
/** Bumped on every install: caches derived from the tables (prepared allocations) key on it. */
let generation = 0;

/** The tables in force now (built-in unless the service installed admin-kept versions). */
export function rateTables(): RateTables {
  return current;
}
/** The install count: a derived cache built at one generation is stale at another. */
export function rateTablesGeneration(): number {
  return generation;
}

/**
 * Installs a set of tables (the service calls it at start and whenever an admin adds a version). Validation is the
 * caller's first step (tables/validate.ts `validateRateTables`); this refuses nothing itself so tests can install a
 * deliberately odd set. Returns the tables it replaced.
 */
export function installRateTables(tables: RateTables): RateTables {
  const before = current;
  current = tables;
  generation++;
  return before;
}

/** A version's name in replies and the cache key: `<kind>@<fromYear>` (at most one version of a kind starts in a year). */
export const versionName = (kind: RateTableKind, v: Version): string => `${kind}@${v.fromYear}`;
