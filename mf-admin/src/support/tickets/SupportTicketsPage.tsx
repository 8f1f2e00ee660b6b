import { Conversation, getSocket, TagPill, type Ticket } from '@kinfolio/support-ui';
import { api, PagerOf, TableHead, useSession } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, Navigate, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { asPage, DataTable, formatDateTime, PageFrame, type PageOf } from '../shared/ui';
import { announcePending, usePendingTickets } from './pending';

/** Admin status options (spec §3): Pending, Closed. */
export const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'closed', label: 'Closed' },
] as const;

type AdminTicket = Ticket & { user_type?: string; user_name?: string | null; replies_count?: number };

const ROLE_LABEL: Record<string, string> = { advisor: 'Advisor', customer: 'Customer', admin: 'Admin' };

/** Who raised the ticket: their name and their role ('Tan Wei Ling (Advisor)'); the role alone when the name is unknown. */
export function fromText(t: Pick<AdminTicket, 'user_name' | 'user_type'>): string {
  const role = t.user_type ? (ROLE_LABEL[t.user_type] ?? t.user_type) : '';
  const name = t.user_name?.trim();
  if (name && role) return `${name} (${role})`;
  return name || role || 'Unknown user';
}

/** Whether a click on a row was meant for something inside it (a link, a button) or is a selection of text. */
function clickIsForInner(e: React.MouseEvent): boolean {
  const target = e.target as HTMLElement;
  return Boolean(target.closest('a, button, input, select, textarea')) || Boolean(window.getSelection()?.toString());
}

export function TicketsList() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'pending';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [data, setData] = useState<PageOf<AdminTicket> | null>(null);
  const [loading, setLoading] = useState(true);
  const [pending, setPending] = useState<number | null>(null);
  const selectId = useId();
  const navigate = useNavigate();

  const loadCount = useCallback(() => {
    api
      .get<number>('admin/query-tickets', undefined, { query: { have_pending_tickets: 'true' } })
      .then((n) => {
        setPending(n);
        announcePending(n);
      })
      .catch(() => setPending(null)); // spec §4: the alert is hidden when the count call fails
  }, []);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    api
      .get<AdminTicket[] | PageOf<AdminTicket>>('admin/query-tickets', undefined, {
        query: { ...(status ? { status } : {}), page },
        signal: ctl.signal,
      })
      .then((d) => setData(asPage(d, page)))
      .catch(() => undefined)
      .finally(() => {
        if (!ctl.signal.aborted) setLoading(false);
      });
    return () => ctl.abort();
  }, [status, page]);

  useEffect(loadCount, [loadCount]);
  usePendingTickets(setPending);

  // New tickets appear live; status changes update rows in place.
  useEffect(() => {
    const socket = getSocket();
    const onCreated = ({ ticket }: { ticket: AdminTicket }) => {
      if (page !== 1 || (status && ticket.status !== status)) return;
      setData((d) => {
        const cur = d ?? asPage<AdminTicket>([], 1);
        if (cur.rows.some((t) => t.id === ticket.id)) return cur;
        return {
          ...cur,
          rows: [ticket, ...cur.rows].slice(0, Math.max(cur.page_size, cur.rows.length)),
          total: cur.total + 1,
        };
      });
    };
    const onUpdated = ({ ticket }: { ticket: AdminTicket }) =>
      setData((d) => (d ? { ...d, rows: d.rows.map((t) => (t.id === ticket.id ? { ...t, ...ticket } : t)) } : d));
    socket.on('ticket:created', onCreated);
    socket.on('ticket:updated', onUpdated);
    return () => {
      socket.off('ticket:created', onCreated);
      socket.off('ticket:updated', onUpdated);
    };
  }, [page, status]);

  const set = (next: Record<string, string>) => setParams({ status, page: String(page), ...next });

  return (
    <PageFrame>
      <h1>Support tickets</h1>
      <div className="toolbar">
        <label htmlFor={selectId}>Status</label>
        <select id={selectId} value={status} onChange={(e) => set({ status: e.target.value, page: '1' })}>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {pending !== null && pending > 0 && (
          <span role="status" data-testid="pending-tickets-badge">
            <TagPill $tone="red">
              <span aria-hidden="true">⚠ </span>
              {pending} pending {pending === 1 ? 'ticket' : 'tickets'}
            </TagPill>
          </span>
        )}
      </div>
      {loading && !data ? (
        <p aria-busy="true">Loading…</p>
      ) : !data || data.rows.length === 0 ? (
        <p>No tickets found</p>
      ) : (
        <>
          <DataTable label="Support tickets">
            <TableHead columns={['Reference', 'Subject', 'Type', 'From', 'Status', 'Created', 'Replies']} />
            <tbody>
              {data.rows.map((t) => (
                // The whole row opens the ticket; the reference and the subject are real links for keyboards and
                // screen readers (a row itself is not focusable).
                <tr
                  key={t.id}
                  data-testid="ticket-row"
                  className="kf-row-link"
                  onClick={(e) => {
                    if (!clickIsForInner(e)) navigate(t.id);
                  }}
                >
                  <td>
                    <Link to={t.id}>{t.reference_id}</Link>
                  </td>
                  <td className="clip" title={t.query}>
                    <Link to={t.id}>{t.query}</Link>
                  </td>
                  <td>{t.query_type}</td>
                  <td>{fromText(t)}</td>
                  <td>
                    <TagPill $tone={t.status === 'closed' ? 'green' : 'red'}>
                      {t.status === 'closed' ? 'Closed' : 'Pending'}
                    </TagPill>
                  </td>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>{t.replies_count ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <PagerOf of={data} onPage={(p) => set({ page: String(p) })} noun={['ticket', 'tickets']} />
        </>
      )}
    </PageFrame>
  );
}

export function AdminTicketConversation() {
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <PageFrame>
      <p>
        <Link to=".." relative="path">
          ← All tickets
        </Link>
      </p>
      <h1>Support ticket</h1>
      {user && <Conversation key={id} ticketId={id} mode="admin" userId={user.id} />}
    </PageFrame>
  );
}

/** /admin-dashboard/support/*: tickets list with the pending alert, and a ticket's conversation in admin mode. */
export function SupportTicketsPage() {
  return (
    <Routes>
      <Route path="tickets" element={<TicketsList />} />
      <Route path="tickets/:id" element={<AdminTicketConversation />} />
      <Route path="*" element={<Navigate to="tickets" replace />} />
    </Routes>
  );
}
