import { support, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import {
  AppError,
  allow,
  badRequest,
  currentContext,
  DiskBlobStore,
  forbidden,
  type Identity,
  identity,
  notFound,
  parse,
  type ServiceContext,
} from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { readMultipart, readRaw } from '../../files/multipart';
import {
  attachedToTicketOf,
  claimSignedUpload,
  findFile,
  forgetFile,
  markSignedStored,
  type StoredFileRow,
} from '../../data/file.repository';
import { checkContent, fileUrl, signedUpload, storeUploads } from '../../files/uploads';
import { verifyStoredOrRefuse } from '../../files/verify';

const SESSION = allow();

function blobKey(req: Request): string {
  const raw = req.params.key as unknown;
  const key = Array.isArray(raw) ? raw.join('/') : String(raw ?? '');
  if (!support.OBJECT_KEY_PATTERN.test(key)) throw notFound('File not found');
  return key;
}

const IMAGE = /^image\/(jpeg|png|webp)$/;
const SERVABLE =
  /^(image\/(jpeg|png|webp)|video\/[a-z0-9.+-]+|application\/(pdf|vnd\.openxmlformats-officedocument\.[a-z.]+))$/;

/** Uploads: signed-upload URLs, the signed PUT target of the embedded store, multipart uploads, and reading files. */
export function filesRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/api/v1/files/signed-upload', SESSION, async (req, res) => {
    const body = parse(support.SignedUploadBody, req.body);
    res.json({ data: await signedUpload(ctx, identity(), body) });
  });

  /**
   * After the browser's PUT to the signed URL (S3 or the disk route), by the session that asked for the link: the
   * stored file is checked, a bad one deleted.
   */
  app.post('/api/v1/files/signed-upload/complete', SESSION, async (req, res) => {
    const me = identity();
    const body = parse(support.SignedUploadCompleteBody, req.body);
    const row = await markSignedStored(ctx.db, body.key, me.sessionId);
    if (!row || row.owner_id !== me.userId.toLowerCase()) {
      throw new AppError(403, UPLOAD_LINK_REFUSED, { errors: [{ key: [UPLOAD_LINK_REFUSED] }] });
    }
    const fileName = body.fileName?.trim() || row.file_name;
    const checked = await verifyStoredOrRefuse(ctx, body.key, fileName, 'key').catch(async (err: unknown) => {
      await forgetFile(ctx.db, body.key);
      throw err;
    });
    res.json({
      message: 'Uploaded',
      data: { key: body.key, url: fileUrl(body.key), fileName, mimetype: checked.contentType, size: checked.size },
    });
  });

  const multipart = (allowDocuments: boolean) => async (req: Request, res: import('express').Response) => {
    const me = identity();
    const files = await readMultipart(req);
    res.status(201).json({ message: 'Uploaded', data: await storeUploads(ctx, me, files, allowDocuments) });
  };
  app.post('/api/v1/files/media-upload', SESSION, multipart(false));
  app.post('/api/v1/files/s3-upload', SESSION, multipart(true));

  /**
   * The signed PUT of the embedded (disk) store: right signature, not expired, matching content type and bytes, and
   * only for the session that asked for the link, once.
   */
  app.put('/api/v1/files/blob/*key', SESSION, async (req, res) => {
    const store = ctx.ports.blobs;
    if (!(store instanceof DiskBlobStore)) throw notFound('Uploads go to the object store directly');
    const key = blobKey(req);
    const exp = Number(req.query.exp);
    const ct = typeof req.query.ct === 'string' ? req.query.ct : '';
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    if (!store.verify(key, ct, exp, sig)) throw forbidden(UPLOAD_LINK_REFUSED);
    const sent = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (sent !== ct.toLowerCase()) throw badRequest(`Content-Type must be ${ct}`, 'content-type');
    const body = await readRaw(req, UPLOAD_MAX_BYTES);
    if (!body) throw new AppError(413, UPLOAD_TOO_LARGE_ONE);
    if (!body.length) throw badRequest('The file is empty', 'file');
    const { contentType } = await checkContent(key, body);
    if (!(await claimSignedUpload(ctx.db, key, identity().sessionId))) throw forbidden(UPLOAD_LINK_REFUSED);
    await store.put(key, body, contentType);
    res.status(200).json({ message: 'Uploaded', data: { key, url: fileUrl(key) } });
  });

  /**
   * Reading a stored file: a public one (a profile image, or a file a published page names) by anyone; any other
   * only by its owner, admins, the owner of a ticket it is attached to (and, for files of presentations, any
   * signed-in user). Anyone else gets the same 404 as for a missing file. Never served as HTML, never sniffed;
   * anything but an image downloads as an attachment under the name it was uploaded with.
   */
  app.get('/api/v1/files/blob/*key', async (req, res) => {
    const key = blobKey(req);
    const row = await findFile(ctx.db, key);
    if (!(await mayRead(ctx, key, row, currentContext()?.identity))) throw notFound('File not found');
    const blob = await ctx.ports.blobs.get(key).catch(() => null);
    if (!blob) throw notFound('File not found');
    const type = SERVABLE.test(blob.contentType) ? blob.contentType : 'application/octet-stream';
    const name = row?.file_name ?? key.split('/').pop() ?? 'file';
    res.set({
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': row?.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store',
      'Content-Disposition': `${IMAGE.test(type) ? 'inline' : 'attachment'}; filename="${name.replace(/[^A-Za-z0-9._ -]/g, '_')}"`,
    });
    res.send(blob.body);
  });
}

export const UPLOAD_LINK_REFUSED = 'The upload link is invalid, has expired or was used already';

/** Who may read a stored file (see GET files/blob above). A file stored before rows existed belongs to its key's owner. */
async function mayRead(
  ctx: ServiceContext,
  key: string,
  row: StoredFileRow | undefined,
  who: Identity | undefined,
): Promise<boolean> {
  if (row?.visibility === 'public') return true;
  if (!who) return false;
  if (row?.visibility === 'signed_in' || who.type === 'admin') return true;
  const owner = row?.owner_id ?? support.OBJECT_KEY_PATTERN.exec(key)?.[2];
  if (owner === who.userId.toLowerCase()) return true;
  return attachedToTicketOf(ctx.db, key, who.userId);
}
