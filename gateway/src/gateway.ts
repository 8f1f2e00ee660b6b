import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  AUTHORIZATION_TYPE_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  InternalHeaders,
  isSecureRequest,
  routes,
  type ServiceName,
} from '@kinfolio/contracts';
import { type Cache, createLogger, type Logger, RedisCache, signIdentityHeaders } from '@kinfolio/service-kit';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from 'express';
import helmet from 'helmet';
import { authorize, CSRF_MESSAGE, INVALID_TOKEN } from './access';
import { AdvisorDirectory } from './advisor-public';
import { type GatewayConfig, type ResolvedGatewayConfig, resolveGatewayConfig } from './config';
import { devRouter, type OfflineOutbox, type OutboxSource } from './dev';
import { apiDocs } from './docs';
import { ServiceProxy, unavailableMessage } from './proxy';
import { PublicPages } from './public-page';
import { type RouteInfo, RouteTable } from './route-table';
import { type SessionIdentity, SessionResolver, sessionToken } from './session';
import { SessionMirror } from './session-mirror';
import { tenantFromHost, validHost } from './tenant';
import { timeLimitFor } from './time-limits';
import { callReplica, createAgent, PROBE_INTERVAL_MS, PROBE_TIMEOUT_MS, probeReplicas, ReplicaPool } from './upstreams';
import {
  advisorOgTags,
  foreignOrigins,
  remotesManifest,
  type TenantHead,
  type TenantPage,
  type WebOptions,
  webRouter,
} from './web';

export type { GatewayConfig } from './config';
export type { OfflineOutbox } from './dev';
export type { WebOptions } from './web';

export interface GatewayOptions {
  config: GatewayConfig;
  /** Base URLs of each service's replicas (at least one each): round-robin, failover on connect errors. */
  services: Record<ServiceName, string[]>;
  /** The shared cache where svc-auth keeps sessions (`session:<sha256hex(token)>`). */
  cache: Cache;
  logger?: Logger;
  web?: WebOptions;
  /** Overrides where each remote's manifest is (`/remotes.json`), e.g. `{ mf_admin: 'https://cdn.example/mf-manifest.json' }`. */
  remotesJson?: Record<string, string>;
  /** Embedded mode: the offline mail and SMS outboxes, shown at /dev/mailbox. */
  offlineOutbox?: OfflineOutbox;
}

export interface Gateway {
  app: Express;
  server: http.Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * GET routes that change state all the same (the spec keeps their method): signing out revokes the session and
 * `auth/card/{id}/default` makes a card the one charged, so a page of another site must not be able to trigger them
 * with the user's cookie. They need the anti-forgery header too.
 */
const STATE_CHANGING_GETS = new Set(['auth/logout', 'customer/auth/logout', 'auth/card/:id/default']);
/** Stripe signs its webhook; the embedded blob PUT target is authorised by its signed URL (plain PUTs, as to S3). */
const CSRF_EXEMPT = new Set(['webhooks/stripe', 'files/blob/*key']);
const SERVICES: ServiceName[] = ['svc-auth', 'svc-planning', 'svc-billing', 'svc-support'];
const CORRELATION_ID = /^[\w-]{8,64}$/;
export const INVALID_HOST_MESSAGE = 'Invalid Host header';

/** What the gateway knows about one request while handling it. */
interface Ctx {
  correlationId: string;
  tenant?: string;
  service?: ServiceName;
  userId?: string;
  /** API replies: the gateway's headers, written with the reply's own in one writeHead instead of setHeader calls. */
  replyHeaders?: string[];
}
const contexts = new WeakMap<http.IncomingMessage, Ctx>();

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** An error-shape reply on a plain node response (the API path does not go through express). */
function sendJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const ctx = contexts.get(req);
  const payload = JSON.stringify({ ...body, correlationId: ctx?.correlationId });
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(payload)),
    'cache-control',
    'no-store',
  ];
  const own = ctx?.replyHeaders ?? [];
  for (let i = 0; i + 1 < own.length; i += 2)
    if ((own[i] as string).toLowerCase() !== 'cache-control') headers.push(own[i] as string, own[i + 1] as string);
  res.writeHead(status, headers);
  res.end(payload);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function contentSecurityPolicy(cfg: ResolvedGatewayConfig, remotes: Record<string, string>) {
  const foreign = foreignOrigins(remotes);
  const storage = [originOf(cfg.S3_PUBLIC_URL), originOf(cfg.S3_ENDPOINT)].filter((o): o is string => !!o);
  const https = cfg.PUBLIC_URL.startsWith('https:');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', ...foreign],
      // styled-components injects <style> elements at run time
      styleSrc: ["'self'", "'unsafe-inline'", ...foreign],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storage],
      fontSrc: ["'self'", 'data:', ...foreign],
      connectSrc: ["'self'", 'https://api.stripe.com', ...foreign, ...storage],
      // + the help widget's players: office embed viewer (pptx/xlsx/doc), Loom and YouTube walkthrough videos, and
      // blob: for the document viewer's pdf frame (stored files are read as a blob; the files API forbids framing)
      frameSrc: [
        "'self'",
        'blob:',
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://view.officeapps.live.com',
        'https://www.loom.com',
        'https://www.youtube-nocookie.com',
        ...storage,
      ],
      workerSrc: ["'self'", 'blob:'],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** Runs a header-setting middleware (helmet) once against a recording response and returns what it set. */
