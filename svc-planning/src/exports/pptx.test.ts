import { crc32, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { altText, cellText } from './format';
import { chartsHold, imageSize, initials, pagesOf, renderPptx, rowHeight } from './pptx';
import { fanBands } from './pptx-charts';
import type { Chart, Report, Table } from './report';

describe('pptx tables in pages of whole rows (issue 31 (10))', () => {
  const header = ['Year', ...Array.from({ length: 23 }, (_, k) => `Investment contributions ${k}`)];
  const rows = Array.from({ length: 75 }, (_, i) => [
    String(2026 + i),
    ...Array.from({ length: 23 }, () => 'SGD 12,345,678'),
  ]);

  it('every row on exactly one page, in order; no page runs past the footer', () => {
    const { headH, pages } = pagesOf(header, rows, 12.5, 6);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((p) => p.rows)).toEqual(rows.map((_, i) => i));
    for (const p of pages) {
      // 0.9 in from the top to 6.95 in, above the footer
      expect(headH + p.heights.reduce((a, h) => a + h, 0)).toBeLessThanOrEqual(6.95 - 0.9 + 1e-9);
      expect(p.rows.length).toBeGreaterThan(0);
    }
  });

  it('a figure too wide for its column takes two lines: the row is taller, never divided', () => {
    const one = rowHeight(['2026', 'SGD 1'], 12.5, 6);
    const wide = rowHeight(['2026', ...Array.from({ length: 23 }, () => 'SGD 12,345,678')], 12.5, 6);
    expect(wide).toBeGreaterThan(one);
    // a short table stays on one page
    expect(pagesOf(['Year', 'Net worth'], [['2026', 'SGD 1']], 4.8, 7).pages).toHaveLength(1);
    // an empty table is one page with its header
    expect(pagesOf(['Year'], [], 4.8, 7).pages).toEqual([{ rows: [], heights: [] }]);
  });
});

