import type http from 'node:http';
import { connect, type Socket } from 'node:net';
import type { ServiceName } from '@kinfolio/contracts';
import type { Logger } from '@kinfolio/service-kit';
import { createProxyMiddleware, type Plugin, type RequestHandler } from 'http-proxy-middleware';
import { type Dispatcher, Pool } from 'undici';
import { errorCode, isConnectError, type Replica, type ReplicaPool } from './upstreams';

export interface ServiceProxyOptions {
  agent: http.Agent;
  connectTimeoutMs: number;
  logger: Logger;
}

export interface ProxyCall {
  /** The request body, already read (the gateway buffers bodies so it can replay them on another replica). */
  body?: Buffer;
  correlationId: string;
  /** Same key, same replica (socket.io long-polling). */
  stickyKey?: string;
  /** How long the replica may stay silent before the caller gets 504 (the route's time limit). */
  timeoutMs: number;
  /**
   * The gateway's own reply headers as a flat name/value list (no-store, security headers, correlation id), written
   * with the replica's in one `writeHead`; a header the replica sends itself takes the replica's value. Absent when
   * they were already set on `res`.
   */
  replyHeaders?: readonly string[];
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are never forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
const HOP_BY_HOP_SET = new Set(HOP_BY_HOP);
/** Connections kept to one replica at most (requests beyond wait in undici's queue). */
const MAX_CONNECTIONS_PER_REPLICA = 256;

function sendError(res: http.ServerResponse, status: number, message: string, call: ProxyCall): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message, correlationId: call.correlationId });
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(body)),
    'cache-control',
    'no-store',
  ];
  const own = call.replyHeaders ?? [];
  for (let i = 0; i + 1 < own.length; i += 2)
    if ((own[i] as string).toLowerCase() !== 'cache-control') headers.push(own[i] as string, own[i + 1] as string);
  res.writeHead(status, headers);
  res.end(body);
}

export const unavailableMessage = (service: ServiceName) =>
  `Service unavailable: ${service} is not reachable right now. Please try again shortly.`;

export const timedOutMessage = (service: ServiceName) =>
  `Service timed out: ${service} did not answer in time. Please try again.`;

/** The headers sent upstream: the client's (identity already signed in by the gateway) minus hop-by-hop ones. */
function upstreamHeaders(req: http.IncomingMessage): http.IncomingHttpHeaders {
  const headers: http.IncomingHttpHeaders = { ...req.headers };
  for (const h of HOP_BY_HOP) delete headers[h];
  // the gateway has read the whole body already: nothing upstream waits for a 100 Continue (undici refuses it)
  delete headers.expect;
  return headers;
}

/**
 * Forwards a request to one replica of a service with the path unchanged, through undici connection pools, one per
 * replica, driven by undici's callback handler (see docs/decisions/gateway.md: http-proxy-middleware cost a tenth of
 * the gateway's CPU per request, and node:http's client most of what was left of the hop).
 * A replica that refuses or does not accept the connection within CONNECT_TIMEOUT_MS is marked down and the next
 * replica is tried; a replica the health probe found hung is not tried at all; when none is left the caller gets
 * 503 in the error shape at once. A replica that stays silent longer than the route's time limit gives 504.
 * Websocket upgrades (one per socket.io connection, not a hot path) still go through http-proxy-middleware, to the
 * first replica that accepts a connection.
 */