function staticHeaders(
  mw: (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  mw({ headers: {} } as http.IncomingMessage, recorder as unknown as http.ServerResponse, () => undefined);
  return headers;
}

/**
 * The gateway: the one door of Kinfolio. Verifies the session once per request, checks the route table's access
 * rules (roles, membership, CSRF header), signs the identity into internal headers and proxies `/api/v1/**` to the
 * owning service; proxies socket.io to svc-support; serves the shell, the remotes, `/remotes.json`, the OpenAPI
 * document and its reference page.
 */
export async function createGateway(opts: GatewayOptions): Promise<Gateway> {
  const cfg = resolveGatewayConfig(opts.config);
  const logger = opts.logger ?? createLogger('gateway', cfg.LOG_LEVEL);
  const agent = createAgent();
  const pools = Object.fromEntries(SERVICES.map((s) => [s, new ReplicaPool(s, opts.services[s] ?? [])])) as Record<
    ServiceName,
    ReplicaPool
  >;
  // with Redis, sessions read once are mirrored in-process, kept exact by Redis's invalidation messages
  const mirror =
    opts.cache instanceof RedisCache ? new SessionMirror(opts.cache.client, opts.cache.prefix, logger) : undefined;
  const sessions = new SessionResolver({
    cache: opts.cache,
    mirror,
    authPool: pools['svc-auth'],
    agent,
    secret: cfg.INTERNAL_SECRET,
    ttlSec: cfg.SESSION_CACHE_TTL_SEC,
    connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
    logger,
  });
  const proxy = new ServiceProxy({ agent, connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS, logger });
  // a hung replica (accepts connections, never answers) is found within about two seconds and skipped until it answers
  const prober = probeReplicas(Object.values(pools), agent, {
    intervalMs: PROBE_INTERVAL_MS,
    timeoutMs: PROBE_TIMEOUT_MS,
    connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
    onChange: (r) =>
      logger.warn({ replica: r.url.host, hung: r.hung }, r.hung ? 'replica hung: skipped' : 'replica answers again'),
  });
  const remotes = remotesManifest(cfg, opts.remotesJson);
  const rawBody = express.raw({ type: () => true, limit: cfg.BODY_LIMIT_BYTES });
  const table = new RouteTable(routes);
  // helmet's headers are the same for every response: computed once, set with a loop
  const securityHeaders = staticHeaders(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(cfg, remotes),
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: cfg.PUBLIC_URL.startsWith('https:'),
    }),
  );

  // JSON API replies are never rendered: a short, stricter set (no page CSP, no framing at all). They carry session
  // data (users/me, sign-in): never stored by a browser or a shared cache, unless the service says otherwise.
  const apiHeaders: string[] = [
    ['Cache-Control', 'no-store'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ...securityHeaders.filter(([name]) => name.toLowerCase() === 'strict-transport-security'),
  ].flat();

  /** Every request: correlation id (kept when sane), tenant, security headers, one access log line. */
  const begin = (req: http.IncomingMessage, res: http.ServerResponse): Ctx => {
    const known = contexts.get(req);
    if (known) return known;
    const incoming = header(req, InternalHeaders.correlationId);
    const ctx: Ctx = {
      correlationId: incoming && CORRELATION_ID.test(incoming) ? incoming : randomUUID(),
      tenant: tenantFromHost(header(req, 'host'), cfg.PUBLIC_URL),
    };
    contexts.set(req, ctx);
    const url = req.url ?? '';
    // the API's few fixed headers go out with the reply's own in one writeHead (the hot path: no setHeader calls)
    if (url.startsWith('/api/v1/'))
      ctx.replyHeaders = [InternalHeaders.correlationId, ctx.correlationId, ...apiHeaders];
    else {
      res.setHeader(InternalHeaders.correlationId, ctx.correlationId);
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
    }
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const line = {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
        correlationId: ctx.correlationId,
        upstream: ctx.service,
        userId: ctx.userId,
      };
      if (path === '/healthz' || path === '/readyz') logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    return ctx;
  };

  /**
   * The scheme the browser used: X-Forwarded-Proto only from a proxy the gateway trusts (TRUST_PROXY), else the
   * gateway's own socket (TLS or not). A client's own X-Forwarded-Proto is never believed.
   */
  const scheme = (req: http.IncomingMessage): 'https' | 'http' => {
    const forwarded = cfg.TRUST_PROXY ? header(req, 'x-forwarded-proto') : undefined;
    if (forwarded) return forwarded.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
    return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  };
  /** Whether the session cookie of this request is the https one (`__Host-kf_session`): contracts isSecureRequest. */
  const secureRequest = (req: http.IncomingMessage) => isSecureRequest(cfg.PUBLIC_URL, scheme(req));

  /** Internal headers for a service: incoming x-kf-* are dropped, the verified identity is signed in. */
  const forwardHeaders = (req: http.IncomingMessage, ctx: Ctx, identity: SessionIdentity | undefined) => {
    for (const key of Object.keys(req.headers)) if (key.startsWith('x-kf-')) delete req.headers[key];
    const remote = req.socket.remoteAddress ?? '';
    const prior = header(req, 'x-forwarded-for');
    // the client address services rate-limit by, signed with the identity: behind a trusted proxy the hop it appended
    const client = (cfg.TRUST_PROXY && prior ? prior.split(',').pop()?.trim() : '') || remote;
    Object.assign(
      req.headers,
      signIdentityHeaders(
        cfg.INTERNAL_SECRET,
        identity ? { userId: identity.user_id, type: identity.type, sessionId: identity.session_id } : null,
        ctx.tenant,
        ctx.correlationId,
        { client },
      ),
    );
    req.headers['x-forwarded-for'] = cfg.TRUST_PROXY && prior ? `${prior}, ${remote}` : remote;
    // one scheme, 'https' or 'http': svc-auth sets the session cookie by it (secure + __Host- name: issue 30 item 8)
    req.headers['x-forwarded-proto'] = scheme(req);
    if (!(cfg.TRUST_PROXY && req.headers['x-forwarded-host']))
      req.headers['x-forwarded-host'] = header(req, 'host') ?? '';
    if (identity) ctx.userId = identity.user_id;
  };

  /** Reads the body (up to BODY_LIMIT_BYTES) so it can be replayed on another replica after a connect error. */
  const readBody = (req: http.IncomingMessage, res: http.ServerResponse): Promise<Buffer | undefined> => {
    if (!req.headers['content-length'] && !req.headers['transfer-encoding']) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      rawBody(req as Request, res as Response, (err?: unknown) => {
        if (err) return reject(err);
        const body: unknown = (req as Request).body;
        if (!Buffer.isBuffer(body)) return resolve(undefined);
        req.headers['content-length'] = String(body.length);
        delete req.headers['transfer-encoding'];
        delete req.headers['content-encoding'];
        resolve(body);
      });
    });
  };

  const bodyError = (req: http.IncomingMessage, res: http.ServerResponse, err: unknown) => {
    const status = (err as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        status === 413
          ? `Request body is too large (at most ${Math.round(cfg.BODY_LIMIT_BYTES / 1048576)} MB)`
          : 'Malformed request body';
      sendJson(req, res, status, { message });
      return;
    }
    logger.error({ err }, 'gateway error');
    sendJson(req, res, 500, { message: 'Something went wrong' });
  };

  /** `/api/v1/**`: route table → CSRF → session → access rules → signed identity → the owning service. */
  const api = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const ctx = begin(req, res);
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const route: RouteInfo | undefined = table.match(req.method ?? 'GET', url.slice(8, q < 0 ? undefined : q));
    if (!route) return sendJson(req, res, 404, { message: 'Not found' });
    ctx.service = route.service;
    try {
      if (
        (STATE_CHANGING.has(req.method ?? '') ? !CSRF_EXEMPT.has(route.path) : STATE_CHANGING_GETS.has(route.path)) &&
        header(req, CSRF_HEADER) !== CSRF_VALUE
      ) {
        return sendJson(req, res, 403, { message: CSRF_MESSAGE });
      }
      const body = await readBody(req, res);
      const session = await sessions.resolve(sessionToken(req.headers, secureRequest(req)), ctx.correlationId);
      const decision = authorize(route, session, header(req, AUTHORIZATION_TYPE_HEADER));
      if (!decision.ok) {
        if ('unavailable' in decision) return sendJson(req, res, 503, { message: unavailableMessage('svc-auth') });
        return sendJson(req, res, decision.status, decision.body);
      }
      forwardHeaders(req, ctx, decision.identity);
      proxy.web(req, res, pools[route.service], {
        body,
        correlationId: ctx.correlationId,
        timeoutMs: timeLimitFor(route, cfg),
        replyHeaders: ctx.replyHeaders,
      });
    } catch (err) {
      bodyError(req, res, err);
    }
  };

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', cfg.TRUST_PROXY);
  app.use((req, res, next) => {
    res.locals.correlationId = begin(req, res).correlationId;
    next();
  });
  app.use((req, res, next) => {
    if (req.url.startsWith('/api/v1/')) void api(req, res);
    else next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  app.get('/readyz', async (_req, res) => {
    const services = await Promise.all(
      SERVICES.map(async (name) => {
        const replicas = await Promise.all(
          pools[name].replicas.map(async (r) => {
            try {
              const reply = await callReplica(r.url, agent, {
                method: 'GET',
                path: '/readyz',
                timeoutMs: 2000,
                connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
              });
              return { url: r.url.origin, status: reply.status === 200 ? 'ready' : 'not ready' };
            } catch {
              return { url: r.url.origin, status: 'down' };
            }
          }),
        );
        const status = replicas.some((r) => r.status === 'ready')
          ? 'ready'
          : replicas.some((r) => r.status === 'not ready')
            ? 'not ready'
            : 'down';
        return [name, { status, replicas }] as const;
      }),
    );
    const cacheReady = opts.cache.isReady();
    const ready = cacheReady && services.every(([, s]) => s.status === 'ready');
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      cache: cacheReady ? 'ready' : 'down',
      services: Object.fromEntries(services),
    });
  });

  app.get('/api/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(apiDocs().json);
  });
  app.get('/api/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(apiDocs().html);
  });
  app.all(['/api', '/api/*rest'], (req, res) => {
    sendJson(req, res, 404, { message: 'Not found' });
  });

  let outbox: OutboxSource | undefined;
  if (opts.offlineOutbox) outbox = { kind: 'embedded', outbox: opts.offlineOutbox };
  else if (cfg.OFFLINE_OUTBOX)
    outbox = {
      kind: 'remote',
      authPool: pools['svc-auth'],
      agent,
      secret: cfg.INTERNAL_SECRET,
      connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
    };
  if (outbox) app.use(devRouter(outbox));

  // socket.io long-polling (the websocket upgrade is handled on the server below)
  app.use('/socket.io', async (req, res) => {
    const ctx = begin(req, res);
    ctx.service = 'svc-support';
    try {
      const session = await sessions.resolve(sessionToken(req.headers, secureRequest(req)), ctx.correlationId);
      if (session.kind === 'unavailable') return sendJson(req, res, 503, { message: unavailableMessage('svc-auth') });
      if (session.kind !== 'valid') return sendJson(req, res, 401, { message: INVALID_TOKEN });
      const body = await readBody(req, res);
      forwardHeaders(req, ctx, session.identity);
      req.url = req.originalUrl;
      // a long-poll is held by the server until there is news (socket.io's ping interval, 25 s): the long limit
      proxy.web(req, res, pools['svc-support'], {
        body,
        correlationId: ctx.correlationId,
        stickyKey: session.tokenHash,
        timeoutMs: cfg.SLOW_PROXY_TIMEOUT_MS,
      });
    } catch (err) {
      bodyError(req, res, err);
    }
  });

  if (opts.web) {
    const advisors = new AdvisorDirectory({
      authPool: pools['svc-auth'],
      agent,
      secret: cfg.INTERNAL_SECRET,
      connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
      logger,
    });
    /** The advisor's og tags on their sub-domain; image URLs on `{tenant}.{public host}`, never on the raw Host. */
    const tenantHead: TenantHead = async (req) => {
      const ctx = contexts.get(req);
      if (!ctx?.tenant) return null;
      const advisor = await advisors.get(ctx.tenant, ctx.correlationId);
      if (!advisor) return null;
      const base = new URL(cfg.PUBLIC_URL); // parses: tenantFromHost read it to find the tenant
      return advisorOgTags(advisor, `${base.protocol}//${ctx.tenant}.${base.host}`);
    };
    // the advisor's public page, rendered here (issue 15, docs/decisions/public-page.md)
    const publicPages = new PublicPages({
      authPool: pools['svc-auth'],
      agent,
      secret: cfg.INTERNAL_SECRET,
      connectTimeoutMs: cfg.CONNECT_TIMEOUT_MS,
      logger,
      publicUrl: cfg.PUBLIC_URL,
    });
    const tenantPage: TenantPage = async (req) => {
      const ctx = contexts.get(req);
      return ctx?.tenant ? publicPages.get(ctx.tenant, ctx.correlationId) : null;
    };
    // the configured public address, so the shell's invitation links never carry the address it was opened on
    app.get('/public-url.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json({ public_url: cfg.PUBLIC_URL });
    });
    app.use(webRouter(opts.web, remotes, tenantHead, tenantPage));
  }

  app.use((req, res) => {
    sendJson(req, res, 404, { message: 'Not found' });
  });
  const onError: ErrorRequestHandler = (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    bodyError(req, res, err);
  };
  app.use(onError);

  // The API path skips express's per-request setup: it is the hot path and needs none of it.
  const server = http.createServer((req, res) => {
    // a Host that is not a host name and an optional port names no tenant and is refused (issue 30 item 8)
    const host = header(req, 'host');
    if (host !== undefined && !validHost(host)) {
      begin(req, res);
      return sendJson(req, res, 400, { message: INVALID_HOST_MESSAGE });
    }
    if (req.url?.startsWith('/api/v1/')) void api(req, res);
    else app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const upgraded = new Set<Socket>();

  const publicHost = originOf(cfg.PUBLIC_URL) ? new URL(cfg.PUBLIC_URL).hostname.toLowerCase() : 'localhost';
  /** A websocket opened by a page of another site would ride on the user's cookie: only our own pages may. */
  const originAllowed = (req: http.IncomingMessage): boolean => {
    const origin = header(req, 'origin');
    if (!origin) return true;
    let host: string;
    try {
      host = new URL(origin).hostname.toLowerCase();
    } catch {
      return false;
    }
    const reqHost = (header(req, 'host') ?? '').toLowerCase().replace(/:\d+$/, '');
    return (
      host === reqHost ||
      host === publicHost ||
      host.endsWith(`.${publicHost}`) ||
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '127.0.0.1'
    );
  };
  const refuse = (socket: Socket, status: number, message: string) => {
    const body = JSON.stringify({ message });
    const reason = http.STATUS_CODES[status] ?? 'Error';
    if (socket.writable)
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    socket.destroy();
  };

  server.on('upgrade', async (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    try {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (!path.startsWith('/socket.io/')) return refuse(socket, 404, 'Not found');
      if (!originAllowed(req)) return refuse(socket, 403, 'Origin not allowed');
      const host = header(req, 'host');
      if (host !== undefined && !validHost(host)) return refuse(socket, 400, INVALID_HOST_MESSAGE);
      const incoming = header(req, InternalHeaders.correlationId);
      const ctx: Ctx = {
        correlationId: incoming && CORRELATION_ID.test(incoming) ? incoming : randomUUID(),
        tenant: tenantFromHost(header(req, 'host'), cfg.PUBLIC_URL),
      };
      const session = await sessions.resolve(sessionToken(req.headers, secureRequest(req)), ctx.correlationId);
      if (session.kind === 'unavailable') return refuse(socket, 503, unavailableMessage('svc-auth'));
      if (session.kind !== 'valid') return refuse(socket, 401, INVALID_TOKEN);
      forwardHeaders(req, ctx, session.identity);
      upgraded.add(socket);
      socket.once('close', () => upgraded.delete(socket));
      logger.info({ path, userId: ctx.userId, correlationId: ctx.correlationId }, 'websocket upgrade');
      proxy.upgrade(req, socket, head, pools['svc-support'], session.tokenHash);
    } catch (err) {
      logger.error({ err }, 'websocket upgrade failed');
      refuse(socket, 500, 'Something went wrong');
    }
  });

  return {
    app,
    server,
    listen(port: number, host?: string) {
      return new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          // from now on an 'error' is a connection that could not be accepted (EMFILE): logged, never unhandled
          if (!server.listenerCount('error'))
            server.on('error', (err) => logger.error({ err }, 'the gateway could not accept a connection'));
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    async close() {
      prober.stop();
      mirror?.stop();
      for (const s of upgraded) s.destroy();
      const closed = new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
      });
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 5000);
      force.unref();
      await closed;
      clearTimeout(force);
      agent.destroy();
      await proxy.close();
    },
  };
}
