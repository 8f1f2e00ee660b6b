/**
 * Versioned tables (issues 17 and 32): every rate, band and sum the engine uses is a list of versions, each naming the
 * years it is in force, the body that publishes it and the document it comes from. The version in force in a year is
 * the newest whose `fromYear` ≤ the year; a year before the first version uses the first, and a year after the newest
 * version's period uses the newest (docs/planning-model.md "Rate tables"). Lists are kept in ascending `fromYear`.
 * Built-in versions live here, in code; an admin adds later versions as data (tables/registry.ts), never by a release
 * and never by editing a past version.
 */
export interface Source {
  /** The body that publishes the figures: 'CPF Board', 'IRAS', 'KWSP (EPF)', 'LHDN', or 'Kinfolio specification'. */
  publisher: string;
  /** The document's title as the publisher gives it. */
  title: string;
  /** The document's address (https://…). */
  url: string;
}
export interface Version {
  /** First calendar year the version applies to. */
  fromYear: number;
  /**
   * Last calendar year of the version's published period, or null when it is in force until the next version. The
   * next version must start the year after it (a gap or an overlap is refused, tables/validate.ts).
   */
  toYear?: number | null;
  /** Where the figures come from. */
  source: Source;
}

/** The version in force in `year` (newest `fromYear` ≤ year, else the earliest). O(1) for years of the newest. */
export function inForce<T extends Version>(versions: readonly T[], year: number): T {
  const n = versions.length;
  if (n === 0) throw new Error('A versioned table needs at least one version');
  const last = versions[n - 1] as T;
  if (year >= last.fromYear) return last;
  let best = versions[0] as T;
  for (let k = 1; k < n; k++) {
    const v = versions[k] as T;
    if (v.fromYear <= year) best = v;
  }
  return best;
}

/** One line naming a source: 'CPF Board, <title> (<url>)'. */
export const sourceText = (s: Source): string => `${s.publisher}, ${s.title} (${s.url})`;
