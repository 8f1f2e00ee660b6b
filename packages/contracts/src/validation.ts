import { z } from 'zod';

/** Spec §5 text inputs: emoji and < > { } [ ] ~ ` | ^ are rejected. Shared by the browser and the services. */
export const FORBIDDEN_TEXT_CHARS = /[<>{}[\]~`|^]/;
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0F/u;
export const TEXT_MAX_LENGTH = 1000;

export function isSafeText(value: string): boolean {
  return !FORBIDDEN_TEXT_CHARS.test(value) && !EMOJI.test(value);
}

/**
 * The one rule every string of every request obeys (issue 10 item 3): no C0 control characters, DEL or C1 control
 * characters (PostgreSQL refuses NUL in text and jsonb; the others corrupt logs and screens), and no unpaired
 * surrogate (not valid Unicode: jsonb refuses its escape, UTF-8 cannot encode it). Tab, LF and CR are allowed only
 * in multi-line text (bios, ticket queries and replies, rich HTML, stack traces).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed';
export const LONE_SURROGATE_MESSAGE = 'Contains an invalid character (an unpaired surrogate)';
export const FORBIDDEN_TEXT_MESSAGE = 'Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed';

/** The message for a string that breaks the one rule, or null when it is clean. */
export function textProblem(value: string, multiline = false): string | null {
  if ((multiline ? CONTROL_CHARS : CONTROL_CHARS_SINGLE_LINE).test(value)) return CONTROL_CHARS_MESSAGE;
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_MESSAGE;
  return null;
}

export interface TextOptions {
  /** Allow tab, LF and CR (text areas). */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default true for plain text, false for the others). */
  trim?: boolean;
}

const maxMessage = (max: number) => ({ message: `Must be at most ${max} characters` });
/** zod refinements report the first problem of a string under the field's own path. */
const clean = (multiline: boolean) => (value: string, ctx: z.RefinementCtx) => {
  const problem = textProblem(value, multiline);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/**
 * Any string a request carries that is not a typed-in text (keys, URLs, page paths, file names, stack traces):
 * the one rule only. Every string schema of the contracts is built from this or from PlainText/RichText (a unit
 * test walks every request schema and fails on a string field that accepts a control character).
 */
export const CleanString = (max: number, opts: TextOptions = {}) => {
  const base = opts.trim ? z.string().trim() : z.string();
  return base.max(max, maxMessage(max)).superRefine(clean(opts.multiline ?? false));
};

/** Spec §5 text inputs (names, titles, designations, ticket queries and replies, search words): the one rule plus the spec's. */
export const PlainText = (max = TEXT_MAX_LENGTH, opts: TextOptions = {}) =>
  CleanString(max, { trim: true, ...opts }).refine(isSafeText, { message: FORBIDDEN_TEXT_MESSAGE });

/** Rich HTML (FAQ questions and answers, walkthrough descriptions): multi-line, markup allowed, sanitised by the service. */
export const RichText = (max: number) => CleanString(max, { multiline: true });

/** Kept for the schemas written before PlainText: a single-line spec §5 text input. */
export const SafeText = (max = TEXT_MAX_LENGTH) => PlainText(max);

/** Deepest nesting of a JSON request body (objects and arrays); deeper bodies are refused before they are parsed. */
export const JSON_MAX_DEPTH = 32;

/**
 * Free-form JSON a request may carry (client error log info and userData): at most JSON_MAX_DEPTH levels, and every
 * key and string inside obeys the one rule (multi-line allowed). Returns the path and message of the first problem.
 */
export function jsonProblem(
  value: unknown,
  maxDepth = JSON_MAX_DEPTH,
): { path: Array<string | number>; message: string } | null {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: Array<string | number> };
    if (typeof v === 'string') {
      const problem = textProblem(v, true);
      if (problem) return { path, message: problem };
    } else if (v !== null && typeof v === 'object') {
      if (path.length >= maxDepth) return { path, message: `Nested more than ${maxDepth} levels deep` };
      if (Array.isArray(v)) for (const [i, item] of v.entries()) stack.push({ v: item, path: [...path, i] });
      else
        for (const [k, item] of Object.entries(v)) {
          const problem = textProblem(k, false);
          if (problem) return { path: [...path, k], message: `Key: ${problem}` };
          stack.push({ v: item, path: [...path, k] });
        }
    }
  }
  return null;
}

/** JSON of unknown shape (an object or array schema of unknown items), checked by jsonProblem. */
export const SafeJson = <S extends z.ZodType>(schema: S, maxDepth = JSON_MAX_DEPTH) =>
  schema.superRefine((value, ctx) => {
    const problem = jsonProblem(value, maxDepth);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
export const SafeJsonObject = (maxDepth = JSON_MAX_DEPTH) => SafeJson(z.record(z.string(), z.unknown()), maxDepth);
export const SafeJsonArray = (maxDepth = JSON_MAX_DEPTH) => SafeJson(z.array(z.unknown()), maxDepth);

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
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  .superRefine(clean(false));
/** The password typed at sign-in: any length up to the maximum (old accounts), the one rule still applies. */
export const LoginPassword = z
  .string()
  .min(1, { message: 'Enter password' })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  .superRefine(clean(false));

export const Otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });
export const Phone = z
  .string()
  .trim()
  .regex(/^\d{6,15}$/, { message: 'Enter a valid phone number' });
export const CountryCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, { message: 'Enter a valid country code' });

/** Spec §5 uploads. */
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_TOO_LARGE_ONE = 'The file exceeds the 10MB size limit and will not be uploaded.';
export const UPLOAD_TOO_LARGE_MANY = 'Some files are larger than the 10MB limit and will not be uploaded.';
export const MEDIA_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const DOCUMENT_EXTENSIONS = ['.pptx', '.pdf', '.xlsx'] as const;
