/** @jest-environment jsdom */
import { act, fireEvent, render } from '@testing-library/react';
import { LAZY_LOAD_MS } from '../constants';
import { LazyLoad } from './LazyLoad';

/** Where the placeholder is on the page (jsdom has no layout): `top` px from the viewport's top, 100 px high. */
let top = 0;
let measured = 0;
const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
beforeEach(() => {
  measured = 0;
  rect.mockImplementation(() => {
    measured++;
    return { top, bottom: top + 100, left: 0, right: 300, width: 300, height: 100, x: 0, y: top, toJSON: () => ({}) };
  });
  jest.useFakeTimers();
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => jest.useRealTimers());
afterAll(() => rect.mockRestore());

const view = () =>
  render(
    <LazyLoad placeholder={<p>waiting</p>}>
      <p>the part</p>
    </LazyLoad>,
  );

describe('LazyLoad (spec §9: lazy-load throttle 300 ms)', () => {
  it('renders at once what is in view or within 200 px below it', () => {
    top = 950;
    const { container } = view();
    expect(container.textContent).toBe('the part');
  });

  it('waits below the fold, then checks on scroll at most once every 300 ms, the last scroll of a burst included', () => {
    top = 2000;
    const { container } = view();
    expect(container.textContent).toBe('waiting');
    const before = measured;
    fireEvent.scroll(window); // checked at once: still far
    expect(measured).toBe(before + 1);
    top = 500; // scrolled into view, in a burst of scroll events
    for (let k = 0; k < 5; k++) fireEvent.scroll(window);
    expect(measured).toBe(before + 1); // throttled: no check yet
    expect(container.textContent).toBe('waiting');
    act(() => jest.advanceTimersByTime(LAZY_LOAD_MS - 1));
    expect(container.textContent).toBe('waiting');
    act(() => jest.advanceTimersByTime(1));
    expect(measured).toBe(before + 2); // one check for the whole burst
    expect(container.textContent).toBe('the part');
  });

  it('scrolling inside a container counts, and printing shows everything', () => {
    top = 3000;
    const { container } = render(
      <div data-testid="box">
        <LazyLoad placeholder={<p>first waiting</p>}>
          <p>first part</p>
        </LazyLoad>
        <LazyLoad placeholder={<p>second waiting</p>}>
          <p>second part</p>
        </LazyLoad>
      </div>,
    );
    top = 10;
    fireEvent.scroll(container.firstChild as Element);
    expect(container.textContent).toBe('first partsecond part');
    top = 5000;
    const third = render(
      <LazyLoad placeholder={<p>third waiting</p>}>
        <p>third part</p>
      </LazyLoad>,
    );
    expect(third.container.textContent).toBe('third waiting');
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(third.container.textContent).toBe('third part');
  });
});
