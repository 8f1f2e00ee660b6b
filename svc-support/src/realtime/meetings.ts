import { randomUUID } from 'node:crypto';
import { InternalHeaders, meetings as m, support } from '@kinfolio/contracts';
import { type Identity, type Knex, type ServiceContext, verifyPass } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { isSessionRevoked } from '../data/session.repository';
import type { Io, Sock } from './hub';
import {
  addParticipant,
  clearAdvisorAway,
  endMeeting,
  findMeeting,
  findRunningForHousehold,
  lowerHand,
  type MeetingRow,
  markAdvisorAway,
  raiseHand,
  runningMeetings,
  setControl,
  setCustomers,
  setView,
  startMeeting,
  summaryOf,
} from './meeting.repository';

type Ack<T> = m.MeetingAck<T>;
const ok = <T>(data: T): Ack<T> => ({ ok: true, data });
const no = (message: string): Ack<never> => ({ ok: false, message });

/** The purpose svc-planning signs meeting passes for. */
export const MEETING_PASS_PURPOSE = 'meeting';
const START_PATH = 'financial-report/dashboard';

export interface MeetingHostOptions {
  /** How long the advisor may be away before the meeting ends (MEETING_ADVISOR_AWAY_MS). */
  awayMs: number;
  /** How often each replica's sweeper looks (MEETING_SWEEP_MS). */
  sweepMs: number;
  now: () => number;
}

/** Options from the environment: `MEETING_ADVISOR_AWAY_MS` and `MEETING_SWEEP_MS` override the defaults (tests). */
export function meetingOptionsFromEnv(env: Record<string, string | undefined> = process.env): MeetingHostOptions {
  const num = (v: string | undefined, d: number, min: number) => {
    const n = Number(v);
    return v && Number.isFinite(n) && n >= min ? Math.floor(n) : d;
  };
  return {
    awayMs: num(env.MEETING_ADVISOR_AWAY_MS, m.MEETING_ADVISOR_AWAY_MS, 100),
    sweepMs: num(env.MEETING_SWEEP_MS, 15_000, 50),
    now: Date.now,
  };
}

/** The first problem of a message, naming its field ("view.year: Too big"). */
function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid message';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

const lower = (id: string) => id.toLowerCase();

/**
 * Meetings on the live socket (issue 36). A meeting's state is its row in PostgreSQL, so any replica serves it and a
 * replica's death loses nothing; every state change is numbered by the UPDATE that makes it and sent whole to the
 * meeting's room (the Redis adapter carries it to the other replicas). Each socket's meeting messages are handled
 * strictly one after the other, so a client's views are numbered in the order it sent them.
 */
