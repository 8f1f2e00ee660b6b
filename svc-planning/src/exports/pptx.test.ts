import { pagesOf, rowHeight } from './pptx';

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
