import type { auth } from '@kinfolio/contracts';
import { AppError, type Cell, enqueueEvent, type Identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { liveTokenHashes } from '../data/session.repository';
import {
  deleteUser,
  filterUsers,
  findUserById,
  toUser,
  type UserFilter,
  type UserRow,
  updateUser,
  userStats,
} from '../data/user.repository';
import { dropCachedSessions, revokeAndAnnounce } from './sessions';
import { USER_NOT_FOUND } from './users';

export async function listUsers(ctx: ServiceContext, filter: UserFilter) {
  const { rows, total } = await filterUsers(ctx.db, filter);
  return { rows: rows.map(toUser), total, page: filter.page, page_size: filter.page_size };
}

/**
 * POST admin/get-filtered-users/export: the filtered list (the same filter body and order as the list on screen)
 * as CSV, every page of it, read in batches (one short query each, no transaction held while the client downloads).
 * Users registered after the export began are left out, so a sign-up meanwhile cannot shift a row into two batches.
 * The columns are what the Pending Registrations page shows; dates are ISO 8601 (UTC).
 */
export const USERS_EXPORT_BATCH = 500;

export const USERS_EXPORT_HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Registered at',
  'E-mail verified',
  'Mobile verified',
  'Plan',
  'Trial ends',
  'Status',
] as const;

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

function userCells(u: UserRow): Cell[] {
  const phone = [u.country_code, u.contact_number].filter(Boolean).join(' ');
  return [
    u.name,
    u.email,
    phone || null,
    new Date(u.created_at).toISOString(),
    yesNo(u.email_verified),
    yesNo(u.mobile_verified),
    u.membership_status,
    u.trial_ends_at ? new Date(u.trial_ends_at).toISOString() : null,
    u.status,
  ];
}

export async function* userExportBatches(
  ctx: ServiceContext,
  filter: Omit<UserFilter, 'page' | 'page_size'>,
  stillWanted: () => boolean,
  startedAt = new Date(),
): AsyncIterable<Cell[][]> {
  for (let page = 1; stillWanted(); page++) {
    const { rows } = await filterUsers(ctx.db, {
      ...filter,
      createdBefore: startedAt,
      page,
      page_size: USERS_EXPORT_BATCH,
      count: false,
    });
    if (rows.length) yield rows.map(userCells);
    if (rows.length < USERS_EXPORT_BATCH) return;
  }
}

/** `pending-registrations-any-2026-11-24.csv` with a `pending` filter, else `users-2026-11-24.csv` (the day in UTC). */
export const usersExportFilename = (pending: UserFilter['pending'], now = new Date()) =>
  `${pending ? `pending-registrations-${pending}` : 'users'}-${now.toISOString().slice(0, 10)}.csv`;

export function stats(ctx: ServiceContext): Promise<auth.UsersStats> {
  return userStats(ctx.db);
}

const notYourself = (what: string) => new AppError(409, `You cannot ${what} your own account`);

/**
 * PATCH admin/get-filtered-users/{id}: activate or deactivate. Deactivation revokes every session at once (the
 * gateway's cached identities are dropped too). Emits auth.user.deactivated.v1 / activated.v1 on a change.
 */
export async function setStatus(
  ctx: ServiceContext,
  caller: Identity,
  id: string,
  status: 'active' | 'deactivated',
): Promise<auth.User> {
  if (id === caller.userId) throw notYourself(status === 'active' ? 'activate' : 'deactivate');
  const { user, hashes } = await ctx.tx(async (trx) => {
    const current = await findUserById(trx, id, { forUpdate: true });
    if (!current) throw notFound(USER_NOT_FOUND);
    if (current.status === status) return { user: current, hashes: [] as string[] };
    const saved = (await updateUser(trx, id, { status }))!;
    const hashes =
      status === 'deactivated'
        ? await revokeAndAnnounce(trx, { user_id: id }, 'deactivated')
        : await liveTokenHashes(trx, id);
    await enqueueEvent(trx, status === 'deactivated' ? 'auth.user.deactivated.v1' : 'auth.user.activated.v1', {
      user_id: id,
      type: saved.type,
    });
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
