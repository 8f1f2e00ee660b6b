import { formatNumber } from '@kinfolio/money';
import PDFDocument from 'pdfkit';
import { cellText, compact, preparedBy } from './format';
import type { Chart, Report, Table } from './report';

const TEAL = '#2C7A7B';
const COLOURS = ['#2C7A7B', '#DD6B20', '#553C9A', '#C53030', '#2B6CB0'];
const MARGIN = 40;

/**
 * PDF: the same report as the Word file, paginated (A4, landscape when a table is wide), each chart drawn as simple
 * bars with its axis, legend and figures table; the advisor's name and designation and page numbers on every page.
 */
export function renderPdf(r: Report): Promise<Buffer> {
  const wide = r.sections.some((s) => s.tables.some((t) => t.columns.length > 10));
  const doc = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${r.title}: ${r.household}`, Author: r.branding.advisor_name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(24).fillColor(TEAL).text(r.title);
  doc.font('Helvetica').fontSize(16).fillColor('black').text(r.household);
  doc.moveDown(0.5).fontSize(11).fillColor('#444444').text(preparedBy(r));
  doc.text(`Amounts in ${r.currency}, as of ${r.as_of}.`).fillColor('black');

  for (const s of r.sections) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(18).fillColor(TEAL).text(s.title).fillColor('black');
    doc.font('Helvetica').fontSize(10);
    for (const line of s.summary) doc.text(line);
    doc.moveDown(0.5);
    // the charts drawn, then the section's tables (which hold every chart's figures)
    for (const c of s.charts) drawChart(c);
    for (const t of s.tables) drawTable(t);
  }

  function drawChart(c: Chart) {
    const h = 170;
    ensure(h + 50);
    doc.font('Helvetica-Bold').fontSize(11).text(c.title);
    const top = doc.y + 6;
    const left = MARGIN + 46;
    const w = width() - 46;
    const all = c.series.flatMap((x) => x.values);
    const max = Math.max(0, ...all);
    const min = Math.min(0, ...all);
    const span = max - min || 1;
    const y0 = top + (max / span) * h;
    doc.lineWidth(0.5).strokeColor('#888888');
    doc
      .moveTo(left, top)
      .lineTo(left, top + h)
      .stroke();
    doc
      .moveTo(left, y0)
      .lineTo(left + w, y0)
      .stroke();
    doc.font('Helvetica').fontSize(7).fillColor('#444444');
    doc.text(compact(max), MARGIN, top - 3, { width: 42, align: 'right' });
    if (min < 0) doc.text(compact(min), MARGIN, top + h - 6, { width: 42, align: 'right' });
    doc.text('0', MARGIN, y0 - 3, { width: 42, align: 'right' });
    const n = Math.max(c.categories.length, 1);
    const slot = w / n;
    const bar = Math.max((slot * 0.8) / Math.max(c.series.length, 1), 0.5);
    c.series.forEach((x, si) => {
      doc.fillColor(COLOURS[si % COLOURS.length] as string);
      x.values.forEach((v, k) => {
        const bh = (Math.abs(v) / span) * h;
        const bx = left + k * slot + slot * 0.1 + si * bar;
        if (bh > 0) doc.rect(bx, v >= 0 ? y0 - bh : y0, bar, bh).fill();
      });
    });
    doc.fillColor('#444444');
    const every = Math.ceil(n / 20);
    c.categories.forEach((cat, k) => {
      if (k % every === 0)
        doc.text(cat, left + k * slot, top + h + 3, {
          width: Math.max(slot * every - 2, 20),
          height: 9,
          ellipsis: true,
          lineBreak: false,
        });
    });
    let lx = left;
    const ly = top + h + 16;
    c.series.forEach((x, si) => {
      doc
        .fillColor(COLOURS[si % COLOURS.length] as string)
        .rect(lx, ly, 8, 8)
        .fill();
      doc.fillColor('black').text(x.name, lx + 11, ly, { lineBreak: false });
      lx += 14 + doc.widthOfString(x.name) + 12;
    });
    doc.x = MARGIN;
    doc.y = ly + 16;
    doc.fillColor('black');
  }

  function drawTable(t: Table) {
    const colW = width() / t.columns.length;
    // money cells without the currency code (it is in the column header), so figures fit their column
    const labels = t.columns.map((c) => (c.kind === 'money' ? `${c.label} (${r.currency})` : c.label));
    const texts = t.rows.map((row) =>
      t.columns.map((c, k) => {
        const v = row[k] ?? null;
        return c.kind === 'money' && typeof v === 'number' ? formatNumber(v) : cellText(v, c, r.currency);
      }),
    );
    // the largest font (8 pt at most, 4.5 at least) at which every figure fits its column; names may be cut short
    doc.font('Helvetica').fontSize(8);
    let scale = 1;
    t.columns.forEach((c, k) => {
      if (c.kind === 'text') return;
      const widest = Math.max(1, ...texts.map((row) => doc.widthOfString(row[k] ?? '')));
      scale = Math.min(scale, (colW - 4) / widest);
    });
    const size = Math.max(4.5, Math.min(8, Math.floor(8 * scale * 10) / 10));
    const rowH = size + 5;
    // headers wrap (up to three lines) at a size where their longest word fits the column
    doc.font('Helvetica-Bold').fontSize(size);
    const longestWord = Math.max(1, ...labels.flatMap((l) => l.split(/\s+/).map((w) => doc.widthOfString(w))));
    const headSize = Math.max(4, Math.min(size, Math.floor(size * ((colW - 4) / longestWord) * 10) / 10));
    const headH = 3 * (headSize + 1) + 5;
    ensure(headH + rowH * 2 + 14);
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(t.title, MARGIN, doc.y);
    doc.moveDown(0.2);
    const header = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, width(), headH).fill('#E6F2F2');
      doc.fillColor('black').font('Helvetica-Bold').fontSize(headSize);
      t.columns.forEach((c, k) => {
        doc.text(labels[k] ?? '', MARGIN + k * colW + 2, y + 2, {
          width: colW - 4,
          height: headH - 2,
          ellipsis: true,
          lineGap: 0,
          align: c.kind === 'text' ? 'left' : 'right',
        });
      });
      doc.y = y + headH;
    };
    header();
    doc.font('Helvetica').fontSize(size);
    for (const row of texts) {
      if (doc.y + rowH > bottom()) {
        doc.addPage();
        header();
        doc.font('Helvetica').fontSize(size);
      }
      const y = doc.y;
      t.columns.forEach((c, k) => {
        doc.text(row[k] ?? '', MARGIN + k * colW + 2, y + 2, {
          width: colW - 4,
          height: rowH,
          lineBreak: false,
          ellipsis: true,
          align: c.kind === 'text' ? 'left' : 'right',
        });
      });
      doc
        .moveTo(MARGIN, y + rowH)
        .lineTo(MARGIN + width(), y + rowH)
        .lineWidth(0.3)
        .strokeColor('#E2E8F0')
        .stroke();
      doc.y = y + rowH;
    }
    doc.x = MARGIN;
    doc.moveDown(0.8);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no page break for it
    const y = doc.page.height - MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor('#5A6B6B');
    doc.text(`${preparedBy(r)} · ${r.household}`, MARGIN, y, { width: width() / 2, lineBreak: false, height: 10 });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN + width() / 2, y, {
      width: width() / 2,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
  doc.end();
  return done;
}
