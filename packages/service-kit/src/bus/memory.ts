import type { EventEnvelope } from '@kinfolio/contracts';
import {
  type Bus,
  type EventHandler,
  InFlight,
  MAX_ATTEMPTS,
  Requeue,
  type SubscribeOptions,
  topicMatches,
} from './types';

interface Subscription {
  queue: string;
  bindings: string[];
  handler: EventHandler;
  inFlight: InFlight;
}

/**
 * In-process bus for embedded mode and unit tests. Publish delivers to every matching queue and resolves when
 * each has handled the event (or dead-lettered it after MAX_ATTEMPTS), which is the in-memory equivalent of a
 * publisher confirm from a durable queue: the outbox row is marked sent only once the work is done.
 */
export class MemoryBus implements Bus {
  private readonly subs: Subscription[] = [];
  readonly deadLetters: Array<{ queue: string; event: EventEnvelope; error: string }> = [];
  private connected = true;

  constructor(private readonly retryDelayMs = 10) {}

  async publish(events: EventEnvelope[]): Promise<void> {
    if (!this.connected) throw new Error('bus is closed');
    for (const event of events) {
      await Promise.all(
        this.subs.filter((s) => s.bindings.some((b) => topicMatches(b, event.type))).map((s) => this.deliver(s, event)),
      );
    }
  }

  private deliver(sub: Subscription, event: EventEnvelope): Promise<void> {
    return sub.inFlight.track(this.attempts(sub, event));
  }

  private async attempts(sub: Subscription, event: EventEnvelope): Promise<void> {
    let lastError = '';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (!this.subs.includes(sub)) return; // unsubscribed meanwhile: nothing durable to keep it for
      try {
        await sub.handler(structuredClone(event));
        return;
      } catch (err) {
        // nothing durable holds it in memory: the job worker remakes what it left from its table at the next start
        if (err instanceof Requeue) return;
        lastError = err instanceof Error ? err.message : String(err);
        await new Promise((r) => setTimeout(r, this.retryDelayMs * attempt));
      }
    }
    this.deadLetters.push({ queue: sub.queue, event, error: lastError });
  }

  async subscribe(
    queue: string,
    bindings: string[],
    handler: EventHandler,
    _options?: SubscribeOptions,
  ): Promise<void> {
    this.subs.push({ queue, bindings, handler, inFlight: new InFlight() });
  }

  async unsubscribe(queue: string): Promise<void> {
    const gone = this.subs.filter((s) => s.queue === queue);
    for (const sub of gone) this.subs.splice(this.subs.indexOf(sub), 1);
    for (const sub of gone) await sub.inFlight.settled();
  }

  isConnected(): boolean {
    return this.connected;
  }

  async close(): Promise<void> {
    this.connected = false;
  }
}
