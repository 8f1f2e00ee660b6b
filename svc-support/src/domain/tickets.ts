import { randomUUID } from 'node:crypto';
import { support } from '@kinfolio/contracts';
import { AppError, badRequest, enqueueEvent, type Identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import {
  countPending,
  findTicket,
  insertReply,
  insertTicket,
  listReplies,
  listTickets,
  nextReferenceId,
  type TicketRow,
  toReply,
  toTicket,
  updateTicket,
} from '../data/ticket.repository';
import { hubFor } from '../realtime/hub';

const urlOf = (ctx: ServiceContext) => (key: string) => ctx.ports.blobs.publicUrl(key);

/** Attachments must be files the caller uploaded (keys under their own id). */
function assertOwnAttachments(me: Identity, attachments: support.Attachment[]): void {
  attachments.forEach((a, i) => {
    const m = support.OBJECT_KEY_PATTERN.exec(a.media);
    if (!m || m[2] !== me.userId.toLowerCase()) throw badRequest('Attachments must be files you uploaded', `attachments.${i}.media`);
  });
}

/** The owner sees only their own tickets (another user's id is simply not found); admins see all. */
async function visibleTicket(ctx: ServiceContext, me: Identity, id: string): Promise<TicketRow> {
  const row = await findTicket(ctx.db, id);
  if (!row || (me.type !== 'admin' && row.user_id !== me.userId)) throw notFound('Ticket not found');
  return row;
}

async function broadcastPending(ctx: ServiceContext): Promise<void> {
  const hub = hubFor(ctx);
  if (hub) hub.pendingCount(await countPending(ctx.db));
}

export async function raiseTicket(ctx: ServiceContext, me: Identity, body: support.CreateTicketBody): Promise<support.Ticket> {
  if (me.type === 'admin') throw new AppError(403, 'Admins answer tickets; they do not raise them');
  assertOwnAttachments(me, body.attachments);
  const now = new Date();
  const row = await ctx.tx(async (trx) =>
    insertTicket(trx, {
      id: randomUUID(),
      reference_id: await nextReferenceId(trx, now),
      user_id: me.userId,
      user_type: me.type as 'advisor' | 'customer',
      query: body.query,
      query_type: body.query_type,
      status: 'pending',
      attachments: body.attachments,
      replies_count: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  const ticket = toTicket(row, urlOf(ctx));
  hubFor(ctx)?.ticketCreated(ticket);
  await broadcastPending(ctx);
  return ticket;
}

export async function listOwnTickets(ctx: ServiceContext, me: Identity, q: { status?: support.TicketStatus; page: number; page_size: number }) {
  const { rows, total } = await listTickets(ctx.db, { userId: me.userId, status: q.status, page: q.page, pageSize: q.page_size });
  return { rows: rows.map((r) => toTicket(r, urlOf(ctx))), total, page: q.page, page_size: q.page_size };
}

export async function listAllTickets(ctx: ServiceContext, q: { status?: support.TicketStatus; user_id?: string; page: number; page_size: number }) {
  const { rows, total } = await listTickets(ctx.db, { userId: q.user_id, status: q.status, page: q.page, pageSize: q.page_size });
  return { rows: rows.map((r) => toTicket(r, urlOf(ctx))), total, page: q.page, page_size: q.page_size };
}

export const pendingTicketCount = (ctx: ServiceContext) => countPending(ctx.db);

export async function getTicket(ctx: ServiceContext, me: Identity, id: string, after?: string): Promise<support.TicketWithReplies> {
  const row = await visibleTicket(ctx, me, id);
  const replies = await listReplies(ctx.db, row.id, after);
  return { ...toTicket(row, urlOf(ctx)), replies: replies.map((r) => toReply(r, urlOf(ctx))) };
}

/**
 * A reply from the owner or support staff. A closed ticket refuses it (spec §8). The reply and its outbox event
 * commit together; sockets hear about it only after the commit.
 */
export async function replyToTicket(ctx: ServiceContext, me: Identity, id: string, body: support.ReplyBody): Promise<support.Reply> {
  await visibleTicket(ctx, me, id);
  assertOwnAttachments(me, body.attachments);
  const { ticket, reply } = await ctx.tx(async (trx) => {
    const locked = await findTicket(trx, id, true);
    if (!locked) throw notFound('Ticket not found');
    if (locked.status === 'closed') throw new AppError(409, support.TICKET_CLOSED_MESSAGE);
    const now = new Date();
    const replyRow = await insertReply(trx, {
      id: randomUUID(),
      ticket_id: locked.id,
      reply: body.reply,
      created_by: me.type === 'admin' ? 'admin' : me.userId,
      author_id: me.userId,
      attachments: body.attachments,
      created_at: now,
    });
    const updated = await updateTicket(trx, locked.id, { updated_at: now, replies_count: trx.raw('replies_count + 1') });
    await enqueueEvent(trx, 'support.reply.created.v1', {
      ticket_id: locked.id,
      reply_id: replyRow.id,
      owner_id: locked.user_id,
      created_by: replyRow.created_by,
      created_at: new Date(replyRow.created_at).toISOString(),
    });
    return { ticket: updated, reply: replyRow };
  });
  const out = toReply(reply, urlOf(ctx));
  hubFor(ctx)?.replyCreated(toTicket(ticket, urlOf(ctx)), out);
  return out;
}

export async function setTicketStatus(ctx: ServiceContext, me: Identity, id: string, status: support.TicketStatus): Promise<support.Ticket> {
  await visibleTicket(ctx, me, id);
  const { row, changed } = await ctx.tx(async (trx) => {
    const locked = await findTicket(trx, id, true);
    if (!locked) throw notFound('Ticket not found');
    if (locked.status === status) return { row: locked, changed: false };
    return { row: await updateTicket(trx, locked.id, { status, updated_at: new Date() }), changed: true };
  });
  const ticket = toTicket(row, urlOf(ctx));
  if (changed) {
    hubFor(ctx)?.ticketUpdated(ticket);
    await broadcastPending(ctx);
  }
  return ticket;
}
