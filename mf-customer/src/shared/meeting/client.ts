import type { meetings } from '@kinfolio/contracts';
import { ACK_TIMEOUT_MS, ask, type MeetingSocket, type MeetingSocketOpener } from './socket';

type View = meetings.MeetingView;
type ViewPatch = Partial<meetings.MeetingViewInput>;

/** Where this screen is with the household's meeting. */
export type MeetingPhase = 'idle' | 'joining' | 'joined';

export interface MeetingSnapshot {
  phase: MeetingPhase;
  /** A running meeting this screen is not in (the family's invitation). */
  invitation: meetings.MeetingSummary | null;
  /** The meeting this screen is in; its view is this screen's (a controller's own changes show before their echo). */
  meeting: meetings.MeetingState | null;
  /** The socket is up (false while it reconnects). */
  connected: boolean;
  /** The meeting this screen was in has ended (the notice), and why. */
  ended: meetings.MeetingEndedMessage['reason'] | null;
  /** The last action's failure, in words. */
  error: string | null;
  /** An action (start, join, end, control) is under way. */
  busy: boolean;
}

export interface MeetingClientOptions {
  householdId: string;
  role: meetings.MeetingRole;
  /** The signed-in user (the socket's identity; their own changes come back with `by` = this id). */
  userId: string;
  fetchPass: () => Promise<meetings.MeetingPass>;
  open: MeetingSocketOpener;
  /** Remembers, per household, the meeting this tab had joined (a reload joins it again). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

const INITIAL: MeetingSnapshot = {
  phase: 'idle',
  invitation: null,
  meeting: null,
  connected: false,
  ended: null,
  error: null,
  busy: false,
};

export const joinedKey = (householdId: string) => `kf-meeting:${householdId}`;

const EMPTY_VIEW: View = {
  path: '',
  search: '',
  year: null,
  highlight: null,
  explain: null,
  scenario: null,
};

/** The whole view after a patch (only the fields the patch names change; defaults filled as the contract's). */
export function mergeView(view: View, patch: ViewPatch): View {
  const next: Record<string, unknown> = { ...EMPTY_VIEW, ...view };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) next[k] = v;
  const explain = next.explain as meetings.MeetingViewInput['explain'];
  if (explain) next.explain = { currency: null, as_percent: false, ...explain };
  const scenario = next.scenario as meetings.MeetingViewInput['scenario'];
  if (scenario) next.scenario = { named_scenario_id: null, what_if: null, compare_with: null, ...scenario };
  return next as View;
}

/**
 * A figure's label as a meeting's message carries it (contracts PlainText(200)): no control characters, none of
 * < > { } [ ] ~ ` | ^, no emoji, trimmed, at most 200 characters.
 */
