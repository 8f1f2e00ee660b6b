import { randomUUID } from 'node:crypto';
import { type EventEnvelope, type EventPayload, Events, type EventType } from '@kinfolio/contracts';
import type { Bus, EventHandler } from './bus/types';
import { correlationId, runWithContext } from './context';
import type { Knex, Migration } from './db';
import { idempotencyMigration } from './idempotency';
import type { Logger } from './logger';

/** Tables every service has: the transactional outbox, the consumer's record of handled events, idempotency keys. */
export const kitMigrations: Migration[] = [
  {
    name: '000_kit_outbox_and_inbox',
    async up(knex) {
      await knex.schema.createTable('outbox', (t) => {
        t.uuid('id').primary();
        t.string('type', 120).notNullable();
        t.jsonb('payload').notNullable();
        t.string('correlation_id', 64).notNullable();
        t.timestamp('occurred_at', { useTz: true }).notNullable();
        t.timestamp('sent_at', { useTz: true }).nullable();
        t.bigIncrements('seq', { primaryKey: false });
      });
      await knex.raw('CREATE INDEX outbox_unsent ON outbox (seq) WHERE sent_at IS NULL');
      await knex.schema.createTable('processed_events', (t) => {
        t.uuid('event_id').primary();
        t.string('type', 120).notNullable();
        t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
    async down(knex) {
      await knex.schema.dropTable('processed_events');
      await knex.schema.dropTable('outbox');
    },
  },
  idempotencyMigration,
];

/** An outbox row for an event, its payload checked against the contract (for callers that insert it themselves). */
export function outboxRow<T extends EventType>(type: T, payload: EventPayload<T>) {
  const parsed = Events[type].parse(payload);
  return {
    id: randomUUID(),
    type,
    payload: JSON.stringify(parsed),
    correlation_id: correlationId(),
    occurred_at: new Date(),
  };
}

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists if and only if the change
 * that caused it was committed. The payload is checked against the contract first.
 */
export async function enqueueEvent<T extends EventType>(trx: Knex.Transaction, type: T, payload: EventPayload<T>): Promise<string> {
  const row = outboxRow(type, payload);
  await trx('outbox').insert(row);
  return row.id;
}

interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  correlation_id: string;
  occurred_at: Date | string;
}

/**
 * Publishes committed outbox rows in order with publisher confirms, marking them sent afterwards. While the broker
 * is unreachable rows simply wait; the relay retries with backoff. With PostgreSQL, replicas share the work with
 * FOR UPDATE SKIP LOCKED; with PGlite (one process) no lock is needed.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  // Idle until start(): a kick before then (a seed during start-up) must not publish before consumers exist.
  private stopped = true;
  private failures = 0;

  constructor(
    private readonly knex: Knex,
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
    private readonly batch = 200,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a run soon (after a commit that enqueued events). */
  kick(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let next = this.intervalMs;
    try {
      const sent = await this.drainOnce();
      this.failures = 0;
      if (sent === this.batch || this.again) next = 0;
    } catch (err) {
      this.failures++;
      next = Math.min(this.intervalMs * 2 ** this.failures, 5000);
      this.logger.warn({ err: (err as Error).message, retryInMs: next }, 'outbox relay could not publish');
    } finally {
      this.again = false;
      this.running = false;
      this.schedule(next);
    }
  }

  /** Publishes one batch; returns how many rows were sent. */
  async drainOnce(): Promise<number> {
    const isPg = (this.knex.client.config as { client?: unknown }).client === 'pg';
    if (isPg) {
      return this.knex.transaction(async (trx) => {
        const rows: OutboxRow[] = await trx('outbox').whereNull('sent_at').orderBy('seq').limit(this.batch).forUpdate().skipLocked();
        await this.publish(rows);
        if (rows.length) await trx('outbox').whereIn('id', rows.map((r) => r.id)).update({ sent_at: new Date() });
        return rows.length;
      });
    }
    const rows: OutboxRow[] = await this.knex('outbox').whereNull('sent_at').orderBy('seq').limit(this.batch);
    await this.publish(rows);
    if (rows.length) await this.knex('outbox').whereIn('id', rows.map((r) => r.id)).update({ sent_at: new Date() });
    return rows.length;
  }

  private async publish(rows: OutboxRow[]): Promise<void> {
    if (!rows.length) return;
    const envelopes: EventEnvelope[] = rows.map((r) => ({
      id: r.id,
      type: r.type,
      occurredAt: new Date(r.occurred_at).toISOString(),
      correlationId: r.correlation_id,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    }));
    await this.bus.publish(envelopes);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * An idempotent consumer: records the event id in the same transaction as the handler's work, so a redelivered
 * event does nothing twice. The handler runs with the event's correlation id in context.
 */
export function idempotent(
  knex: Knex,
  handler: (event: EventEnvelope, trx: Knex.Transaction) => Promise<void>,
  onCommitted?: () => void,
): EventHandler {
  return (event) =>
    runWithContext({ correlationId: event.correlationId || randomUUID() }, async () => {
      const handled = await knex.transaction(async (trx) => {
        const inserted = await trx('processed_events')
          .insert({ event_id: event.id, type: event.type })
          .onConflict('event_id')
          .ignore()
          .returning('event_id');
        if (!inserted.length) return false;
        await handler(event, trx);
        return true;
      });
      if (handled) onCommitted?.();
    });
}
