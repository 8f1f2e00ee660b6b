import { support } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { z } from 'zod';
import {
  createPresentation,
  createWalkthrough,
  deleteRow,
  listPresentations,
  listWalkthroughs,
  updatePresentation,
  updateWalkthrough,
} from '../../domain/content';
import {
  adminListAnswers,
  adminListFaq,
  adminListTopics,
  createAnswer,
  createFaq,
  createTopic,
  deleteAnswer,
  deleteTopic,
  searchFaq,
  updateAnswer,
  updateFaq,
  updateTopic,
} from '../../domain/faq';

const AnswerListQuery = z.object({ faq_topic_id: z.string().uuid().optional() });

/** FAQ, page walkthroughs and presentations: admin CRUD and the public reads of the help widget (spec §2.11). */
export function contentRoutes(app: Express, ctx: ServiceContext): void {
  const ADMIN = allow('admin');
  const SESSION = allow();

  app.get('/api/v1/user/faq', async (req, res) => {
    const q = parse(support.FaqQuery, req.query);
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await searchFaq(ctx, q.keyword) });
  });

  // admin/faq: a topic with its answers in one go
  app.get('/api/v1/admin/faq', ADMIN, async (_req, res) => {
    res.json({ data: await adminListFaq(ctx) });
  });
  app.post('/api/v1/admin/faq/create', ADMIN, async (req, res) => {
    res.status(201).json({ message: 'FAQ created', data: await createFaq(ctx, parse(support.FaqBody, req.body)) });
  });
  app.patch('/api/v1/admin/faq/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({ message: 'FAQ updated', data: await updateFaq(ctx, id, parse(support.FaqUpdateBody, req.body)) });
  });
  app.delete('/api/v1/admin/faq/:id', ADMIN, async (req, res) => {
    await deleteTopic(ctx, uuidParam(req));
    res.json({ message: 'FAQ deleted', data: null });
  });

  app.get('/api/v1/admin/faq-topic', ADMIN, async (_req, res) => {
    res.json({ data: await adminListTopics(ctx) });
  });
  app.post('/api/v1/admin/faq-topic/create', ADMIN, async (req, res) => {
    res
      .status(201)
      .json({ message: 'Topic created', data: await createTopic(ctx, parse(support.FaqTopicBody, req.body).title) });
  });
  app.patch('/api/v1/admin/faq-topic/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({
      message: 'Topic updated',
      data: await updateTopic(ctx, id, parse(support.FaqTopicBody, req.body).title),
    });
  });
  app.delete('/api/v1/admin/faq-topic/:id', ADMIN, async (req, res) => {
    await deleteTopic(ctx, uuidParam(req));
    res.json({ message: 'Topic deleted', data: null });
  });

  app.get('/api/v1/admin/faq-answer', ADMIN, async (req, res) => {
    res.json({ data: await adminListAnswers(ctx, parse(AnswerListQuery, req.query).faq_topic_id) });
  });
  app.post('/api/v1/admin/faq-answer/create', ADMIN, async (req, res) => {
    res
      .status(201)
      .json({ message: 'Answer created', data: await createAnswer(ctx, parse(support.FaqAnswerBody, req.body)) });
  });
  app.patch('/api/v1/admin/faq-answer/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({
      message: 'Answer updated',
      data: await updateAnswer(ctx, id, parse(support.FaqAnswerUpdateBody, req.body)),
    });
  });
  app.delete('/api/v1/admin/faq-answer/:id', ADMIN, async (req, res) => {
    await deleteAnswer(ctx, uuidParam(req));
    res.json({ message: 'Answer deleted', data: null });
  });

  // page walkthroughs
  app.get('/api/v1/page-walkthrough', async (req, res) => {
    res.json({ data: await listWalkthroughs(ctx, parse(support.WalkthroughQuery, req.query)) });
  });
  app.get('/api/v1/admin/page-walkthrough', ADMIN, async (_req, res) => {
    res.json({ data: await listWalkthroughs(ctx, {}) });
  });
  app.post('/api/v1/admin/page-walkthrough/create', ADMIN, async (req, res) => {
    res.status(201).json({
      message: 'Walkthrough created',
      data: await createWalkthrough(ctx, parse(support.WalkthroughBody, req.body)),
    });
  });
  app.patch('/api/v1/admin/page-walkthrough/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({
      message: 'Walkthrough updated',
      data: await updateWalkthrough(ctx, id, parse(support.WalkthroughUpdateBody, req.body)),
    });
  });
  app.delete('/api/v1/admin/page-walkthrough/:id', ADMIN, async (req, res) => {
    await deleteRow(ctx, 'page_walkthroughs', uuidParam(req), 'Page walkthrough');
    res.json({ message: 'Walkthrough deleted', data: null });
  });

  // presentations
  app.get('/api/v1/presentations', SESSION, async (_req, res) => {
    res.json({ data: await listPresentations(ctx) });
  });
  app.get('/api/v1/admin/presentations', ADMIN, async (_req, res) => {
    res.json({ data: await listPresentations(ctx) });
  });
  app.post('/api/v1/admin/presentations/create', ADMIN, async (req, res) => {
    res.status(201).json({
      message: 'Presentation folder created',
      data: await createPresentation(ctx, parse(support.PresentationBody, req.body)),
    });
  });
  app.patch('/api/v1/admin/presentations/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({
      message: 'Presentation folder updated',
      data: await updatePresentation(ctx, id, parse(support.PresentationUpdateBody, req.body)),
    });
  });
  app.delete('/api/v1/admin/presentations/:id', ADMIN, async (req, res) => {
    await deleteRow(ctx, 'presentations', uuidParam(req), 'Presentation folder');
    res.json({ message: 'Presentation folder deleted', data: null });
  });
}
