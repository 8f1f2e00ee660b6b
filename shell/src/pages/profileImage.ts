import { api, extensionOf, MEDIA_EXTENSIONS, type SessionUser, uploadFiles, validateUploads } from '@kinfolio/ui-kit';

/** The sign-up picker's accept attribute: the image types of the generic media upload (spec §5), no video. */
export const PROFILE_IMAGE_ACCEPT = MEDIA_EXTENSIONS.join(',');
export const PROFILE_IMAGE_NOT_IMAGE = 'Choose a .jpg, .jpeg, .png or .webp image.';

/**
 * The spec §5 media upload rules (the 10 MB and type messages) for one profile image; a video, which the generic
 * media rules let through, is no profile image. Null when the file is fine.
 */
export function profileImageError(file: File): string | null {
  const { error } = validateUploads([file], 'media');
  if (error) return error;
  return (MEDIA_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) ? null : PROFILE_IMAGE_NOT_IMAGE;
}

/**
 * The profile image picked at sign-up, kept in this tab until the advisor's first sign-in: an upload needs a
 * session and lands in the uploader's own folder (`storage/user/media/{user id}/…`), and a new advisor has neither
 * before verifying and signing in (docs/decisions/web.md).
 */
let pending: { email: string; file: File } | null = null;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function keepProfileImage(email: string, file: File | null): void {
  pending = file ? { email, file } : null;
}

/** The image kept for this e-mail, handed out once. */
export function takeProfileImage(email: string): File | null {
  if (!pending || !sameEmail(pending.email, email)) return null;
  const { file } = pending;
  pending = null;
  return file;
}

/**
 * After an advisor's sign-in: uploads the image kept at sign-up (ui-kit uploadFiles, kind 'media') and saves it as
 * the profile image (PATCH user/update). Answers the updated user, or null when there was nothing to do or the
 * upload failed (spec §8: a failed upload returns nothing; the advisor can set an image later).
 */
export async function attachProfileImage(user: SessionUser): Promise<SessionUser | null> {
  const file = takeProfileImage(user.email);
  if (!file || user.type !== 'advisor' || user.profile_image) return null;
  const [uploaded] = await uploadFiles([file], { kind: 'media', userId: user.id, purpose: 'profile_image' });
  if (!uploaded) return null;
  try {
    return await api.patch<SessionUser>('user/update', { user_id: user.id, profile_image: uploaded.key });
  } catch {
    return null;
  }
}
