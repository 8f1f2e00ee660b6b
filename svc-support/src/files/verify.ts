import { support, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import { AppError, type BlobStore, type Identity, type ServiceContext } from '@kinfolio/service-kit';
import {
  CONTENT_MISMATCH,
  contentMatches,
  contentTypeOf,
  extOf,
  kindOfExtension,
  TYPE_NOT_ALLOWED,
} from './content-type';

/**
 * How much of a stored file is read to check it: its first bytes; an Office file's first 64 KB, where its
 * [Content_Types].xml (the first entry of the package) says what it is.
 */
export const HEAD_BYTES = 4096;
export const ZIP_HEAD_BYTES = 65_536;

export type StoredProblem = 'missing' | 'empty' | 'too_large' | 'type' | 'mismatch';

export const STORED_MESSAGES: Record<StoredProblem, string> = {
  missing: 'The file was not found. Upload it again.',
  empty: 'The file is empty',
  too_large: UPLOAD_TOO_LARGE_ONE,
  type: TYPE_NOT_ALLOWED,
  mismatch: CONTENT_MISMATCH,
};

export type Inspection = { ok: true; size: number; contentType: string } | { ok: false; problem: StoredProblem };

/**
 * Checks a stored file whatever the store (local disk, or S3 where the browser PUT it directly): its size as the
 * store reports it (1 byte to 10,485,760), its stored content type (the one its extension is served with), and its
 * first bytes' magic number against the extension. Only the first bytes (and an Office file's last 64 KB, where the
 * zip's directory names `ppt/` or `xl/`) are read, never the whole file.
 */
export async function inspectStored(store: BlobStore, key: string): Promise<Inspection> {
  const ext = extOf(key);
  const kind = kindOfExtension(ext);
  const m = support.OBJECT_KEY_PATTERN.exec(key);
  if (!kind || !m || m[1] !== kind) return { ok: false, problem: 'type' };
  const info = await store.head(key);
  if (!info) return { ok: false, problem: 'missing' };
  if (info.size <= 0) return { ok: false, problem: 'empty' };
  if (info.size > UPLOAD_MAX_BYTES) return { ok: false, problem: 'too_large' };
  const expected = contentTypeOf(ext);
  const stored = (info.contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (stored !== expected) return { ok: false, problem: 'mismatch' };
  const zip = ext === '.pptx' || ext === '.xlsx';
  const head = await store.readRange(key, 0, Math.min(zip ? ZIP_HEAD_BYTES : HEAD_BYTES, info.size));
  if (!head) return { ok: false, problem: 'missing' };
  if (!(await contentMatches(ext, head))) return { ok: false, problem: 'mismatch' };
  return { ok: true, size: info.size, contentType: expected };
}

/** A 400 naming the file and the field, e.g. `cat.png: The file content does not match its type`. */
function refusal(fileName: string, field: string, problem: StoredProblem): AppError {
  const message = `${fileName}: ${STORED_MESSAGES[problem]}`;
  return new AppError(400, message, { errors: [{ [field]: [message] }] });
}

/**
 * Checks one stored file the caller uploaded; a bad one is deleted (it can never be attached) and refused with a
 * 400 naming it.
 */
export async function verifyStoredOrRefuse(
  ctx: ServiceContext,
  key: string,
  fileName: string,
  field: string,
): Promise<{ size: number; contentType: string }> {
  const result = await inspectStored(ctx.ports.blobs, key);
  if (result.ok) return result;
  if (result.problem !== 'missing') {
    await ctx.ports.blobs
      .delete(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not delete a refused upload'));
  }
  ctx.logger.info({ key, problem: result.problem }, 'stored file refused');
  throw refusal(fileName, field, result.problem);
}

/**
 * Attachments of a ticket or reply: every key must be under the caller's own folder and every file must pass the
 * stored-content check. Returns the attachments with the verified content type as their mimetype.
 */
export async function verifyAttachments(
  ctx: ServiceContext,
  me: Identity,
  attachments: support.Attachment[],
): Promise<support.Attachment[]> {
  const uid = me.userId.toLowerCase();
  attachments.forEach((a, i) => {
    const m = support.OBJECT_KEY_PATTERN.exec(a.media);
    if (!m || m[2] !== uid) {
      throw new AppError(400, 'Attachments must be files you uploaded', {
        errors: [{ [`attachments.${i}.media`]: ['Attachments must be files you uploaded'] }],
      });
    }
  });
  const checks = await Promise.allSettled(
    attachments.map((a, i) => verifyStoredOrRefuse(ctx, a.media, a.fileName, `attachments.${i}.media`)),
  );
  const failed = checks.find((c): c is PromiseRejectedResult => c.status === 'rejected');
  if (failed) throw failed.reason;
  return attachments.map((a, i) => {
    const c = checks[i];
    return c?.status === 'fulfilled' ? { ...a, mimetype: c.value.contentType } : a;
  });
}
