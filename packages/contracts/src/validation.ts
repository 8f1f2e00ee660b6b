import { z } from 'zod';

/** Spec §5 text inputs: emoji and < > { } [ ] ~ ` | ^ are rejected. Shared by the browser and the services. */
export const FORBIDDEN_TEXT_CHARS = /[<>{}[\]~`|^]/;
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0F/u;
export const TEXT_MAX_LENGTH = 1000;

export function isSafeText(value: string): boolean {
  return !FORBIDDEN_TEXT_CHARS.test(value) && !EMOJI.test(value);
}

export const SafeText = (max = TEXT_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isSafeText, { message: 'Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed' });

/** Spec §5 e-mail: a stricter and a looser pattern. The strict one gates the server. */
export const EMAIL_STRICT = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_LOOSE = /^\S+@\S+\.\S+$/;
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_STRICT, { message: 'Enter a valid e-mail address' });

/** Spec §5 username: letters, digits and spaces; spaces become hyphens; lowercased. */
export const USERNAME_ALLOWED_CHAR = /^[A-Za-z0-9 ]$/;
export function normaliseUsername(raw: string): string {
  return raw.trim().replace(/\s+/g, '-').toLowerCase();
}
export const Username = z
  .string({ error: 'Enter user name' })
  .trim()
  .min(1, { message: 'Enter user name' })
  .max(63, { message: 'User name is too long' })
  .regex(/^[A-Za-z0-9 -]+$/, { message: 'Only alpha and numeric characters are allowed.' })
  .transform(normaliseUsername)
  .refine((v) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), { message: 'Only alpha and numeric characters are allowed.' });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

export const Otp = z.string().trim().regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });
export const Phone = z.string().trim().regex(/^\d{6,15}$/, { message: 'Enter a valid phone number' });
export const CountryCode = z.string().trim().regex(/^\+?\d{1,4}$/, { message: 'Enter a valid country code' });

/** Spec §5 uploads. */
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_TOO_LARGE_ONE = 'The file exceeds the 10MB size limit and will not be uploaded.';
export const UPLOAD_TOO_LARGE_MANY = 'Some files are larger than the 10MB limit and will not be uploaded.';
export const MEDIA_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const DOCUMENT_EXTENSIONS = ['.pptx', '.pdf', '.xlsx'] as const;
