import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@kinfolio/contracts';
import { TEST_AMQP_URL, type TestService } from '@kinfolio/service-kit';
import * as amqp from 'amqplib';

/** Polls `check` until it returns a truthy value (or throws the last failure after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = new Error('condition not met');
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function registeredEvent(userId: string, registeredAt: string, id: string = randomUUID()): EventEnvelope {
  return {
    id,
    type: 'auth.advisor.registered.v1',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: {
      user_id: userId,
      email: `a${userId.slice(0, 8)}@example.com`,
      name: 'Ada Advisor',
      registered_at: registeredAt,
    },
  };
}

/**
 * Waits until the service's queue is declared and bound (the AMQP bus declares it on connect, which may come just
 * after the service reports started), so a test's first publish cannot be routed nowhere.
 */
export async function waitForConsumerQueue(t: TestService, queue: string): Promise<void> {
  if (t.infra !== 'real') return;
  const name = `${t.svc.ctx.config.AMQP_NAMESPACE}${queue}`;
  const conn = await amqp.connect(TEST_AMQP_URL);
  try {
    await eventually(async () => {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      try {
        const q = await ch.checkQueue(name);
        return q.consumerCount > 0;
      } finally {
        await ch.close().catch(() => undefined);
      }
    });
  } finally {
    await conn.close();
  }
}

/** Deletes queues a test declared in its namespace (the harness removes only the service's own). */
export async function deleteQueues(t: TestService, namespace: string, queues: string[]): Promise<void> {
  if (t.infra !== 'real') return;
  const conn = await amqp.connect(TEST_AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of queues) {
      await ch.deleteQueue(`${namespace}${q}`);
      await ch.deleteQueue(`${namespace}${q}.dlq`);
    }
    await ch.close();
  } finally {
    await conn.close();
  }
}

/** Collects every billing event the service publishes (a queue of its own on the same bus). */
export async function observeBilling(t: TestService, queue = 'test-observer'): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await t.ports.bus.subscribe(queue, ['billing.#'], async (e) => {
    seen.push(e);
  });
  return seen;
}

export const ofType = (events: EventEnvelope[], type: string, userId: string) =>
  events.filter((e) => e.type === type && (e.payload as { user_id?: string }).user_id === userId);
