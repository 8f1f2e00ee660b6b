import { auth } from '@kinfolio/contracts';
import { clientIp, parse, type ServiceContext, tooManyRequests, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import {
  addLeadMagnet,
  adminCreate,
  adminDelete,
  adminList,
  adminUpdate,
  changeLeadMagnet,
  myLeadMagnets,
  removeLeadMagnet,
  requestDownload,
  signedFile,
} from '../../domain/lead-magnets';
import { advisorListWrites, caller } from '../caller';

/** A visitor may ask for lead-magnet downloads this many times an hour from one address. */
export const LEAD_MAGNET_DOWNLOADS_PER_HOUR = 20;

/**
 * Lead magnets (issue 15): admin files with who may use each (admins only), the calling advisor's own lead magnets
 * (only theirs: anyone else's id is a 404), and the public download of one the host's advisor shows. Bodies are
 * parsed before any id is looked up, so bad input is a 400 naming the field.
 */
export function leadMagnetRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/admin/advisor-magnet-files', async (_req, res) => {
    await caller(ctx, 'admin');
    res.json({ data: await adminList(ctx) });
  });
  app.post('/api/v1/admin/advisor-magnet-files', async (req, res) => {
    const me = await caller(ctx, 'admin');
    const body = parse(auth.AdminLeadMagnetCreateBody, req.body);
    res.status(201).json({ message: 'Lead magnet added', data: await adminCreate(ctx, me.id, body) });
  });
  app.patch('/api/v1/admin/advisor-magnet-files/:id', async (req, res) => {
    const me = await caller(ctx, 'admin');
    const body = parse(auth.AdminLeadMagnetUpdateBody, req.body);
    res.json({ message: 'Lead magnet updated', data: await adminUpdate(ctx, me.id, uuidParam(req), body) });
  });
  app.delete('/api/v1/admin/advisor-magnet-files/:id', async (req, res) => {
    await caller(ctx, 'admin');
    await adminDelete(ctx, uuidParam(req));
    res.json({ message: 'Lead magnet deleted' });
  });

  app.get('/api/v1/advisor-magnet-files', async (_req, res) => {
    const me = await caller(ctx, 'advisor');
    res.json({ data: await myLeadMagnets(ctx, me.user.id) });
  });
  advisorListWrites(app, ctx, '/api/v1/advisor-magnet-files', {
    bodies: [auth.AdvisorLeadMagnetCreateBody, auth.AdvisorLeadMagnetUpdateBody],
    messages: ['Lead magnet added', 'Lead magnet updated', 'Lead magnet deleted'],
    writes: [addLeadMagnet, changeLeadMagnet, removeLeadMagnet],
  });

  const limit = ctx.limiter.create({
    name: 'auth:lead-magnet-download',
    points: LEAD_MAGNET_DOWNLOADS_PER_HOUR,
    duration: 3600,
  });
  app.post('/api/v1/advisor/public/lead-magnets/:id/download', async (req, res) => {
    const body = parse(auth.LeadMagnetDownloadBody, req.body);
    const id = uuidParam(req);
    try {
      await limit.consume(clientIp(req) ?? 'unknown');
    } catch {
      throw tooManyRequests('Too many downloads from this address. Please try again later.');
    }
    res.json({ message: 'Your download is ready', data: await requestDownload(ctx, id, body) });
  });
  app.get('/api/v1/advisor/public/lead-magnets/:id/file', async (req, res) => {
    const file = await signedFile(ctx, uuidParam(req), req.query.exp, req.query.sig);
    res.set({
      'Content-Type': file.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_')}"`,
    });
    res.send(file.body);
  });
}
