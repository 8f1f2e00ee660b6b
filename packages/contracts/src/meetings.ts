import { z } from 'zod';
import { Timestamp } from './common';
import { ScenarioInputs } from './scenarios';
import { PlainText } from './validation';

/**
 * Meeting mode (issue 36): the advisor presents a household's plan live on the family's own screens.
 *
 * - svc-planning decides who may take part: `GET customer/{id}/meeting-pass` answers the household's advisor and its
 *   customer with a pass, signed with the internal secret, that names the household, its advisor, its customer
 *   sign-ins and the caller (`MeetingPassPayload`). A pass lives `MEETING_PASS_TTL_MS`.
 * - svc-support hosts the meeting on its live socket (socket.io through the gateway, Redis adapter across replicas):
 *   it checks the pass's signature and that the pass's user is the socket's user, keeps the meeting's state in its
 *   own table (so any replica can serve it and a replica's death loses nothing), numbers every state change with
 *   `seq` (one more per change, per meeting), and sends each change to the meeting's room.
 * - Each state change carries the whole view (never a delta): a client that sees a gap in `seq` asks
 *   `meeting:sync` and lands on the current view.
 */

/** How long a pass may be presented after it was made (a client fetches a new one for each start, join or rejoin). */
export const MEETING_PASS_TTL_MS = 10 * 60_000;
/** A meeting ends on its own when its advisor has been away (no socket in the meeting) this long. */
export const MEETING_ADVISOR_AWAY_MS = 10 * 60_000;

const Uuid = z.string().uuid({ message: 'Use an id' });
export const MeetingRole = z.enum(['advisor', 'family']);
export type MeetingRole = z.infer<typeof MeetingRole>;

/** What svc-planning signs into a pass (the pass is `<base64url(JSON)>.<base64url(HMAC-SHA256)>`). */
export const MeetingPassPayload = z.strictObject({
  v: z.literal(1),
  household_id: Uuid,
  advisor_id: Uuid,
  /** The household's customer sign-ins (today at most one: the household's linked customer). */
  customer_user_ids: z.array(Uuid).max(20),
  /** The caller the pass was made for, their role in the meeting and the name the others see. */
  user_id: Uuid,
  role: MeetingRole,
  name: z.string().max(160),
  /** The household's name, for the invitation ("Tan family"). */
  household_name: z.string().max(160),
  /** Milliseconds since the epoch after which the pass is refused. */
  exp: z.number().int(),
});
export type MeetingPassPayload = z.infer<typeof MeetingPassPayload>;
export const MeetingPass = z.object({ pass: z.string(), household_id: Uuid, role: MeetingRole, expires_at: Timestamp });
export type MeetingPass = z.infer<typeof MeetingPass>;
export const MeetingPassReply = z.object({ data: MeetingPass });

/** The dashboard-relative address the family follows: `financial-report/dashboard/networth`, `scenario-modelling`. */
export const MeetingPath = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9._~%/-]*$/, { message: 'Use a dashboard path' })
  .refine((p) => !p.split('/').includes('..'), { message: 'Use a dashboard path' });
/** A query string without its `?` (e.g. `activeTab=savings`). */
export const MeetingSearch = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9._~%&=+-]*$/, { message: 'Use a query string' });
/** A figure id as the explanations use it (`row:2030:tax`, `networth:2031:net_worth`). */
export const MeetingFigure = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9:._|/-]+$/, { message: 'Use a figure id' });

/** The scenario on screen: a named scenario (or the household's working scenario) and the advisor's live what-if. */
export const MeetingScenario = z.strictObject({
  /** The named scenario on screen; null is the household's working scenario (scenario-settings). */
  named_scenario_id: Uuid.nullable().default(null),
  /** The advisor's unsaved changes ("what if"): computed for everyone, stored only when kept. null: none. */
  what_if: ScenarioInputs.nullable().default(null),
  /** A second named scenario shown beside the first (compare), if any. */
  compare_with: Uuid.nullable().default(null),
});
export type MeetingScenario = z.infer<typeof MeetingScenario>;

