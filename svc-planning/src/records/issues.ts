import type { RecordIssue } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { balanceSheetKinds } from '../balance-sheet/kinds';
import { insuranceKinds } from '../insurance/kinds';
import type { HouseholdRow } from './access';
import { allKinds, type RecordKind } from './kinds';
import { allRecords, type RecordRow, type StoredRecord, toRecord } from './repository';

/**
 * Issue 30 item 2: one stored record must never make a household's reads answer 500. A record its kind's contract
 * refuses today (an impossible date such as 2025-02-30 stored before dates were checked, or any other value the
 * contract now refuses) is left out of every read that computes on the household, and the read lists it in
 * `record_issues` (kind = the record's path, its id, the field, what to do) so the advisor can fix it. Nothing is
 * deleted: the record stays listed under its parent and can be edited.
 */
export const recordKindsByTable: ReadonlyMap<string, RecordKind> = new Map(
  [...allKinds, ...Object.values(balanceSheetKinds), ...Object.values(insuranceKinds)].map((k) => [k.table, k]),
);

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
  const kind = recordKindsByTable.get(table);
  return !kind || recordIssues(kind, record).length === 0;
}

/** Every record of every computed kind of the household that a read leaves out, in one query. */
export async function householdRecordIssues(
  db: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
): Promise<RecordIssue[]> {
  const tables = [...recordKindsByTable.keys()];
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t}' AS tbl, id, advisor_id, household_id, member_id, position, data, created_at, updated_at FROM ${t} WHERE advisor_id = ? AND household_id = ?`,
    )
    .join(' UNION ALL ');
  const res = await db.raw(
    `${sql} ORDER BY tbl, position, created_at, id`,
    tables.flatMap(() => [hh.advisor_id, hh.id]),
  );
  const out: RecordIssue[] = [];
  for (const r of res.rows as Array<RecordRow & { tbl: string }>) {
    const kind = recordKindsByTable.get(r.tbl);
    if (kind) out.push(...recordIssues(kind, toRecord(r)));
  }
  return out;
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
