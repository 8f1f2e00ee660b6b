import type { support } from '@kinfolio/contracts';
import { type Knex, pageOf } from '@kinfolio/service-kit';

export interface TicketRow {
  id: string;
  reference_id: string;
  user_id: string;
  user_type: 'advisor' | 'customer';
  query: string;
  query_type: string;
  status: support.TicketStatus;
  attachments: support.Attachment[] | string;
  replies_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ReplyRow {
  id: string;
  ticket_id: string;
  seq: string | number;
  reply: string;
  created_by: string;
  author_id: string;
  attachments: support.Attachment[] | string;
  created_at: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: Date | string) => new Date(v).toISOString();

export function toTicket(row: TicketRow, urlOf: (key: string) => string): support.Ticket {
  return {
    id: row.id,
    reference_id: row.reference_id,
    query: row.query,
    query_type: row.query_type,
    status: row.status,
    user_id: row.user_id,
    user_type: row.user_type,
    attachments: json(row.attachments).map((a) => ({ ...a, url: urlOf(a.media) })),
    replies_count: Number(row.replies_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toReply(row: ReplyRow, urlOf: (key: string) => string): support.Reply {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    reply: row.reply,
    created_by: row.created_by,
    createdAt: iso(row.created_at),
    attachments: json(row.attachments).map((a) => ({ ...a, url: urlOf(a.media) })),
  };
}

/** KF-YYMM-000123: month of creation and a database sequence (unique across replicas). */
export async function nextReferenceId(trx: Knex.Transaction, now: Date): Promise<string> {
  const res = await trx.raw<{ rows: Array<{ n: string | number }> }>("SELECT nextval('ticket_ref_seq') AS n");
  return formatReferenceId(Number(res.rows[0]?.n), now);
}

/** `KF-` + two-digit year and month (UTC) + the sequence number, at least 6 digits (more once past 999,999). */
export const REFERENCE_ID_PATTERN = /^KF-\d{2}(0[1-9]|1[0-2])-\d{6,}$/;

export function formatReferenceId(n: number, now: Date): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`invalid ticket sequence number: ${n}`);
  const yymm = `${String(now.getUTCFullYear() % 100).padStart(2, '0')}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `KF-${yymm}-${String(n).padStart(6, '0')}`;
}

export async function insertTicket(
  trx: Knex.Transaction,
  row: Omit<TicketRow, 'attachments'> & { attachments: support.Attachment[] },
): Promise<TicketRow> {
  const [out] = await trx('tickets')
    .insert({ ...row, attachments: JSON.stringify(row.attachments) })
    .returning('*');
  return out as TicketRow;
}

export async function findTicket(db: Knex, id: string, forUpdate = false): Promise<TicketRow | undefined> {
  const q = db<TicketRow>('tickets').where({ id }).first();
  return (forUpdate ? q.forUpdate() : q) as Promise<TicketRow | undefined>;
}

export interface TicketFilter {
  userId?: string;
  status?: support.TicketStatus;
  page: number;
  pageSize: number;
}

export async function listTickets(db: Knex, f: TicketFilter): Promise<{ rows: TicketRow[]; total: number }> {
  const base = db<TicketRow>('tickets').modify((q) => {
    if (f.userId) q.where('user_id', f.userId);
    if (f.status) q.where('status', f.status);
  });
  return pageOf<TicketRow>(base, f, (q) =>
    q.orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]),
  );
}

export async function countPending(db: Knex): Promise<number> {
  const [row] = await db('tickets')
    .where({ status: 'pending' })
    .count<Array<{ count: string | number }>>({ count: '*' });
  return Number(row?.count ?? 0);
}

export async function updateTicket(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Pick<TicketRow, 'status' | 'updated_at'>> & { replies_count?: Knex.Raw },
): Promise<TicketRow> {
  const [out] = await trx('tickets').where({ id }).update(patch).returning('*');
  return out as TicketRow;
}

/** Replies in order; `after` is a reply id (strictly later replies) or an ISO time (replies created after it). */
export async function listReplies(db: Knex, ticketId: string, after?: string): Promise<ReplyRow[]> {
  const q = db<ReplyRow>('ticket_replies').where('ticket_id', ticketId).orderBy('seq', 'asc');
  if (after) {
    if (/^[0-9a-f-]{36}$/i.test(after)) {
      const anchor = await db<ReplyRow>('ticket_replies')
        .where({ ticket_id: ticketId, id: after.toLowerCase() })
        .first('seq');
      if (anchor) q.where('seq', '>', anchor.seq);
    } else {
      q.where('created_at', '>', new Date(after));
    }
  }
  return (await q) as ReplyRow[];
}

/**
 * A reply and the ticket's bump (replies_count, updated_at) in one statement: the UPDATE locks the ticket row, so
 * concurrent replies serialise on it as a SELECT … FOR UPDATE would, in one round trip instead of three. Nothing
 * happens (null) when the ticket does not exist, is closed, or — with `ownerId` — belongs to someone else.
 */
export async function addReply(
  trx: Knex.Transaction,
  ticketId: string,
  ownerId: string | null,
  row: Omit<ReplyRow, 'seq' | 'attachments' | 'ticket_id'> & { attachments: support.Attachment[] },
): Promise<{ ticket: TicketRow; reply: ReplyRow } | null> {
  const res = await trx.raw<{ rows: Array<{ ticket: TicketRow; reply: ReplyRow }> }>(
    `WITH t AS (
       UPDATE tickets SET replies_count = replies_count + 1, updated_at = ?
       WHERE id = ? AND status <> 'closed' AND (?::uuid IS NULL OR user_id = ?::uuid)
       RETURNING *
     ), r AS (
       INSERT INTO ticket_replies (id, ticket_id, reply, created_by, author_id, attachments, created_at)
       SELECT ?, t.id, ?, ?, ?, ?::jsonb, ? FROM t
       RETURNING *
     )
     SELECT row_to_json(t.*) AS ticket, row_to_json(r.*) AS reply FROM t, r`,
    [
      row.created_at,
      ticketId,
      ownerId,
      ownerId,
      row.id,
      row.reply,
      row.created_by,
      row.author_id,
      JSON.stringify(row.attachments),
      row.created_at,
    ],
  );
  const out = res.rows[0];
  if (!out) return null;
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return { ticket: parse(out.ticket), reply: parse(out.reply) };
}
