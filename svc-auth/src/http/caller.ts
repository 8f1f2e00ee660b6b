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

/** One of the signed-in advisor's own lists (profile meta data, testimonials, lead magnets): its writes. */
export interface AdvisorList<C extends z.ZodType, U extends z.ZodType> {
  /** The create and the update body. */
  bodies: [create: C, update: U];
  /** The replies' messages: created, updated, deleted. */
  messages: [created: string, updated: string, deleted: string];
  /** The domain's create, update and delete, each for the advisor's own rows only. */
  writes: [
    create: (ctx: ServiceContext, advisorId: string, body: z.infer<C>) => Promise<unknown>,
    update: (ctx: ServiceContext, advisorId: string, id: string, body: z.infer<U>) => Promise<unknown>,
    remove: (ctx: ServiceContext, advisorId: string, id: string) => Promise<void>,
  ];
}

/**
 * The writes of a list the calling advisor keeps (only theirs: anyone else's id is a 404): `POST {path}` (201),
 * `PATCH {path}/:id` and `DELETE {path}/:id`. The caller is checked first, then the body, then the id.
 */
export function advisorListWrites<C extends z.ZodType, U extends z.ZodType>(
  app: Express,
  ctx: ServiceContext,
  path: string,
  { bodies: [createBody, updateBody], messages: [created, updated, deleted], writes }: AdvisorList<C, U>,
): void {
  const [create, update, remove] = writes;
  app.post(path, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    const body = parse(createBody, req.body);
    res.status(201).json({ message: created, data: await create(ctx, me.user.id, body) });
  });
  app.patch(`${path}/:id`, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    const body = parse(updateBody, req.body);
    res.json({ message: updated, data: await update(ctx, me.user.id, uuidParam(req), body) });
  });
  app.delete(`${path}/:id`, async (req, res) => {
    const me = await caller(ctx, 'advisor');
    await remove(ctx, me.user.id, uuidParam(req));
    res.json({ message: deleted });
  });
}
