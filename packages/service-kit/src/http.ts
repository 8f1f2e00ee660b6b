import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import { InternalHeaders, type UserType } from '@kinfolio/contracts';
import { currentContext, type Identity, runWithContext } from './context';
import { AppError, errorHandler, forbidden, fromZodError, notFoundHandler, unauthorized } from './errors';
import { verifyIdentityHeaders } from './identity';
import type { Logger } from './logger';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  internalSecret: string;
  /** Readiness checks (db, bus); /readyz answers 503 until every one resolves true. */
  readiness?: Array<() => Promise<boolean>>;
  jsonLimit?: string;
}

/**
 * An express app with the house conventions: correlation id and verified identity in the async context,
 * JSON body parsing with a size limit, access logs, /healthz and /readyz. Mount routes with `routes(app)`, then
 * call `finish(app)` to add the 404 and error handlers.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: opts.name });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all((opts.readiness ?? []).map((check) => check().catch(() => false)));
    const ready = results.every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service: opts.name });
  });
  app.use(contextMiddleware(opts.internalSecret));
  app.use(accessLog(opts.logger));
  app.use(express.json({ limit: opts.jsonLimit ?? '1mb' }));
  return app;
}

export function finish(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

function contextMiddleware(secret: string): RequestHandler {
  return (req, _res, next) => {
    const verified = verifyIdentityHeaders(secret, req.headers);
    const incoming = req.headers[InternalHeaders.correlationId];
    const correlationId = (typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) && incoming) || randomUUID();
    runWithContext(
      {
        correlationId,
        identity: verified.valid ? (verified.identity ?? undefined) : undefined,
        tenant: verified.tenant,
        trusted: verified.valid,
      },
      () => next(),
    );
  };
}

function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}

/** The verified caller, or 401 'Invalid token'. */
export function identity(): Identity {
  const id = currentContext()?.identity;
  if (!id) throw unauthorized();
  return id;
}

export function tenant(): string | undefined {
  return currentContext()?.tenant;
}

/** Middleware: only these user types may call (the gateway checks too; services never rely on it alone). */
export function allow(...types: UserType[]): RequestHandler {
  return (_req, _res, next) => {
    const id = identity();
    if (types.length && !types.includes(id.type)) throw forbidden();
    next();
  };
}

/** Parses a value with a contract schema; failures become a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Route params that must be uuids: a malformed one is a 404, never a database error. */
export function uuidParam(req: Request, name = 'id'): string {
  const value = req.params[name];
  if (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new AppError(404, 'Not found');
  }
  return value.toLowerCase();
}

/** Middleware for /internal/* routes: only calls signed with the internal secret (the gateway, other services). */
export const internalOnly: RequestHandler = (_req, _res, next) => {
  if (!currentContext()?.trusted) throw forbidden('Internal endpoint');
  next();
};

/** The client IP as the gateway saw it (for per-address rate limits). */
export function clientIp(req: Request): string {
  const fwd = req.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return first || req.ip || 'unknown';
}
