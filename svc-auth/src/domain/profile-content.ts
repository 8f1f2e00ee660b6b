import { randomUUID } from 'node:crypto';
import type { auth } from '@kinfolio/contracts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  type Knex,
  notFound,
  type ServiceContext,
} from '@kinfolio/service-kit';
import {
  deleteAdvisorMeta,
  deleteProfileMeta,
  deleteReview,
  deleteTestimonial,
  findAdvisorMeta,
  findProfileMeta,
  findReview,
  insertAdvisorMeta,
  insertReview,
  insertTestimonial,
  listAdvisorMeta,
  listProfileMeta,
  listReviews,
  listTestimonials,
  nextMetaPosition,
  publishedReviewStats,
  publishedReviews,
  setTestimonialPosition,
  type TestimonialRow,
  toAdvisorMeta,
  toReview,
  toTestimonial,
  updateAdvisorMeta,
  updateProfileMeta,
  updateReview,
  updateTestimonial,
  upsertProfileMeta,
} from '../data/profile-content.repository';
import { findUserById, type UserRow } from '../data/user.repository';
import { isUniqueViolation } from './errors';

export const ADVISOR_META_NOT_FOUND = 'Advisor meta not found';
export const PROFILE_META_NOT_FOUND = 'Profile meta data not found';
export const UNKNOWN_PROFILE_FIELD = 'This profile field does not exist';
export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found';
export const REVIEW_NOT_FOUND = 'Review not found';
export const NO_ADVISOR_TO_REVIEW = 'You do not have an advisor to review';
export const ALREADY_REVIEWED = 'You have already reviewed your advisor. Edit your review instead.';
export const ONLY_ADVISOR_PUBLISHES = 'Only your advisor can choose which reviews are public';
export const ONLY_AUTHOR_EDITS = 'Only the customer who wrote a review can change it';
export const NOTHING_TO_UPDATE = 'Nothing to update';
/** At most this many published reviews go to the public page (newest first); the average counts all of them. */
export const PUBLIC_REVIEWS_LIMIT = 50;

/* ---------- advisor meta (admin reference data) ---------- */

export async function adminListMeta(ctx: ServiceContext): Promise<auth.AdvisorMeta[]> {
  return (await listAdvisorMeta(ctx.db)).map(toAdvisorMeta);
}

export async function adminCreateMeta(
  ctx: ServiceContext,
  body: auth.AdvisorMetaCreateBody,
): Promise<auth.AdvisorMeta> {
  return ctx.tx(async (trx) => {
    const position = body.position ?? (await nextMetaPosition(trx));
    const row = await insertAdvisorMeta(trx, {
      id: randomUUID(),
      title: body.title,
      placeholder: body.placeholder ? body.placeholder : null,
      position,
    });
    return toAdvisorMeta(row);
  });
}

export async function adminUpdateMeta(
  ctx: ServiceContext,
  id: string,
  body: auth.AdvisorMetaUpdateBody,
): Promise<auth.AdvisorMeta> {
  const patch: Parameters<typeof updateAdvisorMeta>[2] = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.placeholder !== undefined) patch.placeholder = body.placeholder === '' ? null : body.placeholder;
  if (body.position !== undefined) patch.position = body.position;
  const row = Object.keys(patch).length
    ? await updateAdvisorMeta(ctx.db, id, patch)
    : await findAdvisorMeta(ctx.db, id);
  if (!row) throw notFound(ADVISOR_META_NOT_FOUND);
  return toAdvisorMeta(row);
}

/** PUT admin/advisor-meta/bulk-update: all or nothing; an unknown id refuses the whole batch. */
export async function adminBulkMeta(ctx: ServiceContext, body: auth.AdvisorMetaBulkBody): Promise<auth.AdvisorMeta[]> {
  return ctx.tx(async (trx) => {
    for (const [i, item] of body.items.entries()) {
      const patch: { position: number; title?: string } = { position: item.position };
      if (item.title !== undefined) patch.title = item.title;
      const row = await updateAdvisorMeta(trx, item.id, patch);
      if (!row)
        throw new AppError(404, ADVISOR_META_NOT_FOUND, { errors: [{ [`items.${i}.id`]: [ADVISOR_META_NOT_FOUND] }] });
    }
    return (await listAdvisorMeta(trx)).map(toAdvisorMeta);
  });
}

/** Deleting a field deletes every advisor's value of it (cascade). */
export async function adminDeleteMeta(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteAdvisorMeta(ctx.db, id))) throw notFound(ADVISOR_META_NOT_FOUND);
}

/* ---------- profile meta data (the advisor's own values) ---------- */

export async function myProfileMeta(ctx: ServiceContext, advisorId: string): Promise<auth.ProfileMetaField[]> {
  return listProfileMeta(ctx.db, advisorId);
}

async function fieldOf(ctx: ServiceContext, advisorId: string, metaId: string): Promise<auth.ProfileMetaField> {
  const field = (await listProfileMeta(ctx.db, advisorId)).find((f) => f.meta_id === metaId);
  if (!field) throw notFound(PROFILE_META_NOT_FOUND);
  return field;
}

