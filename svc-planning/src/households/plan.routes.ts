import { households as H } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
import { kinds } from '../records/kinds';
import { createKind, listKind } from '../records/service';
import { advisorOnly, answer, readers } from '../reply';
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

const signedIn = allow('advisor', 'customer');

/**
 * Cash-flow summary, dreams and concerns (stored as record kinds, served under advisor/leads/{id}/…), their
 * reference questions, and form-step drafts.
 */
export function planRoutes(app: Express, ctx: ServiceContext): void {
  const read = (req: Request) => readableHousehold(ctx, String(req.params.id));
  const dreamId = (req: Request) => uuidParam(req, 'dreamId');

  app.get(
    '/api/v1/customer/cash-flow/:id',
    readers,
    answer(async (req) => householdCashFlow(ctx, await read(req))),
  );

  for (const [path, kind, table] of [
    ['dreams', kinds.dream, 'meta_dreams'],
    ['concerns', kinds.concern, 'meta_concerns'],
  ] as const) {
    app.get(
      `/api/v1/advisor/leads/:id/${path}`,
      readers,
      answer((req) => listKind(ctx, kind, String(req.params.id), req.query)),
    );
    app.post(
      `/api/v1/advisor/leads/:id/${path}`,
      advisorOnly,
      answer((req) => createKind(ctx, kind, req.body, String(req.params.id)), { message: 'Saved', status: 201 }),
    );
    app.get(`/api/v1/meta-data/${path.slice(0, -1)}`, signedIn, async (_req, res) => {
      const data = await metaData(ctx, table);
      res.set('Cache-Control', 'private, max-age=300');
      res.json({ data });
    });
  }
  app.get(
    '/api/v1/advisor/leads/:id/dreams/:dreamId',
    readers,
    answer(async (req) => householdDream(ctx, await read(req), dreamId(req))),
  );
  app.delete(
    '/api/v1/advisor/leads/:id/dreams/:dreamId',
    advisorOnly,
    answer(async (req) => removeDream(ctx, await writableHousehold(ctx, String(req.params.id)), dreamId(req)), {
      message: 'Deleted',
    }),
  );
  /** The household's answer to one meta-data dream (null when it has none yet). */
  app.get(
    '/api/v1/advisor/leads/:id/dream-by-dreams-id/:dreamId',
    readers,
    answer(async (req) => dreamAnswer(ctx, await read(req), dreamId(req))),
  );

  // Form-step drafts: the caller's own; a draft may hang on one of the advisor's households (deleted with it).
  app.post('/api/v1/user/form-steps-draft/create', signedIn, async (req, res) => {
    const body = parse(H.DraftBody, req.body);
    res.status(body.id ? 200 : 201).json({ message: 'Draft saved', data: await saveDraft(ctx, body) });
  });
  app.get(
    '/api/v1/user/form-steps-draft/:id/read',
    signedIn,
    answer((req) => draft(ctx, uuidParam(req))),
  );
  app.delete(
    '/api/v1/user/form-steps-draft/:id',
    signedIn,
    answer((req) => removeDraft(ctx, uuidParam(req)), { message: 'Deleted' }),
  );
}
