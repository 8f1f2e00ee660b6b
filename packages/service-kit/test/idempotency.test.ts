import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AppError,
  type Identity,
  parse,
  type ServiceModule,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '../src';
import { eventually } from './support';

jest.setTimeout(60_000);

/**
 * Issue 30 item 4: a write with an Idempotency-Key runs once per user, route and key; a retry gets the first reply.
 * A tiny service on the kit: POST /api/v1/things stores a row (a name 'slow' waits for the test to let it go),
 * POST /api/v1/flaky fails with a 500 on its first call and stores a row afterwards.
 */
const gates: Array<() => void> = [];
let flakyCalls = 0;
const Thing = z.object({ name: z.string().min(1) });
const mod: ServiceModule = {
  name: 'svc-support',
  migrations: [
    {
      name: '900_test_things',
      up: (knex) =>
        knex.schema.createTable('things', (t) => {
          t.uuid('id').primary();
          t.string('name').notNullable();
          t.string('owner').notNullable();
        }),
      down: (knex) => knex.schema.dropTable('things'),
    },
  ],
  routes(app, ctx) {
    const create = async (name: string, owner: string) => {
      const row = { id: randomUUID(), name, owner };
      await ctx.tx((trx) => trx('things').insert(row));
      return row;
    };
    app.post('/api/v1/things', async (req, res) => {
      const body = parse(Thing, req.body);
      if (body.name === 'slow') await new Promise<void>((resolve) => gates.push(resolve));
      const row = await create(body.name, String(req.headers['x-test-owner'] ?? ''));
      res.status(201).location(`/api/v1/things/${row.id}`).json({ message: 'Created', data: row });
    });
    // a body the handler reads itself (as multipart uploads are): the kit must leave the stream to it
    app.post('/api/v1/notes', async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.status(201).json({ data: await create(Buffer.concat(chunks).toString('utf8'), '') });
    });
    app.post('/api/v1/flaky', async (_req, res) => {
      flakyCalls++;
      if (flakyCalls === 1) throw new Error('the database went away');
      res.status(201).json({ data: await create('flaky', '') });
    });
    app.delete('/api/v1/things/:id', async (req, res) => {
      const n = await ctx.db('things').where({ id: req.params.id }).delete();
      if (!n) throw new AppError(404, 'Not found');
      res.status(204).end();
    });
  },
};

