/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { LIVE_RELOAD_DEBOUNCE_MS, setSocketOpenerForTests, useHouseholdChanges } from './live';

type Msg = { household_id: string; change: 'created' | 'updated' | 'deleted'; section: string };
let push: (m: Msg) => void = () => undefined;
const disconnect = jest.fn();

function Probe({ id, onChange, enabled = true }: { id: string; onChange: () => void; enabled?: boolean }) {
  useHouseholdChanges((m) => m.household_id === id, onChange, enabled);
  return null;
}

beforeEach(() => {
  jest.useFakeTimers();
  disconnect.mockClear();
  setSocketOpenerForTests(async () => ({
    on: (_e: 'household:changed', l: (m: Msg) => void) => {
      push = l;
    },
    disconnect,
  }));
});
afterEach(() => {
  setSocketOpenerForTests(null);
  jest.useRealTimers();
});

describe('useHouseholdChanges', () => {
  it('runs once, after the debounce, for a burst of changes to the household on screen; others are ignored', async () => {
    const onChange = jest.fn();
    const { unmount } = render(<Probe id="h1" onChange={onChange} />);
    await act(async () => {
      await Promise.resolve();
    });
    push({ household_id: 'h2', change: 'updated', section: 'member-income' });
    push({ household_id: 'h1', change: 'updated', section: 'member-income' });
    push({ household_id: 'h1', change: 'updated', section: 'member-expense' });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    unmount();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });

  it('stays off the socket when not enabled', async () => {
    const opener = jest.fn();
    setSocketOpenerForTests(opener);
    render(<Probe id="h1" onChange={jest.fn()} enabled={false} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(opener).not.toHaveBeenCalled();
  });
});
