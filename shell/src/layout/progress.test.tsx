/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteProgressProvider, RouteReady } from './progress';

let release: () => void = () => undefined;
const Slow = lazy(
  () =>
    new Promise<{ default: ComponentType }>((ok) => {
      release = () => ok({ default: () => <p>slow page</p> });
    }),
);

function App() {
  return (
    <RouteProgressProvider>
      <Link to="/fast">fast</Link>
      <Link to="/slow">slow</Link>
      <Routes>
        <Route path="/" element={<RouteReady />} />
        <Route
          path="/fast"
          element={
            <>
              <p>fast page</p>
              <RouteReady />
            </>
          }
        />
        <Route
          path="/slow"
          element={
            <Suspense fallback={<p>loading</p>}>
              <Slow />
              <RouteReady />
            </Suspense>
          }
        />
      </Routes>
    </RouteProgressProvider>
  );
}

const bar = () => screen.queryByRole('progressbar');

describe('progress bar on route changes', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is hidden at first load', () => {
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    expect(bar()).toBeNull();
  });

  it('completes at once for a route that renders at once, and hides 250 ms later', () => {
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('fast'));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => jest.advanceTimersByTime(250));
    expect(bar()).toBeNull();
  });

  it('rises while a route loads and completes when it shows', async () => {
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('slow'));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('5');
    act(() => jest.advanceTimersByTime(1000));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('25');
    await act(async () => release());
    expect(screen.getByText('slow page')).toBeTruthy();
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => jest.advanceTimersByTime(250));
    expect(bar()).toBeNull();
  });
});
