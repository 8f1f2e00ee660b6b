import type { investmentReference as IR } from '@kinfolio/contracts';
import { FORBIDDEN_TEXT_MESSAGE, isSafeText, textProblem } from '@kinfolio/contracts';
import { normaliseCurrency } from '@kinfolio/money';
import Decimal from 'decimal.js';

/** One fund of a price feed, checked: prices as 6-decimal strings and shares as 3-decimal strings (no float drift). */
export interface FeedFund {
  code: string;
  name: string;
  /** Absent: the stored company (or '' for a new fund) is kept; likewise risk_level and split. */
  company?: string;
  currency: string;
  price: string;
  price_date: string;
  risk_level?: string;
  split?: { equity: string; bond: string; others: string };
}

/** A feed entry as read, before its checks: its position and its fields as text. */
export interface FeedEntry {
  line: number;
  fields: Record<string, string>;
}

const FIELDS = ['code', 'name', 'company', 'currency', 'price', 'price_date', 'risk_level', 'equity', 'bond', 'others'];

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) with a header row. */
export function parseCsv(text: string): FeedEntry[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.map((h) => h.trim().toLowerCase());
  if (!names.includes('code') || !names.includes('price'))
    throw new Error('The feed has no header row naming code and price');
  const entries: FeedEntry[] = [];
  body.forEach((cells, k) => {
    if (cells.length === 1 && cells[0]?.trim() === '') return; // blank line
    const fields: Record<string, string> = {};
    names.forEach((n, j) => {
      if (FIELDS.includes(n)) fields[n] = (cells[j] ?? '').trim();
    });
    entries.push({ line: k + 2, fields });
  });
  return entries;
}

/** Parses a JSON feed: an array of funds, or an object with a `funds` (or `data`) array. */
export function parseJson(text: string): FeedEntry[] {
  const doc: unknown = JSON.parse(text);
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object'
      ? ((doc as Record<string, unknown>).funds ?? (doc as Record<string, unknown>).data)
      : undefined;
  if (!Array.isArray(list)) throw new Error('The JSON feed is not a list of funds');
  return list.map((item, k) => {
    const fields: Record<string, string> = {};
    if (item && typeof item === 'object')
      for (const [key, v] of Object.entries(item as Record<string, unknown>)) {
        if (!FIELDS.includes(key)) continue;
        if (typeof v === 'string') fields[key] = v.trim();
        else if (typeof v === 'number' || typeof v === 'boolean') fields[key] = String(v);
      }
    // a nested asset_class split is read too
    const ac = (item as { asset_class?: Record<string, unknown> } | null)?.asset_class;
    if (ac && typeof ac === 'object')
      for (const key of ['equity', 'bond', 'others'])
        if (typeof ac[key] === 'number' || typeof ac[key] === 'string') fields[key] = String(ac[key]).trim();
    return { line: k + 1, fields };
  });
}

/** Parses a feed as JSON when it looks like JSON, else as CSV. */
export function parseFeed(text: string): FeedEntry[] {
  const start = text.trimStart()[0];
  return start === '[' || start === '{' ? parseJson(text) : parseCsv(text);
}

const CODE = /^[A-Za-z0-9._-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A stable key to order entries by (code first): a resumed run walks the feed in the same order. */
export function entryKey(e: FeedEntry): string {
  return `${e.fields.code ?? ''}\u0000${String(e.line).padStart(9, '0')}`;
}

/** Checks one entry; a fund that fails is reported with the field at fault and the others still import. */
export function checkEntry(
  e: FeedEntry,
  currencies: ReadonlySet<string>,
): { fund: FeedFund } | { failure: IR.FundImportFailure } {
  const f = e.fields;
  const code = f.code ?? '';
  const name = f.name ? f.name : null;
  const failure = (field: string, message: string) => ({
    failure: { code: CODE.test(code) ? code : `line ${e.line}`, name, field, message },
  });
  if (!CODE.test(code)) return failure('code', 'Missing or invalid fund code (1-64 letters, digits, . _ -)');
  for (const key of ['name', 'company'] as const) {
    const v = f[key];
    if (v === undefined) continue;
    if (v.length > 200) return failure(key, `The ${key} is longer than 200 characters`);
    const problem = textProblem(v) ?? (isSafeText(v) ? null : FORBIDDEN_TEXT_MESSAGE);
    if (problem) return failure(key, problem);
  }
  if (!name) return failure('name', 'Missing fund name');
  const rawPrice = f.price ?? '';
  if (!NUMBER.test(rawPrice) || new Decimal(rawPrice).lte(0) || new Decimal(rawPrice).gt(1e9))
    return failure('price', `Not a valid price: '${rawPrice.slice(0, 40)}'`);
  const currency = normaliseCurrency(f.currency ?? '');
  if (!currencies.has(currency)) return failure('currency', `Unknown currency '${(f.currency ?? '').slice(0, 10)}'`);
  const date = f.price_date ?? '';
  if (
    !DATE.test(date) ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    return failure('price_date', `Not a valid price date: '${date.slice(0, 20)}'`);
  const fund: FeedFund = {
    code,
    name,
    currency,
    price: new Decimal(rawPrice).toFixed(6),
    price_date: date,
  };
  if (f.company !== undefined && f.company !== '') fund.company = f.company;
  if (f.risk_level !== undefined && f.risk_level !== '') {
    const risk = f.risk_level.toLowerCase();
    if (risk !== 'low' && risk !== 'medium' && risk !== 'high')
      return failure('risk_level', `Not a risk level: '${f.risk_level.slice(0, 20)}'`);
    fund.risk_level = risk;
  }
  const parts = [f.equity, f.bond, f.others];
  if (parts.some((p) => p !== undefined && p !== '')) {
    if (!parts.every((p) => p !== undefined && NUMBER.test(p) && new Decimal(p).gte(0) && new Decimal(p).lte(100)))
      return failure('asset_class', 'Equity, bond and others must each be a percentage');
    const [eq, bo, ot] = parts.map((p) => new Decimal(p as string)) as [Decimal, Decimal, Decimal];
    if (!eq.plus(bo).plus(ot).eq(100)) return failure('asset_class', 'Equity, bond and others must total 100');
    fund.split = { equity: eq.toFixed(3), bond: bo.toFixed(3), others: ot.toFixed(3) };
  }
  return { fund };
}
