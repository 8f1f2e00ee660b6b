import { brand, brandDark, type TicketStatus } from '@kinfolio/support-ui';
import { api, useSession } from '@kinfolio/ui-kit';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { TabStrip, tabPanelProps } from '../shared/Tabs';
import { STATUS_TABS } from '../tickets/MyTickets';
import { TicketList } from '../tickets/TicketList';
import {
  BUTTON_SIZE_PX,
  DEFAULT_OFFSET_PX,
  type DragState,
  MOBILE_BREAKPOINT_PX,
  moveDrag,
  type Position,
  startDrag,
} from './drag';
import { FaqSearch } from './FaqSearch';
import { type PresentationFolder, Presentations } from './Presentations';
import { WalkthroughView } from './WalkthroughView';
import { pickWalkthrough, type WalkthroughItem } from './walkthrough';

export const GREETING = 'Hi there, How can we help?';
export const CHAT_CARD = 'Chat with us now!';

type TabKey = 'home' | 'tickets' | 'walkthrough' | 'presentation';

const Fab = styled.button`
  position: fixed;
  width: ${BUTTON_SIZE_PX}px;
  height: ${BUTTON_SIZE_PX}px;
  border-radius: 50%;
  border: 0;
  background: ${brandDark};
  color: #fff;
  font-size: 26px;
  font-weight: 700;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.2);
  cursor: grab;
  touch-action: none;
  z-index: 2147483000;
  &:focus-visible { outline: 3px solid #1f2a33; outline-offset: 2px; }
`;
const Panel = styled.div<{ $mobile: boolean }>`
  position: fixed;
  z-index: 2147483000;
  background: #fff;
  box-shadow: 0 8px 30px rgba(0, 0, 0, 0.22);
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${(p) => (p.$mobile ? '12px 12px 0 0' : '12px')};
  width: ${(p) => (p.$mobile ? '100%' : '380px')};
  height: ${(p) => (p.$mobile ? '85vh' : 'min(600px, 80vh)')};
  header { background: ${brandDark}; color: #fff; padding: 14px 16px; display: flex; justify-content: space-between; align-items: flex-start; }
  header h2 { margin: 0; font-size: 18px; }
  header button { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; }
  .body { flex: 1; overflow-y: auto; padding: 12px 14px; }
  .card { display: block; border: 1px solid #e3e8eb; border-radius: 10px; padding: 12px; margin: 4px 0 14px; color: inherit; text-decoration: none; font-weight: 600; }
  .card:hover, .card:focus-visible { border-color: ${brand}; }
`;

const isMobileWidth = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isMobileWidth);
  useEffect(() => {
    const on = () => setMobile(isMobileWidth());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return mobile;
}

/** mf_support './HelpWidget': the floating, draggable help button and its panel (spec §2.11). */
export default function HelpWidget() {
  const { user } = useSession();
  const location = useLocation();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>('home');
  const [ticketStatus, setTicketStatus] = useState<TicketStatus>('pending');
  const [pos, setPos] = useState<Position>({ right: DEFAULT_OFFSET_PX, bottom: DEFAULT_OFFSET_PX });
  const drag = useRef<DragState | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fabRef = useRef<HTMLButtonElement>(null);
  const dragged = useRef(false);
  const [walkthrough, setWalkthrough] = useState<WalkthroughItem | null>(null);
  const [folders, setFolders] = useState<PresentationFolder[]>([]);
  const path = location.pathname;

  // Closes on route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // Keyboard: focus moves into the panel when it opens; Escape closes it and returns focus to the button.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        fabRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // What the optional tabs need, fetched when the panel opens.
  useEffect(() => {
    if (!open) return;
    const ctl = new AbortController();
    api
      .get<WalkthroughItem[] | { rows: WalkthroughItem[] }>('page-walkthrough', undefined, {
        query: { path },
        signal: ctl.signal,
      })
      .then((data) => setWalkthrough(pickWalkthrough(Array.isArray(data) ? data : (data?.rows ?? []), path)))
      .catch(() => setWalkthrough(null));
    api
      .get<PresentationFolder[]>('presentations', undefined, { signal: ctl.signal })
      .then((data) => setFolders(Array.isArray(data) ? data.filter((f) => f.files?.length > 0) : []))
      .catch(() => setFolders([]));
    return () => ctl.abort();
  }, [open, path]);

  if (!user || path.includes('document-viewer')) return null;
  const isAdmin = user.type === 'admin';

  const tabs: Array<{ key: TabKey; label: string }> = [{ key: 'home', label: 'Home' }];
  if (!isAdmin) tabs.push({ key: 'tickets', label: 'Tickets' });
  if (walkthrough) tabs.push({ key: 'walkthrough', label: 'Walkthrough' });
  if (folders.length > 0) tabs.push({ key: 'presentation', label: 'Presentation' });
  const active: TabKey = tabs.some((t) => t.key === tab) ? tab : 'home';

  const toggle = () => {
    if (!open) setTab('home'); // resets to Home when reopened
    setOpen(!open);
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    drag.current = startDrag(e.clientX, e.clientY, pos);
    dragged.current = false;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    const { state, position } = moveDrag(drag.current, e.clientX, e.clientY, {
      width: window.innerWidth,
      height: window.innerHeight,
    });
    drag.current = state;
    if (position) {
      dragged.current = true;
      setPos(position);
    }
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onClick = () => {
    // A drag over 3 px is not a click.
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    toggle();
  };

  const panelPos = mobile
    ? { left: 0, right: 0, bottom: 0 }
    : {
        right: Math.min(pos.right, Math.max(0, window.innerWidth - 390)),
        bottom: pos.bottom + BUTTON_SIZE_PX + 10,
      };

  return (
    <>
      {open && (
        <Panel
          ref={panelRef}
          tabIndex={-1}
          $mobile={mobile}
          style={panelPos}
          role="dialog"
          aria-label="Help"
          data-testid="help-panel"
        >
          <header>
            <h2>{GREETING}</h2>
            <button type="button" aria-label="Close help" onClick={() => setOpen(false)}>
              ×
            </button>
          </header>
          <div className="body">
            <TabStrip id="help-widget" label="Help sections" tabs={tabs} active={active} onChange={setTab} />
            <div {...tabPanelProps('help-widget', active)}>
              {active === 'home' && (
                <>
                  {!isAdmin && (
                    <Link className="card" to={`/support/raise-ticket?as=${encodeURIComponent(path)}`}>
                      {CHAT_CARD}
                    </Link>
                  )}
                  <FaqSearch />
                </>
              )}
              {active === 'tickets' && (
                <>
                  <TabStrip
                    id="help-tickets"
                    label="Ticket status"
                    tabs={STATUS_TABS}
                    active={ticketStatus}
                    onChange={setTicketStatus}
                  />
                  <div {...tabPanelProps('help-tickets', ticketStatus)}>
                    <TicketList status={ticketStatus} />
                  </div>
                </>
              )}
              {active === 'walkthrough' && walkthrough && <WalkthroughView walkthrough={walkthrough} />}
              {active === 'presentation' && <Presentations folders={folders} />}
            </div>
          </div>
        </Panel>
      )}
      <Fab
        ref={fabRef}
        type="button"
        aria-label="Help"
        aria-expanded={open}
        style={{ right: pos.right, bottom: pos.bottom }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={onClick}
      >
        {open ? '×' : '?'}
      </Fab>
    </>
  );
}
