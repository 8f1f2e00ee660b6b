import { recordKinds as R } from '@kinfolio/contracts';
import { AppError, badRequest, type Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from './access';
import { type Data, kinds, type RecordKind } from './kinds';

/**
 * The checks a kind's declaration implies, run in the write's transaction before its rules hook (issue 33: one place
 * for what was written per family before — the member check, locking the parent, summing shares, issues as a 400).
 */
export interface Issue {
  field: string;
  message: string;
}

/** Rule issues as one 400: the first names the field; every issue is listed under `errors`. */
export function fail(issues: readonly Issue[]): void {
  const first = issues[0];
  if (first)
    throw new AppError(400, `${first.field}: ${first.message}`, {
      errors: issues.map((i) => ({ [i.field]: [i.message] })),
    });
}

/** Field names in SQL come from the declarations (record-kinds.ts), never from a request. */
const json = (v: unknown): Data => (typeof v === 'string' ? JSON.parse(v) : (v as Data));
const scope = (hh: HouseholdRow) => ({ advisor_id: hh.advisor_id, household_id: hh.id });

/** The member `id` of this household (its stored data, id and relation), or 400 naming the field; nothing when unset. */
export async function memberIn(trx: Knex, hh: HouseholdRow, id: unknown, field: string): Promise<Data | null> {
  if (id === undefined || id === null) return null;
  const m = await trx('members')
    .where({ id: String(id), household_id: hh.id, advisor_id: hh.advisor_id })
    .first('id', 'data', 'relation');
  if (!m) throw badRequest('No such member in this household', field);
  return { ...json(m.data), id: m.id, relation: m.relation };
}

/** The parent record named in `field` (its row locked for the write, so its children's rules see it stable), or 400. */
export async function parentIn(
  trx: Knex,
  hh: HouseholdRow,
  parent: R.KindName,
  id: unknown,
  field: string,
): Promise<Data> {
  const k: R.KindDeclaration = kinds[parent];
  const row = await trx(k.table)
    .where({ id: String(id), ...scope(hh) })
    .forUpdate()
    .first('data', 'member_id');
  if (!row) throw badRequest(k.missing ?? 'No such record in this household', field);
  return { ...json(row.data), member_id: row.member_id };
}

/** Every value at a dotted path (`*` steps into each element of a list), with the path of each. */
function valuesAt(data: unknown, path: string[], at: string[] = []): Array<{ value: unknown; field: string }> {
  if (path.length === 0) return [{ value: data, field: at.join('.') }];
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(data) ? data.flatMap((v, i) => valuesAt(v, rest, [...at, String(i)])) : [];
  if (!data || typeof data !== 'object') return [];
  return valuesAt((data as Data)[head], rest, [...at, head]);
}

/** A field naming a record of a kind: in this household, of the same parent where declared, never the record itself. */
async function refIn(
  trx: Knex,
  hh: HouseholdRow,
  kind: RecordKind,
  ref: R.Ref,
  value: unknown,
  field: string,
  data: Data,
  self: string | null,
): Promise<void> {
  const message = ref.message ?? 'No such record in this household';
  if (ref.notSelf && value === self) throw badRequest(message, field);
  const q = trx(kinds[ref.kind as R.KindName].table).where({ id: String(value), ...scope(hh) });
  if (ref.sameParent && typeof kind.parent === 'object')
    q.whereRaw(`data->>'${kind.parent.field}' = ?`, [String(data[kind.parent.field])]);
  if (!(await q.first('id'))) throw badRequest(message, field);
}

/** The percentages of the other records of this kind under the same parent, plus this one, total at most 100. */
async function shareLimit(trx: Knex, hh: HouseholdRow, kind: RecordKind, data: Data, self: string | null) {
  if (!kind.shares || typeof kind.parent !== 'object') return;
  const key = kind.parent.field;
  const q = trx(kind.table)
    .where(scope(hh))
    .whereRaw(`data->>'${key}' = ?`, [String(data[key])]);
  if (self) q.whereNot({ id: self });
  const rows: Array<{ p: string | number | null }> = await q.select(trx.raw("(data->>'percentage') as p"));
  const issue = shareLimitIssue(
    rows.map((r) => Number(r.p ?? 0)),
    Number(data.percentage),
    kind.shares.who,
    kind.shares.of,
  );
  if (issue) fail([issue]);
}

/** The percentages of one parent's shares (`others` and this one) total at most 100, or the issue naming `percentage`. */
export function shareLimitIssue(others: readonly number[], mine: number, who: string, of?: string): Issue | null {
  const total = others.reduce((a, p) => a + p, 0) + mine;
  if (total <= 100 + 1e-6) return null;
  return {
    field: 'percentage',
    message: `The ${who}' percentages${of ? ` of ${of}` : ''} would total ${Math.round(total * 1000) / 1000}; at most 100`,
  };
}

/** At most one record of the household with the declared values: saves of one household wait for each other. */
async function uniqueIn(trx: Knex, hh: HouseholdRow, kind: RecordKind, data: Data, self: string | null) {
  if (!kind.unique) return;
  await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).forUpdate().first('id');
  const q = trx(kind.table).where(scope(hh));
  for (const f of kind.unique.fields)
    if (f === 'member_id') q.andWhere({ member_id: String(data.member_id) });
    else q.whereRaw(`data->>'${f}' = ?`, [String(data[f])]);
  if (self) q.whereNot({ id: self });
  if (await q.first('id')) throw badRequest(kind.unique.message, kind.unique.field);
}

/** Whether a write of this kind reads other rows (and so runs in a transaction with them). */
export const readsOtherRows = (kind: RecordKind): boolean =>
  typeof kind.parent === 'object' || !!kind.refs || !!kind.shares || !!kind.unique || !!kind.rules;

/**
 * The declared checks of a write, then the kind's rules hook: the parent (locked), every reference, the shares, the
 * uniqueness. `self` is the record's own id on update.
 */
export async function verifyRecord(
  trx: Knex,
  hh: HouseholdRow,
  kind: RecordKind,
  data: Data,
  self: string | null,
): Promise<void> {
  const parent =
    typeof kind.parent === 'object'
      ? await parentIn(trx, hh, kind.parent.kind as R.KindName, data[kind.parent.field], kind.parent.field)
      : null;
  for (const [path, ref] of Object.entries(kind.refs ?? {}))
    for (const { value, field } of valuesAt(data, path.split('.'))) {
      if (value === undefined || value === null) continue;
      if (ref.kind === 'member') await memberIn(trx, hh, value, field);
      else await refIn(trx, hh, kind, ref, value, field, data, self);
    }
  await shareLimit(trx, hh, kind, data, self);
  await uniqueIn(trx, hh, kind, data, self);
  await kind.rules?.(trx, hh, data, { id: self, parent });
}
