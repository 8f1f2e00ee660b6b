import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { createDb, dbReady, type Knex, type Migration, migrate, TEST_DATABASE_URL } from '../src';

// PGlite's first start in a directory runs initdb in WebAssembly: seconds on a loaded machine.
jest.setTimeout(60_000);

/**
 * The Db port's contract: what every service assumes of its knex instance, on PostgreSQL (one schema per service,
 * as in distributed mode) and on PGlite (as in embedded mode). A service that passes its component tests on one
 * adapter must not meet a surprise on the other.
 */
interface DbAdapter {
  open(): Promise<Knex>;
  /** The schema a migration's tables land in. */
  schema: string;
  cleanup(): Promise<void>;
}

function pgAdapter(): DbAdapter {
  const schema = `dbc_${randomBytes(4).toString('hex')}`;
  const opened: Knex[] = [];
  return {
    schema,
    async open() {
      const knex = await createDb({ kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 3 });
      opened.push(knex);
      return knex;
    },
    async cleanup() {
      for (const k of opened) await k.destroy();
      const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.destroy();
    },
  };
}

function pgliteAdapter(): DbAdapter {
  const opened: Knex[] = [];
  return {
    schema: 'public',
    async open() {
      const knex = await createDb({ kind: 'pglite', dir: null });
      opened.push(knex);
      return knex;
    },
    async cleanup() {
      for (const k of opened) await k.destroy();
    },
  };
}

