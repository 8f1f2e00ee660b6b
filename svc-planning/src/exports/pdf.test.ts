import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { altText, numberText } from './format';
import { sampleClientPlan, sampleFinancialReport } from './__fixtures__/reports';
import PDFDocument from 'pdfkit';
import { dateText, footerFit, initials, renderPdf } from './pdf';
import { legend, ticks } from './pdf-chart';
import type { Inspected, InspectedNode } from './pdf-inspect';
import type { Report } from './report';

/**
 * The PDF/UA-minded checks of the PDF export, run on the sample client plan and a plain financial report: the file is
 * read back with pdf.js (in a child process: see pdf-inspect.ts) for its structure tree, mark info, language, title
 * and viewer preferences, and parsed here for its fonts, structure attributes and page content (every painting
 * operator inside tagged content or an artifact). docs/decisions/client-plan-h1.md lists the Matterhorn checks this
 * covers and those it does not.
 */

function inspect(pdf: Buffer): Inspected {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'pdf-inspect.ts')], {
    input: pdf,
    cwd: __dirname,
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pdf-inspect failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Inspected;
}

/** The file's objects by number (pdfkit writes no object streams: every dictionary is plain text). */
function objects(pdf: Buffer): Map<number, string> {
  const s = pdf.toString('latin1');
  return new Map([...s.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)].map((m) => [Number(m[1]), m[2] as string]));
}
const ref = (body: string, key: string): number | null => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(body);
  return m ? Number(m[1]) : null;
};
/** The decoded content stream of every page, in page order. */
function pageContents(objs: Map<number, string>): string[] {
  const pages = [...objs.values()].filter((o) => /\/Type \/Page\b/.test(o));
  return pages.map((p) => {
    const body = objs.get(ref(p, 'Contents') ?? -1) ?? '';
    const m = /stream\n([\s\S]*)\nendstream/.exec(body);
    const data = Buffer.from(m?.[1] ?? '', 'latin1');
    return (/\/FlateDecode/.test(body) ? inflateSync(data) : data).toString('latin1');
  });
}

const PAINT = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'Do', 'sh', 'BI']);
/**
 * The painting operators of a content stream outside any marked content (neither tagged nor an artifact), whether
 * the marked content is balanced and whether any is nested in another: operands are skipped (strings, hex strings, names, numbers, arrays and
 * dictionaries), operators counted.
 */
export function untaggedPaint(content: string): { untagged: string[]; balanced: boolean; nested: boolean } {
  const untagged: string[] = [];
  let depth = 0;
  let balanced = true;
  let nested = false;
  let i = 0;
  const n = content.length;
  while (i < n) {
    const ch = content[i] as string;
    if (/\s/.test(ch) || ch === '[' || ch === ']') i++;
    else if (ch === '%') while (i < n && content[i] !== '\n') i++;
    else if (ch === '(') {
      let level = 0;
      for (; i < n; i++) {
        const c = content[i];
        if (c === '\\') i++;
        else if (c === '(') level++;
        else if (c === ')' && --level === 0) break;
      }
      i++;
    } else if (ch === '<' && content[i + 1] === '<') i += 2;
    else if (ch === '>' && content[i + 1] === '>') i += 2;
    else if (ch === '<') i = content.indexOf('>', i) + 1;
    else if (ch === '/') {
      i++;
      while (i < n && !/[\s/[\]<>()]/.test(content[i] as string)) i++;
    } else if (/[-+.\d]/.test(ch)) {
      i++;
      while (i < n && /[.\d]/.test(content[i] as string)) i++;
    } else {
      const start = i;
      while (i < n && !/[\s/[\]<>()%]/.test(content[i] as string)) i++;
      const op = content.slice(start, i);
      if (op === 'BDC' || op === 'BMC') {
        // tagged content inside an artifact or the other way round (Matterhorn 01-003, 01-004): none here
        if (depth > 0) nested = true;
        depth++;
      } else if (op === 'EMC') {
        depth--;
        if (depth < 0) balanced = false;
      } else if (depth === 0 && PAINT.has(op)) untagged.push(op);
      if (i === start) i++;
    }
  }
  return { untagged, balanced: balanced && depth === 0, nested };
}

