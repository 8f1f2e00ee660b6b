/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { fakeCardWidth } from '../../shared/fakeCardWidth';
import { type Band, FanChart } from './FanChart';

const bands: Band[] = Array.from({ length: 30 }, (_, i) => ({
  year: 2026 + i,
  percentiles: { p10: 1000 * i, p25: 2000 * i, p50: 3000 * i, p75: 4000 * i, p90: 5000 * i },
}));

afterEach(cleanup);

it('the fan chart is drawn at the width of its card, 12 px text, fewer ticks and years when narrow', () => {
  const card = fakeCardWidth(1000);
  try {
    render(<FanChart bands={bands} currency="SGD" />);
    const chart = () => screen.getByRole('img', { name: /^Net worth by year in SGD, 2026 to 2055: median 87,000/ });
    expect([chart().getAttribute('width'), chart().getAttribute('viewBox')]).toEqual(['1000', '0 0 1000 280']);
    // the median line runs to the right margin of a 1000 px drawing (not 680)
    const median = chart().querySelector('[data-band="p50"]')?.getAttribute('d') ?? '';
    expect(Number(median.split(' ').pop()?.slice(1).split(',')[0])).toBe(1000 - 44);
    const fonts = () => new Set([...chart().querySelectorAll('text')].map((t) => t.getAttribute('font-size')));
    expect(fonts()).toEqual(new Set(['12']));
    const years = () => [...chart().querySelectorAll('[data-axis="year"]')].map((t) => t.textContent);
    const yTicks = () => chart().querySelectorAll('line[stroke="#e2e8f0"]').length;
    const wide = { years: years(), ticks: yTicks() };
    expect(wide.years.length).toBeGreaterThan(2);
    card.resize(320);
    expect([chart().getAttribute('width'), chart().getAttribute('viewBox')]).toEqual(['320', '0 0 320 240']);
    expect(fonts()).toEqual(new Set(['12']));
    const narrow = years();
    expect(narrow.length).toBeLessThan(wide.years.length);
    expect([narrow[0], narrow[narrow.length - 1]]).toEqual(['2026', '2055']);
    expect(yTicks()).toBeLessThan(wide.ticks);
  } finally {
    card.restore();
  }
});