const migrations: Migration[] = [
  {
    name: '001_things',
    async up(knex) {
      await knex.schema.createTable('things', (t) => {
        t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
        t.string('name', 100).notNullable().unique();
        t.jsonb('meta').notNullable().defaultTo('{}');
        t.bigInteger('amount_minor').notNullable().defaultTo(0);
        t.decimal('rate', 12, 6);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
    async down(knex) {
      await knex.schema.dropTable('things');
    },
  },
  {
    name: '002_things_note',
    async up(knex) {
      await knex.schema.alterTable('things', (t) => t.text('note'));
    },
    async down(knex) {
      await knex.schema.alterTable('things', (t) => t.dropColumn('note'));
    },
  },
];

describe.each([
  ['PostgreSQL', pgAdapter],
  ['PGlite', pgliteAdapter],
] as const)('Db contract: %s', (_name, makeAdapter) => {
  let adapter: DbAdapter;
  let db: Knex;
  beforeAll(async () => {
    adapter = makeAdapter();
    db = await adapter.open();
  });
  afterAll(() => adapter.cleanup());

  it('is ready and applies migrations once, in order, each recorded', async () => {
    expect(await dbReady(db)).toBe(true);
    expect(await migrate(db, migrations, adapter.schema === 'public' ? undefined : adapter.schema)).toEqual([
      '001_things',
      '002_things_note',
    ]);
    expect(await migrate(db, migrations, adapter.schema === 'public' ? undefined : adapter.schema)).toEqual([]);
    const cols = await db('things').columnInfo();
    expect(Object.keys(cols).sort()).toEqual(['amount_minor', 'created_at', 'id', 'meta', 'name', 'note', 'rate']);
  });

  it('inserts with returning, generates ids, and round-trips json, timestamps and exact numbers', async () => {
    const at = new Date('2026-03-01T00:00:00.000Z');
    const [row] = await db('things')
      .insert({
        name: 'a',
        meta: JSON.stringify({ n: 1, list: ['x'] }),
        amount_minor: '9007199254740993',
        rate: '0.123456',
        created_at: at,
      })
      .returning('*');
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.meta).toEqual({ n: 1, list: ['x'] });
    // Big integers and decimals come back as strings: exact, never rounded through a double.
    expect(String(row.amount_minor)).toBe('9007199254740993');
    expect(String(row.rate)).toBe('0.123456');
    expect(new Date(row.created_at).toISOString()).toBe(at.toISOString());
  });

  it('reports a unique violation with PostgreSQL code 23505 (services turn it into 409)', async () => {
    await db('things').insert({ name: 'dup' });
    await expect(db('things').insert({ name: 'dup' })).rejects.toMatchObject({ code: '23505' });
    const dups = await db('things').where({ name: 'dup' }).select('id');
    expect(dups).toHaveLength(1);
  });

  it('commits a transaction as a whole and rolls back everything when it throws', async () => {
    await db.transaction(async (trx) => {
      await trx('things').insert({ name: 't1' });
      await trx('things').insert({ name: 't2' });
    });
    await expect(
      db.transaction(async (trx) => {
        await trx('things').insert({ name: 't3' });
        await trx('things').where({ name: 't1' }).update({ note: 'changed' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await db('things').whereIn('name', ['t1', 't2', 't3']).orderBy('name');
    expect(rows.map((r) => r.name)).toEqual(['t1', 't2']);
    expect(rows[0].note).toBeNull();
  });

  it('locks rows for update inside a transaction and supports skip locked (the outbox relay uses both)', async () => {
    const ids = await db.transaction(async (trx) => {
      const locked = await trx('things').whereIn('name', ['t1', 't2']).forUpdate().skipLocked().select('id');
      return locked.map((r) => r.id);
    });
    expect(ids).toHaveLength(2);
  });

  it('filters json fields and searches case-insensitively', async () => {
    await db('things').insert({ name: 'Needle In Hay', meta: JSON.stringify({ tag: 'faq' }) });
    const byJson = await db('things').whereRaw("meta->>'tag' = ?", ['faq']).select('name');
    expect(byJson.map((r) => r.name)).toEqual(['Needle In Hay']);
    const byText = await db('things').whereILike('name', '%needle in%').select('name');
    expect(byText.map((r) => r.name)).toEqual(['Needle In Hay']);
  });
});

describe('Db contract: replicas starting together on a fresh PostgreSQL schema', () => {
  it('creates the schema and runs each migration once when several replicas start at the same moment', async () => {
    const schema = `dbr_${randomBytes(4).toString('hex')}`;
    const replicas: Knex[] = [];
    try {
      // four replicas race CREATE SCHEMA and the creation of knex's own tables (the bench:live failure: 42P07)
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => createDb({ kind: 'pg', url: TEST_DATABASE_URL, schema, poolMax: 3 })),
      );
      replicas.push(...opened);
      const applied = await Promise.all(opened.map((k) => migrate(k, migrations, schema)));
      expect(applied.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
      const rows = await (opened[0] as Knex).withSchema(schema).table('knex_migrations').select('name');
      expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
    } finally {
      for (const k of replicas) await k.destroy();
      const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.destroy();
    }
  });
});

describe('Db contract: PGlite on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-dbc-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const saved = process.env.PGLITE_TEMPLATE_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
    else process.env.PGLITE_TEMPLATE_DIR = saved;
  });

  it('keeps data across a restart, and a second service directory starts from the shared initdb template', async () => {
    process.env.PGLITE_TEMPLATE_DIR = join(root, 'cache', 'pglite-template');
    const first = join(root, 'svc-a');
    let db = await createDb({ kind: 'pglite', dir: first });
    await migrate(db, migrations);
    await db('things').insert({ name: 'kept' });
    await db.destroy();

    db = await createDb({ kind: 'pglite', dir: first });
    expect(await migrate(db, migrations)).toEqual([]);
    expect((await db('things').select('name')).map((r) => r.name)).toEqual(['kept']);
    await db.destroy();

    // the template is pristine and kept where the install's cache is, not beside the data
    expect(existsSync(join(root, 'cache', 'pglite-template', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(root, '.pglite-template'))).toBe(false);
    const second = await createDb({ kind: 'pglite', dir: join(root, 'svc-b') });
    expect(await migrate(second, migrations)).toEqual(['001_things', '002_things_note']);
    expect(await second('things').select('id')).toHaveLength(0);
    await second.destroy();
  });

  it('keeps the template beside the data when the cache cannot be written', async () => {
    const blocker = join(root, 'not-a-directory');
    writeFileSync(blocker, 'a file where the cache directory would go');
    process.env.PGLITE_TEMPLATE_DIR = join(blocker, 'pglite-template');
    const dir = join(root, 'beside', 'svc-c');
    const db = await createDb({ kind: 'pglite', dir });
    expect(await migrate(db, migrations)).toEqual(['001_things', '002_things_note']);
    await db.destroy();
    expect(existsSync(join(root, 'beside', '.pglite-template', 'PG_VERSION'))).toBe(true);
  });
});
