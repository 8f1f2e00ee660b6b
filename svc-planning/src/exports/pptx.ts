import PptxGenJS from 'pptxgenjs';
import { cellText, preparedBy } from './format';
import type { Chart, Report, Table } from './report';

const TEAL = '2C7A7B';
const COLOURS = ['2C7A7B', 'DD6B20', '553C9A', 'C53030', '2B6CB0'];

/** Where a table may run: from its top to above the footer (inches). */
const TABLE_TOP = 0.9;
const TABLE_BOTTOM = 6.95;
const CELL_MARGIN = 0.03;
/** Line height and the average glyph width, as parts of the font size (digits and capitals are wide: generous). */
const LINE = 1.25;
const GLYPH = 0.6;

/** How many lines a cell's text takes in a column of `width` inches: word by word, as PowerPoint wraps. */
function linesOf(text: string, width: number, fontSize: number): number {
  const perLine = Math.max(1, Math.floor(((width - 2 * CELL_MARGIN) * 72) / (GLYPH * fontSize)));
  let lines = 0;
  for (const para of text.split('\n')) {
    let used = 0;
    lines += 1;
    for (const word of para.split(' ')) {
      const len = word.length;
      if (used === 0) used = len;
      else if (used + 1 + len <= perLine) used += 1 + len;
      else {
        lines += 1;
        used = len;
      }
      while (used > perLine) {
        lines += 1;
        used -= perLine;
      }
    }
  }
  return lines;
}

/** A row's height (inches): its tallest cell. */
export function rowHeight(cells: readonly string[], width: number, fontSize: number): number {
  const colW = width / Math.max(1, cells.length);
  const lines = Math.max(1, ...cells.map((t) => linesOf(t, colW, fontSize)));
  return (lines * LINE * fontSize) / 72 + 2 * CELL_MARGIN;
}

/**
 * A table's body rows in pages of whole rows (issue 31: PowerPoint's auto-paging split a row's text across two
 * slides, a year's label on one and its numbers on the next): each page holds the header and as many whole rows as
 * fit between the table's top and the footer; a row is never divided.
 */
export function pagesOf(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  width: number,
  fontSize: number,
) {
  const headH = rowHeight(header, width, fontSize);
  const room = TABLE_BOTTOM - TABLE_TOP - headH;
  const pages: Array<{ rows: number[]; heights: number[] }> = [];
  let page = { rows: [] as number[], heights: [] as number[] };
  let used = 0;
  rows.forEach((row, i) => {
    const h = rowHeight(row, width, fontSize);
    if (page.rows.length && used + h > room) {
      pages.push(page);
      page = { rows: [], heights: [] };
      used = 0;
    }
    page.rows.push(i);
    page.heights.push(h);
    used += h;
  });
  if (page.rows.length || !pages.length) pages.push(page);
  return { headH, pages };
}

/**
 * PowerPoint: a title slide, then one slide per chart with the native chart (bar or clustered bars: the spec's bar
 * and multi_bar) and its figures table beside it; a section's other tables follow on their own slides. Long tables
 * continue on further slides, whole rows only, the header repeated ("(continued)" in the title).
 */
