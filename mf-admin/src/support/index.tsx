// Admin support screens (issue 3): tickets, CMS FAQ, page walkthroughs, error logs. The mf-admin App routes them.
export { FaqPage } from './cms/FaqPage';
export { PageWalkthroughPage } from './cms/PageWalkthroughPage';
export { ErrorLogsPage } from './logs/ErrorLogsPage';
export { PENDING_EVENT, PendingTicketsBridge } from './tickets/pending';
export { SupportTicketsPage } from './tickets/SupportTicketsPage';
