import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ErrorBody } from '@kinfolio/contracts';
import { currentContext } from './context';
import type { Logger } from './logger';

/** The one error type of every service: status, message and optional details in the spec's error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<ErrorBody, 'message'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, field ? { errors: [{ [field]: [message] }] } : {});
export const unauthorized = (message = 'Invalid token') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field ? { errors: [{ [field]: [message] }] } : {});
export const tooManyRequests = (message = 'Too many attempts. Please wait a moment and try again.') =>
  new AppError(429, message);

/** What a body key its schema does not know is answered with. */
export const UNKNOWN_KEY_MESSAGE = 'This key is not allowed';

/** A zod failure becomes a 400 naming each field: `{message, errors: [{field: [msg]}]}`. */
export function fromZodError(err: ZodError): AppError {
  // an unknown key of a strict object is one error per key, named by its own path (issue 30 item 6)
  const issues = err.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => ({ path: [...issue.path, k], message: UNKNOWN_KEY_MESSAGE }))
      : [{ path: issue.path, message: issue.message }],
  );
  const errors = issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    return { [field]: [issue.message] };
  });
  const first = issues[0];
  const field = first?.path.length ? first.path.join('.') : 'body';
  return new AppError(400, first ? `${field}: ${first.message}` : 'Invalid request', { errors });
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, `No route for ${req.method} ${req.path}`));
};

/**
 * PostgreSQL's answers to two requests changing the same thing at once: a unique violation (23505: the other one
 * stored the same row first), a serialization failure (40001) or a deadlock (40P01). None is the caller's mistake nor
 * a fault of the service; a 409 that says so lets the client try again, where a 500 said nothing. Use cases that
 * expect a conflict still answer their own message (an e-mail already registered); this is the net under the rest.
 */
const CONCURRENT_CHANGE = new Set(['23505', '40001', '40P01']);
export const CONCURRENT_CHANGE_MESSAGE = 'This was changed by another request at the same time: please try again';
const pgCode = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
export function isConcurrentChange(err: unknown): boolean {
  const code = pgCode(err);
  return typeof code === 'string' && CONCURRENT_CHANGE.has(code);
}

/**
 * A PostgreSQL unique violation (23505), on `column` when named (its constraint, detail or message names it): a use
 * case that expects one (an e-mail already registered, a name already taken) answers its own message.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (pgCode(err) !== '23505') return false;
  if (!column) return true;
  const e = err as { constraint?: unknown; detail?: unknown; message?: unknown };
  return [e.constraint, e.detail, e.message].some((v) => typeof v === 'string' && v.includes(column));
}

/**
 * The one error middleware: AppError as is, zod as 400, body-parser errors as 4xx, a concurrent change as 409,
 * anything else 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const correlationId = currentContext()?.correlationId;
    let appErr: AppError;
    if (err instanceof AppError) appErr = err;
    else if (err instanceof ZodError) appErr = fromZodError(err);
    else if (isHttpError(err))
      appErr = new AppError(err.status, err.status === 413 ? 'Request body is too large' : 'Malformed request body');
    else if (isConcurrentChange(err)) {
      logger.warn({ err }, 'concurrent change');
      appErr = new AppError(409, CONCURRENT_CHANGE_MESSAGE);
    } else {
      logger.error({ err }, 'unhandled error');
      appErr = new AppError(500, 'Something went wrong');
    }
    if (res.headersSent) return;
    res.status(appErr.status).json({ message: appErr.message, ...appErr.details, correlationId });
  };
}

function isHttpError(err: unknown): err is { status: number } {
  if (typeof err !== 'object' || err === null) return false;
  const status = (err as { status?: unknown; type?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
