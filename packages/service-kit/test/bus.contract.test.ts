import { randomBytes, randomUUID } from 'node:crypto';
import * as amqp from 'amqplib';
import type { EventEnvelope } from '@kinfolio/contracts';
import { AmqpBus, type Bus, createLogger, MAX_ATTEMPTS, MemoryBus, Requeue, TEST_AMQP_URL, topicMatches } from '../src';
import { eventually, sleep } from './support';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

/**
 * The Bus port's contract, run against both adapters: the in-memory bus (embedded mode) and RabbitMQ (distributed),
 * the latter in a throwaway namespace on this machine's broker.
 */
interface BusAdapter {
  name: string;
  /** A new bus on the adapter's shared namespace (connected), declaring `topology` when it connects. */
  open(topology?: Record<string, string[]>): Promise<Bus>;
  /** Events the adapter dead-lettered for `queue`. */
  deadLettered(queue: string): Promise<EventEnvelope[]>;
  cleanup(queues: string[]): Promise<void>;
}

const logger = createLogger('bus-contract', 'silent');

function memoryAdapter(): BusAdapter {
  const bus = new MemoryBus(5);
  return {
    name: 'MemoryBus',
    open: async () => bus,
    deadLettered: async (queue) => bus.deadLetters.filter((d) => d.queue === queue).map((d) => d.event),
    cleanup: async () => undefined,
  };
}

function amqpAdapter(): BusAdapter {
  const namespace = `c${randomBytes(4).toString('hex')}.`;
  const opened: AmqpBus[] = [];
  const dead = new Map<string, EventEnvelope[]>();
  return {
    name: 'AmqpBus',
    async open(topology) {
      const bus = new AmqpBus(TEST_AMQP_URL, logger, { namespace, topology });
      opened.push(bus);
      await bus.whenConnected(10_000);
      return bus;
    },
    async deadLettered(queue) {
      const conn = await amqp.connect(TEST_AMQP_URL);
      try {
        const ch = await conn.createChannel();
        const list = dead.get(queue) ?? [];
        for (;;) {
          const msg = await ch.get(`${namespace}${queue}.dlq`, { noAck: true });
          if (!msg) break;
          list.push(JSON.parse(msg.content.toString('utf8')) as EventEnvelope);
        }
        dead.set(queue, list);
        await ch.close();
        return list;
      } finally {
        await conn.close();
      }
    },
    async cleanup(queues) {
      const admin = new AmqpBus(TEST_AMQP_URL, logger, { namespace });
      await admin.whenConnected(10_000);
      await admin.destroyTopology(queues);
      await admin.close();
      for (const bus of opened) await bus.close();
    },
  };
}

const envelope = (type: string, payload: unknown = { n: 1 }): EventEnvelope => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  payload,
});

