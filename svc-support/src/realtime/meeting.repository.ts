import { randomUUID } from 'node:crypto';
import type { meetings as m } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

/** A participant as stored: everyone who has joined (whether connected now is asked of the sockets). */
export interface StoredParticipant {
  user_id: string;
  name: string;
  role: m.MeetingRole;
}

export interface MeetingRow {
  id: string;
  household_id: string;
  household_name: string;
  advisor_id: string;
  advisor_name: string;
  customer_user_ids: string[];
  status: 'running' | 'ended';
  seq: number;
  view: m.MeetingView;
  control: m.MeetingControl;
  participants: StoredParticipant[];
  hands: m.MeetingHand[];
  advisor_away_since: Date | null;
  started_at: Date;
}

/** The most hands open at once in one meeting. */
export const MAX_OPEN_HANDS = 20;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

function fromRow(r: Record<string, unknown>): MeetingRow {
  return {
    ...(r as unknown as MeetingRow),
    customer_user_ids: json<string[]>(r.customer_user_ids),
    view: json<m.MeetingView>(r.view),
    participants: json<StoredParticipant[]>(r.participants),
    hands: json<m.MeetingHand[]>(r.hands),
    seq: Number(r.seq),
    advisor_away_since: r.advisor_away_since ? date(r.advisor_away_since) : null,
    started_at: date(r.started_at),
  };
}

export function summaryOf(row: MeetingRow): m.MeetingSummary {
  return {
    id: row.id,
    household_id: row.household_id,
    household_name: row.household_name,
    advisor_id: row.advisor_id,
    advisor_name: row.advisor_name,
    status: row.status,
    started_at: row.started_at.toISOString(),
  };
}

type Db = Knex | Knex.Transaction;
const rowsOf = (res: { rows: Record<string, unknown>[] }) => res.rows.map(fromRow);

export async function findMeeting(db: Db, id: string): Promise<MeetingRow | null> {
  const row = await db('meetings').where({ id: id.toLowerCase() }).first();
  return row ? fromRow(row) : null;
}

export async function findRunningForHousehold(db: Db, householdId: string): Promise<MeetingRow | null> {
  const row = await db('meetings').where({ household_id: householdId.toLowerCase(), status: 'running' }).first();
  return row ? fromRow(row) : null;
}

/**
 * The household's running meeting: a new one, or (the partial unique index holds one per household) the one already
 * running. `created` says which.
 */
export async function startMeeting(
  db: Db,
  p: m.MeetingPassPayload,
  view: m.MeetingView,
): Promise<{ meeting: MeetingRow; created: boolean } | null> {
  const inserted = rowsOf(
    await db.raw(
      `INSERT INTO meetings (id, household_id, household_name, advisor_id, advisor_name, customer_user_ids, view, started_at)
       VALUES (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, now())
       ON CONFLICT (household_id) WHERE status = 'running' DO NOTHING RETURNING *`,
      [
        randomUUID(),
        p.household_id.toLowerCase(),
        p.household_name,
        p.advisor_id.toLowerCase(),
        p.name,
        JSON.stringify(p.customer_user_ids.map((u) => u.toLowerCase())),
        JSON.stringify(view),
      ],
    ),
  );
  if (inserted[0]) return { meeting: inserted[0], created: true };
  const running = await findRunningForHousehold(db, p.household_id);
  return running ? { meeting: running, created: false } : null;
}

/**
 * Adds a participant (once) and, for the advisor, clears `advisor_away_since`; only while the user is still the
 * meeting's advisor or one of its customers (a removal committed first wins, so a racing join is refused).
 */
