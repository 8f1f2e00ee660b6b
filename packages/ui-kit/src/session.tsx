import type { auth } from '@kinfolio/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { api, setAuthorizationType } from './api';
import { COOKIE_POLL_MS, CUSTOMER_LOGIN_ROUTE, LOCAL_DATABASES, LOGIN_ROUTE, USER_COOKIE } from './constants';
import { clearSessionCookies, onSessionCleared, readCookie, readUserCookie, writeUserCookie } from './cookies';
import { navigateTo } from './navigation';

/** The signed-in user (spec §3 User; what `users/me` answers). */
export type SessionUser = auth.User;
export type SessionStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  /** Reloads the user from `users/me`. */
  refresh(): Promise<void>;
  /** Sets (after sign-in or an update) or clears the user; keeps the user cookie in step. */
  setUser(u: SessionUser | null): void;
  /** Server logout, then cookies, local data and state cleared and the login route, even when the call fails. */
  logout(): Promise<void>;
}

const noop = async () => undefined;
const SessionContext = createContext<Session>({
  user: null,
  status: 'idle',
  refresh: noop,
  setUser: () => undefined,
  logout: noop,
});

/** Clears local data at logout: localStorage, sessionStorage and the IndexedDB databases AppDB and main. */
export function clearLocalData(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
  try {
    if (typeof indexedDB !== 'undefined') for (const name of LOCAL_DATABASES) indexedDB.deleteDatabase(name);
  } catch {
    // ignore
  }
}

export interface SessionProviderProps {
  children: ReactNode;
  /** For tests and stories: start with this user and skip hydration. */
  initialUser?: SessionUser | null;
}

export function SessionProvider({ children, initialUser }: SessionProviderProps) {
  const [user, setUserState] = useState<SessionUser | null>(initialUser ?? null);
  const [status, setStatus] = useState<SessionStatus>(initialUser !== undefined ? 'loaded' : 'idle');
  const userRef = useRef(user);
  userRef.current = user;
  const cookieSeen = useRef<string | undefined>(undefined);

  const setUser = useCallback((u: SessionUser | null) => {
    setAuthorizationType(u?.type ?? null);
    if (u) writeUserCookie(u);
    else clearSessionCookies();
    cookieSeen.current = readCookie(USER_COOKIE);
    setUserState(u);
    setStatus('loaded');
  }, []);

  const refresh = useCallback(async () => {
    setStatus('loading');
    try {
      // No catalogue here: a stale session at load just signs the visitor out (the route guard sends signed-in
      // areas to the login page); a public page stays where it is.
      const me = await api.get<SessionUser>('users/me', { key: 'session:me', catalogue: false });
      setAuthorizationType(me.type);
      writeUserCookie(me);
      cookieSeen.current = readCookie(USER_COOKIE);
      setUserState(me);
      setStatus('loaded');
    } catch (e) {
      if ((e as { aborted?: boolean }).aborted) return;
      const status = (e as { status?: number }).status;
      if (status === 401 || status === 403) {
        // not signed in (any more): drop the token and user cookies (spec §8 'Invalid token')
        clearSessionCookies();
        cookieSeen.current = undefined;
        setAuthorizationType(null);
        setUserState(null);
        setStatus('loaded');
      } else {
        setStatus('error');
      }
    }
  }, []);

  const logout = useCallback(async () => {
    const type = userRef.current?.type ?? readUserCookie()?.type;
    const path = type === 'customer' ? 'customer/auth/logout' : 'auth/logout';
    try {
      await api.get(path, { catalogue: false });
    } catch {
      // spec §8: a failed logout call is ignored; the client is cleared anyway
    }
    clearSessionCookies();
    clearLocalData();
    setAuthorizationType(null);
    cookieSeen.current = undefined;
    setUserState(null);
    setStatus('loaded');
    navigateTo(type === 'customer' ? CUSTOMER_LOGIN_ROUTE : LOGIN_ROUTE, { replace: true });
  }, []);

  // Hydrate at load: a user cookie means a session may be held (the token cookie itself is HttpOnly).
  useEffect(() => {
    if (initialUser !== undefined) return;
    cookieSeen.current = readCookie(USER_COOKIE);
    const cached = readUserCookie();
    if (cached) {
      setAuthorizationType(cached.type);
      void refresh();
    } else setStatus('loaded');
  }, [initialUser, refresh]);

  // The API client dropped the session ('Invalid token').
  useEffect(
    () =>
      onSessionCleared(() => {
        setAuthorizationType(null);
        cookieSeen.current = undefined;
        setUserState(null);
        setStatus('loaded');
      }),
    [],
  );

  // Cookie change poll (spec §9, 300 ms): sign-in or sign-out in another tab.
  useEffect(() => {
    if (initialUser !== undefined) return;
    const timer = setInterval(() => {
      const now = readCookie(USER_COOKIE);
      if (now === cookieSeen.current) return;
      cookieSeen.current = now;
      const cached = readUserCookie();
      if (!cached) {
        setAuthorizationType(null);
        setUserState(null);
        setStatus('loaded');
      } else if (cached.id !== userRef.current?.id) void refresh();
    }, COOKIE_POLL_MS);
    return () => clearInterval(timer);
  }, [initialUser, refresh]);

  const value = useMemo<Session>(
    () => ({ user, status, refresh, setUser, logout }),
    [user, status, refresh, setUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