/** POST advisor/profile-meta-data: sets the advisor's value of a field (a second create of the same field replaces it). */
export async function createProfileMeta(
  ctx: ServiceContext,
  advisorId: string,
  body: auth.ProfileMetaCreateBody,
): Promise<auth.ProfileMetaField> {
  if (!(await findAdvisorMeta(ctx.db, body.meta_id))) throw badRequest(UNKNOWN_PROFILE_FIELD, 'meta_id');
  try {
    await upsertProfileMeta(ctx.db, {
      id: randomUUID(),
      advisor_id: advisorId,
      meta_id: body.meta_id,
      value: body.value,
    });
  } catch (err) {
    // the field was deleted by an admin in between (foreign key)
    if ((err as { code?: string }).code === '23503') throw badRequest(UNKNOWN_PROFILE_FIELD, 'meta_id');
    throw err;
  }
  return fieldOf(ctx, advisorId, body.meta_id);
}

export async function changeProfileMeta(
  ctx: ServiceContext,
  advisorId: string,
  id: string,
  value: string,
): Promise<auth.ProfileMetaField> {
  const row = await updateProfileMeta(ctx.db, advisorId, id, value);
  if (!row) throw notFound(PROFILE_META_NOT_FOUND);
  return fieldOf(ctx, advisorId, row.meta_id);
}

export async function removeProfileMeta(ctx: ServiceContext, advisorId: string, id: string): Promise<void> {
  if (!(await findProfileMeta(ctx.db, advisorId, id))) throw notFound(PROFILE_META_NOT_FOUND);
  await deleteProfileMeta(ctx.db, advisorId, { id });
}

/**
 * POST advisor/bulk-update/profile-meta-data: the values of several fields in one transaction; an empty value
 * removes the advisor's value of that field. An unknown field refuses the whole batch (400 naming the item).
 */
export async function bulkProfileMeta(
  ctx: ServiceContext,
  advisorId: string,
  body: auth.ProfileMetaBulkBody,
): Promise<auth.ProfileMetaField[]> {
  return ctx.tx(async (trx) => {
    const known = new Set((await listAdvisorMeta(trx)).map((m) => m.id));
    for (const [i, item] of body.items.entries()) {
      if (!known.has(item.meta_id))
        throw new AppError(400, UNKNOWN_PROFILE_FIELD, {
          errors: [{ [`items.${i}.meta_id`]: [UNKNOWN_PROFILE_FIELD] }],
        });
    }
    for (const item of body.items) {
      if (item.value === '') await deleteProfileMeta(trx, advisorId, { meta_id: item.meta_id });
      else
        await upsertProfileMeta(trx, {
          id: randomUUID(),
          advisor_id: advisorId,
          meta_id: item.meta_id,
          value: item.value,
        });
    }
    return listProfileMeta(trx, advisorId);
  });
}

/* ---------- testimonials ---------- */

/** Serialises an advisor's testimonial writes (positions stay 0..n-1 without gaps or duplicates). */
async function lockAdvisor(trx: Knex, advisorId: string): Promise<void> {
  await findUserById(trx, advisorId, { forUpdate: true });
}

async function renumber(trx: Knex, ordered: TestimonialRow[]): Promise<void> {
  for (const [i, row] of ordered.entries()) if (row.position !== i) await setTestimonialPosition(trx, row.id, i);
}

export async function myTestimonials(ctx: ServiceContext, advisorId: string): Promise<auth.Testimonial[]> {
  return (await listTestimonials(ctx.db, advisorId)).map(toTestimonial);
}

export async function createTestimonial(
  ctx: ServiceContext,
  advisorId: string,
  body: auth.TestimonialCreateBody,
): Promise<auth.Testimonial> {
  return ctx.tx(async (trx) => {
    await lockAdvisor(trx, advisorId);
    const list = await listTestimonials(trx, advisorId);
    const at = Math.min(body.position ?? list.length, list.length);
    const row = await insertTestimonial(trx, {
      id: randomUUID(),
      advisor_id: advisorId,
      name: body.name,
      designation: body.designation ? body.designation : null,
      content: body.content,
      position: at,
    });
    await renumber(trx, [...list.slice(0, at), row, ...list.slice(at)]);
    return toTestimonial({ ...row, position: at });
  });
}

/** PATCH advisor/testimonial/{id}: changes its text; a `position` moves it there and shifts the others. */
export async function changeTestimonial(
  ctx: ServiceContext,
  advisorId: string,
  id: string,
  body: auth.TestimonialUpdateBody,
): Promise<auth.Testimonial> {
  return ctx.tx(async (trx) => {
    await lockAdvisor(trx, advisorId);
    const list = await listTestimonials(trx, advisorId);
    const current = list.find((r) => r.id === id);
    if (!current) throw notFound(TESTIMONIAL_NOT_FOUND);
    const patch: Parameters<typeof updateTestimonial>[3] = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.designation !== undefined) patch.designation = body.designation === '' ? null : body.designation;
    if (body.content !== undefined) patch.content = body.content;
    let row = Object.keys(patch).length ? ((await updateTestimonial(trx, advisorId, id, patch)) ?? current) : current;
    if (body.position !== undefined) {
      const rest = list.filter((r) => r.id !== id);
      const at = Math.min(body.position, rest.length);
      await renumber(trx, [...rest.slice(0, at), { ...row, position: -1 }, ...rest.slice(at)]);
      row = { ...row, position: at };
    }
    return toTestimonial(row);
  });
}

