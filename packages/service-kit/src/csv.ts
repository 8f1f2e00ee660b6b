import { once } from 'node:events';
import type { Response } from 'express';

/**
 * CSV (RFC 4180: comma, CRLF, fields with a comma, quote or line break quoted, quotes doubled), made safe for
 * spreadsheets: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula by
 * Excel, LibreOffice or Google Sheets (CSV injection), so it gets a leading apostrophe, which they show as text.
 * Only text cells are guarded: a number passed as a number is written as it is.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a CSV download: the header line at once, then each batch as it is read (back-pressure respected; stops
 * when the client goes away). A UTF-8 byte-order mark first, so Excel reads names with accents correctly.
 * A failure after the first byte can only cut the download short (the status is already sent): it is logged and the
 * connection destroyed, so the client sees an incomplete transfer rather than a file that looks whole.
 */
export async function streamCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  batches: (stillWanted: () => boolean) => AsyncIterable<Cell[][]>,
  onError: (err: unknown) => void,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const open = () => !res.destroyed && !res.writableEnded;
  const write = async (chunk: string) => {
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
  try {
    await write(`\uFEFF${csvLine(header)}`);
    for await (const rows of batches(open)) {
      if (!open()) return;
      await write(rows.map(csvLine).join(''));
    }
    res.end();
  } catch (err) {
    onError(err);
    res.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
