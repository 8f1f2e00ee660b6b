import type { ExplanationTree } from '@kinfolio/contracts/src/explanation-node';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled from 'styled-components';
import { useHousehold } from '../household/context';
import { plainLabel } from '../meeting/client';
import { useMeeting } from '../meeting/context';
import { useMeetingInternals } from '../meeting/MeetingProvider';

// the panel is loaded when a figure is first opened: the dashboard's first load carries only the figure buttons
const ExplainPanel = lazy(() => import('./ExplainPanel'));

/** What a figure asks the panel to show: its id (contracts explanations.ts), its name, the currency it reads in. */
export interface ExplainRequest {
  figure: string;
  /** The figure's name as the screen shows it ("Tax, 2030"): the panel's title while it loads. */
  label: string;
  /** The currency the screen shows the figure in (SGD or RM ask the service to convert; others read as stored). */
  currency?: string | null;
  /** A whole tree carried inline (Monte Carlo's probability): read from it, not from the service. */
  tree?: ExplanationTree;
  /** The screen shows this figure, a fraction (unit factor), as a percent: the panel says it the same way. */
  asPercent?: boolean;
}

interface ExplainCtx {
  open(req: ExplainRequest, trigger: HTMLElement | null): void;
  hintId: string;
  /** The figure a meeting points at (outlined wherever it shows; scrolled into view on a follower's screen). */
  highlight: string | null;
  following: boolean;
  /** A figure on screen says what opening it asks (a follower opens the advisor's figure as its own screen would). */
  register(req: ExplainRequest): () => void;
  /** A figure got the focus (what a family member's raised hand is about). */
  focused(req: ExplainRequest): void;
}
const Ctx = createContext<ExplainCtx | null>(null);

/** The figure buttons' shared description (one hidden element, named by every figure's aria-describedby). */
const HINT_ID = 'kf-explain-hint';

/** The explanation a meeting's view carries (a currency the contract takes: three capital letters, else none). */
export function meetingExplain(r: ExplainRequest) {
  return {
    figure: r.figure,
    label: plainLabel(r.label) || 'This figure',
    currency: r.currency && /^[A-Z]{3}$/.test(r.currency) ? r.currency : null,
    as_percent: !!r.asPercent,
  };
}

/**
 * Holds the one "How was this calculated?" panel of the household workspace: a figure opens it on itself, closing it
 * gives the focus back to the figure that opened it.
 */
export function ExplainProvider({ base, children }: { base: string; children: ReactNode }) {
  const { household } = useHousehold();
  const meeting = useMeeting();
  const { noteFigure } = useMeetingInternals();
  const [req, setReq] = useState<ExplainRequest | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const restore = useRef(false);
  const figures = useRef(new Map<string, ExplainRequest>());
  // the meeting as the callbacks see it now (they stay the same for the figures)
  const steer = useRef(meeting);
  steer.current = meeting;
  const open = useCallback(
    (r: ExplainRequest, el: HTMLElement | null) => {
      trigger.current = el;
      setReq(r);
      noteFigure({ figure: r.figure, label: r.label });
      const m = steer.current;
      if (m.active && m.inControl) m.publish({ explain: meetingExplain(r), highlight: r.figure });
    },
    [noteFigure],
  );
  const close = useCallback(() => {
    restore.current = true;
    setReq(null);
    const m = steer.current;
    if (m.active && m.inControl) m.publish({ explain: null });
  }, []);
  useEffect(() => {
    if (req || !restore.current) return;
    restore.current = false;
    const el = trigger.current;
    if (el?.isConnected) el.focus();
  }, [req]);
  // a follower opens and closes the panel as the meeting's view says (its own figure's request when it shows it)
  const following = meeting.active && !meeting.inControl;
  const shown = meeting.view?.explain ?? null;
  const shownKey = shown ? `${shown.figure}|${shown.currency ?? ''}|${shown.label}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the view's explanation (its key) moves it
  useEffect(() => {
    if (!following) return;
    if (!shown) {
      setReq(null);
      return;
    }
    trigger.current = null;
    // the figure shown to the family is what its raised hand asks about (unless it points at another)
    noteFigure({ figure: shown.figure, label: shown.label });
    const own = figures.current.get(shown.figure);
    setReq(own ?? { figure: shown.figure, label: shown.label, currency: shown.currency, asPercent: shown.as_percent });
  }, [following, shownKey]);
  const register = useCallback((r: ExplainRequest) => {
    figures.current.set(r.figure, r);
    return () => {
      if (figures.current.get(r.figure) === r) figures.current.delete(r.figure);
    };
  }, []);
  const focused = useCallback((r: ExplainRequest) => noteFigure({ figure: r.figure, label: r.label }), [noteFigure]);
  const highlight = meeting.view?.highlight ?? null;
  const value = useMemo(
    () => ({ open, hintId: HINT_ID, highlight, following, register, focused }),
    [open, highlight, following, register, focused],
  );
  return (
    <Ctx.Provider value={value}>
      {children}
      {/* a description only (hidden: read with each figure, never as text of its own) */}
      <span id={HINT_ID} hidden>
        Shows how this figure was calculated
      </span>
      {req ? (
        <Suspense fallback={null}>
          <ExplainPanel
            key={`${req.figure}|${req.currency ?? ''}`}
            request={req}
            customerId={household?.id ?? null}
            base={base}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </Ctx.Provider>
  );
}

export const useExplain = () => useContext(Ctx);

/** A figure drawn as text that opens its explanation: looks as the figure did (a dotted underline on hover/focus). */
const FigureButton = styled.button`
  all: unset;
  cursor: pointer;
  font: inherit;
  color: inherit;
  text-align: inherit;
  border-radius: 2px;
  &:hover {
    text-decoration: underline dotted;
    text-underline-offset: 3px;
  }
  &:focus-visible {
    outline: 2px solid #2c7a7b;
    outline-offset: 2px;
    text-decoration: underline dotted;
  }
  /* the figure a meeting points at: outlined on every screen */
  &[data-highlighted='true'] {
    outline: 3px solid #c05621;
    outline-offset: 2px;
    background: #fffaf0;
  }
`;

/**
 * A figure of a screen that opens "How was this calculated?" on click, Enter or Space (a button). Without a workspace
 * around it (a screen drawn alone) it is the plain figure.
 */
export function Figure({
  id,
  label,
  currency,
  tree,
  asPercent,
  children,
}: {
  id: string;
  label: string;
  currency?: string | null;
  tree?: ExplanationTree;
  asPercent?: boolean;
  children: ReactNode;
}) {
  const ctx = useExplain();
  const el = useRef<HTMLButtonElement>(null);
  const on = !!ctx && ctx.highlight === id;
  const scroll = on && !!ctx?.following;
  const req = useMemo<ExplainRequest>(
    () => ({ figure: id, label, currency, tree, asPercent }),
    [id, label, currency, tree, asPercent],
  );
  const register = ctx?.register;
  useEffect(() => register?.(req), [register, req]);
  // the highlighted figure comes into view (jsdom has no scrolling)
  useEffect(() => {
    if (scroll && typeof el.current?.scrollIntoView === 'function')
      el.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [scroll]);
  if (!ctx) return <>{children}</>;
  return (
    <FigureButton
      ref={el}
      type="button"
      data-figure={id}
      data-highlighted={on ? 'true' : undefined}
      aria-haspopup="dialog"
      aria-describedby={ctx.hintId}
      title="How was this calculated?"
      onFocus={() => ctx.focused(req)}
      onClick={(e) => ctx.open(req, e.currentTarget)}
    >
      {children}
    </FigureButton>
  );
}
