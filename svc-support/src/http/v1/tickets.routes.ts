import { support } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import {
  getTicket,
  listAllTickets,
  listOwnTickets,
  pendingTicketCount,
  raiseTicket,
  replyToTicket,
  setTicketStatus,
} from '../../domain/tickets';

/** Tickets and replies (spec §7 Support and Admin): owners see their own, admins see all. */
export function ticketsRoutes(app: Express, ctx: ServiceContext): void {
  const USER = allow('advisor', 'customer');
  const ADMIN = allow('admin');

  // a ticket read and replied to by its owner or by an admin: the same calls (the domain tells who may)
  for (const [side, guard] of [
    ['user', USER],
    ['admin', ADMIN],
  ] as const) {
    app.get(`/api/v1/${side}/query-ticket/:id`, guard, async (req, res) => {
      const id = uuidParam(req);
      const q = parse(support.TicketGetQuery, req.query);
      res.json({ data: await getTicket(ctx, identity(), id, q.after) });
    });
    app.post(`/api/v1/${side}/query-ticket/:id/reply`, guard, async (req, res) => {
      const id = uuidParam(req);
      const body = parse(support.ReplyBody, req.body);
      res.status(201).json({ message: 'Reply sent', data: await replyToTicket(ctx, identity(), id, body) });
    });
  }

  app.post('/api/v1/user/query-ticket', USER, async (req, res) => {
    const body = parse(support.CreateTicketBody, req.body);
    res.status(201).json({ message: 'Ticket raised', data: await raiseTicket(ctx, identity(), body) });
  });
  app.get('/api/v1/user/query-tickets', USER, async (req, res) => {
    const q = parse(support.TicketListQuery, req.query);
    res.json({ data: await listOwnTickets(ctx, identity(), q) });
  });
  app.patch('/api/v1/user/query-ticket/:id/update', USER, async (req, res) => {
    const id = uuidParam(req);
    const body = parse(support.UserUpdateTicketBody, req.body);
    res.json({ message: 'Ticket closed', data: await setTicketStatus(ctx, identity(), id, body.status) });
  });

  app.get('/api/v1/admin/query-tickets', ADMIN, async (req, res) => {
    const q = parse(support.AdminTicketListQuery, req.query);
    if (q.have_pending_tickets === 'true') {
      res.json({ data: await pendingTicketCount(ctx) });
      return;
    }
    res.json({ data: await listAllTickets(ctx, q) });
  });
  app.patch('/api/v1/admin/query-ticket/:id/update', ADMIN, async (req, res) => {
    const id = uuidParam(req);
    const body = parse(support.AdminUpdateTicketBody, req.body);
    res.json({ message: 'Ticket updated', data: await setTicketStatus(ctx, identity(), id, body.status) });
  });
}
