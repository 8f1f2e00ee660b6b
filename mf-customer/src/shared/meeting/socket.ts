import type { meetings } from '@kinfolio/contracts';

type ServerEvents = meetings.MeetingServerToClientEvents;
type ClientEvents = meetings.MeetingClientToServerEvents;
type AckOf<E extends keyof ClientEvents> = Parameters<NonNullable<Parameters<ClientEvents[E]>[1]>>[0];

/** The part of a socket.io client socket the meeting uses (a fake one in tests). */
export interface MeetingSocket {
  readonly connected: boolean;
  on<E extends keyof ServerEvents>(event: E, listener: ServerEvents[E]): void;
  on(event: 'connect' | 'disconnect', listener: () => void): void;
  emit<E extends keyof ClientEvents>(
    event: E,
    msg: Parameters<ClientEvents[E]>[0],
    ack?: (res: AckOf<E>) => void,
  ): void;
  disconnect(): void;
}

/**
 * Reconnection quick enough to land back in the meeting within 3 s of a replica's death (socket.io reconnects by
 * itself; the provider fetches a new pass and rejoins on every connect).
 */
export const RECONNECTION = { reconnectionDelay: 300, reconnectionDelayMax: 1000, randomizationFactor: 0.3 } as const;
/** An acknowledgement not come within this long fails the call (the bar says so; nothing is lost on the server). */
export const ACK_TIMEOUT_MS = 8000;

export type MeetingSocketOpener = () => Promise<MeetingSocket>;
const openSocket: MeetingSocketOpener = async () => {
  // loaded when a meeting is in reach: socket.io-client stays out of every first load
  const { io } = await import(/* webpackChunkName: "lazy-socket" */ 'socket.io-client');
  // its own connection (forceNew): the household's live changes keep theirs, a meeting's reconnects are its own
  return io({
    path: '/socket.io/',
    transports: ['websocket'],
    withCredentials: true,
    forceNew: true,
    ...RECONNECTION,
  }) as unknown as MeetingSocket;
};
let opener: MeetingSocketOpener = openSocket;
/** How the provider opens its socket (read at each opening). */
export const openMeetingSocket: MeetingSocketOpener = () => opener();
/** Tests only: a fake socket. */
export function setMeetingSocketOpenerForTests(o: MeetingSocketOpener | null): void {
  opener = o ?? openSocket;
}

/** Sends `event` and resolves with its acknowledgement (a failed one, in words, when none comes in time). */
export function ask<E extends keyof ClientEvents>(
  socket: MeetingSocket,
  event: E,
  msg: Parameters<ClientEvents[E]>[0],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<AckOf<E>> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, message: 'The meeting did not answer. Try again.' } as AckOf<E>),
      timeoutMs,
    );
    socket.emit(event, msg, (res) => {
      clearTimeout(timer);
      resolve(res);
    });
  });
}
