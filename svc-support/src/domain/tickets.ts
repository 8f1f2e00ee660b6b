import { randomUUID } from 'node:crypto';
import { support } from '@kinfolio/contracts';
import { AppError, enqueueEvent, type Identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import {
  addReply,
  countPending,
  findTicket,
  insertTicket,
  listReplies,
  listTickets,
  nextReferenceId,
  type TicketRow,
  toReply,
  toTicket,
  updateTicket,
} from '../data/ticket.repository';
import { findUsers } from '../data/user.repository';
import { linkTicketFiles } from '../data/file.repository';
import { fileUrl } from '../files/uploads';
import { verifyAttachments } from '../files/verify';
import { hubFor } from '../realtime/hub';

/** Attachments are read through the service, which checks who may read them (never straight from the store). */
const urlOf = (_ctx: ServiceContext) => fileUrl;

/** Adds the owners' names and e-mails (svc-support's copy of svc-auth's users) to tickets. */
async function withOwners<T extends support.Ticket>(ctx: ServiceContext, tickets: T[]): Promise<T[]> {
  const users = await findUsers(
    ctx.db,
    tickets.map((t) => t.user_id),
  );
  return tickets.map((t) => ({
    ...t,
    user_name: users.get(t.user_id)?.name ?? null,
    user_email: users.get(t.user_id)?.email ?? null,
  }));
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

export async function raiseTicket(
  ctx: ServiceContext,
  me: Identity,
  body: support.CreateTicketBody,
): Promise<support.Ticket> {
  if (me.type === 'admin') throw new AppError(403, 'Admins answer tickets; they do not raise them');
  // Every attached file is checked where it is stored (size and first bytes), whichever store took the upload.
  const attachments = await verifyAttachments(ctx, me, body.attachments);
  const now = new Date();
  const row = await ctx.tx(async (trx) => {
    const saved = await insertTicket(trx, {
      id: randomUUID(),
      reference_id: await nextReferenceId(trx, now),
      user_id: me.userId,
      user_type: me.type as 'advisor' | 'customer',
      query: body.query,
      query_type: body.query_type,
      status: 'pending',
      attachments,
      replies_count: 0,
      created_at: now,
      updated_at: now,
    });
    await linkTicketFiles(
      trx,
      saved.id,
      attachments.map((a) => a.media),
    );
    return saved;
  });
  const ticket = toTicket(row, urlOf(ctx));
  const hub = hubFor(ctx);
  if (hub) hub.ticketCreated((await withOwners(ctx, [ticket]))[0] ?? ticket);
  await broadcastPending(ctx);
  return ticket;
}

export async function listOwnTickets(
  ctx: ServiceContext,
  me: Identity,
  q: { status?: support.TicketStatus; page: number; page_size: number },
) {
  const { rows, total } = await listTickets(ctx.db, {
    userId: me.userId,
    status: q.status,
    page: q.page,
    pageSize: q.page_size,
  });
  return { rows: rows.map((r) => toTicket(r, urlOf(ctx))), total, page: q.page, page_size: q.page_size };
}

export async function listAllTickets(
  ctx: ServiceContext,
  q: { status?: support.TicketStatus; user_id?: string; page: number; page_size: number },
) {
  const { rows, total } = await listTickets(ctx.db, {
    userId: q.user_id,
    status: q.status,
    page: q.page,
    pageSize: q.page_size,
  });
  return {
    rows: await withOwners(
      ctx,
      rows.map((r) => toTicket(r, urlOf(ctx))),
    ),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

export const pendingTicketCount = (ctx: ServiceContext) => countPending(ctx.db);

export async function getTicket(
  ctx: ServiceContext,
  me: Identity,
  id: string,
  after?: string,
): Promise<support.TicketWithReplies> {
  const row = await visibleTicket(ctx, me, id);
  const replies = await listReplies(ctx.db, row.id, after);
  const ticket = toTicket(row, urlOf(ctx));
  const [named] = me.type === 'admin' ? await withOwners(ctx, [ticket]) : [ticket];
  return { ...(named ?? ticket), replies: replies.map((r) => toReply(r, urlOf(ctx))) };
}

/**
 * A reply from the owner or support staff. A closed ticket refuses it (spec §8). The reply, the ticket's bump and
 * the outbox event commit together (one statement for the first two); sockets hear about it right after the commit,
 * before anything else is done for the request.
 */
export async function replyToTicket(
  ctx: ServiceContext,
  me: Identity,
  id: string,
  body: support.ReplyBody,
): Promise<support.Reply> {
  let attachments: support.Attachment[] = [];
  if (body.attachments.length) {
    // someone else's ticket is "not found" before any file is looked at
    await visibleTicket(ctx, me, id);
    attachments = await verifyAttachments(ctx, me, body.attachments);
  }
  const { ticket, reply } = await ctx.tx(async (trx) => {
    const now = new Date();
    const done = await addReply(trx, id, me.type === 'admin' ? null : me.userId, {
      id: randomUUID(),
      reply: body.reply,
      created_by: me.type === 'admin' ? 'admin' : me.userId,
      author_id: me.userId,
      attachments,
      created_at: now,
    });
    if (!done) {
      // nothing was written: tell "closed" from "not found" (another user's ticket is not found, never forbidden)
      const row = await findTicket(trx, id);
      if (!row || (me.type !== 'admin' && row.user_id !== me.userId)) throw notFound('Ticket not found');
      throw new AppError(409, support.TICKET_CLOSED_MESSAGE);
    }
    await linkTicketFiles(
      trx,
      done.ticket.id,
      attachments.map((a) => a.media),
    );
    await enqueueEvent(trx, 'support.reply.created.v1', {
      ticket_id: done.ticket.id,
      reply_id: done.reply.id,
      owner_id: done.ticket.user_id,
      created_by: done.reply.created_by,
      created_at: new Date(done.reply.created_at).toISOString(),
    });
    return done;
  });
  const out = toReply(reply, urlOf(ctx));
  hubFor(ctx)?.replyCreated(toTicket(ticket, urlOf(ctx)), out);
  return out;
}

export async function setTicketStatus(
  ctx: ServiceContext,
  me: Identity,
  id: string,
  status: support.TicketStatus,
): Promise<support.Ticket> {
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
