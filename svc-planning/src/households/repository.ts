import { randomUUID } from 'node:crypto';
import type { households as H } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import { badRequest, conflict, notFound } from '@kinfolio/service-kit';
import { type HouseholdRow, iso } from '../records/access';
import type { RecordKind } from '../records/kinds';

export interface MemberRow {
  id: string;
  advisor_id: string;
  household_id: string;
  relation: string;
  position: number;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const RANK: Record<string, number> = { joint: 0, all: 0, me: 1, spouse: 2 };

/** Spec "Member": joint/all first, then me, then spouse; the rest by position. */
export function orderMembers<T extends { relation: string; position: number; created_at: string }>(members: T[]): T[] {
  return [...members].sort(
    (a, b) =>
      (RANK[a.relation] ?? 3) - (RANK[b.relation] ?? 3) ||
      a.position - b.position ||
      a.created_at.localeCompare(b.created_at),
  );
}

export function toMember(row: MemberRow): H.Member {
  return {
    ...json<H.MemberBody>(row.data),
    relation: row.relation as H.Member['relation'],
    id: row.id,
    household_id: row.household_id,
    position: row.position,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function loadMembers(db: Knex, hh: Pick<HouseholdRow, 'id' | 'advisor_id'>): Promise<H.Member[]> {
  const rows = await db<MemberRow>('members').where({ advisor_id: hh.advisor_id, household_id: hh.id });
  return orderMembers(rows.map(toMember));
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export function toSummary(row: HouseholdRow & { members_count?: string | number }): H.HouseholdSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country_code: row.country_code,
    gender: row.gender,
    age: row.age,
    currency: row.currency,
    members_count: Number(row.members_count ?? 0),
    customer_user_id: row.customer_user_id,
    shared_at: iso(row.shared_at),
    converted_at: iso(row.converted_at),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

export function toHousehold(row: HouseholdRow, members: H.Member[]): H.Household {
  return {
    ...toSummary({ ...row, members_count: members.length }),
    advisor_id: row.advisor_id,
    date_of_birth: row.date_of_birth,
    marital_status: row.marital_status as H.Household['marital_status'],
    dependencies: json<H.Household['dependencies']>(row.dependencies),
    children_count: row.children_count,
    children: json<H.Household['children']>(row.children) ?? [],
    citizenship: row.citizenship as H.Household['citizenship'],
    holding_pr: row.holding_pr,
    country_pr: row.country_pr,
    referral_id: row.referral_id,
    inflation_rate: num(row.inflation_rate),
    members,
  };
}

/** The `me` member's fields that mirror the household profile. */
function meFromProfile(p: Partial<H.LeadBody>, current: Partial<H.MemberBody> = {}): H.MemberBody {
  const info = { ...current.user_info };
  if (p.email !== undefined) info.email = p.email ?? undefined;
  if (p.phone !== undefined) info.phone = p.phone ?? undefined;
  if (p.country_code !== undefined) info.country_code = p.country_code ?? undefined;
  const out: H.MemberBody = {
    name: '',
    gender: 'male',
    holding_pr: false,
    status: 'active',
    ...current,
    relation: 'me',
    ...(p.name !== undefined ? { name: p.name } : {}),
    ...(p.gender !== undefined ? { gender: p.gender } : {}),
    ...(p.holding_pr !== undefined ? { holding_pr: p.holding_pr } : {}),
    user_info: Object.values(info).some((v) => v !== undefined) ? info : undefined,
  };
  for (const k of ['age', 'date_of_birth', 'country_pr'] as const) {
    const v = (p as Record<string, unknown>)[k];
    if (v === null) delete (out as Record<string, unknown>)[k];
    else if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  if (out.user_info === undefined) delete out.user_info;
  return out;
}

export async function insertMember(
  trx: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  m: H.MemberBody,
  position: number,
  id: string = randomUUID(),
): Promise<string> {
  const now = new Date();
  await trx('members').insert({
    id,
    advisor_id: hh.advisor_id,
    household_id: hh.id,
    relation: m.relation,
    position,
    data: JSON.stringify({ ...m, relation: undefined }),
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function updateMember(
  trx: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  id: string,
  m: H.MemberBody,
  position?: number,
): Promise<void> {
  const n = await trx('members')
    .where({ id, advisor_id: hh.advisor_id, household_id: hh.id })
    .update({
      relation: m.relation,
      data: JSON.stringify({ ...m, relation: undefined }),
      updated_at: new Date(),
      ...(position === undefined ? {} : { position }),
    })
    .returning('id');
  if (!n.length) throw notFound('No such member');
}

/** Copies the `me` member's name and contact back to the household row (lists search and sort on it). */
export async function syncProfileFromMe(
  trx: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  me: H.MemberBody,
): Promise<void> {
  await trx('households')
    .where({ id: hh.id, advisor_id: hh.advisor_id })
    .update({
      name: me.name,
      gender: me.gender,
      age: me.age ?? null,
      date_of_birth: me.date_of_birth ?? null,
      email: me.user_info?.email ?? null,
      phone: me.user_info?.phone ?? null,
      country_code: me.user_info?.country_code ?? null,
      updated_at: new Date(),
    });
}

const profileColumns = (p: Partial<H.LeadBody> | H.LeadPatchBody, currentChildren = 0): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const k of [
    'name',
    'email',
    'phone',
    'country_code',
    'gender',
    'age',
    'date_of_birth',
    'marital_status',
    'children_count',
    'citizenship',
    'holding_pr',
    'country_pr',
    'referral_id',
    'currency',
    'inflation_rate',
  ] as const) {
    const v = (p as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = k === 'currency' && typeof v === 'string' ? v.toUpperCase() : v;
  }
  if (p.dependencies !== undefined) out.dependencies = JSON.stringify(p.dependencies);
  if (p.children !== undefined) {
    out.children = JSON.stringify(p.children);
    // the list names at least as many children as the count says
    out.children_count = Math.max(Number(out.children_count ?? currentChildren), p.children.length);
  }
  return out;
};

export async function createHousehold(trx: Knex, advisorId: string, body: H.LeadBody): Promise<HouseholdRow> {
  const { members = [], ...profile } = body;
  const now = new Date();
  const id = randomUUID();
  const [row] = await trx<HouseholdRow>('households')
    .insert({
      id,
      advisor_id: advisorId,
      type: 'lead',
      ...profileColumns(profile),
      created_at: now,
      updated_at: now,
    } as Partial<HouseholdRow>)
    .returning('*');
  const hh = row as HouseholdRow;
  await insertMember(trx, hh, meFromProfile(profile), 0);
  for (const [i, m] of members.entries()) await insertMember(trx, hh, m, i + 1);
  return hh;
}

export async function patchHousehold(trx: Knex, hh: HouseholdRow, patch: H.LeadPatchBody): Promise<void> {
  const cols = profileColumns(patch, hh.children_count);
  await trx('households')
    .where({ id: hh.id, advisor_id: hh.advisor_id })
    .update({ ...cols, updated_at: new Date() });
  const me = await trx<MemberRow>('members')
    .where({ household_id: hh.id, advisor_id: hh.advisor_id, relation: 'me' })
    .first();
  if (me) await updateMember(trx, hh, me.id, meFromProfile(patch as Partial<H.LeadBody>, json<H.MemberBody>(me.data)));
}

/**
 * Replaces the household's members with `members`: listed ids are updated, new ones created, the others removed
 * with their records (cascade). Exactly one `me`; an id of another household is a 404 and nothing is changed.
 */
export async function replaceMembers(
  trx: Knex,
  hh: HouseholdRow,
  members: Array<H.MemberBody & { id?: string }>,
): Promise<void> {
  const mes = members.filter((m) => m.relation === 'me');
  if (mes.length !== 1) throw badRequest('A household has exactly one me member', 'members');
  const existing = await trx<MemberRow>('members').where({ household_id: hh.id, advisor_id: hh.advisor_id });
  const known = new Set(existing.map((m) => m.id));
  const keep = new Set<string>();
  const meRow = existing.find((m) => m.relation === 'me');
  for (const [i, m] of members.entries()) {
    const { id, ...body } = m;
    if (id && !known.has(id)) throw notFound('No such member');
    if (id) keep.add(id);
    if (body.relation === 'me' && meRow && id !== meRow.id)
      throw badRequest('Keep the me member’s id', `members.${i}.id`);
  }
  const gone = existing.filter((m) => !keep.has(m.id)).map((m) => m.id);
  if (gone.length)
    await trx('members').whereIn('id', gone).andWhere({ advisor_id: hh.advisor_id, household_id: hh.id }).delete();
  for (const [i, m] of members.entries()) {
    const { id, ...body } = m;
    if (id) await updateMember(trx, hh, id, body, i);
    else await insertMember(trx, hh, body, i);
    if (body.relation === 'me') await syncProfileFromMe(trx, hh, body);
  }
}

export interface ListQuery {
  page: number;
  page_size: number;
  search?: string;
  sort: 'name' | 'email' | 'created_at' | 'updated_at';
  order: 'asc' | 'desc';
}

/** One page of an advisor's leads or customers: search on name/e-mail/phone, sort, page; one query each for rows and total. */
export async function listHouseholds(db: Knex, advisorId: string, type: 'lead' | 'customer', q: ListQuery) {
  const base = db<HouseholdRow>('households').where({ advisor_id: advisorId, type });
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base.andWhere((w) =>
      w
        .whereRaw('lower(name) LIKE ?', [like])
        .orWhereRaw('lower(email) LIKE ?', [like])
        .orWhereRaw('phone LIKE ?', [like]),
    );
  }
  const sortExpr = q.sort === 'name' || q.sort === 'email' ? `lower(${q.sort})` : q.sort;
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select(
        'households.*',
        db.raw(
          '(SELECT count(*) FROM members m WHERE m.advisor_id = households.advisor_id AND m.household_id = households.id) AS members_count',
        ),
      )
      .orderByRaw(`${sortExpr} ${dir}, id ${dir}`)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    base.clone().count<{ n: string }[]>({ n: '*' }),
  ]);
  return {
    rows: rows.map((r) => toSummary(r as HouseholdRow & { members_count: string })),
    total: Number(count[0]?.n ?? 0),
    page: q.page,
    page_size: q.page_size,
  };
}

/** True when none of the advisor's households (other than `excludeId`) uses this e-mail. */
export async function emailAvailable(db: Knex, advisorId: string, email: string, excludeId?: string): Promise<boolean> {
  const q = db('households').where({ advisor_id: advisorId }).andWhereRaw('lower(email) = ?', [email.toLowerCase()]);
  if (excludeId) q.andWhereNot({ id: excludeId });
  return !(await q.first('id'));
}

export async function assertEmailFree(
  db: Knex,
  advisorId: string,
  email: string | null | undefined,
  excludeId?: string,
): Promise<void> {
  if (email && !(await emailAvailable(db, advisorId, email, excludeId)))
    throw conflict('This e-mail is already used by another lead or customer', 'email');
}

/** The household row as stored now (`hh` itself if it is gone). */
export async function freshHousehold(db: Knex, hh: HouseholdRow): Promise<HouseholdRow> {
  return (await db<HouseholdRow>('households').where({ id: hh.id, advisor_id: hh.advisor_id }).first()) ?? hh;
}

/** Deletes the household; its members, records and drafts go with it (ON DELETE CASCADE). */
export async function deleteHousehold(trx: Knex, hh: Pick<HouseholdRow, 'id' | 'advisor_id'>): Promise<void> {
  await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).delete();
}

/** Sets columns of the household row (and its updated_at). */
export async function updateHousehold(
  trx: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
  columns: Partial<Pick<HouseholdRow, 'type' | 'shared_at' | 'converted_at'>>,
): Promise<void> {
  await trx('households')
    .where({ id: hh.id, advisor_id: hh.advisor_id })
    .update({ ...columns, updated_at: new Date() });
}

/** The household's member rows as stored (unordered). */
export async function memberRows(db: Knex, hh: Pick<HouseholdRow, 'id' | 'advisor_id'>): Promise<MemberRow[]> {
  return db<MemberRow>('members').where({ household_id: hh.id, advisor_id: hh.advisor_id });
}

/** The household's members by position (ids and relations only). */
export async function membersByPosition(
  db: Knex,
  hh: Pick<HouseholdRow, 'id' | 'advisor_id'>,
): Promise<Array<{ id: string; relation: string }>> {
  return db('members')
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .orderBy('position')
    .select('id', 'relation');
}

/** One of the advisor's member rows, if any. */
export async function advisorMember(db: Knex, advisorId: string, id: string): Promise<MemberRow | undefined> {
  return db<MemberRow>('members').where({ id, advisor_id: advisorId }).first();
}

/** Deletes a member (its records go with it) and touches its household; the household as updated, if any. */
export async function deleteMember(trx: Knex, row: MemberRow): Promise<HouseholdRow | undefined> {
  await trx('members').where({ id: row.id, advisor_id: row.advisor_id }).delete();
  const [hh] = await trx<HouseholdRow>('households')
    .where({ id: row.household_id, advisor_id: row.advisor_id })
    .update({ updated_at: new Date() })
    .returning('*');
  return hh;
}

/** A copy of `value` in which every string that is a key of `ids` is replaced by its value (ids are UUIDs). */
export function remapIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIds(v, ids));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapIds(v, ids)]));
  return value;
}

