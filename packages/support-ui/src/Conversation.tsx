import { ConfirmDialog } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { ConversationSkeleton, MessageList } from './MessageList';
import { ReplyBox } from './ReplyBox';
import { TicketHeader } from './TicketHeader';
import type { Mode, Reply } from './types';
import { useTicketConversation } from './useTicketConversation';

/** Spec §2.10: the skeleton hides after about 0.5 s, the view scrolls to the bottom after about 0.6 s. */
export const SKELETON_HIDE_MS = 500;
export const SCROLL_BOTTOM_MS = 600;
export const CLOSE_TICKET_TITLE = 'Close this ticket?';
export const CLOSE_TICKET_MESSAGE = 'Once closed, no one can reply to this conversation any more.';

const Frame = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  border: 1px solid #e3e8eb;
  border-radius: 10px;
  background: #fff;
`;
const Scroller = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 8px 14px;
  min-height: 240px;
  max-height: 60vh;
`;

interface Props {
  ticketId: string;
  mode: Mode;
  /** The signed-in user's id (upload keys are made under it). */
  userId: string;
  /** Called after the ticket changed (reply sent, closed) so lists can refresh. */
  onChanged?: () => void;
}

/** A ticket conversation: header, day-grouped messages, the reply box (user or admin mode) and live replies. */
export function Conversation({ ticketId, mode, userId, onChanged }: Props) {
  const { ticket, replies, state, sendReply, close } = useTicketConversation(ticketId, mode);
  const [skeleton, setSkeleton] = useState(true);
  const [closing, setClosing] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    if (state === 'loading') {
      setSkeleton(true);
      return;
    }
    if (state === 'error') {
      setSkeleton(false); // spec §8: conversation load fails → the skeleton stops
      return;
    }
    const hide = setTimeout(() => setSkeleton(false), SKELETON_HIDE_MS);
    const scroll = setTimeout(scrollToBottom, SCROLL_BOTTOM_MS);
    return () => {
      clearTimeout(hide);
      clearTimeout(scroll);
    };
  }, [state, scrollToBottom]);

  // Live replies: keep the newest message in view once the first scroll has happened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the number of replies changes
  useEffect(() => {
    if (!skeleton) scrollToBottom();
  }, [replies.length, skeleton, scrollToBottom]);

  // The ticket's own query opens the conversation.
  const messages = useMemo<Reply[]>(() => {
    if (!ticket?.query) return replies;
    const opening: Reply = {
      id: `ticket-${ticket.id}`,
      reply: ticket.query,
      created_by: ticket.user_id ?? 'user',
      createdAt: ticket.createdAt,
      attachments: ticket.attachments ?? [],
    };
    return [opening, ...replies.filter((r) => r.id !== opening.id)];
  }, [ticket, replies]);

  // Closing cannot be undone (a closed ticket refuses replies), so the Close button asks first.
  const onClose = async () => {
    setClosing(true);
    try {
      await close();
      onChanged?.();
    } catch {
      // The ticket stays open; the header keeps its Close button.
    } finally {
      setClosing(false);
      setConfirmClose(false);
    }
  };

  return (
    <Frame aria-label="Ticket conversation" aria-busy={skeleton}>
      {ticket && <TicketHeader ticket={ticket} closing={closing} onClose={() => setConfirmClose(true)} />}
      <ConfirmDialog
        open={confirmClose}
        title={CLOSE_TICKET_TITLE}
        message={CLOSE_TICKET_MESSAGE}
        confirmLabel="Yes, Close"
        cancelLabel="Cancel"
        tone="danger"
        loading={closing}
        onConfirm={() => void onClose()}
        onCancel={() => !closing && setConfirmClose(false)}
      />
      <Scroller ref={scroller} data-testid="conversation-scroller" role="log" aria-label="Messages">
        {skeleton ? <ConversationSkeleton /> : ticket ? <MessageList replies={messages} mode={mode} /> : null}
      </Scroller>
      {ticket && (
        <ReplyBox
          closed={ticket.status === 'closed'}
          userId={userId}
          onSend={async (draft) => {
            await sendReply(draft);
            onChanged?.();
          }}
        />
      )}
    </Frame>
  );
}
