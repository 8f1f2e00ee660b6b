import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { ChartRun, type ChartRunOptions } from 'docx/charts';
import JSZip from 'jszip';
import { altText, cellText, preparedBy, totalsRow } from './format';
import { CHART_COLOURS, chartSource, chartTable, fanBands } from './ooxml-chart';
import type { Chart, Report, Table as ReportTable } from './report';

const border = { style: BorderStyle.SINGLE, size: 2, color: 'CBD5E0' };
const borders = { top: border, bottom: border, left: border, right: border };
/**
 * The fan chart's bands (as ooxml-chart.ts draws them in Excel): outer light, middle darker, the median dark. The base
 * (up to P10) is no band: docx fills every area, so it is written in a colour of its own that the file's charts then
 * have unfilled (`noBase`).
 */
const FAN_BASE = 'FEFEFE';
const FAN_FILLS = [FAN_BASE, 'B2DFDB', '6FB7B3', 'B2DFDB'];
const FAN_MEDIAN = '234E52';

/** A PNG's or JPEG's size in pixels, read from its header; null when it cannot be read. */
export function imageSize(data: Buffer, type: 'png' | 'jpeg'): { width: number; height: number } | null {
  if (type === 'png')
    return data.length >= 24 && data.toString('ascii', 12, 16) === 'IHDR'
      ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
      : null;
  // JPEG: the frame header (SOF0 … SOF15 but DHT, JPG and DAC) holds the height, then the width
  for (let k = 2; k + 9 < data.length; ) {
    if (data[k] !== 0xff) return null;
    const marker = data[k + 1] as number;
    const length = data.readUInt16BE(k + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: data.readUInt16BE(k + 7), height: data.readUInt16BE(k + 5) };
    k += 2 + length;
  }
  return null;
}

/** The date of the plan as words (1 March 2026), in the document's language. */
const longDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );

/** A chart's values as ChartRun takes them: a value that is no finite number (which it refuses) is a gap. */
const finite = (xs: readonly unknown[]): Array<number | null> =>
  xs.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));

/** A report chart as Word's native chart (docx ChartRun: the chart part and its embedded workbook for Edit Data). */
function chartRun(c: Chart, r: Report, no: number): ChartRun {
  const base = {
    title: c.title,
    categories: c.categories,
    valueAxis: { numberFormat: '#,##0', title: r.currency },
    categoryAxis: { font: { size: 8 } },
    altText: { name: `Chart ${no}`, title: c.title, description: altText(c, r.currency, r.locale) },
    transformation: { width: 600, height: 340 },
  };
  let options: ChartRunOptions;
  if (c.kind === 'fan') {
    const bands = fanBands(c.series);
    const median = c.series[2];
    options = {
      ...base,
      type: 'area',
      stacking: 'stacked',
      series: [
        ...bands.map((b, k) => ({ name: b.name, values: finite(b.values), color: FAN_FILLS[k] ?? 'B2DFDB' })),
        ...(median
          ? [
              {
                name: `${median.name} (median)`,
                values: finite(median.values),
                type: 'line' as const,
                line: { color: FAN_MEDIAN, width: 2.5 },
              },
            ]
          : []),
      ],
      // the base (below P10) is no band
      legend: { hiddenEntries: [bands[0]?.name ?? ''] },
    };
  } else {
    const series = c.series.map((s, k) => ({
      name: s.name,
      values: finite(s.values),
      color: CHART_COLOURS[k % CHART_COLOURS.length],
    }));
    const legend = c.series.length > 1 ? {} : (false as const);
    options =
      c.kind === 'line'
        ? { ...base, type: 'line', series, legend }
        : { ...base, type: 'column', series, legend, gapWidth: 80 };
  }
  return new ChartRun(options);
}

/**
 * Word: a client-ready report. The client plan opens with a cover (the family, the date, the advisor with their photo,
 * e-mail and phone, the currency); other reports with a title block. Each section starts a page with its heading and
 * summary; each chart is a native Word chart (editable, its data in Word's "Edit Data" workbook, its alt text from
 * format.ts) followed by the table holding its figures (a table of its own when no table of the section holds them),
 * then the section's other tables, header rows repeated on each page. The advisor's name and designation in the
 * header, page numbers in the footer; the document's language is the report's (en-SG, en-MY).
 */
