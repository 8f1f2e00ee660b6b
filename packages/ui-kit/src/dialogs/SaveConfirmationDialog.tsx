import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { SAVE_REDIRECT_SECONDS } from '../constants';
import { theme } from '../theme';

export const SAVED_TITLE = 'Saved Successfully!';
export const STAY_LABEL = 'Stay on This Page';
export const GO_TO_SUMMARY_LABEL = 'Go to Summary Now';

/**
 * Where a save on one page sends the user (the summary routes of planning-content). `match` is a path prefix, a
 * regular expression or a predicate over the current pathname; `to` the summary path (or a function of the path).
 */
export interface SummaryRoute {
  match: string | RegExp | ((pathname: string) => boolean);
  to: string | ((pathname: string) => string);
}

/** The summary route matching `pathname` (first match wins), or null when none matches. */
export function summaryRouteFor(pathname: string, routes: readonly SummaryRoute[] = []): string | null {
  for (const r of routes) {
    const hit =
      typeof r.match === 'string'
        ? pathname === r.match || pathname.startsWith(r.match.endsWith('/') ? r.match : `${r.match}/`)
        : r.match instanceof RegExp
          ? r.match.test(pathname)
          : r.match(pathname);
    if (hit) return typeof r.to === 'function' ? r.to(pathname) : r.to;
  }
  return null;
}

/** 'You will be redirected … in 5 seconds' / '… in 1 second'. */
export function secondsText(n: number): string {
  return `${n} ${n === 1 ? 'second' : 'seconds'}`;
}

export interface SaveConfirmationDialogProps {
  open: boolean;
  /** Hides the dialog: called on Stay, on close (×, Escape, backdrop), at countdown end and on Go to Summary Now. */
  onHide: () => void;
  /** Countdown length in seconds (default 5, spec §2.9 / §9). */
  seconds?: number;
  /** The summary route to go to; when absent it is looked up in `summaryRoutes` for the current path. */
  summaryRoute?: string | null;
  summaryRoutes?: readonly SummaryRoute[];
  /** A custom action: run at countdown end (and by Go to Summary Now) instead of the navigation. */
  onCountdownEnd?: () => void;
  /** A custom primary button that replaces 'Go to Summary Now'. */
  primaryButton?: ReactNode;
  /** Replaces the default body text. */
  message?: ReactNode;
}

/**
 * The save confirmation dialog (spec platform-shell §2.9, planning-content §2): 'Saved Successfully!', a countdown
 * (default 5 s) with 'Stay on This Page' and 'Go to Summary Now (Ns)'. At the end of the countdown it runs the
 * custom action if one is given, otherwise it goes to the matching summary route, or back one page if none matches.
 * Stay, close and the countdown's end all hide it.
 */
export function SaveConfirmationDialog({
  open,
  onHide,
  seconds = SAVE_REDIRECT_SECONDS,
  summaryRoute,
  summaryRoutes,
  onCountdownEnd,
  primaryButton,
  message,
}: SaveConfirmationDialogProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [remaining, setRemaining] = useState(seconds);
  const proceedRef = useRef<() => void>(() => undefined);

  proceedRef.current = () => {
    onHide();
    if (onCountdownEnd) {
      onCountdownEnd();
      return;
    }
    const target = summaryRoute ?? summaryRouteFor(pathname, summaryRoutes);
    if (target) navigate(target);
    else navigate(-1);
  };

  useEffect(() => {
    if (!open) return;
    const total = Math.max(0, Math.floor(seconds));
    setRemaining(total);
    if (total === 0) {
      proceedRef.current();
      return;
    }
    let left = total;
    const timer = setInterval(() => {
      left -= 1;
      setRemaining(left);
      if (left <= 0) {
        clearInterval(timer);
        proceedRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [open, seconds]);

  return (
    <Modal
      open={open}
      onClose={onHide}
      title={SAVED_TITLE}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onHide}>
            {STAY_LABEL}
          </Button>
          {primaryButton ?? (
            <Button onClick={() => proceedRef.current()}>
              {GO_TO_SUMMARY_LABEL} <span data-testid="save-countdown">({remaining}s)</span>
            </Button>
          )}
        </>
      }
    >
      <p style={{ margin: 0, color: theme.colors.text }}>
        {message ?? (
          <>Your changes have been saved. You will be redirected to the summary page in {secondsText(remaining)}.</>
        )}
      </p>
    </Modal>
  );
}
