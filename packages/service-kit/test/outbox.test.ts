import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@kinfolio/contracts';
import knexFactory from 'knex';
import { TcpProxy } from '../../../e2e/support/tcp-proxy';
import {
  AmqpBus,
  type Bus,
  createDb,
  createLogger,
  enqueueEvent,
  type Knex,
  kitMigrations,
  MemoryBus,
  migrate,
  OutboxRelay,
  TEST_AMQP_URL,
  TEST_DATABASE_URL,
  testInfras,
} from '../src';
import { eventually, freePort, sleep } from './support';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

/**
 * The transactional outbox: an event exists if and only if the change that caused it committed, and the relay
 * publishes it once the bus can take it — however long the broker is away.
 */
const logger = createLogger('outbox-test', 'silent');

/** A bus that can be switched off, for the in-memory case of "the broker is unreachable". */
class SwitchableBus implements Bus {
  down = false;
  constructor(private readonly inner: Bus) {}
  async publish(events: EventEnvelope[]) {
    if (this.down) throw new Error('bus unreachable');
    await this.inner.publish(events);
  }
  subscribe(q: string, b: string[], h: (e: EventEnvelope) => Promise<void>) {
    return this.inner.subscribe(q, b, h);
  }
  unsubscribe(q: string) {
    return this.inner.unsubscribe(q);
  }
  isConnected() {
    return !this.down && this.inner.isConnected();
  }
  close() {
    return this.inner.close();
  }
}

interface Infra {
  db: Knex;
  /** The bus the relay publishes to. */
  bus: Bus;
  /** Events a consumer received through the bus. */
  received: EventEnvelope[];
  /** Make the broker unreachable for the relay, and reachable again. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  teardown(): Promise<void>;
}

async function setup(kind: 'embedded' | 'real'): Promise<Infra> {
  const received: EventEnvelope[] = [];
  if (kind === 'embedded') {
    const db = await createDb({ kind: 'pglite', dir: null });
    await migrate(db, kitMigrations);
    const bus = new SwitchableBus(new MemoryBus());
    await bus.subscribe('observer', ['#'], async (e) => void received.push(e));
    return {
      db,
      bus,
      received,
      cut: async () => {
        bus.down = true;
      },
      restore: async () => {
        bus.down = false;
      },
      teardown: async () => {
        await bus.close();
        await db.destroy();
      },
    };
  }
  const tag = randomBytes(4).toString('hex');
  const schema = `t_outbox_${tag}`;
  const namespace = `o${tag}.`;
  const db = await createDb({ kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 4 });
  await migrate(db, kitMigrations, schema);
  // The relay reaches RabbitMQ through a proxy the test can cut; the observer connects directly.
  const proxy = new TcpProxy(await freePort(), '127.0.0.1', Number(new URL(TEST_AMQP_URL).port || 5672));
  await proxy.open();
  const u = new URL(TEST_AMQP_URL);
  const bus = new AmqpBus(`amqp://${u.username}:${u.password}@127.0.0.1:${proxy.port}`, logger, { namespace });
  bus.start();
  const observer = new AmqpBus(TEST_AMQP_URL, logger, { namespace });
  observer.start();
  await eventually(() => bus.isConnected() && observer.isConnected());
  await observer.subscribe('observer', ['#'], async (e) => void received.push(e));
  return {
    db,
    bus,
    received,
    cut: () => proxy.close(),
    restore: () => proxy.open(),
    teardown: async () => {
      await observer.destroyTopology(['observer']);
      await observer.close();
      await bus.close();
      await proxy.close();
      await db.destroy();
      const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.destroy();
    },
  };
}

const payload = (userId = randomUUID()) => ({
  user_id: userId,
  trial_id: randomUUID(),
  started_at: new Date().toISOString(),
  ends_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
});

describe.each(testInfras())('outbox relay (%s)', (kind) => {
  let infra: Infra;
  let relay: OutboxRelay;
  beforeAll(async () => {
    infra = await setup(kind);
    relay = new OutboxRelay(infra.db, infra.bus, logger, 50);
    relay.start();
  });
  afterAll(async () => {
    await relay.stop();
    await infra.teardown();
  });

  const receivedFor = (userId: string) =>
    infra.received.filter((e) => (e.payload as { user_id: string }).user_id === userId);
  const unsent = async () =>
    Number((await infra.db('outbox').whereNull('sent_at').count<{ count: string }[]>({ count: '*' }))[0]?.count ?? 0);

  it('publishes events enqueued in a transaction only after it commits, in order, and marks them sent', async () => {
    const userId = randomUUID();
    const ids: string[] = [];
    await infra.db.transaction(async (trx) => {
      for (let i = 0; i < 3; i++) ids.push(await enqueueEvent(trx, 'billing.trial.started.v1', payload(userId)));
      await sleep(300); // the relay runs every 50 ms: it must not see uncommitted rows
      expect(receivedFor(userId)).toHaveLength(0);
    });
    relay.kick();
    await eventually(() => receivedFor(userId).length === 3);
    expect(receivedFor(userId).map((e) => e.id)).toEqual(ids);
    expect(receivedFor(userId)[0]).toMatchObject({ type: 'billing.trial.started.v1', payload: { user_id: userId } });
    await eventually(async () => (await unsent()) === 0);
  });

  it('never publishes events of a transaction that rolled back', async () => {
    const userId = randomUUID();
    await expect(
      infra.db.transaction(async (trx) => {
        await enqueueEvent(trx, 'billing.trial.started.v1', payload(userId));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    relay.kick();
    await sleep(400);
    expect(receivedFor(userId)).toHaveLength(0);
    expect(await infra.db('outbox').whereRaw("payload->>'user_id' = ?", [userId])).toHaveLength(0);
  });

  it('refuses an event whose payload breaks its contract, so nothing is stored', async () => {
    await expect(
      infra.db.transaction(async (trx) => {
        await enqueueEvent(trx, 'billing.trial.started.v1', { user_id: 'not-a-uuid' } as never);
      }),
    ).rejects.toThrow();
  });

  it('keeps events while the broker is unreachable and publishes them, once each, when it is back', async () => {
    await infra.cut();
    await eventually(() => !infra.bus.isConnected(), 5000);
    const userId = randomUUID();
    await infra.db.transaction(async (trx) => {
      for (let i = 0; i < 5; i++) await enqueueEvent(trx, 'billing.trial.started.v1', payload(userId));
    });
    relay.kick();
    await sleep(800);
    expect(receivedFor(userId)).toHaveLength(0);
    expect(await unsent()).toBe(5);

    await infra.restore();
    await eventually(() => receivedFor(userId).length >= 5, 20_000);
    await eventually(async () => (await unsent()) === 0, 10_000);
    await sleep(300);
    expect(new Set(receivedFor(userId).map((e) => e.id)).size).toBe(5);
    expect(receivedFor(userId)).toHaveLength(5);
  }, 40_000);

  it('lets two relays (replicas) drain one outbox without publishing an event twice', async () => {
    const second = new OutboxRelay(infra.db, infra.bus, logger, 10);
    const userId = randomUUID();
    await infra.db.transaction(async (trx) => {
      for (let i = 0; i < 60; i++) await enqueueEvent(trx, 'billing.trial.started.v1', payload(userId));
    });
    second.start();
    relay.kick();
    try {
      await eventually(() => receivedFor(userId).length >= 60, 15_000);
      await sleep(400);
      expect(receivedFor(userId)).toHaveLength(60);
    } finally {
      await second.stop();
    }
  });
});