export async function renderPptx(r: Report): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE'; // 13.33 x 7.5 in
  pptx.author = r.branding.advisor_name;
  pptx.title = `${r.title}: ${r.household}`;
  const footer = `${preparedBy(r)} · ${r.household} · ${r.currency} · ${r.as_of}`;
  pptx.defineSlideMaster({
    title: 'KF',
    background: { color: 'FFFFFF' },
    objects: [
      { rect: { x: 0, y: 0, w: '100%', h: 0.12, fill: { color: TEAL } } },
      { text: { text: footer, options: { x: 0.4, y: 7.05, w: 12.5, h: 0.3, fontSize: 9, color: '5A6B6B' } } },
    ],
    slideNumber: { x: 12.6, y: 7.05, fontSize: 9, color: '5A6B6B' },
  });

  const title = pptx.addSlide({ masterName: 'KF' });
  title.addText(r.title, { x: 0.6, y: 2.2, w: 12, h: 1, fontSize: 36, bold: true, color: TEAL });
  title.addText(r.household, { x: 0.6, y: 3.2, w: 12, h: 0.6, fontSize: 24 });
  title.addText(`${preparedBy(r)}\nAmounts in ${r.currency} · as of ${r.as_of}`, {
    x: 0.6,
    y: 4,
    w: 12,
    h: 1,
    fontSize: 16,
    color: '5A6B6B',
  });

  const texts = (t: Table) => ({
    header: t.columns.map((c) => c.label),
    rows: t.rows.map((row) => row.map((v, k) => cellText(v, t.columns[k] ?? { label: '', kind: 'text' }, r.currency))),
  });
  /** A table in pages of whole rows: the first on `first`, the others on new slides titled "<title> (continued)". */
  const addTable = (
    first: PptxGenJS.Slide,
    t: Table,
    title: string,
    place: { x: number; w: number; fontSize: number },
  ) => {
    const { header, rows } = texts(t);
    const { headH, pages } = pagesOf(header, rows, place.w, place.fontSize);
    pages.forEach((page, n) => {
      let slide = first;
      if (n > 0) {
        slide = pptx.addSlide({ masterName: 'KF' });
        slide.addText(`${title} (continued)`, {
          x: 0.4,
          y: 0.25,
          w: 12.5,
          h: 0.5,
          fontSize: 20,
          bold: true,
          color: TEAL,
        });
      }
      slide.addTable(
        [
          header.map((text) => ({ text, options: { bold: true, fill: { color: 'E6F2F2' } } })),
          ...page.rows.map((i) =>
            (rows[i] ?? []).map((text, k) => ({
              text,
              options: { align: (t.columns[k]?.kind === 'text' ? 'left' : 'right') as 'left' | 'right' },
            })),
          ),
        ],
        {
          x: place.x,
          y: TABLE_TOP,
          w: place.w,
          rowH: [headH, ...page.heights],
          fontSize: place.fontSize,
          border: { type: 'solid', pt: 0.5, color: 'CBD5E0' },
          autoPage: false,
          margin: CELL_MARGIN,
        },
      );
    });
  };
  const chartTable = (c: Chart): Table => ({
    title: c.title,
    columns: [{ label: '', kind: 'text' }, ...c.series.map((s) => ({ label: s.name, kind: 'money' as const }))],
    rows: c.categories.map((cat, k) => [cat, ...c.series.map((s) => s.values[k] ?? 0)]),
  });

  for (const s of r.sections) {
    for (const c of s.charts) {
      const slide = pptx.addSlide({ masterName: 'KF' });
      slide.addText(c.title, { x: 0.4, y: 0.25, w: 12.5, h: 0.5, fontSize: 20, bold: true, color: TEAL });
      if (c.categories.length)
        slide.addChart(
          pptx.ChartType.bar,
          c.series.map((x) => ({ name: x.name, labels: c.categories, values: x.values })),
          {
            x: 0.4,
            y: 0.9,
            w: 7.6,
            h: 6,
            barDir: 'col',
            barGrouping: 'clustered',
            chartColors: COLOURS.slice(0, c.series.length),
            showLegend: c.kind === 'multi_bar',
            legendPos: 'b',
            valAxisLabelFormatCode: '#,##0',
            catAxisLabelFontSize: 8,
            valAxisLabelFontSize: 8,
            altText: `${c.title} (${c.kind === 'multi_bar' ? 'clustered bars' : 'bars'}); figures in the table`,
          },
        );
      else slide.addText('No figures to chart.', { x: 0.4, y: 1, w: 7.6, h: 0.5, fontSize: 14 });
      addTable(slide, chartTable(c), c.title, { x: 8.2, w: 4.8, fontSize: 7 });
    }
    // year-by-year tables are the charts' figures already (beside each chart): a slide of their own only when the
    // section has no chart (the data table); the other tables (loans, properties, coverage, funds) always
    for (const t of s.tables) {
      if (s.charts.length && t.columns[0]?.kind === 'year') continue;
      const slide = pptx.addSlide({ masterName: 'KF' });
      slide.addText(t.title, { x: 0.4, y: 0.25, w: 12.5, h: 0.5, fontSize: 20, bold: true, color: TEAL });
      addTable(slide, t, t.title, { x: 0.4, w: 12.5, fontSize: t.columns.length > 10 ? 6 : 9 });
    }
  }
  // 'STREAM' is the output type whose zip honours compression (a node Buffer, DEFLATE)
  const out = await pptx.stream({ compression: true });
  return out as Buffer;
}