export async function addParticipant(db: Db, id: string, who: StoredParticipant): Promise<MeetingRow | null> {
  const advisor = who.role === 'advisor';
  const rows = rowsOf(
    await db.raw(
      `UPDATE meetings SET
         participants = CASE WHEN participants @> jsonb_build_array(jsonb_build_object('user_id', ?::text))
           THEN participants ELSE participants || jsonb_build_array(?::jsonb) END,
         advisor_away_since = CASE WHEN ?::boolean THEN NULL ELSE advisor_away_since END
       WHERE id = ? AND status = 'running'
         AND (CASE WHEN ?::boolean THEN advisor_id = ?::uuid ELSE customer_user_ids @> jsonb_build_array(?::text) END)
       RETURNING *`,
      [who.user_id, JSON.stringify(who), advisor, id, advisor, who.user_id, who.user_id],
    ),
  );
  return rows[0] ?? null;
}

/**
 * A new view from whoever steers: one statement numbers it and checks, at the moment of the change, that the meeting
 * runs and that the sender has control (the advisor when control is 'advisor', one of the household's customers
 * when it is 'family'). null: refused (the caller asks why with `findMeeting`).
 */
export async function setView(
  db: Db,
  id: string,
  userId: string,
  view: m.MeetingView,
): Promise<{ seq: number; control: m.MeetingControl } | null> {
  const res = await db.raw(
    `UPDATE meetings SET seq = seq + 1, view = ?::jsonb
     WHERE id = ? AND status = 'running'
       AND ((control = 'advisor' AND advisor_id = ?::uuid)
         OR (control = 'family' AND customer_user_ids @> jsonb_build_array(?::text)))
     RETURNING seq, control`,
    [JSON.stringify(view), id, userId, userId],
  );
  const row = res.rows[0] as { seq: number; control: m.MeetingControl } | undefined;
  return row ? { seq: Number(row.seq), control: row.control } : null;
}

/** The advisor hands control over or takes it back: a state change, numbered like a view. */
export async function setControl(
  db: Db,
  id: string,
  advisorId: string,
  to: m.MeetingControl,
): Promise<{ seq: number; view: m.MeetingView } | null> {
  const res = await db.raw(
    `UPDATE meetings SET seq = seq + 1, control = ? WHERE id = ? AND status = 'running' AND advisor_id = ?::uuid
     RETURNING seq, view`,
    [to, id, advisorId],
  );
  const row = res.rows[0] as { seq: number; view: unknown } | undefined;
  return row ? { seq: Number(row.seq), view: json<m.MeetingView>(row.view) } : null;
}

/**
 * Raises a hand unless the meeting has MAX_OPEN_HANDS open or this user has one open on this figure already.
 * 'limit' / 'duplicate' / null (no running meeting of a customer of its household).
 */
export async function raiseHand(
  db: Db,
  id: string,
  hand: m.MeetingHand,
): Promise<{ hands: m.MeetingHand[] } | 'limit' | 'duplicate' | null> {
  const res = await db.raw(
    `UPDATE meetings SET hands = hands || jsonb_build_array(?::jsonb)
     WHERE id = ? AND status = 'running' AND customer_user_ids @> jsonb_build_array(?::text)
       AND jsonb_array_length(hands) < ?
       AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(hands) h
                       WHERE h->>'user_id' = ? AND h->>'figure' IS NOT DISTINCT FROM ?::text)
     RETURNING hands`,
    [JSON.stringify(hand), id, hand.user_id, MAX_OPEN_HANDS, hand.user_id, hand.figure],
  );
  const row = res.rows[0] as { hands: unknown } | undefined;
  if (row) return { hands: json<m.MeetingHand[]>(row.hands) };
  const now = await findMeeting(db, id);
  if (!now || now.status !== 'running' || !now.customer_user_ids.includes(hand.user_id)) return null;
  if (now.hands.length >= MAX_OPEN_HANDS) return 'limit';
  return 'duplicate';
}

