import type { UserType } from '@kinfolio/contracts';
import { forbidden, type Identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import type { z } from 'zod';
import type { UserRow } from '../data/user.repository';
import { requireCaller } from '../domain/sessions';

/** The live caller, refused with 403 unless of one of `types` (none given: any signed-in user). */
export async function caller(ctx: ServiceContext, ...types: UserType[]): Promise<{ id: Identity; user: UserRow }> {
  const me = await requireCaller(ctx);
  if (types.length && !types.includes(me.user.type)) throw forbidden();
  return me;
}

/** What one of the signed-in advisor's own lists (profile meta data, testimonials, lead magnets) answers with. */
export interface AdvisorList<C extends z.ZodType, U extends z.ZodType> {
  createBody: C;
  updateBody: U;
  messages: { created: string; updated: string; deleted: string };
  create: (advisorId: string, body: z.infer<C>) => Promise<unknown>;
  update: (advisorId: string, id: string, body: z.infer<U>) => Promise<unknown>;
  remove: (advisorId: string, id: string) => Promise<void>;
}

/**
 * The writes of a list the calling advisor keeps (only theirs: anyone else's id is a 404): `POST {path}` (201),
 * `PATCH {path}/:id` and `DELETE {path}/:id`. The caller is checked first, then the body, then the id.
 */
export function advisorListWrites<C extends z.ZodType, U extends z.ZodType>(
  app: Express,
  ctx: ServiceContext,
  path: string,
  list: AdvisorList<C, U>,
): void {
  app.post(path, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    const body = parse(list.createBody, req.body);
    res.status(201).json({ message: list.messages.created, data: await list.create(me.user.id, body) });
  });
  app.patch(`${path}/:id`, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    const body = parse(list.updateBody, req.body);
    res.json({ message: list.messages.updated, data: await list.update(me.user.id, uuidParam(req), body) });
  });
  app.delete(`${path}/:id`, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    await list.remove(me.user.id, uuidParam(req));
    res.json({ message: list.messages.deleted });
  });
}
