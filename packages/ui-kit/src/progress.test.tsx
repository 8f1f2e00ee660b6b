/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { useRouteProgress } from './progress';

describe('route progress (spec §4, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts at 5, rises by 10 every 500 ms, stops at 90', () => {
    const { result } = renderHook(() => useRouteProgress());
    expect(result.current.visible).toBe(false);
    act(() => result.current.start());
    expect(result.current).toMatchObject({ value: 5, visible: true });
    act(() => jest.advanceTimersByTime(499));
    expect(result.current.value).toBe(5);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.value).toBe(15);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.value).toBe(35);
    act(() => jest.advanceTimersByTime(10_000));
    expect(result.current.value).toBe(90);
  });
  it('becomes 100 on completion and hides 250 ms later', () => {
    const { result } = renderHook(() => useRouteProgress());
    act(() => result.current.start());
    act(() => jest.advanceTimersByTime(1000));
    act(() => result.current.done());
    expect(result.current).toMatchObject({ value: 100, visible: true });
    act(() => jest.advanceTimersByTime(249));
    expect(result.current.visible).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
    act(() => jest.advanceTimersByTime(2000));
    expect(result.current.value).toBe(0);
  });
});
