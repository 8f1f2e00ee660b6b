import * as amqp from 'amqplib';
import { type EventEnvelope, EventTopology } from '@kinfolio/contracts';
import { createLogger, type Logger } from '../logger';
import {
  type Bus,
  DEAD_LETTER_EXCHANGE,
  EXCHANGE,
  type EventHandler,
  InFlight,
  MAX_ATTEMPTS,
  Requeue,
  type SubscribeOptions,
} from './types';

interface Subscription {
  queue: string;
  bindings: string[];
  handler: EventHandler;
  inFlight: InFlight;
  options: SubscribeOptions;
  /** The channel consuming for it and the consumer's tag (while connected). */
  channel?: amqp.Channel;
  consumerTag?: string;
}

/**
 * RabbitMQ adapter: one durable topic exchange, one durable queue per consuming service with a dead-letter queue,
 * persistent messages, publisher confirms awaited per batch (not per message), manual acks after the handler,
 * bounded redelivery (x-attempts header) before dead-lettering. It reconnects by itself with backoff and
 * re-declares its subscriptions, so a broker restart loses nothing: unconfirmed outbox rows are simply sent again.
 */
export class AmqpBus implements Bus {
  private conn: amqp.ChannelModel | null = null;
  private pubChannel: amqp.ConfirmChannel | null = null;
  private readonly subs: Subscription[] = [];
  private closing = false;
  private connecting: Promise<void> | null = null;
  private backoffMs = 250;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly options: {
      prefetch?: number;
      namespace?: string;
      /** Every consumer queue and its bindings (EventTopology), declared on each connect before publishing. */
      topology?: Readonly<Record<string, readonly string[]>>;
    } = {},
  ) {
    this.exchange = `${options.namespace ?? ''}${EXCHANGE}`;
    this.dlx = `${options.namespace ?? ''}${DEAD_LETTER_EXCHANGE}`;
  }
  private readonly exchange: string;
  private readonly dlx: string;

  private q(queue: string): string {
    return `${this.options.namespace ?? ''}${queue}`;
  }

  /** Starts connecting; resolves at once (the bus connects in the background and keeps retrying). */
  start(): void {
    void this.ensureConnected().catch(() => undefined);
  }

  isConnected(): boolean {
    return this.conn !== null && this.pubChannel !== null;
  }

  /**
   * Resolves once connected (topology declared, consumers attached), retrying as the background reconnect does;
   * rejects after `timeoutMs`. For callers that must not go on without the broker, such as test fixtures that
   * publish straight onto the bus (services themselves publish through the outbox, which retries).
   */
  async whenConnected(timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.ensureConnected();
        return;
      } catch (err) {
        if (this.closing || Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  private ensureConnected(): Promise<void> {
    if (this.closing) return Promise.reject(new Error('amqp bus is closed'));
    if (this.isConnected()) return Promise.resolve();
    if (!this.connecting) {
      this.connecting = this.connect().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<void> {
    try {
      const conn = await amqp.connect(this.url, { timeout: 3000 });
      if (this.closing) {
        // close() was called while connecting: do not keep a connection nobody will close
        await conn.close().catch(() => undefined);
        throw new Error('amqp bus is closed');
      }
      conn.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'amqp connection error'));
      conn.on('close', () => this.onClose());
      const ch = await conn.createConfirmChannel();
      ch.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'amqp channel error'));
      await ch.assertExchange(this.exchange, 'topic', { durable: true });
      await ch.assertExchange(this.dlx, 'direct', { durable: true });
      // Queues of consumers that have not connected yet must exist before this service publishes anything.
      for (const [queue, bindings] of Object.entries(this.options.topology ?? {})) {
        await this.declareQueue(ch, queue, bindings);
      }
      this.conn = conn;
      this.pubChannel = ch;
      this.backoffMs = 250;
      for (const sub of this.subs) await this.consume(sub);
      this.logger.info('amqp connected');
    } catch (err) {
      this.conn = null;
      this.pubChannel = null;
      this.logger.warn({ err: (err as Error).message }, 'amqp connect failed; retrying');
      this.scheduleReconnect();
      throw err;
    }
  }

  private onClose(): void {
    this.conn = null;
    this.pubChannel = null;
    if (!this.closing) {
      this.logger.warn('amqp connection closed; reconnecting');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closing) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 5000);
    setTimeout(() => void this.ensureConnected().catch(() => undefined), delay).unref();
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    if (this.closing) throw new Error('amqp bus is closed');
    if (!this.isConnected()) {
      this.start();
      throw new Error('amqp not connected');
    }
    const ch = this.pubChannel!;
    for (const e of events) {
      ch.publish(this.exchange, e.type, Buffer.from(JSON.stringify(e)), {
        persistent: true,
        contentType: 'application/json',
        messageId: e.id,
        correlationId: e.correlationId,
        type: e.type,
        timestamp: Math.floor(Date.parse(e.occurredAt) / 1000),
      });
    }
    await ch.waitForConfirms();
  }

  async subscribe(
    queue: string,
    bindings: string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<void> {
    const sub: Subscription = { queue, bindings, handler, inFlight: new InFlight(), options };
    this.subs.push(sub);
    if (this.isConnected()) await this.consume(sub);
    else this.start();
  }

  /**
   * Stops consuming the queue (not re-consumed on a reconnect), waits for the handler calls under way, then closes
   * the consumer's channel: messages delivered to it and not acknowledged go back to the queue.
   */
  async unsubscribe(queue: string): Promise<void> {
    const gone = this.subs.filter((s) => s.queue === queue);
    for (const sub of gone) this.subs.splice(this.subs.indexOf(sub), 1);
    for (const sub of gone) {
      const { channel, consumerTag } = sub;
      if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => undefined);
      await sub.inFlight.settled();
      if (channel) await channel.close().catch(() => undefined);
    }
  }

  private async consume(sub: Subscription): Promise<void> {
    const conn = this.conn;
    if (!conn) return;
    const ch = await conn.createChannel();
    ch.on('error', (err: Error) =>
      this.logger.warn({ err: err.message, queue: sub.queue }, 'amqp consumer channel error'),
    );
    const queue = await this.declareQueue(ch, sub.queue, sub.bindings);
    await ch.prefetch(sub.options.prefetch ?? this.options.prefetch ?? 32);
    const { consumerTag } = await ch.consume(queue, (msg) => {
      if (!msg) return;
      void sub.inFlight.track(this.handle(ch, sub, msg));
    });
    sub.channel = ch;
    sub.consumerTag = consumerTag;
    // unsubscribed while this consumer was being set up
    if (!this.subs.includes(sub)) await ch.close().catch(() => undefined);
  }

  /** A durable queue with its dead-letter queue, bound to its event types; returns the namespaced name. */
  private async declareQueue(ch: amqp.Channel, name: string, bindings: readonly string[]): Promise<string> {
    const queue = this.q(name);
    const dlq = `${queue}.dlq`;
    await ch.assertQueue(dlq, { durable: true });
    await ch.bindQueue(dlq, this.dlx, dlq);
    await ch.assertQueue(queue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': this.dlx, 'x-dead-letter-routing-key': dlq },
    });
    for (const b of bindings) await ch.bindQueue(queue, this.exchange, b);
    return queue;
  }

  private async handle(ch: amqp.Channel, sub: Subscription, msg: amqp.ConsumeMessage): Promise<void> {
    let event: EventEnvelope;
    try {
      event = JSON.parse(msg.content.toString('utf8')) as EventEnvelope;
    } catch {
      ch.nack(msg, false, false); // unparseable: straight to the dead-letter queue
      return;
    }
    try {
      await sub.handler(event);
      ch.ack(msg);
    } catch (err) {
      if (err instanceof Requeue) {
        ch.nack(msg, false, true); // back to the queue as it was: nothing was done
        return;
      }
      const attempts = Number(msg.properties.headers?.['x-attempts'] ?? 1);
      this.logger.warn(
        { err: (err as Error).message, type: event.type, attempts, queue: sub.queue },
        'event handler failed',
      );
      if (attempts >= MAX_ATTEMPTS) {
        ch.nack(msg, false, false);
        return;
      }
      setTimeout(() => {
        try {
          ch.sendToQueue(this.q(sub.queue), msg.content, {
            ...msg.properties,
            headers: { ...msg.properties.headers, 'x-attempts': attempts + 1 },
            persistent: true,
          });
          ch.ack(msg);
        } catch {
          // channel gone: the unacked message is redelivered by the broker
        }
      }, 200 * attempts).unref();
    }
  }

  /** Deletes this namespace's queues and exchanges (tests clean up after themselves). */
  async destroyTopology(queues: string[]): Promise<void> {
    if (!this.conn) return;
    const ch = await this.conn.createChannel();
    for (const q of queues) {
      await ch.deleteQueue(this.q(q)).catch(() => undefined);
      await ch.deleteQueue(`${this.q(q)}.dlq`).catch(() => undefined);
    }
    await ch.deleteExchange(this.exchange).catch(() => undefined);
    await ch.deleteExchange(this.dlx).catch(() => undefined);
    await ch.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    const conn = this.conn;
    this.conn = null;
    this.pubChannel = null;
    if (conn) await conn.close().catch(() => undefined);
  }
}

/**
 * Deletes what a throwaway namespace (a test's, a benchmark's) left on the broker: every queue EventTopology names,
 * with its dead-letter queue, and the namespace's exchanges. Each service declares the queues of every consumer in
 * its namespace before it publishes, so removing only the service's own queue left the others behind.
 */
export async function destroyNamespace(url: string, namespace: string): Promise<void> {
  if (!namespace) throw new Error('destroyNamespace needs a namespace (the shared one is never removed)');
  const admin = new AmqpBus(url, createLogger('amqp-cleanup', 'silent'), { namespace });
  try {
    await admin.whenConnected(10_000);
    await admin.destroyTopology(Object.keys(EventTopology));
  } finally {
    await admin.close();
  }
}
