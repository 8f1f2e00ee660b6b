import { DOCUMENT_EXTENSIONS, MEDIA_EXTENSIONS, support } from '@kinfolio/contracts';

type FileTypeModule = typeof import('file-type/node');
let fileTypeModule: Promise<FileTypeModule> | undefined;
// file-type is ESM only: loaded once, on first use (Node 20.19+ can also require it; a dynamic import works everywhere)
const fileType = () => (fileTypeModule ??= import('file-type/node'));

/**
 * What a file's bytes say it is, by `file-type` (the ecosystem's magic-number sniffer): its MIME type, or null when
 * it recognises nothing. Never trust the extension or the declared content type alone.
 */
export async function detect(buf: Uint8Array): Promise<string | null> {
  if (!buf.length) return null;
  const found = await (await fileType()).fileTypeFromBuffer(buf).catch(() => undefined);
  return found?.mime ?? null;
}

export type Kind = 'media' | 'documents';

export const extOf = (name: string): string => {
  const m = /\.[A-Za-z0-9]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
};

export function kindOfExtension(ext: string): Kind | null {
  if (
    (MEDIA_EXTENSIONS as readonly string[]).includes(ext) ||
    (support.VIDEO_EXTENSIONS as readonly string[]).includes(ext)
  )
    return 'media';
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'documents';
  return null;
}

const DECLARED: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.3gp': 'video/3gpp',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.pdf': 'application/pdf',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The content type a file with this extension is stored and served with. */
export function contentTypeOf(ext: string): string {
  return DECLARED[ext] ?? 'application/octet-stream';
}

const ISO_VIDEO = ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/3gpp', 'video/3gpp2'];
const MATROSKA = ['video/webm', 'video/matroska', 'video/x-matroska'];
/** What file-type may say each accepted extension's bytes are (the ISO and Matroska video families are one each). */
const SNIFFED: Record<string, readonly string[]> = {
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.png': ['image/png'],
  '.webp': ['image/webp'],
  '.mp4': ISO_VIDEO,
  '.m4v': ISO_VIDEO,
  '.3gp': ISO_VIDEO,
  '.mov': ISO_VIDEO,
  '.webm': MATROSKA,
  '.mkv': MATROSKA,
  '.pdf': ['application/pdf'],
  '.pptx': [DECLARED['.pptx']!],
  '.xlsx': [DECLARED['.xlsx']!],
};

/**
 * Whether the bytes really are what the extension claims: jpeg/png/webp/video containers for media, pdf or the
 * Office Open XML package of the right kind (its [Content_Types].xml names a presentation or a workbook).
 */
export async function contentMatches(ext: string, buf: Uint8Array): Promise<boolean> {
  const allowed = SNIFFED[ext];
  if (!allowed) return false;
  const found = await detect(buf);
  return found !== null && allowed.includes(found);
}

export const CONTENT_MISMATCH = 'The file content does not match its type';
export const TYPE_NOT_ALLOWED =
  'Only .jpg, .jpeg, .png, .webp or video files, or pptx, pdf and xlsx documents, can be uploaded';
