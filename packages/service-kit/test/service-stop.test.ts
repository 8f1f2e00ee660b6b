import { randomUUID } from 'node:crypto';
import * as amqp from 'amqplib';
import type { EventEnvelope } from '@kinfolio/contracts';
import { MemoryBus, type ServiceModule, startTestService, TEST_AMQP_URL, testInfras } from '../src';
import { eventually, sleep } from './support';

jest.setTimeout(60_000);

const deleted = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'auth.user.deleted.v1',
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  payload: { user_id: randomUUID() },
});

/**
 * A stopping service stops taking events before it closes its database (issue 10 item 20: an event delivered to a
 * service whose database was closing waited out the pool's 10 s acquire timeout, and that timer kept a jest worker
 * alive past its end). An event that arrives after the stop is not handled, and is not dead-lettered either: it
 * stays queued for the next start (on RabbitMQ; the in-memory bus has nothing to keep it in).
 */
describe.each(testInfras())('a service stopping (%s)', (infra) => {
  it('takes events until it stops, then leaves them queued and never touches its closed database', async () => {
    const handled: string[] = [];
    const mod: ServiceModule = {
      name: 'svc-billing',
      migrations: [],
      routes: () => undefined,
      consumers: () => [{ bindings: ['auth.user.deleted.v1'], handle: async (e) => void handled.push(e.id) }],
    };
    const t = await startTestService(mod, { infra });
    try {
      const before = deleted();
      await t.ports.bus.publish([before]);
      await eventually(() => handled.length === 1);
      await t.svc.stop();
      const after = deleted();
      const started = Date.now();
      await t.ports.bus.publish([after]);
      await sleep(1000);
      expect(handled).toEqual([before.id]);
      if (t.ports.bus instanceof MemoryBus) {
        expect(t.ports.bus.deadLetters).toEqual([]);
        expect(Date.now() - started).toBeLessThan(2000);
      } else {
        const queue = `${t.svc.ctx.config.AMQP_NAMESPACE}svc-billing`;
        const conn = await amqp.connect(TEST_AMQP_URL);
        try {
          const ch = await conn.createChannel();
          expect((await ch.checkQueue(queue)).messageCount).toBe(1); // kept for the next start
          expect((await ch.checkQueue(`${queue}.dlq`)).messageCount).toBe(0);
          await ch.close();
        } finally {
          await conn.close();
        }
      }
    } finally {
      await t.stop();
    }
  });
});