describe('topicMatches (AMQP topic semantics)', () => {
  it.each([
    ['billing.trial.started.v1', 'billing.trial.started.v1', true],
    ['billing.*.started.v1', 'billing.trial.started.v1', true],
    ['billing.*', 'billing.trial.started.v1', false],
    ['billing.#', 'billing.trial.started.v1', true],
    ['#', 'auth.user.deleted.v1', true],
    ['billing.#.v1', 'billing.v1', true],
    ['auth.*.registered.v1', 'auth.advisor.registered.v1', true],
    ['auth.*.registered.v1', 'auth.customer.created.v1', false],
    ['billing.trial', 'billing.trial.started.v1', false],
  ])('%s matches %s: %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});

describe.each([
  ['MemoryBus', memoryAdapter],
  ['AmqpBus', amqpAdapter],
] as const)('Bus contract: %s', (_name, makeAdapter) => {
  let adapter: BusAdapter;
  let bus: Bus;
  const queues: string[] = [];
  const queue = (label: string) => {
    const q = `${label}-${randomBytes(3).toString('hex')}`;
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    adapter = makeAdapter();
    bus = await adapter.open();
  });
  afterAll(async () => {
    await adapter.cleanup(queues);
    await bus.close();
  });

  it('delivers an event to every queue bound to its type, and to no other', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    await bus.subscribe(queue('a'), ['billing.trial.started.v1'], async (e) => void a.push(e.id));
    await bus.subscribe(queue('b'), ['billing.trial.started.v1'], async (e) => void b.push(e.id));
    await bus.subscribe(queue('other'), ['auth.user.deleted.v1'], async (e) => void other.push(e.id));
    const e = envelope('billing.trial.started.v1');
    await bus.publish([e]);
    await eventually(() => a.length === 1 && b.length === 1);
    await sleep(150);
    expect(a).toEqual([e.id]);
    expect(b).toEqual([e.id]);
    expect(other).toEqual([]);
  });

  it('routes by topic pattern: * is one word, # is zero or more', async () => {
    const got: Record<string, string[]> = { star: [], hash: [], authStar: [], authHash: [] };
    await bus.subscribe(queue('star'), ['billing.*.started.v1'], async (e) => void got.star?.push(e.type));
    await bus.subscribe(queue('hash'), ['billing.#'], async (e) => void got.hash?.push(e.type));
    await bus.subscribe(queue('auth-star'), ['auth.*'], async (e) => void got.authStar?.push(e.type));
    await bus.subscribe(
      queue('auth-hash'),
      ['auth.#', 'nothing.matches'],
      async (e) => void got.authHash?.push(e.type),
    );
    await bus.publish([
      envelope('billing.trial.started.v1'),
      envelope('billing.membership.changed.v1'),
      envelope('auth.advisor.registered.v1'),
    ]);
    await eventually(() => got.hash?.length === 2 && got.authHash?.length === 1 && got.star?.length === 1);
    await sleep(150);
    expect(got.star).toEqual(['billing.trial.started.v1']);
    expect([...(got.hash ?? [])].sort()).toEqual(['billing.membership.changed.v1', 'billing.trial.started.v1']);
    expect(got.authStar).toEqual([]);
    expect(got.authHash).toEqual(['auth.advisor.registered.v1']);
  });

  it('delivers a batch of events, each exactly once, with its envelope intact', async () => {
    const seen: EventEnvelope[] = [];
    await bus.subscribe(queue('batch'), ['test.batch.v1'], async (e) => void seen.push(e));
    const batch = Array.from({ length: 50 }, (_, i) => envelope('test.batch.v1', { i, text: 'ünïcödé ✓' }));
    await bus.publish(batch);
    await eventually(() => seen.length === 50);
    await sleep(150);
    expect(seen).toHaveLength(50);
    expect(new Set(seen.map((e) => e.id)).size).toBe(50);
    const first = seen.find((e) => e.id === batch[0]?.id);
    expect(first).toEqual(batch[0]);
  });

  it('redelivers an event whose handler fails until the handler succeeds', async () => {
    let attempts = 0;
    const done: string[] = [];
    const q = queue('flaky');
    await bus.subscribe(q, ['test.flaky.v1'], async (e) => {
      attempts++;
      if (attempts < 3) throw new Error('not yet');
      done.push(e.id);
    });
    const e = envelope('test.flaky.v1');
    await bus.publish([e]);
    await eventually(() => done.length === 1);
    await sleep(300);
    expect(attempts).toBe(3);
    expect(done).toEqual([e.id]);
    expect(await adapter.deadLettered(q)).toEqual([]);
  });

  it(`dead-letters an event after ${MAX_ATTEMPTS} failed attempts and stops retrying`, async () => {
    let attempts = 0;
    const q = queue('poison');
    await bus.subscribe(q, ['test.poison.v1'], async () => {
      attempts++;
      throw new Error('always fails');
    });
    const e = envelope('test.poison.v1');
    await bus.publish([e]);
    const dead = await eventually(async () => {
      const d = await adapter.deadLettered(q);
      return d.length ? d : null;
    }, 15_000);
    await sleep(500);
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(dead.map((d) => d.id)).toEqual([e.id]);
  });

  it('unsubscribe stops delivery, once the handler calls under way have ended', async () => {
    const q = queue('leaving');
    const seen: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started = false;
    await bus.subscribe(q, ['test.leaving.v1'], async (e) => {
      started = true;
      await gate;
      seen.push(e.id);
    });
    const first = envelope('test.leaving.v1');
    const published = bus.publish([first]); // the in-memory bus resolves once it was handled
    await eventually(() => started);
    let unsubscribed = false;
    const leaving = bus.unsubscribe(q).then(() => {
      unsubscribed = true;
    });
    await sleep(200);
    expect(unsubscribed).toBe(false); // it waits for the call under way
    release();
    await leaving;
    await published;
    expect(seen).toEqual([first.id]);
    await bus.publish([envelope('test.leaving.v1')]);
    await sleep(300);
    expect(seen).toEqual([first.id]);
  });

  it('refuses to publish once closed, and stays closed', async () => {
    const own = makeAdapter();
    const b = await own.open();
    await b.close();
    expect(b.isConnected()).toBe(false);
    await expect(b.publish([envelope('test.closed.v1')])).rejects.toThrow();
    await sleep(700);
    expect(b.isConnected()).toBe(false);
    await own.cleanup([]);
  });
});

describe('AmqpBus.whenConnected', () => {
  const namespace = `w${randomBytes(4).toString('hex')}.`;
  it('resolves once connected with the topology declared, without start() having been called', async () => {
    const bus = new AmqpBus(TEST_AMQP_URL, logger, { namespace, topology: { probe: ['test.probe.v1'] } });
    expect(bus.isConnected()).toBe(false);
    await bus.whenConnected(10_000);
    expect(bus.isConnected()).toBe(true);
    await bus.publish([envelope('test.probe.v1')]); // would throw 'amqp not connected' before
    await bus.destroyTopology(['probe']);
    await bus.close();
  });
  it('rejects at once when the bus is closed, and within its time limit when the broker cannot be reached', async () => {
    const closed = new AmqpBus(TEST_AMQP_URL, logger, { namespace });
    await closed.close();
    await expect(closed.whenConnected(10_000)).rejects.toThrow('amqp bus is closed');
    const nowhere = new AmqpBus('amqp://guest:guest@127.0.0.1:1', logger, { namespace });
    const t0 = Date.now();
    await expect(nowhere.whenConnected(600)).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(5_000);
    await nowhere.close();
  });
});

describe('AmqpBus durability', () => {
  const adapter = amqpAdapter();
  const q = `durable-${randomBytes(3).toString('hex')}`;
  const early = `early-${randomBytes(3).toString('hex')}`;
  const unlisted = `unlisted-${randomBytes(3).toString('hex')}`;
  const left = `left-${randomBytes(3).toString('hex')}`;
  const jobs = `jobs-${randomBytes(3).toString('hex')}`;
  afterAll(() => adapter.cleanup([q, early, unlisted, left, jobs]));

  it('prefetch 1 hands a consumer one message at a time; a Requeue gives it back as it was, to a competing consumer', async () => {
    // issue 37: job workers compete on one queue, one job each; a stopping worker gives its job back
    const a = await adapter.open();
    const b = await adapter.open();
    const byA: string[] = [];
    const byB: Array<{ id: string; attempts: unknown }> = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let stopping = false;
    await a.subscribe(
      jobs,
      ['test.job.v1'],
      async (e) => {
        byA.push(e.id);
        await held;
        if (stopping) throw new Requeue();
      },
      { prefetch: 1 },
    );
    const events = [envelope('test.job.v1'), envelope('test.job.v1')];
    await a.publish(events);
    await eventually(() => byA.length === 1);
    await sleep(300);
    // A holds the first and was not handed the second
    expect(byA).toEqual([events[0]?.id]);
    await b.subscribe(jobs, ['test.job.v1'], async (e) => void byB.push({ id: e.id, attempts: undefined }), {
      prefetch: 1,
    });
    await eventually(() => byB.length === 1);
    expect(byB.map((x) => x.id)).toEqual([events[1]?.id]);
    // A stops: its message goes back and B takes it, not counted as a failed attempt (never dead-lettered)
    stopping = true;
    release();
    await eventually(() => byB.length === 2);
    expect(byB.map((x) => x.id)).toEqual([events[1]?.id, events[0]?.id]);
    expect(await adapter.deadLettered(jobs)).toEqual([]);
    await a.close();
    await b.close();
  });

  it('keeps events published while its consumer is down and delivers them when it comes back', async () => {
    const first = await adapter.open();
    const before: string[] = [];
    await first.subscribe(q, ['test.durable.v1'], async (e) => void before.push(e.id));
    await first.close();

    const publisher = await adapter.open();
    const events = [envelope('test.durable.v1'), envelope('test.durable.v1'), envelope('test.durable.v1')];
    await publisher.publish(events);
    await publisher.close();

    const restarted = await adapter.open();
    const after: string[] = [];
    await restarted.subscribe(q, ['test.durable.v1'], async (e) => void after.push(e.id));
    await eventually(() => after.length === 3);
    expect(before).toEqual([]);
    expect(after.sort()).toEqual(events.map((e) => e.id).sort());
    await restarted.close();
  });

  it('keeps what an unsubscribed queue did not take, for its next subscriber (a service stopping)', async () => {
    const bus = await adapter.open();
    const before: string[] = [];
    await bus.subscribe(left, ['test.left.v1'], async (e) => void before.push(e.id));
    const first = envelope('test.left.v1');
    await bus.publish([first]);
    await eventually(() => before.length === 1);
    await bus.unsubscribe(left);
    const waiting = envelope('test.left.v1');
    await bus.publish([waiting]);
    await sleep(300);
    const after: string[] = [];
    await bus.subscribe(left, ['test.left.v1'], async (e) => void after.push(e.id));
    await eventually(() => after.length === 1);
    await sleep(300);
    expect(before).toEqual([first.id]);
    expect(after).toEqual([waiting.id]);
    await bus.close();
  });

  it('keeps an event published before its consumer ever connected, because the publisher declares the topology', async () => {
    // The publisher knows the whole topology; no consumer of either queue has connected yet.
    const publisher = await adapter.open({ [early]: ['test.early.v1'] });
    const listed = envelope('test.early.v1');
    await publisher.publish([listed, envelope('test.unlisted.v1')]);
    await publisher.close();

    const consumer = await adapter.open();
    const got: string[] = [];
    const lost: string[] = [];
    await consumer.subscribe(early, ['test.early.v1'], async (e) => void got.push(e.id));
    await consumer.subscribe(unlisted, ['test.unlisted.v1'], async (e) => void lost.push(e.id));
    await eventually(() => got.length === 1);
    await sleep(300);
    expect(got).toEqual([listed.id]);
    // What the topology prevents: RabbitMQ drops an event no queue was bound for when it arrived.
    expect(lost).toEqual([]);
    await consumer.close();
  });
});
