import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { readSqlTrace, traceSql } from './sql-trace';

/**
 * The trace listens to knex's `query` event (emitted by the client as each statement is sent); here the client's
 * event is raised without a database (the component test svc-planning/test/scale.test.ts runs it on real PostgreSQL
 * through createDb's KF_SQL_TRACE hook).
 */
describe('the opt-in SQL trace', () => {
  let dir: string;
  let knex: Knex;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kf-sql-trace-'));
    knex = knexFactory({ client: 'pg' });
  });
  afterEach(async () => {
    await knex.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (sql: string, bindings: unknown[]) => knex.client.emit('query', { sql, bindings, method: 'select' });

  test('each distinct statement is appended once, as run, with its first bindings (dates as ISO text)', () => {
    const file = join(dir, 'trace.jsonl');
    traceSql(knex, file);
    const at = new Date('2026-01-02T03:04:05.000Z');
    run('insert into "t" ("at", "id") values ($1, $2)', [at, 1]);
    run('select "id" from "t" where "id" = $1', [1]);
    run('select "id" from "t" where "id" = $1', [2]);
    const text = readFileSync(file, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(readSqlTrace(text)).toEqual([
      { sql: 'insert into "t" ("at", "id") values ($1, $2)', bindings: ['2026-01-02T03:04:05.000Z', 1] },
      { sql: 'select "id" from "t" where "id" = $1', bindings: [1] },
    ]);
  });

  test('without it nothing listens', () => {
    expect(knex.listenerCount('query')).toBe(0);
    traceSql(knex, join(dir, 'trace.jsonl'));
    expect(knex.listenerCount('query')).toBe(1);
  });

  test('readSqlTrace keeps the first entry of each SQL text (several processes share a file)', () => {
    const text = [
      JSON.stringify({ sql: 'select $1', bindings: [1] }),
      JSON.stringify({ sql: 'select $1', bindings: [2] }),
      '',
      JSON.stringify({ sql: 'select 2', bindings: [] }),
    ].join('\n');
    expect(readSqlTrace(text)).toEqual([
      { sql: 'select $1', bindings: [1] },
      { sql: 'select 2', bindings: [] },
    ]);
  });
});
