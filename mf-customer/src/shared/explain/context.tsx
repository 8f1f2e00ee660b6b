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
}
const Ctx = createContext<ExplainCtx | null>(null);

/** The figure buttons' shared description (one hidden element, named by every figure's aria-describedby). */
const HINT_ID = 'kf-explain-hint';

/**
 * Holds the one "How was this calculated?" panel of the household workspace: a figure opens it on itself, closing it
 * gives the focus back to the figure that opened it.
 */
export function ExplainProvider({ base, children }: { base: string; children: ReactNode }) {
  const { household } = useHousehold();
  const [req, setReq] = useState<ExplainRequest | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const restore = useRef(false);
  const open = useCallback((r: ExplainRequest, el: HTMLElement | null) => {
    trigger.current = el;
    setReq(r);
  }, []);
  const close = useCallback(() => {
    restore.current = true;
    setReq(null);
  }, []);
  useEffect(() => {
    if (req || !restore.current) return;
    restore.current = false;
    const el = trigger.current;
    if (el?.isConnected) el.focus();
  }, [req]);
  const value = useMemo(() => ({ open, hintId: HINT_ID }), [open]);
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
  if (!ctx) return <>{children}</>;
  return (
    <FigureButton
      type="button"
      data-figure={id}
      aria-haspopup="dialog"
      aria-describedby={ctx.hintId}
      title="How was this calculated?"
      onClick={(e) => ctx.open({ figure: id, label, currency, tree, asPercent }, e.currentTarget)}
    >
      {children}
    </FigureButton>
  );
}
