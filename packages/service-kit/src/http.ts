import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import { ErrorBody, InternalHeaders, JSON_MAX_DEPTH, routes, type UserType } from '@kinfolio/contracts';
import { bodyRoutes, refuseUnknownKeys, requireJsonContentType } from './body-rules';
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
  /** Check every JSON success reply of a listed route against its contract (tests): see `contractCheck`. */
  contractCheck?: ContractCheck;
  /**
   * The route table's body rules for this service's JSON body routes (415 for a non-JSON body, 400 for an unknown key:
   * body-rules.ts). On unless false: only a stand-in that echoes any body (the gateway's tests) turns them off.
   */
  bodyRules?: boolean;
}

/**
 * An express app with the house conventions: correlation id and verified identity in the async context,
 * JSON body parsing with a size limit, access logs, /healthz and /readyz. Mount routes with `routes(app)`, then
 * call `finish(app)` to add the 404 and error handlers.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // no proxy is trusted: the client address comes only from the gateway's signed identity (clientIp below)
  app.set('trust proxy', false);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: opts.name });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all((opts.readiness ?? []).map((check) => check().catch(() => false)));
    const ready = results.every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service: opts.name });
  });
  // replies carry personal and session data: never stored by a browser or a shared cache unless a route says so
  // (res.set('Cache-Control', …) in a handler replaces this default)
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(contextMiddleware(opts.internalSecret));
  if (opts.contractCheck && opts.contractCheck !== 'off') app.use(contractCheck(opts.contractCheck, opts.logger));
  app.use(accessLog(opts.logger));
  // the table's JSON body routes of this service: JSON only (415), and no key their body schema does not know (400)
  const table = opts.bodyRules === false ? null : bodyRoutes(opts.name);
  if (table) app.use(requireJsonContentType(table));
  app.use(express.json({ limit: opts.jsonLimit ?? '1mb', verify: refuseDeepJson }));
  app.use(refusePrototypeKeys);
  if (table) app.use(refuseUnknownKeys(table));
  return app;
}

/**
 * 'strict': a success reply that its route's `reply` schema (packages/contracts routes.ts) refuses, or an error reply of
 * an API path that is not the one ErrorBody, becomes a 500 naming the route and the fields, so a test through the HTTP
 * API fails where the service and its contract part; 'log': the
 * reply goes out and the mismatch is logged (and appended to CONTRACT_CHECK_LOG when set). Tests run strict.
 */
export type ContractCheck = 'off' | 'log' | 'strict';
let replySchemas: Map<string, z.ZodType> | null = null;
function replySchemaOf(method: string, path: string): z.ZodType | undefined {
  replySchemas ??= new Map(routes.filter((r) => r.reply).map((r) => [`${r.method} /api/v1/${r.path}`, r.reply as z.ZodType]));
  return replySchemas.get(`${method} ${path}`);
}
function contractCheck(mode: Exclude<ContractCheck, 'off'>, logger: Logger): RequestHandler {
  return (req, res, next) => {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const route = req.route as { path?: unknown } | undefined;
      const path = typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : req.path;
      // a success by its route's reply schema; an error of any API path by the one error body (spec §8 reads it)
      const schema =
        res.statusCode >= 400
          ? path.startsWith('/api/v1/')
            ? ErrorBody
            : undefined
          : res.statusCode < 300 && typeof route?.path === 'string'
            ? replySchemaOf(req.method, path)
            : undefined;
      const checked = schema?.safeParse(body);
      if (!checked || checked.success) return send(body);
      const where = `${req.method} ${path}`;
      const issues = checked.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      logger.error({ route: where, issues }, 'reply does not match its contract');
      if (process.env.CONTRACT_CHECK_LOG) appendFileSync(process.env.CONTRACT_CHECK_LOG, `${JSON.stringify({ route: where, issues })}\n`);
      if (mode === 'log') return send(body);
      res.status(500);
      return send({ message: `Reply of ${where} does not match its contract`, errors: issues.map((i) => ({ reply: [i] })) });
    };
    next();
  };
}

export function finish(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

const tooDeep = () =>
  new AppError(400, `body: Nested more than ${JSON_MAX_DEPTH} levels deep`, {
    errors: [{ body: [`Nested more than ${JSON_MAX_DEPTH} levels deep`] }],
  });

/**
 * body-parser's verify hook: runs on the raw bytes before JSON.parse, so a body nested thousands of levels deep is a
 * 400 before anything parses, validates, stores or serialises it (recursion there overflows the stack: issue 10
 * item 3). Counts [ and { outside strings; multi-byte UTF-8 never contains these bytes.
 */
function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer, encoding: string): void {
  const text = /^utf-?8$/i.test(encoding) ? null : decode(buf, encoding);
  const at = text === null ? (i: number) => buf[i] as number : (i: number) => text.charCodeAt(i);
  const length = text === null ? buf.length : text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > JSON_MAX_DEPTH) throw tooDeep();
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

function decode(buf: Buffer, encoding: string): string {
  try {
    return new TextDecoder(encoding).decode(buf);
  } catch {
    throw new AppError(415, `Unsupported charset ${encoding}`);
  }
}

/** A `__proto__` key anywhere in a JSON body is refused (400 naming it), never handed on to code that merges objects. */
const refusePrototypeKeys: RequestHandler = (req, _res, next) => {
  const stack: Array<{ v: unknown; path: string }> = [{ v: req.body, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (v === null || typeof v !== 'object') continue;
    for (const [k, item] of Object.entries(v)) {
      const field = path ? `${path}.${k}` : k;
      if (k === '__proto__')
        throw new AppError(400, `${field}: This key is not allowed`, {
          errors: [{ [field]: ['This key is not allowed'] }],
        });
      stack.push({ v: item, path: field });
    }
  }
  next();
};

function contextMiddleware(secret: string): RequestHandler {
  return (req, _res, next) => {
    const verified = verifyIdentityHeaders(secret, req.headers);
    if (verified.valid && verified.client) signedClients.set(req, verified.client);
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
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
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

const signedClients = new WeakMap<object, string>();

/**
 * The client IP as the gateway saw it (for per-address rate limits), taken only from the gateway's signed identity:
 * never from X-Forwarded-For, which any caller reaching a service directly can forge (issue 10 item 6). A request
 * without a signed address is 'unknown' (one shared bucket).
 */
export function clientIp(req: Request): string {
  return signedClients.get(req) ?? 'unknown';
}
