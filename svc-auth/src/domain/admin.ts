import type { auth } from '@kinfolio/contracts';
import { AppError, enqueueEvent, type Identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { liveTokenHashes } from '../data/session.repository';
import { deleteUser, filterUsers, findUserById, toUser, updateUser, type UserFilter, userStats } from '../data/user.repository';
import { dropCachedSessions, revokeAndAnnounce } from './sessions';
import { USER_NOT_FOUND } from './users';

export async function listUsers(ctx: ServiceContext, filter: UserFilter) {
  const { rows, total } = await filterUsers(ctx.db, filter);
  return { rows: rows.map(toUser), total, page: filter.page, page_size: filter.page_size };
}

export function stats(ctx: ServiceContext): Promise<auth.UsersStats> {
  return userStats(ctx.db);
}

const notYourself = (what: string) => new AppError(409, `You cannot ${what} your own account`);

/**
 * PATCH admin/get-filtered-users/{id}: activate or deactivate. Deactivation revokes every session at once (the
 * gateway's cached identities are dropped too). Emits auth.user.deactivated.v1 / activated.v1 on a change.
 */
export async function setStatus(ctx: ServiceContext, caller: Identity, id: string, status: 'active' | 'deactivated'): Promise<auth.User> {
  if (id === caller.userId) throw notYourself(status === 'active' ? 'activate' : 'deactivate');
  const { user, hashes } = await ctx.tx(async (trx) => {
    const current = await findUserById(trx, id, { forUpdate: true });
    if (!current) throw notFound(USER_NOT_FOUND);
    if (current.status === status) return { user: current, hashes: [] as string[] };
    const saved = (await updateUser(trx, id, { status }))!;
    const hashes = status === 'deactivated' ? await revokeAndAnnounce(trx, { user_id: id }, 'deactivated') : await liveTokenHashes(trx, id);
    await enqueueEvent(trx, status === 'deactivated' ? 'auth.user.deactivated.v1' : 'auth.user.activated.v1', { user_id: id, type: saved.type });
    return { user: saved, hashes };
  });
  await dropCachedSessions(ctx, hashes);
  ctx.logger.info({ userId: id, status, by: caller.userId }, 'user status changed');
  return toUser(user);
}

/** DELETE admin/get-filtered-users/{id}: removes the user with their sessions, codes and permissions. */
export async function removeUser(ctx: ServiceContext, caller: Identity, id: string): Promise<void> {
  if (id === caller.userId) throw notYourself('delete');
  const hashes = await ctx.tx(async (trx) => {
    const current = await findUserById(trx, id, { forUpdate: true });
    if (!current) throw notFound(USER_NOT_FOUND);
    const hashes = await revokeAndAnnounce(trx, { user_id: id }, 'deleted');
    await deleteUser(trx, id);
    await enqueueEvent(trx, 'auth.user.deleted.v1', { user_id: id, type: current.type });
    return hashes;
  });
  await dropCachedSessions(ctx, hashes);
  ctx.logger.info({ userId: id, by: caller.userId }, 'user deleted');
}
