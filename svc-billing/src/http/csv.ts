/**
 * The CSV writer (RFC 4180 quoting, CRLF, the formula-injection guard, the streamed download with a BOM) lives in
 * service-kit, shared with svc-auth's pending-registrations export; billing adds its money formatting. The amounts
 * billing writes are never negative, so as text they never need the guard.
 */
export { type Cell, csvCell, csvLine, streamCsv } from '@kinfolio/service-kit';

/** Minor units as major units with exactly two decimals, in integers (no float rounding): 159000 → "1590.00". */
export function majorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
