import PptxGenJS from 'pptxgenjs';
import { cellText, preparedBy } from './format';
import type { Chart, Report, Table } from './report';

const TEAL = '2C7A7B';
const COLOURS = ['2C7A7B', 'DD6B20', '553C9A', 'C53030', '2B6CB0'];

/**
 * PowerPoint: a title slide, then one slide per chart with the native chart (bar or clustered bars: the spec's bar
 * and multi_bar) and its figures table beside it; a section's other tables follow on their own slides. Long tables
 * continue on further slides (autoPage).
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

  const tableRows = (t: Table) => [
    t.columns.map((c) => ({ text: c.label, options: { bold: true, fill: { color: 'E6F2F2' } } })),
    ...t.rows.map((row) =>
      row.map((v, k) => ({
        text: cellText(v, t.columns[k] ?? { label: '', kind: 'text' }, r.currency),
        options: { align: (t.columns[k]?.kind === 'text' ? 'left' : 'right') as 'left' | 'right' },
      })),
    ),
  ];
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
      const t = chartTable(c);
      slide.addTable(tableRows(t), {
        x: 8.2,
        y: 0.9,
        w: 4.8,
        fontSize: 7,
        border: { type: 'solid', pt: 0.5, color: 'CBD5E0' },
        autoPage: true,
        autoPageRepeatHeader: true,
        autoPageHeaderRows: 1,
        autoPageSlideStartY: 0.9,
        margin: 0.03,
      });
    }
    // year-by-year tables are the charts' figures already (beside each chart): a slide of their own only when the
    // section has no chart (the data table); the other tables (loans, properties, coverage, funds) always
    for (const t of s.tables) {
      if (s.charts.length && t.columns[0]?.kind === 'year') continue;
      const slide = pptx.addSlide({ masterName: 'KF' });
      slide.addText(t.title, { x: 0.4, y: 0.25, w: 12.5, h: 0.5, fontSize: 20, bold: true, color: TEAL });
      slide.addTable(tableRows(t), {
        x: 0.4,
        y: 0.9,
        w: 12.5,
        fontSize: t.columns.length > 10 ? 6 : 9,
        border: { type: 'solid', pt: 0.5, color: 'CBD5E0' },
        autoPage: true,
        autoPageRepeatHeader: true,
        autoPageHeaderRows: 1,
        autoPageSlideStartY: 0.9,
        margin: 0.03,
      });
    }
  }
  // 'STREAM' is the output type whose zip honours compression (a node Buffer, DEFLATE)
  const out = await pptx.stream({ compression: true });
  return out as Buffer;
}