/** A real PNG of w × h pixels (grey), so the cover's photo is an image PowerPoint and LibreOffice can open. */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = Buffer.alloc((w * 3 + 1) * h, 0x80);
  for (let y = 0; y < h; y += 1) raw[y * (w * 3 + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTO = png(40, 20);

/** A client plan with every chart kind: a line (summary), clustered bars (cash flow), bars (goals), a fan (scenario). */
function plan(years = 6, over: Partial<Report> = {}): Report {
  const cats = Array.from({ length: years }, (_, k) => String(2026 + k));
  const spread = [0.6, 0.8, 1, 1.25, 1.6];
  const fan = ['P10', 'P25', 'P50', 'P75', 'P90'].map((name, j) => ({
    name,
    // P10 below zero in the third year: money ran out in a tenth of the trials
    values: cats.map(
      (_, k) => Math.round(((100000 + k * 25000.37) * (spread[j] ?? 1) - (k === 2 ? 150000 : 0)) * 100) / 100,
    ),
  }));
  return {
    kind: 'client-plan',
    title: 'Client plan',
    household: 'Tan family',
    currency: 'SGD',
    as_of: '2026-11-28',
    generated_at: '2026-11-28T10:00:00Z',
    branding: {
      advisor_name: 'Alice Mei Tan',
      designation: 'Certified Financial Planner',
      email: 'alice@tanplanning.sg',
      phone: '+65 6123 4567',
      photo: { data: PHOTO, type: 'png' },
    },
    locale: 'en-SG',
    lang: 'en-SG',
    tables: [],
    sections: [
      {
        id: 'summary',
        title: 'Summary',
        summary: ['The plan does not run out of money.', 'No debts.'],
        charts: [
          {
            title: 'Net worth by year',
            kind: 'line',
            categories: cats,
            series: [{ name: 'Net worth', values: cats.map((_, k) => 1234567.4 + k * 1000.5) }],
          },
        ],
        tables: [
          {
            title: 'Key figures',
            columns: [
              { label: 'Figure', kind: 'text' },
              { label: 'Value', kind: 'money' },
            ],
            rows: [
              ['Net worth today', 1234567.4],
              ['Net worth at retirement (2040)', 2345678.9],
              ['Money runs out', 'Never'],
              ['Probability of success', '87.5% of 1000 trials'],
            ],
          },
          {
            title: 'When each debt ends',
            columns: [
              { label: 'Debt', kind: 'text' },
              { label: 'Outstanding', kind: 'money' },
              { label: 'Last year', kind: 'year' },
            ],
            rows: [['Home loan', 350000, 2045]],
          },
        ],
      },
      {
        id: 'cashflow',
        title: 'Cash flow',
        summary: ['Incomes and expenses by year.'],
        charts: [
          {
            title: 'Cash flow by year',
            kind: 'multi_bar',
            categories: cats,
            series: [
              { name: 'Incomes', values: cats.map((_, k) => 90000 + k * 1500) },
              { name: 'Expenses', values: cats.map((_, k) => 60000.5 + k * 2000) },
            ],
          },
        ],
        tables: [
          {
            title: 'Cash flow by year',
            columns: [
              { label: 'Year', kind: 'year' },
              { label: 'Incomes', kind: 'money' },
            ],
            rows: cats.map((c, k) => [Number(c), 90000 + k * 1500]),
          },
        ],
      },
      {
        id: 'goals',
        title: 'Goals',
        summary: ['1 goal; the plan pays for it in the years below.'],
        charts: [
          {
            title: 'Goals paid by year',
            kind: 'bar',
            categories: ['2030', '2031'],
            series: [{ name: 'Goals', values: [50000, 52000.25] }],
          },
        ],
        tables: [
          {
            title: 'Goals not paid',
            columns: [
              { label: 'Goal', kind: 'text' },
              { label: 'Amount', kind: 'money' },
            ],
            rows: [],
          },
        ],
      },
      {
        id: 'scenario',
        title: 'Scenario',
        summary: ['The saved scenario beside the current plan.'],
        charts: [{ title: 'Monte Carlo: net worth by percentile', kind: 'fan', categories: cats, series: fan }],
        tables: [],
      },
      {
        id: 'appendix',
        title: 'Appendix',
        summary: ['The assumptions the projection ran on.'],
        charts: [],
        tables: [
          {
            title: 'Assumptions',
            columns: [
              { label: 'Assumption', kind: 'text' },
              { label: 'Value', kind: 'text' },
            ],
            rows: [['Inflation', '3%']],
          },
        ],
      },
    ],
    ...over,
  };
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const num = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

interface Read {
  zip: JSZip;
  slides: Array<{ xml: string; texts: string[]; chart: string | null }>;
}
/** The file read back: each slide in order with its text runs and the XML of the chart on it, if any. */
async function read(buf: Buffer): Promise<Read> {
  const zip = await JSZip.loadAsync(buf);
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => num(a) - num(b));
  const slides = [];
  for (const name of names) {
    const xml = (await zip.file(name)?.async('string')) ?? '';
    const rels =
      (await zip.file(name.replace('slides/', 'slides/_rels/').replace('.xml', '.xml.rels'))?.async('string')) ?? '';
    const target = /Target="(?:\.\.|\/ppt)\/charts\/(chart\d+\.xml)"/.exec(rels)?.[1];
    const chart = target ? ((await zip.file(`ppt/charts/${target}`)?.async('string')) ?? null) : null;
    const texts = [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1] ?? ''));
    slides.push({ xml, texts, chart });
  }
  return { zip, slides };
}

/** A chart part's series of one chart type (`barChart`, `lineChart`, `areaChart`): name and values. */
function seriesOf(chartXml: string, type: string): Array<{ name: string; values: number[]; xml: string }> {
  const body = new RegExp(`<c:${type}>([\\s\\S]*?)</c:${type}>`).exec(chartXml)?.[1];
  if (body === undefined) return [];
  return [...body.matchAll(/<c:ser>([\s\S]*?)<\/c:ser>/g)].map((m) => {
    const ser = m[1] ?? '';
    const name = decode(/<c:tx>[\s\S]*?<c:v>([^<]*)<\/c:v>/.exec(ser)?.[1] ?? '');
    const val = /<c:val>([\s\S]*?)<\/c:val>/.exec(ser)?.[1] ?? '';
    const values = [...val.matchAll(/<c:pt idx="\d+"><c:v>([^<]*)<\/c:v><\/c:pt>/g)].map((p) => Number(p[1]));
    return { name, values, xml: ser };
  });
}