/** Every node of the pages' trees, depth first, page after page (elements over several pages appear once a page). */
function nodes(trees: InspectedNode[][]): InspectedNode[] {
  const out: InspectedNode[] = [];
  // an element with no content on this page anywhere under it is listed by pdf.js but belongs to another page
  const here = (x: InspectedNode): boolean => x.content > 0 || x.children.some(here);
  const walk = (x: InspectedNode) => {
    if (!here(x)) return;
    out.push(x);
    x.children.forEach(walk);
  };
  for (const t of trees) t.forEach(walk);
  return out;
}
/** Text as compared here: pdf.js gives the spaces between words and at line ends unevenly, so without white space. */
const squeeze = (s: string) => s.replace(/\s+/g, '');
/** The texts of the elements of a role in reading order (without white space: see squeeze). */
const texts = (all: InspectedNode[], role: string) => all.filter((x) => x.role === role).map((x) => squeeze(x.text));

describe('the tagged PDF (PDF/UA-minded)', () => {
  const plan = sampleClientPlan();
  const report = sampleFinancialReport();
  let planPdf: Buffer;
  let reportPdf: Buffer;
  let planInfo: Inspected;
  let reportInfo: Inspected;
  beforeAll(async () => {
    planPdf = await renderPdf(plan);
    reportPdf = await renderPdf(report);
    planInfo = inspect(planPdf);
    reportInfo = inspect(reportPdf);
  }, 120_000);

  const both = (): Array<[string, Report, Buffer, Inspected]> => [
    ['client plan', plan, planPdf, planInfo],
    ['financial report', report, reportPdf, reportInfo],
  ];

  it('is marked, with its language, title shown as the window title, PDF 1.7 and the PDF/UA identifier', () => {
    for (const [, r, pdf, info] of both()) {
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
      expect(info.markInfo?.Marked).toBe(true);
      expect(info.info.Language).toBe(r.lang);
      expect(info.info.Title).toBe(`${r.title}: ${r.household}`);
      expect(info.viewerPreferences?.DisplayDocTitle).toBe(true);
      // XMP: the PDF/UA part and the title (Matterhorn 06-002, 07-001 … )
      expect(info.xmp).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
      expect(info.xmp).toContain(`${r.title}: ${r.household}`);
      const catalog = [...objects(pdf).values()].find((o) => /\/Type \/Catalog/.test(o)) ?? '';
      expect(ref(catalog, 'StructTreeRoot')).not.toBeNull();
    }
  });

  it('embeds every font (TrueType, FontFile2), with no unembedded standard font', () => {
    for (const [, , pdf] of both()) {
      const objs = [...objects(pdf).values()];
      const descriptors = objs.filter((o) => /\/Type \/FontDescriptor/.test(o));
      expect(descriptors.length).toBeGreaterThanOrEqual(2);
      for (const d of descriptors) expect(d).toMatch(/\/FontFile2 \d+ 0 R/);
      const fonts = objs.filter((o) => /\/Type \/Font\b/.test(o));
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect(f).toMatch(/\/Subtype \/(Type0|CIDFontType2)/);
      expect(pdf.toString('latin1')).not.toMatch(/Helvetica|\/Subtype \/Type1/);
    }
  });

  it('paints nothing outside tagged content or artifacts, on every page', () => {
    for (const [, , pdf, info] of both()) {
      const contents = pageContents(objects(pdf));
      expect(contents).toHaveLength(info.pages);
      contents.forEach((c, p) => {
        expect({ page: p + 1, ...untaggedPaint(c) }).toEqual({
          page: p + 1,
          untagged: [],
          balanced: true,
          nested: false,
        });
        // something on every page is content a reader gets
        expect(info.trees[p]?.length).toBeGreaterThan(0);
      });
    }
  });

  it('the checker of untagged painting finds it (so the check above can fail)', () => {
    expect(untaggedPaint('q 1 0 0 1 0 0 cm 0 0 m 10 10 l S Q')).toEqual({
      untagged: ['S'],
      balanced: true,
      nested: false,
    });
    expect(untaggedPaint('BT /F1 8 Tf [<0041> 20 (a\\)b)] TJ ET')).toEqual({
      untagged: ['TJ'],
      balanced: true,
      nested: false,
    });
    expect(untaggedPaint('/P <</MCID 0>> BDC BT (x) Tj ET EMC /Artifact BMC 0 0 10 10 re f EMC')).toEqual({
      untagged: [],
      balanced: true,
      nested: false,
    });
    expect(untaggedPaint('/Artifact BMC /P <</MCID 0>> BDC (x) Tj EMC EMC').nested).toBe(true);
    expect(untaggedPaint('/P <</MCID 0>> BDC 0 0 10 10 re f').balanced).toBe(false);
  });

  it('headings in reading order: H1 for the title and each section, H2 for each chart and table', () => {
    for (const [, r, , info] of both()) {
      const all = nodes(info.trees);
      expect(all[0]?.role).toBe('Document');
      expect(texts(all, 'H1')).toEqual([r.title, ...r.sections.map((s) => s.title)].map(squeeze));
      expect(texts(all, 'H2')).toEqual(
        r.sections.flatMap((s) => [...s.charts.map((c) => c.title), ...s.tables.map((t) => t.title)]).map(squeeze),
      );
      // each section's summary lines are paragraphs
      for (const line of r.sections.flatMap((s) => s.summary)) expect(texts(all, 'P')).toContain(squeeze(line));
      // the page footer is an artifact, in no element's text
      expect(all.some((x) => /Page \d+ of/.test(x.text) || x.text.includes(' · '))).toBe(false);
      const known = new Set(['Document', 'Sect', 'H1', 'H2', 'P', 'Figure', 'Table', 'TR', 'TH', 'TD']);
      expect([...new Set(all.map((x) => x.role))].filter((x) => !known.has(x))).toEqual([]);
    }
  });

  it('each chart is a Figure with its alt text (format.ts altText), in order', () => {
    for (const [, r, pdf, info] of both()) {
      const figures = nodes(info.trees).filter((x) => x.role === 'Figure');
      const charts = r.sections.flatMap((s) => s.charts).map((c) => altText(c, r.currency, r.locale));
      const photo = r.kind === 'client-plan' && r.branding.photo ? [`Photo of ${r.branding.advisor_name}`] : [];
      expect(figures.map((f) => f.alt)).toEqual([...photo, ...charts]);
      for (const f of figures) expect((f.alt ?? '').length).toBeGreaterThan(10);
      // each figure's box on the page (a Layout attribute), for tools that reflow or read aloud by region
      const boxes = [...objects(pdf).values()].filter((o) => /\/S \/Figure\b/.test(o));
      expect(boxes).toHaveLength(figures.length);
      for (const o of boxes) expect(o).toMatch(/\/O \/Layout[\s\S]*\/BBox \[[\d.\s]+\]/);
    }
    // every chart kind is among them
    expect(new Set(plan.sections.flatMap((s) => s.charts.map((c) => c.kind)))).toEqual(
      new Set(['bar', 'multi_bar', 'line', 'fan']),
    );
  });

  it('tables are Table > TR > TH (scoped) / TD, with the figures as the locale writes them', () => {
    for (const [, r, pdf, info] of both()) {
      const all = nodes(info.trees);
      const tables = all.filter((x) => x.role === 'Table');
      // a table over several pages appears once a page: at least one a table
      const count = r.sections.reduce((a, s) => a + s.tables.length, 0);
      expect(tables.length).toBeGreaterThanOrEqual(count);
      for (const t of tables) {
        expect(t.children.length).toBeGreaterThan(0);
        for (const tr of t.children) {
          expect(tr.role).toBe('TR');
          for (const cell of tr.children) expect(['TH', 'TD']).toContain(cell.role);
        }
      }
      // the header cells of every table, once, each with its scope (the column's, or a totals row's)
      const headers = r.sections.flatMap((s) =>
        s.tables.flatMap((t) => t.columns.map((c) => (c.kind === 'money' ? `${c.label} (${r.currency})` : c.label))),
      );
      const totals = r.sections.flatMap((s) => s.tables.filter((t) => t.totals).map((t) => t.totals?.label ?? ''));
      expect(texts(all, 'TH').sort()).toEqual([...headers, ...totals].map(squeeze).sort());
      const th = [...objects(pdf).values()].filter((o) => /\/S \/TH\b/.test(o));
      expect(th).toHaveLength(headers.length + totals.length);
      for (const o of th) expect(o).toMatch(/\/Scope \/(Column|Row)/);
      expect(th.filter((o) => /\/Scope \/Row/.test(o))).toHaveLength(totals.length);
      // the first data row of the first long table, cell by cell
      const t = r.sections.flatMap((s) => s.tables).find((x) => x.rows.length > 30);
      if (!t) throw new Error('the sample has a long table');
      const firstRow = tables.find((x) => squeeze(x.children[0]?.children[0]?.text ?? '') === t.columns[0]?.label)
        ?.children[1];
      expect(firstRow?.children.map((c) => squeeze(c.text))).toEqual(
        (t.rows[0] ?? []).map((v, k) =>
          t.columns[k]?.kind === 'money' ? numberText(v as number, r.locale) : String(v),
        ),
      );
    }
  });

  it('the client plan opens with its cover: the family, the date, the currency and the advisor with photo and contact', () => {
    const cover = planInfo.trees[0] ?? [];
    const first = nodes([cover]);
    expect(texts(first, 'H1')).toEqual(['Clientplan']);
    expect(texts(first, 'P')).toEqual(
      [
        'Prepared for Tan family',
        'Tan family',
        '28 November 2026',
        'Amounts in SGD',
        'Your advisor',
        'Jane Lim',
        'Certified Financial Planner',
        'E-mail: jane.lim@example.com',
        'Phone: +65 6123 4567',
      ].map(squeeze),
    );
    expect(first.filter((x) => x.role === 'Figure').map((x) => x.alt)).toEqual(['Photo of Jane Lim']);
    // the sections start on the next page
    expect(texts(nodes([planInfo.trees[1] ?? []]), 'H1')).toEqual(['Summary']);
  });

  it('a photo that is no image gives the initials card, not a failed export', async () => {
    const r: Report = {
      ...plan,
      branding: { ...plan.branding, photo: { data: Buffer.from('not a picture at all'), type: 'png' } },
      sections: plan.sections.slice(0, 1),
    };
    const info = inspect(await renderPdf(r));
    const first = nodes([info.trees[0] ?? []]);
    expect(first.filter((x) => x.role === 'Figure')).toEqual([]);
    expect(texts(first, 'P')).toContain(squeeze('E-mail: jane.lim@example.com'));
  });

  it('without a photo the cover shows an initials card (decoration), no figure; a plain report has no cover', async () => {
    const r: Report = {
      ...plan,
      branding: { advisor_name: 'Jane Lim', designation: null },
      sections: plan.sections.slice(0, 1),
    };
    const pdf = await renderPdf(r);
    const info = inspect(pdf);
    const first = nodes([info.trees[0] ?? []]);
    expect(first.filter((x) => x.role === 'Figure')).toEqual([]);
    expect(texts(first, 'P')).not.toContain(squeeze('E-mail: jane.lim@example.com'));
    // the initials are drawn, as an artifact
    const page1 = pageContents(objects(pdf))[0] ?? '';
    expect(page1).toMatch(/\/Artifact[\s\S]*re[\s\S]*EMC/);
    expect(first.some((x) => x.text.includes('JL'))).toBe(false);
    // the plain report: title, household, prepared by and the currency on its first page, the sections after
    const front = nodes([reportInfo.trees[0] ?? []]);
    expect(texts(front, 'H1')).toEqual(['Financialreport']);
    expect(texts(front, 'P')).toEqual(
      ['Tan family', 'Prepared by Ahmad Razak', 'Amounts in RM, as of 2026-11-28.'].map(squeeze),
    );
  });

  it('the same report makes the same file, and the whole plan renders well under 1.5 s', async () => {
    const again = await renderPdf(plan);
    expect(again.equals(planPdf)).toBe(true);
    // CPU time, not wall time: the machine is shared with other test runs
    const before = process.cpuUsage();
    await renderPdf(plan);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
    expect(planInfo.pages).toBeGreaterThan(10);
  });
});

