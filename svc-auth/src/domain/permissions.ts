import type { auth } from '@kinfolio/contracts';
import { type Identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { listPermissions, upsertPermissions } from '../data/permission.repository';
import { findUserById } from '../data/user.repository';
import { effectiveLeadMagnetPermissions } from './lead-magnets';
import { USER_NOT_FOUND, visibleUser } from './users';

/** Lead-magnet permissions are the keys `lm:<lead magnet id>`. */
export const LEAD_MAGNET_PREFIX = 'lm:';

export function myPermissions(ctx: ServiceContext, caller: Identity): Promise<auth.Permission[]> {
  return listPermissions(ctx.db, caller.userId);
}

/** GET user/permissions/{id}/LM: the lead-magnet permissions of a user the caller may see. */
export async function leadMagnetPermissions(
  ctx: ServiceContext,
  caller: Identity,
  userId: string,
): Promise<auth.Permission[]> {
  const user = await visibleUser(ctx, caller, userId);
  const stored = await listPermissions(ctx.db, user.id, LEAD_MAGNET_PREFIX);
  if (user.type !== 'advisor') return stored;
  // An advisor: each admin lead magnet's effective grant (access all / listed and granted / none, published), then
  // any other stored key.
  const effective = await effectiveLeadMagnetPermissions(ctx.db, user.id);
  const known = new Set(effective.map((p) => p.key));
  return [...effective, ...stored.filter((p) => !known.has(p.key))].sort((a, b) => a.key.localeCompare(b.key));
}

/** POST admin/permissions/{id}/upsert: grants or withdraws keys; answers the user's whole list. */
export async function upsert(
  ctx: ServiceContext,
  userId: string,
  items: auth.Permission[],
): Promise<auth.Permission[]> {
  return ctx.tx(async (trx) => {
    if (!(await findUserById(trx, userId, { forUpdate: true }))) throw notFound(USER_NOT_FOUND);
    await upsertPermissions(trx, userId, items);
    return listPermissions(trx, userId);
  });
}