export class MeetingHost {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping = false;
  /** Set by stop(): nothing more is sent through the adapter (its Redis connections are about to close). */
  private closed = false;
  /** Work in progress (each socket's latest message, a sweep), awaited by stop(). */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly io: Io,
    private readonly ctx: ServiceContext,
    readonly options: MeetingHostOptions = meetingOptionsFromEnv(),
  ) {}

  private get db(): Knex {
    return this.ctx.db;
  }

  startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.track(this.sweep()), this.options.sweepMs);
    this.sweeper.unref();
  }

  /** Stops the sweeper and waits for work in progress (before the hub closes its Redis connections). */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.allSettled([...this.pending]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  bind(socket: Sock): void {
    const me = socket.data.identity;
    const userId = lower(me.userId);
    const correlationId = String(socket.request.headers[InternalHeaders.correlationId] ?? '') || undefined;
    let chain: Promise<void> = Promise.resolve();
    const on = (event: string, handle: (msg: unknown) => Promise<Ack<unknown>>) => {
      (socket as unknown as { on(e: string, h: (msg: unknown, ack: unknown) => void): void }).on(event, (msg, ack) => {
        const reply = typeof ack === 'function' ? (ack as (r: Ack<unknown>) => void) : () => undefined;
        chain = this.track(
          chain.then(async () => {
            if (this.closed) return reply(no('The service is restarting: try again'));
            let res: Ack<unknown>;
            try {
              res = await handle(msg);
            } catch (err) {
              this.ctx.logger.error({ err, correlationId, event, userId }, 'meeting message failed');
              res = no('Something went wrong');
            }
            try {
              reply(res);
            } catch (err) {
              this.ctx.logger.warn({ err, correlationId, event }, 'meeting acknowledgement failed');
            }
          }),
        );
      });
    };
    const inRoom = (meetingId: string) => socket.rooms.has(m.meetingRoom(meetingId));
    /** A message about a meeting this socket is in: parsed (a bad one is answered naming its field), then checked. */
    const onMember = <S extends z.ZodType<{ meeting_id: string }>>(
      event: string,
      schema: S,
      handle: (data: z.infer<S>, id: string) => Promise<Ack<unknown>>,
    ) =>
      on(event, async (msg) => {
        const parsed = schema.safeParse(msg);
        if (!parsed.success) return no(problem(parsed.error));
        const id = lower(parsed.data.meeting_id);
        if (!inRoom(id)) return no('meeting_id: Join the meeting first');
        return handle(parsed.data, id);
      });

    on('meeting:start', async (msg) => {
      const parsed = m.MeetingStartMessage.safeParse(msg);
      if (!parsed.success) return no(problem(parsed.error));
      const pass = this.pass(parsed.data.pass, me);
      if (typeof pass === 'string') return no(pass);
      if (pass.role !== 'advisor') return no("pass: Only the household's advisor can start a meeting");
      if (await isSessionRevoked(this.db, me.sessionId)) return this.refuseRevoked(socket);
      const view = m.MeetingView.parse({ path: START_PATH });
      const started = await startMeeting(this.db, pass, view);
      if (!started) return no('The meeting could not be started: try again');
      // the household changed advisor while its meeting ran: the running meeting stays its own advisor's
      if (started.meeting.advisor_id !== userId) return no('This household has a meeting running with another advisor');
      const row = await this.enter(socket, started.meeting.id, { user_id: userId, name: pass.name, role: 'advisor' });
      if (!row) return no('The meeting could not be started: try again');
      if (started.created) {
        const to = [...new Set([userId, ...row.customer_user_ids])].map((u) => support.rooms.user(u));
        this.io.to(to).emit('meeting:invited', { meeting: summaryOf(row) });
      }
      return ok(await this.stateOf(row));
    });

    on('meeting:current', async (msg) => {
      const parsed = m.MeetingCurrentMessage.safeParse(msg);
      if (!parsed.success) return no(problem(parsed.error));
      const pass = this.pass(parsed.data.pass, me);
      if (typeof pass === 'string') return no(pass);
      const running = await findRunningForHousehold(this.db, pass.household_id);
      if (!running || !this.mayTakePart(running, userId, pass.role)) return ok(null);
      return ok(summaryOf(running));
    });

    on('meeting:join', async (msg) => {
      const parsed = m.MeetingJoinMessage.safeParse(msg);
      if (!parsed.success) return no(problem(parsed.error));
      const pass = this.pass(parsed.data.pass, me);
      if (typeof pass === 'string') return no(pass);
      if (await isSessionRevoked(this.db, me.sessionId)) return this.refuseRevoked(socket);
      const found = await findMeeting(this.db, parsed.data.meeting_id);
      if (!found || found.household_id !== lower(pass.household_id) || !this.mayTakePart(found, userId, pass.role))
        return no('meeting_id: Not found');
      if (found.status !== 'running') return no('meeting_id: This meeting has ended');
      const row = await this.enter(socket, found.id, { user_id: userId, name: pass.name, role: pass.role });
      if (!row) return no('meeting_id: Not found');
      return ok(await this.stateOf(row));
    });

    onMember('meeting:sync', m.MeetingRefMessage, async (_data, id) => {
      const row = await findMeeting(this.db, id);
      if (!row || !this.mayTakePart(row, userId, row.advisor_id === userId ? 'advisor' : 'family'))
        return no('meeting_id: Not found');
      if (row.status !== 'running') return no('meeting_id: This meeting has ended');
      return ok(await this.stateOf(row));
    });

    on('meeting:leave', async (msg) => {
      const parsed = m.MeetingRefMessage.safeParse(msg);
      if (!parsed.success) return no(problem(parsed.error));
      const id = lower(parsed.data.meeting_id);
      if (inRoom(id)) {
        await socket.leave(m.meetingRoom(id));
        await this.departed([id], userId);
      }
      return ok(null);
    });

    onMember('meeting:view', m.MeetingViewMessage, async (data, id) => {
      const done = await setView(this.db, id, userId, data.view);
      if (!done) return no(await this.whyRefused(id, userId));
      this.stateChanged({ meeting_id: id, seq: done.seq, view: data.view, control: done.control, by: userId });
      return ok({ seq: done.seq });
    });

    onMember('meeting:control', m.MeetingControlMessage, async (data, id) => {
      const done = await setControl(this.db, id, userId, data.to);
      if (!done) {
        const row = await findMeeting(this.db, id);
        if (row?.status === 'ended') return no('meeting_id: This meeting has ended');
        return no('Only the advisor can hand over or take back control');
      }
      this.stateChanged({ meeting_id: id, seq: done.seq, view: done.view, control: data.to, by: userId });
      return ok({ seq: done.seq });
    });

    onMember('meeting:hand', m.MeetingHandMessage, async (data, id) => {
      const row = await findMeeting(this.db, id);
      if (!row || row.status !== 'running') return no('meeting_id: This meeting has ended');
      if (!row.customer_user_ids.includes(userId)) return no('Only the family can raise a hand');
      const hand: m.MeetingHand = {
        id: randomUUID(),
        user_id: userId,
        name: row.participants.find((p) => p.user_id === userId)?.name ?? '',
        figure: data.figure,
        label: data.label,
        path: row.view.path,
        raised_at: new Date(this.options.now()).toISOString(),
      };
      const raised = await raiseHand(this.db, id, hand);
      if (raised === 'limit')
        return no('Too many hands are raised in this meeting: wait for the advisor to answer some');
      if (raised === 'duplicate') return no('figure: You have already raised a hand on this figure');
      if (!raised) return no('Only the family can raise a hand');
      this.io.to(m.meetingRoom(id)).emit('meeting:hands', { meeting_id: id, hands: raised.hands });
      return ok(hand);
    });

    onMember('meeting:lower-hand', m.MeetingLowerHandMessage, async (data, id) => {
      const hands = await lowerHand(this.db, id, lower(data.hand_id), userId);
      if (!hands) return no('hand_id: Not found');
      this.io.to(m.meetingRoom(id)).emit('meeting:hands', { meeting_id: id, hands });
      return ok(null);
    });

    on('meeting:end', async (msg) => {
      const parsed = m.MeetingRefMessage.safeParse(msg);
      if (!parsed.success) return no(problem(parsed.error));
      const id = lower(parsed.data.meeting_id);
      const row = await findMeeting(this.db, id);
      if (!row || row.advisor_id !== userId) return no('meeting_id: Not found');
      if (await endMeeting(this.db, id, 'ended', { advisorId: userId })) await this.finish(id, 'ended');
      return ok(null);
    });

    // the rooms a socket was in are gone by 'disconnect': note its meetings while it is disconnecting
    let leaving: string[] = [];
    socket.on('disconnecting', () => {
      leaving = [...socket.rooms].filter((r) => r.startsWith('meeting:')).map((r) => r.slice('meeting:'.length));
    });
    socket.on('disconnect', () => {
      if (!leaving.length || this.closed) return;
      const ids = leaving;
      chain = this.track(
        chain.then(() =>
          this.closed
            ? undefined
            : this.departed(ids, userId).catch((err: unknown) =>
                this.ctx.logger.warn({ err, correlationId, userId }, 'meeting departure failed'),
              ),
        ),
      );
    });
  }

  private stateChanged(change: m.MeetingStateChange): void {
    this.io.to(m.meetingRoom(change.meeting_id)).emit('meeting:state', change);
  }

  /** The pass's payload when it is valid and was made for this socket's user; else why not, in words. */
  private pass(raw: string, me: Identity): m.MeetingPassPayload | string {
    const p = verifyPass(this.ctx.config.INTERNAL_SECRET, MEETING_PASS_PURPOSE, raw, m.MeetingPassPayload);
    if (!p) return 'pass: This meeting pass is not valid or has expired';
    if (lower(p.user_id) !== lower(me.userId)) return 'pass: This meeting pass was made for someone else';
    const user = lower(p.user_id);
    if (p.role === 'advisor' && lower(p.advisor_id) !== user) return 'pass: This meeting pass is not valid';
    if (p.role === 'family' && !p.customer_user_ids.map(lower).includes(user))
      return 'pass: This meeting pass is not valid';
    return p;
  }

  private mayTakePart(row: MeetingRow, userId: string, role: m.MeetingRole): boolean {
    return role === 'advisor' ? row.advisor_id === userId : row.customer_user_ids.includes(userId);
  }

  private refuseRevoked(socket: Sock): Ack<never> {
    setImmediate(() => socket.disconnect(true));
    return no('Invalid token');
  }

  /** The socket joins the room, then the user is recorded (a removal that committed first refuses them). */
  private async enter(
    socket: Sock,
    id: string,
    who: { user_id: string; name: string; role: m.MeetingRole },
  ): Promise<MeetingRow | null> {
    await socket.join(m.meetingRoom(id));
    const row = await addParticipant(this.db, id, who);
    if (!row) {
      await socket.leave(m.meetingRoom(id));
      return null;
    }
    await this.broadcastParticipants(row);
    return row;
  }

  private async whyRefused(id: string, userId: string): Promise<string> {
    const row = await findMeeting(this.db, id);
    if (!row) return 'meeting_id: Not found';
    if (row.status !== 'running') return 'meeting_id: This meeting has ended';
    if (row.control === 'family' && row.advisor_id === userId)
      return 'The family has control: take it back before changing the view';
    return 'The advisor has control of this meeting';
  }

  /** Everyone who has joined, with whether they have a socket in the room now (on any replica). */
  private async participantsOf(row: MeetingRow): Promise<m.MeetingParticipant[]> {
    const room = m.meetingRoom(row.id);
    // a replica that died while asked never answers: this replica's own sockets then, rather than a failed join
    const sockets = await this.io
      .in(room)
      .fetchSockets()
      .catch(async (err: unknown) => {
        this.ctx.logger.warn({ err, meetingId: row.id }, 'meeting participants: other replicas did not answer');
        return this.io.local.in(room).fetchSockets();
      });
    const here = new Set(sockets.map((s) => lower(s.data.identity?.userId ?? '')));
    return row.participants.map((p) => ({ ...p, connected: here.has(p.user_id) }));
  }

  private async broadcastParticipants(row: MeetingRow): Promise<void> {
    const participants = await this.participantsOf(row);
    this.io.to(m.meetingRoom(row.id)).emit('meeting:participants', { meeting_id: row.id, participants });
  }

  async stateOf(row: MeetingRow): Promise<m.MeetingState> {
    return {
      ...summaryOf(row),
      seq: row.seq,
      view: row.view,
      control: row.control,
      participants: await this.participantsOf(row),
      hands: row.hands,
    };
  }

  /** A user's socket left these meetings: the others see who is in; an advisor with no socket left is away. */
  private async departed(ids: string[], userId: string): Promise<void> {
    for (const id of ids) {
      const row = await findMeeting(this.db, id);
      if (!row || row.status !== 'running') continue;
      const participants = await this.participantsOf(row);
      this.io.to(m.meetingRoom(id)).emit('meeting:participants', { meeting_id: id, participants });
      if (row.advisor_id === userId && !participants.some((p) => p.user_id === userId && p.connected))
        await markAdvisorAway(this.db, [id], new Date(this.options.now()));
    }
  }

  /** The meeting ended: everyone in it is told why, then the room empties (on every replica). */
  private async finish(id: string, reason: m.MeetingEndedMessage['reason']): Promise<void> {
    const room = m.meetingRoom(id);
    this.io.to(room).emit('meeting:ended', { meeting_id: id, reason });
    this.io.in(room).socketsLeave(room);
  }

  /**
   * Every replica, every `sweepMs`: marks the advisor away in meetings where they have no socket (a replica that died
   * never saw its sockets go), clears it where they are back, and ends meetings whose advisor has been away
   * `awayMs`. Ending is one conditional UPDATE, so two replicas sweeping at once end a meeting once.
   */
  async sweep(): Promise<number> {
    if (this.sweeping || this.closed) return 0;
    this.sweeping = true;
    let ended = 0;
    try {
      const rows = await runningMeetings(this.db);
      if (!rows.length) return 0;
      const sockets = await this.io.in(rows.map((r) => m.meetingRoom(r.id))).fetchSockets();
      const present = new Set<string>();
      for (const s of sockets)
        for (const room of s.rooms)
          if (room.startsWith('meeting:')) present.add(`${room}|${lower(s.data.identity?.userId ?? '')}`);
      const now = this.options.now();
      const back: string[] = [];
      const away: string[] = [];
      for (const r of rows) {
        const here = present.has(`${m.meetingRoom(r.id)}|${r.advisor_id}`);
        if (here && r.advisor_away_since) back.push(r.id);
        else if (!here && !r.advisor_away_since) away.push(r.id);
        else if (!here && r.advisor_away_since && now - r.advisor_away_since.getTime() >= this.options.awayMs) {
          const awayBefore = new Date(now - this.options.awayMs + 1);
          if (await endMeeting(this.db, r.id, 'advisor_away', { awayBefore })) {
            ended++;
            await this.finish(r.id, 'advisor_away');
          }
        }
      }
      await clearAdvisorAway(this.db, back);
      await markAdvisorAway(this.db, away, new Date(now));
    } catch (err) {
      this.ctx.logger.warn({ err }, 'meeting sweep failed');
    } finally {
      this.sweeping = false;
    }
    return ended;
  }

  /**
   * planning.household.changed.v1 (inside the consumer's transaction): the running meeting's customers become the
   * one the event names. Answers what to do once it committed: whoever is no longer the household's customer is
   * told `removed` and their sockets leave the room (on every replica).
   */
  async householdChanged(
    trx: Knex.Transaction,
    p: { household_id: string; advisor_id: string; customer_user_id: string | null },
  ): Promise<(() => Promise<void>) | null> {
    // the household has another advisor now: the old one may no longer present it, so its meeting ends for everyone
    const running = await findRunningForHousehold(trx, p.household_id);
    if (running && running.advisor_id !== lower(p.advisor_id)) {
      if (!(await endMeeting(trx, running.id, 'ended'))) return null;
      return () => this.finish(running.id, 'ended');
    }
    const changed = await setCustomers(trx, p.household_id, p.customer_user_id ? [p.customer_user_id] : []);
    if (!changed?.removed.length) return null;
    const { meeting, removed } = changed;
    return async () => {
      const room = m.meetingRoom(meeting.id);
      const sockets = await this.io.in(room).fetchSockets();
      for (const s of sockets) {
        if (!removed.includes(lower(s.data.identity?.userId ?? ''))) continue;
        s.emit('meeting:ended', { meeting_id: meeting.id, reason: 'removed' });
        s.leave(room);
      }
      await this.broadcastParticipants(meeting);
      this.io.to(room).emit('meeting:hands', { meeting_id: meeting.id, hands: meeting.hands });
    };
  }

  /** planning.household.deleted.v1: the household's meeting ends (reason household_deleted) once this commits. */
  async householdDeleted(trx: Knex.Transaction, householdId: string): Promise<(() => Promise<void>) | null> {
    const running = await findRunningForHousehold(trx, householdId);
    if (!running || !(await endMeeting(trx, running.id, 'household_deleted'))) return null;
    return () => this.finish(running.id, 'household_deleted');
  }
}
