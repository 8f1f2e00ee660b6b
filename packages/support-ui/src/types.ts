// Client views of svc-support's ticket replies (spec platform-shell §3 Ticket, Ticket conversation, Reply draft).
// One copy, used by mf-support and mf-admin through @kinfolio/support-ui (docs/decisions/support-ui.md).

export type Mode = 'user' | 'admin';
export type TicketStatus = 'pending' | 'closed';

export interface ReplyAttachment {
  media: string;
  mimetype?: string | null;
  fileName?: string | null;
  /** Where to read the file (svc-support adds it to stored attachments). */
  url?: string | null;
}

export interface Reply {
  id: string;
  reply: string | null;
  /** 'admin' or the id of the user who wrote it. */
  created_by: string;
  createdAt: string;
  attachments: ReplyAttachment[];
}

export interface Ticket {
  id: string;
  query: string;
  query_type: string;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  reference_id: string;
  attachments?: ReplyAttachment[];
  replies?: Reply[];
  user_id?: string;
  user?: { id: string; name?: string | null; email?: string | null } | null;
}

/** One attachment of a reply draft (spec §3: media, mimetype, fileName). */
export interface DraftAttachment {
  media: string;
  mimetype: string;
  fileName: string;
}

export interface Draft {
  reply: string;
  attachments: DraftAttachment[];
}
