/** @jest-environment jsdom */
import { ApiError, errorMessage } from './api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ResourceKey, useResource } from './resource';

/** A request the test answers by hand, with the signal it was given. */
interface Pending {
  key: ResourceKey;
  signal: AbortSignal;
  resolve: (v: string) => void;
  reject: (e: unknown) => void;
}
function fetcherOf() {
  const calls: Pending[] = [];
  const fetcher = jest.fn(
    (key: ResourceKey, signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ key, signal, resolve, reject });
      }),
  );
  return { calls, fetcher };
}
/** Lets the hook's effect start its request (it starts it a microtask after the effect). */
const settle = () => act(async () => undefined);

describe('useResource: the one fetch hook of mf-customer', () => {
  it('fetches once for a key and holds the reply', async () => {
    const { calls, fetcher } = fetcherOf();
    const { result } = renderHook(() => useResource(['h1', 0], fetcher));
    expect(result.current.loading).toBe(true);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(calls[0]?.key).toEqual(['h1', 0]);
    await act(async () => calls[0]?.resolve('one'));
    expect(result.current).toMatchObject({ data: 'one', error: null, loading: false });
  });

  it('fetches nothing without a key', async () => {
    const { fetcher } = fetcherOf();
    const { result } = renderHook(() => useResource(null, fetcher));
    await settle();
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ data: null, error: null, loading: false });
  });

  it('aborts the request when the component unmounts', async () => {
    const { calls, fetcher } = fetcherOf();
    const { unmount } = renderHook(() => useResource(['h1'], fetcher));
    await settle();
    expect(calls[0]?.signal.aborted).toBe(false);
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('aborts the old request on a new key and ignores its late reply', async () => {
    const { calls, fetcher } = fetcherOf();
    const { result, rerender } = renderHook(({ id }) => useResource([id], fetcher), { initialProps: { id: 'h1' } });
    await settle();
    rerender({ id: 'h2' });
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[1]?.resolve('new'));
    // the first request answers after the second: its reply must not win
    await act(async () => calls[0]?.resolve('stale'));
    expect(result.current.data).toBe('new');
    await act(async () => calls[0]?.reject(new Error('late failure')));
    expect(result.current.error).toBeNull();
  });

  it('does not fetch again when the key has the same values (a new array each render)', async () => {
    const { fetcher } = fetcherOf();
    const { rerender } = renderHook(({ v }) => useResource(['h1', v], fetcher), { initialProps: { v: 1 } });
    await settle();
    rerender({ v: 1 });
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    rerender({ v: 2 });
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('turns a failure into the message to show and keeps the data it had', async () => {
    const { calls, fetcher } = fetcherOf();
    const { result } = renderHook(() => useResource(['h1'], fetcher));
    await settle();
    await act(async () => calls[0]?.resolve('kept'));
    act(() => result.current.reload());
    await settle();
    const failure = new ApiError(500, { message: 'The server is down' });
    await act(async () => calls[1]?.reject(failure));
    expect(result.current).toMatchObject({ data: 'kept', loading: false, error: errorMessage(failure) });
  });

  it('counts a fetcher that throws at once as a failure, never a crash', async () => {
    const { result } = renderHook(() =>
      useResource(['h1'], () => {
        throw new Error('no client');
      }),
    );
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.loading).toBe(false);
  });

  it('reload fetches again with the same key, aborting the one before, and clears the error on success', async () => {
    const { calls, fetcher } = fetcherOf();
    const { result } = renderHook(() => useResource(['h1'], fetcher));
    await settle();
    await act(async () => calls[0]?.reject(new Error('offline')));
    expect(result.current.error).not.toBeNull();
    act(() => result.current.reload());
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(calls[1]?.key).toEqual(['h1']);
    act(() => result.current.reload());
    await settle();
    expect(calls[1]?.signal.aborted).toBe(true);
    await act(async () => calls[2]?.resolve('again'));
    expect(result.current).toMatchObject({ data: 'again', error: null, loading: false });
  });
});
