import { randomUUID } from 'node:crypto';
import { reference as R } from '@kinfolio/contracts';
import { allow, badRequest, notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { byId, defaultOf, planningThresholds } from './read';

const adminOnly = allow('admin');
const anyone = allow();

/**
 * Planning thresholds (issue 15, platform-shell §7 `admin/threshold`, `GET user/threshold`): the figures the reports
 * measure a household against (emergency-fund months, cover multiples, replacement and debt-service ratios). Each
 * listed threshold has a default (reference.THRESHOLD_DEFAULTS); an admin stores a value (create), changes it
 * ({id}/update) or removes it (DELETE {id}), which returns the threshold to its default. An admin may also add a
 * threshold of their own (key, label, unit, value; it has no default, and DELETE removes it).
 */
export function thresholdRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/user/threshold', anyone, async (_req, res) => {
    res.json({ data: await planningThresholds(ctx.db) });
  });
  app.post('/api/v1/admin/threshold/create', adminOnly, async (req, res) => {
    const body = parse(R.ThresholdCreateBody, req.body);
    const d = defaultOf(body.key);
    const label = body.label || d?.label;
    const unit = body.unit ?? d?.unit;
    if (!label) throw badRequest('Enter label', 'label');
    if (!unit) throw badRequest('Choose a unit', 'unit');
    const id = randomUUID();
    await ctx.tx(async (trx) => {
      if (await trx('planning_thresholds').where({ key: body.key }).first('id'))
        throw badRequest('This threshold already has a stored value: update it', 'key');
      await trx('planning_thresholds').insert({ id, key: body.key, label, unit, value: body.value });
    });
    res.status(201).json({ message: 'Threshold saved', data: await byId(ctx.db, id) });
  });
  app.patch('/api/v1/admin/threshold/:id/update', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const body = parse(R.ThresholdUpdateBody, req.body);
    await ctx.tx(async (trx) => {
      await byId(trx, id);
      const change: Record<string, unknown> = { updated_at: new Date() };
      if (body.value !== undefined) change.value = body.value;
      if (body.label !== undefined) change.label = body.label;
      if (body.unit !== undefined) change.unit = body.unit;
      await trx('planning_thresholds').where({ id }).update(change);
    });
    res.json({ message: 'Threshold saved', data: await byId(ctx.db, id) });
  });
  app.delete('/api/v1/admin/threshold/:id', adminOnly, async (req, res) => {
    const id = uuidParam(req, 'id');
    const gone: Array<{ key: string }> = await ctx.db('planning_thresholds').where({ id }).delete().returning('key');
    const key = gone[0]?.key;
    if (!key) throw notFound('No such threshold');
    res.json({ message: defaultOf(key) ? 'Threshold reset to its default' : 'Threshold deleted' });
  });
}
