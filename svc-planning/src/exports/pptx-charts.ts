import { round2 } from '@kinfolio/money';
import type PptxGenJS from 'pptxgenjs';
import { altText } from './format';
import type { Chart, Report } from './report';

export const TEAL = '2C7A7B';
const COLOURS = ['2C7A7B', 'DD6B20', '553C9A', 'C53030', '2B6CB0', '2F855A', 'B7791F', '97266D'];
/** The fan's bands, outer to inner and back out (the median's bands darkest), and its median line. */
const BAND_OUTER = 'B2DFDB';
const BAND_INNER = '4DB6AC';
const MEDIAN = 'DD6B20';

/**
 * `n` series colours, one a series (pptxgenjs colours a line's markers by the series' index into the list and picks a
 * random colour past its end: the list is as long as the series).
 */
export const colours = (n: number): string[] =>
  Array.from({ length: Math.max(1, n) }, (_, k) => COLOURS[k % COLOURS.length] as string);

/**
 * The fan chart as stacked bands: the lowest percentile first (not drawn: it only lifts the bands to their place),
 * then each percentile less the one below it, so the stack's edges are the percentiles themselves. Percentiles come
 * lowest first (P10 … P90); a band is never negative (a percentile below the one under it is drawn as no band).
 */
export function fanBands(c: Chart): Array<{ name: string; values: number[] }> {
  const [base, ...rest] = c.series;
  if (!base) return [];
  const out = [{ name: `${base.name} (lower edge)`, values: base.values.map((v) => round2(v)) }];
  rest.forEach((s, k) => {
    const below = c.series[k] as Chart['series'][number];
    out.push({
      name: `${below.name} to ${s.name}`,
      values: s.values.map((v, i) => round2(Math.max(0, v - (below.values[i] ?? 0)))),
    });
  });
  return out;
}

/** The median of a fan chart (its middle series: P50 of P10 … P90). */
export function fanMedian(c: Chart): Chart['series'][number] | undefined {
  return c.series[Math.floor(c.series.length / 2)];
}

type Place = { x: number; y: number; w: number; h: number };

/**
 * A chart as a native PowerPoint chart (editable: its figures are in the chart's own workbook): bar and multi_bar as
 * clustered columns, line as lines, fan as stacked bands from the lowest percentile to the highest with the median
 * as a line over them. Its alt text is `altText` (format.ts), as every format writes it.
 */
export function addNativeChart(pptx: PptxGenJS, slide: PptxGenJS.Slide, c: Chart, r: Report, at: Place): void {
  const labels = c.categories;
  const common: PptxGenJS.IChartOpts = {
    ...at,
    lang: r.lang,
    altText: altText(c, r.currency, r.locale),
    valAxisLabelFormatCode: '#,##0',
    catAxisLabelFontSize: 8,
    valAxisLabelFontSize: 8,
    legendPos: 'b',
    legendFontSize: 9,
  };
  if (c.kind === 'fan') {
    const bands = fanBands(c);
    const median = fanMedian(c);
    const fill = bands.map((_, k) => {
      if (k === 0) return 'transparent';
      // the bands next to the median darkest
      const fromMiddle = Math.abs(k - bands.length / 2);
      return fromMiddle < 1 ? BAND_INNER : BAND_OUTER;
    });
    const types: PptxGenJS.IChartMulti[] = [
      {
        type: pptx.ChartType.area,
        data: bands.map((b) => ({ name: b.name, labels, values: b.values })),
        options: { barGrouping: 'stacked', chartColors: fill },
      },
    ];
    if (median) {
      const n = bands.length + 1;
      types.push({
        type: pptx.ChartType.line,
        data: [{ name: `${median.name} (median)`, labels, values: median.values }],
        // the marker's colour is picked by the series' index among all the chart's series: one colour throughout
        options: { chartColors: Array.from({ length: n }, () => MEDIAN), lineSize: 3, lineDataSymbol: 'none' },
      });
    }
    const opts: PptxGenJS.IChartOpts = { ...common, showLegend: true, lineDataSymbol: 'none' };
    // pptxgenjs reads a multi-type chart's options from its second argument (its typings name it the data)
    slide.addChart(types, opts as unknown as unknown[], opts);
    return;
  }
  const data = c.series.map((s) => ({ name: s.name, labels, values: s.values }));
  if (c.kind === 'line') {
    slide.addChart(pptx.ChartType.line, data, {
      ...common,
      chartColors: colours(c.series.length),
      lineSize: 2,
      lineDataSymbol: labels.length > 20 ? 'none' : 'circle',
      lineDataSymbolSize: 5,
      showLegend: c.series.length > 1,
    });
    return;
  }
  slide.addChart(pptx.ChartType.bar, data, {
    ...common,
    barDir: 'col',
    barGrouping: 'clustered',
    chartColors: colours(c.series.length),
    showLegend: c.kind === 'multi_bar' || c.series.length > 1,
  });
}