/** The rows of the table on a slide, each row its cells' text. */
const tableRows = (slideXml: string): string[][] =>
  [...slideXml.matchAll(/<a:tr [^>]*>([\s\S]*?)<\/a:tr>/g)].map((tr) =>
    [...(tr[1] ?? '').matchAll(/<a:tc[^>]*>([\s\S]*?)<\/a:tc>/g)].map((tc) =>
      [...(tc[1] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => decode(t[1] ?? '')).join(''),
    ),
  );

/**
 * pptxgenjs 4 loads node:fs and node:https with a dynamic import() whenever it runs in Node, to read images given by
 * path or address (this plan's photo is given as data: it reads none). Jest's unit project runs code in a vm without
 * --experimental-vm-modules, where that import() throws; the test file's own `process` (jest's copy) says it is not
 * Node while the files are written, so pptxgenjs takes the path it takes for data it already has. Outside jest (the
 * service, and the component tests) the import works.
 */
function outsideNodeDetection(): void {
  const release = process.release;
  beforeAll(() => {
    Object.defineProperty(process, 'release', { value: { ...release, name: 'jest-vm' }, configurable: true });
  });
  afterAll(() => {
    Object.defineProperty(process, 'release', { value: release, configurable: true });
  });
}

const charts = (r: Report): Chart[] => r.sections.flatMap((s) => s.charts);
const money = { label: '', kind: 'money' as const };

describe('the client plan in PowerPoint (issue 35)', () => {
  outsideNodeDetection();
  let r: Report;
  let file: Read;
  beforeAll(async () => {
    r = plan();
    file = await read(await renderPptx(r));
  });
  const chartSlides = () => file.slides.filter((s) => s.chart !== null);

  it('each chart kind is a native chart of its type, its series the figures of the table beside it', () => {
    const cs = charts(r);
    const slides = chartSlides();
    expect(slides).toHaveLength(cs.length);
    cs.forEach((c, k) => {
      const xml = slides[k]?.chart ?? '';
      const slideXml = slides[k]?.xml ?? '';
      // the table beside the chart: a row a category, the figures as on screen
      const rows = tableRows(slideXml).slice(1);
      expect(rows.map((row) => row[0])).toEqual(c.categories);
      c.series.forEach((s, j) => {
        expect(rows.map((row) => row[j + 1])).toEqual(s.values.map((v) => cellText(v, money, 'SGD', 'en-SG')));
      });
      if (c.kind === 'bar' || c.kind === 'multi_bar') {
        expect(xml).toContain('<c:barDir val="col"/>');
        expect(xml).toContain('<c:grouping val="clustered"/>');
        expect(xml).not.toContain('<c:lineChart>');
        const ser = seriesOf(xml, 'barChart');
        expect(ser.map((s) => s.name)).toEqual(c.series.map((s) => s.name));
        expect(ser.map((s) => s.values)).toEqual(c.series.map((s) => s.values));
      } else if (c.kind === 'line') {
        expect(xml).not.toContain('<c:barChart>');
        expect(xml).not.toContain('<c:areaChart>');
        const ser = seriesOf(xml, 'lineChart');
        expect(ser.map((s) => s.values)).toEqual(c.series.map((s) => s.values));
      } else {
        // the fan: stacked bands whose edges are the percentiles, the lowest band not drawn, the median a line
        expect(xml).toMatch(/<c:areaChart><c:grouping val="stacked"\/>/);
        const bands = seriesOf(xml, 'areaChart');
        expect(bands).toHaveLength(5);
        expect(bands[0]?.xml).toContain('<a:noFill/>');
        for (const b of bands.slice(1)) expect(b.xml).toContain('<a:solidFill>');
        const edges = c.series.map((s) => s.values.map(() => 0));
        bands.forEach((b, j) => {
          b.values.forEach((v, i) => {
            (edges[j] as number[])[i] = (j ? ((edges[j - 1] as number[])[i] ?? 0) : 0) + v;
          });
        });
        c.series.forEach((s, j) => {
          s.values.forEach((v, i) => {
            expect(edges[j]?.[i]).toBeCloseTo(v, 2);
          });
        });
        const median = seriesOf(xml, 'lineChart');
        expect(median).toHaveLength(1);
        expect(median[0]?.name).toBe('P50 (median)');
        expect(median[0]?.values).toEqual(c.series[2]?.values);
        // it stands out: a line thicker than the bands' edges, in a colour of its own
        expect(median[0]?.xml).toMatch(/<a:ln w="38100"/);
      }
    });
    expect(chartSlides().map((s) => /<c:(bar|line|area)Chart>/.exec(s.chart ?? '')?.[1])).toEqual([
      'line',
      'bar',
      'bar',
      'area',
    ]);
  });

  it("each chart's alt text is format.ts altText, on the chart's p:cNvPr", () => {
    const cs = charts(r);
    chartSlides().forEach((s, k) => {
      const descr = /<p:graphicFrame>[\s\S]*?<p:cNvPr [^>]*descr="([^"]*)"/.exec(s.xml)?.[1];
      expect(decode(descr ?? '')).toBe(altText(cs[k] as Chart, 'SGD', 'en-SG'));
    });
  });

  it("the cover: the advisor's photo, name, designation, e-mail and phone; the family, the date, the currency", async () => {
    const cover = file.slides[0];
    const text = cover?.texts.join('\n') ?? '';
    for (const t of [
      'Alice Mei Tan',
      'Certified Financial Planner',
      'alice@tanplanning.sg',
      '+65 6123 4567',
      'Tan family',
      '28 November 2026',
      'Amounts in SGD',
    ])
      expect(text).toContain(t);
    const media = Object.keys(file.zip.files).filter((n) => n.startsWith('ppt/media/') && !n.endsWith('/'));
    expect(media).toHaveLength(1);
    expect(Buffer.from((await file.zip.file(media[0] as string)?.async('nodebuffer')) ?? [])).toEqual(PHOTO);
    expect(cover?.xml).toMatch(/<p:pic>[\s\S]*descr="Photo of Alice Mei Tan"/);
    // the photo whole: its width twice its height, as the 40 × 20 pixels are
    const ext = /<p:pic>[\s\S]*?<a:ext cx="(\d+)" cy="(\d+)"/.exec(cover?.xml ?? '');
    expect(Number(ext?.[1]) / Number(ext?.[2])).toBeCloseTo(2, 2);
  });

  it('without a photo, a card with the initials; no e-mail or phone when there is none', async () => {
    const plain = plan(6, { branding: { advisor_name: 'Alice Mei Tan', designation: null } });
    const f = await read(await renderPptx(plain));
    expect(Object.keys(f.zip.files).filter((n) => n.startsWith('ppt/media/') && !n.endsWith('/'))).toEqual([]);
    expect(f.slides[0]?.xml).toContain('prst="ellipse"');
    expect(f.slides[0]?.texts).toContain('AT');
    expect(f.slides[0]?.texts.join('\n')).not.toContain('@');
    expect(initials('alice')).toBe('A');
    expect(initials('  ')).toBe('?');
  });

  it('a divider a section with its title and summary lines, before its slides; the key figures large', () => {
    const dividers = file.slides
      .map((s, k) => ({ s, k }))
      .filter(({ s }) => s.xml.includes('<a:srgbClr val="F0F7F7"/></a:solidFill></p:bg'));
    expect(dividers.map(({ s }) => s.texts[0])).toEqual(r.sections.map((s) => s.title));
    r.sections.forEach((sec, n) => {
      for (const line of sec.summary) expect(dividers[n]?.s.texts).toContain(line);
    });
    // the summary's divider, then its key figures, then its chart
    const first = dividers[0]?.k ?? -1;
    const key = file.slides[first + 1];
    expect(key?.texts[0]).toBe('Key figures');
    for (const t of ['Net worth today', 'SGD 1,234,567', 'SGD 2,345,679', 'Never', '87.5% of 1000 trials'])
      expect(key?.texts).toContain(t);
    // large: the figures at 22 pt or more
    expect(key?.xml).toMatch(
      /sz="(36|28|22)00"[^>]*><a:solidFill><a:srgbClr val="2C7A7B"\/><\/a:solidFill>[\s\S]*?<a:t>SGD 1,234,567</,
    );
    expect(file.slides[first + 2]?.chart).not.toBeNull();
    // the key figures are not printed again as a table; the summary's other tables are
    expect(file.slides.some((s) => tableRows(s.xml).some((row) => row[0] === 'Net worth today'))).toBe(false);
    expect(file.slides.some((s) => tableRows(s.xml).some((row) => row[0] === 'Home loan'))).toBe(true);
    // an empty table is no slide in the plan
    expect(file.slides.some((s) => s.texts.includes('Goals not paid'))).toBe(false);
  });

  it("every slide's title is in its title placeholder (PowerPoint's outline, a screen reader's slide title)", () => {
    const titles = file.slides.map((s) => {
      const shape = [...s.xml.matchAll(/<p:sp>([\s\S]*?)<\/p:sp>/g)].find((m) =>
        /<p:ph[^>]*type="title"/.test(m[1] ?? ''),
      );
      return [...(shape?.[1] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => decode(t[1] ?? '')).join('');
    });
    for (const t of titles) expect(t).not.toBe('');
    expect(titles[0]).toBe('Client plan');
    expect(titles).toEqual(
      expect.arrayContaining([...r.sections.map((s) => s.title), ...charts(r).map((c) => c.title)]),
    );
    expect(titles).toContain('Key figures');
  });

  it("text in the report's language; numbers as the screen writes them in an RM plan", async () => {
    const langs = (f: Read) =>
      new Set(
        f.slides.flatMap((s) =>
          // the slide number's paragraph is pptxgenjs's own (en-US), not the report's text
          [
            ...s.xml
              .replace(/<a:fld [\s\S]*?<\/a:fld>(<a:endParaRPr [^>]*>)?/g, '')
              .matchAll(/<a:(?:rPr|endParaRPr) [^>]*?\blang="([^"]+)"/g),
          ].map((m) => m[1]),
        ),
      );
    expect(langs(file)).toEqual(new Set(['en-SG']));
    const rm = plan(6, { currency: 'RM', locale: 'ms-MY', lang: 'en-MY' });
    const f = await read(await renderPptx(rm));
    expect(langs(f)).toEqual(new Set(['en-MY']));
    const key = f.slides.find((s) => s.texts[0] === 'Key figures');
    expect(key?.texts).toContain(cellText(1234567.4, money, 'RM', 'ms-MY'));
    expect(key?.texts).toContain('RM 1,234,567');
  });

  it("a tab's report keeps its title slide and has no cover or dividers", async () => {
    const tab = plan(6, { kind: 'report', title: 'Cash flow' });
    const f = await read(await renderPptx(tab));
    expect(f.slides[0]?.texts).toEqual(
      expect.arrayContaining(['Cash flow', 'Tan family', 'Prepared by Alice Mei Tan, Certified Financial Planner']),
    );
    expect(f.slides.some((s) => s.xml.includes('F0F7F7"/></a:solidFill></p:bg'))).toBe(false);
    expect(Object.keys(f.zip.files).filter((n) => n.startsWith('ppt/media/') && !n.endsWith('/'))).toEqual([]);
    // the key figures of a tab's report are a table like any other
    expect(f.slides.some((s) => tableRows(s.xml).some((row) => row[0] === 'Net worth today'))).toBe(true);
  });

  it("a long chart's table continues on further slides by whole rows, every year once", async () => {
    const long = plan(70);
    const f = await read(await renderPptx(long));
    const fanAt = f.slides.findIndex((s) => /<c:areaChart>/.test(s.chart ?? ''));
    const pages = [f.slides[fanAt]];
    for (let k = fanAt + 1; f.slides[k]?.texts[0] === 'Monte Carlo: net worth by percentile (continued)'; k += 1)
      pages.push(f.slides[k]);
    expect(pages.length).toBeGreaterThan(1);
    const rows = pages.flatMap((p) => tableRows(p?.xml ?? '').slice(1));
    expect(rows.map((row) => row[0])).toEqual(long.sections[3]?.charts[0]?.categories);
    for (const row of rows) expect(row.every((cell) => cell.length > 0)).toBe(true);
  });

  it('the whole plan of 16 charts over 50 years writes in well under 1.5 s of CPU', async () => {
    const big = plan(50);
    big.sections = [
      ...big.sections,
      ...big.sections.slice(0, 4),
      ...big.sections.slice(0, 4),
      ...big.sections.slice(0, 4),
    ];
    await renderPptx(big); // warm
    const start = process.cpuUsage();
    await renderPptx(big);
    const used = process.cpuUsage(start);
    // CPU time, not wall time: the test machine is shared; an idle machine's wall time is about the same
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
  });
});

