import {
  dayLabel,
  formatTime,
  getSocket,
  SkeletonBar,
  TagPill,
  type Ticket,
  type TicketStatus,
} from '@kinfolio/support-ui';
import { api, theme } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** Spec §9: ticket list skeleton of 5 rows. */
export const TICKET_SKELETON_ROWS = 5;
export const EMPTY_TICKETS = 'No tickets found';
const SKELETON_KEYS = Array.from({ length: TICKET_SKELETON_ROWS }, (_, i) => `ticket-sk-${i}`);

export const conversationHref = (id: string) => `/support?tab=my_tickets&ticket_id=${encodeURIComponent(id)}`;

/** Lists come back as a page ({rows, total, ...}); a bare array is accepted too. */
export function rowsOf<T>(data: T[] | { rows: T[] } | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.rows ?? []);
}

const Ul = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li + li { border-top: 1px solid #eef1f3; }
  a {
    display: block;
    padding: 10px 8px;
    color: inherit;
    text-decoration: none;
    border-radius: 6px;
  }
  a:hover, a:focus-visible, a[aria-current='true'] { background: #eef7f7; }
  .q { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
  .meta { display: flex; flex-wrap: wrap; gap: 8px; font-size: 12px; color: ${theme.colors.muted}; margin-top: 4px; align-items: center; }
`;

interface Props {
  status: TicketStatus;
  /** Highlighted ticket. */
  activeId?: string | null;
  /** Bump to reload. */
  refreshKey?: number;
  onOpen?: (ticket: Ticket) => void;
}

/** The signed-in user's tickets with one status (Open = pending, Closed = closed), kept fresh over the socket. */
export function TicketList({ status, activeId, refreshKey = 0, onOpen }: Props) {
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(0);

  useEffect(() => {
    const socket = getSocket();
    const bump = () => setLive((n) => n + 1);
    socket.on('ticket:created', bump);
    socket.on('ticket:updated', bump);
    return () => {
      socket.off('ticket:created', bump);
      socket.off('ticket:updated', bump);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status shows the skeleton again
  useEffect(() => setTickets(null), [status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and live are reload triggers
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    api
      .get<Ticket[] | { rows: Ticket[] }>('user/query-tickets', undefined, { query: { status }, signal: ctl.signal })
      .then((data) => setTickets(rowsOf(data)))
      // Spec §8: a failed ticket list just stops loading, no message.
      .catch(() => undefined)
      .finally(() => {
        if (!ctl.signal.aborted) setLoading(false);
      });
    return () => ctl.abort();
  }, [status, refreshKey, live]);

  if (loading && tickets === null) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading tickets">
        {SKELETON_KEYS.map((k) => (
          <SkeletonBar key={k} data-testid="ticket-skeleton" $h="44px" />
        ))}
      </div>
    );
  }
  if (!tickets || tickets.length === 0) return <p>{EMPTY_TICKETS}</p>;
  return (
    <Ul>
      {tickets.map((t) => (
        <li key={t.id}>
          <Link to={conversationHref(t.id)} aria-current={t.id === activeId} onClick={() => onOpen?.(t)}>
            <span className="q">{t.query}</span>
            <span className="meta">
              <TagPill $tone={t.status === 'closed' ? 'green' : 'red'}>
                {t.status === 'closed' ? 'Closed' : 'Open'}
              </TagPill>
              <span>{t.reference_id}</span>
              <span>
                {dayLabel(t.updatedAt)} {formatTime(t.updatedAt)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </Ul>
  );
}
