/**
 * The one API client (spec §7, §8): calls under /api/v1/, cookies sent, `x-requested-with: kinfolio`,
 * `Authorization-Type` with the user type (default advisor), a bearer token when a readable token cookie exists,
 * cancel-by-key, and the error catalogue applied in one place.
 */
import { API_BASE, CUSTOMER_LOGIN_ROUTE, LOGIN_ROUTE, SUBSCRIPTION_ROUTE, TOKEN_COOKIE } from './constants';
import { clearSessionCookies, emitSessionCleared, readCookie, readUserCookie } from './cookies';
import { navigateTo } from './navigation';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Cancels an earlier request still running with the same key (spec §7 "requests can be cancelled by key"). */
  key?: string;
  /** Set false to handle 'Invalid token', 'subscription' and redirect replies yourself. */
  catalogue?: boolean;
  headers?: Record<string, string>;
  /**
   * Issue 30 item 4: the `Idempotency-Key` of this user action. Every write gets a fresh one by default (one call =
   * one action); pass one to make two calls the same action. The client's own retries reuse it.
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IN_PROGRESS_MESSAGE = 'A request with this key is in progress';
/**
 * A signed-in user's write that timed out at the gateway (504), never got an answer (network), or whose first attempt
 * is still running (409 in progress) is sent again with the same key after these pauses: the service runs it at most
 * once and answers the retry with the first reply. Anonymous writes are not retried (services ignore their key).
 */
export const WRITE_RETRY_DELAYS_MS = [1000, 3000];

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // very old browsers: still unique enough for one user's actions within a day
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function shouldRetryWrite(err: ApiError): boolean {
  if (err.aborted) return false;
  if (err.status === 0 || err.status === 504) return true;
  return err.status === 409 && (err.body as ErrorBodyLike | null)?.message === IN_PROGRESS_MESSAGE;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The shape of an error reply (spec §8). */
export interface ErrorBodyLike {
  message?: unknown;
  error?: unknown;
  errors?: unknown;
  action?: unknown;
  route?: unknown;
}

export const FALLBACK_MESSAGE = 'Something went wrong';
export const NETWORK_MESSAGE = 'Kinfolio could not be reached. Check your connection and try again.';

function firstErrorsValue(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first: unknown = errors[0];
  if (typeof first === 'string') return first || undefined;
  if (!first || typeof first !== 'object') return undefined;
  const value: unknown = Object.values(first as Record<string, unknown>)[0];
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value) && typeof value[0] === 'string' && value[0]) return value[0];
  return undefined;
}

/** Picks the message of an error body: data.error, else data.errors' first entry's first value, else data.message. */
export function pickMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : FALLBACK_MESSAGE;
  const b = body as ErrorBodyLike;
  if (typeof b.error === 'string' && b.error) return b.error;
  const fromErrors = firstErrorsValue(b.errors);
  if (fromErrors) return fromErrors;
  if (typeof b.message === 'string' && b.message) return b.message;
  return FALLBACK_MESSAGE;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message = pickMessage(body)) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The `errors` array of the reply, if any (`[{ field: [msg] }]`). */
  get errors(): Array<Record<string, string[]>> | undefined {
    const e = (this.body as ErrorBodyLike | null)?.errors;
    return Array.isArray(e) ? (e as Array<Record<string, string[]>>) : undefined;
  }
  /** True when the request was cancelled (by key or signal). */
  get aborted(): boolean {
    return this.status === -1;
  }
}

/** The message to show for an error or an error body (spec §8). */
export function errorMessage(errOrBody: unknown): string {
  if (errOrBody instanceof ApiError) return errOrBody.message || FALLBACK_MESSAGE;
  if (errOrBody instanceof Error) return FALLBACK_MESSAGE;
  return pickMessage(errOrBody);
}

/** Field errors of a reply as `{ field: message }` (for inline tooltips by the field). */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const errors = err instanceof ApiError ? err.errors : (err as ErrorBodyLike | null)?.errors;
  if (!Array.isArray(errors)) return out;
  for (const entry of errors) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [field, msgs] of Object.entries(entry as Record<string, unknown>)) {
      const m = Array.isArray(msgs) ? msgs[0] : msgs;
      if (typeof m === 'string' && !(field in out)) out[field] = m;
    }
  }
  return out;
}

