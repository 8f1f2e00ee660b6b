import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import knexFactory, { type Knex } from 'knex';

export type { Knex };
export type DbConfig =
  | { kind: 'pg'; url: string; schema: string; poolMax?: number }
  | { kind: 'pglite'; dir: string | null /* null: in memory */ };

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * The Db port: a knex instance over PostgreSQL (one schema per service) or PGlite (one directory per service,
 * a single connection: always pass the open transaction down, never query the base knex inside one).
 */
export async function createDb(config: DbConfig): Promise<Knex> {
  if (config.kind === 'pg') {
    const knex = knexFactory({
      client: 'pg',
      connection: config.url,
      searchPath: [config.schema, 'public'],
      pool: { min: 0, max: config.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
    });
    await knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [config.schema]);
    return knex;
  }
  const { default: ClientPgLite } = await import('knex-pglite');
  if (config.dir) await prepareDataDir(config.dir);
  return knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: config.dir ? { filename: config.dir } : {},
    useNullAsDefault: true,
  } as Knex.Config);
}

const templates = new Map<string, Promise<void>>();

/**
 * A new PGlite data directory costs an initdb (about 3 s of WebAssembly on this kind of machine). Every service of
 * an embedded install needs one, so the first initdb is kept as a pristine template beside them and copied for the
 * others: a first `npm start` pays for one initdb, not four.
 */
async function prepareDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const template = join(dirname(dir), '.pglite-template');
  let made = templates.get(template);
  if (!made) {
    made = (async () => {
      if (existsSync(join(template, 'PG_VERSION'))) return;
      mkdirSync(template, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = await PGlite.create(template);
      await pg.close();
    })();
    templates.set(template, made);
  }
  await made;
  cpSync(template, dir, { recursive: true });
}

/** Runs this service's migrations (knex's migrator with an in-code source; safe for replicas: knex locks). */
export async function migrate(knex: Knex, migrations: Migration[], schema?: string): Promise<string[]> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: m.up, down: m.down }),
  };
  const [, applied] = (await knex.migrate.latest({ migrationSource: source, schemaName: schema, tableName: 'knex_migrations' })) as [number, string[]];
  return applied;
}

export async function dbReady(knex: Knex): Promise<boolean> {
  await knex.raw('select 1');
  return true;
}
