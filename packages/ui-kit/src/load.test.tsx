/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from './api';
import { type Loaded, type LoadState, useLoad, useLoadState } from './load';

/** A read the test answers by hand: each call is kept with its signal and its resolve/reject. */
function reads<T>() {
  const calls: Array<{ signal?: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const read = (signal?: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { calls, read };
}

/** Renders what `use` gives; `use` is where each test calls the hooks it tries (a component per render). */
function Probe({ use }: { use: () => ReactNode }) {
  return <>{use()}</>;
}

describe('useLoad', () => {
  it('shows the answer, keeps it when a later read fails, and words the failure', async () => {
    const { calls, read } = reads<string[]>();
    let seen: Loaded<string[]> | null = null;
    const onData = jest.fn();
    const use = () => {
      seen = useLoad(read, [], { onData, errorText: () => 'Could not read' });
      return <p>{seen.data ? seen.data.join(',') : 'loading'}</p>;
    };
    render(<Probe use={use} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => calls[0]?.resolve(['a', 'b']));
    expect(screen.getByText('a,b')).toBeTruthy();
    expect(onData).toHaveBeenCalledWith(['a', 'b']);
    await act(async () => {
      const again = seen?.reload();
      calls[1]?.reject(new Error('down'));
      await again;
    });
    expect(seen!.loadError).toBe('Could not read');
    expect(screen.getByText('a,b')).toBeTruthy();
    await act(async () => {
      const retried = seen?.retry();
      calls[2]?.resolve(['c']);
      await retried;
    });
    expect(seen!.loadError).toBeNull();
    expect(screen.getByText('c')).toBeTruthy();
  });

  it('aborts the read a change of its deps makes stale and never shows its answer', async () => {
    const { calls, read } = reads<string>();
    let setKey: (k: string) => void = () => {};
    const use = () => {
      const [key, set] = useState('one');
      setKey = set;
      const { data } = useLoad((signal) => read(signal).then((v) => `${key}:${v}`), [key]);
      return <p>{data ?? 'loading'}</p>;
    };
    render(<Probe use={use} />);
    act(() => setKey('two'));
    expect(calls[0]?.signal?.aborted).toBe(true);
    await act(async () => calls[0]?.resolve('late'));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => calls[1]?.resolve('fresh'));
    expect(screen.getByText('two:fresh')).toBeTruthy();
  });
});

describe('useLoadState', () => {
  it('says when a read is under way, keeps the last data meanwhile, and drops it on a failure', async () => {
    const { calls, read } = reads<number>();
    let state: LoadState<number> | null = null;
    let setPage: (p: number) => void = () => {};
    const use = () => {
      const [page, set] = useState(1);
      setPage = set;
      state = useLoadState((signal) => read(signal), [page]);
      return null;
    };
    render(<Probe use={use} />);
    expect(state).toEqual({ loading: true, data: null, error: null });
    await act(async () => calls[0]?.resolve(1));
    expect(state).toEqual({ loading: false, data: 1, error: null });
    act(() => setPage(2));
    expect(state).toEqual({ loading: true, data: 1, error: null });
    const down = new Error('down');
    await act(async () => calls[1]?.reject(down));
    expect(state!.loading).toBe(false);
    expect(state!.data).toBeNull();
    expect(state!.error).toBe(errorMessage(down));
    expect(state!.error).toMatch(/\S/);
  });

  it('reads nothing while it is not enabled', () => {
    const { calls, read } = reads<number>();
    const use = () => {
      useLoadState((signal) => read(signal), [], false);
      return null;
    };
    render(<Probe use={use} />);
    expect(calls).toHaveLength(0);
  });
});