describe('the tagged PDF at the edges', () => {
  it('an empty chart, a table with no rows, a section with nothing and a paragraph over a page break stay tagged', async () => {
    const base = sampleFinancialReport();
    const r: Report = {
      ...base,
      household: 'Keluarga Abdul Rahman bin Ismail dan Siti Nur Aisyah binti Mohd Yusof',
      sections: [
        {
          id: 'cashflow',
          title: 'Nothing to show',
          summary: Array.from({ length: 70 }, (_, k) => `Line ${k + 1} of a long summary that runs over a page.`),
          charts: [{ title: 'An empty chart', kind: 'line', categories: [], series: [] }],
          tables: [{ title: 'An empty table', columns: [{ label: 'Year', kind: 'year' }], rows: [] }],
        },
        { id: 'scenario', title: 'No scenario', summary: ['No scenario was run.'], charts: [], tables: [] },
      ],
    };
    const pdf = await renderPdf(r);
    const info = inspect(pdf);
    pageContents(objects(pdf)).forEach((c) => {
      expect(untaggedPaint(c)).toEqual({ untagged: [], balanced: true, nested: false });
    });
    const all = nodes(info.trees);
    expect(texts(all, 'H1')).toEqual(['Financial report', 'Nothing to show', 'No scenario'].map(squeeze));
    expect(texts(all, 'H2')).toEqual(['An empty chart', 'An empty table'].map(squeeze));
    // every summary line once, whichever page it is on
    for (let k = 1; k <= 70; k++)
      expect(texts(all, 'P')).toContain(squeeze(`Line ${k} of a long summary that runs over a page.`));
    expect(all.filter((x) => x.role === 'Figure').map((x) => x.alt)).toEqual([
      altText({ title: 'An empty chart', kind: 'line', categories: [], series: [] }, r.currency, r.locale),
    ]);
    expect(texts(all, 'TH')).toEqual(['Year']);
  });
});

