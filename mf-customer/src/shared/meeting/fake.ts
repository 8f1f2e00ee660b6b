import type { meetings } from '@kinfolio/contracts';
import type { MeetingSocket } from './socket';

// biome-ignore lint/suspicious/noExplicitAny: the fake answers every call
type Ack = (res: any) => void;
type Reply = (msg: never) => meetings.MeetingAck<unknown>;

/**
 * Tests only: a socket the test plays the server of. `replies` answers the client's calls (an acknowledgement on the
 * next tick); `connect`, `drop` and `send` are the server's side.
 */
export class FakeMeetingSocket implements MeetingSocket {
  connected = false;
  readonly sent: Array<{ event: string; msg: Record<string, unknown> }> = [];
  readonly replies: Record<string, Reply> = {};
  private readonly handlers = new Map<string, Array<(msg?: unknown) => void>>();
  disconnected = false;

  on(event: string, listener: (msg?: never) => void): void {
    const list = this.handlers.get(event) ?? [];
    list.push(listener as (msg?: unknown) => void);
    this.handlers.set(event, list);
  }
  emit(event: string, msg: unknown, ack?: Ack): void {
    this.sent.push({ event, msg: msg as Record<string, unknown> });
    const reply = this.replies[event];
    if (ack && reply) {
      const res = reply(msg as never);
      setTimeout(() => ack(res), 0);
    }
  }
  disconnect(): void {
    this.disconnected = true;
    this.connected = false;
  }

  /** The calls of one event the client made, their messages in order. */
  calls(event: string): Array<Record<string, unknown>> {
    return this.sent.filter((s) => s.event === event).map((s) => s.msg);
  }
  connect(): void {
    this.connected = true;
    this.fire('connect');
  }
  drop(): void {
    this.connected = false;
    this.fire('disconnect');
  }
  send<E extends keyof meetings.MeetingServerToClientEvents>(
    event: E,
    msg: Parameters<meetings.MeetingServerToClientEvents[E]>[0],
  ): void {
    this.fire(event, msg);
  }
  private fire(event: string, msg?: unknown): void {
    for (const fn of this.handlers.get(event) ?? []) fn(msg);
  }
}
