/**
 * Versioned tables (issue 17): every scheme's figures are a list of versions, each naming the year it applies from.
 * The version in force in a year is the newest whose `fromYear` ≤ the year; a year before the first version uses the
 * first. An admin adds a version as data (a newer `fromYear`), never code. Lists are kept in ascending `fromYear`.
 */
export interface Version {
  /** First calendar year the version applies to. */
  fromYear: number;
  /** Where the figures come from (publisher and year). */
  source: string;
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
