import { rateTables as RT } from '@kinfolio/contracts';
import { identity, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { adminOnly, answer } from '../reply';
import { addRateTableVersion, listRateTables, rateTable } from './service';

/**
 * The rate tables an admin keeps (issue 32; contracts rate-tables.ts): GET admin/rate-tables (every kind), GET
 * admin/rate-tables/:kind, POST admin/rate-tables/:kind/versions (the kind's next version; 201). Admin only (the
 * gateway checks too). svc-planning knows no admin's name (it keeps advisors' only), so a version records the admin's
 * id and the name 'Admin' (docs/decisions/rate-tables.md).
 */
export function rateTableRoutes(app: Express, ctx: ServiceContext): void {
  app.get(
    '/api/v1/admin/rate-tables',
    adminOnly,
    answer(() => listRateTables(ctx)),
  );
  app.get(
    '/api/v1/admin/rate-tables/:kind',
    adminOnly,
    answer((req) => rateTable(ctx, String(req.params.kind))),
  );
  app.post(
    '/api/v1/admin/rate-tables/:kind/versions',
    adminOnly,
    answer(
      async (req) => {
        const who = identity();
        const kind = String(req.params.kind);
        // an unknown kind is a 404 before the body is read
        await rateTable(ctx, kind);
        const body = parse(RT.RateTableVersionBody, req.body);
        return addRateTableVersion(ctx, kind, body, { id: who.userId, name: 'Admin' });
      },
      { message: 'Rate table version added', status: 201 },
    ),
  );
}
