import { support } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import type { Branding } from './report';

/** The largest profile photo a cover takes (the upload call allows more; a cover needs far less). */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/**
 * The advisor's profile photo from the shared file store, where svc-support keeps uploads and serves profile images
 * publicly (docs/decisions/client-plan-h6.md): only a key under the advisor's own id (svc-support's key pattern, media
 * kind), at most MAX_PHOTO_BYTES, and only a PNG or JPEG by its first bytes (whatever its name or stored type says).
 * Anything else, or a store that fails, is no photo and a warning: the cover then shows the advisor's initials, and
 * the export never fails over a photo.
 */
export async function advisorPhoto(ctx: ServiceContext, advisorId: string, key: string): Promise<Branding['photo']> {
  const skip = (reason: string) => {
    ctx.logger.warn({ advisorId, key: key.slice(0, 300), reason }, 'the client plan cover goes without the photo');
    return null;
  };
  const m = support.OBJECT_KEY_PATTERN.exec(key);
  if (!m || m[1] !== 'media' || m[2] !== advisorId.toLowerCase()) return skip('not an image the advisor uploaded');
  try {
    const info = await ctx.ports.blobs.head(key);
    if (!info) return skip('no such file');
    if (info.size > MAX_PHOTO_BYTES) return skip('larger than 2 MB');
    const file = await ctx.ports.blobs.get(key);
    if (!file) return skip('no such file');
    if (file.body.length > MAX_PHOTO_BYTES) return skip('larger than 2 MB');
    const type = imageType(file.body);
    if (!type) return skip('not a PNG or JPEG');
    return { data: file.body, type };
  } catch (err) {
    return skip(`the file store failed: ${(err as Error).message}`);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 'png' or 'jpeg' by a file's magic bytes, else null. */
export function imageType(b: Buffer): 'png' | 'jpeg' | null {
  if (b.length > PNG_SIGNATURE.length && b.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  return null;
}