/** Lowers a hand: the advisor any, a customer their own. null: no such open hand for this user. */
export async function lowerHand(db: Db, id: string, handId: string, userId: string): Promise<m.MeetingHand[] | null> {
  const res = await db.raw(
    `UPDATE meetings SET hands = (SELECT coalesce(jsonb_agg(h), '[]'::jsonb) FROM jsonb_array_elements(hands) h
                                  WHERE h->>'id' <> ?)
     WHERE id = ? AND status = 'running'
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(hands) h
                   WHERE h->>'id' = ? AND (advisor_id = ?::uuid OR h->>'user_id' = ?))
     RETURNING hands`,
    [handId, id, handId, userId, userId],
  );
  const row = res.rows[0] as { hands: unknown } | undefined;
  return row ? json<m.MeetingHand[]>(row.hands) : null;
}

/** Ends a running meeting; true only for the one call that ended it (two replicas ending at once end it once). */
export async function endMeeting(
  db: Db,
  id: string,
  reason: m.MeetingEndedMessage['reason'],
  onlyIf: { advisorId?: string; awayBefore?: Date } = {},
): Promise<boolean> {
  let q = db('meetings').where({ id, status: 'running' });
  if (onlyIf.advisorId) q = q.where({ advisor_id: onlyIf.advisorId });
  if (onlyIf.awayBefore) q = q.where('advisor_away_since', '<', onlyIf.awayBefore);
  const ended = await q.update({ status: 'ended', ended_at: db.fn.now(), end_reason: reason }, ['id']);
  return ended.length > 0;
}

/** The advisor has no socket in the meeting any more: the away clock starts (once). */
export async function markAdvisorAway(db: Db, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db('meetings')
    .whereIn('id', ids)
    .where({ status: 'running' })
    .whereNull('advisor_away_since')
    .update({ advisor_away_since: at });
}

export async function clearAdvisorAway(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db('meetings')
    .whereIn('id', ids)
    .where({ status: 'running' })
    .whereNotNull('advisor_away_since')
    .update({ advisor_away_since: null });
}

/** Running meetings (for the sweeper): id, advisor and since when the advisor is away. */
export async function runningMeetings(
  db: Db,
  limit = 5000,
): Promise<Array<{ id: string; advisor_id: string; advisor_away_since: Date | null }>> {
  const rows = (await db('meetings')
    .where({ status: 'running' })
    .orderBy('started_at')
    .limit(limit)
    .select('id', 'advisor_id', 'advisor_away_since')) as Array<{
    id: string;
    advisor_id: string;
    advisor_away_since: Date | string | null;
  }>;
  return rows.map((r) => ({ ...r, advisor_away_since: r.advisor_away_since ? date(r.advisor_away_since) : null }));
}

/**
 * planning.household.changed.v1 named the household's customer sign-in: the running meeting's list becomes that
 * one, and whoever is no longer in it loses their participation and open hands. Answers the meeting and who was
 * removed (null when the list is unchanged or no meeting runs).
 */
export async function setCustomers(
  trx: Db,
  householdId: string,
  customerUserIds: string[],
): Promise<{ meeting: MeetingRow; removed: string[] } | null> {
  const running = (await trx('meetings')
    .where({ household_id: householdId.toLowerCase(), status: 'running' })
    .forUpdate()
    .first()) as Record<string, unknown> | undefined;
  if (!running) return null;
  const meeting = fromRow(running);
  const next = customerUserIds.map((u) => u.toLowerCase());
  const removed = meeting.customer_user_ids.filter((u) => !next.includes(u));
  if (removed.length === 0 && next.every((u) => meeting.customer_user_ids.includes(u))) return null;
  const participants = meeting.participants.filter((p) => p.role === 'advisor' || !removed.includes(p.user_id));
  const hands = meeting.hands.filter((h) => !removed.includes(h.user_id));
  await trx('meetings')
    .where({ id: meeting.id })
    .update({
      customer_user_ids: JSON.stringify(next),
      participants: JSON.stringify(participants),
      hands: JSON.stringify(hands),
    });
  return { meeting: { ...meeting, customer_user_ids: next, participants, hands }, removed };
}
