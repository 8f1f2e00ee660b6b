import { api } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';

export const PENDING_EVENT = 'kf:pending-tickets';
export const PENDING_POLL_MS = 60_000;

/**
 * The admin Support alert (spec §4): visible while the pending ticket count is above 0; hidden when the count call
 * fails. Polls `admin/query-tickets?have_pending_tickets=true` and listens to mf_support's live 'kf:pending-tickets'.
 */
export function usePendingTickets(enabled: boolean, pollMs = PENDING_POLL_MS): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setCount(0);
      return;
    }
    const ctl = new AbortController();
    const load = () =>
      api
        .get<unknown>('admin/query-tickets', { query: { have_pending_tickets: true }, signal: ctl.signal })
        .then((data) => {
          const n = typeof data === 'number' ? data : Number((data as { count?: unknown } | null)?.count ?? 0);
          setCount(Number.isFinite(n) ? n : 0);
        })
        .catch(() => {
          if (!ctl.signal.aborted) setCount(0);
        });
    void load();
    const timer = setInterval(load, pollMs);
    const onEvent = (e: Event) => {
      const n = Number((e as CustomEvent<{ count?: unknown }>).detail?.count);
      if (Number.isFinite(n)) setCount(n);
    };
    window.addEventListener(PENDING_EVENT, onEvent);
    return () => {
      ctl.abort();
      clearInterval(timer);
      window.removeEventListener(PENDING_EVENT, onEvent);
    };
  }, [enabled, pollMs]);
  return count;
}