export function plainLabel(label: string): string {
  const clean = Array.from(label, (ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c < 0x20 || (c >= 0x7f && c < 0xa0) ? ' ' : ch;
  })
    .join('')
    .replace(/[<>{}[\]~`|^]/g, ' ')
    .replace(/\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0F/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(clean).slice(0, 200).join('').trim();
}

const sameView = (a: View, b: View) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a participant of `role` steers when the meeting's control is `control`. */
export const steers = (role: meetings.MeetingRole, control: meetings.MeetingControl) =>
  role === 'advisor' ? control === 'advisor' : control === 'family';

/**
 * One screen's side of the household's meeting (issue 36), free of React: the socket, the pass fetched for every
 * start, join and rejoin, the meeting's state checked by `seq` (the next one is applied, an older one ignored, a gap
 * asks `meeting:sync`), and the view this screen publishes when it steers (sent one at a time, in order; while one
 * is on its way or the socket is down only the latest waits).
 */
export class MeetingClient {
  private snap: MeetingSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private socket: MeetingSocket | null = null;
  private opening: Promise<MeetingSocket | null> | null = null;
  private disposed = false;
  private syncing = false;
  /** A view change is on its way (its acknowledgement not come yet). */
  private sending = false;
  /** This screen's latest view has not been sent yet. */
  private unsent = false;
  /** The pass fetched on load, for the first look for a running meeting. */
  private firstPass: meetings.MeetingPass | null = null;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly opts: MeetingClientOptions) {}

  getSnapshot = (): MeetingSnapshot => this.snap;
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  get role(): meetings.MeetingRole {
    return this.opts.role;
  }
  /** This screen steers the meeting it is in. */
  get inControl(): boolean {
    const m = this.snap.meeting;
    return !!m && this.snap.phase === 'joined' && steers(this.opts.role, m.control);
  }

  /**
   * Looks for the household's running meeting: the family always (its invitation), the advisor only when this tab
   * had joined one (a reload lands back in it). A remembered meeting is joined again at once.
   */
  init(): void {
    if (this.opts.role !== 'family' && !this.remembered()) return;
    // the pass first: a screen that may not take part (no pass) opens no socket
    this.opts.fetchPass().then(
      (pass) => {
        this.firstPass = pass;
        void this.ensureSocket();
      },
      () => undefined,
    );
  }

  dispose(): void {
    this.disposed = true;
    this.socket?.disconnect();
    this.socket = null;
    this.listeners.clear();
  }

  /** The advisor starts the household's meeting (or rejoins the running one). */
  async start(): Promise<void> {
    await this.enter('meeting:start', null);
  }

  /** Joins the running meeting (the invitation's, or the one given). */
  async join(meetingId?: string): Promise<void> {
    const id = meetingId ?? this.snap.invitation?.id;
    if (!id) return;
    await this.enter('meeting:join', id);
  }

  /** Leaves the meeting (it goes on without this screen; the invitation shows again). */
  async leave(): Promise<void> {
    const m = this.snap.meeting;
    if (!m) return;
    this.forget();
    this.set({ phase: 'idle', meeting: null, error: null });
    this.socket?.emit('meeting:leave', { meeting_id: m.id });
    await this.lookUp();
  }

  /** Merges `patch` into the view and sends it; nothing happens when this screen does not steer. */
  publish(patch: ViewPatch): void {
    const m = this.snap.meeting;
    if (!m || !this.inControl) return;
    const view = mergeView(m.view, patch);
    if (sameView(view, m.view)) return;
    this.set({ meeting: { ...m, view } });
    this.unsent = true;
    this.flush();
  }

  /** The advisor hands control to the family ("let them explore") or takes it back. */
  async control(to: meetings.MeetingControl): Promise<void> {
    const m = this.snap.meeting;
    if (!m || !this.socket) return;
    this.set({ busy: true, error: null });
    const res = await ask(this.socket, 'meeting:control', { meeting_id: m.id, to });
    this.set({ busy: false, error: res.ok ? null : res.message });
    // the change itself comes to the room with its seq; an answer ahead of it asks for the whole state
    if (res.ok && this.snap.meeting && res.data.seq > this.snap.meeting.seq + 1) void this.sync();
  }

  async raiseHand(figure: string | null, label: string | null): Promise<boolean> {
    const m = this.snap.meeting;
    if (!m || !this.socket) return false;
    const res = await ask(this.socket, 'meeting:hand', {
      meeting_id: m.id,
      figure,
      label: label ? plainLabel(label) || null : null,
    });
    // the raised hand shows at once (the room's list, when it comes, replaces it)
    const cur = this.snap.meeting;
    if (res.ok && cur?.id === m.id && !cur.hands.some((h) => h.id === res.data.id))
      this.set({ meeting: { ...cur, hands: [...cur.hands, res.data] } });
    this.set({ error: res.ok ? null : res.message });
    return res.ok;
  }

  async lowerHand(handId: string): Promise<void> {
    const m = this.snap.meeting;
    if (!m || !this.socket) return;
    const res = await ask(this.socket, 'meeting:lower-hand', { meeting_id: m.id, hand_id: handId });
    if (res.ok) {
      const cur = this.snap.meeting;
      if (cur?.id === m.id) this.set({ meeting: { ...cur, hands: cur.hands.filter((h) => h.id !== handId) } });
    }
    this.set({ error: res.ok ? null : res.message });
  }

  /** The advisor ends the meeting for everyone. */
  async end(): Promise<boolean> {
    const m = this.snap.meeting;
    if (!m || !this.socket) return false;
    this.set({ busy: true, error: null });
    const res = await ask(this.socket, 'meeting:end', { meeting_id: m.id });
    if (!res.ok) {
      this.set({ busy: false, error: res.message });
      return false;
    }
    this.ended(m.id, 'ended');
    return true;
  }

  dismissEnded(): void {
    this.set({ ended: null });
  }

  // ---- inside ----

  private set(patch: Partial<MeetingSnapshot>): void {
    if (this.disposed) return;
    this.snap = { ...this.snap, ...patch };
    for (const fn of this.listeners) fn();
  }

  private remembered(): string | null {
    try {
      return this.opts.storage?.getItem(joinedKey(this.opts.householdId)) ?? null;
    } catch {
      return null;
    }
  }
  private remember(meetingId: string): void {
    try {
      this.opts.storage?.setItem(joinedKey(this.opts.householdId), meetingId);
    } catch {
      // private mode: a reload shows the invitation instead
    }
  }
  private forget(): void {
    try {
      this.opts.storage?.removeItem(joinedKey(this.opts.householdId));
    } catch {
      // nothing kept
    }
  }

  private ensureSocket(): Promise<MeetingSocket | null> {
    if (this.socket) return Promise.resolve(this.socket);
    if (!this.opening) {
      this.opening = this.opts.open().then(
        (s) => {
          if (this.disposed) {
            s.disconnect();
            return null;
          }
          this.socket = s;
          this.listen(s);
          if (s.connected) void this.onConnect();
          return s;
        },
        () => {
          this.opening = null;
          this.set({ error: 'The meeting could not be reached. Check the connection and try again.' });
          return null;
        },
      );
    }
    return this.opening;
  }

  private listen(s: MeetingSocket): void {
    s.on('connect', () => void this.onConnect());
    s.on('disconnect', () => this.set({ connected: false }));
    s.on('meeting:state', (msg) => this.onState(msg));
    s.on('meeting:participants', (msg) => {
      const m = this.snap.meeting;
      if (m?.id === msg.meeting_id) this.set({ meeting: { ...m, participants: msg.participants } });
    });
    s.on('meeting:hands', (msg) => {
      const m = this.snap.meeting;
      if (m?.id === msg.meeting_id) this.set({ meeting: { ...m, hands: msg.hands } });
    });
    s.on('meeting:ended', (msg) => this.ended(msg.meeting_id, msg.reason));
    s.on('meeting:invited', (msg) => {
      if (msg.meeting.household_id !== this.opts.householdId || this.snap.meeting) return;
      if (this.opts.role === 'family') this.set({ invitation: msg.meeting, ended: null });
    });
  }

  /** Every (re)connect: back into the meeting this screen is in (a new pass), else look for a running one. */
  private async onConnect(): Promise<void> {
    this.set({ connected: true });
    for (const fn of this.waiting.splice(0)) fn();
    const m = this.snap.meeting;
    if (m) await this.rejoin(m.id);
    else if (this.snap.phase !== 'joining') await this.lookUp();
  }

  /** Resolves once the socket is up (a start or join is sent on a connection, never buffered before one). */
  private up(s: MeetingSocket): Promise<boolean> {
    if (s.connected && this.snap.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ACK_TIMEOUT_MS);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The household's running meeting: a remembered one is joined again, else the family is invited. */
  private async lookUp(): Promise<void> {
    const s = this.socket;
    if (!s) return;
    let pass = this.firstPass;
    this.firstPass = null;
    if (!pass) {
      try {
        pass = await this.opts.fetchPass();
      } catch {
        return; // no pass (not this household's, signed out): no meeting to show
      }
    }
    const res = await ask(s, 'meeting:current', { pass: pass.pass });
    if (!res.ok || this.snap.meeting) return;
    const running = res.data && res.data.status === 'running' ? res.data : null;
    const kept = this.remembered();
    if (running && kept === running.id) {
      await this.enter('meeting:join', running.id, pass.pass);
      return;
    }
    if (kept) this.forget();
    this.set({ invitation: this.opts.role === 'family' ? running : null });
  }

  private async enter(event: 'meeting:start' | 'meeting:join', meetingId: string | null, pass?: string) {
    this.set({ busy: true, error: null, phase: 'joining' });
    const s = await this.ensureSocket();
    if (!s) {
      this.set({ busy: false, phase: 'idle' });
      return;
    }
    if (!(await this.up(s))) {
      this.set({
        busy: false,
        phase: 'idle',
        error: 'The meeting could not be reached. Check the connection and try again.',
      });
      return;
    }
    let token = pass;
    if (!token) {
      try {
        token = (await this.opts.fetchPass()).pass;
      } catch {
        this.set({ busy: false, phase: 'idle', error: 'You cannot take part in this meeting.' });
        return;
      }
    }
    const res =
      event === 'meeting:start' || !meetingId
        ? await ask(s, 'meeting:start', { pass: token })
        : await ask(s, 'meeting:join', { pass: token, meeting_id: meetingId });
    if (!res.ok) {
      this.set({ busy: false, phase: this.snap.meeting ? 'joined' : 'idle', error: res.message });
      return;
    }
    this.remember(res.data.id);
    this.unsent = false;
    this.set({ busy: false, phase: 'joined', meeting: res.data, invitation: null, ended: null, error: null });
  }

  /** Back into the meeting after a reconnect: a new pass, the whole state; this screen's unsent view goes out. */
  private async rejoin(meetingId: string): Promise<void> {
    const s = this.socket;
    if (!s) return;
    let pass: meetings.MeetingPass;
    try {
      pass = await this.opts.fetchPass();
    } catch {
      this.ended(meetingId, 'removed');
      return;
    }
    const res = await ask(s, 'meeting:join', { pass: pass.pass, meeting_id: meetingId });
    const cur = this.snap.meeting;
    if (!cur || cur.id !== meetingId) return;
    if (!res.ok) {
      // ended while away, or no longer allowed in
      this.ended(meetingId, 'ended');
      return;
    }
    // still steering: what this screen shows is the meeting's view (a change made while away goes out now)
    const keepMine = steers(this.opts.role, res.data.control) && !sameView(cur.view, res.data.view);
    this.sending = false;
    this.unsent = keepMine;
    this.set({ meeting: keepMine ? { ...res.data, view: cur.view } : res.data, phase: 'joined', error: null });
    this.flush();
  }

  private onState(msg: meetings.MeetingStateChange): void {
    const m = this.snap.meeting;
    if (!m || msg.meeting_id !== m.id) return;
    if (msg.seq <= m.seq) return; // already seen (or older): ignored
    if (msg.seq > m.seq + 1) {
      void this.sync();
      return;
    }
    // this screen's own change coming back: its view may be ahead already (changes sent after it)
    const mine = msg.by === this.opts.userId && steers(this.opts.role, msg.control);
    this.set({ meeting: { ...m, seq: msg.seq, control: msg.control, view: mine ? m.view : msg.view } });
  }

  /** The whole state after a gap in seq. */
  private async sync(): Promise<void> {
    const m = this.snap.meeting;
    if (!m || !this.socket || this.syncing) return;
    this.syncing = true;
    try {
      const res = await ask(this.socket, 'meeting:sync', { meeting_id: m.id });
      const cur = this.snap.meeting;
      if (!res.ok || !cur || cur.id !== res.data.id || res.data.seq < cur.seq) return;
      const mine = this.unsent && steers(this.opts.role, res.data.control);
      this.set({ meeting: mine ? { ...res.data, view: cur.view } : res.data });
    } finally {
      this.syncing = false;
    }
  }

  /** Sends the latest view when none is on its way and the socket is up. */
  private flush(): void {
    const s = this.socket;
    const m = this.snap.meeting;
    if (!s || !m || this.sending || !this.unsent || !this.snap.connected || !this.inControl) return;
    this.sending = true;
    this.unsent = false;
    void ask(s, 'meeting:view', { meeting_id: m.id, view: m.view }).then((res) => {
      this.sending = false;
      if (!res.ok) this.set({ error: res.message });
      this.flush();
    });
  }

  private ended(meetingId: string, reason: meetings.MeetingEndedMessage['reason']): void {
    if (this.snap.invitation?.id === meetingId) this.set({ invitation: null });
    if (this.snap.meeting?.id !== meetingId) return;
    this.forget();
    this.unsent = false;
    this.sending = false;
    this.set({ phase: 'idle', meeting: null, ended: reason, busy: false });
  }
}
