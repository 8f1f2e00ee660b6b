import ExcelJS from 'exceljs';
import { preparedBy } from './format';
import type { Report } from './report';

/** Excel: one sheet per section (tab), real numeric cells with number formats, the charts' figures as tables. */
export async function renderXlsx(r: Report): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = r.branding.advisor_name;
  wb.title = `${r.title}: ${r.household}`;
  wb.created = new Date(r.generated_at);
  const moneyFormat = `"${r.currency}" #,##0.00;[Red]-"${r.currency}" #,##0.00`;
  const used = new Set<string>();
  for (const s of r.sections) {
    let name = s.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
    for (let k = 2; used.has(name); k++) name = `${s.title.slice(0, 28)} ${k}`;
    used.add(name);
    const ws = wb.addWorksheet(name);
    ws.addRow([`${r.title}: ${r.household}`]).font = { bold: true, size: 14 };
    ws.addRow([preparedBy(r)]);
    ws.addRow([`Currency ${r.currency}, as of ${r.as_of}`]);
    for (const line of s.summary) ws.addRow([line]);
    const widths: number[] = [];
    for (const t of s.tables) {
      ws.addRow([]);
      ws.addRow([t.title]).font = { bold: true };
      const head = ws.addRow(t.columns.map((c) => c.label));
      head.font = { bold: true };
      head.eachCell((cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F2' } };
      });
      for (const row of t.rows) {
        const added = ws.addRow(row.map((v) => (v === null ? null : v)));
        t.columns.forEach((c, k) => {
          const cell = added.getCell(k + 1);
          if (typeof row[k] !== 'number') return;
          if (c.kind === 'money') cell.numFmt = moneyFormat;
          else if (c.kind === 'year') cell.numFmt = '0';
          else if (c.kind === 'percent') cell.numFmt = '0.00"%"';
          else cell.numFmt = '#,##0';
        });
      }
      t.columns.forEach((c, k) => {
        widths[k] = Math.max(widths[k] ?? 10, c.label.length + 2, c.kind === 'money' ? 18 : 10);
      });
    }
    widths.forEach((w, k) => {
      ws.getColumn(k + 1).width = Math.min(w, 40);
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
