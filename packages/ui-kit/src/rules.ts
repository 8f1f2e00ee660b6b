/**
 * Input rules of spec §5 as pure functions (the components in ./components use them). The patterns mirror
 * `@kinfolio/contracts` validation.ts (a unit test keeps them equal) so zod stays out of the browser bundle.
 */
import { FLOAT_MAX_DECIMALS, NUMBER_MAX_LENGTH, TEXT_MAX_LENGTH } from './constants';

export const FORBIDDEN_TEXT_CHARS = /[<>{}[\]~`|^]/;
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0F/u;
export const EMAIL_STRICT = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_LOOSE = /^\S+@\S+\.\S+$/;

/** Text inputs: emoji and < > { } [ ] ~ ` | ^ are rejected. */
export function isTextAllowed(value: string): boolean {
  return !FORBIDDEN_TEXT_CHARS.test(value) && !EMOJI.test(value);
}

/** A text input change: the new value, or null when it must be ignored (and the field flashes). */
export function filterTextInput(next: string, maxLength = TEXT_MAX_LENGTH): string | null {
  if (!isTextAllowed(next)) return null;
  return next.length > maxLength ? next.slice(0, maxLength) : next;
}

/**
 * 'Enter <label>' (spec §5 placeholder default): the label as it is written, case kept ('Full Name' → 'Enter Full
 * Name'). The spec's 'Enter user name' is the empty-username message, not a placeholder (docs/decisions/web.md).
 */
export function defaultPlaceholder(label: string): string {
  return `Enter ${label.trim()}`;
}

/**
 * Username typing (spec §5): a character other than a letter, digit or space rejects the input (null: flash,
 * ignore). Spaces become hyphens and the value is lowercased. A hyphen already shown stands for a space.
 */
export function filterUsernameInput(next: string): string | null {
  if (!/^[A-Za-z0-9 -]*$/.test(next)) return null;
  return next.replace(/ /g, '-').toLowerCase();
}

/** The username as saved: spaces (and runs of hyphens) become one hyphen, no hyphen at either end, lowercase. */
export function normaliseUsername(raw: string): string {
  return raw
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** 'Enter user name' when empty, the allowed-characters text when invalid, else null. */
export function usernameError(raw: string): string | null {
  const v = normaliseUsername(raw);
  if (!v) return 'Enter user name';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v)) return 'Only alpha and numeric characters are allowed.';
  if (v.length > 63) return 'User name is too long';
  return null;
}

export interface NumberRule {
  /** Maximum length of the typed value (default 1000). */
  maxLength?: number;
  /** Decimals allowed: 0 for integers, at most 3 for floats. */
  decimals?: number;
  /** A number lower than this is replaced by it. */
  min?: number;
  /** Allow a leading minus sign. */
  allowNegative?: boolean;
}

/**
 * Number and float inputs (spec §5): the accepted value or null when the input is rejected. Length limited to
 * maxLength, floats at most 3 decimals, and a number below `min` is replaced by `min`.
 */
export function clampNumberInput(raw: string, rule: NumberRule = {}): string | null {
  const { maxLength = NUMBER_MAX_LENGTH, decimals = 0, min, allowNegative = false } = rule;
  const d = Math.min(Math.max(0, decimals), FLOAT_MAX_DECIMALS);
  const value = raw.trim();
  if (value === '') return '';
  if (value.length > maxLength) return null;
  const sign = allowNegative ? '-?' : '';
  const pattern = d > 0 ? new RegExp(`^${sign}\\d*(\\.\\d{0,${d}})?$`) : new RegExp(`^${sign}\\d*$`);
  if (!pattern.test(value)) return null;
  if (min !== undefined) {
    const n = Number(value);
    if (value !== '-' && value !== '.' && Number.isFinite(n) && n < min) return String(min);
  }
  return value;
}

/** Key filters (spec §5): letters and digits only. */
export function filterAlphanumeric(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/** Key filters (spec §5): digits only, optionally one dot. */
export function filterDigits(value: string, allowDot = false): string {
  if (!allowDot) return value.replace(/\D/g, '');
  const cleaned = value.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

export function isEmailStrict(value: string): boolean {
  return EMAIL_STRICT.test(value.trim());
}

export function isEmailLoose(value: string): boolean {
  return EMAIL_LOOSE.test(value.trim());
}

/** Long attachment names are shown cut to 10 characters plus an ellipsis (spec §5). */
export function shortName(name: string, chars = 10): string {
  return name.length > chars ? `${name.slice(0, chars)}...` : name;
}
