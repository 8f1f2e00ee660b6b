import { randomUUID } from 'node:crypto';
import type { reference as R } from '@kinfolio/contracts';
import { badRequest, notFound, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { byId, defaultOf, planningThresholds } from './read';
import { deleteThreshold, insertThreshold, thresholdStored, updateThreshold } from './repository';

/** The use cases of the planning thresholds (routes.ts says what each is). */

export const thresholds = (ctx: ServiceContext) => planningThresholds(ctx.db);

/** Stores a value for a listed threshold (its label and unit by default), or adds a threshold of the admin's own. */
export async function createThreshold(
  ctx: ServiceContext,
  body: z.infer<typeof R.ThresholdCreateBody>,
): Promise<R.Threshold> {
  const d = defaultOf(body.key);
  const label = body.label || d?.label;
  const unit = body.unit ?? d?.unit;
  if (!label) throw badRequest('Enter label', 'label');
  if (!unit) throw badRequest('Choose a unit', 'unit');
  const id = randomUUID();
  await ctx.tx(async (trx) => {
    if (await thresholdStored(trx, body.key))
      throw badRequest('This threshold already has a stored value: update it', 'key');
    await insertThreshold(trx, { id, key: body.key, label, unit, value: body.value });
  });
  return byId(ctx.db, id);
}

export async function changeThreshold(
  ctx: ServiceContext,
  id: string,
  body: z.infer<typeof R.ThresholdUpdateBody>,
): Promise<R.Threshold> {
  await ctx.tx(async (trx) => {
    await byId(trx, id);
    const change: Record<string, unknown> = { updated_at: new Date() };
    if (body.value !== undefined) change.value = body.value;
    if (body.label !== undefined) change.label = body.label;
    if (body.unit !== undefined) change.unit = body.unit;
    await updateThreshold(trx, id, change);
  });
  return byId(ctx.db, id);
}

/** Removes a stored threshold: a listed one returns to its default (true), an admin's own is gone (false). */
export async function removeThreshold(ctx: ServiceContext, id: string): Promise<boolean> {
  const key = await deleteThreshold(ctx.db, id);
  if (!key) throw notFound('No such threshold');
  return !!defaultOf(key);
}
