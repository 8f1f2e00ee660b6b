import type { EventEnvelope } from '@kinfolio/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** How one subscription consumes its queue. */
export interface SubscribeOptions {
  /** Unacknowledged messages handed to this consumer at once (issue 37: a job worker takes one at a time). */
  prefetch?: number;
}

/**
 * Thrown by a handler that did not do its work and wants the message back on the queue as it was, at once and
 * without counting an attempt (a job worker stopping gracefully: another worker, or this one restarted, takes it).
 */
export class Requeue extends Error {
  constructor(message = 'requeued') {
    super(message);
    this.name = 'Requeue';
  }
}

/**
 * The Bus port. `publish` resolves only when the broker has confirmed every event (AMQP publisher confirms; the
 * in-memory adapter once every subscriber has handled it), so the outbox marks a row sent only after that.
 * `subscribe` binds one durable queue per consuming service to event types (topic patterns allowed); a handler
 * that keeps failing sends the event to that queue's dead-letter queue after `maxAttempts`. `unsubscribe` stops
 * handing that queue's events to its handler and resolves once the handler calls under way have ended (a stopping
 * service does it before it closes its database; what it did not take stays queued).
 */
export interface Bus {
  publish(events: EventEnvelope[]): Promise<void>;
  subscribe(queue: string, bindings: string[], handler: EventHandler, options?: SubscribeOptions): Promise<void>;
  unsubscribe(queue: string): Promise<void>;
  isConnected(): boolean;
  close(): Promise<void>;
}

export const EXCHANGE = 'kinfolio.events';
export const DEAD_LETTER_EXCHANGE = 'kinfolio.dlx';
export const MAX_ATTEMPTS = 5;

/** AMQP topic semantics: `*` matches one word, `#` zero or more. */
export function topicMatches(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key.split('.');
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') return match(i + 1, j) || (j < k.length && match(i, j + 1));
    if (j === k.length) return false;
    return (p[i] === '*' || p[i] === k[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/** The handler calls under way for a subscription, so unsubscribing can wait for them to end. */
export class InFlight {
  private readonly calls = new Set<Promise<unknown>>();
  track<T>(call: Promise<T>): Promise<T> {
    this.calls.add(call);
    const forget = () => this.calls.delete(call);
    call.then(forget, forget);
    return call;
  }
  async settled(): Promise<void> {
    while (this.calls.size) await Promise.allSettled([...this.calls]);
  }
}
