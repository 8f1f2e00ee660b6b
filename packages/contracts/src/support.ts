import { z } from 'zod';
import { Id, IsoDateTime, ok, Page, PageQuery, Timestamp } from './common';
import { CleanString, JSON_MAX_DEPTH, PlainText, RichText, SafeJsonArray, SafeJsonObject } from './validation';
import type { JobProgressMessage } from './jobs';
import type { MeetingClientToServerEvents, MeetingServerToClientEvents } from './meetings';

// Contracts of svc-support: request, reply and socket schemas (spec platform-shell §2.10, §2.11, §3, §5, §7, §8).

/** Spec §8: the closed-ticket refusal (HTTP 409 from both reply calls). */
export const TICKET_CLOSED_MESSAGE = 'You cannot reply to this conversation anymore';
export const QUERY_TYPES = ['General enquiry', 'Others'] as const;
export const QueryType = z.enum(QUERY_TYPES);
export const DEFAULT_QUERY_TYPE = 'General enquiry';
export const TicketStatus = z.enum(['pending', 'closed']);
export type TicketStatus = z.infer<typeof TicketStatus>;
/** Admin status options are shown as 'Pending' and 'Closed'; the API accepts either case. */
export const TicketStatusInput = z.string().trim().toLowerCase().pipe(TicketStatus);

export const REPLY_MAX_LENGTH = 5000;
export const QUERY_MAX_LENGTH = 5000;
export const MAX_ATTACHMENTS = 10;
/** FAQ search: the keyword filters from 3 characters (spec §5). */
export const FAQ_KEYWORD_MIN = 3;

/**
 * Text of this service (validation.ts has the rules): typed-in text (queries, replies, titles, folder and file
 * display names) is PlainText, spec §5; HTML (FAQ questions and answers, walkthrough descriptions) is RichText,
 * sanitised when stored; technical strings (file names from the picker, page paths, links, error logs) CleanString.
 */
const MultiLine = (max: number) => PlainText(max, { multiline: true, trim: false });

/**
 * Object keys the upload calls hand out: `storage/user/media/{userId}/{name}` or `storage/user/documents/{userId}/{name}`.
 * A ticket or reply attachment must name a key under the caller's own id.
 */
export const OBJECT_KEY_PATTERN =
  /^storage\/user\/(media|documents)\/([0-9a-f-]{36})\/([A-Za-z0-9][A-Za-z0-9._ -]{0,199})$/;
export const ObjectKey = z
  .string()
  .max(300)
  .regex(OBJECT_KEY_PATTERN, { message: 'Must be a key returned by an upload call' });

/** Spec §3 reply draft attachment: media (object key), mimetype, fileName. */
export const Attachment = z.strictObject({
  media: ObjectKey,
  mimetype: z
    .string()
    .max(100)
    .regex(/^(image|video|application)\/[A-Za-z0-9.+-]+$/, { message: 'Must be an image, video or document type' }),
  fileName: CleanString(255).pipe(z.string().trim().min(1, { message: 'Enter the file name' })),
});
export type Attachment = z.infer<typeof Attachment>;
export const Attachments = z
  .array(Attachment)
  .max(MAX_ATTACHMENTS, { message: `At most ${MAX_ATTACHMENTS} attachments` });

