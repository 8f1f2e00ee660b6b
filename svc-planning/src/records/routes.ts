import { type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { advisorOnly, answer, readers } from '../reply';
import { allKinds, type RecordKind } from './kinds';
import { createKind, deleteKind, listKind, positionKind, updateKind } from './service';

/**
 * The routes of every declared record kind (contracts record-kinds.ts, the same list the route table derives):
 * GET customer/:id/{path} (unless the family reads the list itself), POST customer/{path}, PATCH and DELETE
 * customer/{path}/:recordId, and PATCH customer/bulk-update/{path}/positions where the kind keeps positions. Kinds
 * served under advisor/leads/:id/… (dreams, concerns) have their own routes (households/plan.routes.ts).
 */
export function recordsRoutes(app: Express, ctx: ServiceContext, list: readonly RecordKind[] = allKinds()): void {
  for (const kind of list) if (kind.list !== 'lead') serveKind(app, ctx, kind);
}

function serveKind(app: Express, ctx: ServiceContext, kind: RecordKind): void {
  const recordId = (req: Parameters<typeof uuidParam>[0]) => uuidParam(req, 'recordId');
  if (kind.list !== 'own')
    app.get(
      `/api/v1/customer/:id/${kind.path}`,
      readers,
      answer((req) => listKind(ctx, kind, String(req.params.id), req.query)),
    );
  app.post(
    `/api/v1/customer/${kind.path}`,
    advisorOnly,
    answer((req) => createKind(ctx, kind, req.body), { message: 'Saved', status: 201 }),
  );
  if (kind.positions)
    app.patch(
      `/api/v1/customer/bulk-update/${kind.path}/positions`,
      advisorOnly,
      answer((req) => positionKind(ctx, kind, req.body), { message: 'Positions saved' }),
    );
  app.patch(
    `/api/v1/customer/${kind.path}/:recordId`,
    advisorOnly,
    answer((req) => updateKind(ctx, kind, recordId(req), req.body), { message: 'Saved' }),
  );
  app.delete(
    `/api/v1/customer/${kind.path}/:recordId`,
    advisorOnly,
    answer((req) => deleteKind(ctx, kind, recordId(req)), { message: 'Deleted' }),
  );
}
