import { TOKEN_COOKIE, USER_COOKIE } from './constants';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = 30 * 86_400): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the user record in a readable cookie
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The user record fields kept in the readable cookie (spec §3 User: cookie and application state). */
export interface CookieUser {
  id: string;
  type: 'admin' | 'advisor' | 'customer';
  name: string;
  username: string | null;
  profile_image: string | null;
  gender: 'male' | 'female';
  referral_id: string | null;
}

export function readUserCookie(): CookieUser | null {
  const raw = readCookie(USER_COOKIE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CookieUser> | null;
    if (!v || typeof v.id !== 'string' || (v.type !== 'admin' && v.type !== 'advisor' && v.type !== 'customer'))
      return null;
    return {
      id: v.id,
      type: v.type,
      name: typeof v.name === 'string' ? v.name : '',
      username: typeof v.username === 'string' ? v.username : null,
      profile_image: typeof v.profile_image === 'string' ? v.profile_image : null,
      gender: v.gender === 'female' ? 'female' : 'male',
      referral_id: typeof v.referral_id === 'string' ? v.referral_id : null,
    };
  } catch {
    return null;
  }
}

export function writeUserCookie(u: CookieUser): void {
  const { id, type, name, username, profile_image, gender, referral_id } = u;
  writeCookie(USER_COOKIE, JSON.stringify({ id, type, name, username, profile_image, gender, referral_id }));
}

/** Clears the token and user cookies (spec §8 'Invalid token', §4 logout). The HttpOnly session cookie is the server's. */
export function clearSessionCookies(): void {
  deleteCookie(USER_COOKIE);
  deleteCookie(TOKEN_COOKIE);
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Notified when the API client drops the session ('Invalid token'), so the session state resets at once. */
export function onSessionCleared(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function emitSessionCleared(): void {
  for (const fn of listeners) fn();
}
