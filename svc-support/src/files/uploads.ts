import { randomBytes } from 'node:crypto';
import { MEDIA_EXTENSIONS, support, UPLOAD_TOO_LARGE_MANY, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import { insertFile } from '../data/file.repository';
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

/** A signed upload link works this long, once, for the session that asked for it. */
export const SIGNED_UPLOAD_TTL_SEC = 300;

/** Where a stored file is read: always through the service, which checks who may read it. */
export const fileUrl = (key: string) => `/api/v1/files/blob/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * A new, unguessable key in the owner's folder: 128 random bits and the extension. The file's own name is kept only
 * as metadata (the download's name), so two files with the same name never meet, and nothing is ever overwritten.
 */
export function newKey(kind: Kind, ownerId: string, ext: string): string {
  return `storage/user/${kind}/${ownerId.toLowerCase()}/${randomBytes(16).toString('hex')}${ext}`;
}

/** The name a file is kept and downloaded under. */
function keptName(fileName: string, ext: string): string {
  return safeDocumentName(fileName) ?? `file${ext}`;
}

export interface KeyPlan {
  key: string;
  kind: Kind;
  ext: string;
  contentType: string;
  fileName: string;
}

/**
 * A signed upload (spec §7): the client names the file (`storage/user/media/{id}/{timestamp}.{ext}` for media, the
 * file's own name for a document); only its extension and its name are used, the key is always a new random one.
 * A profile image must be an image.
 */
export function planSignedKey(me: Identity, objectKey: string, purpose: support.UploadPurpose): KeyPlan {
  const base = objectKey.split('/').pop() ?? '';
  const ext = extOf(base);
  const kind = kindOfExtension(ext);
  if (!kind) throw badRequest(TYPE_NOT_ALLOWED, 'object_key');
  if (purpose === 'profile_image' && !(MEDIA_EXTENSIONS as readonly string[]).includes(ext))
    throw badRequest('A profile image must be a .jpg, .jpeg, .png or .webp image', 'object_key');
  return {
    key: newKey(kind, me.userId, ext),
    kind,
    ext,
    contentType: contentTypeOf(ext),
    fileName: keptName(base, ext),
  };
}

export async function signedUpload(
  ctx: ServiceContext,
  me: Identity,
  body: { object_key: string; purpose: support.UploadPurpose },
) {
  const plan = planSignedKey(me, body.object_key, body.purpose);
  const visibility = body.purpose === 'profile_image' ? 'public' : 'private';
  await insertFile(ctx.db, {
    key: plan.key,
    owner_id: me.userId.toLowerCase(),
    file_name: plan.fileName,
    content_type: plan.contentType,
    visibility,
    upload_session_id: me.sessionId,
    upload_expires_at: new Date(Date.now() + SIGNED_UPLOAD_TTL_SEC * 1000),
  });
  // On S3 the object's own ACL follows its visibility: a private file is never readable from the bucket directly.
  const acl = visibility === 'public' ? 'public-read' : 'private';
  const url = await ctx.ports.blobs.signedPutUrl(plan.key, plan.contentType, SIGNED_UPLOAD_TTL_SEC, acl);
  return { url, key: plan.key, content_type: plan.contentType, public_url: fileUrl(plan.key), acl };
}

/** Checks a stored key's bytes against its extension; the reply names the problem. */
export async function checkContent(key: string, body: Buffer): Promise<{ ext: string; contentType: string }> {
  const ext = extOf(key);
  const kind = kindOfExtension(ext);
  const m = support.OBJECT_KEY_PATTERN.exec(key);
  if (!kind || !m || m[1] !== kind) throw badRequest(TYPE_NOT_ALLOWED, 'file');
  if (!(await contentMatches(ext, body))) throw badRequest(CONTENT_MISMATCH, 'file');
  return { ext, contentType: contentTypeOf(ext) };
}

/**
 * files/media-upload (media only) and files/s3-upload (media or documents): every file is checked by size and by
 * content before any is stored; a batch with a file over 10 MB is refused with the spec's message (one or several).
 * Each file gets a new random key and is readable by its owner only (and whoever may see what it is attached to).
 */
export async function storeUploads(ctx: ServiceContext, me: Identity, files: ReceivedFile[], allowDocuments: boolean) {
  if (!files.length) throw badRequest('Choose a file to upload', 'files');
  const large = files.filter((f) => f.tooLarge);
  if (large.length)
    throw new AppError(413, files.length === 1 ? UPLOAD_TOO_LARGE_ONE : UPLOAD_TOO_LARGE_MANY, {
      errors: large.map((f) => ({ files: [`${f.fileName}: ${UPLOAD_TOO_LARGE_ONE}`] })),
    });
  const planned: Array<{ f: ReceivedFile; key: string; contentType: string; fileName: string }> = [];
  for (const f of files) {
    const ext = extOf(f.fileName);
    const kind = kindOfExtension(ext);
    if (!kind || (kind === 'documents' && !allowDocuments))
      throw badRequest(`${f.fileName || 'file'}: ${TYPE_NOT_ALLOWED}`, 'files');
    if (!f.body.length) throw badRequest(`${f.fileName}: the file is empty`, 'files');
    if (!(await contentMatches(ext, f.body))) throw badRequest(`${f.fileName}: ${CONTENT_MISMATCH}`, 'files');
    planned.push({
      f,
      key: newKey(kind, me.userId, ext),
      contentType: contentTypeOf(ext),
      fileName: keptName(f.fileName, ext),
    });
  }
  for (const p of planned) {
    await insertFile(ctx.db, {
      key: p.key,
      owner_id: me.userId.toLowerCase(),
      file_name: p.fileName,
      content_type: p.contentType,
      visibility: 'private',
      stored_at: new Date(),
    });
    await ctx.ports.blobs.put(p.key, p.f.body, p.contentType);
  }
  return planned.map((p) => ({
    key: p.key,
    url: fileUrl(p.key),
    fileName: p.f.fileName,
    mimetype: p.contentType,
  }));
}