describe('pdf helpers', () => {
  it('ticks: round steps over the range, 0 among them', () => {
    expect(ticks(0, 4_000_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]);
    // a negative part has its ticks below 0
    expect(ticks(-3_600_000, 11_000_000)).toEqual([-2_500_000, 0, 2_500_000, 5_000_000, 7_500_000, 10_000_000]);
    expect(ticks(0, 0)).toEqual([0]);
  });
  it('initials and the cover date', () => {
    expect(initials('Jane Lim')).toBe('JL');
    expect(initials('  ahmad bin razak ')).toBe('AB');
    expect(dateText('2026-11-28')).toBe('28 November 2026');
  });
  it('the footer: smaller type for a long name, else the shorter text', () => {
    const doc = new PDFDocument();
    const short = 'Prepared by Jane Lim · Tan family';
    expect(footerFit(doc, [short, 'x'], 500)).toEqual([short, 8]);
    const long = `Prepared by ${'Muhammad Hafiz bin Abdullah Rahman, '.repeat(2)}· Keluarga Abdul Rahman`;
    const [text, size] = footerFit(doc, [long, 'Prepared by M'], 300);
    expect(text).toBe(long);
    expect(size).toBeLessThan(8);
    expect(size).toBeGreaterThanOrEqual(5.5);
    expect(doc.fontSize(size).widthOfString(long)).toBeLessThanOrEqual(300);
    expect(footerFit(doc, [long.repeat(3), 'Prepared by M'], 300)).toEqual(['Prepared by M', 8]);
    doc.end();
  });
  it('the fan legend names its bands and the median', () => {
    const fan = sampleClientPlan()
      .sections.flatMap((s) => s.charts)
      .find((c) => c.kind === 'fan');
    expect(legend(fan as NonNullable<typeof fan>).map((l) => l.name)).toEqual([
      'P10 to P90',
      'P25 to P75',
      'P50 (median)',
    ]);
  });
});
