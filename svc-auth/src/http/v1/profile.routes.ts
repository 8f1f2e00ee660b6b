import { auth } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import {
  adminBulkMeta,
  adminCreateMeta,
  adminDeleteMeta,
  adminListMeta,
  adminUpdateMeta,
  bulkProfileMeta,
  changeProfileMeta,
  changeReview,
  changeTestimonial,
  createProfileMeta,
  createReview,
  createTestimonial,
  myProfileMeta,
  myTestimonials,
  removeProfileMeta,
  removeReview,
  removeTestimonial,
  reviewsFor,
} from '../../domain/profile-content';
import { advisorListWrites, caller } from '../caller';

/**
 * Expert positioning (spec §7 'Advisor profile' and the admin's advisor-meta): profile meta data and testimonials
 * of the calling advisor only, admin-only advisor meta fields, and customers' reviews of their own advisor.
 * Bodies are parsed before any id is looked up, so bad input is a 400 naming the field whoever the target is.
 */
export function profileRoutes(app: Express, ctx: ServiceContext): void {
  // Advisor meta (admin)
  app.get('/api/v1/admin/advisor-meta', async (_req, res) => {
    await caller(ctx, 'admin');
    res.json({ data: await adminListMeta(ctx) });
  });
  app.post('/api/v1/admin/advisor-meta/create', async (req, res) => {
    await caller(ctx, 'admin');
    const body = parse(auth.AdvisorMetaCreateBody, req.body);
    res.status(201).json({ message: 'Advisor meta created', data: await adminCreateMeta(ctx, body) });
  });
  app.put('/api/v1/admin/advisor-meta/bulk-update', async (req, res) => {
    await caller(ctx, 'admin');
    const body = parse(auth.AdvisorMetaBulkBody, req.body);
    res.json({ message: 'Advisor meta updated', data: await adminBulkMeta(ctx, body) });
  });
  app.patch('/api/v1/admin/advisor-meta/:id/update', async (req, res) => {
    await caller(ctx, 'admin');
    const body = parse(auth.AdvisorMetaUpdateBody, req.body);
    res.json({ message: 'Advisor meta updated', data: await adminUpdateMeta(ctx, uuidParam(req), body) });
  });
  app.delete('/api/v1/admin/advisor-meta/:id', async (req, res) => {
    await caller(ctx, 'admin');
    await adminDeleteMeta(ctx, uuidParam(req));
    res.json({ message: 'Advisor meta deleted' });
  });

  // Profile meta data (the advisor's own values)
  app.get('/api/v1/advisor/profile-meta-data', async (_req, res) => {
    const me = await caller(ctx, 'advisor');
    res.json({ data: await myProfileMeta(ctx, me.user.id) });
  });
  advisorListWrites(app, ctx, '/api/v1/advisor/profile-meta-data', {
    bodies: [auth.ProfileMetaCreateBody, auth.ProfileMetaUpdateBody],
    messages: ['Profile meta data saved', 'Profile meta data saved', 'Profile meta data deleted'],
    writes: [
      createProfileMeta,
      (c, advisorId, id, body) => changeProfileMeta(c, advisorId, id, body.value),
      removeProfileMeta,
    ],
  });
  app.post('/api/v1/advisor/bulk-update/profile-meta-data', async (req, res) => {
    const me = await caller(ctx, 'advisor');
    const body = parse(auth.ProfileMetaBulkBody, req.body);
    res.json({ message: 'Profile meta data saved', data: await bulkProfileMeta(ctx, me.user.id, body) });
  });

  // Testimonials
  app.get('/api/v1/advisor/testimonial', async (_req, res) => {
    const me = await caller(ctx, 'advisor');
    res.json({ data: await myTestimonials(ctx, me.user.id) });
  });
  advisorListWrites(app, ctx, '/api/v1/advisor/testimonial', {
    bodies: [auth.TestimonialCreateBody, auth.TestimonialUpdateBody],
    messages: ['Testimonial added', 'Testimonial updated', 'Testimonial deleted'],
    writes: [createTestimonial, changeTestimonial, removeTestimonial],
  });

  // Reviews and ratings
  app.get('/api/v1/customer/review-and-ratings', async (_req, res) => {
    const me = await caller(ctx, 'advisor', 'customer');
    res.json({ data: await reviewsFor(ctx, me.user) });
  });
  app.post('/api/v1/customer/review-and-ratings/create', async (req, res) => {
    const me = await caller(ctx, 'customer');
    const body = parse(auth.ReviewCreateBody, req.body);
    res.status(201).json({ message: 'Thank you for your review', data: await createReview(ctx, me.user, body) });
  });
  app.patch('/api/v1/customer/review-and-ratings/:id/update', async (req, res) => {
    const me = await caller(ctx, 'advisor', 'customer');
    const body = parse(auth.ReviewUpdateBody, req.body);
    res.json({ message: 'Review updated', data: await changeReview(ctx, me.user, uuidParam(req), body) });
  });
  app.delete('/api/v1/customer/review-and-ratings/:id', async (req, res) => {
    const me = await caller(ctx, 'customer');
    await removeReview(ctx, me.user, uuidParam(req));
    res.json({ message: 'Review deleted' });
  });
}
