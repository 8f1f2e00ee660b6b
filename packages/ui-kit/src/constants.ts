/** Business constants and limits of the platform shell (spec platform-shell §9). */

/** Free trial length in days. */
export const FREE_TRIAL_DAYS = 14;
/** Upload limit per file: 10 MB (10,485,760 bytes). */
export const UPLOAD_MAX_BYTES = 10_485_760;
/** Uploads in a batch are staggered by 50 ms each. */
export const UPLOAD_STAGGER_MS = 50;
/** Save-redirect countdown in seconds. */
export const SAVE_REDIRECT_SECONDS = 5;
/** The dropdown's 'Link copied' label resets after 3000 ms. */
export const LINK_COPIED_MS = 3000;
/** The Add User Name modal's 'Link Copied' shows for 2000 ms. */
export const MODAL_LINK_COPIED_MS = 2000;
/** Invalid-input flash. */
export const INVALID_FLASH_MS = 200;
/** Text input maximum length by default. */
export const TEXT_MAX_LENGTH = 1000;
/** Ticket query and reply: longest text (contracts' QUERY_MAX_LENGTH / REPLY_MAX_LENGTH; a unit test keeps them equal). */
export const SUPPORT_TEXT_MAX_LENGTH = 5000;
/** Number input maximum length by default. */
export const NUMBER_MAX_LENGTH = 1000;
/** Floats allow at most 3 decimals. */
export const FLOAT_MAX_DECIMALS = 3;
/** Attachment names are shown cut to 10 characters plus an ellipsis. */
export const ATTACHMENT_NAME_CHARS = 10;
/** FAQ search: minimum keyword length, debounce and skeleton rows. */
export const FAQ_MIN_CHARS = 3;
export const FAQ_DEBOUNCE_MS = 700;
export const FAQ_SKELETON_ROWS = 8;
/** Ticket list skeleton rows. */
export const TICKET_SKELETON_ROWS = 5;
/** Conversation skeleton: 4 placeholders per group, 410 groups. */
export const CONVERSATION_SKELETON_PER_GROUP = 4;
export const CONVERSATION_SKELETON_GROUPS = 410;
/** Progress bar: start 5, step 10 every 500 ms, cap 90, hidden 250 ms after completion. */
export const PROGRESS_START = 5;
export const PROGRESS_STEP = 10;
export const PROGRESS_STEP_MS = 500;
export const PROGRESS_CAP = 90;
export const PROGRESS_HIDE_MS = 250;
/** Help widget: mobile breakpoint, default offset from right and bottom, drag threshold. */
export const HELP_WIDGET_MOBILE_BREAKPOINT = 768;
export const HELP_WIDGET_OFFSET_PX = 20;
export const HELP_WIDGET_DRAG_THRESHOLD_PX = 3;
/** Cookie change poll interval. */
export const COOKIE_POLL_MS = 300;
/** Insurance tooltip delay; lazy-load default. */
export const TOOLTIP_DELAY_MS = 150;
export const LAZY_LOAD_MS = 300;
/** Document viewer defaults. */
export const DOCUMENT_CHECK_INTERVAL_MS = 3000;
export const DOCUMENT_CHECKS = 5;
export const DOCUMENT_SWITCH_DELAY_MS = 500;
export const PRESENTATION_VIEWER_HEIGHT = '70vh';
export const PRESENTATION_VIEWER_WIDTH = '68vw';
/** Rich-text editor history. */
export const EDITOR_HISTORY_DELAY_MS = 2000;
export const EDITOR_HISTORY_MAX_STACK = 500;
/** Default avatar gender and default route. */
export const DEFAULT_GENDER = 'male' as const;
export const DEFAULT_ROUTE = '/home';
/** Routes the shell and the API client use. */
export const LOGIN_ROUTE = '/auth/login';
export const CUSTOMER_LOGIN_ROUTE = '/customer/auth/login';
export const SUBSCRIPTION_ROUTE = '/subscription';
/** API base (versioned). */
export const API_BASE = '/api/v1/';
/** Product identity (spec §1). */
export const PRODUCT_NAME = 'Kinfolio';
export const PRODUCT_DESCRIPTION = 'Fintech Advisory';
export const THEME_COLOR = '#4db2af';
/** Cookies: the user record (readable) and an optional readable token (the session cookie itself is HttpOnly). */
export const USER_COOKIE = 'kf_user';
export const TOKEN_COOKIE = 'kf_token';
/** Local databases cleared at logout (spec §3 browser storage). */
export const LOCAL_DATABASES = ['AppDB', 'main'] as const;