export class ServiceProxy {
  private readonly ws: RequestHandler;
  private readonly wsReplica = new WeakMap<http.IncomingMessage, Replica>();
  private readonly wsPool = new WeakMap<http.IncomingMessage, ReplicaPool>();
  /** undici connection pools by replica origin (the proxied API calls). */
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly o: ServiceProxyOptions) {
    const plugin: Plugin = (server) => {
      server.on('error', (err, req, res) => {
        const replica = this.wsReplica.get(req);
        if (replica && isConnectError(err)) this.wsPool.get(req)?.markDown(replica);
        const socket = res as Socket | undefined;
        if (socket && !('writeHead' in socket)) {
          if (socket.writable)
            socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          socket.destroy();
        }
      });
      server.on('econnreset', () => undefined); // the client went away
      server.on('proxyReqWs', (_proxyReq, _req, socket) => {
        socket.on('error', () => undefined);
      });
      server.on('open', (proxySocket) => {
        proxySocket.on('error', () => undefined);
      });
    };
    this.ws = createProxyMiddleware({
      router: (req) => {
        const replica = this.wsReplica.get(req);
        if (!replica) throw new Error('no replica chosen');
        return replica.url;
      },
      agent: o.agent,
      xfwd: false,
      changeOrigin: false,
      ejectPlugins: true,
      plugins: [plugin],
    });
  }

  /** Proxies `req` (its url unchanged) to `pool`. */
  web(req: http.IncomingMessage, res: http.ServerResponse, pool: ReplicaPool, call: ProxyCall): void {
    const order = pool.order(call.stickyKey);
    if (!order.length) {
      sendError(res, 503, unavailableMessage(pool.service), call);
      return;
    }
    this.attempt(req, res, pool, order, 0, call, upstreamHeaders(req));
  }

  /**
   * Proxies a websocket upgrade to one replica of `pool` (identity headers must already be on `req`). With several
   * replicas, the first that accepts a connection gets it, as an API call fails over: a socket whose sticky replica
   * was killed lands on another at its first reconnect instead of a 503 and a retry (issue 36: a meeting resumes
   * within 3 s). The check is one TCP connect per upgrade, which is one per socket.io connection.
   */
  upgrade(req: http.IncomingMessage, socket: Socket, head: Buffer, pool: ReplicaPool, stickyKey?: string): void {
    const order = pool.order(stickyKey);
    const to = (replica: Replica | undefined) => {
      if (socket.destroyed) return;
      if (!replica) {
        if (socket.writable)
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroy();
        return;
      }
      this.wsReplica.set(req, replica);
      this.wsPool.set(req, pool);
      this.ws.upgrade(req, socket, head);
    };
    if (order.length <= 1) to(order[0]);
    else void this.firstAccepting(order, pool).then(to);
  }

  /** The first replica of `order` that accepts a TCP connection within the connect timeout; the others marked down. */
  private async firstAccepting(order: Replica[], pool: ReplicaPool): Promise<Replica | undefined> {
    for (const replica of order) {
      const accepted = await new Promise<boolean>((resolve) => {
        const probe = connect({ host: replica.url.hostname, port: Number(replica.url.port) || 80 });
        const done = (ok: boolean) => {
          clearTimeout(timer);
          probe.destroy();
          resolve(ok);
        };
        const timer = setTimeout(() => done(false), this.o.connectTimeoutMs);
        probe.once('connect', () => done(true));
        probe.once('error', () => done(false));
      });
      if (accepted) return replica;
      pool.markDown(replica);
    }
    return undefined;
  }

  /** The connection pool of one replica (undici: keep-alive, no pipelining, connect timeout). */
  private upstream(replica: Replica): Pool {
    let pool = this.pools.get(replica.url.origin);
    if (!pool) {
      pool = new Pool(replica.url.origin, {
        connections: MAX_CONNECTIONS_PER_REPLICA,
        pipelining: 1,
        connect: { timeout: this.o.connectTimeoutMs },
        // per request instead (the route's time limit), see attempt()
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      this.pools.set(replica.url.origin, pool);
    }
    return pool;
  }

  /** Closes the upstream connection pools (the gateway is shutting down). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }

  private attempt(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pool: ReplicaPool,
    order: Replica[],
    index: number,
    call: ProxyCall,
    headers: http.IncomingHttpHeaders,
  ): void {
    const replica = order[index] as Replica;
    let abort: ((err?: Error) => void) | undefined;
    let replied = false;
    let finished = false;
    // the client went away: stop waiting for the replica
    const abandon = () => {
      if (!finished) abort?.(Object.assign(new Error('the client went away'), { code: 'ECLIENT_GONE' }));
    };
    res.once('close', abandon);

    const failed = (err: Error) => {
      finished = true;
      res.off('close', abandon);
      if (replied) {
        // the reply was cut off half-way: the client sees a cut connection too, never a made-up status
        res.destroy();
        return;
      }
      if (res.destroyed) return;
      const code = upstreamErrorCode(err);
      const neverReached = isConnectError({ code });
      if (neverReached) pool.markDown(replica);
      // a kept-alive connection the replica closed under the request: safe to repeat for reads only
      const retry =
        index + 1 < order.length && (neverReached || (code === 'ECONNRESET' && IDEMPOTENT.has(req.method ?? '')));
      this.o.logger.warn({ upstream: pool.service, replica: replica.url.host, code, retry }, 'upstream error');
      if (retry) this.attempt(req, res, pool, order, index + 1, call, headers);
      else if (code === 'EUPSTREAM_TIMEOUT') sendError(res, 504, timedOutMessage(pool.service), call);
      else sendError(res, 503, unavailableMessage(pool.service), call);
    };

    // undici's callback handler (the form its client runs natively): the reply's raw headers are copied to the
    // client as they are, its body streamed with backpressure both ways
    const handler: Dispatcher.DispatchHandler = {
      onConnect: (abortRequest) => {
        abort = abortRequest;
        if (res.destroyed) abortRequest();
      },
      onHeaders: (statusCode, rawHeaders, resume) => {
        if (statusCode < 200) return true; // 1xx: informational, the final reply follows
        replied = true;
        pool.markUp(replica);
        if (res.destroyed) {
          abort?.();
          return false;
        }
        // headers and a body that arrives with them leave in one write; a longer body is flushed once a tick
        res.cork();
        res.writeHead(statusCode, replyHeaders(rawHeaders, call.replyHeaders));
        res.on('drain', resume);
        process.nextTick(uncork, res);
        return true;
      },
      onData: (chunk) => {
        if (res.writableCorked === 0) {
          res.cork();
          process.nextTick(uncork, res);
        }
        return res.write(chunk);
      },
      onComplete: () => {
        finished = true;
        res.off('close', abandon);
        res.end();
      },
      onError: failed,
    };
    this.upstream(replica).dispatch(
      {
        origin: replica.url.origin,
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        path: req.url ?? '/',
        headers,
        body: call.body?.length ? call.body : null,
        headersTimeout: call.timeoutMs,
        bodyTimeout: call.timeoutMs,
      },
      handler,
    );
  }
}

/** undici's error codes in the gateway's terms: a connection never made, a silent replica, a cut connection. */
function upstreamErrorCode(err: Error): string {
  const code = errorCode(err);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'ECONNECT_TIMEOUT';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'EUPSTREAM_TIMEOUT';
  if (code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'ECONNRESET';
  return code;
}

const uncork = (res: http.ServerResponse) => {
  if (res.writableCorked > 0) res.uncork();
};

/**
 * The client's reply headers as one flat name/value list for `writeHead`: the replica's, minus hop-by-hop ones, each
 * repeated one (Set-Cookie) kept; then the gateway's own that the replica did not send. Headers already set on the
 * reply with setHeader (the socket.io path) are merged by node, the replica's value taking precedence.
 */
function replyHeaders(raw: Buffer[], own: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as Buffer).toString('latin1');
    if (HOP_BY_HOP_SET.has(name.toLowerCase())) continue;
    out.push(name, (raw[i + 1] as Buffer).toString('latin1'));
  }
  if (own) {
    const sent = out.length;
    for (let j = 0; j + 1 < own.length; j += 2) {
      const name = (own[j] as string).toLowerCase();
      let dup = false;
      for (let i = 0; i < sent && !dup; i += 2) dup = (out[i] as string).toLowerCase() === name;
      if (!dup) out.push(own[j] as string, own[j + 1] as string);
    }
  }
  return out;
}
