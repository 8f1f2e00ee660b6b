/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { fakeCardWidth } from '../fakeCardWidth';
import { AmountBars, YearBars } from './charts';

const points = Array.from({ length: 25 }, (_, i) => ({ year: 2025 + i, value: 500_000 - i * 20_000 }));
const fonts = (svg: Element) => new Set([...svg.querySelectorAll('text')].map((t) => t.getAttribute('font-size')));
const rightmost = (svg: Element) =>
  Math.max(
    ...[...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width'))),
  );

afterEach(cleanup);

describe('balance sheet charts are drawn at the width of their card', () => {
  it('YearBars (a loan by year): the card width, 12 px text, fewer year labels when narrow', () => {
    const card = fakeCardWidth(1000);
    try {
      render(<YearBars label="Outstanding balance of Condo" currency="SGD" points={points} />);
      const chart = () => screen.getByRole('img', { name: 'Outstanding balance of Condo, SGD, by year' });
      expect([chart().getAttribute('width'), chart().getAttribute('viewBox')]).toEqual(['1000', '0 0 1000 240']);
      expect(rightmost(chart())).toBeGreaterThan(950); // the bars fill the width, not 720 of it
      expect(fonts(chart())).toEqual(new Set(['12']));
      const years = () => [...chart().querySelectorAll('text')].slice(1).map((t) => t.textContent);
      const wide = years();
      expect(wide.length).toBeGreaterThanOrEqual(12); // at least every other year at 1000 px
      card.resize(320);
      expect([chart().getAttribute('width'), chart().getAttribute('viewBox')]).toEqual(['320', '0 0 320 240']);
      expect(fonts(chart())).toEqual(new Set(['12']));
      const narrow = years();
      expect(narrow.length).toBeLessThan(wide.length);
      expect(narrow[0]).toBe('2025');
      expect(narrow[narrow.length - 1]).toBe('2049');
      // labels never overlap: 4 digits at 12 px is about 29 px
      const xs = [...chart().querySelectorAll('text')].slice(1).map((t) => Number(t.getAttribute('x')));
      for (let i = 1; i < xs.length; i++) expect((xs[i] as number) - (xs[i - 1] as number)).toBeGreaterThan(30);
    } finally {
      card.restore();
    }
  });

  it('AmountBars (funds by account): the card width, 12 px text, the label over its bar when narrow', () => {
    const card = fakeCardWidth(1000);
    try {
      const bars = [
        { label: 'Growth portfolio of Alex Tan and Mei Tan', value: 120_000 },
        { label: 'Cash', value: 30_000 },
      ];
      render(<AmountBars label="Investment: value of each account" currency="SGD" bars={bars} />);
      const chart = () => screen.getByRole('img', { name: 'Investment: value of each account' });
      expect(chart().getAttribute('width')).toBe('1000');
      expect(chart().getAttribute('viewBox')).toMatch(/^0 0 1000 /);
      expect(rightmost(chart())).toBe(1000 - 130); // the longest bar reaches the figure's column at the right
      expect(fonts(chart())).toEqual(new Set(['12']));
      card.resize(320);
      expect(chart().getAttribute('width')).toBe('320');
      expect(fonts(chart())).toEqual(new Set(['12']));
      const [label, bar] = [chart().querySelector('text'), chart().querySelector('rect')];
      expect(Number(bar?.getAttribute('x'))).toBe(0); // the bar starts under its label, not after a 200 px column
      expect(Number(bar?.getAttribute('y'))).toBeGreaterThan(Number(label?.getAttribute('y')));
      expect(rightmost(chart())).toBeLessThanOrEqual(320 - 130);
      expect(label?.textContent).toBe('Growth portfolio of Alex Tan and Mei Tan'); // 320 px has room for all of it
    } finally {
      card.restore();
    }
  });
});
