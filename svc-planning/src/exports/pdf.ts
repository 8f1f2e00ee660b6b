import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { altText, cellText, numberText, preparedBy } from './format';
import { CHART_BELOW, drawChart, PLOT_HEIGHT } from './pdf-chart';
import type { Chart, Report, Table } from './report';

const TEAL = '#2C7A7B';
const TEAL_LIGHT = '#E6F2F2';
const MUTED = '#5A6B6B';
const MARGIN = 40;

/**
 * The fonts, embedded (PDF/UA: every font in the file): DejaVu Sans from the npm package, the Condensed cuts for table
 * cells. The standard-14 Helvetica is never embedded, so it is not used. Each font is parsed once a process (fontkit,
 * pdfkit's own font reader) and shared by every document: parsing is most of a small document's time.
 */
const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  cond: 'DejaVuSansCondensed.ttf',
  condBold: 'DejaVuSansCondensed-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
const fontkit = require('fontkit') as { create(data: Buffer): unknown };
let parsedFonts: Record<FontName, unknown> | null = null;
function fonts(): Record<FontName, unknown> {
  if (!parsedFonts) {
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    parsedFonts = Object.fromEntries(
      Object.entries(FONT_FILES).map(([k, f]) => [k, fontkit.create(readFileSync(join(dir, f)))]),
    ) as Record<FontName, unknown>;
  }
  return parsedFonts;
}

/** pdfkit's structure element options, with the two its types lack: a table header's scope, a figure's box. */
type StructOptions = NonNullable<Parameters<PDFKit.PDFDocument['struct']>[1]> & {
  scope?: 'Column' | 'Row';
  bbox?: [left: number, top: number, right: number, bottom: number];
};
type El = PDFKit.PDFStructureElement;

/** A date 'YYYY-MM-DD' in words, e.g. 28 November 2026 (the cover). */
export function dateText(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    d,
  );
}

/** The advisor's initials for the cover's card when there is no photo: the first letters of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * PDF: the same report as the Word file, paginated (A4, landscape when a table is wide), tagged for assistive
 * technology (PDF/UA-minded: a structure tree in reading order with headings, paragraphs, tables with header cells and
 * charts as figures with alt text; page decorations are artifacts; fonts embedded; the document's language and title
 * set). Each chart is drawn as vectors (bars, lines, or the Monte Carlo fan) with its axis and legend; its figures are
 * in the section's tables. A client plan opens with a cover (the advisor's branding, the family, the date). The
 * advisor's name and designation and page numbers are on every page. The output depends only on the report (its
 * `generated_at` is the file's creation date), so the same report makes the same file.
 */
