import type { meetings } from '@kinfolio/contracts';
import { useSession } from '@kinfolio/ui-kit';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHousehold } from '../household/context';
import { meetingApi } from './api';
import { MeetingClient, type MeetingSnapshot } from './client';
import { MeetingContext, type MeetingApi, NO_MEETING } from './context';
import { openMeetingSocket } from './socket';

/** The figure a family member last pointed at (focused or opened): what "Raise hand" asks about. */
export interface FigureRef {
  figure: string;
  label: string;
}

/** What the meeting bar and the figures need beyond `useMeeting()`: the whole state and the actions. */
export interface MeetingInternals {
  client: MeetingClient | null;
  snap: MeetingSnapshot | null;
  /** A figure was focused or opened on this screen. */
  noteFigure(f: FigureRef): void;
  lastFigure(): FigureRef | null;
}
const IDLE: MeetingInternals = { client: null, snap: null, noteFigure: () => undefined, lastFigure: () => null };
const Internals = createContext<MeetingInternals>(IDLE);
export const useMeetingInternals = () => useContext(Internals);

const NO_SNAPSHOT = () => null;
const NO_SUBSCRIBE = () => () => undefined;

const sessionStore = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/** Where the location is under the dashboard's root: the view's `path` and `search` (null outside it). */
export function viewAddress(pathname: string, search: string, base: string): { path: string; search: string } | null {
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const path = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  const q = search.replace(/^\?/, '');
  if (!/^[A-Za-z0-9._~%/-]*$/.test(path) || path.length > 300) return null;
  // a query the view cannot carry is left behind (the page's own defaults apply on the other screens)
  return { path, search: /^[A-Za-z0-9._~%&=+-]*$/.test(q) && q.length <= 300 ? q : '' };
}

/** The dashboard address of a view (what a follower navigates to). */
export const viewHref = (base: string, v: { path: string; search: string }) =>
  `${base}/${v.path}${v.search ? `?${v.search}` : ''}`;

/** How soon a follower may be sent to the same view again (longer than a page's redirect takes). */
const FOLLOW_AGAIN_MS = 1000;

/**
 * Follows and publishes the navigation: a screen that does not steer goes where the view says (replacing its history
 * entry); the one that steers publishes where it goes.
 */
function Navigation({ base, api }: { base: string; api: MeetingApi }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { active, inControl, view, publish } = api;
  const path = view?.path ?? null;
  const query = view?.search ?? '';
  const followed = useRef<{ key: string; at: number } | null>(null);
  // follow
  useEffect(() => {
    if (!active || inControl || path === null || path === '') return;
    const here = viewAddress(pathname, search, base);
    if (here && here.path === path && here.search === query) return;
    // a follower that wanders off (a tab clicked) is brought back: the view is the meeting's. A page that redirects
    // (dreams-concerns → my-dreams) lands elsewhere at once: the same view is not followed again within a second
    const key = `${path}?${query}`;
    const last = followed.current;
    if (last && last.key === key && Date.now() - last.at < FOLLOW_AGAIN_MS) return;
    followed.current = { key, at: Date.now() };
    navigate(viewHref(base, { path, search: query }), { replace: true });
  }, [active, inControl, path, query, pathname, search, base, navigate]);
  // publish
  useEffect(() => {
    if (!active || !inControl) return;
    const here = viewAddress(pathname, search, base);
    if (!here || (here.path === path && here.search === query)) return;
    publish(here);
  }, [active, inControl, pathname, search, path, query, base, publish]);
  return null;
}

/**
 * The household workspace's meeting (issue 36): holds one MeetingClient per household and viewer (its socket is
 * opened only when a meeting is in reach: the family's dashboard looks for one, the advisor's when starting or when
 * this tab had joined one), gives screens `useMeeting()` and the bar its state and actions, and follows or publishes
 * the navigation.
 */
export function MeetingProvider({
  base,
  viewer,
  children,
}: {
  base: string;
  viewer: 'advisor' | 'customer';
  children: ReactNode;
}) {
  const { household } = useHousehold();
  const { user } = useSession();
  const householdId = household?.id ?? null;
  const userId = user?.id ?? null;
  const role: meetings.MeetingRole = viewer === 'advisor' ? 'advisor' : 'family';
  const [client, setClient] = useState<MeetingClient | null>(null);
  useEffect(() => {
    if (!householdId || !userId) {
      setClient(null);
      return;
    }
    const c = new MeetingClient({
      householdId,
      role,
      userId,
      fetchPass: () => meetingApi.pass(householdId),
      open: openMeetingSocket,
      storage: sessionStore(),
    });
    setClient(c);
    c.init();
    return () => c.dispose();
  }, [householdId, userId, role]);

  const snap = useSyncExternalStore(
    client ? client.subscribe : NO_SUBSCRIBE,
    client ? client.getSnapshot : NO_SNAPSHOT,
    client ? client.getSnapshot : NO_SNAPSHOT,
  );
  const publish = useCallback((patch: Partial<meetings.MeetingViewInput>) => client?.publish(patch), [client]);
  const meeting = snap?.phase === 'joined' ? snap.meeting : null;
  const inControl = !!meeting && !!client && client.inControl;
  const api = useMemo<MeetingApi>(
    () => (meeting ? { active: true, role, inControl, view: meeting.view, publish } : NO_MEETING),
    [meeting, role, inControl, publish],
  );

  const last = useRef<FigureRef | null>(null);
  const noteFigure = useCallback((f: FigureRef) => {
    last.current = f;
  }, []);
  const lastFigure = useCallback(() => last.current, []);
  const internals = useMemo<MeetingInternals>(
    () => ({ client, snap, noteFigure, lastFigure }),
    [client, snap, noteFigure, lastFigure],
  );
  return (
    <Internals.Provider value={internals}>
      <MeetingContext.Provider value={api}>
        <Navigation base={base} api={api} />
        {children}
      </MeetingContext.Provider>
    </Internals.Provider>
  );
}
