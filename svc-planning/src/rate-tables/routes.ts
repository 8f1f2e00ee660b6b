import { rateTables as RT } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { addRateTableVersion, listRateTables, rateTable } from './service';

const adminOnly = allow('admin');

/**
 * The rate tables an admin keeps (issue 32; contracts rate-tables.ts): GET admin/rate-tables (every kind), GET
 * admin/rate-tables/:kind, POST admin/rate-tables/:kind/versions (the kind's next version; 201). Admin only (the
 * gateway checks too). svc-planning knows no admin's name (it keeps advisors' only), so a version records the admin's
 * id and the name 'Admin' (docs/decisions/rate-tables.md).
 */
export function rateTableRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/admin/rate-tables', adminOnly, async (_req, res) => {
    res.json({ data: await listRateTables(ctx) });
  });
  app.get('/api/v1/admin/rate-tables/:kind', adminOnly, async (req, res) => {
    res.json({ data: await rateTable(ctx, String(req.params.kind)) });
  });
  app.post('/api/v1/admin/rate-tables/:kind/versions', adminOnly, async (req, res) => {
    const who = identity();
    const kind = String(req.params.kind);
    // an unknown kind is a 404 before the body is read
    await rateTable(ctx, kind);
    const body = parse(RT.RateTableVersionBody, req.body);
    const version = await addRateTableVersion(ctx, kind, body, { id: who.userId, name: 'Admin' });
    res.status(201).json({ message: 'Rate table version added', data: version });
  });
}