export function renderPdf(r: Report): Promise<Buffer> {
  const wide = r.sections.some((s) => s.tables.some((t) => t.columns.length > 10));
  const title = `${r.title}: ${r.household}`;
  const created = new Date(r.generated_at);
  const doc = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: r.lang,
    displayTitle: true,
    subset: 'PDF/UA' as never,
    info: {
      Title: title,
      Author: r.branding.advisor_name,
      Subject: `${r.title} for ${r.household}, as of ${r.as_of}`,
      Creator: 'Kinfolio',
      CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = fonts();
  // pdfkit takes a fontkit font as it is (its types know only paths and buffers)
  for (const [name, font] of Object.entries(f)) doc.registerFont(name, font as Buffer);

  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  /** Draws `draw` as the content of a new structure element of `type` under `parent` (a page break inside is fine). */
  const tag = (parent: El, type: string, draw: () => void, options: StructOptions = {}): El => {
    const el = doc.struct(type, options);
    parent.add(el);
    const content = doc.markStructureContent(type);
    draw();
    doc.endMarkedContent();
    el.add(content);
    el.end();
    return el;
  };
  /** Draws `draw` as an artifact: decoration a reader skips (rules, backgrounds, repeated headers, page footers). */
  const artifact = (draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') => {
    doc.markContent('Artifact', { type });
    draw();
    doc.endMarkedContent();
  };

  const root = doc.struct('Document');
  doc.addStructure(root);

  // the first page: a client plan's cover, else the report's title block
  const front = doc.struct('Sect');
  root.add(front);
  if (r.kind === 'client-plan') cover(front);
  else {
    tag(front, 'H1', () => doc.font('bold').fontSize(24).fillColor(TEAL).text(r.title));
    tag(front, 'P', () => doc.font('regular').fontSize(16).fillColor('black').text(r.household));
    doc.moveDown(0.5);
    tag(front, 'P', () => doc.fontSize(11).fillColor('#444444').text(preparedBy(r)));
    tag(front, 'P', () => doc.text(`Amounts in ${r.currency}, as of ${r.as_of}.`).fillColor('black'));
  }
  front.end();

  for (const s of r.sections) {
    doc.addPage();
    const sect = doc.struct('Sect', { title: s.title });
    root.add(sect);
    doc.outline.addItem(s.title);
    tag(sect, 'H1', () => doc.font('bold').fontSize(18).fillColor(TEAL).text(s.title, MARGIN, doc.y));
    const ruleY = doc.y + 1;
    artifact(() =>
      doc
        .moveTo(MARGIN, ruleY)
        .lineTo(MARGIN + width(), ruleY)
        .lineWidth(1)
        .strokeColor(TEAL)
        .stroke(),
    );
    doc.y = ruleY + 6;
    doc.font('regular').fontSize(10).fillColor('black');
    for (const line of s.summary) tag(sect, 'P', () => doc.font('regular').fontSize(10).fillColor('black').text(line));
    doc.moveDown(0.5);
    // the charts drawn, then the section's tables (which hold every chart's figures)
    for (const c of s.charts) chart(sect, c);
    for (const t of s.tables) table(sect, t);
    sect.end();
  }

  function cover(parent: El) {
    const pw = doc.page.width;
    // the band holds the title and "Prepared for …" however long the family's name
    const titleH = doc.font('bold').fontSize(30).heightOfString(r.title, { width: width() });
    const forH = doc.font('regular').fontSize(13).heightOfString(`Prepared for ${r.household}`, { width: width() });
    const band = Math.max(150, 50 + titleH + 4 + forH + 30);
    artifact(() => doc.rect(0, 0, pw, band).fill(TEAL));
    tag(parent, 'H1', () =>
      doc.font('bold').fontSize(30).fillColor('white').text(r.title, MARGIN, 50, { width: width() }),
    );
    tag(parent, 'P', () =>
      doc
        .font('regular')
        .fontSize(13)
        .fillColor('white')
        .text(`Prepared for ${r.household}`, MARGIN, doc.y + 4, { width: width() }),
    );
    doc.y = band + 40;
    tag(parent, 'P', () =>
      doc.font('bold').fontSize(22).fillColor('black').text(r.household, MARGIN, doc.y, { width: width() }),
    );
    doc.moveDown(0.3);
    tag(parent, 'P', () => doc.font('regular').fontSize(12).fillColor('#444444').text(dateText(r.as_of)));
    tag(parent, 'P', () => doc.text(`Amounts in ${r.currency}`));

    // the advisor: photo (a figure) or an initials card (decoration: the name is beside it), then name and contact
    const b = r.branding;
    const top = Math.max(doc.y + 40, doc.page.height * 0.55);
    const size = 84;
    // a photo that cannot be read (not a PNG or JPEG after all) gives the initials card, not a failed export
    let photo: unknown = null;
    try {
      photo = b.photo ? (doc as unknown as { openImage(src: Buffer): unknown }).openImage(b.photo.data) : null;
    } catch {
      photo = null;
    }
    if (photo) {
      tag(
        parent,
        'Figure',
        // pdfkit takes an opened image as it is (its types know only paths and buffers)
        () => doc.image(photo as Buffer, MARGIN, top, { fit: [size, size], align: 'center', valign: 'center' }),
        { alt: `Photo of ${b.advisor_name}`, bbox: [MARGIN, top, MARGIN + size, top + size] },
      );
    } else {
      artifact(() => {
        doc.roundedRect(MARGIN, top, size, size, 8).fill(TEAL);
        doc
          .font('bold')
          .fontSize(30)
          .fillColor('white')
          .text(initials(b.advisor_name), MARGIN, top + size / 2 - 18, {
            width: size,
            align: 'center',
            lineBreak: false,
          });
      });
    }
    const tx = MARGIN + size + 18;
    const tw = width() - size - 18;
    doc.y = top;
    tag(parent, 'P', () =>
      doc.font('regular').fontSize(10).fillColor(MUTED).text('Your advisor', tx, doc.y, { width: tw }),
    );
    tag(parent, 'P', () =>
      doc.font('bold').fontSize(16).fillColor('black').text(b.advisor_name, tx, doc.y, { width: tw }),
    );
    if (b.designation)
      tag(parent, 'P', () =>
        doc
          .font('regular')
          .fontSize(11)
          .fillColor('#444444')
          .text(b.designation as string, tx, doc.y, { width: tw }),
      );
    doc.y += 4;
    if (b.email)
      tag(parent, 'P', () =>
        doc.font('regular').fontSize(10).fillColor('black').text(`E-mail: ${b.email}`, tx, doc.y, { width: tw }),
      );
    if (b.phone)
      tag(parent, 'P', () =>
        doc.font('regular').fontSize(10).fillColor('black').text(`Phone: ${b.phone}`, tx, doc.y, { width: tw }),
      );
    doc.x = MARGIN;
    doc.fillColor('black');
  }

  function chart(parent: El, c: Chart) {
    ensure(PLOT_HEIGHT + CHART_BELOW + 30);
    tag(parent, 'H2', () => doc.font('bold').fontSize(11).fillColor('black').text(c.title, MARGIN, doc.y));
    const top = doc.y + 6;
    tag(parent, 'Figure', () => drawChart(doc, c, MARGIN, top, width(), { regular: 'regular' }), {
      alt: altText(c, r.currency, r.locale),
      bbox: [MARGIN, top, MARGIN + width(), top + PLOT_HEIGHT + CHART_BELOW],
    });
    doc.x = MARGIN;
    doc.y = top + PLOT_HEIGHT + CHART_BELOW;
  }

  function table(parent: El, t: Table) {
    const colW = width() / t.columns.length;
    // money cells without the currency code (it is in the column header), so figures fit their column
    const labels = t.columns.map((c) => (c.kind === 'money' ? `${c.label} (${r.currency})` : c.label));
    const text = (v: Table['rows'][number][number] | undefined, k: number) => {
      const c = t.columns[k];
      if (!c) return '';
      const x = v ?? null;
      return c.kind === 'money' && typeof x === 'number'
        ? numberText(x, r.locale)
        : cellText(x, c, r.currency, r.locale);
    };
    const texts = t.rows.map((row) => t.columns.map((_, k) => text(row[k], k)));
    const totals = t.totals
      ? t.columns.map((_, k) => {
          if (k === 0) return t.totals?.label ?? '';
          const v = t.totals?.values[k];
          return v === undefined ? '' : text(v, k);
        })
      : null;
    // the largest font (8 pt at most, 4.5 at least) at which every figure fits its column; names may be cut short
    doc.font('cond').fontSize(8);
    let scale = 1;
    t.columns.forEach((c, k) => {
      if (c.kind === 'text') return;
      const all = [...texts.map((row) => row[k] ?? ''), totals?.[k] ?? ''];
      const widest = Math.max(1, ...all.map((s) => doc.widthOfString(s)));
      scale = Math.min(scale, (colW - 4) / widest);
    });
    const size = Math.max(4.5, Math.min(8, Math.floor(8 * scale * 10) / 10));
    const rowH = size + 5;
    // headers wrap (up to three lines) at a size where their longest word fits the column
    doc.font('condBold').fontSize(size);
    const longestWord = Math.max(1, ...labels.flatMap((l) => l.split(/\s+/).map((w) => doc.widthOfString(w))));
    const headSize = Math.max(4, Math.min(size, Math.floor(size * ((colW - 4) / longestWord) * 10) / 10));
    // as tall as the longest header needs, three lines at most
    doc.fontSize(headSize);
    const lines = Math.min(
      3,
      Math.max(
        1,
        ...labels.map((l) =>
          Math.round(doc.heightOfString(l, { width: colW - 4, lineGap: 0 }) / doc.currentLineHeight()),
        ),
      ),
    );
    const headH = lines * doc.currentLineHeight() + 5;
    ensure(headH + rowH * 2 + 14);
    tag(parent, 'H2', () => doc.font('bold').fontSize(10).fillColor('black').text(t.title, MARGIN, doc.y));
    doc.moveDown(0.2);
    const el = doc.struct('Table', { title: t.title });
    parent.add(el);

    const cellOpts = (k: number, h: number): PDFKit.Mixins.TextOptions => ({
      width: colW - 4,
      height: h,
      ellipsis: true,
      lineGap: 0,
      lineBreak: h > rowH,
      align: t.columns[k]?.kind === 'text' ? 'left' : 'right',
    });
    /** The header row: tagged TH cells the first time, an artifact when repeated on a following page. */
    const header = (repeat: boolean) => {
      const y = doc.y;
      artifact(() => doc.rect(MARGIN, y, width(), headH).fill(TEAL_LIGHT));
      const draw = (k: number) =>
        doc
          .fillColor('black')
          .font('condBold')
          .fontSize(headSize)
          .text(labels[k] ?? '', MARGIN + k * colW + 2, y + 2, cellOpts(k, headH - 2));
      if (repeat)
        artifact(() => {
          for (let k = 0; k < t.columns.length; k++) draw(k);
        }, 'Pagination');
      else {
        const tr = doc.struct('TR');
        el.add(tr);
        for (let k = 0; k < t.columns.length; k++) tag(tr, 'TH', () => draw(k), { scope: 'Column' });
        tr.end();
      }
      doc.y = y + headH;
    };
    const row = (cells: string[], bold: boolean) => {
      if (doc.y + rowH > bottom()) {
        doc.addPage();
        header(true);
      }
      const y = doc.y;
      const tr = doc.struct('TR');
      el.add(tr);
      cells.forEach((s, k) => {
        // the totals row's label heads its row
        const th = bold && k === 0;
        tag(
          tr,
          th ? 'TH' : 'TD',
          () =>
            doc
              .fillColor('black')
              .font(bold ? 'condBold' : 'cond')
              .fontSize(size)
              .text(s, MARGIN + k * colW + 2, y + 2, cellOpts(k, rowH)),
          th ? { scope: 'Row' } : {},
        );
      });
      tr.end();
      artifact(() =>
        doc
          .moveTo(MARGIN, y + rowH)
          .lineTo(MARGIN + width(), y + rowH)
          .lineWidth(bold ? 0.8 : 0.3)
          .strokeColor(bold ? TEAL : '#E2E8F0')
          .stroke(),
      );
      doc.y = y + rowH;
    };
    header(false);
    for (const cells of texts) row(cells, false);
    if (totals) row(totals, true);
    el.end();
    doc.x = MARGIN;
    doc.moveDown(0.8);
  }

  root.end();
  // the footer on every page, as a pagination artifact
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no page break for it
    const y = doc.page.height - MARGIN;
    artifact(() => {
      doc
        .moveTo(MARGIN, y - 5)
        .lineTo(MARGIN + width(), y - 5)
        .lineWidth(0.3)
        .strokeColor('#CBD5E0')
        .stroke();
      doc.font('regular').fontSize(8).fillColor(MUTED);
      const [text, size] = footerFit(doc, [`${preparedBy(r)} · ${r.household}`, preparedBy(r)], width() * 0.7 - 6);
      doc.fontSize(size).text(text, MARGIN, y, { width: width() * 0.7, lineBreak: false, height: 10 });
      doc.fontSize(8).text(`Page ${i + 1} of ${range.count}`, MARGIN + width() * 0.7, y, {
        width: width() * 0.3,
        align: 'right',
        lineBreak: false,
        height: 10,
      });
    }, 'Pagination');
  }
  doc.end();
  return done;
}

/**
 * The footer's left text at 8 pt, smaller down to 5.5 pt when it is long; when even that is too wide, the next (shorter)
 * choice; the last choice at 5.5 pt whatever its width (pdfkit then cuts it at the column's edge).
 */
export function footerFit(doc: PDFKit.PDFDocument, choices: string[], width: number): [string, number] {
  for (const text of choices) {
    const w = doc.fontSize(8).widthOfString(text);
    const size = w <= width ? 8 : Math.floor((8 * width * 10) / w) / 10;
    if (size >= 5.5) return [text, size];
  }
  return [choices[choices.length - 1] ?? '', 5.5];
}
