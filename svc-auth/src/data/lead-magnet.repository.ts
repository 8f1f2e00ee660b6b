import type { auth } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

export interface LeadMagnetRow {
  id: string;
  title: string;
  description: string | null;
  file_key: string;
  file_name: string;
  content_type: string;
  published: boolean;
  access: auth.LeadMagnetAccess;
  created_at: Date;
  updated_at: Date;
}

export interface AdvisorLeadMagnetRow {
  id: string;
  advisor_id: string;
  lead_magnet_id: string | null;
  title: string | null;
  description: string | null;
  file_key: string | null;
  file_name: string | null;
  content_type: string | null;
  show_on_page: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An advisor's row with its admin lead magnet's fields (null for an own upload). */
export interface OfferedRow extends AdvisorLeadMagnetRow {
  lm_title: string | null;
  lm_description: string | null;
  lm_file_key: string | null;
  lm_file_name: string | null;
  lm_content_type: string | null;
  lm_published: boolean | null;
  lm_access: auth.LeadMagnetAccess | null;
  lm_granted: boolean | null;
}

export const permissionKey = (leadMagnetId: string) => `lm:${leadMagnetId}`;

export const listLeadMagnets = (db: Knex): Promise<LeadMagnetRow[]> =>
  db<LeadMagnetRow>('lead_magnets').orderBy([{ column: 'created_at', order: 'desc' }, 'id']);

export const findLeadMagnet = (db: Knex, id: string, opts: { forUpdate?: boolean } = {}) =>
  db<LeadMagnetRow>('lead_magnets')
    .where({ id })
    .modify((q) => {
      if (opts.forUpdate) q.forUpdate();
    })
    .first();

export async function insertLeadMagnet(db: Knex, row: Omit<LeadMagnetRow, 'created_at' | 'updated_at'>) {
  const [created] = await db<LeadMagnetRow>('lead_magnets').insert(row).returning('*');
  return created as LeadMagnetRow;
}

export async function updateLeadMagnet(db: Knex, id: string, patch: Partial<LeadMagnetRow>) {
  const [row] = await db<LeadMagnetRow>('lead_magnets')
    .where({ id })
    .update({ ...patch, updated_at: new Date() })
    .returning('*');
  return row as LeadMagnetRow | undefined;
}

/** Deletes and updates answer the number of rows (from `returning`: the embedded dialect's plain count is not reliable). */
const count = async (q: Knex.QueryBuilder): Promise<number> => ((await q.returning('id')) as unknown[]).length;

export const deleteLeadMagnet = (db: Knex, id: string) => count(db('lead_magnets').where({ id }).delete());

/** The advisors granted `lm:<id>`, by lead magnet id. */
export async function grantedAdvisors(db: Knex, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows: Array<{ user_id: string; key: string }> = await db('permissions')
    .whereIn(
      'key',
      ids.map((id) => permissionKey(id)),
    )
    .andWhere({ granted: true })
    .orderBy(['key', 'user_id'])
    .select('user_id', 'key');
  for (const r of rows) out.get(r.key.slice(3))?.push(r.user_id);
  return out;
}

/** Replaces the advisors granted `lm:<id>`: the listed ones granted, every other grant of it removed. */
export async function setGrantedAdvisors(db: Knex, id: string, advisorIds: string[]): Promise<void> {
  const key = permissionKey(id);
  await db('permissions').where({ key }).whereNotIn('user_id', advisorIds).delete();
  if (!advisorIds.length) return;
  const now = new Date();
  await db('permissions')
    .insert(advisorIds.map((user_id) => ({ user_id, key, granted: true, updated_at: now })))
    .onConflict(['user_id', 'key'])
    .merge(['granted', 'updated_at']);
}

export const deleteGrants = (db: Knex, id: string) =>
  db('permissions')
    .where({ key: permissionKey(id) })
    .delete();

/** The admin lead magnets this advisor may use: published, and open to all or granted to them. */
export function permittedFor(db: Knex, advisorId: string): Promise<LeadMagnetRow[]> {
  return db<LeadMagnetRow>('lead_magnets as m')
    .where('m.published', true)
    .andWhere((q) =>
      q
        .where('m.access', 'all')
        .orWhere((w) =>
          w
            .where('m.access', 'listed')
            .whereExists((e) =>
              e
                .select(db.raw('1'))
                .from('permissions as p')
                .where('p.user_id', advisorId)
                .andWhere('p.granted', true)
                .andWhereRaw("p.key = 'lm:' || m.id::text"),
            ),
        ),
    )
    .orderBy([{ column: 'm.created_at', order: 'desc' }, 'm.id'])
    .select('m.*');
}

/** The advisor's lead magnets with their admin lead magnet's fields and whether the advisor is still granted it. */
export function offeredBy(db: Knex, advisorId: string, id?: string): Promise<OfferedRow[]> {
  return db('advisor_lead_magnets as a')
    .leftJoin('lead_magnets as m', 'm.id', 'a.lead_magnet_id')
    .leftJoin('permissions as p', (j) =>
      j.on('p.user_id', '=', 'a.advisor_id').andOn(db.raw("p.key = 'lm:' || m.id::text")),
    )
    .where('a.advisor_id', advisorId)
    .modify((q) => {
      if (id) q.andWhere('a.id', id);
    })
    .orderBy([{ column: 'a.created_at', order: 'asc' }, 'a.id'])
    .select(
      'a.*',
      'm.title as lm_title',
      'm.description as lm_description',
      'm.file_key as lm_file_key',
      'm.file_name as lm_file_name',
      'm.content_type as lm_content_type',
      'm.published as lm_published',
      'm.access as lm_access',
      'p.granted as lm_granted',
    );
}

export async function insertOffered(db: Knex, row: Omit<AdvisorLeadMagnetRow, 'created_at' | 'updated_at'>) {
  const [created] = await db<AdvisorLeadMagnetRow>('advisor_lead_magnets').insert(row).returning('*');
  return created as AdvisorLeadMagnetRow;
}

export async function updateOffered(db: Knex, advisorId: string, id: string, patch: Partial<AdvisorLeadMagnetRow>) {
  return count(
    db('advisor_lead_magnets')
      .where({ id, advisor_id: advisorId })
      .update({ ...patch, updated_at: new Date() }),
  );
}

export const deleteOffered = (db: Knex, advisorId: string, id: string) =>
  count(db('advisor_lead_magnets').where({ id, advisor_id: advisorId }).delete());
