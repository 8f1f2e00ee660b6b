import { api, authorizationType } from './api';
import { UPLOAD_MAX_BYTES, UPLOAD_STAGGER_MS } from './constants';

export type UploadKind = 'media' | 'document';
/**
 * What an upload is for: every stored file is private to whoever may see what it belongs to, except a profile image,
 * which anyone may read (the advisor's public page shows it).
 */
export type UploadPurpose = 'attachment' | 'profile_image';

export const UPLOAD_TOO_LARGE_ONE = 'The file exceeds the 10MB size limit and will not be uploaded.';
export const UPLOAD_TOO_LARGE_MANY = 'Some files are larger than the 10MB limit and will not be uploaded.';
export const UPLOAD_WRONG_TYPE_MEDIA = 'Only .jpg, .jpeg, .png, .webp or video files can be uploaded.';
export const UPLOAD_WRONG_TYPE_DOCUMENT = 'Only .pptx, .pdf or .xlsx files can be uploaded.';
export const MEDIA_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const DOCUMENT_EXTENSIONS = ['.pptx', '.pdf', '.xlsx'] as const;
/** The picker's accept attribute for each kind. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  media: `${MEDIA_EXTENSIONS.join(',')},video/*`,
  document: DOCUMENT_EXTENSIONS.join(','),
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

export function isAllowedUpload(file: { name: string; type: string }, kind: UploadKind): boolean {
  const ext = extensionOf(file.name);
  if (kind === 'document') return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
  return (MEDIA_EXTENSIONS as readonly string[]).includes(ext) || file.type.startsWith('video/');
}

/**
 * Spec §5 generic upload: only allowed types, at most 10,485,760 bytes each. Too-large files are dropped with the
 * one-file or several-files message; wrong types are dropped with a type message.
 */
export function validateUploads(files: File[], kind: UploadKind): { accepted: File[]; error?: string } {
  const accepted: File[] = [];
  let tooLarge = 0;
  let wrongType = 0;
  for (const f of files) {
    if (!isAllowedUpload(f, kind)) wrongType++;
    else if (f.size > UPLOAD_MAX_BYTES) tooLarge++;
    else accepted.push(f);
  }
  if (tooLarge > 0) return { accepted, error: files.length === 1 ? UPLOAD_TOO_LARGE_ONE : UPLOAD_TOO_LARGE_MANY };
  if (wrongType > 0)
    return { accepted, error: kind === 'media' ? UPLOAD_WRONG_TYPE_MEDIA : UPLOAD_WRONG_TYPE_DOCUMENT };
  return { accepted };
}

export interface UploadedFile {
  key: string;
  url: string;
  fileName: string;
  mimetype: string;
}

interface SignedUpload {
  url?: string;
  key?: string;
  content_type?: string;
  public_url?: string;
  /** The x-amz-acl the PUT carries: public-read for public files (profile images), private for the rest. */
  acl?: 'public-read' | 'private';
  data?: { url?: string; acl?: 'public-read' | 'private' };
}

/** The object key (spec §7): storage/user/media/{id}/{timestamp}.{ext}, or the original file name for documents (the server files it under the caller's documents folder). */
export function objectKeyFor(file: { name: string }, kind: UploadKind, userId: string, timestamp = Date.now()): string {
  if (kind === 'document') return file.name;
  const ext = extensionOf(file.name).replace(/^\./, '') || 'bin';
  return `storage/user/media/${userId}/${timestamp}.${ext}`;
}

/** A URL on this origin (the embedded BlobStore's signed PUT goes through the gateway). */
export function isSameOriginUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return typeof location !== 'undefined' && new URL(url).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * The PUT's headers: content type and the ACL the service signed (public-read unless it says private); a PUT to this origin also carries the Authorization-Type header
 * like every other call (spec §6). A PUT to S3 gets no extra header (it would need the bucket's CORS to allow it).
 */
export function putHeaders(
  url: string,
  mimetype: string,
  acl: 'public-read' | 'private' = 'public-read',
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': mimetype, 'x-amz-acl': acl };
  if (isSameOriginUrl(url)) headers['Authorization-Type'] = authorizationType();
  return headers;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Uploads each file (staggered by 50 ms): POST files/signed-upload {object_key} → {url}, then PUT the file there
 * with its content type and the `x-amz-acl` the service signed. A file that fails is left out (spec §8: failed uploads return
 * nothing); the caller clears its uploading flag in `finally`.
 */
export async function uploadFiles(
  files: File[],
  opts: { kind: UploadKind; userId: string; purpose?: UploadPurpose },
): Promise<UploadedFile[]> {
  const results = await Promise.all(
    files.map(async (file, i): Promise<UploadedFile | null> => {
      if (i > 0) await sleep(UPLOAD_STAGGER_MS * i);
      try {
        const key = objectKeyFor(file, opts.kind, opts.userId, Date.now() + i);
        const signed = await api.post<SignedUpload>('files/signed-upload', {
          object_key: key,
          ...(opts.purpose ? { purpose: opts.purpose } : {}),
        });
        const url = signed?.url ?? signed?.data?.url;
        if (!url) return null;
        const mimetype = signed.content_type || file.type || 'application/octet-stream';
        const put = await fetch(url, {
          method: 'PUT',
          body: file,
          headers: putHeaders(url, mimetype, signed.acl ?? signed.data?.acl),
        });
        if (!put.ok) return null;
        const storedKey = signed.key ?? key;
        return { key: storedKey, url: signed.public_url ?? url.split('?')[0] ?? url, fileName: file.name, mimetype };
      } catch {
        return null;
      }
    }),
  );
  return results.filter((r): r is UploadedFile => r !== null);
}
