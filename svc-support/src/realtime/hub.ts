import type { Server as HttpServer } from 'node:http';
import { type EventPayload, support } from '@kinfolio/contracts';
import { type Identity, type ServiceContext, verifyIdentityHeaders } from '@kinfolio/service-kit';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { isSessionRevoked } from '../data/session.repository';
import { findTicket } from '../data/ticket.repository';
import { MeetingHost } from './meetings';

/** Every socket joins the room of its session, so a revoked session's sockets close on every replica at once. */
export const sessionRoom = (sessionId: string) => `session:${sessionId.toLowerCase()}`;

export type Io = Server<
  support.ClientToServerEvents,
  support.ServerToClientEvents,
  Record<string, never>,
  { identity: Identity }
>;
export type Sock = Socket<
  support.ClientToServerEvents,
  support.ServerToClientEvents,
  Record<string, never>,
  { identity: Identity }
>;

/**
 * Live replies: socket.io on the service's HTTP server at /socket.io/. The gateway proxies the websocket upgrade and
 * adds signed identity headers; a socket without a valid identity is refused. Sockets join `user:<id>`, admins join
 * `admins`, and `ticket:<id>` only on request and only for the owner or an admin. In distributed mode the Redis
 * adapter carries every emit to the sockets of every replica.
 */
export class LiveHub {
  /** The Redis adapter's publisher and subscriber (distributed mode). */
  redis: Redis[] = [];
  /** Meetings (issue 36): start, join, views numbered per meeting, hands, the advisor-away sweeper. */
  readonly meetings: MeetingHost;

  private constructor(
    readonly io: Io,
    private readonly ctx: ServiceContext,
  ) {
    this.meetings = new MeetingHost(io, ctx);
  }

  static async attach(server: HttpServer, ctx: ServiceContext): Promise<LiveHub> {
    const io: Io = new Server(server, {
      path: support.SOCKET_PATH,
      transports: [...support.SOCKET_TRANSPORTS],
      serveClient: false,
      pingInterval: 20_000,
      pingTimeout: 20_000,
      // a meeting's view carries the advisor's what-if whole (sell sequence and locked assets of up to 500 ids each):
      // a contract-valid view must not close the socket, so the limit is the largest such view with room to spare
      maxHttpBufferSize: 131_072,
    });
    const hub = new LiveHub(io, ctx);
    if (ctx.config.MODE === 'distributed' && ctx.config.REDIS_URL) {
      const pub = new Redis(ctx.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      // ioredis emits 'error' on every failed (re)connection: a Redis restart is logged and reconnected, never an
      // unhandled 'error' event (issue 30 item 1)
      for (const [client, role] of [
        [pub, 'publisher'],
        [sub, 'subscriber'],
      ] as const)
        client.on('error', (err: Error) => ctx.logger.warn({ err, role }, 'socket.io Redis connection error'));
      await Promise.all([pub.connect(), sub.connect()]);
      hub.redis = [pub, sub];
      // requestsTimeout: a cross-replica request (fetchSockets, for a meeting's participants and its sweeper) that was
      // in flight when a replica died waits for its answer this long; 5 s (the default) would hold a rejoin past the
      // 3 s a meeting must resume in
      io.adapter(createAdapter(pub, sub, { key: `${ctx.config.REDIS_PREFIX}socket.io`, requestsTimeout: 1500 }));
    }
    io.use((socket, next) => {
      const verified = verifyIdentityHeaders(ctx.config.INTERNAL_SECRET, socket.request.headers);
      if (!verified.valid || !verified.identity) return next(new Error('Invalid token'));
      const who = verified.identity;
      // a session svc-auth revoked is refused here too (the gateway's check and this one are both needed: belt and braces)
      isSessionRevoked(ctx.db, who.sessionId).then(
        (revoked) => {
          if (revoked) return next(new Error('Invalid token'));
          socket.data.identity = who;
          next();
        },
        (err: unknown) => {
          ctx.logger.error({ err }, 'socket session check failed');
          next(new Error('Something went wrong'));
        },
      );
    });
    io.on('connection', (socket) => hub.onConnection(socket));
    hub.meetings.startSweeper();
    return hub;
  }

  private onConnection(socket: Sock): void {
    const me = socket.data.identity;
    void socket.join(sessionRoom(me.sessionId));
    void socket.join(support.rooms.user(me.userId));
    if (me.type === 'admin') void socket.join(support.rooms.admins);
    this.meetings.bind(socket);
    socket.on('ticket:join', async (msg, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const parsed = support.TicketJoinMessage.safeParse(msg);
        if (!parsed.success) return reply({ ok: false, message: 'ticket_id: Invalid ticket id' });
        if (await isSessionRevoked(this.ctx.db, me.sessionId)) {
          reply({ ok: false, message: 'Invalid token' });
          socket.disconnect(true);
          return;
        }
        const ticket = await findTicket(this.ctx.db, parsed.data.ticket_id.toLowerCase());
        if (!ticket || (me.type !== 'admin' && ticket.user_id !== me.userId))
          return reply({ ok: false, message: 'Not found' });
        await socket.join(support.rooms.ticket(ticket.id));
        reply({ ok: true });
      } catch (err) {
        this.ctx.logger.error({ err }, 'ticket:join failed');
        reply({ ok: false, message: 'Something went wrong' });
      }
    });
    socket.on('ticket:leave', async (msg, ack) => {
      const parsed = support.TicketJoinMessage.safeParse(msg);
      if (parsed.success) await socket.leave(support.rooms.ticket(parsed.data.ticket_id.toLowerCase()));
      if (typeof ack === 'function')
        ack(parsed.success ? { ok: true } : { ok: false, message: 'ticket_id: Invalid ticket id' });
    });
  }

