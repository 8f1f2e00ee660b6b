import { calendarDateProblem, type RecordIssue } from '@kinfolio/contracts';
import type { Knex, Logger } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { loadMembers } from '../households/repository';
import type { HouseholdRow } from './access';
import { allKinds, kindOfTable, type RecordKind } from './kinds';
import { allRecords, type RecordRow, rowsOfTables, type StoredRecord, toRecord } from './repository';

/**
 * Issue 30 item 2: one stored record must never make a household's reads answer 500. A record its kind's contract
 * refuses today (an impossible date such as 2025-02-30 stored before dates were checked, or any other value the
 * contract now refuses) is left out of every read that computes on the household, and the read lists it in
 * `record_issues` (kind = the record's path, its id, the field, what to do) so the advisor can fix it. Nothing is
 * deleted: the record stays listed under its parent and can be edited.
 */

/** Stored fields that are the records module's, not the kind's contract. */
const OWN = new Set(['id', 'lead_id', 'position', 'created_at', 'updated_at']);

/** What is wrong with a stored record by its kind's contract, or nothing (the first problem per field). */
export function recordIssues(
  kind: Pick<RecordKind, 'schema' | 'path' | 'derived'>,
  record: StoredRecord,
): RecordIssue[] {
  // as a patch checks it (records/repository.ts updateRecord): the stored fields without the derived ones
  const derived = new Set(kind.derived ?? []);
  const data = Object.fromEntries(Object.entries(record).filter(([k]) => !OWN.has(k) && !derived.has(k)));
  const parsed = (kind.schema as z.ZodType).safeParse(data);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const out: RecordIssue[] = [];
  for (const i of parsed.error.issues) {
    const field = i.path.map(String).join('.') || '(record)';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ kind: kind.path, id: record.id, field, message: `Edit this record: ${i.message}` });
  }
  return out;
}

/** The records of `kind` a read can compute on; the others' issues are added to `issues`. */
export function usable(
  kind: Pick<RecordKind, 'schema' | 'path' | 'derived'>,
  records: StoredRecord[],
  issues?: RecordIssue[],
) {
  return records.filter((r) => {
    const found = recordIssues(kind, r);
    if (found.length) issues?.push(...found);
    return found.length === 0;
  });
}

/** Rows of record tables as read in one query (`tbl` names the table): only those their kind accepts. */
export function usableRow(table: string, record: StoredRecord): boolean {
  const kind = kindOfTable(table);
  return !kind || recordIssues(kind, record).length === 0;
}

/**
 * The records' issues per household version (issue 36: every what-if and scenario call reads them; reading every
 * record kind cost ~68 ms a call on a household of 40 records a kind). Every write to a household's records touches
 * `households.updated_at` in its transaction, so the row's `updated_at` read by the caller's access check is the
 * version: another replica's write changes it too. Bounded, oldest out first.
 */
const RECORD_ISSUES_LIMIT = 500;
const recordIssuesByVersion = new Map<string, { version: string; issues: Promise<RecordIssue[]> }>();

async function recordsIssues(db: Knex, hh: Pick<HouseholdRow, 'id' | 'advisor_id'>): Promise<RecordIssue[]> {
  const tables = allKinds().map((k) => k.table);
  const out: RecordIssue[] = [];
  for (const r of await rowsOfTables(db, hh, tables, 'tbl, position, created_at, id')) {
    const kind = kindOfTable(r.tbl);
    if (kind) out.push(...recordIssues(kind, toRecord(r)));
  }
  return out;
}

/** Every record of every computed kind of the household that a read leaves out, in one query. */
export async function householdRecordIssues(
  db: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'> & Partial<Pick<HouseholdRow, 'updated_at'>>,
): Promise<RecordIssue[]> {
  const version = hh.updated_at ? new Date(hh.updated_at).toISOString() : null;
  let records: Promise<RecordIssue[]>;
  const found = recordIssuesByVersion.get(hh.id);
  if (version && found?.version === version) records = found.issues;
  else {
    records = recordsIssues(db, hh);
    if (version) {
      const entry = { version, issues: records };
      recordIssuesByVersion.delete(hh.id);
      recordIssuesByVersion.set(hh.id, entry);
      records.catch(() => {
        if (recordIssuesByVersion.get(hh.id) === entry) recordIssuesByVersion.delete(hh.id);
      });
      while (recordIssuesByVersion.size > RECORD_ISSUES_LIMIT)
        recordIssuesByVersion.delete(recordIssuesByVersion.keys().next().value as string);
    }
  }
  const [issues, members] = await Promise.all([records, loadMembers(db, hh)]);
  return [...issues, ...birthDateIssues(hh, members)];
}

/** A date of birth the engine can use, or none (an impossible one stored before the fix: the age applies). */
export const usableDate = (v: unknown): string | undefined =>
  typeof v === 'string' && calendarDateProblem(v) === null ? v : undefined;

