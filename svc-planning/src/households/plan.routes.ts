import { randomUUID } from 'node:crypto';
import { households as H } from '@kinfolio/contracts';
import { allow, identity, notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { householdFor } from '../records/access';
import { kinds } from '../records/kinds';
import { allRecords, deleteRecord } from '../records/repository';
import { createKind, listKind } from '../records/routes';
import { cashFlowSummary } from './cash-flow';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');
const signedIn = allow('advisor', 'customer');

interface DraftRow {
  id: string;
  owner_id: string;
  household_id: string | null;
  step: string;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}
const toDraft = (r: DraftRow): H.Draft => ({
  id: r.id,
  step: r.step,
  lead_id: r.household_id,
  data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/**
 * Cash-flow summary, dreams and concerns (stored as record kinds, served under advisor/leads/{id}/…), their
 * reference questions, and form-step drafts.
 */
export function planRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/customer/cash-flow/:id', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    res.json({ data: await cashFlowSummary(ctx.db, hh) });
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
      const rows: Array<{
        id: string;
        title: string;
        description: string | null;
        questions: unknown;
        position: number;
      }> = await ctx.db(table).orderBy('position');
      res.set('Cache-Control', 'private, max-age=300');
      res.json({
        data: rows.map((r) => ({
          ...r,
          questions: typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions,
        })),
      });
    });
  }
  app.get('/api/v1/advisor/leads/:id/dreams/:dreamId', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    const id = uuidParam(req, 'dreamId');
    const dream = (await allRecords(ctx.db, kinds.dream, hh)).find((d) => d.id === id);
    if (!dream) throw notFound('No such dream');
    res.json({ data: dream });
  });
  app.delete('/api/v1/advisor/leads/:id/dreams/:dreamId', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    await deleteRecord(ctx.db, kinds.dream, hh, uuidParam(req, 'dreamId'));
    res.json({ message: 'Deleted' });
  });
  /** The household's answer to one meta-data dream (null when it has none yet). */
  app.get('/api/v1/advisor/leads/:id/dream-by-dreams-id/:dreamId', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    const metaId = uuidParam(req, 'dreamId');
    if (!(await ctx.db('meta_dreams').where({ id: metaId }).first('id'))) throw notFound('No such dream');
    const dream = (await allRecords(ctx.db, kinds.dream, hh)).find((d) => d.dream_id === metaId) ?? null;
    res.json({ data: dream });
  });

  // Form-step drafts: the caller's own; a draft may hang on one of the advisor's households (deleted with it).
  app.post('/api/v1/user/form-steps-draft/create', signedIn, async (req, res) => {
    const body = parse(H.DraftBody, req.body);
    const me = identity();
    if (body.lead_id) await householdFor(ctx.db, body.lead_id, me, 'write');
    const now = new Date();
    const row = {
      owner_id: me.userId,
      household_id: body.lead_id ?? null,
      step: body.step,
      data: JSON.stringify(body.data),
      updated_at: now,
    };
    let saved: DraftRow | undefined;
    if (body.id) {
      [saved] = await ctx
        .db<DraftRow>('form_step_drafts')
        .where({ id: body.id, owner_id: me.userId })
        .update(row)
        .returning('*');
      if (!saved) throw notFound('No such draft');
    } else
      [saved] = await ctx
        .db<DraftRow>('form_step_drafts')
        .insert({ ...row, id: randomUUID(), created_at: now })
        .returning('*');
    res.status(body.id ? 200 : 201).json({ message: 'Draft saved', data: toDraft(saved as DraftRow) });
  });
  app.get('/api/v1/user/form-steps-draft/:id/read', signedIn, async (req, res) => {
    const row = await ctx
      .db<DraftRow>('form_step_drafts')
      .where({ id: uuidParam(req), owner_id: identity().userId })
      .first();
    if (!row) throw notFound('No such draft');
    res.json({ data: toDraft(row) });
  });
  app.delete('/api/v1/user/form-steps-draft/:id', signedIn, async (req, res) => {
    const n = await ctx
      .db('form_step_drafts')
      .where({ id: uuidParam(req), owner_id: identity().userId })
      .delete()
      .returning('id');
    if (!n.length) throw notFound('No such draft');
    res.json({ message: 'Deleted' });
  });
}
