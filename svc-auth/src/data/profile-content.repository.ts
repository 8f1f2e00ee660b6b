import type { auth } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

const iso = (d: Date | string): string => new Date(d).toISOString();

export interface AdvisorMetaRow {
  id: string;
  title: string;
  placeholder: string | null;
  position: number;
  created_at: Date;
  updated_at: Date;
}
export interface ProfileMetaRow {
  id: string;
  advisor_id: string;
  meta_id: string;
  value: string;
  created_at: Date;
  updated_at: Date;
}
export interface TestimonialRow {
  id: string;
  advisor_id: string;
  name: string;
  designation: string | null;
  content: string;
  position: number;
  created_at: Date;
  updated_at: Date;
}
export interface ReviewRow {
  id: string;
  advisor_id: string;
  customer_id: string;
  rating: number;
  review: string;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toAdvisorMeta = (r: AdvisorMetaRow): auth.AdvisorMeta => ({
  id: r.id,
  title: r.title,
  placeholder: r.placeholder,
  position: r.position,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
export const toTestimonial = (r: TestimonialRow): auth.Testimonial => ({
  id: r.id,
  name: r.name,
  designation: r.designation,
  content: r.content,
  position: r.position,
  created_at: iso(r.created_at),
});
export const toReview = (r: ReviewRow & { customer_name: string }): auth.Review => ({
  id: r.id,
  advisor_id: r.advisor_id,
  customer_id: r.customer_id,
  customer_name: r.customer_name,
  rating: Number(r.rating),
  review: r.review,
  is_published: r.is_published,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/* advisor meta (admin) */
export async function listAdvisorMeta(db: Knex): Promise<AdvisorMetaRow[]> {
  return db<AdvisorMetaRow>('advisor_meta').orderBy([
    { column: 'position' },
    { column: 'created_at' },
    { column: 'id' },
  ]);
}
export async function findAdvisorMeta(db: Knex, id: string): Promise<AdvisorMetaRow | undefined> {
  return db<AdvisorMetaRow>('advisor_meta').where({ id }).first();
}
export async function nextMetaPosition(db: Knex): Promise<number> {
  const row = (await db('advisor_meta').max<{ max: number | string | null }[]>('position as max'))[0];
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
export async function insertAdvisorMeta(
  db: Knex,
  row: Omit<AdvisorMetaRow, 'created_at' | 'updated_at'>,
): Promise<AdvisorMetaRow> {
  const [saved] = await db('advisor_meta').insert(row).returning('*');
  return saved as AdvisorMetaRow;
}
export async function updateAdvisorMeta(
  db: Knex,
  id: string,
  patch: Partial<Pick<AdvisorMetaRow, 'title' | 'placeholder' | 'position'>>,
): Promise<AdvisorMetaRow | undefined> {
  const [saved] = await db('advisor_meta')
    .where({ id })
    .update({ ...patch, updated_at: new Date() })
    .returning('*');
  return saved as AdvisorMetaRow | undefined;
}
/** Deletes answer the number of rows removed (from `returning`: the embedded dialect's plain count is not reliable). */
const removed = async (q: Knex.QueryBuilder): Promise<number> =>
  ((await q.delete().returning('id')) as unknown[]).length;

export async function deleteAdvisorMeta(db: Knex, id: string): Promise<number> {
  return removed(db('advisor_meta').where({ id }));
}

/* profile meta data (advisor) */
export async function listProfileMeta(db: Knex, advisorId: string): Promise<auth.ProfileMetaField[]> {
  const rows: Array<AdvisorMetaRow & { value_id: string | null; value: string | null }> = await db('advisor_meta as m')
    .leftJoin('profile_meta_data as v', (j) => {
      j.on('v.meta_id', '=', 'm.id').andOn('v.advisor_id', '=', db.raw('?', [advisorId]));
    })
    .orderBy([{ column: 'm.position' }, { column: 'm.created_at' }, { column: 'm.id' }])
    .select('m.id', 'm.title', 'm.placeholder', 'm.position', 'v.id as value_id', 'v.value');
  return rows.map((r) => ({
    id: r.value_id,
    meta_id: r.id,
    title: r.title,
    placeholder: r.placeholder,
    position: r.position,
    value: r.value,
  }));
}
export async function findProfileMeta(db: Knex, advisorId: string, id: string): Promise<ProfileMetaRow | undefined> {
  return db<ProfileMetaRow>('profile_meta_data').where({ id, advisor_id: advisorId }).first();
}
/** Sets the advisor's value of one field (one row per advisor and field). */
export async function upsertProfileMeta(
  db: Knex,
  row: Pick<ProfileMetaRow, 'id' | 'advisor_id' | 'meta_id' | 'value'>,
): Promise<ProfileMetaRow> {
  const [saved] = await db('profile_meta_data')
    .insert(row)
    .onConflict(['advisor_id', 'meta_id'])
    .merge({ value: row.value, updated_at: new Date() })
    .returning('*');
  return saved as ProfileMetaRow;
}
export async function updateProfileMeta(
  db: Knex,
  advisorId: string,
  id: string,
  value: string,
): Promise<ProfileMetaRow | undefined> {
  const [saved] = await db('profile_meta_data')
    .where({ id, advisor_id: advisorId })
    .update({ value, updated_at: new Date() })
    .returning('*');
  return saved as ProfileMetaRow | undefined;
}
export async function deleteProfileMeta(
  db: Knex,
  advisorId: string,
  where: { id?: string; meta_id?: string },
): Promise<number> {
  return removed(db('profile_meta_data').where({ advisor_id: advisorId, ...where }));
}

/* testimonials (advisor) */
export async function listTestimonials(db: Knex, advisorId: string): Promise<TestimonialRow[]> {
  return db<TestimonialRow>('testimonials')
    .where({ advisor_id: advisorId })
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
}
export async function insertTestimonial(
  db: Knex,
  row: Omit<TestimonialRow, 'created_at' | 'updated_at'>,
): Promise<TestimonialRow> {
  const [saved] = await db('testimonials').insert(row).returning('*');
  return saved as TestimonialRow;
}
export async function updateTestimonial(
  db: Knex,
  advisorId: string,
  id: string,
  patch: Partial<Pick<TestimonialRow, 'name' | 'designation' | 'content' | 'position'>>,
): Promise<TestimonialRow | undefined> {
  const [saved] = await db('testimonials')
    .where({ id, advisor_id: advisorId })
    .update({ ...patch, updated_at: new Date() })
    .returning('*');
  return saved as TestimonialRow | undefined;
}
export async function setTestimonialPosition(db: Knex, id: string, position: number): Promise<void> {
  await db('testimonials').where({ id }).update({ position });
}
export async function deleteTestimonial(db: Knex, advisorId: string, id: string): Promise<number> {
  return removed(db('testimonials').where({ id, advisor_id: advisorId }));
}

/* reviews and ratings */
const reviewQuery = (db: Knex) =>
  db('reviews as r').join('users as c', 'c.id', 'r.customer_id').select('r.*', 'c.name as customer_name');
export async function listReviews(
  db: Knex,
  where: { advisor_id?: string; customer_id?: string },
): Promise<Array<ReviewRow & { customer_name: string }>> {
  const scoped = Object.fromEntries(Object.entries(where).map(([k, v]) => [`r.${k}`, v]));
  return reviewQuery(db)
    .where(scoped)
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id' }]);
}
export async function findReview(db: Knex, id: string): Promise<(ReviewRow & { customer_name: string }) | undefined> {
  return reviewQuery(db).where('r.id', id).first();
}
export async function insertReview(
  db: Knex,
  row: Pick<ReviewRow, 'id' | 'advisor_id' | 'customer_id' | 'rating' | 'review'>,
): Promise<void> {
  await db('reviews').insert(row);
}
export async function updateReview(
  db: Knex,
  id: string,
  patch: Partial<Pick<ReviewRow, 'rating' | 'review' | 'is_published'>>,
): Promise<void> {
  await db('reviews')
    .where({ id })
    .update({ ...patch, updated_at: new Date() });
}
export async function deleteReview(db: Knex, id: string, customerId: string): Promise<number> {
  return removed(db('reviews').where({ id, customer_id: customerId }));
}
export async function publishedReviewStats(
  db: Knex,
  advisorId: string,
): Promise<{ average: number | null; count: number }> {
  const row = (await db('reviews')
    .where({ advisor_id: advisorId, is_published: true })
    .select(db.raw('count(*) as count'), db.raw('avg(rating) as average'))
    .first()) as { count: string | number; average: string | number | null } | undefined;
  const count = Number(row?.count ?? 0);
  return {
    count,
    average:
      count && row?.average !== null && row?.average !== undefined ? Math.round(Number(row.average) * 10) / 10 : null,
  };
}
export async function publishedReviews(
  db: Knex,
  advisorId: string,
  limit: number,
): Promise<Array<ReviewRow & { customer_name: string }>> {
  return reviewQuery(db)
    .where({ 'r.advisor_id': advisorId, 'r.is_published': true })
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id' }])
    .limit(limit);
}
