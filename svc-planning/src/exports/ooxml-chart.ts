import type { Cell, Chart, Table } from './report';

/**
 * Native Office charts (issue 35): the DrawingML chart part (`c:chartSpace`, ECMA-376 part 1 §21.2) of a report
 * chart, and where its figures are among a section's tables, so the Excel export's series refer to the cells that hold
 * them. Every series carries its cached values (`c:numCache`, `c:strCache`), so a reader draws it without recalculating.
 */

/** The palette of the other exports (pptx.ts): teal, orange, purple, red, blue. */
export const CHART_COLOURS = ['2C7A7B', 'DD6B20', '553C9A', 'C53030', '2B6CB0'];
/** The fan chart: the outer bands (P10 to P25, P75 to P90) light, the middle band (P25 to P75) darker, the median dark. */
const FAN_OUTER = 'B2DFDB';
const FAN_INNER = '6FB7B3';
const FAN_MEDIAN = '234E52';

/** A series: its name and values, and, in a workbook, the cells that hold them. */
export interface SeriesPart {
  name: string;
  /** The cell holding the name (`'Sheet'!$B$7`); without it the name is written as text. */
  nameRef?: string;
  /** One a category; null where the cell holds no number (text such as "Unlimited", or no figure): a gap. */
  values: Array<number | null>;
  /** The cells holding the values (`'Sheet'!$B$8:$B$47`); without it the values are written as literals. */
  ref?: string;
}
export interface ChartPart {
  title: string;
  kind: Chart['kind'];
  categories: string[];
  /** The cells holding the categories; numeric: they are numbers (years). */
  categoriesRef?: { ref: string; numeric: boolean };
  /** The series as the chart draws them; for a fan, P10 … P90 lowest first. */
  series: SeriesPart[];
  /** A fan's stacked bands: P10 (the base, not filled), then P25 − P10, P75 − P25, P90 − P75 (fanBands). */
  bands?: SeriesPart[];
  /** The document's language (en-SG, en-MY). */
  lang: string;
  /** The value axis' title: the currency. */
  valueTitle: string;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const val = (tag: string, v: string | number) => `<c:${tag} val="${v}"/>`;

/** An A1 range of a sheet, absolute: `'Cash flow'!$B$8:$B$47` (a quote in the name doubled). */
export function sheetRange(sheet: string, col1: number, row1: number, col2 = col1, row2 = row1): string {
  const cell = (c: number, r: number) => `$${letters(c)}$${r}`;
  const from = cell(col1, row1);
  const to = col1 === col2 && row1 === row2 ? '' : `:${cell(col2, row2)}`;
  return `'${sheet.replace(/'/g, "''")}'!${from}${to}`;
}

/** A column's letters (1 → A, 27 → AA). */
function letters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

/** The fan's stacked series: P10 as the base, then the width of each band (cents, so they add up to the cent). */
export function fanBands(series: Chart['series']): Array<{ name: string; values: number[] }> {
  const [p10, p25, p50, p75, p90] = series;
  if (!p10 || !p25 || !p50 || !p75 || !p90) throw new Error('A fan chart has five series, P10 to P90');
  const width = (hi: number[], lo: number[]) =>
    hi.map((v, k) => (Math.round(v * 100) - Math.round((lo[k] ?? 0) * 100)) / 100);
  return [
    { name: `${p10.name} (base)`, values: p10.values },
    { name: `${p10.name} to ${p25.name}`, values: width(p25.values, p10.values) },
    { name: `${p25.name} to ${p75.name}`, values: width(p75.values, p25.values) },
    { name: `${p75.name} to ${p90.name}`, values: width(p90.values, p75.values) },
  ];
}

function tx(s: SeriesPart): string {
  if (s.nameRef)
    return `<c:tx><c:strRef><c:f>${esc(s.nameRef)}</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>${esc(s.name)}</c:v></c:pt></c:strCache></c:strRef></c:tx>`;
  return `<c:tx><c:v>${esc(s.name)}</c:v></c:tx>`;
}

function cat(p: ChartPart): string {
  const pts = (f: (c: string) => string) =>
    `<c:ptCount val="${p.categories.length}"/>${p.categories.map((c, k) => `<c:pt idx="${k}"><c:v>${f(c)}</c:v></c:pt>`).join('')}`;
  const r = p.categoriesRef;
  if (r?.numeric)
    return `<c:cat><c:numRef><c:f>${esc(r.ref)}</c:f><c:numCache><c:formatCode>General</c:formatCode>${pts((c) => c)}</c:numCache></c:numRef></c:cat>`;
  if (r) return `<c:cat><c:strRef><c:f>${esc(r.ref)}</c:f><c:strCache>${pts(esc)}</c:strCache></c:strRef></c:cat>`;
  return `<c:cat><c:strLit>${pts(esc)}</c:strLit></c:cat>`;
}

/** A series' values: a cell a point; a point without a number is left out of the cache, as Excel writes a gap. */
function values(s: SeriesPart, count: number): string {
  const pts = s.values
    .slice(0, count)
    .map((v, k) => (v === null || !Number.isFinite(v) ? '' : `<c:pt idx="${k}"><c:v>${v}</c:v></c:pt>`))
    .join('');
  const body = `<c:formatCode>#,##0</c:formatCode><c:ptCount val="${count}"/>${pts}`;
  if (s.ref) return `<c:val><c:numRef><c:f>${esc(s.ref)}</c:f><c:numCache>${body}</c:numCache></c:numRef></c:val>`;
  return `<c:val><c:numLit>${body}</c:numLit></c:val>`;
}

const solid = (c: string) => `<a:solidFill><a:srgbClr val="${c}"/></a:solidFill>`;
const lineProps = (c: string, w = 28575) =>
  `<c:spPr><a:ln w="${w}" cap="rnd">${solid(c)}<a:round/></a:ln></c:spPr><c:marker><c:symbol val="none"/></c:marker>`;

function barSer(p: ChartPart, s: SeriesPart, k: number): string {
  const c = CHART_COLOURS[k % CHART_COLOURS.length] as string;
  return `<c:ser>${val('idx', k)}${val('order', k)}${tx(s)}<c:spPr>${solid(c)}</c:spPr>${val('invertIfNegative', 0)}${cat(p)}${values(s, p.categories.length)}</c:ser>`;
}
function lineSer(p: ChartPart, s: SeriesPart, k: number, colour?: string, width?: number): string {
  const c = colour ?? (CHART_COLOURS[k % CHART_COLOURS.length] as string);
  return `<c:ser>${val('idx', k)}${val('order', k)}${tx(s)}${lineProps(c, width)}${cat(p)}${values(s, p.categories.length)}${val('smooth', 0)}</c:ser>`;
}
function areaSer(p: ChartPart, s: SeriesPart, k: number, fill: string | null): string {
  const sp = fill
    ? `<c:spPr>${solid(fill)}<a:ln><a:noFill/></a:ln></c:spPr>`
    : '<c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr>';
  return `<c:ser>${val('idx', k)}${val('order', k)}${tx(s)}${sp}${cat(p)}${values(s, p.categories.length)}</c:ser>`;
}

const CAT_AX = 500001;
const VAL_AX = 500002;
const axIds = `${val('axId', CAT_AX)}${val('axId', VAL_AX)}`;

function richText(text: string, size: number, bold: boolean, lang: string): string {
  return `<c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}" b="${bold ? 1 : 0}"/></a:pPr><a:r><a:rPr lang="${esc(lang)}" sz="${size}" b="${bold ? 1 : 0}"/><a:t>${esc(text)}</a:t></a:r></a:p></c:rich></c:tx>`;
}
const labelFont = (size: number) =>
  `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}"/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;

/** The `c:chartSpace` part of a chart: bars (clustered columns), lines, or a fan (stacked bands and the median). */
export function chartSpaceXml(p: ChartPart): string {
  const n = p.categories.length;
  let groups: string;
  let between = 'between';
  if (p.kind === 'bar' || p.kind === 'multi_bar') {
    groups = `<c:barChart>${val('barDir', 'col')}${val('grouping', 'clustered')}${val('varyColors', 0)}${p.series.map((s, k) => barSer(p, s, k)).join('')}${val('gapWidth', 80)}${axIds}</c:barChart>`;
  } else if (p.kind === 'line') {
    between = 'midCat';
    groups = `<c:lineChart>${val('grouping', 'standard')}${val('varyColors', 0)}${p.series.map((s, k) => lineSer(p, s, k)).join('')}${val('marker', 1)}${axIds}</c:lineChart>`;
  } else {
    between = 'midCat';
    const bands = p.bands ?? fanBands(p.series.map((s) => ({ name: s.name, values: s.values.map((v) => v ?? 0) })));
    const fills = [null, FAN_OUTER, FAN_INNER, FAN_OUTER];
    const median = p.series[2];
    groups =
      `<c:areaChart>${val('grouping', 'stacked')}${val('varyColors', 0)}${bands.map((s, k) => areaSer(p, s, k, fills[k] ?? FAN_OUTER)).join('')}${axIds}</c:areaChart>` +
      (median
        ? `<c:lineChart>${val('grouping', 'standard')}${val('varyColors', 0)}${lineSer(p, median, bands.length, FAN_MEDIAN, 31750)}${val('marker', 1)}${axIds}</c:lineChart>`
        : '');
  }
  const years = p.categories.length > 0 && p.categories.every((c) => /^\d{4}$/.test(c));
  const catAx =
    `<c:catAx>${val('axId', CAT_AX)}<c:scaling>${val('orientation', 'minMax')}</c:scaling>${val('delete', 0)}${val('axPos', 'b')}` +
    `<c:numFmt formatCode="General" sourceLinked="1"/>${val('majorTickMark', 'out')}${val('minorTickMark', 'none')}${val('tickLblPos', 'low')}${labelFont(800)}` +
    `${val('crossAx', VAL_AX)}${val('crosses', 'autoZero')}${val('auto', 1)}${val('lblAlgn', 'ctr')}${val('lblOffset', 100)}` +
    `${years && n > 20 ? val('tickLblSkip', 5) : ''}${val('noMultiLvlLbl', 0)}</c:catAx>`;
  const valAx =
    `<c:valAx>${val('axId', VAL_AX)}<c:scaling>${val('orientation', 'minMax')}</c:scaling>${val('delete', 0)}${val('axPos', 'l')}` +
    `<c:majorGridlines><c:spPr><a:ln w="6350">${solid('D9D9D9')}</a:ln></c:spPr></c:majorGridlines>` +
    `<c:title>${richText(p.valueTitle, 900, false, p.lang)}${val('overlay', 0)}</c:title>` +
    `<c:numFmt formatCode="#,##0" sourceLinked="0"/>${val('majorTickMark', 'out')}${val('minorTickMark', 'none')}${val('tickLblPos', 'nextTo')}${labelFont(800)}` +
    `${val('crossAx', CAT_AX)}${val('crosses', 'autoZero')}${val('crossBetween', between)}</c:valAx>`;
  // the fan's base (P10 below the first band) is no band: left out of the legend
  const hidden = p.kind === 'fan' ? `<c:legendEntry>${val('idx', 0)}${val('delete', 1)}</c:legendEntry>` : '';
  const legend =
    p.series.length > 1 || p.kind === 'fan'
      ? `<c:legend>${val('legendPos', 'b')}${hidden}${val('overlay', 0)}${labelFont(800)}</c:legend>`
      : '';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `${val('date1904', 0)}${val('lang', esc(p.lang))}${val('roundedCorners', 0)}` +
    `<c:chart><c:title>${richText(p.title, 1200, true, p.lang)}${val('overlay', 0)}</c:title>${val('autoTitleDeleted', 0)}` +
    `<c:plotArea><c:layout/>${groups}${catAx}${valAx}</c:plotArea>${legend}${val('plotVisOnly', 1)}${val('dispBlanksAs', 'gap')}</c:chart>` +
    `<c:spPr>${solid('FFFFFF')}<a:ln w="6350">${solid('D9D9D9')}</a:ln></c:spPr>` +
    '</c:chartSpace>'
  );
}

/**
 * Where a chart's figures are in a section's tables: by column (a row a category, a column a series, the categories
 * in a text or year column when one holds exactly them) or by row (a column a category, named by the header; a row a
 * series: the net-worth table's first year drawn by asset class). A table's cell holds a chart's value when it is the
 * same number to the cent, or when it holds no number (a text such as "Unlimited", or no figure) and the chart draws
 * 0 there: the chart refers to the cell, which a chart draws as a gap. Null: no table holds them.
 */
export type ChartSource =
  | { table: number; by: 'column'; categoryColumn: number | null; seriesColumns: number[] }
  | { table: number; by: 'row'; firstColumn: number; seriesRows: number[] };

const holds = (cell: Cell | undefined, v: number) =>
  typeof cell === 'number' ? Math.round(cell * 100) === Math.round(v * 100) : v === 0;
const isFigure = (kind: string) => kind === 'money' || kind === 'number' || kind === 'percent';

export function chartSource(c: Chart, tables: readonly Table[]): ChartSource | null {
  const n = c.categories.length;
  if (!n || !c.series.length) return null;
  for (const [ti, t] of tables.entries()) {
    if (t.rows.length !== n) continue;
    const cols: number[] = [];
    for (const s of c.series) {
      // of the columns holding the figures, the one named as the series (equal figures in two columns: the right one)
      const fits = t.columns.flatMap((col, j) =>
        isFigure(col.kind) && !cols.includes(j) && s.values.every((v, r) => holds(t.rows[r]?.[j], v)) ? [j] : [],
      );
      const k = fits.find((j) => t.columns[j]?.label === s.name) ?? fits[0];
      if (k === undefined) break;
      cols.push(k);
    }
    if (cols.length !== c.series.length) continue;
    const catCol = t.columns.findIndex(
      (col, j) =>
        (col.kind === 'text' || col.kind === 'year') &&
        c.categories.every((v, r) => String(t.rows[r]?.[j] ?? '') === v),
    );
    return { table: ti, by: 'column', categoryColumn: catCol < 0 ? null : catCol, seriesColumns: cols };
  }
  for (const [ti, t] of tables.entries()) {
    const first = t.columns.findIndex((_, j) => c.categories.every((v, k) => t.columns[j + k]?.label === v));
    if (first < 0) continue;
    const rows: number[] = [];
    for (const s of c.series) {
      const r = t.rows.findIndex(
        (row, ri) =>
          !rows.includes(ri) &&
          s.values.every((v, k) => isFigure(t.columns[first + k]?.kind ?? '') && holds(row[first + k], v)),
      );
      if (r < 0) break;
      rows.push(r);
    }
    if (rows.length === c.series.length) return { table: ti, by: 'row', firstColumn: first, seriesRows: rows };
  }
  return null;
}

/** The table of a chart whose figures no table of its section holds: a row a category, a column a series. */
export function chartTable(c: Chart): Table {
  const years = c.categories.every((v) => /^\d{4}$/.test(v));
  return {
    title: c.title,
    columns: [
      years ? { label: 'Year', kind: 'year' } : { label: 'Item', kind: 'text' },
      ...c.series.map((s) => ({ label: s.name, kind: 'money' as const })),
    ],
    rows: c.categories.map((cat, k) => [
      years ? Number(cat) : cat,
      ...c.series.map((s) => {
        const v = s.values[k];
        return typeof v === 'number' && Number.isFinite(v) ? v : null;
      }),
    ]),
  };
}
