import { households as H } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
import { kinds } from '../records/kinds';
import { createKind, listKind } from '../records/routes';
import {
  draft,
  dreamAnswer,
  householdCashFlow,
  householdDream,
  metaData,
  removeDraft,
  removeDream,
  saveDraft,
} from './service';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');
const signedIn = allow('advisor', 'customer');

/**
 * Cash-flow summary, dreams and concerns (stored as record kinds, served under advisor/leads/{id}/…), their
 * reference questions, and form-step drafts.
 */
export function planRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/customer/cash-flow/:id', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    res.json({ data: await householdCashFlow(ctx, hh) });
  });

  for (const [path, kind, table] of [
    ['dreams', kinds.dream, 'meta_dreams'],
    ['concerns', kinds.concern, 'meta_concerns'],
  ] as const) {
    app.get(`/api/v1/advisor/leads/:id/${path}`, readers, async (req, res) => {
      res.json({ data: await listKind(ctx, kind, req) });
    });
    app.post(`/api/v1/advisor/leads/:id/${path}`, advisorOnly, async (req, res) => {
      res.status(201).json({ message: 'Saved', data: await createKind(ctx, kind, req.body, String(req.params.id)) });
    });
    app.get(`/api/v1/meta-data/${path.slice(0, -1)}`, signedIn, async (_req, res) => {
      const data = await metaData(ctx, table);
      res.set('Cache-Control', 'private, max-age=300');
      res.json({ data });
    });
  }
  app.get('/api/v1/advisor/leads/:id/dreams/:dreamId', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    res.json({ data: await householdDream(ctx, hh, uuidParam(req, 'dreamId')) });
  });
  app.delete('/api/v1/advisor/leads/:id/dreams/:dreamId', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    await removeDream(ctx, hh, uuidParam(req, 'dreamId'));
    res.json({ message: 'Deleted' });
  });
  /** The household's answer to one meta-data dream (null when it has none yet). */
  app.get('/api/v1/advisor/leads/:id/dream-by-dreams-id/:dreamId', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    res.json({ data: await dreamAnswer(ctx, hh, uuidParam(req, 'dreamId')) });
  });

  // Form-step drafts: the caller's own; a draft may hang on one of the advisor's households (deleted with it).
  app.post('/api/v1/user/form-steps-draft/create', signedIn, async (req, res) => {
    const body = parse(H.DraftBody, req.body);
    res.status(body.id ? 200 : 201).json({ message: 'Draft saved', data: await saveDraft(ctx, body) });
  });
  app.get('/api/v1/user/form-steps-draft/:id/read', signedIn, async (req, res) => {
    res.json({ data: await draft(ctx, uuidParam(req)) });
  });
  app.delete('/api/v1/user/form-steps-draft/:id', signedIn, async (req, res) => {
    await removeDraft(ctx, uuidParam(req));
    res.json({ message: 'Deleted' });
  });
}
