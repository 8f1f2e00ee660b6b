import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { traceSql } from './sql-trace';

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
    if (process.env.KF_SQL_TRACE) traceSql(knex, process.env.KF_SQL_TRACE);
    await retryCreateRace(() => knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [config.schema]));
    return knex;
  }
  const { default: ClientPgLite } = await import('knex-pglite');
  if (config.dir) await prepareDataDir(config.dir);
  const knex = knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: config.dir ? { filename: config.dir } : {},
    useNullAsDefault: true,
  } as Knex.Config);
  if (process.env.KF_SQL_TRACE) traceSql(knex, process.env.KF_SQL_TRACE);
  return knex;
}

const templates = new Map<string, Promise<void>>();

/**
 * Where a pristine initdb of the installed PGlite version is kept: `node_modules/.cache/kinfolio/pglite-<version>`
 * (PGLITE_TEMPLATE_DIR overrides). `npm run build` makes it, so a first `npm start` on a built tree copies it instead
 * of running initdb (several seconds of WebAssembly).
 */
export function pgliteTemplateDir(): string {
  if (process.env.PGLITE_TEMPLATE_DIR) return resolve(process.env.PGLITE_TEMPLATE_DIR);
  const pkgDir = resolve(dirname(require.resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return join(pkgDir, '..', '..', '.cache', 'kinfolio', `pglite-${version}`);
}

/**
 * A PGlite data directory at `target`, made once: `build` fills a directory beside it, which is then renamed into
 * place, so a reader never sees a half-made one; when another process (a jest worker, a second test run) put theirs
 * in place first, theirs is as good. Calls in this process for the same target share one build.
 */
export function pgliteDirOnce(target: string, build: (dir: string) => Promise<void>): Promise<string> {
  let made = templates.get(target);
  if (!made) {
    made = (async () => {
      if (existsSync(join(target, 'PG_VERSION'))) return;
      const building = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
      mkdirSync(building, { recursive: true });
      try {
        await build(building);
        try {
          renameSync(building, target);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (!(code === 'ENOTEMPTY' || code === 'EEXIST') || !existsSync(join(target, 'PG_VERSION'))) throw err;
        }
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
      if (!existsSync(join(target, 'PG_VERSION'))) throw new Error(`PGlite data directory not made at ${target}`);
    })();
    templates.set(target, made);
    made.catch(() => templates.delete(target));
  }
  return made.then(() => target);
}

/** Makes the pristine PGlite data directory at `template` unless it exists (one initdb per PGlite version). */
export function preparePgliteTemplate(template = pgliteTemplateDir()): Promise<string> {
  return pgliteDirOnce(template, async (dir) => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(dir);
    await pg.close();
  });
}

/**
 * A new PGlite data directory is a copy of the pristine template (one initdb per installed PGlite version, not one
 * per service and data directory). Where node_modules cannot be written, the template is kept beside the data.
 */
async function prepareDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  let template: string;
  try {
    template = await preparePgliteTemplate();
  } catch {
    template = await preparePgliteTemplate(join(dirname(dir), '.pglite-template'));
  }
  cpSync(template, dir, { recursive: true });
}

/**
 * PostgreSQL's `IF NOT EXISTS` is not safe against a concurrent creator: two replicas starting on a fresh database
 * both find the schema or knex's bookkeeping tables missing, and the second create fails with a duplicate
 * (42P07 relation, 42P06 schema, 42710 the table's row type, or 23505 on the catalogue's unique index). The second
 * one retries and then finds the object there.
 */
const CREATE_RACE = new Set(['42P07', '42P06', '42710', '23505']);
export async function retryCreateRace<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let k = 1; ; k++) {
    try {
      return await work();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (k >= attempts || !CREATE_RACE.has(code ?? '')) throw e;
      await new Promise((r) => setTimeout(r, 50 * k + Math.floor(Math.random() * 50)));
    }
  }
}

/**
 * Runs this service's migrations (knex's migrator with an in-code source). Safe for replicas: knex's lock table
 * runs each migration once, and the race to create knex's own tables on a fresh database is retried.
 */
export async function migrate(knex: Knex, migrations: Migration[], schema?: string): Promise<string[]> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: m.up, down: m.down }),
  };
  const [, applied] = (await retryCreateRace(() =>
    knex.migrate.latest({
      migrationSource: source,
      schemaName: schema,
      tableName: 'knex_migrations',
    }),
  )) as [number, string[]];
  return applied;
}

export async function dbReady(knex: Knex): Promise<boolean> {
  await knex.raw('select 1');
  return true;
}