/** Dates of birth of the household, its members and its children that are not dates (kept, left out, reported). */
function birthDateIssues(
  hh: Pick<HouseholdRow, 'id'> & Partial<Pick<HouseholdRow, 'date_of_birth' | 'children'>>,
  members: Array<{ id: string; date_of_birth?: string | null }>,
): RecordIssue[] {
  const out: RecordIssue[] = [];
  const check = (kind: string, id: string, field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    const problem = calendarDateProblem(v);
    if (problem) out.push({ kind, id, field, message: `Edit this record: ${problem}` });
  };
  check('leads', hh.id, 'date_of_birth', hh.date_of_birth);
  for (const m of members) check('earning-member', m.id, 'date_of_birth', m.date_of_birth);
  const raw = typeof hh.children === 'string' ? JSON.parse(hh.children) : hh.children;
  const children: Array<{ date_of_birth?: unknown } | null> = Array.isArray(raw) ? raw : [];
  for (const [k, c] of children.entries()) check('leads', hh.id, `children.${k}.date_of_birth`, c?.date_of_birth);
  return out;
}

/**
 * Every stored record of every household that its contract refuses today (run once by migration 015 for the
 * records stored before dates were checked): each is logged with kind, id, field and value and kept in
 * `stored_record_issues` for the advisor's follow-up. Nothing is changed or deleted; the reads leave such a
 * record out and report it (householdRecordIssues) until it is edited.
 */
export async function findStoredRecordIssues(db: Knex, logger: Pick<Logger, 'warn'>): Promise<number> {
  let found = 0;
  // migration 015 runs this before 022 gave stored_record_issues its advisor_id (the distribution key)
  const keyed = (
    await db.raw<{ rows: unknown[] }>(
      `SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'stored_record_issues' AND column_name = 'advisor_id'`,
    )
  ).rows.length;
  const record = async (
    table: string,
    hh: { advisor_id: string; household_id: string },
    issue: RecordIssue,
    value: unknown,
  ) => {
    found++;
    const shown = value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
    logger.warn(
      { kind: issue.kind, id: issue.id, field: issue.field, value: shown },
      'stored record refused by its contract',
    );
    await db('stored_record_issues')
      .insert({
        ...(keyed ? { advisor_id: hh.advisor_id } : {}),
        record_table: table,
        record_id: issue.id,
        household_id: hh.household_id,
        kind: issue.kind,
        field: issue.field,
        value: shown === null ? null : shown.slice(0, 1000),
        message: issue.message,
      })
      .onConflict([...(keyed ? ['advisor_id'] : []), 'record_table', 'record_id', 'field'])
      .ignore();
  };
  const at = (o: unknown, path: string) =>
    path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
  // a kind declared after this ran first has no table yet (records/schema.ts makes it later): nothing stored to check
  const existing = new Set(
    (
      await db.raw<{ rows: Array<{ table_name: string }> }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()',
      )
    ).rows.map((r) => r.table_name),
  );
  for (const kind of allKinds()) {
    const table = kind.table;
    if (!existing.has(table)) continue;
    const zero = '00000000-0000-0000-0000-000000000000';
    let last: Pick<RecordRow, 'advisor_id' | 'id'> = { advisor_id: zero, id: zero };
    for (;;) {
      // in pages by the primary key (advisor, id), so a large table is never read at once (every tenant's rows: a
      // scan of the whole platform, run once by migration 015)
      const rows: RecordRow[] = await db(table)
        .whereRaw('(advisor_id, id) > (?::uuid, ?::uuid)', [last.advisor_id, last.id])
        .orderBy(['advisor_id', 'id'])
        .limit(500);
      if (!rows.length) break;
      last = rows[rows.length - 1] as RecordRow;
      for (const r of rows) {
        const rec = toRecord(r);
        for (const issue of recordIssues(kind, rec)) await record(table, r, issue, at(rec, issue.field));
      }
    }
  }
  const households = await db('households').select('advisor_id', 'id', 'date_of_birth', 'children');
  for (const hh of households) {
    const members = (
      await db('members').where({ advisor_id: hh.advisor_id, household_id: hh.id }).select('id', 'data')
    ).map((m: { id: string; data: unknown }) => ({
      id: m.id,
      date_of_birth: (typeof m.data === 'string' ? JSON.parse(m.data) : (m.data as Record<string, unknown>))
        ?.date_of_birth as string | undefined,
    }));
    for (const issue of birthDateIssues(hh, members)) {
      const children = typeof hh.children === 'string' ? JSON.parse(hh.children) : hh.children;
      const source = issue.kind === 'earning-member' ? members.find((m) => m.id === issue.id) : { ...hh, children };
      const table = issue.kind === 'earning-member' ? 'members' : 'households';
      await record(table, { advisor_id: hh.advisor_id, household_id: hh.id }, issue, at(source, issue.field));
    }
  }
  return found;
}

/** A reply's data with the household's record issues added when there are any (the field is additive). */
export const withIssues = <T extends object>(data: T, issues: RecordIssue[]): T & { record_issues?: RecordIssue[] } =>
  issues.length ? { ...data, record_issues: issues } : data;

/** Every record of a kind for a household that a read can compute on (records/repository.ts allRecords, screened). */
export async function usableRecords(
  db: Knex,
  kind: RecordKind,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
): Promise<StoredRecord[]> {
  return usable(kind, await allRecords(db, kind, hh));
}