/**
 * Copies a household, its members and every record of `kinds` (member and record ids remapped) as a new lead of the
 * same advisor.
 */
export async function copyHousehold(
  trx: Knex,
  hh: HouseholdRow,
  kinds: readonly Pick<RecordKind, 'table'>[],
): Promise<HouseholdRow> {
  const id = randomUUID();
  const now = new Date();
  const {
    id: _old,
    created_at: _c,
    updated_at: _u,
    customer_user_id: _cu,
    shared_at: _s,
    converted_at: _cv,
    ...rest
  } = hh;
  await trx('households').insert({
    ...rest,
    dependencies: JSON.stringify(rest.dependencies),
    children: JSON.stringify(rest.children ?? []),
    id,
    type: hh.type,
    name: `${hh.name} (copy)`.slice(0, 100),
    email: null,
    created_at: now,
    updated_at: now,
  });
  const members = await memberRows(trx, hh);
  const memberMap = new Map<string, string>();
  for (const m of members) {
    const nid = randomUUID();
    memberMap.set(m.id, nid);
    const data = json<Record<string, { email?: unknown } | undefined>>(m.data);
    if (m.relation === 'me' && data.user_info) delete data.user_info.email;
    await trx('members').insert({
      ...m,
      data: JSON.stringify(data),
      id: nid,
      household_id: id,
      created_at: now,
      updated_at: now,
    });
  }
  // every record of every kind, with new ids; an id a record names (its member, payer, owners, beneficiaries, the
  // policy or coverage it belongs to) is the copy's when it names something of this household
  const tables = [...new Set(kinds.map((k) => k.table))];
  const copied: Array<{ table: string; rows: Array<Record<string, unknown>> }> = [];
  const ids = new Map(memberMap).set(hh.id, id);
  for (const table of tables) {
    const rows: Array<Record<string, unknown>> = await trx(table).where({
      household_id: hh.id,
      advisor_id: hh.advisor_id,
    });
    for (const r of rows) ids.set(String(r.id), randomUUID());
    if (rows.length) copied.push({ table, rows });
  }
  for (const { table, rows } of copied)
    await trx(table).insert(
      rows.map((r) => {
        const data = json<Record<string, unknown>>(r.data);
        return {
          ...r,
          id: ids.get(String(r.id)),
          household_id: id,
          member_id: r.member_id ? (memberMap.get(String(r.member_id)) ?? null) : null,
          data: JSON.stringify(remapIds(data, ids)),
          created_at: now,
          updated_at: now,
        };
      }),
    );
  return (await trx<HouseholdRow>('households').where({ id, advisor_id: hh.advisor_id }).first()) as HouseholdRow;
}