describe('the fan chart and the photo, worked by hand', () => {
  it('bands: the lowest percentile, then each percentile less the one below, never negative', () => {
    const c: Chart = {
      title: 'Fan',
      kind: 'fan',
      categories: ['2026', '2027'],
      series: [
        { name: 'P10', values: [-100, 10] },
        { name: 'P25', values: [50.1, 20] },
        { name: 'P50', values: [100.3, 20] },
      ],
    };
    expect(fanBands(c)).toEqual([
      { name: 'P10 (lower edge)', values: [-100, 10] },
      { name: 'P10 to P25', values: [150.1, 10] },
      { name: 'P25 to P50', values: [50.2, 0] },
    ]);
  });

  it("reads a PNG's and a JPEG's size from its header", () => {
    expect(imageSize(PHOTO, 'png')).toEqual({ w: 40, h: 20 });
    // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 300, width 200
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Array.from({ length: 14 }, () => 0),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0x2c,
      0x00,
      0xc8,
      0x03,
    ]);
    expect(imageSize(jpeg, 'jpeg')).toEqual({ w: 200, h: 300 });
    expect(imageSize(Buffer.from('not an image'), 'png')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]), 'jpeg')).toBeNull();
  });
});

describe('every figure of a table is on a slide (issue 35: the read-back found year tables and totals missing)', () => {
  outsideNodeDetection();
  const years = ['2026', '2027'];
  const table: Table = {
    title: 'Net worth by year and asset class',
    columns: [
      { label: 'Year', kind: 'year' },
      { label: 'Cash', kind: 'money' },
      { label: 'Net worth', kind: 'money' },
    ],
    rows: [
      [2026, 111, 1_234_567],
      [2027, 222, 2_345_678],
    ],
    totals: { label: 'Total', values: { 1: 333 } },
  };
  const line: Chart = {
    title: 'Net worth by year',
    kind: 'line',
    categories: years,
    series: [{ name: 'Net worth', values: [1_234_567, 2_345_678] }],
  };

  it('a year table is left to its charts only when they draw every one of its columns', () => {
    expect(chartsHold([line], table)).toBe(false);
    const cash: Chart = { ...line, title: 'Cash', series: [{ name: 'Cash', values: [111, 222] }] };
    expect(chartsHold([line, cash], table)).toBe(true);
    // a chart over other years holds nothing of this table
    expect(chartsHold([line, { ...cash, categories: ['2030', '2031'] }], table)).toBe(false);
  });

  it("the table's other columns and its totals row are printed", async () => {
    const r = plan(2, { kind: 'report', title: 'Net worth' });
    r.sections = [{ id: 'networth', title: 'Net worth', summary: [], charts: [line], tables: [table] }];
    const f = await read(await renderPptx(r));
    const rows = f.slides.flatMap((x) => tableRows(x.xml));
    expect(rows).toContainEqual(['2026', 'SGD 111', 'SGD 1,234,567']);
    expect(rows).toContainEqual(['Total', 'SGD 333', '']);
  });
});
