import { Conversation, type TicketStatus } from '@kinfolio/support-ui';
import { theme, useSession } from '@kinfolio/ui-kit';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { TabStrip, tabPanelProps } from '../shared/Tabs';
import { TicketList } from './TicketList';

const Layout = styled.div`
  display: grid;
  /* minmax(0, …): a long ticket subject (one line, cut with an ellipsis) must not widen its column past the screen */
  grid-template-columns: minmax(240px, 340px) minmax(0, 1fr);
  gap: 16px;
  > * { min-width: 0; }
  @media (max-width: 767px) { grid-template-columns: minmax(0, 1fr); }
  h1 { font-size: 20px; margin: 0 0 10px; }
  .top { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; margin-bottom: 8px; }
  .raise { color: #fff; background: ${theme.colors.primaryDark}; padding: 6px 12px; border-radius: 8px; text-decoration: none; white-space: nowrap; }
`;

export const STATUS_TABS: Array<{ key: TicketStatus; label: string }> = [
  { key: 'pending', label: 'Open Tickets' },
  { key: 'closed', label: 'Closed Tickets' },
];

/** /support: My tickets (Open Tickets and Closed Tickets) and the conversation of ?ticket_id=. */
export function MyTickets() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket_id');
  const [status, setStatus] = useState<TicketStatus>('pending');
  const [refresh, setRefresh] = useState(0);
  const { user } = useSession();

  return (
    <Layout>
      <section aria-label="My tickets">
        <div className="top">
          <h1>My tickets</h1>
          <Link className="raise" to={`/support/raise-ticket?as=${encodeURIComponent('/support')}`}>
            Raise a ticket
          </Link>
        </div>
        <TabStrip id="my-tickets" label="Ticket status" tabs={STATUS_TABS} active={status} onChange={setStatus} />
        <div {...tabPanelProps('my-tickets', status)}>
          <TicketList status={status} activeId={ticketId} refreshKey={refresh} />
        </div>
      </section>
      <div>
        {ticketId && user ? (
          <Conversation
            key={ticketId}
            ticketId={ticketId}
            mode="user"
            userId={user.id}
            onChanged={() => setRefresh((n) => n + 1)}
          />
        ) : (
          <p>Select a ticket to see the conversation.</p>
        )}
      </div>
    </Layout>
  );
}
