import { randomBytes } from 'node:crypto';
import { support, UPLOAD_TOO_LARGE_MANY, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import { AppError, badRequest, type Identity, type ServiceContext } from '@kinfolio/service-kit';
import {
  CONTENT_MISMATCH,
  contentMatches,
  contentTypeOf,
  extOf,
  type Kind,
  kindOfExtension,
  TYPE_NOT_ALLOWED,
} from './content-type';
import type { ReceivedFile } from './multipart';

const MEDIA_KEY = /^storage\/user\/media\/([0-9a-f-]{36})\/(\d{10,16})(\.[A-Za-z0-9]+)$/;

/** A document keeps its original name, made safe: letters, digits, dot, dash, underscore and space. */
export function safeDocumentName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ext = extOf(base);
  const stem = base
    .slice(0, base.length - ext.length)
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[^A-Za-z0-9]+/, '')
    .trim()
    .slice(0, 180);
  if (!ext) return null;
  return `${stem || 'document'}${ext}`;
}

export interface KeyPlan {
  key: string;
  kind: Kind;
  ext: string;
  contentType: string;
}

/**
 * The key a signed upload may write (spec §7): `storage/user/media/{id}/{timestamp}.{extension}` for media (the id
 * must be the caller's), or `storage/user/documents/{id}/{name}` for a pptx, pdf or xlsx named by its file name.
 */
export function planSignedKey(me: Identity, objectKey: string): KeyPlan {
  const uid = me.userId.toLowerCase();
  const media = MEDIA_KEY.exec(objectKey);
  if (media) {
    if (media[1] !== uid)
      throw new AppError(403, 'You can only upload to your own folder', {
        errors: [{ object_key: ['You can only upload to your own folder'] }],
      });
    const ext = media[3]!.toLowerCase();
    if (kindOfExtension(ext) !== 'media') throw badRequest(TYPE_NOT_ALLOWED, 'object_key');
    return { key: `storage/user/media/${uid}/${media[2]}${ext}`, kind: 'media', ext, contentType: contentTypeOf(ext) };
  }
  const name = safeDocumentName(objectKey);
  const ext = name ? extOf(name) : '';
  if (!name || kindOfExtension(ext) !== 'documents') throw badRequest(TYPE_NOT_ALLOWED, 'object_key');
  return { key: `storage/user/documents/${uid}/${name}`, kind: 'documents', ext, contentType: contentTypeOf(ext) };
}

export async function signedUpload(ctx: ServiceContext, me: Identity, body: { object_key: string }) {
  const plan = planSignedKey(me, body.object_key);
  const url = await ctx.ports.blobs.signedPutUrl(plan.key, plan.contentType);
  return { url, key: plan.key, content_type: plan.contentType, public_url: ctx.ports.blobs.publicUrl(plan.key) };
}

/** Checks a stored key's bytes against its extension; the reply names the problem. */
export function checkContent(key: string, body: Buffer): { ext: string; contentType: string } {
  const ext = extOf(key);
  const kind = kindOfExtension(ext);
  const m = support.OBJECT_KEY_PATTERN.exec(key);
  if (!kind || !m || m[1] !== kind) throw badRequest(TYPE_NOT_ALLOWED, 'file');
  if (!contentMatches(ext, body)) throw badRequest(CONTENT_MISMATCH, 'file');
  return { ext, contentType: contentTypeOf(ext) };
}

/**
 * files/media-upload (media only) and files/s3-upload (media or documents): every file is checked by size and by
 * content before any is stored; a batch with a file over 10 MB is refused with the spec's message (one or several).
 */
export async function storeUploads(ctx: ServiceContext, me: Identity, files: ReceivedFile[], allowDocuments: boolean) {
  if (!files.length) throw badRequest('Choose a file to upload', 'files');
  const large = files.filter((f) => f.tooLarge);
  if (large.length)
    throw new AppError(413, files.length === 1 ? UPLOAD_TOO_LARGE_ONE : UPLOAD_TOO_LARGE_MANY, {
      errors: large.map((f) => ({ files: [`${f.fileName}: ${UPLOAD_TOO_LARGE_ONE}`] })),
    });
  const uid = me.userId.toLowerCase();
  const stamp = Date.now();
  const planned = files.map((f, i) => {
    const ext = extOf(f.fileName);
    const kind = kindOfExtension(ext);
    if (!kind || (kind === 'documents' && !allowDocuments))
      throw badRequest(`${f.fileName || 'file'}: ${TYPE_NOT_ALLOWED}`, 'files');
    if (!f.body.length) throw badRequest(`${f.fileName}: the file is empty`, 'files');
    if (!contentMatches(ext, f.body)) throw badRequest(`${f.fileName}: ${CONTENT_MISMATCH}`, 'files');
    const key =
      kind === 'media'
        ? `storage/user/media/${uid}/${stamp + i}${randomBytes(3).toString('hex')}${ext}`
        : `storage/user/documents/${uid}/${safeDocumentName(f.fileName)}`;
    return { f, key, contentType: contentTypeOf(ext) };
  });
  for (const p of planned) await ctx.ports.blobs.put(p.key, p.f.body, p.contentType);
  return planned.map((p) => ({
    key: p.key,
    url: ctx.ports.blobs.publicUrl(p.key),
    fileName: p.f.fileName,
    mimetype: p.contentType,
  }));
}