export const CreateTicketBody = z.strictObject({
  query: MultiLine(QUERY_MAX_LENGTH).pipe(z.string().trim().min(1, { message: 'Enter your query' })),
  query_type: QueryType.default(DEFAULT_QUERY_TYPE),
  attachments: Attachments.default([]),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

/** Spec §5: a reply is sendable only with text or at least one attachment. */
export const ReplyBody = z
  .strictObject({ reply: MultiLine(REPLY_MAX_LENGTH).default(''), attachments: Attachments.default([]) })
  .refine((b) => b.reply.trim().length > 0 || b.attachments.length > 0, {
    message: 'Enter a reply or add an attachment',
    path: ['reply'],
  });
export type ReplyBody = z.infer<typeof ReplyBody>;

/** PATCH user/query-ticket/{id}/update: the owner may only close. */
export const UserUpdateTicketBody = z.strictObject({
  status: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.literal('closed', { message: 'Only closing is allowed' })),
});
/** PATCH admin/query-ticket/{id}/update: Pending or Closed. */
export const AdminUpdateTicketBody = z.strictObject({ status: TicketStatusInput });

export const TicketListQuery = PageQuery.extend({ status: TicketStatus.optional() });
export const AdminTicketListQuery = TicketListQuery.extend({
  have_pending_tickets: z.enum(['true', 'false']).optional(),
  user_id: Id.optional(),
});
/** `?after=<reply id or ISO time>`: only the replies after it (a reconnecting client fetches what it missed). */
export const TicketGetQuery = z.object({
  after: z.union([Id, IsoDateTime()], { message: 'Must be a reply id or an ISO date-time' }).optional(),
});

export const Reply = z.object({
  id: Id,
  ticket_id: Id,
  reply: z.string(),
  /** 'admin' or the id of the user who owns the ticket (spec §3). */
  created_by: z.string(),
  createdAt: Timestamp,
  attachments: z.array(Attachment.extend({ url: z.string() })),
});
export type Reply = z.infer<typeof Reply>;

export const Ticket = z.object({
  id: Id,
  reference_id: z.string(),
  query: z.string(),
  query_type: z.string(),
  status: TicketStatus,
  user_id: Id,
  user_type: z.enum(['advisor', 'customer']),
  /** The owner's name and e-mail as svc-support last heard from svc-auth (null until then, or once deleted). */
  user_name: z.string().nullable().optional(),
  user_email: z.string().nullable().optional(),
  attachments: z.array(Attachment.extend({ url: z.string() })),
  replies_count: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Ticket = z.infer<typeof Ticket>;
export const TicketWithReplies = Ticket.extend({ replies: z.array(Reply) });
export type TicketWithReplies = z.infer<typeof TicketWithReplies>;

export const TicketReply = ok(Ticket);
export const TicketPageReply = ok(Page(Ticket));
export const PendingCountReply = ok(z.number().int());
/** GET admin/query-tickets: a page of tickets, or with `have_pending_tickets=true` the pending count. */
export const AdminTicketsReply = z.union([TicketPageReply, PendingCountReply]);
export const TicketWithRepliesReply = ok(TicketWithReplies);
export const ReplyReply = ok(Reply);

/** Every delete of svc-support: `{ message, data: null }`. */
export const DeletedReply = z.object({ message: z.string(), data: z.null() });

// ---- FAQ (spec §3 FAQ: title, FAQAnswers with question and answer as HTML) ----
export const HTML_MAX_LENGTH = 50_000;
export const FaqTopicBody = z.strictObject({
  title: PlainText(200).pipe(z.string().trim().min(1, { message: 'Enter a title' })),
});
export const FaqAnswerFields = z.strictObject({
  question: RichText(2000).pipe(z.string().trim().min(1, { message: 'Enter a question' })),
  answer: RichText(HTML_MAX_LENGTH).pipe(z.string().trim().min(1, { message: 'Enter an answer' })),
});
export const FaqAnswerBody = FaqAnswerFields.extend({ faq_topic_id: Id });
export const FaqAnswerUpdateBody = FaqAnswerBody.partial().refine((b) => Object.keys(b).length > 0, {
  message: 'Nothing to update',
  path: ['body'],
});
/** admin/faq: a topic with its answers in one call (update replaces the answers when FAQAnswers is given). */
export const FaqBody = FaqTopicBody.extend({ FAQAnswers: z.array(FaqAnswerFields).max(200).default([]) });
export const FaqUpdateBody = z
  .strictObject({
    title: FaqTopicBody.shape.title.optional(),
    FAQAnswers: z.array(FaqAnswerFields).max(200).optional(),
  })
  .refine((b) => b.title !== undefined || b.FAQAnswers !== undefined, { message: 'Nothing to update', path: ['body'] });
export const FaqQuery = z.object({ keyword: PlainText(200).optional() });

export const FaqAnswer = z.object({
  id: Id,
  faq_topic_id: Id,
  question: z.string(),
  answer: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export const FaqTopic = z.object({ id: Id, title: z.string(), createdAt: Timestamp, updatedAt: Timestamp });
export const Faq = FaqTopic.extend({ FAQAnswers: z.array(FaqAnswer) });
export type Faq = z.infer<typeof Faq>;
export const FaqListReply = ok(z.array(Faq));
/** admin/faq create and update: the topic with all its answers. */
export const FaqReply = ok(Faq);
/** GET admin/faq-topic: every topic, without answers. */
export const FaqTopicListReply = ok(z.array(FaqTopic));
/** admin/faq-topic create and update: the topic. */
export const FaqTopicReply = ok(FaqTopic);
/** GET admin/faq-answer: every answer, or a topic's (`faq_topic_id`). */
export const FaqAnswerListReply = ok(z.array(FaqAnswer));
/** admin/faq-answer create and update: the answer. */
export const FaqAnswerReply = ok(FaqAnswer);

// ---- Page walkthroughs (spec §3, §2.11) ----
const PageMetaValue = CleanString(200).pipe(z.string().trim().min(1, { message: 'Enter a value' }));
const WalkthroughFields = {
  title: PlainText(200).pipe(z.string().trim().min(1, { message: 'Enter a title' })),
  description: RichText(HTML_MAX_LENGTH),
  link: z.union([
    z.literal(''),
    CleanString(2000).pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) link' })),
  ]),
  page_meta: z.strictObject({
    data: z.array(PageMetaValue).min(1, { message: 'Add at least one page value' }).max(20),
    folder_name: PlainText(200).default(''),
  }),
  uploaded_files: z.strictObject({ files: z.array(CleanString(1000)).max(20) }),
};
export const WalkthroughBody = z.strictObject({
  ...WalkthroughFields,
  description: WalkthroughFields.description.default(''),
  link: WalkthroughFields.link.default(''),
  uploaded_files: WalkthroughFields.uploaded_files.default({ files: [] }),
});
/** Only the fields sent change (no defaults here, so a partial update never resets a field). */
export const WalkthroughUpdateBody = z
  .strictObject(WalkthroughFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update', path: ['body'] });
export const WalkthroughQuery = z.object({
  path: CleanString(2000).optional(),
  folder_name: PlainText(200).optional(),
});
export const Walkthrough = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  link: z.string(),
  page_meta: z.object({ data: z.array(z.string()), folder_name: z.string() }),
  uploaded_files: z.object({ files: z.array(z.string()) }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Walkthrough = z.infer<typeof Walkthrough>;
/** GET page-walkthrough and admin/page-walkthrough: the walkthroughs (the public read filtered by path, folder). */
export const WalkthroughListReply = ok(z.array(Walkthrough));
/** admin/page-walkthrough create and update: the walkthrough. */
export const WalkthroughReply = ok(Walkthrough);

// ---- Presentations (spec §2.11: folders of pdf, pptx, xlsx, doc files) ----
export const PRESENTATION_EXTENSIONS = ['.pdf', '.pptx', '.xlsx', '.doc'] as const;
const PresentationUrl = CleanString(2000)
  .refine((u) => OBJECT_KEY_PATTERN.test(u) || /^https:\/\/[^\s"'<>]+$/.test(u), {
    message: 'Must be an uploaded key or an https URL',
  })
  .refine((u) => PRESENTATION_EXTENSIONS.some((e) => u.toLowerCase().split('?')[0]!.endsWith(e)), {
    message: 'Only pdf, pptx, xlsx or doc files',
  });
export const PresentationFile = z.strictObject({
  name: PlainText(200).pipe(z.string().trim().min(1, { message: 'Enter a name' })),
  url: PresentationUrl,
});
const PresentationFields = {
  folder_name: PlainText(200).pipe(z.string().trim().min(1, { message: 'Enter a folder name' })),
  files: z.array(PresentationFile).max(100),
};
export const PresentationBody = z.strictObject({ ...PresentationFields, files: PresentationFields.files.default([]) });
export const PresentationUpdateBody = z
  .strictObject(PresentationFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update', path: ['body'] });
export const Presentation = z.object({
  id: Id,
  folder_name: z.string(),
  /** `key`: what was stored (an uploaded key or an https URL); `url`: where to read it (the key's file URL). */
  files: z.array(z.object({ name: z.string(), url: z.string(), key: z.string() })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/** GET presentations and admin/presentations: every folder, by name. */
export const PresentationListReply = ok(z.array(Presentation));
/** admin/presentations create and update: the folder. */
export const PresentationReply = ok(Presentation);

// ---- Client error logs (spec §3 payload: error, stack, info, url, timestamp, userData) ----
export const LOG_BODY_MAX_BYTES = 32_768;
export const LogErrorBody = z.strictObject({
  error: CleanString(5000, { multiline: true }).pipe(z.string().trim().min(1, { message: 'Enter the error' })),
  stack: CleanString(20_000, { multiline: true }).default(''),
  /** Whatever JSON the client sends (the error boundaries send React's component stack as a string). */
  info: z
    .union([
      CleanString(10_000, { multiline: true }),
      z.number(),
      z.boolean(),
      z.null(),
      SafeJsonArray(JSON_MAX_DEPTH - 2),
      SafeJsonObject(JSON_MAX_DEPTH - 2),
    ])
    .optional(),
  url: CleanString(2000).default(''),
  timestamp: z.union([IsoDateTime(), z.number().int().min(0).max(8.64e15)]).optional(),
  userData: SafeJsonObject(JSON_MAX_DEPTH - 2)
    .nullable()
    .optional(),
});
export const LogQuery = PageQuery.extend({ user_id: Id.optional() });
export const ErrorLog = z.object({
  id: Id,
  user_id: Id.nullable(),
  user_type: z.string().nullable(),
  error: z.string(),
  stack: z.string(),
  info: z.unknown(),
  url: z.string(),
  timestamp: Timestamp.nullable(),
  userData: z.unknown(),
  createdAt: Timestamp,
});
/** POST log-error: the stored log's id (201). */
export const LoggedReply = ok(z.object({ id: Id }));
/** GET log-errors, admin/user/logs and user/logs: a page of error logs, newest first. */
export const ErrorLogPageReply = ok(Page(ErrorLog));

// ---- Files (spec §5, §7 Files) ----
export const UPLOAD_PURPOSES = ['attachment', 'profile_image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Media: .jpg .jpeg .png .webp or video; documents: .pptx .pdf .xlsx. */
export const VIDEO_EXTENSIONS = ['.mp4', '.m4v', '.mov', '.webm', '.mkv', '.3gp'] as const;
export const SignedUploadBody = z.strictObject({
  object_key: CleanString(300).pipe(z.string().min(1, { message: 'Enter the object key' })),
  content_type: CleanString(100).optional(),
  /**
   * What the file is for. A profile image is readable by anyone (the advisor's public page shows it); any other
   * file only by whoever may see what it belongs to (its owner, the ticket it is attached to, admins).
   */
  purpose: z.enum(UPLOAD_PURPOSES, { message: `Must be one of ${UPLOAD_PURPOSES.join(', ')}` }).default('attachment'),
});
/** `acl`: the `x-amz-acl` header the PUT must carry (public-read for public files, private for the rest). */
export const SignedUploadReply = ok(
  z.object({
    url: z.string(),
    key: z.string(),
    content_type: z.string(),
    public_url: z.string(),
    acl: z.enum(['public-read', 'private']),
  }),
);
/**
 * POST files/signed-upload/complete, after the browser's PUT: the service checks the stored file (size, and first
 * bytes against the extension) and deletes it when it is refused. Attaching a key checks it again in any case.
 */
export const SignedUploadCompleteBody = z.strictObject({ key: ObjectKey, fileName: CleanString(255).optional() });
export const UploadedFile = z.object({ key: z.string(), url: z.string(), fileName: z.string(), mimetype: z.string() });
/** POST files/s3-upload and files/media-upload (multipart): the stored files (201). */
export const UploadReply = ok(z.array(UploadedFile));
/** POST files/signed-upload/complete: the checked file and its size in bytes. */
export const SignedUploadCompleteReply = ok(UploadedFile.extend({ size: z.number().int() }));
/** PUT files/blob/{key} (embedded store's signed PUT target): the stored key and where to read it. */
export const BlobPutReply = ok(UploadedFile.pick({ key: true, url: true }));

// ---- Live replies over socket.io (path /socket.io/, websocket transport) ----
export const SOCKET_PATH = '/socket.io/';
/** Websocket only: with several replicas behind the gateway, long-polling would need sticky sessions. */
export const SOCKET_TRANSPORTS = ['websocket'] as const;
export const TicketJoinMessage = z.object({ ticket_id: Id });
export type TicketJoinMessage = z.infer<typeof TicketJoinMessage>;
export type Ack = { ok: true } | { ok: false; message: string };

export interface ReplyCreatedMessage {
  ticket_id: string;
  reply: Reply;
}
export interface TicketMessage {
  ticket: Ticket;
}
export interface HouseholdChangedMessage {
  household_id: string;
  change: 'created' | 'updated' | 'deleted';
  section: string;
}
export interface PendingCountMessage {
  count: number;
}

/**
 * Events the server sends. Rooms: `user:<id>` (own tickets), `admins`, `ticket:<id>` (joined on request),
 * `meeting:<id>` (issue 36, joined with a pass).
 */
export interface ServerToClientEvents extends MeetingServerToClientEvents {
  /** To the ticket's room, its owner and admins, after the reply is committed. */
  'reply:created': (msg: ReplyCreatedMessage) => void;
  /** A new ticket: to admins and the owner. */
  'ticket:created': (msg: TicketMessage) => void;
  /** Status changed: to the ticket's room, its owner and admins. */
  'ticket:updated': (msg: TicketMessage) => void;
  /** The pending-ticket count (admin alert), to admins whenever it changes. */
  'tickets:pending': (msg: PendingCountMessage) => void;
  /** A household changed (issue 11): to its advisor's and its customer's user rooms only, after the change committed. */
  'household:changed': (msg: HouseholdChangedMessage) => void;
  /** A job's status, progress or stage changed (issue 37): to its requester's user room (and admins: fund import). */
  'job:progress': (msg: JobProgressMessage) => void;
}
export interface ClientToServerEvents extends MeetingClientToServerEvents {
  'ticket:join': (msg: TicketJoinMessage, ack: (res: Ack) => void) => void;
  'ticket:leave': (msg: TicketJoinMessage, ack?: (res: Ack) => void) => void;
}
export const rooms = {
  user: (id: string) => `user:${id}`,
  ticket: (id: string) => `ticket:${id}`,
  admins: 'admins',
} as const;
