import { DOCUMENT_EXTENSIONS, MEDIA_EXTENSIONS, support } from '@kinfolio/contracts';

/** What a file's first bytes say it is (never trust the extension or the declared content type alone). */
export type Detected =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/webm'
  | 'application/pdf'
  | 'application/zip';

export function detect(buf: Buffer): Detected | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp')
    return buf.toString('latin1', 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x504b0304) return 'application/zip';
  return null;
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

/**
 * Whether the bytes really are what the extension claims: jpeg/png/webp/video containers for media, pdf or an
 * Office Open XML zip of the right family (pptx holds ppt/, xlsx holds xl/) for documents.
 */
export function contentMatches(ext: string, buf: Buffer): boolean {
  const d = detect(buf);
  switch (ext) {
    case '.jpg':
    case '.jpeg':
      return d === 'image/jpeg';
    case '.png':
      return d === 'image/png';
    case '.webp':
      return d === 'image/webp';
    case '.mp4':
    case '.m4v':
    case '.3gp':
    case '.mov':
      return d === 'video/mp4' || d === 'video/quicktime';
    case '.webm':
    case '.mkv':
      return d === 'video/webm';
    case '.pdf':
      return d === 'application/pdf';
    case '.pptx':
      return d === 'application/zip' && buf.includes('[Content_Types].xml') && buf.includes('ppt/');
    case '.xlsx':
      return d === 'application/zip' && buf.includes('[Content_Types].xml') && buf.includes('xl/');
    default:
      return false;
  }
}

export const CONTENT_MISMATCH = 'The file content does not match its type';
export const TYPE_NOT_ALLOWED =
  'Only .jpg, .jpeg, .png, .webp or video files, or pptx, pdf and xlsx documents, can be uploaded';
