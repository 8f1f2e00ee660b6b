import type { Express } from 'express';
import { auth } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import { toUser } from '../../data/user.repository';
import { leadMagnetPermissions, myPermissions } from '../../domain/permissions';
import { advisorPublic, updateProfile, visibleUser } from '../../domain/users';
import { caller } from '../caller';

/** Users of spec §7, the tenant's public advisor details and the caller's permissions. */
export function usersRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/users/me', async (_req, res) => {
    const me = await caller(ctx);
    res.json({ data: toUser(me.user) });
  });
  app.get('/api/v1/users/:id', async (req, res) => {
    const me = await caller(ctx);
    res.json({ data: toUser(await visibleUser(ctx, me.id, uuidParam(req))) });
  });
  app.patch('/api/v1/user/update', async (req, res) => {
    const me = await caller(ctx);
    const body = parse(auth.UpdateUserBody, req.body);
    res.json({ message: 'Profile updated', data: await updateProfile(ctx, me.id, body) });
  });
  app.get('/api/v1/advisor/public', async (_req, res) => {
    res.json({ data: await advisorPublic(ctx) });
  });
  app.get('/api/v1/user/permissions', async (_req, res) => {
    const me = await caller(ctx);
    res.json({ data: await myPermissions(ctx, me.id) });
  });
  app.get('/api/v1/user/permissions/:id/LM', async (req, res) => {
    const me = await caller(ctx);
    res.json({ data: await leadMagnetPermissions(ctx, me.id, uuidParam(req)) });
  });
}