describe.each(testInfras())('idempotent writes (%s)', (infra) => {
  let t: TestService;
  const alice = testIdentity('advisor');
  const bob = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(mod, { infra });
  });
  afterAll(() => t?.stop());

  const post = (path: string, body: unknown, key?: string, as: Identity = alice) =>
    t.call('POST', path, { as, body, headers: key ? { 'idempotency-key': key } : {} });
  const count = async (name?: string) => {
    const [row] = await t.svc.ctx
      .db('things')
      .where(name ? { name } : {})
      .count<{ count: string }[]>({ count: '*' });
    return Number(row?.count);
  };

  it('runs a write once: the same key and body again gets the first reply, marked as replayed', async () => {
    const key = randomUUID();
    const first = await post('things', { name: 'once' }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post('things', { name: 'once' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(await count('once')).toBe(1);
  });

  it('without a key every call writes (the header is what makes a retry safe)', async () => {
    await post('things', { name: 'keyless' });
    await post('things', { name: 'keyless' });
    expect(await count('keyless')).toBe(2);
  });

  it('refuses the same key with a different body: 422 naming the header, nothing stored', async () => {
    const key = randomUUID();
    expect((await post('things', { name: 'first-body' }, key)).status).toBe(201);
    const other = await post('things', { name: 'second-body' }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/^Idempotency-Key: This key was already used for a different request/);
    expect(other.body.errors).toEqual([{ 'Idempotency-Key': [expect.stringMatching(/different request/)] }]);
    expect(await count('second-body')).toBe(0);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = randomUUID();
    await post('things', { name: 'ordered', extra: 1 }, key);
    const again = await post('things', { extra: 1, name: 'ordered' }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('ordered')).toBe(1);
  });

  it('answers 409 while the first request with the key is still running, then replays its reply', async () => {
    const key = randomUUID();
    const slow = post('things', { name: 'slow' }, key);
    await eventually(() => gates.length === 1);
    const during = await post('things', { name: 'slow' }, key);
    expect(during.status).toBe(409);
    expect(during.body.message).toBe('A request with this key is in progress');
    gates.shift()?.();
    const first = await slow;
    expect(first.status).toBe(201);
    const after = await post('things', { name: 'slow' }, key);
    expect([after.status, after.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(after.body).toEqual(first.body);
    expect(await count('slow')).toBe(1);
  });

  it("scopes keys to the user: another user's call with the same key runs and never sees the first reply", async () => {
    const key = randomUUID();
    const mine = await t.call('POST', 'things', {
      as: alice,
      body: { name: 'shared-key' },
      headers: { 'idempotency-key': key, 'x-test-owner': 'alice' },
    });
    const theirs = await t.call('POST', 'things', {
      as: bob,
      body: { name: 'shared-key' },
      headers: { 'idempotency-key': key, 'x-test-owner': 'bob' },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.owner).toBe('bob');
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await count('shared-key')).toBe(2);
  });

  it('scopes keys to the route: the same key on another path is another request', async () => {
    const key = randomUUID();
    const created = await post('things', { name: 'to-delete' }, key);
    const del = await t.call('DELETE', `things/${created.body.data.id}`, {
      as: alice,
      headers: { 'idempotency-key': key },
    });
    expect(del.status).toBe(204);
    expect(del.headers.get('idempotent-replayed')).toBeNull();
    const delAgain = await t.call('DELETE', `things/${created.body.data.id}`, {
      as: alice,
      headers: { 'idempotency-key': key },
    });
    expect([delAgain.status, delAgain.headers.get('idempotent-replayed')]).toEqual([204, 'true']);
  });

  it('replays a 4xx reply too', async () => {
    const key = randomUUID();
    const first = await post('things', { name: '' }, key);
    expect(first.status).toBe(400);
    const again = await post('things', { name: '' }, key);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([400, 'true']);
    expect(again.body.errors).toEqual(first.body.errors);
  });

  it('does not keep a 5xx: the retry with the same key runs again', async () => {
    flakyCalls = 0;
    const key = randomUUID();
    expect((await post('flaky', {}, key)).status).toBe(500);
    const retry = await post('flaky', {}, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const third = await post('flaky', {}, key);
    expect([third.status, third.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(flakyCalls).toBe(2);
    expect(await count('flaky')).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    await post('things', { name: 'yesterday' }, key);
    await t.svc.ctx
      .db('idempotency_keys')
      .where({ key })
      .update({ created_at: new Date(Date.now() - 25 * 3600_000) });
    const later = await post('things', { name: 'yesterday' }, key);
    expect([later.status, later.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await count('yesterday')).toBe(2);
  });

  it('leaves a body it does not parse to the handler, and tells such requests apart by length', async () => {
    const key = randomUUID();
    const send = (text: string) =>
      t.call('POST', 'notes', {
        as: alice,
        body: text,
        headers: { 'idempotency-key': key, 'content-type': 'text/plain' },
      });
    const first = await send('raw-note');
    expect([first.status, first.body.data.name]).toEqual([201, 'raw-note']);
    const again = await send('raw-note');
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect((await send('raw-note-longer')).status).toBe(422);
    expect(await count('raw-note')).toBe(1);
  });

  it('takes over a reservation left in flight for over 10 minutes (its process died before answering)', async () => {
    const key = randomUUID();
    await post('things', { name: 'orphan' }, key);
    await t.svc.ctx
      .db('idempotency_keys')
      .where({ key })
      .update({ status: null, body: null, created_at: new Date(Date.now() - 11 * 60_000) });
    const retry = await post('things', { name: 'orphan' }, key);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await count('orphan')).toBe(2);
  });

  it('ignores the key of a caller without a signed-in user (nobody to scope it to)', async () => {
    const key = randomUUID();
    const anonymous = () =>
      t.call('POST', 'things', { as: null, body: { name: 'anonymous' }, headers: { 'idempotency-key': key } });
    expect((await anonymous()).status).toBe(201);
    expect((await anonymous()).headers.get('idempotent-replayed')).toBeNull();
    expect(await count('anonymous')).toBe(2);
  });

  it('keeps a key for an over-long path too (its 404 replayed, never a 500)', async () => {
    const key = randomUUID();
    const path = `things/${'x'.repeat(700)}`;
    const first = await t.call('POST', path, { as: alice, body: {}, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(404);
    const again = await t.call('POST', path, { as: alice, body: {}, headers: { 'idempotency-key': key } });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([404, 'true']);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const r = await post('things', { name: 'bad-key' }, 'x'.repeat(256));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ 'Idempotency-Key': ['Must be 1 to 255 visible ASCII characters'] }]);
    expect(await count('bad-key')).toBe(0);
  });
});