/** The error catalogue's navigations (spec §8); returns what it did, for tests. */
export function applyCatalogue(body: unknown): 'login' | 'subscription' | 'redirect' | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as ErrorBodyLike;
  const message = typeof b.message === 'string' ? b.message : '';
  if (message === 'Invalid token' || b.error === 'Invalid token') {
    const wasCustomer = readUserCookie()?.type === 'customer';
    clearSessionCookies();
    emitSessionCleared();
    const target = wasCustomer ? CUSTOMER_LOGIN_ROUTE : LOGIN_ROUTE;
    const here = typeof location !== 'undefined' ? location.pathname : '';
    if (here !== target) navigateTo(target, { replace: true });
    return 'login';
  }
  if (/subscription/i.test(message) || (typeof b.error === 'string' && /subscription/i.test(b.error))) {
    navigateTo(SUBSCRIPTION_ROUTE);
    return 'subscription';
  }
  if (b.action === 'redirect' && typeof b.route === 'string' && b.route.startsWith('/')) {
    navigateTo(b.route);
    return 'redirect';
  }
  return null;
}

/** The user type for the Authorization-Type header (spec §6), default advisor. Set by the session. */
let currentUserType: string | null = null;
export function setAuthorizationType(type: string | null): void {
  currentUserType = type;
}
export function authorizationType(): string {
  return currentUserType ?? readUserCookie()?.type ?? 'advisor';
}

export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\/v1\//, '');
  let url = API_BASE + clean;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

const inFlight = new Map<string, AbortController>();

async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'kinfolio',
    'Authorization-Type': authorizationType(),
    ...opts.headers,
  };
  const write = method !== 'GET' && method !== 'HEAD';
  if (write) headers[IDEMPOTENCY_KEY_HEADER] = opts.idempotencyKey ?? newIdempotencyKey();
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined && body !== null) {
    if (typeof FormData !== 'undefined' && body instanceof FormData) payload = body;
    else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }

  const controller = new AbortController();
  if (opts.key) {
    inFlight.get(opts.key)?.abort();
    inFlight.set(opts.key, controller);
  }
  const onOuterAbort = () => controller.abort();
  if (opts.signal) {
    if (opts.signal.aborted) controller.abort();
    else opts.signal.addEventListener('abort', onOuterAbort, { once: true });
  }

  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send<T>(method, path, headers, payload, opts, controller.signal);
      } catch (err) {
        const delay = WRITE_RETRY_DELAYS_MS[attempt];
        if (!(write && delay !== undefined && err instanceof ApiError && shouldRetryWrite(err) && readUserCookie()))
          throw err;
        await pause(delay, controller.signal);
        if (controller.signal.aborted) throw new ApiError(-1, { message: 'Request cancelled' }, 'Request cancelled');
      }
    }
  } finally {
    opts.signal?.removeEventListener('abort', onOuterAbort);
    if (opts.key && inFlight.get(opts.key) === controller) inFlight.delete(opts.key);
  }
}

/** One attempt of a call: the reply's `data`, or an ApiError (status 0: no answer; -1: cancelled). */
async function send<T>(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload: BodyInit | undefined,
  opts: RequestOptions,
  signal: AbortSignal,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
      // a delete sent as the tab closes (the undo toast's pending delete on pagehide) still reaches the server
      keepalive: method === 'DELETE',
    });
  } catch (e) {
    if (signal.aborted) throw new ApiError(-1, { message: 'Request cancelled' }, 'Request cancelled');
    throw new ApiError(
      0,
      { message: NETWORK_MESSAGE },
      e instanceof Error && e.name === 'AbortError' ? 'Request cancelled' : NETWORK_MESSAGE,
    );
  }

  let data: unknown = null;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text.slice(0, 500) };
    }
  }
  if (!res.ok) {
    if (opts.catalogue !== false) applyCatalogue(data);
    throw new ApiError(res.status, data);
  }
  if (data && typeof data === 'object' && 'data' in data) return (data as { data: T }).data;
  return data as T;
}

export const api = {
  /** `get(path, opts)`; `get(path, undefined, opts)` is accepted too (no body on a GET). */
  get: <T = unknown>(path: string, opts?: RequestOptions, extra?: RequestOptions) =>
    request<T>('GET', path, undefined, extra ?? opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  del: <T = unknown>(path: string, opts?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, opts?.body, opts),
};
export type Api = typeof api;
