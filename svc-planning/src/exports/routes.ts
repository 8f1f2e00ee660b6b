import { exportsContract as X } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Response } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
import { advisorOnly, answer, readers } from '../reply';
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
}
