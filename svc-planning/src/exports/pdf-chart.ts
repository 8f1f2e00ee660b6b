import { compact } from './format';
import type { Chart } from './report';

/** Series colours (bar, multi_bar, line), in order. */
export const COLOURS = ['#2C7A7B', '#DD6B20', '#553C9A', '#C53030', '#2B6CB0'];
/** The fan chart: the outer band (lowest to highest percentile), the inner band, the median line. */
export const FAN = { outer: '#B2DFDB', inner: '#5FB3AC', median: '#1D4E4F' };
const AXIS = '#888888';
const GRID = '#E2E8F0';
const LABEL = '#444444';
/** The height of the plot area and what goes under it (category labels, legend). */
export const PLOT_HEIGHT = 170;
export const CHART_BELOW = 34;

export interface ChartFonts {
  regular: string;
}

/**
 * Axis ticks: four to six round steps (1, 2, 2.5 or 5 × 10ⁿ) covering min..max, 0 always among them (min ≤ 0 ≤ max here).
 */
export function ticks(min: number, max: number): number[] {
  const span = max - min;
  if (!(span > 0)) return [0];
  const raw = span / 6;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag) as number;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

/**
 * Draws a chart's plot (axis with compact labels, grid, bars / lines / fan bands, category labels, legend) in the box
 * `left..left+width` from `top` down: PLOT_HEIGHT + CHART_BELOW points. The caller marks it as one Figure.
 */
export function drawChart(doc: PDFKit.PDFDocument, c: Chart, left: number, top: number, width: number, f: ChartFonts) {
  const h = PLOT_HEIGHT;
  const axisW = 46;
  const x0 = left + axisW;
  const w = width - axisW;
  const all = c.series.flatMap((s) => s.values).filter(Number.isFinite);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const yOf = (v: number) => top + ((max - v) / span) * h;
  const y0 = yOf(0);

  // grid and axis labels
  doc.font(f.regular).fontSize(7).lineWidth(0.3);
  for (const t of ticks(min, max)) {
    const y = yOf(t);
    if (t !== 0)
      doc
        .strokeColor(GRID)
        .moveTo(x0, y)
        .lineTo(x0 + w, y)
        .stroke();
    doc
      .fillColor(LABEL)
      .text(t === 0 ? '0' : compact(t), left, y - 3.5, { width: axisW - 4, align: 'right', lineBreak: false });
  }
  doc.lineWidth(0.5).strokeColor(AXIS);
  doc
    .moveTo(x0, top)
    .lineTo(x0, top + h)
    .stroke();
  doc
    .moveTo(x0, y0)
    .lineTo(x0 + w, y0)
    .stroke();

  const n = Math.max(c.categories.length, 1);
  const slot = w / n;
  const xMid = (k: number) => x0 + (k + 0.5) * slot;

  if (c.kind === 'bar' || c.kind === 'multi_bar') {
    const bar = Math.max((slot * 0.8) / Math.max(c.series.length, 1), 0.5);
    c.series.forEach((s, si) => {
      doc.fillColor(COLOURS[si % COLOURS.length] as string);
      s.values.forEach((v, k) => {
        if (!Number.isFinite(v)) return;
        const bh = (Math.abs(v) / span) * h;
        if (bh > 0) doc.rect(x0 + k * slot + slot * 0.1 + si * bar, v >= 0 ? y0 - bh : y0, bar, bh).fill();
      });
    });
  } else if (c.kind === 'line') {
    c.series.forEach((s, si) => {
      polyline(doc, s.values, xMid, yOf, COLOURS[si % COLOURS.length] as string, 1.5);
    });
  } else {
    // fan: series are percentiles, lowest first; band k joins series k and its mirror (n-1-k), the widest first;
    // the middle series (the median) is a line on top
    const ss = c.series;
    const bands = Math.floor(ss.length / 2);
    for (let k = 0; k < bands; k++) {
      const lo = ss[k]?.values ?? [];
      const hi = ss[ss.length - 1 - k]?.values ?? [];
      const m = Math.min(lo.length, hi.length);
      if (m === 0) continue;
      doc.moveTo(xMid(0), yOf(hi[0] as number));
      for (let i = 1; i < m; i++) doc.lineTo(xMid(i), yOf(hi[i] as number));
      for (let i = m - 1; i >= 0; i--) doc.lineTo(xMid(i), yOf(lo[i] as number));
      doc.closePath().fill(k === 0 ? FAN.outer : FAN.inner);
    }
    const median = ss.length % 2 === 1 ? ss[bands] : undefined;
    if (median) polyline(doc, median.values, xMid, yOf, FAN.median, 1.5);
  }

  // category labels: as many as fit (about 28 pt each)
  doc.font(f.regular).fontSize(7).fillColor(LABEL);
  const every = Math.max(1, Math.ceil((n * 28) / w));
  c.categories.forEach((cat, k) => {
    if (k % every !== 0) return;
    const lw = Math.max(slot * every - 2, 20);
    doc.text(cat, xMid(k) - lw / 2, top + h + 3, {
      width: lw,
      height: 9,
      align: 'center',
      ellipsis: true,
      lineBreak: false,
    });
  });

  // legend
  let lx = x0;
  const ly = top + h + 16;
  for (const item of legend(c)) {
    if (item.line) {
      doc
        .lineWidth(1.5)
        .strokeColor(item.colour)
        .moveTo(lx, ly + 4)
        .lineTo(lx + 10, ly + 4)
        .stroke();
    } else doc.rect(lx, ly, 10, 8).fill(item.colour);
    doc.fillColor('black').text(item.name, lx + 13, ly, { lineBreak: false });
    lx += 13 + doc.widthOfString(item.name) + 12;
  }
  doc.fillColor('black').strokeColor('black').lineWidth(1);
}

/** The legend's entries: one per series, or for a fan its bands and median. */
export function legend(c: Chart): Array<{ name: string; colour: string; line: boolean }> {
  if (c.kind === 'fan') {
    const ss = c.series;
    const out: Array<{ name: string; colour: string; line: boolean }> = [];
    const bands = Math.floor(ss.length / 2);
    for (let k = 0; k < bands; k++)
      out.push({
        name: `${ss[k]?.name} to ${ss[ss.length - 1 - k]?.name}`,
        colour: k === 0 ? FAN.outer : FAN.inner,
        line: false,
      });
    if (ss.length % 2 === 1) out.push({ name: `${ss[bands]?.name} (median)`, colour: FAN.median, line: true });
    return out;
  }
  return c.series.map((s, si) => ({
    name: s.name,
    colour: COLOURS[si % COLOURS.length] as string,
    line: c.kind === 'line',
  }));
}

function polyline(
  doc: PDFKit.PDFDocument,
  values: number[],
  x: (k: number) => number,
  y: (v: number) => number,
  colour: string,
  width: number,
) {
  const pts = values.map((v, k) => [x(k), y(v)] as const).filter(([, py]) => Number.isFinite(py));
  if (!pts.length) return;
  const [first, ...rest] = pts;
  if (!first) return;
  if (!rest.length) {
    doc.circle(first[0], first[1], 1.5).fill(colour);
    return;
  }
  doc.moveTo(first[0], first[1]);
  for (const [px, py] of rest) doc.lineTo(px, py);
  doc.lineWidth(width).lineJoin('round').strokeColor(colour).stroke();
}
