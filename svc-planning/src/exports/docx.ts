import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
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
import { cellText, preparedBy } from './format';
import type { Report, Table as ReportTable } from './report';

const border = { style: BorderStyle.SINGLE, size: 2, color: 'CBD5E0' };
const borders = { top: border, bottom: border, left: border, right: border };

/**
 * Word: a client-ready report: title page block, a heading per section with its summary, and its figures as tables
 * (the section's tables hold every chart's figures); the advisor's name and designation in the header, page numbers
 * in the footer.
 */
export async function renderDocx(r: Report): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(r.title)] }),
    new Paragraph({ children: [new TextRun({ text: r.household, bold: true, size: 28 })] }),
    new Paragraph({ children: [new TextRun(preparedBy(r))] }),
    new Paragraph({ children: [new TextRun(`Amounts in ${r.currency}, as of ${r.as_of}.`)] }),
  ];
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
        ...t.rows.map(
          (row) =>
            new TableRow({
              children: t.columns.map(
                (c, k) =>
                  new TableCell({
                    borders,
                    children: [
                      new Paragraph({
                        alignment: c.kind === 'text' ? AlignmentType.LEFT : AlignmentType.RIGHT,
                        children: [
                          new TextRun({ text: cellText(row[k] ?? null, c, r.currency), size: small ? 12 : 18 }),
                        ],
                      }),
                    ],
                  }),
              ),
            }),
        ),
      ],
    });
  for (const s of r.sections) {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(s.title)] }),
    );
    for (const line of s.summary) children.push(new Paragraph({ children: [new TextRun(line)] }));
    // every chart's figures are in the section's tables (the Word report is the tables; slides and the PDF draw them)
    for (const t of s.tables) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(t.title)] }));
      children.push(table(t, t.columns.length > 10));
    }
  }
  const doc = new Document({
    creator: r.branding.advisor_name,
    title: `${r.title}: ${r.household}`,
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
  return Packer.toBuffer(doc);
}
