// @kinfolio/support-ui: the support ticket conversation (header, day-grouped messages, reply box, live replies over
// socket.io), its formatting helpers and small styles, and the HTML sanitiser. Used by mf-support (user mode) and
// mf-admin (admin mode). Not a Module Federation shared module: each remote bundles it and so keeps its own socket
// (docs/decisions/support-ui.md). Test doubles live in '@kinfolio/support-ui/testing'.
export {
  CLOSE_TICKET_MESSAGE,
  CLOSE_TICKET_TITLE,
  Conversation,
  SCROLL_BOTTOM_MS,
  SKELETON_HIDE_MS,
} from './Conversation';
export * from './format';
export {
  AttachmentView,
  ConversationSkeleton,
  MessageList,
  SKELETON_GROUPS,
  SKELETON_PER_GROUP,
  SKELETON_VISIBLE_GROUPS,
} from './MessageList';
export { CLOSED_TEXT, canSend, emptyDraft, REPLY_ACCEPT, ReplyBox } from './ReplyBox';
export { sanitizeHtml } from './sanitize';
export { type ClientEvents, getSocket, resetSocketForTests, type ServerEvents, type SupportSocket } from './socket';
export { brand, brandDark, PlainButton, SkeletonBar, TagPill, VisuallyHidden } from './styles';
export { TicketHeader } from './TicketHeader';
export * from './types';
export { type LoadState, ticketPath, useTicketConversation } from './useTicketConversation';
