/** Where stored files (profile images, attachments) are read from by relative path (spec §7). */
let mediaBase = '/api/v1/files/blob/';

export function setMediaBase(base: string): void {
  mediaBase = base.endsWith('/') ? base : `${base}/`;
}

/** A stored relative path as a URL; absolute URLs, root paths and data URIs pass unchanged. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:|\/)/i.test(path)) return path;
  return mediaBase + path.replace(/^\.?\/+/, '');
}
