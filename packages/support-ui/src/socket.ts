import { io, type Socket } from 'socket.io-client';
import type { Reply, Ticket } from './types';

/** Server → client events of svc-support's socket (issue 3). */
export interface ServerEvents {
  'reply:created': (e: { ticket_id: string; reply: Reply }) => void;
  'ticket:created': (e: { ticket: Ticket }) => void;
  'ticket:updated': (e: { ticket: Ticket }) => void;
  'tickets:pending': (e: { count: number }) => void;
}
/** Client → server events: joining a ticket's room is acknowledged with {ok}. */
export interface ClientEvents {
  'ticket:join': (e: { ticket_id: string }, ack: (r: { ok: boolean }) => void) => void;
  'ticket:leave': (e: { ticket_id: string }) => void;
}
export type SupportSocket = Socket<ServerEvents, ClientEvents>;

let socket: SupportSocket | null = null;

/**
 * One socket per remote, opened on first use: same origin through the gateway, websocket only, with the session
 * cookie. socket.io reconnects by itself; listeners re-join rooms on every 'connect'.
 */
export function getSocket(): SupportSocket {
  if (!socket) {
    socket = io({ path: '/socket.io/', transports: ['websocket'], withCredentials: true }) as SupportSocket;
  }
  return socket;
}

/** Tests only: forget the socket so a fresh mock is used. */
export function resetSocketForTests(): void {
  socket = null;
}
