import { api } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeReplies } from './format';
import { getSocket } from './socket';
import type { Draft, Mode, Reply, Ticket } from './types';

export type LoadState = 'loading' | 'loaded' | 'error';

export const ticketPath = (mode: Mode, id: string) => `${mode}/query-ticket/${id}`;

/**
 * A ticket and its replies, kept live: joins the ticket's room on every (re)connect, then fetches what it missed
 * with `?after=<last reply id>`. Replies are merged by id, so none is lost or shown twice.
 */
export function useTicketConversation(ticketId: string, mode: Mode) {
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [replies, setReplies] = useState<Reply[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const repliesRef = useRef<Reply[]>([]);
  const loadedRef = useRef(false);

  const apply = useCallback((incoming: Reply[]) => {
    const next = mergeReplies(repliesRef.current, incoming);
    repliesRef.current = next;
    setReplies(next);
  }, []);

  const sync = useCallback(
    async (signal?: AbortSignal) => {
      const last = loadedRef.current ? repliesRef.current[repliesRef.current.length - 1]?.id : undefined;
      const t = await api.get<Ticket>(ticketPath(mode, ticketId), undefined, {
        query: last ? { after: last } : undefined,
        signal,
      });
      loadedRef.current = true;
      const { replies: got = [], ...rest } = t;
      setTicket((prev) => ({ ...(prev ?? {}), ...rest }));
      apply(got);
    },
    [apply, mode, ticketId],
  );

  useEffect(() => {
    repliesRef.current = [];
    loadedRef.current = false;
    setReplies([]);
    setTicket(null);
    setState('loading');
    const ctl = new AbortController();
    sync(ctl.signal).then(
      () => setState('loaded'),
      () => {
        if (!ctl.signal.aborted) setState('error');
      },
    );

    const socket = getSocket();
    const join = () => {
      socket.emit('ticket:join', { ticket_id: ticketId }, (ack) => {
        // After a (re)join, fetch whatever was sent while the socket was away.
        if (ack?.ok && loadedRef.current && !ctl.signal.aborted) sync(ctl.signal).catch(() => undefined);
      });
    };
    const onReply = (e: { ticket_id: string; reply: Reply }) => {
      if (e.ticket_id === ticketId) apply([{ ...e.reply, attachments: e.reply.attachments ?? [] }]);
    };
    const onUpdated = (e: { ticket: Ticket }) => {
      if (e.ticket.id !== ticketId) return;
      const { replies: got, ...rest } = e.ticket;
      setTicket((prev) => ({ ...(prev ?? {}), ...rest }));
      if (got) apply(got);
    };
    socket.on('connect', join);
    socket.on('reply:created', onReply);
    socket.on('ticket:updated', onUpdated);
    if (socket.connected) join();
    return () => {
      ctl.abort();
      socket.off('connect', join);
      socket.off('reply:created', onReply);
      socket.off('ticket:updated', onUpdated);
      if (socket.connected) socket.emit('ticket:leave', { ticket_id: ticketId });
    };
  }, [apply, sync, ticketId]);

  const sendReply = useCallback(
    async (draft: Draft) => {
      const reply = await api.post<Reply>(`${ticketPath(mode, ticketId)}/reply`, {
        reply: draft.reply,
        attachments: draft.attachments,
      });
      if (reply && typeof reply === 'object' && 'id' in reply)
        apply([{ ...reply, attachments: reply.attachments ?? [] }]);
      // Refresh the conversation list (spec §4); a failure here does not undo a sent reply.
      await sync().catch(() => undefined);
    },
    [apply, mode, sync, ticketId],
  );

  const close = useCallback(async () => {
    const t = await api.patch<Ticket>(`${ticketPath(mode, ticketId)}/update`, { status: 'closed' });
    setTicket((prev) => ({ ...(prev ?? {}), ...(t && typeof t === 'object' ? t : {}), status: 'closed' }) as Ticket);
  }, [mode, ticketId]);

  return { ticket, replies, state, sendReply, close };
}
