import PptxGenJS from 'pptxgenjs';
import { cellText, preparedBy, totalsRow } from './format';
import { addNativeChart, TEAL } from './pptx-charts';
import type { Branding, Chart, Report, Section, Table } from './report';

const GREY = '5A6B6B';

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

/** A PNG's or JPEG's size in pixels from its header; null when the header cannot be read. */
export function imageSize(data: Buffer, type: 'png' | 'jpeg'): { w: number; h: number } | null {
  if (type === 'png') {
    if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { w: data.readUInt32BE(16), h: data.readUInt32BE(20) };
  }
  // JPEG: the first start-of-frame segment (SOF0 … SOF15 but DHT, JPG and DAC) holds the height and width
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { w: data.readUInt16BE(at + 7), h: data.readUInt16BE(at + 5) };
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/** Up to two initials of the advisor's name, for the card that stands in for a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map((w) => (w ?? '').charAt(0).toUpperCase()).join('') || '?';
}

/** The report's date as words in its language ("28 November 2026"); the date as given when it is not a date. */
export function longDate(asOf: string, lang: Report['lang']): string {
  const d = new Date(`${asOf.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return asOf;
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/**
 * Where each kind of slide has its title: a page (chart, table) at the top; an opening (a section's divider, a tab
 * report's title slide) large; the client plan's cover large, left of the advisor's card. The title is the slide's
 * title placeholder, so PowerPoint's outline, its accessibility check and a screen reader find it.
 */
const TITLES = {
  page: { x: 0.4, y: 0.25, w: 12.5, h: 0.5, fontSize: 20 },
  open: { x: 0.8, y: 1.4, w: 11.7, h: 1, fontSize: 36 },
  cover: { x: 0.8, y: 1.6, w: 7.6, h: 1, fontSize: 40 },
} as const;
type Master = keyof typeof TITLES;

/** A new slide on `master` with `text` in its title placeholder. */
function titled(pptx: PptxGenJS, master: Master, text: string, lang: string): PptxGenJS.Slide {
  const slide = pptx.addSlide({ masterName: master });
  slide.addText(text, {
    placeholder: 'title',
    ...TITLES[master],
    bold: true,
    color: TEAL,
    align: 'left',
    valign: 'top',
    lang,
  });
  return slide;
}

/** A section's summary lines on its divider: at most this many, the rest named by count (its tables hold them all). */
const DIVIDER_LINES = 10;

/** The summary section's table whose figures make the large-figures slide. */
const keyFigures = (s: Section): Table | undefined =>
  s.id === 'summary' ? s.tables.find((t) => t.title === 'Key figures' && t.columns.length === 2) : undefined;

/**
 * PowerPoint. A tab's report: a title slide, then one slide per chart (the native chart, `pptx-charts.ts`) with its
 * figures table beside it; a section's other tables follow on their own slides. Long tables continue on further
 * slides, whole rows only, the header repeated ("(continued)" in the title).
 *
 * The client plan (issue 35): a cover with the advisor's branding (photo, else an initials card; name, designation,
 * e-mail, phone) and the family's name and date; then each section opens with a divider (its title and summary
 * lines) before its chart and table slides; the summary's key figures are a slide of large figures. Every text is
 * in the report's language (`r.lang`), every number written as on screen (`cellText` in `r.locale`).
 */
export async function renderPptx(r: Report): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE'; // 13.33 x 7.5 in
  pptx.author = r.branding.advisor_name;
  pptx.company = r.branding.advisor_name;
  pptx.title = `${r.title}: ${r.household}`;
  const lang = r.lang;
  const footer = `${preparedBy(r)} · ${r.household} · ${r.currency} · ${r.as_of}`;
  for (const master of Object.keys(TITLES) as Master[])
    pptx.defineSlideMaster({
      title: master,
      background: { color: 'FFFFFF' },
      objects: [
        { rect: { x: 0, y: 0, w: '100%', h: 0.12, fill: { color: TEAL } } },
        { text: { text: footer, options: { x: 0.4, y: 7.05, w: 12.5, h: 0.3, fontSize: 9, color: GREY, lang } } },
        {
          placeholder: {
            options: {
              name: 'title',
              type: 'title',
              ...TITLES[master],
              bold: true,
              color: TEAL,
              align: 'left',
              valign: 'top',
            },
            text: '',
          },
        },
      ],
      slideNumber: { x: 12.6, y: 7.05, fontSize: 9, color: GREY },
    });
  const newSlide = (text: string) => titled(pptx, 'page', text, lang);

  if (r.kind === 'client-plan') cover(pptx, r);
  else {
    const title = titled(pptx, 'open', r.title, lang);
    title.addText(r.household, { x: 0.8, y: 2.5, w: 11.7, h: 0.6, fontSize: 24, lang });
    title.addText(`${preparedBy(r)}\nAmounts in ${r.currency} · as of ${r.as_of}`, {
      x: 0.8,
      y: 3.3,
      w: 11.7,
      h: 1,
      fontSize: 16,
      color: GREY,
      lang,
    });
  }

  const texts = (t: Table) => {
    const total = totalsRow(t);
    return {
      header: t.columns.map((c) => c.label),
      rows: [...t.rows, ...(total ? [total] : [])].map((row) =>
        row.map((v, k) => cellText(v, t.columns[k] ?? { label: '', kind: 'text' }, r.currency, r.locale)),
      ),
    };
  };
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
      if (n > 0) slide = newSlide(`${title} (continued)`);
      slide.addTable(
        [
          header.map((text) => ({ text, options: { bold: true, fill: { color: 'E6F2F2' }, lang } })),
          ...page.rows.map((i) =>
            (rows[i] ?? []).map((text, k) => ({
              text,
              options: { align: (t.columns[k]?.kind === 'text' ? 'left' : 'right') as 'left' | 'right', lang },
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
    const key = r.kind === 'client-plan' ? keyFigures(s) : undefined;
    if (r.kind === 'client-plan') {
      divider(pptx, s, lang);
      if (key) keyFiguresSlide(pptx, key, r);
    }
    for (const c of s.charts) {
      const slide = newSlide(c.title);
      // a chart of many series (the fan's five percentiles) has a wider table beside it
      const tableW = c.series.length > 3 ? 6.2 : 4.8;
      const tableX = 13 - tableW;
      if (c.categories.length) addNativeChart(pptx, slide, c, r, { x: 0.4, y: 0.9, w: tableX - 0.6, h: 6 });
      else slide.addText('No figures to chart.', { x: 0.4, y: 1, w: tableX - 0.6, h: 0.5, fontSize: 14, lang });
      addTable(slide, chartTable(c), c.title, { x: tableX, w: tableW, fontSize: 7 });
    }
    // a year-by-year table whose every column is a chart's series is beside its charts already; any other table (one
    // with more columns than its charts draw, loans, properties, coverage, funds) has slides of its own; the key
    // figures are on their own slide of large figures
    for (const t of s.tables) {
      if (t === key) continue;
      // an empty table in the plan is a slide that says nothing: its section's divider says there is none
      if (r.kind === 'client-plan' && !t.rows.length) continue;
      if (t.columns[0]?.kind === 'year' && chartsHold(s.charts, t)) continue;
      const slide = newSlide(t.title);
      addTable(slide, t, t.title, { x: 0.4, w: 12.5, fontSize: t.columns.length > 10 ? 6 : 9 });
    }
  }
  // 'STREAM' is the output type whose zip honours compression (a node Buffer, DEFLATE)
  const out = await pptx.stream({ compression: true });
  return out as Buffer;
}

/**
 * The client plan's cover: the plan's title, the family's name, the date and the currency on the left; the advisor's
 * card on the right (their photo, else a circle with their initials; name, designation, e-mail, phone).
 */
function cover(pptx: PptxGenJS, r: Report): void {
  const lang = r.lang;
  const slide = titled(pptx, 'cover', r.title, lang);
  slide.addShape(pptx.ShapeType.rect, { x: 0, y: 0.12, w: 0.35, h: 6.8, fill: { color: TEAL }, line: { color: TEAL } });
  slide.addText(r.household, { x: 0.8, y: 2.7, w: 7.6, h: 0.8, fontSize: 28, lang });
  slide.addText(
    [
      { text: longDate(r.as_of, lang), options: { breakLine: true, lang } },
      { text: `Amounts in ${r.currency}`, options: { lang } },
    ],
    { x: 0.8, y: 3.6, w: 7.6, h: 1, fontSize: 18, color: GREY, lang },
  );
  advisorCard(pptx, slide, r.branding, lang);
}

function advisorCard(pptx: PptxGenJS, slide: PptxGenJS.Slide, b: Branding, lang: string): void {
  const box = { x: 9.4, y: 1.3, w: 2.6, h: 2.6 };
  const photo = b.photo ?? null;
  const size = photo ? imageSize(photo.data, photo.type) : null;
  if (photo && size && size.w > 0 && size.h > 0) {
    // the photo whole, as large as fits the box, centred in it
    const scale = Math.min(box.w / size.w, box.h / size.h);
    const w = size.w * scale;
    const h = size.h * scale;
    slide.addImage({
      data: `image/${photo.type};base64,${photo.data.toString('base64')}`,
      x: box.x + (box.w - w) / 2,
      y: box.y + (box.h - h) / 2,
      w,
      h,
      altText: `Photo of ${b.advisor_name}`,
    });
  } else {
    slide.addText(initials(b.advisor_name), {
      shape: pptx.ShapeType.ellipse,
      ...box,
      fill: { color: TEAL },
      line: { color: TEAL },
      color: 'FFFFFF',
      fontSize: 54,
      bold: true,
      align: 'center',
      valign: 'middle',
      lang,
    });
  }
  const lines: PptxGenJS.TextProps[] = [
    { text: b.advisor_name, options: { bold: true, fontSize: 18, color: '1A202C', breakLine: true, lang } },
  ];
  if (b.designation) lines.push({ text: b.designation, options: { fontSize: 14, breakLine: true, lang } });
  if (b.email) lines.push({ text: b.email, options: { fontSize: 12, breakLine: true, lang } });
  if (b.phone) lines.push({ text: b.phone, options: { fontSize: 12, breakLine: true, lang } });
  const last = lines[lines.length - 1];
  if (last?.options) last.options.breakLine = false;
  slide.addText(lines, { x: 8.6, y: 4.1, w: 4.2, h: 1.8, align: 'center', valign: 'top', color: GREY, lang });
}

/** A section's divider: its title and its summary lines. */
function divider(pptx: PptxGenJS, s: Section, lang: string): void {
  const slide = titled(pptx, 'open', s.title, lang);
  slide.background = { color: 'F0F7F7' };
  const lines = s.summary.slice(0, DIVIDER_LINES);
  const more = s.summary.length - lines.length;
  if (more > 0) lines.push(`… and ${more} more, in the section's tables.`);
  if (lines.length)
    slide.addText(
      lines.map((text, k) => ({ text, options: { bullet: true, breakLine: k < lines.length - 1, lang } })),
      { x: 0.8, y: 2.6, w: 11.7, h: 4.2, fontSize: lines.length > 6 ? 14 : 18, valign: 'top', color: '1A202C', lang },
    );
}

/** The summary's key figures, large: a card a figure, its label above it (four as two rows of two, else up to three a row). */
function keyFiguresSlide(pptx: PptxGenJS, t: Table, r: Report): void {
  const lang = r.lang;
  const slide = titled(pptx, 'page', t.title, lang);
  const col = t.columns[1] ?? { label: '', kind: 'money' };
  const rows = t.rows.slice(0, 9);
  // four figures (the plan's summary) as two rows of two, others in rows of up to three
  const cols = rows.length === 4 ? 2 : Math.min(3, Math.max(1, rows.length));
  const lines = Math.ceil(rows.length / cols);
  const gap = 0.3;
  const w = (12.1 - (cols - 1) * gap) / cols;
  const h = Math.min(2.6, (5.8 - (lines - 1) * gap) / Math.max(1, lines));
  rows.forEach((row, k) => {
    const x = 0.6 + (k % cols) * (w + gap);
    const y = 1.0 + Math.floor(k / cols) * (h + gap);
    const value = cellText(row[1] ?? null, col, r.currency, r.locale);
    // the largest size at which the figure fits the card on one line (glyphs taken wide, as for the tables)
    const size = [36, 28, 22].find((pt) => value.length * 0.65 * pt <= w * 72 - 24) ?? 16;
    slide.addText(
      [
        { text: String(row[0] ?? ''), options: { fontSize: 14, color: GREY, breakLine: true, lang } },
        { text: value, options: { fontSize: size, bold: true, color: TEAL, lang } },
      ],
      {
        x,
        y,
        w,
        h,
        fill: { color: 'F0F7F7' },
        line: { color: 'CBD5E0', width: 0.75 },
        valign: 'middle',
        align: 'center',
        margin: 8,
        lang,
      },
    );
  });
}

/**
 * Whether the section's charts hold every figure of a year-by-year table: each of its columns after the year is the
 * values of some chart's series over the table's years (so the tables beside the charts show them all).
 */
export function chartsHold(charts: readonly Chart[], t: Table): boolean {
  const years = t.rows.map((row) => String(row[0]));
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, k) => v === b[k]);
  const drawn = charts.filter((c) => same(c.categories, years)).flatMap((c) => c.series.map((x) => x.values));
  return t.columns.every(
    (_, k) =>
      k === 0 ||
      drawn.some((values) =>
        same(
          values,
          t.rows.map((row) => row[k]),
        ),
      ),
  );
}