  /** Closes every socket of these sessions, on every replica. */
  closeSessions(sessionIds: string[]): void {
    if (sessionIds.length) this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** A household changed: its advisor's and its customer's sockets reload what they show (issue 11). */
  householdChanged(p: {
    household_id: string;
    advisor_id: string;
    customer_user_id: string | null;
    change: 'created' | 'updated' | 'deleted';
    section: string;
  }): void {
    const to = [support.rooms.user(p.advisor_id)];
    if (p.customer_user_id) to.push(support.rooms.user(p.customer_user_id));
    this.io.to(to).emit('household:changed', { household_id: p.household_id, change: p.change, section: p.section });
  }

  /**
   * A job's progress (issue 37): to the user rooms the event names (the job's requester) and to admins when it says
   * so (the fund import); nobody else.
   */
  jobProgress(p: EventPayload<'planning.job.progress.v1'>): void {
    const to = p.user_ids.map((id) => support.rooms.user(id));
    if (p.admins) to.push(support.rooms.admins);
    if (to.length) this.io.to(to).emit('job:progress', { job: p.job });
  }

  replyCreated(ticket: support.Ticket, reply: support.Reply): void {
    this.io
      .to([support.rooms.ticket(ticket.id), support.rooms.user(ticket.user_id), support.rooms.admins])
      .emit('reply:created', { ticket_id: ticket.id, reply });
  }

  ticketCreated(ticket: support.Ticket): void {
    this.io.to([support.rooms.user(ticket.user_id), support.rooms.admins]).emit('ticket:created', { ticket });
  }

  ticketUpdated(ticket: support.Ticket): void {
    this.io
      .to([support.rooms.ticket(ticket.id), support.rooms.user(ticket.user_id), support.rooms.admins])
      .emit('ticket:updated', { ticket });
  }

  pendingCount(count: number): void {
    this.io.to(support.rooms.admins).emit('tickets:pending', { count });
  }

  async close(): Promise<void> {
    await this.meetings.stop();
    await new Promise<void>((resolve) => {
      this.io.close(() => resolve());
      setTimeout(resolve, 2000).unref();
    });
    await Promise.allSettled(this.redis.map((r) => r.quit()));
  }
}

const hubs = new WeakMap<ServiceContext, LiveHub>();
export const hubFor = (ctx: ServiceContext): LiveHub | undefined => hubs.get(ctx);
export function setHub(ctx: ServiceContext, hub: LiveHub | undefined): void {
  if (hub) hubs.set(ctx, hub);
  else hubs.delete(ctx);
}
