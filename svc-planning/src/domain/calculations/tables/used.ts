import type { RateTableKind, RateTables } from './registry';
import * as registryModule from './registry';
import type { Version } from './versioned';
// Imported names read once (docs/planning-model.md, "How the projection is computed").
const { RATE_TABLE_KINDS, versionName } = registryModule;

/**
 * The names (`<kind>@<fromYear>`) of the versions in force over the years `fromYear`..`toYear` (inclusive) of the given
 * kinds, in kind order (RATE_TABLE_KINDS) and ascending year: a projection reply lists them (issue 32, "the reply of
 * a projection names the table versions it used"). The version in force in a year is `inForce`'s (tables/versioned.ts):
 * the newest whose `fromYear` ≤ the year, else the earliest, so the years name the version in force at `fromYear` and
 * every version starting after it up to `toYear`. EPF dividends are the exception: a dividend is credited only for
 * the year it was declared for (epf.ts `epfDividend`), so only the versions whose year lies in the range are named.
 */
export function tablesUsed(
  tables: RateTables,
  fromYear: number,
  toYear: number,
  kinds: Iterable<RateTableKind>,
): string[] {
  const wanted = new Set(kinds);
  const out: string[] = [];
  for (const kind of RATE_TABLE_KINDS) {
    if (!wanted.has(kind)) continue;
    const list = tables[kind] as readonly Version[];
    if (list.length === 0 || toYear < fromYear) continue;
    if (kind === 'epfDividend') {
      for (const v of list) if (v.fromYear >= fromYear && v.fromYear <= toYear) out.push(versionName(kind, v));
      continue;
    }
    // the version in force at fromYear, then every later one starting by toYear
    let first = 0;
    for (let k = 1; k < list.length; k++) if ((list[k] as Version).fromYear <= fromYear) first = k;
    out.push(versionName(kind, list[first] as Version));
    for (let k = first + 1; k < list.length; k++) {
      const v = list[k] as Version;
      if (v.fromYear > toYear) break;
      out.push(versionName(kind, v));
    }
  }
  return out;
}

/** What a household projection read: the schemes of its pensions, its income-tax country and its property sales. */
export interface ProjectionTableUse {
  cpf: boolean;
  epf: boolean;
  /** An EPF pension credited with the declared dividends (no growth rate of its own). */
  epfDeclared: boolean;
  tax: 'SG' | 'MY' | null;
  /** Each property sold within the projection: the year of the sale and the currency its gain tax goes by. */
  sales: ReadonlyArray<{ year: number; currency: string }>;
}

/**
 * The version names a household projection over `fromYear`..`toYear` used: CPF for CPF pensions, EPF (and its declared
 * dividends) for EPF pensions, the income tax of the tax country, and the Seller's Stamp Duty (SGD) or RPGT (RM) table
 * in force in the year of each property sale. Sorted as tablesUsed sorts; each name once.
 */
export function projectionTablesUsed(
  tables: RateTables,
  fromYear: number,
  toYear: number,
  use: ProjectionTableUse,
): string[] {
  const kinds: RateTableKind[] = [];
  if (use.cpf) kinds.push('cpf');
  if (use.epf) kinds.push('epf');
  if (use.epfDeclared) kinds.push('epfDividend');
  if (use.tax === 'SG') kinds.push('sgIncomeTax');
  if (use.tax === 'MY') kinds.push('myIncomeTax');
  const names = tablesUsed(tables, fromYear, toYear, kinds);
  if (use.sales.length === 0) return names;
  // sgSsd and myRpgt are the last kinds of RATE_TABLE_KINDS: their names follow, each version once, in year order
  for (const kind of ['sgSsd', 'myRpgt'] as const) {
    const list = tables[kind] as readonly Version[];
    if (list.length === 0) continue;
    const used = new Uint8Array(list.length); // which versions a sale of this kind used
    for (const s of use.sales) {
      const c = s.currency.toUpperCase();
      if (kind === 'sgSsd' ? c === 'SGD' : c === 'RM' || c === 'MYR') used[inForceIndex(list, s.year)] = 1;
    }
    for (let k = 0; k < list.length; k++) if (used[k]) names.push(versionName(kind, list[k] as Version));
  }
  return names;
}

/** The index of the version in force in `year` (inForce's rule). */
function inForceIndex(list: readonly Version[], year: number): number {
  let at = 0;
  for (let k = 1; k < list.length; k++) if ((list[k] as Version).fromYear <= year) at = k;
  return at;
}

/** Names in kind order, then ascending year, each once. */
export function sortNames(names: Iterable<string>): string[] {
  const order = (n: string) => {
    const at = n.lastIndexOf('@');
    return [RATE_TABLE_KINDS.indexOf(n.slice(0, at) as RateTableKind), Number(n.slice(at + 1))] as const;
  };
  return [...new Set(names)].sort((a, b) => {
    const [ka, ya] = order(a);
    const [kb, yb] = order(b);
    return ka - kb || ya - yb;
  });
}
