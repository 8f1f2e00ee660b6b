import type { support } from '@kinfolio/contracts';
import { useEffect, useRef } from 'react';

type ServerEvents = support.ServerToClientEvents;
/** The part of a socket.io client socket the live screens use (a fake one in tests). */
// the listener's message is the event's (ServerToClientEvents); loose here so a fake may listen to one event only
// biome-ignore lint/suspicious/noExplicitAny: see above
type Listener = (msg: any) => void;
export interface LiveSocket {
  on(event: keyof ServerEvents, listener: Listener): void;
  /** Removes a listener (a fake socket may leave it out: its listeners go with it). */
  off?(event: keyof ServerEvents, listener: Listener): void;
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
/** The page's one live socket while anyone uses it: opened by the first user, closed when the last one leaves. */
interface Shared {
  socket: Promise<LiveSocket>;
  users: number;
  /** The socket once opened (closed at once when its last user leaves). */
  open: LiveSocket | null;
}
let shared: Shared | null = null;
/** Tests only: a fake socket. */
export function setSocketOpenerForTests(o: SocketOpener | null): void {
  opener = o ?? openSocket;
  shared = null;
}

/**
 * The page's one live socket (household changes, job progress: issue 37), shared by every screen that listens: a
 * second socket would be a second connection to svc-support for the same user. `release` once done with it.
 */
export function acquireLiveSocket(): { socket: Promise<LiveSocket>; release: () => void } {
  if (!shared) {
    const fresh: Shared = { socket: opener(), users: 0, open: null };
    fresh.socket.then(
      (s) => {
        fresh.open = s;
      },
      () => undefined,
    );
    shared = fresh;
  }
  const mine = shared;
  mine.users += 1;
  let released = false;
  return {
    socket: mine.socket,
    release: () => {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0) return;
      if (shared === mine) shared = null;
      if (mine.open) mine.open.disconnect();
      else
        mine.socket.then(
          (s) => s.disconnect(),
          () => undefined,
        );
    },
  };
}

/**
 * Listens to `event` on the page's live socket while `enabled` (the latest `listener` runs; none after unmount).
 */
export function useLiveEvent<E extends keyof ServerEvents>(event: E, listener: ServerEvents[E], enabled = true): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    if (!enabled) return;
    const { socket, release } = acquireLiveSocket();
    let stopped = false;
    let on: LiveSocket | null = null;
    const relay = ((...args: unknown[]) => {
      if (!stopped) (ref.current as (...a: unknown[]) => void)(...args);
    }) as ServerEvents[E];
    socket.then(
      (s) => {
        if (stopped) return;
        on = s;
        s.on(event, relay);
      },
      () => undefined, // no live updates (the screens poll or reload after their own actions)
    );
    return () => {
      stopped = true;
      on?.off?.(event, relay);
      release();
    };
  }, [event, enabled]);
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvent(
    'household:changed',
    (msg) => {
      if (!acceptRef.current(msg)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => changeRef.current(), LIVE_RELOAD_DEBOUNCE_MS);
    },
    enabled,
  );
}
