/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { useAfterTyping } from './typing';

function Probe({ typed, apply }: { typed: string; apply: (typed: string) => void }) {
  useAfterTyping(typed, 300, apply);
  return null;
}

describe('useAfterTyping', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('applies what was typed once typing pauses, not on every key', () => {
    const apply = jest.fn();
    const { rerender } = render(<Probe typed="" apply={apply} />);
    act(() => jest.advanceTimersByTime(300));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenLastCalledWith('');

    rerender(<Probe typed="d" apply={apply} />);
    act(() => jest.advanceTimersByTime(200));
    rerender(<Probe typed="da" apply={apply} />);
    act(() => jest.advanceTimersByTime(299));
    expect(apply).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenLastCalledWith('da');
  });

  it('calls the latest apply it was given', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { rerender } = render(<Probe typed="x" apply={first} />);
    rerender(<Probe typed="x" apply={second} />);
    act(() => jest.advanceTimersByTime(300));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('x');
  });
});
