import { randomUUID } from 'node:crypto';
import { normaliseCurrency } from '@kinfolio/money';
import type { Knex } from '@kinfolio/service-kit';
import { badRequest, notFound } from '@kinfolio/service-kit';
import { householdChanged, householdChangedRow, inTransaction } from '../households/changes';
import { householdWrite } from '../read-db';
import { householdPrewarm } from '../reports/prewarm';
import type { HouseholdRow } from './access';
import type { RecordKind } from './kinds';
import { fail, memberIn, readsOtherRows, verifyRecord } from './verify';

export interface RecordRow {
  id: string;
  advisor_id: string;
  household_id: string;
  member_id: string | null;
  position: number;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}
export type StoredRecord = Record<string, unknown> & {
  id: string;
  lead_id: string;
  position: number;
  created_at: string;
  updated_at: string;
};

const json = (v: unknown): Record<string, unknown> =>
  typeof v === 'string' ? JSON.parse(v) : (v as Record<string, unknown>);

export function toRecord(row: RecordRow): StoredRecord {
  return {
    ...json(row.data),
    id: row.id,
    lead_id: row.household_id,
    position: row.position,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A record names a member of its own household (or none, where the kind allows). */
async function checkMember(
  db: Knex,
  hh: HouseholdRow,
  kind: RecordKind,
  data: Record<string, unknown>,
): Promise<string | null> {
  const memberId = typeof data.member_id === 'string' ? data.member_id : null;
  if (!memberId) {
    if (kind.parent === 'member' || kind.memberRequired) throw badRequest('Choose a member', 'member_id');
    return null;
  }
  await memberIn(db, hh, memberId, 'member_id');
  return memberId;
}

/** An amount's currency must be one the stored rate table knows (the cash-flow summary and the engine convert it). */
const knownCodes = new WeakMap<Knex, { at: number; codes: Promise<Set<string>> }>();
const CODES_TTL_MS = 60_000;
export async function checkCurrency(db: Knex, data: Record<string, unknown>, field = 'currency'): Promise<void> {
  if (typeof data.currency !== 'string') return;
  const code = normaliseCurrency(data.currency);
  let cached = knownCodes.get(db);
  if (!cached || Date.now() - cached.at > CODES_TTL_MS) {
    cached = {
      at: Date.now(),
      codes: db('currency_rates')
        .pluck('code')
        .then((c: string[]) => new Set(c)),
    };
    knownCodes.set(db, cached);
  }
  if (!(await cached.codes).has(code)) throw badRequest(`No stored rate for currency ${code}`, field);
  data.currency = code;
}

function checkRules(kind: RecordKind, data: Record<string, unknown>): void {
  fail(kind.check?.(data) ?? []);
}

export interface ListOptions {
  page: number;
  page_size: number;
  sort: 'position' | 'created_at' | 'updated_at';
  order: 'asc' | 'desc';
  member_id?: string;
}

export async function listRecords(
  db: Knex,
  kind: RecordKind,
  hh: HouseholdRow,
  o: ListOptions,
): Promise<{ rows: StoredRecord[]; total: number; page: number; page_size: number }> {
  const base = db<RecordRow>(kind.table).where({ advisor_id: hh.advisor_id, household_id: hh.id });
  if (o.member_id) base.andWhere({ member_id: o.member_id });
  const [rows, count] = await Promise.all([
    base
      .clone()
      .orderBy([
        { column: o.sort, order: o.order },
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(o.page_size)
      .offset((o.page - 1) * o.page_size),
    base.clone().count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows: rows.map(toRecord), total: Number(count[0]?.n ?? 0), page: o.page, page_size: o.page_size };
}

/**
 * The rows of several record tables of one household in one query (a UNION ALL), each with `tbl`, its table, in the
 * order `orderBy` names (SQL, e.g. `position, created_at, id`).
 */
export async function rowsOfTables(
  db: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  tables: readonly string[],
  orderBy: string,
): Promise<Array<RecordRow & { tbl: string }>> {
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t}' AS tbl, id, advisor_id, household_id, member_id, position, data, created_at, updated_at FROM ${t} WHERE advisor_id = ? AND household_id = ?`,
    )
    .join(' UNION ALL ');
  const res = await db.raw(
    `${sql} ORDER BY ${orderBy}`,
    tables.flatMap(() => [hh.advisor_id, hh.id]),
  );
  return res.rows as Array<RecordRow & { tbl: string }>;
}

/** Every record of a kind for a household, in position order (engine mapping, cash-flow summary, duplication). */
export async function allRecords(
  db: Knex,
  kind: RecordKind,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
): Promise<StoredRecord[]> {
  const rows = await db<RecordRow>(kind.table)
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
  return rows.map(toRecord);
}

export async function createRecord(
  db: Knex,
  kind: RecordKind,
  hh: HouseholdRow,
  data: Record<string, unknown>,
): Promise<StoredRecord> {
  if (readsOtherRows(kind))
    // rules that read other rows run with the write in one transaction
    return inTransaction(db, async (trx) => {
      checkRules(kind, data);
      await checkCurrency(trx, data);
      await verifyRecord(trx, hh, kind, data, null);
      return insertRecord(trx, kind, hh, data, await checkMember(trx, hh, kind, data));
    });
  checkRules(kind, data);
  await checkCurrency(db, data);
  return insertRecord(db, kind, hh, data, await checkMember(db, hh, kind, data));
}

async function insertRecord(
  db: Knex,
  kind: RecordKind,
  hh: HouseholdRow,
  data: Record<string, unknown>,
  memberId: string | null,
): Promise<StoredRecord> {
  const now = new Date();
  // One statement (atomic on its own): the record, the household's updated_at and the household.changed event in
  // the outbox. Three writes in one round trip instead of five with BEGIN and COMMIT: saves are the hot write path.
  const statement = db
    .with(
      'rec',
      db(kind.table)
        .insert({
          id: randomUUID(),
          advisor_id: hh.advisor_id,
          household_id: hh.id,
          member_id: memberId,
          position: db.raw(
            '(SELECT COALESCE(MAX(position) + 1, 0) FROM ?? WHERE advisor_id = ? AND household_id = ?)',
            [kind.table, hh.advisor_id, hh.id],
          ) as unknown as number,
          data: JSON.stringify(data),
          created_at: now,
          updated_at: now,
        })
        .returning('*'),
    )
    .with('touched', db('households').where({ id: hh.id, advisor_id: hh.advisor_id }).update({ updated_at: now }))
    .with('changed', db('outbox').insert(householdChangedRow(hh, kind.path)))
    .select('*')
    .from('rec');
  // run marked for read-your-writes: no reader anywhere reaches a replica that lacks it (../read-db.ts)
  const [row] = await householdWrite(db, hh, async () => await statement);
  householdPrewarm(db, hh);
  return toRecord(row as RecordRow);
}

/** The record `id` of this kind inside one of the advisor's households, or 404. */
export async function findRecord(db: Knex, kind: RecordKind, advisorId: string, id: string): Promise<RecordRow> {
  const row = await db<RecordRow>(kind.table).where({ id, advisor_id: advisorId }).first();
  if (!row) throw notFound('No such record');
  return row;
}

/** Merges a patch into the stored record and checks the whole record again; nothing is written unless it passes. */
export async function updateRecord(
  db: Knex,
  kind: RecordKind,
  hh: HouseholdRow,
  row: RecordRow,
  patch: Record<string, unknown>,
): Promise<StoredRecord> {
  const next: Record<string, unknown> = { ...json(row.data), ...patch };
  for (const key of kind.derived ?? []) if (!(key in patch)) delete next[key];
  // null in a patch removes an optional field (its default, if any, applies again)
  for (const [key, value] of Object.entries(patch)) if (value === null) delete next[key];
  const merged = kind.schema.safeParse(next);
  if (!merged.success) throw merged.error;
  const data = merged.data as Record<string, unknown>;
  checkRules(kind, data);
  await checkCurrency(db, data);
  const memberId = await checkMember(db, hh, kind, data);
  const updated = await inTransaction(db, async (trx) => {
    await verifyRecord(trx, hh, kind, data, row.id);
    const [saved] = await trx<RecordRow>(kind.table)
      .where({ id: row.id, advisor_id: hh.advisor_id, household_id: hh.id })
      .update({ data: JSON.stringify(data), member_id: memberId, updated_at: new Date() })
      .returning('*');
    await touchHousehold(trx, hh, kind.path);
    return saved;
  });
  return toRecord(updated as RecordRow);
}

export async function deleteRecord(db: Knex, kind: RecordKind, hh: HouseholdRow, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const n = await trx(kind.table)
      .where({ id, advisor_id: hh.advisor_id, household_id: hh.id })
      .delete()
      .returning('id');
    if (!n.length) throw notFound('No such record');
    await touchHousehold(trx, hh, kind.path);
  });
}

/** Sets the positions of several records of one household at once; an id not in that household is a 404 and changes nothing. */
export async function setPositions(
  trx: Knex.Transaction,
  kind: RecordKind,
  hh: HouseholdRow,
  positions: Array<{ id: string; position: number }>,
): Promise<void> {
  // one UPDATE for the whole list (the last position given for an id wins); the caller's transaction rolls it back
  // when an id is not this household's
  const byId = new Map(positions.map((p) => [p.id, p.position]));
  const values = [...byId].flat();
  const updated = await trx.raw(
    `UPDATE ?? AS t SET position = v.position, updated_at = ? FROM (VALUES ${[...byId]
      .map(() => '(?::uuid, ?::int)')
      .join(', ')}) AS v(id, position) WHERE t.id = v.id AND t.advisor_id = ? AND t.household_id = ? RETURNING t.id`,
    [kind.table, new Date(), ...values, hh.advisor_id, hh.id],
  );
  if ((updated.rows as unknown[]).length !== byId.size) throw notFound('No such record');
  await touchHousehold(trx, hh, kind.path);
}

/** A record of the household changed: its updated_at, and the change event for open screens (same transaction). */
export async function touchHousehold(trx: Knex, hh: HouseholdRow, section: string): Promise<void> {
  await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).update({ updated_at: new Date() });
  await householdChanged(trx, hh, section);
}
