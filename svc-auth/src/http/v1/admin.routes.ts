import { auth } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, streamCsv, uuidParam } from '@kinfolio/service-kit';
import type { Express, RequestHandler } from 'express';
import {
  listUsers,
  removeUser,
  setStatus,
  stats,
  USERS_EXPORT_HEADER,
  userExportBatches,
  usersExportFilename,
} from '../../domain/admin';
import { upsert } from '../../domain/permissions';
import { requireCaller } from '../../domain/sessions';

/** Admin user management and permissions (admins only; checked from the live session, not just the headers). */
export function adminRoutes(app: Express, ctx: ServiceContext): void {
  // A live session first (401), then the role (403): a revoked admin session is 'Invalid token', not 'forbidden'.
  const live: RequestHandler = async (_req, res, next) => {
    res.locals.me = await requireCaller(ctx);
    next();
  };
  const onlyAdmin = allow('admin');
  const me = (res: { locals: Record<string, unknown> }) =>
    (res.locals.me as Awaited<ReturnType<typeof requireCaller>>).id;
  app.post('/api/v1/admin/get-filtered-users', live, onlyAdmin, async (req, res) => {
    const body = parse(auth.FilteredUsersBody, req.body);
    res.json({ data: await listUsers(ctx, body) });
  });
  // The same filter body as the list (same validation; page and page_size are read and ignored): every page, as CSV.
  app.post('/api/v1/admin/get-filtered-users/export', live, onlyAdmin, async (req, res) => {
    const { page: _page, page_size: _size, ...filter } = parse(auth.FilteredUsersBody, req.body);
    await streamCsv(
      res,
      usersExportFilename(filter.pending),
      USERS_EXPORT_HEADER,
      (stillWanted) => userExportBatches(ctx, filter, stillWanted),
      (err) => ctx.logger.error({ err }, 'users export failed'),
    );
  });
  app.get('/api/v1/admin/users-stats', live, onlyAdmin, async (_req, res) => {
    res.json({ data: await stats(ctx) });
  });
  app.patch('/api/v1/admin/get-filtered-users/:id', live, onlyAdmin, async (req, res) => {
    const id = uuidParam(req);
    const body = parse(auth.UserStatusBody, req.body);
    const user = await setStatus(ctx, me(res), id, body.status);
    res.json({ message: body.status === 'active' ? 'User activated' : 'User deactivated', data: user });
  });
  app.delete('/api/v1/admin/get-filtered-users/:id', live, onlyAdmin, async (req, res) => {
    await removeUser(ctx, me(res), uuidParam(req));
    res.json({ message: 'User deleted' });
  });
  app.post('/api/v1/admin/permissions/:id/upsert', live, onlyAdmin, async (req, res) => {
    const id = uuidParam(req);
    const body = parse(auth.PermissionUpsertBody, req.body);
    res.json({ message: 'Permissions saved', data: await upsert(ctx, id, body.permissions) });
  });
}
