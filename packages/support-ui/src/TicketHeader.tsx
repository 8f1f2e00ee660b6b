import styled from 'styled-components';
import { elapsed } from './format';
import { PlainButton, TagPill } from './styles';
import type { Ticket } from './types';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 12px;
  border-bottom: 1px solid #e3e8eb;
  h2 { margin: 0; font-size: 18px; }
  small { color: #4f5d5d; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
`;

interface Props {
  ticket: Ticket;
  closing: boolean;
  onClose: () => void;
}

/** Spec §2.10: title 'Ticket', a tag, the reference id and a Close button. */
export function TicketHeader({ ticket, closing, onClose }: Props) {
  const closed = ticket.status === 'closed';
  return (
    <Header>
      <h2>Ticket</h2>
      {closed ? (
        <TagPill $tone="green" title="Time to close">
          {elapsed(ticket.createdAt, ticket.updatedAt)}
        </TagPill>
      ) : (
        <TagPill $tone="red">In-progress</TagPill>
      )}
      <small>
        <span className="sr-only">Reference id </span>
        <span>{ticket.reference_id}</span>
      </small>
      <span style={{ flex: 1 }} />
      {!closed && (
        <PlainButton type="button" onClick={onClose} disabled={closing}>
          {closing ? 'Closing…' : 'Close'}
        </PlainButton>
      )}
    </Header>
  );
}
