// A financial report's amounts converted to another currency: shared by svc-planning and the browser (mf-customer),
// kept free of zod so a browser bundle can import it alone (`@kinfolio/contracts/src/report-amounts`); reports.ts
// re-exports it for everyone else.

/** Fields that are counts, years, ages, months, percentages or multiples (and the thresholds used): never converted. */
export const REPORT_NOT_MONEY: ReadonlySet<string> = new Set([
  'year',
  'threshold',
  'months_covered',
  'target_months',
  'ratio_percent',
  'max_percent',
  'replacement_percent',
  'target_percent',
  'retirement_year',
  'last_working_year',
  'age',
  'until_age',
  'months_remaining',
  'end_year',
  'start_year',
  'selling_year',
  'money_runs_out_year',
]);

/**
 * Every amount of a financial report passed through `f` (the conversion to another currency: the stored rates to 3
 * decimals, then 2 for the amount, §9); the fields of REPORT_NOT_MONEY and non-numbers are kept. The service converts
 * with it, and the browser converts a report it holds with the same function and the rates it keeps locally (§7: a
 * currency switch makes no network call), so both give the same figures.
 */
export function convertReportAmounts<T>(v: T, f: (x: number) => number, key = ''): T {
  if (REPORT_NOT_MONEY.has(key)) return v;
  if (typeof v === 'number') return f(v) as T;
  if (Array.isArray(v)) return v.map((x) => convertReportAmounts(x, f, key)) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, convertReportAmounts(x, f, k)]),
    ) as T;
  return v;
}
