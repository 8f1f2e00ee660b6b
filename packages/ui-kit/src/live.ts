import type { support } from '@kinfolio/contracts';
import { useEffect, useRef } from 'react';

type Listener = (msg: support.HouseholdChangedMessage) => void;
interface LiveSocket {
  on(event: 'household:changed', listener: Listener): void;
  disconnect(): void;
}

/** Waits this long after the last change before reloading: one save can change several records. */
export const LIVE_RELOAD_DEBOUNCE_MS = 150;

/** How the browser opens the socket: svc-support's socket.io through the gateway (same origin, websocket only). */
export type SocketOpener = () => Promise<LiveSocket>;
const openSocket: SocketOpener = async () => {
  // loaded when a household screen opens: socket.io-client stays out of every first load
  const { io } = await import(/* webpackChunkName: "lazy-socket" */ 'socket.io-client');
  return io({ path: '/socket.io/', transports: ['websocket'], withCredentials: true }) as unknown as LiveSocket;
};
let opener: SocketOpener = openSocket;
/** Tests only: a fake socket. */
export function setSocketOpenerForTests(o: SocketOpener | null): void {
  opener = o ?? openSocket;
}

/**
 * Household changes pushed live (issue 11): svc-support sends `household:changed` to the user rooms of a household's
 * advisor and its linked customer once svc-planning's change is committed. `onChange` runs (debounced) for the
 * changes `accept` lets through; pass `enabled: false` to stay off the socket.
 */
export function useHouseholdChanges(
  accept: (msg: support.HouseholdChangedMessage) => boolean,
  onChange: () => void,
  enabled = true,
): void {
  const acceptRef = useRef(accept);
  const changeRef = useRef(onChange);
  acceptRef.current = accept;
  changeRef.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    let socket: LiveSocket | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    opener().then(
      (s) => {
        if (stopped) return s.disconnect();
        socket = s;
        s.on('household:changed', (msg) => {
          if (!acceptRef.current(msg)) return;
          clearTimeout(timer);
          timer = setTimeout(() => changeRef.current(), LIVE_RELOAD_DEBOUNCE_MS);
        });
      },
      () => undefined, // no live updates (the page still reloads after its own saves)
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.disconnect();
    };
  }, [enabled]);
}
