import { getSocket } from '@kinfolio/support-ui';
import { useEffect } from 'react';

/** The shell's admin alert icon listens for this window event (issue 3). */
export const PENDING_EVENT = 'kf:pending-tickets';

export function announcePending(count: number): void {
  window.dispatchEvent(new CustomEvent(PENDING_EVENT, { detail: { count } }));
}

/** Relays the admin socket's `tickets:pending` to the window event; optional callback for the page's own badge. */
export function usePendingTickets(onCount?: (count: number) => void): void {
  useEffect(() => {
    const socket = getSocket();
    const on = (e: { count: number }) => {
      announcePending(e.count);
      onCount?.(e.count);
    };
    socket.on('tickets:pending', on);
    return () => {
      socket.off('tickets:pending', on);
    };
  }, [onCount]);
}

/** Mount once in the admin layout so the alert stays live on every admin page. Renders nothing. */
export function PendingTicketsBridge() {
  usePendingTickets();
  return null;
}
