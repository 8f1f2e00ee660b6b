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
  adminWrites(app, '/api/v1/admin/faq', 'FAQ', {
    create: (body) => createFaq(ctx, parse(support.FaqBody, body)),
    update: (id, body) => updateFaq(ctx, id, parse(support.FaqUpdateBody, body)),
    remove: (id) => deleteTopic(ctx, id),
  });

  app.get('/api/v1/admin/faq-topic', ADMIN, async (_req, res) => {
    res.json({ data: await adminListTopics(ctx) });
  });
  adminWrites(app, '/api/v1/admin/faq-topic', 'Topic', {
    create: (body) => createTopic(ctx, parse(support.FaqTopicBody, body).title),
    update: (id, body) => updateTopic(ctx, id, parse(support.FaqTopicBody, body).title),
    remove: (id) => deleteTopic(ctx, id),
  });

  app.get('/api/v1/admin/faq-answer', ADMIN, async (req, res) => {
    res.json({ data: await adminListAnswers(ctx, parse(AnswerListQuery, req.query).faq_topic_id) });
  });
  adminWrites(app, '/api/v1/admin/faq-answer', 'Answer', {
    create: (body) => createAnswer(ctx, parse(support.FaqAnswerBody, body)),
    update: (id, body) => updateAnswer(ctx, id, parse(support.FaqAnswerUpdateBody, body)),
    remove: (id) => deleteAnswer(ctx, id),
  });

  // page walkthroughs
  app.get('/api/v1/page-walkthrough', async (req, res) => {
    res.json({ data: await listWalkthroughs(ctx, parse(support.WalkthroughQuery, req.query)) });
  });
  app.get('/api/v1/admin/page-walkthrough', ADMIN, async (_req, res) => {
    res.json({ data: await listWalkthroughs(ctx, {}) });
  });
  adminWrites(app, '/api/v1/admin/page-walkthrough', 'Walkthrough', {
    create: (body) => createWalkthrough(ctx, parse(support.WalkthroughBody, body)),
    update: (id, body) => updateWalkthrough(ctx, id, parse(support.WalkthroughUpdateBody, body)),
    remove: (id) => deleteRow(ctx, 'page_walkthroughs', id, 'Page walkthrough'),
  });

  // presentations
  app.get('/api/v1/presentations', SESSION, async (_req, res) => {
    res.json({ data: await listPresentations(ctx) });
  });
  app.get('/api/v1/admin/presentations', ADMIN, async (_req, res) => {
    res.json({ data: await listPresentations(ctx) });
  });
  adminWrites(app, '/api/v1/admin/presentations', 'Presentation folder', {
    create: (body) => createPresentation(ctx, parse(support.PresentationBody, body)),
    update: (id, body) => updatePresentation(ctx, id, parse(support.PresentationUpdateBody, body)),
    remove: (id) => deleteRow(ctx, 'presentations', id, 'Presentation folder'),
  });
}

/**
 * An admin list's writes: `POST {base}/create` (201), `PATCH {base}/:id/update` and `DELETE {base}/:id`, answering
 * `{noun} created`, `{noun} updated` and `{noun} deleted` (with `data: null`). The id is checked before the body.
 */
function adminWrites(
  app: Express,
  base: string,
  noun: string,
  w: {
    create: (body: unknown) => Promise<unknown>;
    update: (id: string, body: unknown) => Promise<unknown>;
    remove: (id: string) => Promise<unknown>;
  },
): void {
  const ADMIN = allow('admin');
  app.post(`${base}/create`, ADMIN, async (req, res) => {
    res.status(201).json({ message: `${noun} created`, data: await w.create(req.body) });
  });
  app.patch(`${base}/:id/update`, ADMIN, async (req, res) => {
    const id = uuidParam(req);
    res.json({ message: `${noun} updated`, data: await w.update(id, req.body) });
  });
  app.delete(`${base}/:id`, ADMIN, async (req, res) => {
    await w.remove(uuidParam(req));
    res.json({ message: `${noun} deleted`, data: null });
  });
}