/** Everything the family's screens follow. Sent whole with every change. */
export const MeetingView = z.strictObject({
  path: MeetingPath,
  search: MeetingSearch.default(''),
  /** The year selected (highlighted in the report's charts and tables). */
  year: z.number().int().min(1900).max(2200).nullable().default(null),
  /** The figure the advisor points at (outlined on every screen). */
  highlight: MeetingFigure.nullable().default(null),
  /** The open "How was this calculated?" panel. */
  explain: z
    .strictObject({
      figure: MeetingFigure,
      label: PlainText(200),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullable()
        .default(null),
      as_percent: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  scenario: MeetingScenario.nullable().default(null),
});
export type MeetingView = z.infer<typeof MeetingView>;
export type MeetingViewInput = z.input<typeof MeetingView>;

/** Who steers: the advisor, or the family ("let them explore"). */
export const MeetingControl = z.enum(['advisor', 'family']);
export type MeetingControl = z.infer<typeof MeetingControl>;

export const MeetingParticipant = z.object({
  user_id: Uuid,
  name: z.string(),
  role: MeetingRole,
  /** Whether the participant has a socket in the meeting now. */
  connected: z.boolean(),
});
export type MeetingParticipant = z.infer<typeof MeetingParticipant>;

/** A raised hand: a family member's question, on a figure or on the view as a whole. */
export const MeetingHand = z.object({
  id: Uuid,
  user_id: Uuid,
  name: z.string(),
  figure: MeetingFigure.nullable(),
  label: z.string().nullable(),
  path: z.string(),
  raised_at: Timestamp,
});
export type MeetingHand = z.infer<typeof MeetingHand>;

export const MeetingStatus = z.enum(['running', 'ended']);
/** A meeting as the invitation shows it. */
export const MeetingSummary = z.object({
  id: Uuid,
  household_id: Uuid,
  household_name: z.string(),
  advisor_id: Uuid,
  advisor_name: z.string(),
  status: MeetingStatus,
  started_at: Timestamp,
});
export type MeetingSummary = z.infer<typeof MeetingSummary>;

/** The whole state of a running meeting: what a joiner, a rejoiner and `meeting:sync` receive. */
export const MeetingState = MeetingSummary.extend({
  seq: z.number().int().min(0),
  view: MeetingView,
  control: MeetingControl,
  participants: z.array(MeetingParticipant),
  hands: z.array(MeetingHand),
});
export type MeetingState = z.infer<typeof MeetingState>;

// ---- client → server (socket.io, each with an acknowledgement) ----
export const MeetingStartMessage = z.strictObject({ pass: z.string().min(1).max(4096) });
export const MeetingCurrentMessage = MeetingStartMessage;
export const MeetingJoinMessage = z.strictObject({ pass: z.string().min(1).max(4096), meeting_id: Uuid });
export const MeetingRefMessage = z.strictObject({ meeting_id: Uuid });
export const MeetingViewMessage = z.strictObject({ meeting_id: Uuid, view: MeetingView });
export const MeetingControlMessage = z.strictObject({ meeting_id: Uuid, to: MeetingControl });
export const MeetingHandMessage = z.strictObject({
  meeting_id: Uuid,
  figure: MeetingFigure.nullable().default(null),
  label: PlainText(200).nullable().default(null),
});
export const MeetingLowerHandMessage = z.strictObject({ meeting_id: Uuid, hand_id: Uuid });
export type MeetingStartMessage = z.infer<typeof MeetingStartMessage>;
export type MeetingJoinMessage = z.infer<typeof MeetingJoinMessage>;
export type MeetingRefMessage = z.infer<typeof MeetingRefMessage>;
export type MeetingViewMessage = z.input<typeof MeetingViewMessage>;
export type MeetingControlMessage = z.infer<typeof MeetingControlMessage>;
export type MeetingHandMessage = z.input<typeof MeetingHandMessage>;
export type MeetingLowerHandMessage = z.infer<typeof MeetingLowerHandMessage>;

/** Every acknowledgement: ok with its data, or a message in words (never a stack). */
export type MeetingAck<T> = { ok: true; data: T } | { ok: false; message: string };

// ---- server → client ----
/** A state change (view or control): the meeting's room. `seq` is one more than the change before it. */
export const MeetingStateChange = z.object({
  meeting_id: Uuid,
  seq: z.number().int().min(1),
  view: MeetingView,
  control: MeetingControl,
  /** Who made the change. */
  by: Uuid,
});
export type MeetingStateChange = z.infer<typeof MeetingStateChange>;
export const MeetingParticipantsMessage = z.object({ meeting_id: Uuid, participants: z.array(MeetingParticipant) });
export type MeetingParticipantsMessage = z.infer<typeof MeetingParticipantsMessage>;
export const MeetingHandsMessage = z.object({ meeting_id: Uuid, hands: z.array(MeetingHand) });
export type MeetingHandsMessage = z.infer<typeof MeetingHandsMessage>;
export const MeetingEndReason = z.enum(['ended', 'advisor_away', 'removed', 'household_deleted']);
export const MeetingEndedMessage = z.object({ meeting_id: Uuid, reason: MeetingEndReason });
export type MeetingEndedMessage = z.infer<typeof MeetingEndedMessage>;
/** A meeting started: to the household's customers' user rooms (the invitation) and its advisor's. */
export const MeetingInvitedMessage = z.object({ meeting: MeetingSummary });
export type MeetingInvitedMessage = z.infer<typeof MeetingInvitedMessage>;

export interface MeetingServerToClientEvents {
  'meeting:invited': (msg: MeetingInvitedMessage) => void;
  'meeting:state': (msg: MeetingStateChange) => void;
  'meeting:participants': (msg: MeetingParticipantsMessage) => void;
  'meeting:hands': (msg: MeetingHandsMessage) => void;
  'meeting:ended': (msg: MeetingEndedMessage) => void;
}
export interface MeetingClientToServerEvents {
  /** The advisor starts (or, if one runs, rejoins) the household's meeting. */
  'meeting:start': (msg: MeetingStartMessage, ack: (res: MeetingAck<MeetingState>) => void) => void;
  /** The household's running meeting, if any (the dashboard's invitation on load). */
  'meeting:current': (msg: MeetingStartMessage, ack: (res: MeetingAck<MeetingSummary | null>) => void) => void;
  'meeting:join': (msg: MeetingJoinMessage, ack: (res: MeetingAck<MeetingState>) => void) => void;
  /** The whole current state (after a gap in `seq`). */
  'meeting:sync': (msg: MeetingRefMessage, ack: (res: MeetingAck<MeetingState>) => void) => void;
  'meeting:leave': (msg: MeetingRefMessage, ack?: (res: MeetingAck<null>) => void) => void;
  /** A new view: from whoever has control. Answers the change's seq. */
  'meeting:view': (msg: MeetingViewMessage, ack: (res: MeetingAck<{ seq: number }>) => void) => void;
  /** The advisor hands control to the family or takes it back. */
  'meeting:control': (msg: MeetingControlMessage, ack: (res: MeetingAck<{ seq: number }>) => void) => void;
  /** A family member raises a hand. */
  'meeting:hand': (msg: MeetingHandMessage, ack: (res: MeetingAck<MeetingHand>) => void) => void;
  /** The advisor (or the hand's own raiser) lowers a hand. */
  'meeting:lower-hand': (msg: MeetingLowerHandMessage, ack: (res: MeetingAck<null>) => void) => void;
  /** The advisor ends the meeting for everyone. */
  'meeting:end': (msg: MeetingRefMessage, ack: (res: MeetingAck<null>) => void) => void;
}

export const meetingRoom = (meetingId: string) => `meeting:${meetingId.toLowerCase()}`;