export async function removeTestimonial(ctx: ServiceContext, advisorId: string, id: string): Promise<void> {
  await ctx.tx(async (trx) => {
    await lockAdvisor(trx, advisorId);
    if (!(await deleteTestimonial(trx, advisorId, id))) throw notFound(TESTIMONIAL_NOT_FOUND);
    await renumber(trx, await listTestimonials(trx, advisorId));
  });
}

/* ---------- reviews and ratings ---------- */

/** GET customer/review-and-ratings: a customer's own reviews, or the reviews of the calling advisor. */
export async function reviewsFor(ctx: ServiceContext, me: UserRow): Promise<auth.Review[]> {
  const rows = await listReviews(ctx.db, me.type === 'advisor' ? { advisor_id: me.id } : { customer_id: me.id });
  return rows.map(toReview);
}

/** A customer reviews their own advisor (the one who invited them), once; it stays private until published. */
export async function createReview(
  ctx: ServiceContext,
  me: UserRow,
  body: auth.ReviewCreateBody,
): Promise<auth.Review> {
  if (!me.advisor_id) throw conflict(NO_ADVISOR_TO_REVIEW);
  const id = randomUUID();
  try {
    await insertReview(ctx.db, {
      id,
      advisor_id: me.advisor_id,
      customer_id: me.id,
      rating: body.rating,
      review: body.review,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_REVIEWED);
    throw err;
  }
  return toReview((await findReview(ctx.db, id))!);
}

/**
 * PATCH customer/review-and-ratings/{id}/update. The author changes rating and text (a changed review leaves the
 * public page until the advisor publishes it again); the advisor reviewed sets `is_published`. Anyone else: 404.
 */
export async function changeReview(
  ctx: ServiceContext,
  me: UserRow,
  id: string,
  body: auth.ReviewUpdateBody,
): Promise<auth.Review> {
  const review = await findReview(ctx.db, id);
  const mine = review && (me.type === 'customer' ? review.customer_id === me.id : review.advisor_id === me.id);
  if (!review || !mine) throw notFound(REVIEW_NOT_FOUND);
  if (me.type === 'customer') {
    if (body.is_published !== undefined) throw forbidden(ONLY_ADVISOR_PUBLISHES);
    if (body.rating === undefined && body.review === undefined) throw badRequest(NOTHING_TO_UPDATE, 'review');
    const patch: { rating?: number; review?: string; is_published?: boolean } = {};
    if (body.rating !== undefined) patch.rating = body.rating;
    if (body.review !== undefined) patch.review = body.review;
    if ((patch.rating ?? review.rating) !== Number(review.rating) || (patch.review ?? review.review) !== review.review)
      patch.is_published = false;
    await updateReview(ctx.db, id, patch);
  } else {
    if (body.rating !== undefined || body.review !== undefined) throw forbidden(ONLY_AUTHOR_EDITS);
    if (body.is_published === undefined) throw badRequest(NOTHING_TO_UPDATE, 'is_published');
    await updateReview(ctx.db, id, { is_published: body.is_published });
  }
  return toReview((await findReview(ctx.db, id))!);
}

export async function removeReview(ctx: ServiceContext, me: UserRow, id: string): Promise<void> {
  if (!(await deleteReview(ctx.db, id, me.id))) throw notFound(REVIEW_NOT_FOUND);
}

/* ---------- the public page ---------- */

/** 'Jane Tan Mei Ling' → 'Jane T.': the public page never shows a customer's full name. */
export function reviewerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return 'Customer';
  const last = parts.length > 1 ? ` ${Array.from(parts[parts.length - 1]!)[0]!.toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}

export async function publicContent(
  ctx: ServiceContext,
  advisorId: string,
): Promise<Pick<auth.AdvisorPublicPage, 'meta' | 'testimonials' | 'reviews' | 'rating'>> {
  const [meta, testimonials, reviews, rating] = await Promise.all([
    listProfileMeta(ctx.db, advisorId),
    listTestimonials(ctx.db, advisorId),
    publishedReviews(ctx.db, advisorId, PUBLIC_REVIEWS_LIMIT),
    publishedReviewStats(ctx.db, advisorId),
  ]);
  return {
    meta: meta.filter((m) => m.value).map((m) => ({ title: m.title, value: m.value as string })),
    testimonials: testimonials.map((r) => ({ id: r.id, name: r.name, designation: r.designation, content: r.content })),
    reviews: reviews.map((r) => ({
      id: r.id,
      name: reviewerName(r.customer_name),
      rating: Number(r.rating),
      review: r.review,
      created_at: new Date(r.created_at).toISOString(),
    })),
    rating,
  };
}