export async function renderDocx(r: Report): Promise<Buffer> {
  const b = r.branding;
  const children: Array<Paragraph | Table> = [];
  if (r.kind === 'client-plan') {
    children.push(
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(r.title)] }),
      new Paragraph({ children: [new TextRun({ text: r.household, bold: true, size: 36 })] }),
      new Paragraph({ children: [new TextRun({ text: longDate(r.as_of, r.lang), size: 24 })] }),
      new Paragraph({ spacing: { before: 600 }, children: [new TextRun({ text: 'Prepared by', size: 20 })] }),
    );
    const size = b.photo ? imageSize(b.photo.data, b.photo.type) : null;
    if (b.photo && size && size.width > 0 && size.height > 0) {
      const scale = Math.min(120 / size.width, 120 / size.height);
      children.push(
        new Paragraph({
          children: [
            new ImageRun({
              type: b.photo.type === 'jpeg' ? 'jpg' : 'png',
              data: b.photo.data,
              transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
              altText: { name: 'Advisor photo', title: b.advisor_name, description: `Photo of ${b.advisor_name}` },
            }),
          ],
        }),
      );
    }
    children.push(new Paragraph({ children: [new TextRun({ text: b.advisor_name, bold: true, size: 26 })] }));
    for (const line of [b.designation, b.email, b.phone])
      if (line) children.push(new Paragraph({ children: [new TextRun(line)] }));
    children.push(
      new Paragraph({
        spacing: { before: 400 },
        children: [new TextRun(`Amounts in ${r.currency}, as of ${r.as_of}.`)],
      }),
    );
  } else {
    children.push(
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(r.title)] }),
      new Paragraph({ children: [new TextRun({ text: r.household, bold: true, size: 28 })] }),
      new Paragraph({ children: [new TextRun(preparedBy(r))] }),
      new Paragraph({ children: [new TextRun(`Amounts in ${r.currency}, as of ${r.as_of}.`)] }),
    );
  }
  const table = (t: ReportTable, small: boolean) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({
          tableHeader: true,
          children: t.columns.map(
            (c) =>
              new TableCell({
                borders,
                shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E6F2F2' },
                children: [
                  new Paragraph({ children: [new TextRun({ text: c.label, bold: true, size: small ? 12 : 18 })] }),
                ],
              }),
          ),
        }),
        // the rows, then the totals row (bold) when the table has one
        ...[...t.rows, totalsRow(t)].flatMap((row, n) =>
          row
            ? [
                new TableRow({
                  cantSplit: true,
                  children: t.columns.map(
                    (c, k) =>
                      new TableCell({
                        borders,
                        children: [
                          new Paragraph({
                            alignment: c.kind === 'text' ? AlignmentType.LEFT : AlignmentType.RIGHT,
                            children: [
                              new TextRun({
                                text: cellText(row[k] ?? null, c, r.currency, r.locale),
                                size: small ? 12 : 18,
                                bold: n === t.rows.length,
                              }),
                            ],
                          }),
                        ],
                      }),
                  ),
                }),
              ]
            : [],
        ),
      ],
    });
  const addTable = (t: ReportTable) => {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(t.title)] }));
    children.push(table(t, t.columns.length > 10));
  };
  let charts = 0;
  for (const s of r.sections) {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(s.title)] }),
    );
    for (const line of s.summary) children.push(new Paragraph({ children: [new TextRun(line)] }));
    // each chart, then the table of its figures: the section's table that holds them (after every chart drawn from
    // it: the cash flow's two charts, then its table), else a table of its own
    const sources = s.charts.map((c) => chartSource(c, s.tables));
    const written = new Set<number>();
    const drawn = new Set<number>();
    const draw = (k: number) => {
      const c = s.charts[k] as Chart;
      drawn.add(k);
      charts += 1;
      children.push(new Paragraph({ keepNext: true, children: [chartRun(c, r, charts)] }));
    };
    s.charts.forEach((c, k) => {
      if (drawn.has(k)) return;
      if (!c.categories.length || !c.series.length) {
        children.push(new Paragraph({ children: [new TextRun(`${c.title}: no figures to chart.`)] }));
        return;
      }
      const source = sources[k];
      draw(k);
      if (!source) {
        addTable(chartTable(c));
        return;
      }
      sources.forEach((other, j) => {
        if (j > k && other?.table === source.table) draw(j);
      });
      if (!written.has(source.table)) addTable(s.tables[source.table] as ReportTable);
      written.add(source.table);
    });
    for (const [k, t] of s.tables.entries()) if (!written.has(k)) addTable(t);
  }
  const doc = new Document({
    creator: b.advisor_name,
    title: `${r.title}: ${r.household}`,
    styles: { default: { document: { run: { language: { value: r.lang } } } } },
    sections: [
      {
        properties: {
          page: {
            size: {
              orientation: r.sections.some((s) => s.tables.some((t) => t.columns.length > 10))
                ? 'landscape'
                : 'portrait',
            },
          },
        },
        headers: {
          default: new Header({
            children: [new Paragraph({ children: [new TextRun({ text: preparedBy(r), size: 16 })] })],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ children: [`${r.household} · page `, PageNumber.CURRENT], size: 16 })],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  const out = await Packer.toBuffer(doc);
  return charts ? chartsInLanguage(out, r.lang) : out;
}

/**
 * The Word charts as docx writes them, but in the document's language (`c:lang`, en-US in docx) and with a fan's base
 * unfilled, so the gridlines show under the bands.
 */
async function chartsInLanguage(buf: Buffer, lang: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buf);
  for (const name of Object.keys(zip.files)) {
    if (!/^word\/charts\/chart\d+\.xml$/.test(name)) continue;
    const xml = await (zip.file(name) as JSZip.JSZipObject).async('string');
    zip.file(
      name,
      xml
        .replace(/<c:lang val="[^"]*"\/>/, `<c:lang val="${lang}"/>`)
        .replaceAll(`<a:solidFill><a:srgbClr val="${FAN_BASE}"/></a:solidFill>`, '<a:noFill/>'),
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
