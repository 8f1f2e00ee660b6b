import { exportsContract as X } from '@kinfolio/contracts';
import { identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Response } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
import { advisorOnly, answer, readers } from '../reply';
import { clientPlanSettings, saveClientPlanSettings } from './client-plan-settings';
import { exportJob, exportJobFile, shareExportJob, startExportJob } from './jobs';
import { type ExportFile, householdSharedDocuments, makeExport, shareDocument, sharedDocumentFile } from './service';

function sendFile(res: Response, f: ExportFile) {
  res.set({
    'Content-Type': f.contentType,
    'Content-Length': String(f.body.length),
    'Content-Disposition': `attachment; filename="${f.fileName.replace(/[^A-Za-z0-9._ -]/g, '_')}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  res.send(f.body);
}

/**
 * POST customer/{id}/exports (the advisor's own household, or the customer's own); POST share-document (the
 * advisor); GET customer/{id}/shared-documents and GET customer/{id}/shared-documents/{documentId}/download (the
 * advisor and the household's customer). Another tenant's household is 404.
 */
export function exportRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/api/v1/customer/:id/exports', readers, async (req, res) => {
    const body = parse(X.ExportBody, req.body);
    const hh = await readableHousehold(ctx, String(req.params.id));
    sendFile(res, await makeExport(ctx, hh, body));
  });

  app.post(
    '/api/v1/share-document',
    advisorOnly,
    answer(
      async (req) => {
        const { lead_id, note, ...body } = parse(X.ShareDocumentBody, req.body);
        return shareDocument(ctx, await writableHousehold(ctx, lead_id), body, note);
      },
      { message: 'Shared', status: 201 },
    ),
  );

  app.get(
    '/api/v1/customer/:id/shared-documents',
    readers,
    answer(async (req) => householdSharedDocuments(ctx, await readableHousehold(ctx, String(req.params.id)))),
  );

  app.get('/api/v1/customer/:id/shared-documents/:documentId/download', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    sendFile(res, await sharedDocumentFile(ctx, hh, uuidParam(req, 'documentId')));
  });

  // the client plan's saved choice (issue 35): the advisor saves it, the advisor and the customer read it
  app.get(
    '/api/v1/customer/:id/client-plan',
    readers,
    answer(async (req) => clientPlanSettings(ctx, await readableHousehold(ctx, String(req.params.id)))),
  );
  app.put(
    '/api/v1/customer/:id/client-plan',
    advisorOnly,
    answer(
      async (req) => {
        const body = parse(X.ClientPlanSettingsBody, req.body);
        return saveClientPlanSettings(ctx, await writableHousehold(ctx, String(req.params.id)), body);
      },
      { message: 'Saved' },
    ),
  );

  // exports as jobs with progress (issue 35): 202 with the job, then its status, its file, its share
  app.post(
    '/api/v1/customer/:id/export-jobs',
    readers,
    answer(
      async (req) => {
        const body = parse(X.ExportBody, req.body);
        const hh = await readableHousehold(ctx, String(req.params.id));
        return startExportJob(ctx, hh, body, identity());
      },
      { status: 202 },
    ),
  );
  app.get(
    '/api/v1/customer/:id/export-jobs/:jobId',
    readers,
    answer(async (req) =>
      exportJob(ctx, await readableHousehold(ctx, String(req.params.id)), uuidParam(req, 'jobId'), identity()),
    ),
  );
  app.get('/api/v1/customer/:id/export-jobs/:jobId/download', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    sendFile(res, await exportJobFile(ctx, hh, uuidParam(req, 'jobId'), identity()));
  });
  app.post(
    '/api/v1/customer/:id/export-jobs/:jobId/share',
    advisorOnly,
    answer(
      async (req) => {
        const { note } = parse(X.ShareExportJobBody, req.body ?? {});
        const hh = await writableHousehold(ctx, String(req.params.id));
        return shareExportJob(ctx, hh, uuidParam(req, 'jobId'), identity(), note);
      },
      { message: 'Shared', status: 201 },
    ),
  );
}