export interface DraftRow {
  id: string;
  owner_id: string;
  household_id: string | null;
  step: string;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

type DraftColumns = Pick<DraftRow, 'owner_id' | 'household_id' | 'step' | 'data' | 'updated_at'>;

/** Changes the owner's draft `id`; undefined when they have no such draft. */
export async function updateDraft(db: Knex, id: string, row: DraftColumns): Promise<DraftRow | undefined> {
  const [saved] = await db<DraftRow>('form_step_drafts')
    .where({ id, owner_id: row.owner_id })
    .update(row)
    .returning('*');
  return saved;
}

export async function insertDraft(db: Knex, row: DraftColumns): Promise<DraftRow> {
  const [saved] = await db<DraftRow>('form_step_drafts')
    .insert({ ...row, id: randomUUID(), created_at: row.updated_at })
    .returning('*');
  return saved as DraftRow;
}

export async function findDraft(db: Knex, id: string, ownerId: string): Promise<DraftRow | undefined> {
  return db<DraftRow>('form_step_drafts').where({ id, owner_id: ownerId }).first();
}

/** Deletes the owner's draft `id`; false when they have no such draft. */
export async function deleteDraft(db: Knex, id: string, ownerId: string): Promise<boolean> {
  const n = await db('form_step_drafts').where({ id, owner_id: ownerId }).delete().returning('id');
  return n.length > 0;
}

export interface MetaQuestionRow {
  id: string;
  title: string;
  description: string | null;
  questions: unknown;
  position: number;
}

/** The reference dreams or concerns (meta_dreams, meta_concerns) in their order. */
export async function metaQuestions(db: Knex, table: 'meta_dreams' | 'meta_concerns'): Promise<MetaQuestionRow[]> {
  return db(table).orderBy('position');
}

export async function metaDreamExists(db: Knex, id: string): Promise<boolean> {
  return !!(await db('meta_dreams').where({ id }).first('id'));
}
